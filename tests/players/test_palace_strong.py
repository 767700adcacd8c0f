"""The strong Palace player's look-ahead: it plays the sampled deals with the standard habits,
judges a position the same from either side, and never spends more than its budget.

Positions are seeded games of the standard player against itself, taken where the seat to move
has a real choice. Costs a few seconds.
"""

from __future__ import annotations

import random

import pytest

import players.palace as palace
from players import player_for
from rules.games import get_family

SETUPS = [("house", {"players": 2}), ("caron", {"players": 2}), ("bga", {"players": 2}),
          ("caron", {"players": 3}), ("house", {"players": 4, "alternates": ["jokers-reverse", "last-card"]})]


def _positions(variant: str, setup: dict, games: int = 3, every: int = 7):
    family = get_family("palace")
    out = []
    for g in range(games):
        state = family.start(variant, {**setup, "seed": f"strong/{g}"})
        rng = random.Random(g)
        step = 0
        while not state.is_over and step < 400:
            legal = state.legal_actions()
            if step % every == 0 and len(legal) > 1 and state.phase.value not in ("choose", "swap"):
                out.append(state)
            # mostly the habits, now and then anything: odd positions too
            state = state.apply(palace.sample_habit(state, legal) if rng.random() < 0.8 else rng.choice(legal))
            step += 1
    return out


@pytest.mark.parametrize("variant,setup", SETUPS)
def test_the_sampled_deals_are_played_with_the_standard_habits(variant, setup):
    for state in _positions(variant, setup):
        legal = state.legal_actions()
        facts = palace.facts_from_state(state, state.to_move)
        assert palace.sample_habit(state, legal) == palace.standard_choice(facts, legal)[0]


@pytest.mark.parametrize("variant,setup", SETUPS[:3])
def test_a_heads_up_position_is_judged_the_same_from_either_side(variant, setup):
    for state in _positions(variant, setup, games=2):
        mine, theirs = palace.judged_chance(state, 0), palace.judged_chance(state, 1)
        assert 0 < mine < 1 and mine + theirs == pytest.approx(1)


@pytest.mark.parametrize("variant,setup", SETUPS)
def test_a_decision_never_spends_more_than_the_budget(variant, setup, monkeypatch):
    spent = []
    played = palace.rollout

    def counted(st, seat, cap=palace.ROLLOUT_CAP):
        score, steps = played(st, seat, cap)
        spent[-1] += steps + 1  # the move itself, then the actions played ahead
        return score, steps

    monkeypatch.setattr(palace, "rollout", counted)
    for k, state in enumerate(_positions(variant, setup, games=2, every=11)):
        spent.append(0)
        player_for("palace", "strong", seed=k).decide(state.view(state.to_move))
        assert spent[-1] <= palace.BUDGET
    assert max(spent) > palace.BUDGET // 2  # the look-ahead did run
