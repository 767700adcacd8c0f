"""Computer players and the coach: one module per game, deciding from ``state.view(seat)``
alone (what that seat may see), at three levels. Imports ``rules`` only.

    from players import player_for
    bot = player_for("palace", "standard", seed=1)
    decision = bot.decide(state.view(state.mover))   # Decision(action, reason, ref)
"""

from __future__ import annotations

import importlib

from .base import LEVEL_WORDS, LEVELS, Decision, Player, registered
from .outside import OUTSIDE

_MODULES = {"palace": "players.palace", "palace-poker": "players.palace_poker", "kings-pot": "players.kings_pot"}


def player_for(game: str, level: str, seed: int | str = 0) -> Player:
    """A seeded computer player of ``game`` (a rules.games id) at ``level`` (see LEVELS),
    or one of the outside-style players (see OUTSIDE: ``ismcts``, ``shedding``)."""
    if game not in _MODULES:
        raise ValueError(f"no computer players for {game!r}; known: {', '.join(_MODULES)}")
    if level not in LEVELS and level not in OUTSIDE:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS + OUTSIDE)}")
    importlib.import_module(_MODULES[game])
    made = registered().get((game, level))
    if made is None:
        raise ValueError(f"no {level} player for {game!r}")
    return made(seed)


__all__ = ["LEVELS", "LEVEL_WORDS", "OUTSIDE", "Decision", "Player", "player_for"]
