"""A drill: a position, a question in plain words and its choices; the answer is asked of the
engine each time (:meth:`Drill.answer`), never stored.

A drill is a frozen value made by a clause's generator from ``(clause, rule set, seed)``: the same
three give the same drill anywhere (:func:`practice.make_drill`), so a drill is shared by its
:attr:`Drill.token`. What a drill holds:

* ``position``: where the question stands, as plain data a tutor can open (a game setup and the
  moves played from it, or a checker's hands),
* ``question`` and ``choices`` (each a :class:`Choice`: a key and our words),
* ``probe``: what the engine is asked when the answer is wanted (the moves of the choices, the
  hands of a battle...), read by the drill's template (``kind``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core import GameState
from rules.games import get_family
from rules.refs import RuleRef


@dataclass(frozen=True)
class Position:
    """A position a tutor can open: ``setup`` (the game's plain setup mapping, as JSON text so the
    value stays frozen) and the ``moves`` played from it, in the engine's notation; or, for a
    checker's question, ``checker`` (its kind: battle, showdown, tableau) and ``hands``."""

    game: str
    variant: str
    setup_json: str = "{}"
    moves: tuple[str, ...] = ()
    checker: str = ""
    hands: tuple[str, ...] = ()

    @classmethod
    def of(cls, game: str, variant: str, setup: Mapping[str, Any], moves: Iterable[str] = ()) -> "Position":
        return cls(game, variant, json.dumps(setup, sort_keys=True, separators=(",", ":")), tuple(moves))

    @property
    def setup(self) -> dict[str, Any]:
        return json.loads(self.setup_json)

    def state(self) -> GameState:
        """The engine's state at this position (the setup started, the moves played)."""
        state = get_family(self.game).start(self.variant, self.setup)
        for move in self.moves:
            state = state.apply(state.parse_action(move))
        return state

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "variant": self.variant}
        if self.checker:
            out.update(checker=self.checker, hands=list(self.hands))
        else:
            out.update(setup=self.setup, moves=list(self.moves))
        return out


@dataclass(frozen=True)
class Choice:
    key: str
    text: str


def sentences(parts: Iterable[str]) -> str:
    """Reasons said one after another as sentences, each once: "Ann draws 2♦ for the deal. The
    draw's cards go back into the pack." (not "...; The draw's ...", a capital after a semicolon)."""
    said = (p.strip().rstrip(".").strip() for p in parts)
    out = [p[:1].upper() + p[1:] for p in dict.fromkeys(said) if p]
    return ". ".join(out) + "." if out else ""


@dataclass(frozen=True)
class Said:
    """The engine's word on one choice: whether it is right, its reason and section."""

    right: bool
    reason: str
    ref: RuleRef | None = None


@dataclass(frozen=True)
class Answer:
    """What the engine says now: the right choices' keys, each choice's reason, and the clause's
    section."""

    right: tuple[str, ...]
    said: Mapping[str, Said]
    ref: RuleRef

    def why(self, key: str | None = None) -> str:
        """The reason for one choice, or for the right answer(s)."""
        if key is not None:
            return self.said[key].reason
        return sentences(self.said[k].reason for k in self.right)


@dataclass(frozen=True)
class Graded:
    """One answer given: right or wrong, why (the engine's reasons), the section, and the
    position to explore."""

    correct: bool
    picked: tuple[str, ...]
    answer: Answer
    why: str
    ref: RuleRef
    position: Position


@dataclass(frozen=True)
class Drill:
    clause: str
    game: str
    variant: str
    options: tuple[tuple[str, str], ...]
    seed: int
    kind: str
    question: str
    choices: tuple[Choice, ...]
    position: Position
    probe: tuple[str, ...]
    ref: RuleRef
    several: bool = False
    """True when more than one choice may be right (pick every one)."""
    _asker: Callable[["Drill"], Answer] | None = field(default=None, compare=False, repr=False)

    @property
    def token(self) -> str:
        """A short text that makes this drill again: ``clause~variant~seed[~name=value...]``."""
        from .links import drill_token
        return drill_token(self.clause, self.variant, self.options, self.seed)

    def under(self, variant: str | None = None, options: Mapping[str, str] | None = None) -> "Drill":
        """The same position and question under other rules (another preset, other options):
        what would the answer be at a table that plays it that way? The engine decides when
        asked; a position the other rules cannot reach raises a ValueError then."""
        variant = self.variant if variant is None else variant
        opts = tuple(sorted((options if options is not None else dict(self.options)).items()))
        setup = self.position.setup
        setup.pop("options", None)
        if opts and not self.position.checker:
            setup["options"] = dict(opts)
        pos = replace(self.position, variant=variant,
                      setup_json=json.dumps(setup, sort_keys=True, separators=(",", ":")))
        return replace(self, variant=variant, options=opts, position=pos)

    def choice(self, key: str) -> Choice:
        return next(c for c in self.choices if c.key == key)

    def answer(self) -> Answer:
        """Ask the engine (now): which choices are right and why."""
        if self._asker is None:
            raise RuntimeError("a drill is made by practice.make_drill, which sets how it is answered")
        return self._asker(self)

    def grade(self, picked: Iterable[str]) -> Graded:
        """Mark an answer: right when the picked keys are exactly the right ones."""
        picked = tuple(dict.fromkeys(picked))
        unknown = [k for k in picked if k not in {c.key for c in self.choices}]
        if unknown:
            from rules.errors import NotationError
            raise NotationError(f"no choice {unknown[0]!r} in this drill; the choices are "
                                f"{', '.join(c.key for c in self.choices)}", token=unknown[0],
                                expected=" | ".join(c.key for c in self.choices))
        answer = self.answer()
        correct = set(picked) == set(answer.right)
        wrong = [k for k in picked if k not in answer.right]
        missed = [k for k in answer.right if k not in picked]
        why = answer.why() if correct else self._why_wrong(answer, wrong, missed)
        return Graded(correct, picked, answer, why, answer.ref, self.position)

    def _why_wrong(self, answer: Answer, wrong: list[str], missed: list[str]) -> str:
        """Each wrong pick's and missed choice's reason, once. A wrong pick whose reason is only
        "not so: <the right answer's reason>" is left to the missed choice, which says it."""
        parts: list[str] = []
        for k in wrong + missed:
            text, reason = self.choice(k).text, answer.why(k)
            if reason.startswith("not so"):
                if missed:
                    continue
                reason = reason.removeprefix("not so").removeprefix(": ")
                parts.append(f"not {text}" + (f": {reason}" if reason else ""))
            else:
                parts.append(reason if reason.startswith(text) else f"{text}: {reason}")
        return sentences(parts)

    def as_dict(self, with_answer: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "token": self.token, "clause": self.clause, "game": self.game, "variant": self.variant,
            "options": dict(self.options), "seed": self.seed, "question": self.question,
            "several": self.several, "choices": [{"key": c.key, "text": c.text} for c in self.choices],
            "position": self.position.as_dict(), "section": str(self.ref),
        }
        if with_answer:
            answer = self.answer()
            out["answer"] = list(answer.right)
            out["why"] = answer.why()
            out["reasons"] = {k: s.reason for k, s in answer.said.items()}
        return out
