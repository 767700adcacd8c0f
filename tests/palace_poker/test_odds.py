"""Exact battle odds (issue 3) against an independent brute force.

The brute force tries every set of palace cards the opponent might hold (every
three of the cards the seat cannot see) and settles each battle with
``resolve_battle``, the engine's own referee, one combination at a time; the
odds module groups the combinations and counts them with binomials instead.
"""

from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from rules.cards import parse_cards
from rules.palace_poker import Holding, Outcome, resolve_battle
from rules.palace_poker.odds import battle_odds

from palace_poker_support import DEAL, EXAMPLE_SETUP, ROUND_ONE, replay, table
from rules.palace_poker import start


def brute_force(state, seat, opponent):
    me, them = state.player(seat), state.player(opponent)
    unseen = state.view(seat).unseen()
    counts = {"win": 0, "tie": 0, "lose": 0, "rescued": 0, "wild": 0}
    for palace in combinations(unseen, len(them.palace)):
        v = resolve_battle(me.holding, Holding(them.banner, palace, them.soldiers), state.rules)
        counts[{Outcome.ATTACKER: "win", Outcome.DEFENDER: "lose"}.get(v.outcome, "tie")] += 1
        counts["rescued"] += bool(v.defender.rescued)
        counts["wild"] += v.defender.wild is not None
    return counts


def check_against_brute_force(state, seat, opponent):
    (odds,) = battle_odds(state, seat, opponent)
    counts = brute_force(state, seat, opponent)
    total = counts["win"] + counts["tie"] + counts["lose"]
    assert odds.combinations == total
    assert (odds.win, odds.tie, odds.lose) == (Fraction(counts["win"], total), Fraction(counts["tie"], total),
                                               Fraction(counts["lose"], total))
    return counts


def round_two():
    state, _ = replay(start("limit", EXAMPLE_SETUP), DEAL + ROUND_ONE + ["Christine: buy", "Christine: keep"])
    return state


@pytest.mark.slow
def test_exact_odds_match_a_brute_force_over_every_palace_set():
    state = round_two()
    assert state.to_act == "Dave"
    counts = check_against_brute_force(state, "Dave", "Christine")
    assert counts["win"] + counts["tie"] + counts["lose"] == 9880  # C(40, 3): Dave sees 12 cards


@pytest.mark.slow
def test_exact_odds_count_the_four_of_a_kind_exception():
    # B shows three nines (banner 9d, soldiers 9c 9h). The unseen 9s is of A's banner
    # suit, so for B it counts only by completing four nines.
    state = table(banners=("Ks", "9d"), palace={"A": "2s 5h 5c", "B": "Jd 4d 3c"}, then=["7s", "9c", "8s", "9h"])
    for text in ["A: buy", "A: keep", "B: buy", "B: keep", "A: buy", "A: keep", "B: buy", "B: keep"]:
        state = state.apply_text(text)[0]
    counts = check_against_brute_force(state, "A", "B")
    assert counts["rescued"] == comb_with_9s(state)


def comb_with_9s(state):
    # palace sets holding the 9s: the other two cards from the remaining unseen cards
    n = len(state.view("A").unseen()) - 1
    return n * (n - 1) // 2


@pytest.mark.slow
def test_exact_odds_count_kings_in_the_house_wild_cards():
    # B (5d banner) shows 2c 3h 4c: any diamond king, queen or jack in B's palace plays
    # as the ace of a five-high straight.
    state = table("kings-in-the-house", banners=("Ks", "5d"), palace={"A": "2s 5h 5c", "B": "Jd 4d 3d"},
                  then=["7c", "2c", "8h", "3h", "6h", "4c"])
    for text in ["A: buy", "A: keep", "B: buy", "B: keep"] * 3:
        state = state.apply_text(text)[0]
    assert state.player("B").soldiers == parse_cards("2c 3h 4c")
    counts = check_against_brute_force(state, "A", "B")
    assert counts["wild"] > 0
    plain = replace(state, rules=replace(state.rules, kings_in_the_house=False))
    (with_wild,), (without,) = battle_odds(state, "A", "B"), battle_odds(plain, "A", "B")
    assert with_wild.lose > without.lose


def test_odds_list_every_opponent_and_refuse_same_suit_battles():
    state = round_two()
    lines = {o.opponent: o for o in battle_odds(state, "Dave")}
    assert set(lines) == {"Christine", "Elena", "Frank"}
    assert not lines["Elena"].possible and "diamonds" in lines["Elena"].reason
    for o in (lines["Christine"], lines["Frank"]):
        assert o.win + o.tie + o.lose == 1 and o.combinations == 9880
    assert "win" in lines["Frank"].describe()


def test_odds_need_a_hand_in_play_and_a_seat_still_in_it():
    with pytest.raises(ValueError, match="in play"):
        battle_odds(start("limit", EXAMPLE_SETUP), "Dave")
    state = round_two()
    with pytest.raises(ValueError, match="not a player still in"):
        battle_odds(state, "Brad")


def test_exact_odds_break_equal_values_on_the_own_suit_count():
    # A (Kh banner, palace all spades) against B (Ks banner): A's spades do not count,
    # so A has just the Kh. Whenever B's three palace cards are all hearts (A's suit,
    # so they do not count), B has just the Ks: equal hands, one own-suit card each.
    state = table(banners=("Kh", "Ks"), palace={"A": "2s 3s 4s", "B": "5d 6d 7d"})
    (odds,) = battle_odds(state, "A", "B")
    unseen_hearts = 12  # all hearts but the Kh
    assert odds.tie == Fraction(comb(unseen_hearts, 3), odds.combinations)
    counts = check_against_brute_force(state, "A", "B")
    assert counts["tie"] == comb(unseen_hearts, 3)
