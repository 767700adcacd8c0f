"""Palace Poker table options and settings (issue 16, points 1 and 3), one test per
choice, named after the clause. Expected values come from palace-poker.txt (the
document's own presets, its stakes and its example) or are worked by hand.
"""

from __future__ import annotations

import pytest

from rules.cards import Card
from rules.errors import NotationError
from rules.options import RuleConflictError
from rules.palace_poker import PRESETS, Holding, evaluate_side
from rules.palace_poker.config import PokerRules
from rules.poker import Category

from palace_poker_support import table

H = Holding.parse
PALACE2 = {"A": "2c 3c 4c", "B": "5d 6d 7d"}


def test_the_defaults_are_the_limit_preset():
    assert PokerRules().option_tokens() == {
        "stakes": "5/10", "betting": "limit", "ante": "half-small-bet", "pot-sharing": "split",
        "open-market": "off", "kings-in-the-house": "off", "scoring": "money", "points-target": "100",
        "raise-cap": "none", "kings-in-the-house-scope": "everywhere", "short-stack": "all-in",
        "four-of-a-kind-kicker": "must-count", "small-raise": "first-raise", "tied-last-battle": "split"}


@pytest.mark.parametrize("name, token, preset", [
    ("betting", "limit", "limit"), ("betting", "no-limit", "no-limit"),
    ("pot-sharing", "split", "limit"), ("pot-sharing", "showdown", "no-pot-sharing"),
    ("open-market", "off", "limit"), ("open-market", "on", "open-market"),
    ("kings-in-the-house", "off", "limit"), ("kings-in-the-house", "on", "kings-in-the-house"),
])
def test_the_documents_variations_are_options_giving_its_presets(name, token, preset):
    assert PokerRules().with_options({name: token}) == PRESETS[preset]


def test_variations_combine_where_they_do_not_conflict():
    # § Open Market Rule and § Kings in the House Rule touch different things: both hold
    rules = PRESETS["open-market"].with_options({"kings-in-the-house": "on", "betting": "no-limit",
                                                 "pot-sharing": "showdown"})
    assert rules.open_market and rules.kings_in_the_house and rules.no_limit and not rules.pot_sharing


@pytest.mark.parametrize("chosen, named", [
    ({"betting": "no-limit"}, "scoring=points and betting=no-limit"),
    ({"pot-sharing": "split"}, "scoring=points and pot-sharing=split"),
    ({"ante": "3"}, "scoring=points and ante=3"),
])
def test_palace_poker_without_money_refuses_money_settings_with_the_reason(chosen, named):
    with pytest.raises(RuleConflictError) as err:
        PRESETS["points"].with_options(chosen)
    assert named in str(err.value) and "Palace Poker without money" in str(err.value)


# -- § The Deal: stakes and the ante ----------------------------------------------------
@pytest.mark.parametrize("stakes, ante", [("5/10", 2), ("2/4", 1), ("20/40", 10)])
def test_the_deal_ante_is_half_a_small_bet_rounded_down(stakes, ante):
    rules = PokerRules().with_options({"stakes": stakes})
    assert rules.ante_amount == ante


def test_the_deal_a_table_ante_replaces_the_usual_one():
    state = table(palace=PALACE2, options={"ante": "4"})
    assert state.pot == 8  # two players ante 4 each


@pytest.mark.parametrize("bad", ["10/5", "0/5", "five/10", "5-10"])
def test_the_deal_bad_stakes_are_named(bad):
    with pytest.raises(NotationError) as err:
        PokerRules().with_options({"stakes": bad})
    assert repr(bad) in str(err.value) and "SMALL/BIG" in str(err.value)


# -- § Raise: the cap (ruling palace-poker-raise-cap) -------------------------------------
def test_raise_no_cap_a_third_raise_is_allowed():
    state = table(palace=PALACE2).apply_text("bet B")[0].apply_text("raise")[0]
    assert state.is_legal(state.parse_action("A: raise"))


def test_raise_cap_one_refuses_the_second_raise():
    state = table(palace=PALACE2, options={"raise-cap": "1"}).apply_text("bet B")[0].apply_text("raise")[0]
    verdict = state.explain(state.parse_action("A: raise"))
    assert not verdict.legal and "1 raise" in verdict.reason


# -- § Call: short stacks (ruling palace-poker-short-stacks) -------------------------------
def _short(**setup):
    state = table(palace=PALACE2, stacks=[100, 16], **setup)  # B has 14 left after the ante
    state = state.apply_text("bet B")[0].apply_text("raise")[0].apply_text("A: raise")[0]
    assert state.call_amount == 10 and state.player("B").stack == 4
    return state


def test_call_all_in_a_short_stack_calls_with_what_is_left():
    state = _short()
    assert state.explain(state.parse_action("call")).legal


def test_call_pay_in_full_a_short_stack_must_fold():
    state = _short(options={"short-stack": "pay-in-full"})
    verdict = state.explain(state.parse_action("call"))
    assert not verdict.legal and "paid in full" in verdict.reason
    assert verdict.ruling.key == "palace-poker-short-stacks"
    assert state.is_legal(state.parse_action("fold"))
    assert all(str(a) != "call" and not str(a).endswith(": call") for a in state.legal_actions())


# -- § Kings in the House Rule: scope (ruling palace-poker-kings-in-the-house-scope) -------
KINGS = PRESETS["kings-in-the-house"]


def test_kings_in_the_house_everywhere_counts_at_a_showdown():
    # hearts banner, Kh in the palace and 2 3 4 5 around it: a wheel (§ Kings in the House Rule)
    side = evaluate_side(H("5h | Kh 2c 3d | 4s"), against=None, rules=KINGS)
    assert side.category is Category.STRAIGHT


def test_kings_in_the_house_battles_only_is_an_ordinary_card_at_a_showdown():
    rules = KINGS.with_options({"kings-in-the-house-scope": "battles"})
    h = H("5h | Kh 2c 3d | 4h")  # against spades every card counts
    assert evaluate_side(h, against=None, rules=rules).category is Category.HIGH_CARD
    assert evaluate_side(h, against=Card.parse("2s").suit, rules=rules).category is Category.STRAIGHT


# -- § Banner Suits, four-of-a-kind exception: the kicker (ruling palace-poker-four-of-a-kind-kicker) --
QUAD = "Jd | Js Jh Kc | Jc 2d"  # four jacks, the Jc and the Kc of the opponent's suit (clubs)
CLUBS = Card.parse("2c").suit


def _indices(holding):
    return [c.index for c in holding.cards], [c.index for c in holding.palace]


def test_banner_suits_four_of_a_kind_kicker_must_count_the_kc_stays_out():
    side = evaluate_side(H(QUAD), against=CLUBS)
    assert side.category is Category.FOUR_OF_A_KIND
    assert Card.parse("2d") in side.best and Card.parse("Kc") not in side.best


def test_banner_suits_four_of_a_kind_kicker_rescued_too_the_kc_is_the_kicker():
    rules = PokerRules().with_options({"four-of-a-kind-kicker": "rescued-too"})
    side = evaluate_side(H(QUAD), against=CLUBS, rules=rules)
    assert side.category is Category.FOUR_OF_A_KIND
    assert Card.parse("Kc") in side.best and Card.parse("2d") not in side.best
    assert side.value > evaluate_side(H(QUAD), against=CLUBS).value
    cards, palace = _indices(H(QUAD))
    from rules.palace_poker.hands import fast_value
    assert fast_value(cards, palace, H(QUAD).suit.index, CLUBS.index, rules) == side.value


# -- § Raise: the small raise without soldiers (ruling palace-poker-later-raises) --------------
def _raised(**setup):
    # nobody has soldiers: B's first raise is one small bet (5); then A re-raises
    return table(palace=PALACE2, **setup).apply_text("bet B")[0].apply_text("raise")[0]


def test_raise_small_raise_first_raise_a_later_raise_is_a_big_bet():
    state = _raised()
    assert state.explain(state.parse_action("A: raise 10")).legal
    verdict = state.explain(state.parse_action("A: raise 5"))
    assert not verdict.legal and verdict.ruling.key == "palace-poker-later-raises"


def test_raise_small_raise_every_raise_a_player_without_soldiers_raises_a_small_bet():
    state = _raised(options={"small-raise": "every-raise"})
    assert state.explain(state.parse_action("A: raise 5")).legal
    assert not state.explain(state.parse_action("A: raise 10")).legal


# -- § No Pot Sharing Rule: a tied last battle (ruling palace-poker-no-pot-sharing-scope) ------
# A: Kh | Qd 5c 5s and B: Qs | Kc 5d 9h. In their battle A's 5s (spades, B's banner) and B's 9h
# (hearts, A's banner) do not count: K Q 5 each, one own-suit card each, a complete tie (§ Ties).
# At a showdown every card counts: A's pair of fives beats B's king high.
TIE = {"A": "Qd 5c 5s", "B": "Kc 5d 9h"}


def _tied(**setup):
    state = table("no-pot-sharing", palace=TIE, **setup)
    state = state.apply_text("bet B")[0].apply_text("B: call")[0]
    return state.result


def test_no_pot_sharing_tied_last_battle_split_the_two_split_the_pot():
    result = _tied()
    assert result.how == "battle split" and set(result.winner_names) == {"A", "B"}


def test_no_pot_sharing_tied_last_battle_showdown_the_pair_of_fives_wins():
    result = _tied(options={"tied-last-battle": "showdown"})
    assert result.how == "tie showdown" and result.winner_names == ("A",)


def test_no_pot_sharing_tied_last_battle_showdown_needs_the_no_pot_sharing_rule():
    with pytest.raises(RuleConflictError) as err:
        PokerRules().with_options({"tied-last-battle": "showdown"})
    assert "tied-last-battle=showdown and pot-sharing=split" in str(err.value)
