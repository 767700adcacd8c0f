"""King's Pot table options and settings (issue 16, points 1 and 3), one test per
choice, named after the clause. Expected values come from the source
(kings-pot.txt) and from the hand-worked tableaus in kp_decks.
"""

from __future__ import annotations

import pytest

from kp_decks import T1, T1_KING_TWO_PAIR, T1_KING_WHEEL_FLUSH
from rules.errors import NotationError
from rules.kings_pot import FAMILY, PRESETS, HandName, KingsPotRules
from rules.options import RuleConflictError

QUIET = ("check", "check", "check")
FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def to_showdown(state, run, *round1):
    s, _ = run(state, "reveal 1", *round1, "reveal 2", *QUIET, "reveal 3", *QUIET)
    return run(s, "showdown")


def stacks(state):
    return {name: seat.stack for name, seat in zip(state.players, state.seats)}


def test_the_defaults_are_the_standard_preset():
    assert KingsPotRules().option_tokens() == {
        "ante": "1", "ante-pays-for": "each-card", "max-buy": "even-share", "min-bet": "1", "max-bet": "5",
        "raise-cap": "3", "kings-pot-win": "beats-every-hand"}


# -- § Winning the King's pot: "the winning hand" ------------------------------------------
def test_winning_the_kings_pot_beats_every_hand_the_best_backed_kings_hand_alone_does_not_win_it(deal, run):
    # T1: Cleo backs the King's two pair, the best backed hand; the Ace's full house (unbacked)
    # beats it. Under our reading the King's pot (10 + 4 antes) carries.
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s", kings_pot=10), "buy 2", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, "bet 2", "call", "call")
    assert s.outcome.winning_hands == (HandName.KING,) and not s.outcome.kings_pot_won
    assert s.kings_pot == 14 and stacks(s)["Cleo"] == 100 - 1 - 2 + 8


def test_winning_the_kings_pot_best_backed_hand_its_backer_takes_both_pots(deal, run):
    # The same deal read the other way: the King's hand is "the winning hand" of the
    # showdown, so Cleo, who holds it, takes the betting pot (8) and the King's pot (14).
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s", kings_pot=10,
                    options={"kings-pot-win": "best-backed-hand"}), "buy 2", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, "bet 2", "call", "call")
    assert s.outcome.kings_pot_won and [s.players[w] for w in s.outcome.winners] == ["Cleo"]
    assert s.kings_pot == 0 and stacks(s)["Cleo"] == 100 - 1 - 2 + 8 + 14


def test_winning_the_kings_pot_best_backed_hand_unbacked_kings_hand_wins_nothing(deal, run):
    # The King's straight flush beats all of T1 but nobody backs it: under the other reading
    # the winning hand is Ben's Six's (pair of twos), not the King's, so the King's pot carries.
    s, _ = run(deal(T1, T1_KING_WHEEL_FLUSH, "6d 2s Td", kings_pot=10,
                    options={"kings-pot-win": "best-backed-hand"}), "buy 1", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, *QUIET)
    assert s.outcome.winning_hands == (HandName.SIX,) and not s.outcome.kings_pot_won
    assert s.kings_pot == 13


# -- § Antes -------------------------------------------------------------------------------
def test_antes_each_card_is_the_standard_preset_each_player_is_flat_ante():
    assert KingsPotRules().with_options({"ante-pays-for": "each-card"}) == PRESETS["standard"]
    assert KingsPotRules().with_options({"ante-pays-for": "each-player"}) == PRESETS["flat-ante"]


@pytest.mark.parametrize("ante, paid", [("1", 3), ("4", 12)])
def test_antes_the_ante_is_a_cards_price(deal, run, ante, paid):
    # standard: one ante per card bought; three players buy one card each
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2s Td", options={"ante": ante}), "buy 1", "buy 1", "buy 1")
    assert s.kings_pot == paid


# -- § Buying cards: the maximum buy -------------------------------------------------------
def test_buying_cards_even_share_gives_the_sources_table():
    # the source's table: 3 players 7, 4: 5, 6-7: 3, 8-10: 2, 12-22: 1
    rules = KingsPotRules()
    assert [rules.max_buy(n) for n in (3, 4, 6, 7, 8, 12, 22)] == [7, 5, 3, 3, 2, 1, 1]


def test_buying_cards_a_table_limit_caps_every_table_size():
    rules = KingsPotRules().with_options({"max-buy": "2"})
    assert [rules.max_buy(n) for n in (3, 4, 11)] == [2, 2, 2]
    state = FAMILY.start("standard", {"players": FOUR, "seed": 3, "options": {"max-buy": "2"}})
    assert not state.is_legal(state.parse_action("buy 3")) and state.is_legal(state.parse_action("buy 2"))


def test_buying_cards_a_limit_the_spare_cards_cannot_cover_is_refused():
    with pytest.raises(RuleConflictError) as err:
        FAMILY.start("standard", {"players": [f"P{i}" for i in range(12)], "seed": 1, "options": {"max-buy": "2"}})
    assert "max-buy=2" in str(err.value) and "12 players" in str(err.value) and "22" in str(err.value)


# -- § First reveal and betting: bet sizes and raises ---------------------------------------
def test_betting_min_and_max_bet_bound_the_bets():
    state = FAMILY.start("standard", {"players": FOUR, "seed": 2, "options": {"min-bet": "2", "max-bet": "3"}})
    assert (state.rules.min_bet, state.rules.max_bet) == (2, 3)
    assert (state.table.min_bet, state.table.max_bet) == (2, 3)


@pytest.mark.parametrize("chosen, named", [({"min-bet": "6"}, "min-bet=6 and max-bet=5"),
                                           ({"max-bet": "101"}, "max-bet=101")])
def test_betting_bet_sizes_that_cannot_hold_are_refused_naming_them(chosen, named):
    with pytest.raises(RuleConflictError) as err:
        KingsPotRules().with_options(chosen)
    assert named in str(err.value)


def test_betting_raise_cap_is_a_table_setting():
    assert KingsPotRules().with_options({"raise-cap": "0"}).raise_cap == 0
    with pytest.raises(NotationError, match="raise-cap"):
        KingsPotRules().with_options({"raise-cap": "many"})


def test_next_deal_keeps_the_tables_options(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s", options={"kings-pot-win": "best-backed-hand",
                                                                   "max-buy": "3"}),
               "buy 2", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, *QUIET)
    nxt = FAMILY.start("standard", s.next_setup(seed=5))
    assert nxt.rules.kings_pot_win == "best-backed-hand" and nxt.rules.buy_limit == 3


def test_a_position_under_other_rules_takes_their_amounts():
    state = FAMILY.start("standard", {"players": FOUR, "seed": 2})
    other = state.under(state.rules.with_options({"ante": "3", "max-bet": "9"}))
    assert (other.table.ante, other.table.max_bet) == (3, 9) and other.rules.ante == 3
    assert other.buy_cost(2) == 6  # § Antes: the ante is a card's price (ruling kings-pot-ante-buys-cards)
