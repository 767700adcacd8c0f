"""Outside-style player for King's Pot: ISMCTS to the end of the deal."""

from __future__ import annotations

from typing import Any

from rules.kings_pot import KingsPotState

from ..base import register
from .ismcts import ismcts_player

GAME = "kings-pot"

ISMCTS_ITERATIONS = 1000
"""Iterations a decision (measured against the strong level's time: docs/players.md)."""


def payoff(start: Any, end: Any) -> tuple[float, ...]:
    """Each seat's chips won or lost in the deal (a King's pot carried over is lost to all)."""
    assert isinstance(start, KingsPotState) and isinstance(end, KingsPotState)
    return tuple(float(b.stack - a.stack) for a, b in zip(start.seats, end.seats))


IsmctsKingsPot = register(ismcts_player(GAME, payoff, ISMCTS_ITERATIONS))
