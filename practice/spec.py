"""What a game's practice module declares: one :class:`Clause` per row of its clause matrices
(``docs/clauses/*.md``), each with a generator (``make``) or the reason it has none, and what a
generator receives (:class:`Ctx`) and returns (:class:`Parts`).

A generator is a plain function ``make(ctx) -> Parts``. It draws everything from ``ctx.rng`` (so
the same clause, rule set and seed give the same drill) and writes the question in our words; it
never decides the answer: the drill's template asks the engine when the answer is wanted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.refs import RuleRef

from .drill import Choice, Position


@dataclass(frozen=True)
class Ctx:
    """What a generator may use: the clause, the table's rule set and a seeded random source."""

    clause: "Clause"
    game: str
    variant: str
    options: Mapping[str, str]
    rules: Any
    """The game's rule config for this table (the preset with the options set)."""
    rng: random.Random
    seed: int

    def position(self, setup: Mapping[str, Any], moves: tuple[str, ...] = ()) -> Position:
        """A position of this game under this table's rule set (its options go into the setup)."""
        setup = dict(setup)
        if self.options:
            setup["options"] = dict(self.options)
        return Position.of(self.game, self.variant, setup, moves)


@dataclass(frozen=True)
class Parts:
    """A generator's drill, before the catalog stamps it with the clause, rules and seed."""

    kind: str
    question: str
    choices: tuple[Choice, ...]
    position: Position
    probe: tuple[str, ...]
    several: bool = False


Make = Callable[[Ctx], Parts]


@dataclass(frozen=True)
class Clause:
    """One clause of a clause matrix: its id there, the matrix (file stem), the preset it is
    drilled under unless the table says otherwise, our short words for it, its section, and its
    generator or the reason there is none.

    ``flips``: rule changes (a preset name, or options ``{name: choice}``) under which this
    clause's drills must change answer for some seeds: the mutation test holds it, so a drill
    of a rule option or preset difference really tests that rule.
    """

    id: str
    matrix: str
    variant: str
    about: str
    ref: RuleRef
    make: Make | None = None
    why_not: str = ""
    flips: tuple[str | Mapping[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        if (self.make is None) == (not self.why_not):
            raise ValueError(f"clause {self.id}: give a generator or the reason there is none, not both")

    @property
    def drillable(self) -> bool:
        return self.make is not None


def clauses_from_rows(matrix: str, variant: str, cite: Callable[[str], RuleRef],
                      rows: Sequence[tuple[str, str, str]], makers: Mapping[str, Any]) -> tuple[Clause, ...]:
    """A clause matrix's rows ``(id, section, our words)`` made clauses: each id's maker is a
    generator, optionally followed by ``"variant:<preset>"`` (drilled under that preset) and the
    rule changes that must flip its answer, or a text saying why the clause has no drill."""
    out = []
    for cid, section, about in rows:
        spec = makers[cid]
        if isinstance(spec, str):
            out.append(Clause(cid, matrix, variant, about, cite(section), why_not=spec))
            continue
        make, *rest = spec if isinstance(spec, tuple) else (spec,)
        drilled, flips = variant, []
        for extra in rest:
            if isinstance(extra, str) and extra.startswith("variant:"):
                drilled = extra.split(":", 1)[1]
            elif extra is not None:
                flips.append(extra)
        out.append(Clause(cid, matrix, drilled, about, cite(section), make=make, flips=tuple(flips)))
    return tuple(out)
