"""A quiz for a table: a teacher picks clauses, a seed and a length; the quiz travels as a short
link token, and everyone who opens it gets the same questions in the same order (each question
is a drill made from the clause and a seed derived from the quiz's seed and its place), and
scores their own answers. No server: the token is all there is.

Token: ``q1~SEED~LENGTH~VARIANT~CLAUSE,CLAUSE,...[~name=choice...]`` (``VARIANT`` is ``-`` for
each clause's own rule book). Only URL-fragment-safe characters; bounded when read.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.errors import NotationError

from .catalog import find_clause, game_of, make_drill
from .drill import Drill, Graded
from .links import MAX_TOKEN, SEP, parse_seed

TAG = "q1"
MAX_LENGTH = 50
MAX_CLAUSES = 60


@dataclass(frozen=True)
class Quiz:
    clauses: tuple[str, ...]
    seed: int
    length: int
    variant: str | None = None
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def make(cls, clauses: Iterable[str], seed: int | str, length: int, variant: str | None = None,
             options: Mapping[str, str] | None = None) -> "Quiz":
        """A quiz, checked: known clauses with a drill, one game when a variant or options are
        given (they are that game's), a length from 1 to 50."""
        ids = tuple(dict.fromkeys(clauses))
        if not 0 < len(ids) <= MAX_CLAUSES:
            raise NotationError(f"a quiz takes 1 to {MAX_CLAUSES} clauses, got {len(ids)}", token=str(len(ids)),
                                expected=f"1..{MAX_CLAUSES} clauses")
        for cid in ids:
            if not find_clause(cid).drillable:
                raise NotationError(f"clause {cid} has no drill: {find_clause(cid).why_not}", token=cid,
                                    expected="a clause with a drill")
        if isinstance(length, bool) or not isinstance(length, int) or not 0 < length <= MAX_LENGTH:
            raise NotationError(f"a quiz has 1 to {MAX_LENGTH} questions, got {length!r}", token=str(length),
                                expected=f"1..{MAX_LENGTH}")
        games = {game_of(c) for c in ids}
        if (variant or options) and len(games) > 1:
            raise NotationError("a quiz with a table's rule set (a variant or options) takes the clauses of one "
                                f"game; these come from {', '.join(sorted(games))}", token=variant or "",
                                expected="clauses of one game")
        quiz = cls(ids, parse_seed(seed), length, variant, tuple(sorted((options or {}).items())))
        quiz.drill(0)  # a bad variant or option is refused now, naming it
        return quiz

    @property
    def token(self) -> str:
        parts = [TAG, str(self.seed), str(self.length), self.variant or "-", ",".join(self.clauses)]
        return SEP.join(parts + [f"{k}={v}" for k, v in self.options])

    @classmethod
    def from_token(cls, token: str) -> "Quiz":
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN * 2:
            raise NotationError("a quiz link token is text of reasonable length", token=str(token)[:40],
                                expected="q1~seed~length~variant~clauses")
        parts = token.split(SEP)
        if len(parts) < 5 or parts[0] != TAG:
            raise NotationError(f"quiz token {token[:60]!r}: expected q1~seed~length~variant~clauses",
                                token=token[:60], expected="q1~seed~length~variant~clauses")
        _, seed, length, variant, clauses, *rest = parts
        if not length.isdigit() or len(length) > 3:
            raise NotationError(f"quiz token: length {length[:10]!r} is not a number", token=length[:10],
                                expected=f"1..{MAX_LENGTH}")
        options = {}
        for item in rest:
            name, eq, value = item.partition("=")
            if not eq or not name or not value:
                raise NotationError(f"quiz token: {item[:40]!r} is not name=choice", token=item[:40],
                                    expected="name=choice")
            options[name] = value
        return cls.make(clauses.split(","), seed, int(length), None if variant == "-" else variant, options)

    def order(self) -> tuple[str, ...]:
        """The clause of each question: the chosen clauses in a seeded order, round after round."""
        rng = random.Random(f"quiz:{self.seed}")
        out: list[str] = []
        while len(out) < self.length:
            round_ = list(self.clauses)
            rng.shuffle(round_)
            out += round_
        return tuple(out[: self.length])

    def drill(self, index: int) -> Drill:
        clause = self.order()[index]
        seed = random.Random(f"quiz:{self.seed}:{index}").randrange(2**31)
        return make_drill(clause, seed=seed, variant=self.variant, options=dict(self.options))

    def drills(self) -> tuple[Drill, ...]:
        return tuple(self.drill(i) for i in range(self.length))

    def score(self, answers: Sequence[Iterable[str]]) -> "Score":
        """Mark a sheet of answers (one list of choice keys per question; an empty list for a
        question left out)."""
        if len(answers) > self.length:
            raise NotationError(f"{len(answers)} answers for a quiz of {self.length} questions",
                                token=str(len(answers)), expected=f"at most {self.length}")
        graded = tuple(self.drill(i).grade(list(a)) for i, a in enumerate(answers))
        return Score(sum(g.correct for g in graded), self.length, graded)


@dataclass(frozen=True)
class Score:
    right: int
    total: int
    graded: tuple[Graded, ...]

    def sentence(self) -> str:
        return f"{self.right} of {self.total} right"
