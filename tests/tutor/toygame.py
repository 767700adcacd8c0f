"""A toy engine and toy lessons for the tutor's model tests.

"Race to a target": players take turns adding 1, 2 or 3 to a running total;
whoever reaches the target exactly wins, and passing it is not allowed. It
follows the ``rules.core.GameState`` contract (one ``check`` decides and
explains) so the tutor's models can be tested without the real engines, and
it counts how often states are advanced so tests can prove the tree never
replays from the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lessons.model import FrozenMap, Lesson, Quiz, Step
import rules.palace  # noqa: F401  (registers the source the toy game cites)
from rules.core import Action, GameState, Presets
from rules.errors import NotationError
from rules.games import GameFamily
from rules.refs import SECTIONS, Event, RuleRef, Verdict

SOURCE = "palace-bga.txt"
SECTION = "Tutor toy game (tests only)"
ADVANCES = {"count": 0}


def register() -> None:
    SECTIONS[SOURCE][SECTION] = "Players add one to three to a total; reaching the target wins."


def unregister() -> None:
    SECTIONS[SOURCE].pop(SECTION, None)


def ref(clause: str) -> RuleRef:
    return RuleRef(SOURCE, SECTION, clause)


@dataclass(frozen=True, order=True)
class Add(Action):
    n: int

    def __str__(self) -> str:
        return f"+{self.n}"


@dataclass(frozen=True)
class RaceState(GameState):
    total: int = 0
    target: int = 10
    to_move: int = 0
    seats: tuple[str, ...] = ("North", "South")

    def candidate_actions(self) -> tuple[Add, ...]:
        return (Add(1), Add(2), Add(3))

    def check(self, action: Any) -> Verdict:
        if not isinstance(action, Add) or not 1 <= action.n <= 3:
            return Verdict(False, "only 1, 2 or 3 may be added", ref("step size"))
        if self.is_over:
            return Verdict(False, "the race is over", ref("end"))
        if self.total + action.n > self.target:
            return Verdict(False, f"the total would pass {self.target}", ref("no overshoot"))
        return Verdict(True, f"adding {action.n} keeps the total within {self.target}", ref("step size"))

    def _advance(self, action: Add):
        ADVANCES["count"] += 1
        after = RaceState(self.total + action.n, self.target, 1 - self.to_move, self.seats)
        event = Event("add", f"{self.seats[self.to_move]} adds {action.n}; the total is {after.total}.",
                      ref("step size"), (("n", action.n),))
        return after, (event,)

    def parse_action(self, text: str) -> Add:
        token = text.strip().lstrip("+")
        if not token.isdigit():
            raise NotationError(f"cannot read {text!r}: write an amount like +2", token=text,
                                expected="+1, +2 or +3")
        return Add(int(token))

    @property
    def is_over(self) -> bool:
        return self.total >= self.target

    @property
    def mover(self) -> int:
        return self.to_move

    def view(self, seat: int | None = None) -> "RaceState":
        return self

    @property
    def names(self) -> tuple[str, ...]:
        return self.seats

    def describe(self, action: Add, viewer: int | None = None) -> str:
        return str(action)  # "+2" is how players of the race say it


PRESETS = Presets("race", {"ten": 10, "twelve": 12})


def start(variant: str, setup: dict) -> RaceState:
    target = PRESETS[variant]
    unknown = set(setup) - {"total", "seats", "seed"}
    if unknown:
        key = sorted(unknown)[0]
        raise NotationError(f"unknown setup key {key!r}", token=key, expected="total | seats | seed")
    return RaceState(total=int(setup.get("total", 0)), target=target,
                     seats=tuple(setup.get("seats", ("North", "South"))))


FAMILY = GameFamily(id="race", title="Race to a target", sources=(SOURCE,), presets=PRESETS, start=start)
# the same rules under a second id, so tests can switch between two games
RELAY = GameFamily(id="relay", title="Relay race", sources=(SOURCE,), presets=PRESETS, start=start)


def lesson(actions: tuple[str | None, ...] = ("+3", "+3", None, "+2"), *, lesson_id: str = "race-basics",
           variant: str = "ten", quiz_at: int | None = None, title: str = "Race basics",
           game: str = "race") -> Lesson:
    """A lesson whose steps play ``actions`` (None: a pause that explains)."""
    steps = []
    for i, action in enumerate(actions):
        quiz = None
        if quiz_at == i:  # asked before step i's action: after "+3" the total is 3
            quiz = Quiz("What may South add now?", "legal-plays", frozenset({"+1", "+2", "+3"}),
                        "Any amount from one to three that does not pass the target.")
        steps.append(Step(action, f"Narration of step {i + 1} ({action or 'pause'}).",
                          ref("step size" if action else "no overshoot"), (), quiz))
    return Lesson(lesson_id, title, game, variant, ref("step size"), "How the race is played.",
                  FrozenMap({}), tuple(steps), "Welcome to the race.")


def catalog(*lessons: Lesson):
    from tutor.model.catalog import Catalog

    return Catalog(lessons or (lesson(),), families={"race": FAMILY, "relay": RELAY})
