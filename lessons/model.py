"""What a lesson is, as frozen values.

A :class:`Lesson` is a start position (a game, a preset and the engine's setup
mapping) and a main line of :class:`Step` s. A step is an action in the engine's
notation (or ``None`` for a step that only narrates), our narration, the rule it
teaches, optional :class:`Check` s that must hold after it, and an optional
:class:`Quiz` asked at the position *before* its action.

``lessons.loader`` builds these from TOML files and replays them; the app reads
them and the :class:`ReplayedStep` s the loader keeps (states are immutable, so
one replay serves every view of a lesson).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.refs import Event, RuleRef, Verdict

from .checks import Check as Check, CheckResult as CheckResult, action_key as action_key, evaluate_check

# --------------------------------------------------------------------------
# frozen plain data (the TOML [setup] table and check values)


class FrozenMap(Mapping[str, Any]):
    """A read-only, hashable mapping, so a lesson can be a frozen value.

    Values are frozen too (tables become FrozenMaps, arrays become tuples);
    :func:`thaw` gives back plain dicts and lists for an engine or a link.
    """

    __slots__ = ("_items", "_hash")

    def __init__(self, items: Mapping[str, Any] | None = None):
        self._items = {key: freeze(value) for key, value in (items or {}).items()}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({thaw(self)!r})"


def freeze(value: Any) -> Any:
    """Deep-freeze TOML data: tables to :class:`FrozenMap`, arrays to tuples."""
    if isinstance(value, FrozenMap):
        return value
    if isinstance(value, Mapping):
        return FrozenMap(value)
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The plain (JSON-like) form of frozen data: dicts and lists."""
    if isinstance(value, Mapping):
        return {key: thaw(v) for key, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


# --------------------------------------------------------------------------
# checks and quizzes

#: The key that selects a check's kind, and what each kind asserts.
CHECK_KINDS: dict[str, str] = {
    "probe": "a value read from the game state after the step (pot, stacks, cards held...)",
    "event": "the step produced an event of this kind, with the given data",
    "legal": "exactly these actions are legal after the step",
    "allowed": "this action is legal after the step",
    "illegal": "this action is refused after the step (optionally for a given reason)",
    "over": "whether the game (or the hand) is over after the step",
}

#: How a probe's value is compared with the lesson's figure.
PROBE_OPS: dict[str, str] = {
    "equals": "the same value (cards compared in order)",
    "cards": "the same cards, in any order",
    "length": "this many items",
    "includes": "contains at least these items",
}


#: Quiz kinds, and how the loader validates their answers against the engine.
QUIZ_KINDS: dict[str, str] = {
    "legal-plays": "name a legal action in this position; every legal action is "
                   "accepted, and the accepted list must equal the engine's legal actions",
    "battle-winner": "who wins the battle this step settles; the engine's winner "
                     "must be among the accepted answers",
    "outcome": "any fact the step produces (read by 'answer'); the engine's "
               "value must be among the accepted answers",
    "choice": "a multiple-choice question about the reasoning; the accepted "
              "answers must be among the options",
    "move": "make a move on the table; every accepted move must be legal, and with a "
            "'goal' the accepted moves must be exactly the legal moves that reach it",
}

#: How many answers a question takes: ``one`` (any one accepted answer is right) or
#: ``all`` (the learner picks every right answer together, and nothing else).
PICKS: dict[str, str] = {
    "one": "any one of the accepted answers is right",
    "all": "pick every accepted answer together, and nothing else",
}


@dataclass(frozen=True)
class AnswerSource:
    """Where the engine's own answer to a quiz is read: a probe path on the
    state after the step, or a data key of an event the step produced; with
    ``count``, the answer is how many items that value holds."""

    probe: str = ""
    event: str = ""
    key: str = ""
    count: bool = False  # the answer is how many items the value holds

    def __str__(self) -> str:
        if self.probe:
            text = f"probe {self.probe}"
        else:
            text = f"{self.key!r} of event {self.event!r}" if self.event else f"{self.key!r} of an event"
        return f"the number of items of {text}" if self.count else text


@dataclass(frozen=True)
class Quiz:
    """A question asked at the position before a step's action.

    ``accepted`` holds EVERY correct answer. For ``legal-plays`` and ``move``
    they are action texts in the engine's notation; :meth:`accepts` parses both
    them and the learner's answer with the position's own parser, so any
    spelling the engine reads (``10s``, ``T♠``) is accepted.

    ``pick`` is ``one`` (any accepted answer is right) or ``all`` (the learner
    picks every accepted answer together: :meth:`accepts_picks`); a
    ``legal-plays`` question is always ``all``. A ``move`` question's ``goal``
    (a :class:`Check` on the position after the move) is what makes a move
    right; the loader checks that the accepted moves are exactly the legal
    moves that reach it. ``hint`` is said after a wrong answer (it must not
    give the answer away).
    """

    question: str
    kind: str
    accepted: frozenset[str]
    explanation: str
    options: tuple[str, ...] = ()
    # where the engine's own answer is read; for battle-winner it defaults to
    # the 'winner_name' of the step's first event that names one
    answer: AnswerSource | None = None
    pick: str = "one"
    goal: Check | None = None
    hint: str = ""

    @property
    def moves(self) -> bool:
        """The answers are moves, read in the position (``legal-plays`` and ``move``)."""
        return self.kind in ("legal-plays", "move")

    @property
    def several(self) -> bool:
        """The learner picks several answers together, then checks them."""
        return self.kind == "legal-plays" or self.pick == "all"

    def accepts(self, answer: str, state: Any = None) -> bool:
        """Whether ``answer`` is a correct answer; ``state`` is the position the quiz is
        asked in (needed to read moves). For a pick-all question: whether it is one of
        the answers to pick."""
        if self.moves:
            if state is None:
                raise ValueError(f"a {self.kind} answer is read in a position: pass the state")
            try:
                action = state.parse_action(answer)
            except ValueError:
                return False
            if not state.check(action).legal:  # e.g. the right move under another player's name
                return False
            if self.kind == "legal-plays":  # the loader checked: every legal move is accepted
                return True
            if self.goal is not None:  # the engine decides: the move reaches the goal
                after, events = state.play(action)
                return evaluate_check(self.goal, after, events).passed
            return action_key(action) in {action_key(state.parse_action(a)) for a in self.accepted}
        key = normalize_answer(answer)
        return any(normalize_answer(a) == key for a in self.accepted)

    def accepts_picks(self, picks: Any, state: Any = None) -> bool:
        """Whether a set of picked answers is exactly right: every one correct and none
        missing (a ``legal-plays`` or pick-all question)."""
        picks = tuple(picks)
        if not picks or not all(self.accepts(p, state) for p in picks):
            return False
        if self.moves:
            keys = {action_key(state.parse_action(p)) for p in picks}
            return keys == {action_key(state.parse_action(a)) for a in self.accepted}
        return {normalize_answer(p) for p in picks} == {normalize_answer(a) for a in self.accepted}


def normalize_answer(text: str) -> str:
    """Answers compare without regard to case or spacing."""
    return re.sub(r"\s+", " ", str(text)).strip().casefold()


# --------------------------------------------------------------------------
# lessons


@dataclass(frozen=True)
class Step:
    """One step of a lesson's main line."""

    action: str | None  # engine notation, or None for a step that only narrates
    narration: str
    rule: RuleRef
    checks: tuple[Check, ...] = ()
    quiz: Quiz | None = None


@dataclass(frozen=True)
class Lesson:
    """A lesson: a start position and a main line of steps.

    ``setup`` is the engine's start mapping, frozen; ``setup_plain()`` gives
    the plain dict ``GameFamily.start`` takes. ``prelude`` lists actions
    played before the first step, unnarrated (the deal, say), so the lesson
    starts where its story does: the lesson's start position is the state
    after them, ``lessons.initial_state(lesson)`` (not ``start(setup)``).
    ``constructed`` marks a lesson that does not follow a worked example of
    its source (the source has none), so the app can say so. ``order`` places
    it in its game's list (smaller first; the file name breaks ties).
    ``origin`` is the file it came from.
    """

    id: str
    title: str
    game: str
    variant: str
    source: RuleRef
    summary: str
    setup: FrozenMap
    steps: tuple[Step, ...]
    intro: str = ""
    constructed: bool = False
    prelude: tuple[str, ...] = ()
    order: int = 100
    origin: str = field(default="", compare=False)
    # the loader's replay, kept so the app replays a lesson once
    _replay: Any = field(default=None, init=False, compare=False, hash=False, repr=False)

    def setup_plain(self) -> dict[str, Any]:
        return thaw(self.setup)


# --------------------------------------------------------------------------
# replay results and load reports


@dataclass(frozen=True)
class ReplayedStep:
    """One step as the engine played it.

    ``number`` counts from 1. ``before`` is the position the step starts from
    (where its quiz is asked), ``after`` the position it leads to (where its
    checks hold); for a narration-only step they are the same state.
    ``verdict`` is the engine's reason for allowing the action, and
    ``quiz_answer`` the engine's own answer to an outcome quiz.
    """

    number: int
    step: Step
    before: Any
    after: Any
    action: Hashable | None
    verdict: Verdict | None
    events: tuple[Event, ...]
    checks: tuple[CheckResult, ...]
    quiz_answer: str | None = None


@dataclass(frozen=True)
class LessonProblem:
    """A lesson file that could not be loaded, and why."""

    name: str
    message: str
    lesson: str | None = None
    step: int | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class SkippedFile:
    """A file (or a whole folder, named with a trailing ``/``) the loader does
    not read as a lesson, and why: misplaced lessons are said, never ignored."""

    name: str
    reason: str

    def __str__(self) -> str:
        return f"{self.name}: {self.reason}"


@dataclass(frozen=True)
class LessonEntry:
    """A lesson as a list of lessons shows it, read from its file without its engine: the
    rest of the file is checked and replayed when the lesson is first opened
    (``lessons.loader.open_entry``). ``origin`` is the file, ``<game>/<id>.toml``."""

    id: str
    title: str
    game: str
    order: int = 100
    origin: str = ""


@dataclass(frozen=True)
class EntryReport:
    """Every lesson file's entry, every file whose entry could not be read, and every
    file that was not read as a lesson."""

    entries: tuple[LessonEntry, ...]
    problems: tuple[LessonProblem, ...]
    skipped: tuple[SkippedFile, ...] = ()


@dataclass(frozen=True)
class LoadReport:
    """Every lesson that loaded and replayed, every file that did not, and
    every file that was not read as a lesson."""

    lessons: tuple[Lesson, ...]
    problems: tuple[LessonProblem, ...]
    skipped: tuple[SkippedFile, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def by_id(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)

    def for_game(self, game: str) -> tuple[Lesson, ...]:
        return tuple(lesson for lesson in self.lessons if lesson.game == game)
