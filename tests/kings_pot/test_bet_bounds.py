"""Bet sizes bounded by the stacks and by a validated max_bet (issue 18, point 6;
ruling kings-pot-bet-sizes: a bet or raise is min_bet to max_bet chips a card).

Candidate actions grew with max_bet, which had no bound: 200,004 candidates at
max_bet 100,000, and some setups took seconds for one legal_actions(). Now a
table may set at most MAX_BET_SIZES sizes, and the candidates stop where the
seat's stack does. The expected legal actions below come from an independent
brute force over every size the table allows, checked one by one.
"""

from __future__ import annotations

import random

import pytest

from rules.errors import NotationError
from rules.kings_pot import FAMILY, Bet, Phase, Raise
from rules.kings_pot.setup import MAX_BET_SIZES

PLAYERS = ["Ann", "Ben", "Cleo", "Dev"]


def test_a_table_sets_at_most_a_hundred_bet_sizes():
    assert MAX_BET_SIZES == 100
    FAMILY.start("standard", {"players": PLAYERS, "seed": 1, "min_bet": 5, "max_bet": 104})  # 100 sizes
    for setup in ({"min_bet": 5, "max_bet": 105}, {"max_bet": 100_000}, {"max_bet": 10**12}):
        with pytest.raises(NotationError) as err:
            FAMILY.start("standard", {"players": PLAYERS, "seed": 1, **setup})
        message = str(err.value)
        assert "max_bet" in message and "100" in message and "\n" not in message


def _betting_states(setup: dict, seed: int, limit: int = 400) -> list:
    """Every betting position of a random deal (every seat's turn, every round)."""
    rng = random.Random(seed)
    state = FAMILY.start("standard", {"players": PLAYERS, "seed": seed, **setup})
    out = []
    for _ in range(limit):
        if state.is_over:
            break
        if state.phase is Phase.BET:
            out.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return out


SETUPS = [
    {},                                                   # the defaults: 1 to 5 a card, stacks 100
    {"min_bet": 1, "max_bet": 100},                      # the widest spread
    {"min_bet": 3, "max_bet": 102, "stacks": 40},        # short stacks: most sizes unaffordable
    {"min_bet": 50, "max_bet": 149, "stacks": 10**12},   # deep stacks: every size affordable
    {"min_bet": 1, "max_bet": 100, "stacks": [5, 300, 60, 1000], "ante": 2},
]


@pytest.mark.parametrize("setup", SETUPS, ids=range(len(SETUPS)))
@pytest.mark.parametrize("seed", [1, 2])
def test_legal_bets_are_every_size_the_table_allows_that_the_seat_can_pay(setup, seed):
    states = _betting_states(setup, seed)
    assert states, "the deal reached no betting round"
    for state in states:
        t = state.table
        brute = {a for size in range(t.min_bet, t.max_bet + 1) for a in (Bet(size), Raise(size))
                 if state.check(a).legal}
        listed = {a for a in state.legal_actions() if isinstance(a, (Bet, Raise))}
        assert listed == brute


@pytest.mark.parametrize("setup", SETUPS, ids=range(len(SETUPS)))
def test_bet_candidates_stop_where_the_stack_does(setup):
    for state in _betting_states(setup, 3):
        seat = state.seats[state.to_act]
        per_card = seat.stack // max(len(seat.live), 1)
        sizes = [a.per_card for a in state.candidate_actions() if isinstance(a, (Bet, Raise))]
        t = state.table
        # the smallest size is always offered, so a seat that cannot pay it is told why
        assert t.min_bet in sizes
        assert max(sizes) <= max(t.min_bet, min(t.max_bet, per_card))
        assert len(state.candidate_actions()) <= 2 * MAX_BET_SIZES + 3 + len(seat.live)


def test_the_smallest_bet_a_seat_cannot_pay_is_refused_with_the_reason():
    for state in _betting_states({"min_bet": 3, "max_bet": 102, "stacks": 40}, 4):
        seat = state.seats[state.to_act]
        if seat.stack < state.table.min_bet * len(seat.live) and not state.level:
            verdict = state.check(Bet(state.table.min_bet))
            assert not verdict.legal and f"has {seat.stack}" in verdict.reason
            return
    pytest.skip("no seat ran short in this deal")  # pragma: no cover - the seed is chosen so one does
