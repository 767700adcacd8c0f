"""Palace's practice module (the registry's ``drills`` part): one drill generator per clause
of the three rule books' matrices (``docs/clauses/palace-house.md``, ``palace-caron.md``,
``palace-bga.md``), the book tables of :mod:`practice.palace_books` made clauses by the
factories of :mod:`practice.palace_makers`.

Most clauses share a few templates (:mod:`practice.palace_spots`): "which of these may Ann do
here?" (the engine's ``check`` on each move), "what happens when she does this?" (the state
``try_play`` reaches: who plays next, where the pile goes, how many cards she holds) and "what
does the deal give?" (a seeded deal's counts). A clause's spec is the situation that exercises
it: the ranks on the pile and in the hand, the stock, the table cards, the moves before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.palace import rules_for
from rules.refs import RuleRef

from . import palace_books as _books
from .palace_makers import KINDS_TABLE, MEASURES
from .spec import Clause, clauses_from_rows

__all__ = ["CLAUSES", "GAME", "KINDS_TABLE", "MEASURES", "rules_of"]

GAME = "palace"


def rules_of(variant: str) -> Any:
    """The rule config of a variant name (a preset, optionally ``+alternate``)."""
    return rules_for(variant)


def _cite(preset: str) -> Callable[[str], RuleRef]:
    """A section of the rule book a preset comes from."""
    source = rules_for(preset).source
    return lambda section: RuleRef(source, section)


CLAUSES: tuple[Clause, ...] = (
    clauses_from_rows("palace-house", "house", _cite("house"), _books.HOUSE_ROWS, _books.house_makers())
    + clauses_from_rows("palace-caron", "caron", _cite("caron"), _books.CARON_ROWS, _books.caron_makers())
    + clauses_from_rows("palace-bga", "bga", _cite("bga"), _books.BGA_ROWS, _books.bga_makers())
)
