"""The game families, by id, for the generic layers (lessons, tutor, CLI).

Each engine package exposes ``FAMILY``, a :class:`GameFamily`. The registry
imports an engine only when it is asked for, so loading one game in the
browser does not pay for the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .core import GameState, Presets
from .errors import NotationError

# game id -> (module that defines FAMILY, the game's name for people). The name is here so that
# a list of games (the app's first screen) imports no engine; each FAMILY takes its title from here.
_GAMES = {
    "palace-poker": ("rules.palace_poker", "Palace Poker"),
    "palace": ("rules.palace", "Palace"),
    "kings-pot": ("rules.kings_pot", "King's Pot"),
}


@dataclass(frozen=True)
class GameFamily:
    """What the generic layers need to know about one game.

    ``start(variant, setup)`` builds the initial state from a preset name and a
    plain, JSON-compatible ``setup`` mapping (seats, dealer, stacked deck or
    explicit cards, seed...). Lessons write that mapping in TOML and share
    links carry it, so it must be plain data and documented by the engine;
    unknown keys raise :class:`NotationError` naming the key.
    ``players_key`` is the setup key that lists the players' names, so a generic
    layer can deal a new table (``{players_key: names, "seed": n}``).
    """

    id: str
    title: str
    sources: tuple[str, ...]
    presets: Presets
    start: Callable[[str, Mapping[str, Any]], GameState]
    players_key: str = "seats"


def game_ids() -> tuple[str, ...]:
    return tuple(_GAMES)


def game_title(game_id: str) -> str:
    """The game's name, without importing its engine; NotationError if the id is unknown."""
    return _entry(game_id)[1]


def _entry(game_id: str) -> tuple[str, str]:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise NotationError(
            f"unknown game {game_id!r}; known: {', '.join(_GAMES)}",
            token=game_id, expected=" | ".join(_GAMES)) from None


def get_family(game_id: str) -> GameFamily:
    return importlib.import_module(_entry(game_id)[0]).FAMILY
