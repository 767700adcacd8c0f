"""What the first screen lists of the work kept on this device (issue 35, point 4): "My
studies" (the saved studies, newest first) and the table's rule sets, each with a way to
open it, so a person coming back finds them without knowing they sit in a drawer tab.

Plain data read off the two device lists (:class:`~.library.Library`,
:class:`~.table_rules.TableRules`); the page model opens an entry
(:meth:`~.app.TutorApp.open_saved`, :meth:`~.app.TutorApp.use_rule_set`). At most
``limit`` of each are listed, with how many more there are (the rest are under Learn's and
Play's own lists).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .library import Library
from .table_rules import TableRules, preset_title

SHOWN = 5  # entries of each list on the first screen


@dataclass(frozen=True)
class ShelfStudy:
    """A saved study as the first screen lists it."""

    id: str
    title: str
    what: str          # its lesson, or free play and the rules
    positions: int


@dataclass(frozen=True)
class ShelfRuleSet:
    """A table's rule set as the first screen lists it."""

    id: str
    name: str
    game: str          # the game's title
    preset: str        # the preset it starts from, as a person calls it
    changes: int       # how many options differ from the preset


@dataclass(frozen=True)
class Shelf:
    """The first screen's "My studies" and "Your table's rule sets"."""

    studies: tuple[ShelfStudy, ...] = ()
    rule_sets: tuple[ShelfRuleSet, ...] = ()
    more_studies: int = 0
    more_rule_sets: int = 0

    @property
    def empty(self) -> bool:
        return not (self.studies or self.rule_sets)


def shelf(library: Library, rules: TableRules, game_title: Callable[[str], str], limit: int = SHOWN) -> Shelf:
    """What the device keeps, newest first (both lists are kept newest first)."""
    studies = tuple(ShelfStudy(e.id, e.title, e.what, e.positions) for e in library.entries[:limit])
    sets = tuple(ShelfRuleSet(e.id, e.name, game_title(e.game), preset_title(rules.catalog, e.game, e.variant),
                              len(e.options)) for e in rules.saved[:limit])
    return Shelf(studies, sets, max(0, len(library.entries) - limit), max(0, len(rules.saved) - limit))
