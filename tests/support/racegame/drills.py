"""The race's one drill: which amounts may be added here? The answer is the engine's, asked
when the drill is answered (never stored)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import RaceState


@dataclass(frozen=True)
class Drill:
    clause: str
    question: str
    state: RaceState

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(str(a) for a in self.state.candidate_actions())

    def answer(self) -> frozenset[str]:
        return frozenset(str(a) for a in self.state.legal_actions())


def amounts(seed: int) -> Drill:
    total = random.Random(seed).randrange(0, 10)
    return Drill("step size", f"The total is {total}, the target 10. Which amounts may be added?",
                 RaceState(total=total))


DRILLS = {"step size": amounts}

CLAUSES = tuple(DRILLS)
"""The clauses the race drills (practice reads a game's clauses from its drills module)."""
