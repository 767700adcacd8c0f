"""Outside-style player for Palace Poker: ISMCTS to the end of the hand."""

from __future__ import annotations

from typing import Any

from rules.palace_poker import PokerState, next_hand

from ..base import register
from . import BenchTable, declare_table
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


def _next(state: PokerState, preset: str, seed: str) -> PokerState | None:
    try:
        return next_hand(state, {"seed": seed})
    except ValueError:  # fewer than two players can pay: the match is decided
        return None


declare_table(GAME, BenchTable(
    # heads-up limit, twelve hands a match: one hand is mostly one battle's luck, and at four hands
    # a match the levels' edge drowned in it (standard over beginner 0.53 in 20 matches; 0.70 in
    # 100 matches of twelve hands)
    presets=("limit",), seats=2, deals=12,
    setup=lambda names, seed: {"seats": list(names), "seed": seed},
    next_deal=_next, standing=lambda state: {p.name: float(p.stack) for p in state.players}))
