"""Seeded positions of every game and rule set where the seat to move has a real choice, for the
players' tests (as in tests/test_contract.py), and a reshuffle of the cards a seat cannot see."""

from __future__ import annotations

import random

from rules.games import get_family

SETUPS = {
    "palace": [("house", {"players": 2}), ("caron", {"players": 3}), ("bga", {"players": 2}),
               ("house", {"players": 4, "alternates": ["jokers-reverse", "last-card"]}),
               ("bga", {"players": 3, "alternates": ["short-game"]})],
    "palace-poker": [("limit", {"seats": ["Ann", "Bob"]}), ("no-limit", {"seats": ["Ann", "Bob", "Cy"]}),
                     ("open-market", {"seats": ["Ann", "Bob", "Cy"]}), ("points", {"seats": ["Ann", "Bob"]})],
    "kings-pot": [("standard", {"players": ["Ada", "Ben", "Cleo"]}),
                  ("flat-ante", {"players": ["Ada", "Ben", "Cleo", "Dev"]})],
}
GAMES = tuple(SETUPS)


def positions(game: str, per_setup: int = 8, every: int = 9):
    """(label, state) where the seat to move has more than one legal action."""
    family = get_family(game)
    out = []
    for k, (variant, setup) in enumerate(SETUPS[game]):
        rng = random.Random(f"{game}/{k}")
        state = family.start(variant, {**setup, "seed": k})
        taken, step = 0, 0
        while taken < per_setup and step < 3000:
            if state.is_over:
                state = family.start(variant, {**setup, "seed": f"{k}/{step}"})
            legal = state.legal_actions()
            if step % every == 0 and state.mover is not None and len(state.view(state.mover).legal_actions()) > 1:
                out.append((f"{variant}#{step}", state))
                taken += 1
            state = state.apply(rng.choice(legal))
            step += 1
    return out


POSITIONS = {game: positions(game) for game in GAMES}


def sample_other_than(state, seat: int, tries: int = 8):
    """A position the seat cannot tell from ``state`` with the unseen cards dealt differently."""
    view = state.view(seat)
    for t in range(tries):
        sample = view.determinize(random.Random(f"reshuffle/{t}"))
        if sample != state or not view.unseen():
            return sample
    return sample
