"""Outside-style computer players: opponents written from published descriptions, not
ours, to measure our levels against (``python -m bench bots --outside``).

* ``ismcts``: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
  one generic module (:mod:`.ismcts`) over the game contract, for every game;
* ``shedding``: for Palace, the simple shedding heuristic players describe (shed the
  lowest plain set, keep the specials, burn a big pile, take the pile only when stuck).

Each game's module here gives what the generic search needs from that game (the seat's
result at the end of a play-out) and registers the players, as ``player_for(game, name)``
finds them; the game's own player module (``players/palace.py``...) imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

OUTSIDE = ("ismcts", "shedding")
"""The outside-style players, by name (not every game has every one)."""


@dataclass(frozen=True)
class BenchTable:
    """How ``python -m bench bots`` seats a match of one game (declared by the game's module
    here, so the bench spells no game): the presets it measures, the seats, the deals a
    match, and from the engine the next deal and each player's standing at the end."""

    presets: tuple[str, ...]
    seats: int
    deals: int
    """Deals a match: 1 for a game that is one deal; the poker games play several and are
    scored on chips, as one deal is mostly one battle's luck."""
    setup: Callable[[tuple[str, ...], str], Mapping[str, Any]]
    """(the players' names, a seed) -> the engine's setup of the first deal."""
    next_deal: Callable[[Any, str, str], Any]
    """(a finished deal, its preset, a seed) -> the next deal's state, or None when the match
    is decided."""
    standing: Callable[[Any], Mapping[str, float]]
    """A finished match's state -> each player's standing by name (higher is better)."""


_TABLES: dict[str, BenchTable] = {}


def declare_table(game: str, table: BenchTable) -> None:
    _TABLES[game] = table


def bench_table(game: str) -> BenchTable:
    """The bench table of ``game`` (a rules.games id); ValueError if it declares none."""
    from .. import player_for
    player_for(game, "ismcts")  # loads the game's player modules, which declare the table
    if game not in _TABLES:
        raise ValueError(f"{game!r} declares no bench table")
    return _TABLES[game]
