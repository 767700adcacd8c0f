"""The small frozen values: holdings, rule configs, verdict text (house style:
canonical ``str``, round-tripping ``repr``, a parser, clear refusals)."""

from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, Card
from rules.errors import NotationError
from rules.palace_poker import PRESETS, Holding, PokerRules, evaluate_side, resolve_showdown
from rules.palace_poker.checker import check_battle, check_showdown

holdings = st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=9, unique=True).map(
    lambda cs: Holding(cs[0], tuple(cs[1:4]), tuple(cs[4:])))


@settings(max_examples=200)
@given(holdings)
def test_holding_text_and_repr_round_trip(holding):
    assert Holding.parse(str(holding)) == holding
    assert eval(repr(holding)) == holding  # noqa: S307
    assert holding.face_up == 1 + len(holding.soldiers)


@settings(max_examples=500)
@given(st.text(max_size=40))
def test_fuzzed_holding_text_raises_only_notation_error(text):
    try:
        Holding.parse(text)
    except NotationError as err:
        assert "\n" not in str(err)


def test_holding_refuses_jokers_and_non_text():
    with pytest.raises(NotationError, match="no jokers"):
        Holding.parse("Jk | 2c 3c 4c |")
    with pytest.raises(NotationError):
        Holding.parse(None)


def test_presets_are_frozen_and_document_their_variation():
    assert PRESETS["limit"] == PokerRules()
    with pytest.raises(FrozenInstanceError):
        PRESETS["limit"].small_bet = 1
    assert PRESETS["points"].points and not PRESETS["points"].shares_pot
    assert PRESETS["no-pot-sharing"].shares_pot is False and PRESETS["limit"].shares_pot
    assert PRESETS["limit"].stakes == "5/10"
    assert (PRESETS["points"].buy_cost, PRESETS["points"].market_cost) == (0, 0)
    assert (PRESETS["open-market"].buy_cost, PRESETS["open-market"].market_cost) == (5, 10)


@pytest.mark.parametrize("fields", [dict(small_bet=-1), dict(small_bet=10, big_bet=5), dict(ante=-1),
                                    dict(raise_cap=-2), dict(target=0)])
def test_impossible_rule_configs_are_refused(fields):
    with pytest.raises(ValueError):
        PokerRules(**fields)
    with pytest.raises(NotationError):
        PokerRules().with_overrides(fields)


def test_side_hand_describes_wild_cards_and_keys_on_value_then_own_suit():
    side = evaluate_side(Holding.parse("5h | Kh 2c 3c | 4c"), against=None, rules=PRESETS["kings-in-the-house"])
    assert "K♥ plays as an ace" in side.describe()
    assert side.key == (side.value, side.own_suit_count)
    assert all(m.counts for m in side.marks)


def test_showdown_describe_names_the_winner_and_the_rule():
    verdict = check_showdown(["Elena: Jh | Kh Kc 9d 8h", "Aaron: 5s | Kd Ks Jc 9h 8s"])
    text = verdict.describe()
    assert "Elena" in text and "§ Winning the Pot" in text and "palace-poker-own-suit-count" in text
    alone = resolve_showdown([("Solo", Holding.parse("Kh | 2c 3c 4c |"))])
    assert alone.winners == ("Solo",) and alone.decided_by == "alone"


def test_showdown_three_field_form_allows_kings_in_the_house():
    verdict = check_showdown(["A: 5h | Kh 2c 3c | 4c", "B: Qs | Qd 9s 8s |"], variant="kings-in-the-house")
    assert verdict.winners == ("A",) and verdict.hand("A").category.words == "straight"


def test_checker_refuses_a_banner_field_with_two_cards_in_the_short_form():
    with pytest.raises(NotationError, match="exactly one card"):
        check_showdown(["A: 5h 6h | Kh 2c 3c", "B: Qs | Qd 9s 8s"])
    with pytest.raises(NotationError, match="field"):
        check_showdown(["A: 5h | Kh | 2c | 3c", "B: Qs | Qd 9s 8s"])
    with pytest.raises(NotationError, match="at least two"):
        check_showdown("A: 5h | Kh 2c 3c")


def test_battle_verdict_describe_mentions_the_ruling_it_used():
    verdict = check_battle("Kh | Ks Ah Qd | 9d 4d", "Kc | Kd As Qc | 9c 3c")
    assert "palace-poker-own-suit-count" in verdict.describe()
    assert verdict.winner.name == "the defender" and verdict.loser.name == "the attacker"
    assert Card.parse("Kc") in verdict.defender.best
