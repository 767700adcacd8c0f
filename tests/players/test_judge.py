"""The judge of a person's plays after a game (issue 33, item 3): the strong player weighs each
play it compares from the seat's view alone, the chance to win in Palace and the chips expected in
the poker games, and names the better play when the one made cost something.

Expected values come from independent counts: whole games played to their end by the standard
player over deals of the unseen cards (Palace), and the engine's own settlement of the battle
(Palace Poker), never from the judge's numbers. Costs about 15 s."""

from __future__ import annotations

import random

import pytest

from players import player_for
from players.coach import judge
from players.palace_poker import chances
from rules.games import get_family
from rules.palace import Pickup, Play
from rules.palace_poker import Call, Fold, Phase

from .positions import GAMES, POSITIONS, sample_other_than


def _house():
    # house rules: a 3 on the pile, and Ann holds plain cards that go on it (Playing the Game 1)
    return get_family("palace").start("house", {
        "players": 2, "to_move": 0, "hands": ["4c 2s Th 6d 8h", "5s 7h Jd Qc 3d"],
        "face_up": ["Kd Qh 9c", "Ac Kc 8s"], "face_down": ["3h 5d 7c", "4h 6c 8d"], "pile": "3s"})


def _wins_to_the_end(view, action, deals: int = 100) -> float:
    """Ann's share of whole games won after ``action``, every seat played by the standard player to
    the end, over ``deals`` deals of the cards she cannot see: a count independent of the judge."""
    wins = 0
    for i in range(deals):
        state = view.determinize(random.Random(i)).apply(action)
        bots = [player_for("palace", "standard", seed=f"{i}/{s}") for s in range(2)]
        while not state.is_over:
            state = state.apply(bots[state.mover].act(state.view(state.mover)))
        wins += view.seat in state.game_outcome().winners
    return wins / deals


def test_taking_the_pile_when_a_plain_card_goes_is_found_as_a_mistake():
    view = _house().view(0)
    four = next(a for a in view.legal_actions() if str(a) == "play 4c")
    pickup = next(a for a in view.legal_actions() if isinstance(a, Pickup))
    j = judge(view, pickup)
    assert j is not None and j.unit == "chance" and j.played == pickup
    assert isinstance(j.best, Play) and j.cost >= 0.1
    assert j.of(four) - j.of(pickup) >= 0.1
    # the independent count: whole games to their end, the same two plays
    assert _wins_to_the_end(view, four) - _wins_to_the_end(view, pickup) >= 0.2
    # the best play made is judged as costing nothing
    best = judge(view, j.best)
    assert best is not None and best.best == j.best and best.cost == 0


def _battle_nearly_won():
    """A seeded heads-up battle where the seat to answer wins at least 99% of the time (its odds
    counted exactly over the palace sets the other may hold)."""
    family = get_family("palace-poker")
    for seed in range(60, 120):
        state, rng = family.start("limit", {"seats": ["Ann", "Bob"], "seed": seed}), random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            if state.phase is Phase.BATTLE:
                view = state.view(state.mover)
                b = view.battle
                other = b.attacker if b.responder == b.defender else b.defender
                odds = chances(view, other)
                if odds and odds[0].win >= 0.99 and any(type(a) is Fold for a in view.legal_actions()):
                    return state
            legal = state.legal_actions()
            bets = [a for a in legal if type(a).__name__ == "Bet"]
            state = state.apply(bets[0] if bets and rng.random() < 0.5 else rng.choice(legal))
    raise AssertionError("no battle nearly won in the seeds tried")


def _chips_after(state, action, seat: int, rng: random.Random) -> int:
    state = state.apply(action)
    while state.phase is Phase.BATTLE and not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.players[seat].stack


def test_folding_a_battle_nearly_won_is_found_as_a_mistake_by_the_chips_it_gave_up():
    state = _battle_nearly_won()
    view = state.view(state.mover)
    fold = next(a for a in view.legal_actions() if type(a) is Fold)
    call = next(a for a in view.legal_actions() if type(a) is Call)
    j = judge(view, fold)
    assert j is not None and j.unit == "chips" and j.best != fold and j.cost >= 1
    # the engine's own settlement, over deals of the cards the seat cannot see: calling instead
    # of folding gains what the judge says (the battle ends at the call)
    deals = 200
    gained = sum(_chips_after(view.determinize(random.Random(i)), call, view.seat, random.Random(i))
                 - _chips_after(view.determinize(random.Random(i)), fold, view.seat, random.Random(i))
                 for i in range(deals)) / deals
    assert abs(j.of(call) - j.of(fold) - gained) < 1.0


@pytest.mark.parametrize("game", GAMES)
def test_the_judge_never_reads_a_card_the_seat_cannot_see(game):
    # as for every player's decision (test_players): the same judgement when the cards the seat
    # cannot see lie elsewhere
    judged = 0
    for label, state in POSITIONS[game][::3]:
        seat = state.mover
        sample = sample_other_than(state, seat)
        for action in state.view(seat).legal_actions()[:2]:
            real, other = judge(state.view(seat), action), judge(sample.view(seat), action)
            assert real == other, (label, action)
            judged += real is not None
    assert judged


def test_the_judge_weighs_a_seat_s_view_not_the_whole_position():
    state = _house()
    with pytest.raises(TypeError, match="seat's view"):
        judge(state, state.legal_actions()[0])


def test_the_strong_levels_own_plays_at_a_four_seat_table_are_never_called_mistakes():
    """The judge weighs as the strong level chooses: a person who plays exactly as it does is
    told of no mistake. At four seats (where a review once priced the strong level's own stays
    and calls as 42-chip and 2-chip mistakes: it counted attacks it would not make and raises
    below its raising chance), every decision of the strong level's seat is judged."""
    from players.coach import NOTICED
    family = get_family("palace-poker")
    judged = 0
    for seed in range(12):
        state = family.start("limit", {"seats": ["Ann", "Bob", "Cy", "Di"], "seed": seed})
        bots = [player_for("palace-poker", "strong" if s == 0 else "beginner", seed=f"{seed}/{s}")
                for s in range(4)]
        while not state.is_over:
            mover = state.mover
            if mover is None:
                state = state.apply(state.legal_actions()[0])
                continue
            view = state.view(mover)
            action = bots[mover].act(view)
            if mover == 0 and len(view.legal_actions()) > 1:
                j = judge(view, action)
                if j is not None:
                    judged += 1
                    assert j.cost < NOTICED["chips"], (seed, str(action), str(j.best), j.cost)
            state = state.apply(action)
    assert judged >= 20  # the seat decided often enough for the test to mean something
