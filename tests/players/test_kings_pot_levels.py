"""King's Pot computer players, level by level: the strong player's chips-per-card habits on
stacked deals (a line showing three kings, a line showing nothing), and its deals of the
unseen cards against the engine's own (``view.determinize``). Costs a few seconds."""

from __future__ import annotations

import random

import pytest

from players import player_for
from players.kings_pot import chances, odds
from rules.games import get_family
from rules.kings_pot import Bet, Call, Check, Fold, FoldCard, HandName, Raise, rank_hands

# Cells turned by reveal round k: (row r, column (2r + k - 1) mod 5). The Ace's hand (row 1)
# shows Kc, then Kd, then Kh: three kings after the third reveal. The Two's hand (row 2)
# shows 3c 8d Js; no other line shows a pair.
TABLEAU = ["Kc Kd Kh 2c 7d", "4c 9d 3c 8d Js", "9s 5d Tc Jd 4h", "5h 6c Td 2h 8c", "3s Qh 6d 7s Qd"]
KINGS_HAND = "Jh Ts 9h 6h 4s"
PLAYERS = ["Ana", "Ben", "Cleo"]  # Ana deals, so Ben buys and bets first and Ana last


def _deal(spares: str, buys: tuple[int, int, int], script: list[str]):
    """Ben, Cleo and Ana buy ``buys`` cards off ``spares``; the dealer turns the cells; the
    betting follows ``script`` (one action a turn, in turn order) until it runs out."""
    deck = " ".join(TABLEAU) + " " + KINGS_HAND + " " + spares
    state = get_family("kings-pot").start("standard", {"players": PLAYERS, "deck": deck})
    for n in buys:
        state = state.apply(state.parse_action(f"buy {n}"))
    moves = list(script)
    while moves or state.phase.value == "reveal":
        if state.phase.value == "reveal":  # the dealer turns the next cells
            state = state.apply(state.legal_actions()[0])
        else:
            state = state.apply(state.parse_action(moves.pop(0)))
    return state


def _strong(state):
    assert state.mover == 0 and state.reveals == 3
    return player_for("kings-pot", "strong", seed=1).decide(state.view(0))


CHECKS = ["check"] * 6  # rounds 1 and 2: everyone checks


def test_strong_bets_the_line_that_shows_three_kings():
    state = _deal("2s 5s 7h 8h As", (2, 2, 1), CHECKS + ["check", "check"])
    decision = _strong(state)
    assert type(decision.action) is Bet, decision
    assert "of the cards in play" in decision.reason and decision.ref.section == "Showdown"


def test_strong_folds_a_line_that_shows_nothing_against_a_bet_and_a_raise():
    state = _deal("As 5s 7h 8h 2d", (1, 2, 1), CHECKS + ["bet 5", "raise 5"])
    decision = _strong(state)
    assert type(decision.action) is Fold, decision
    assert "not worth" in decision.reason


def test_strong_gives_up_the_card_that_only_pays_before_it_calls():
    # Ana backs the three kings (As) and the Two's hand (2d): a bet would cost the 2d its part
    state = _deal("5s 9c 7h 8h As 2d", (2, 2, 2), CHECKS + ["bet 1", "call"])
    decision = _strong(state)
    assert decision.action == FoldCard(state.seats[0].live[1]), decision
    assert "Two's hand" in decision.reason and decision.ref.section == "Backing a hand"
    after = state.apply(decision.action)
    assert type(player_for("kings-pot", "strong", seed=1).decide(after.view(0)).action) in (Call, Raise)


def test_standard_checks_calls_and_bets_one_a_card():
    state = _deal("2s 5s 7h 8h As", (2, 2, 1), CHECKS + ["check", "check"])
    decision = player_for("kings-pot", "standard", seed=1).decide(state.view(0))
    assert decision.action in (Bet(1), Check()), decision


def _reference_share(view, samples: int, rng: random.Random) -> float:
    """The seat's share of the pot over whole deals from ``view.determinize``, judged with the
    engine's own hand values."""
    me, share = view.seat, 0.0
    for _ in range(samples):
        sample = view.determinize(rng)
        values = {r.name: r.value for r in rank_hands(sample.table.tableau, sample.table.kings_hand)}
        backers: dict[HandName, set[int]] = {}
        for s, seat in enumerate(sample.seats):
            for c in seat.live if seat.in_deal else ():
                backers.setdefault(HandName.for_rank(c.rank), set()).add(s)
        top = max(values[h] for h in backers)
        winners = set().union(*(backers[h] for h in backers if values[h] == top))
        share += (me in winners) / len(winners)
    return share / samples


@pytest.mark.parametrize("seed", [2, 5])
def test_the_players_deals_of_the_unseen_cards_are_the_engines(seed):
    state = get_family("kings-pot").start("standard", {"players": PLAYERS, "seed": seed})
    rng = random.Random(seed)
    while state.reveals < 2 or state.phase.value != "bet":
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if type(a) is Check), None) or rng.choice(legal))
    view = state.view(state.mover)
    reference = _reference_share(view, 1500, random.Random(1))
    assert abs(chances(view, 3000, random.Random(2))[0] - reference) < 0.05
    assert abs(odds(view, 3000, random.Random(3)).share - reference) < 0.05
