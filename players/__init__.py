"""Computer players and the coach: one module per game, deciding from ``state.view(seat)``
alone (what that seat may see), at three levels. Imports ``rules`` only.

    from players import player_for
    bot = player_for(game_id, "standard", seed=1)
    decision = bot.decide(state.view(state.mover))   # Decision(action, reason, ref)

A game's players module is the ``players`` part of its registration (``rules.games``):
importing it registers one :class:`Player` class per level (:func:`.base.register`).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.games import has_part, part

from .base import LEVEL_WORDS, LEVELS, Decision, Player, registered
from .outside import OUTSIDE


def players_of(game: str) -> dict[str, Callable[..., Player]]:
    """The computer players of ``game`` by level, its players module imported the first time."""
    part(game, "players")
    return {level: cls for (owner, level), cls in registered().items() if owner == game}


def player_for(game: str, level: str, seed: int | str = 0) -> Player:
    """A seeded computer player of ``game`` (a rules.games id) at ``level`` (see LEVELS),
    or one of the outside-style players (see OUTSIDE: ``ismcts``, ``shedding``)."""
    if not has_part(game, "players"):
        raise ValueError(f"no computer players for {game!r}: its registration declares none")
    if level not in LEVELS and level not in OUTSIDE:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS + OUTSIDE)}")
    found = players_of(game)
    if level not in found:
        raise ValueError(f"no {level} player for {game!r} (it has: {', '.join(found)})")
    return found[level](seed)


__all__ = ["LEVELS", "LEVEL_WORDS", "OUTSIDE", "Decision", "Player", "player_for", "players_of"]
