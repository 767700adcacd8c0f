"""Outside-style player for Palace Poker: ISMCTS to the end of the hand."""

from __future__ import annotations

from typing import Any

from rules.palace_poker import PokerState

from ..base import register
from .ismcts import ismcts_player

GAME = "palace-poker"

ISMCTS_ITERATIONS = 1000
"""Iterations a decision (measured against the strong level's time: docs/players.md)."""


def payoff(start: Any, end: Any) -> tuple[float, ...]:
    """Each seat's chips won or lost in the hand (points in the points game)."""
    assert isinstance(start, PokerState) and isinstance(end, PokerState)
    if start.rules.points:
        return tuple(float(b.score - a.score) for a, b in zip(start.players, end.players))
    return tuple(float(b.stack - a.stack) for a, b in zip(start.players, end.players))


IsmctsPoker = register(ismcts_player(GAME, payoff, ISMCTS_ITERATIONS))
