"""Outside-style player for King's Pot: ISMCTS to the end of the deal."""

from __future__ import annotations

from typing import Any

from rules.games import get_family
from rules.kings_pot import KingsPotState

from ..base import register
from . import BenchTable, declare_table
from .ismcts import ismcts_player

GAME = "kings-pot"

ISMCTS_ITERATIONS = 200
"""Iterations a decision (measured against the strong level's time: docs/players.md)."""


def payoff(start: Any, end: Any) -> tuple[float, ...]:
    """Each seat's chips won or lost in the deal (a King's pot carried over is lost to all)."""
    assert isinstance(start, KingsPotState) and isinstance(end, KingsPotState)
    return tuple(float(b.stack - a.stack) for a, b in zip(start.seats, end.seats))


IsmctsKingsPot = register(ismcts_player(GAME, payoff, ISMCTS_ITERATIONS))


def _next(state: KingsPotState, preset: str, seed: str) -> KingsPotState | None:
    try:
        nxt = get_family(GAME).start(preset, state.next_setup(seed=seed))
    except ValueError:  # fewer than three players can pay: the match is decided
        return None
    assert isinstance(nxt, KingsPotState)
    return nxt


declare_table(GAME, BenchTable(
    # one against two, twelve deals a match: over four, one heads-up battle or one won King's pot
    # decided a match
    presets=("standard",), seats=3, deals=12,
    setup=lambda names, seed: {"players": list(names), "seed": seed},
    next_deal=_next, standing=lambda state: {n: float(s.stack) for n, s in zip(state.names, state.seats)}))
