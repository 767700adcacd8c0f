"""The one registry of games: a game is one :class:`Registration`.

A registration is plain data that imports nothing: the game's id, its name for
people, the module of its engine (which defines ``FAMILY``, a
:class:`GameFamily`), and the modules of its **parts**, the pieces the layers
above the rules need of it, named like entry points (``"module"`` or
``"module:attribute"``)::

    register(Registration(
        id="palace", title="Palace", engine="rules.palace",
        parts={"players": "players.palace",
               "table": "tutor.views.tables.palace:PalaceTable",
               "checker": "tutor.model.checkers.palace:FORMS",
               "guide": "lessons.guides:PALACE"}))

Each layer above looks its own part up with :func:`part` (``part("palace",
"table")`` imports that one module, the first time it is asked for): the rules
never import upwards, and a page showing one game imports that game's engine
and parts only. The kinds of part, and who reads each:

``players``  (``players.player_for``) a module whose computer players register
             themselves, one per level of ``players.LEVELS``;
``table``    (``tutor.views.renderer_for``) the game's ``TableRenderer`` class;
``checker``  (``tutor.model.checker``) a tuple of the game's checker forms
             (``CheckForm`` classes), each answering one question of Settle a hand;
``guide``    (the first screen) the game's ``lessons.guides.Guide``;
``lessons``  (optional, ``tutor.model.catalog``) a folder of lessons beside the
             shipped ones (``<folder>/<game id>/<lesson id>.toml``);
``compare``  (optional, the comparison pane) a function judging a position
             under each of the game's rule sets;
``drills``   (``practice.catalog``) the game's practice module: its drill generators;
``sheet``    (optional, the rules sheet: ``tutor.model.rules_sheet``) a function of the game's
             rule config giving the lines of ``rules.sheet`` only the game knows (its special
             cards, who starts, how a game ends); without one the sheet shows the game's guide.

``tests/test_game_parts.py`` loads every required part of every registered
game, so a game with a part missing fails the tests, not a person pressing Play.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .core import GameState, Presets
from .errors import NotationError


@dataclass(frozen=True)
class GameFamily:
    """What the generic layers need to know about one game's engine.

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
    start: Callable[[str, Mapping[str, Any]], GameState[Any]]
    players_key: str = "seats"


class PartError(LookupError):
    """A game's part is not declared, or its declaration does not load; the message
    names the game, the kind of part and the registration to fix."""

    def __init__(self, message: str, *, game: str, kind: str):
        super().__init__(message)
        self.game = game
        self.kind = kind


@dataclass(frozen=True)
class Registration:
    """One game: its id, its name for people, its engine module and its parts, by kind
    (each a ``"module"`` or ``"module:attribute"`` string; nothing is imported here)."""

    id: str
    title: str
    engine: str
    parts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", MappingProxyType(dict(self.parts)))
        for kind, target in self.parts.items():
            module, _, attribute = target.partition(":")
            if not module or (":" in target and not attribute):
                raise ValueError(f"{self.id}: part {kind!r} should be 'module' or 'module:attribute', "
                                 f"not {target!r}")


_REGISTRY: dict[str, Registration] = {}
_LOADED: dict[tuple[str, str], Any] = {}


def register(registration: Registration) -> Registration:
    """Add a game (or replace the registration of the same id). Returns it."""
    _REGISTRY[registration.id] = registration
    for key in [k for k in _LOADED if k[0] == registration.id]:
        del _LOADED[key]
    return registration


def unregister(game_id: str) -> None:
    """Take a game out of the registry (tests that register a game of their own)."""
    _REGISTRY.pop(game_id, None)
    for key in [k for k in _LOADED if k[0] == game_id]:
        del _LOADED[key]


def game_ids() -> tuple[str, ...]:
    """Every registered game, in the order they were registered."""
    return tuple(_REGISTRY)


def registration(game_id: str) -> Registration:
    """The registration of ``game_id``; NotationError naming the known ids if there is none."""
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise NotationError(
            f"unknown game {game_id!r}; known: {', '.join(_REGISTRY)}",
            token=game_id, expected=" | ".join(_REGISTRY)) from None


def game_title(game_id: str) -> str:
    """The game's name, without importing its engine; NotationError if the id is unknown."""
    return registration(game_id).title


def get_family(game_id: str) -> GameFamily:
    """The engine of ``game_id`` (imported the first time it is asked for)."""
    family: GameFamily = _load(game_id, "engine", f"{registration(game_id).engine}:FAMILY")
    return family


def has_part(game_id: str, kind: str) -> bool:
    """Whether the game declares a part of this kind (nothing is imported)."""
    return kind in registration(game_id).parts


def part(game_id: str, kind: str) -> Any:
    """The game's part of this kind: the module it names, or that module's attribute.
    Imported the first time it is asked for; :class:`PartError` if the game declares no
    such part or the declaration does not load."""
    entry = registration(game_id)
    try:
        target = entry.parts[kind]
    except KeyError:
        raise PartError(f"{entry.title} ({game_id}) declares no {kind!r} part: add it to the game's "
                        f"registration (parts: {', '.join(entry.parts) or 'none'})",
                        game=game_id, kind=kind) from None
    return _load(game_id, kind, target)


def _load(game_id: str, kind: str, target: str) -> Any:
    key = (game_id, kind)
    if key in _LOADED:
        return _LOADED[key]
    module_name, _, attribute = target.partition(":")
    try:
        value: Any = importlib.import_module(module_name)
    except ImportError as err:
        raise PartError(f"the {kind} of {game_id} is declared as {target!r}, which does not import: {err}",
                        game=game_id, kind=kind) from err
    for name in filter(None, attribute.split(".")):
        try:
            value = getattr(value, name)
        except AttributeError:
            raise PartError(f"the {kind} of {game_id} is declared as {target!r}, but {module_name} has "
                            f"no {attribute!r}", game=game_id, kind=kind) from None
    _LOADED[key] = value
    return value


def game_of(value: object) -> str:
    """The id of the game whose engine defines ``value``'s class (a state, a view, an
    action): the registered engine module that the class's module lies in."""
    module = type(value).__module__
    for entry in _REGISTRY.values():
        if module == entry.engine or module.startswith(entry.engine + "."):
            return entry.id
    raise LookupError(f"no registered game defines a {type(value).__name__} ({module})")


def _register_all(entries: Iterable[Registration]) -> None:
    for entry in entries:
        register(entry)


# The shipped games, in the order the app lists them. A game's registration names its own
# modules; nothing here is imported until a layer asks for it.
_register_all((
    Registration(
        id="palace-poker", title="Palace Poker", engine="rules.palace_poker",
        parts={"players": "players.palace_poker",
               "table": "tutor.views.tables.palace_poker:PokerTable",
               "checker": "tutor.model.checkers.palace_poker:FORMS",
               "guide": "lessons.guides:PALACE_POKER",
               "drills": "practice.palace_poker"}),
    Registration(
        id="palace", title="Palace", engine="rules.palace",
        parts={"players": "players.palace",
               "table": "tutor.views.tables.palace:PalaceTable",
               "checker": "tutor.model.checkers.palace:FORMS",
               "guide": "lessons.guides:PALACE",
               "compare": "tutor.model.compare:position_comparison",
               "sheet": "rules.palace.sheet:sheet_lines",
               "drills": "practice.palace"}),
    Registration(
        id="kings-pot", title="King's Pot", engine="rules.kings_pot",
        parts={"players": "players.kings_pot",
               "table": "tutor.views.tables.kings_pot:KingsPotTable",
               "checker": "tutor.model.checkers.kings_pot:FORMS",
               "guide": "lessons.guides:KINGS_POT",
               "drills": "practice.kings_pot"}),
))
