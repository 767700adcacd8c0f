"""A toy game for the tests, registered like any game (``rules.games``) from its own files.

"Race to a target": players take turns adding 1, 2 or 3 to a running total;
whoever reaches the target exactly wins, and passing it is not allowed. It
follows the ``rules.core.GameState`` contract (one ``check`` decides and
explains), and it counts how often states are advanced so tests can prove the
tree never replays from the start.

Its parts live beside it: computer players (:mod:`.players`), a checker form
(:mod:`.checker`), a guide (:mod:`.guide`), a drill (:mod:`.drills`) and a
lesson (``lessons/race/``); its table is the tutor's default one. :func:`register`
adds it (and the same rules as "relay", so tests can switch between two games)
to the registry; :func:`unregister` takes it out again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import Action, GameOutcome, GameState, GameView, Presets
from rules.errors import NotationError
from rules.games import GameFamily, Registration
from rules.games import register as register_game
from rules.games import unregister as unregister_game
from rules.refs import SECTIONS, Event, RuleRef, Verdict

import rules.palace  # noqa: F401  (registers the source the toy game cites)

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

    def view(self, seat: int | None = None) -> "RaceView":
        return RaceView(seat, self.total, self.target, self.to_move, self.seats, self)

    def game_outcome(self) -> GameOutcome | None:
        if not self.is_over:
            return None
        winner = 1 - self.to_move  # whoever made the last move reached the target
        return GameOutcome(f"{self.seats[winner]} reaches {self.target}", ref("end"), (winner,),
                           ((winner,), (self.to_move,)))

    @property
    def names(self) -> tuple[str, ...]:
        return self.seats

    def describe(self, action: Add, viewer: int | None = None) -> str:
        return str(action)  # "+2" is how players of the race say it


@dataclass(frozen=True)
class RaceView(GameView):
    """What a seat sees of the race: everything (nothing is hidden)."""

    seat: int | None
    total: int
    target: int
    to_move: int
    seats: tuple[str, ...]
    state: RaceState = field(repr=False, compare=False)

    @property
    def mover(self) -> int:
        return self.to_move

    def legal_actions(self) -> tuple[Add, ...]:
        if self.seat is not None and self.seat != self.to_move:
            return ()
        return self.state.legal_actions()

    def unseen(self) -> tuple:
        return ()

    def determinize(self, rng: Any) -> RaceState:
        return self.state


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


LESSONS = Path(__file__).parent / "lessons"
"""The toy's lessons, beside the shipped ones (``lessons/<game id>/<lesson id>.toml``)."""

PARTS = {
    "players": "racegame.players",
    "table": "tutor.views.renderer:DefaultRenderer",
    "checker": "racegame.checker:FORMS",
    "guide": "racegame.guide:GUIDE",
    "lessons": "racegame:LESSONS",
    "drills": "racegame.drills",
}
REGISTRATIONS = (
    Registration(id="race", title="Race to a target", engine="racegame", parts=PARTS),
    Registration(id="relay", title="Relay race", engine="racegame.relay",
                 parts={**PARTS, "checker": "racegame.checker:RELAY_FORMS", "guide": "racegame.guide:RELAY_GUIDE"}),
)


def register() -> None:
    """The toy's source section and its two registrations."""
    SECTIONS[SOURCE][SECTION] = "Players add one to three to a total; reaching the target wins."
    for entry in REGISTRATIONS:
        register_game(entry)


def unregister() -> None:
    SECTIONS[SOURCE].pop(SECTION, None)
    for entry in REGISTRATIONS:
        unregister_game(entry.id)
