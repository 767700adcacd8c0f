"""Play against the computer in the app (issue 15), the page's side of it: whether the
table in Play is played against the computer (or passed round between people), what
the strip above the table offers now, and the taps that drive it. No Panel here.

It follows the app's study in Play. With no :class:`~.opponents.Opponents` set the
table is free play as before (every seat is yours, the teaching view). Once people and
computer levels are set per seat:

* the table shows the cards of the person holding the phone (``study.seat``), so the
  legal plays are outlined as in the lessons, and a computer seat's hand stays hidden;
* when the computer is to move the strip offers "Ben's move": each tap plays one of its
  moves into the study (Back then the tap again shows the same move: the players are
  seeded by the position, see :mod:`.opponents`);
* when a person is to move, "Hint" asks the coach (``players.coach``);
* when the next person is not the one holding the phone (pass-and-play), a hand-over
  screen hides the cards until that person taps it.

The moves all go into the study's tree, so the finished game is a study like any other
(the Lines and Share drawers work on it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import param

from .opponents import PERSON, Opponents


@dataclass(frozen=True)
class Turn:
    """What the strip shows now. ``kind``: ``off`` (free play), ``computer`` (its move is
    next: ``name``), ``person`` (``name`` to act, with the hint button), ``pass`` (hand the
    phone to ``name`` first), ``over`` (the game has ended)."""

    kind: str
    name: str = ""
    seat: int | None = None


class PlayMode(param.Parameterized):
    """Who plays each seat of the table in Play, and the taps of play against the computer."""

    app = param.Parameter(default=None, doc="The tutor.model.app.TutorApp whose study is played.")
    opponents = param.ClassSelector(class_=Opponents, default=None, allow_None=True,
                                    doc="Who plays each seat; None: free play, every seat yours.")
    turn = param.ClassSelector(class_=Turn, default=Turn("off"), doc="What the strip offers now.")
    hint_text = param.String(default="", doc="The coach's words for the person to act (shown after Hint).")
    last_move = param.String(default="", doc="The computer's last move, in words.")
    decision_ms = param.Number(default=None, allow_None=True,
                               doc="How long the computer's last move took to decide and play, in ms.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._study: Any = None
        self._watcher: Any = None
        self._hint: Any = None
        self._played_at: int | None = None  # the position the computer's last move led to
        self.app.param.watch(self._study_replaced, ["study", "job"])
        self._study_replaced()

    # -- following the study ------------------------------------------------------------
    @property
    def study(self) -> Any:
        study = self.app.study
        return study if study is not None and study.lesson is None else None

    def _study_replaced(self, *_events: Any) -> None:
        study = self.study
        if study is self._study:
            return
        if self._study is not None and self._watcher is not None:
            self._study.param.unwatch(self._watcher)
        self._study, self._watcher = study, None
        if study is not None:
            self._watcher = study.param.watch(lambda *_: self._moved(), ["current"])
            if self.opponents is not None:
                # a new deal of the same table keeps who plays each seat; another table size starts over
                levels = list(self.opponents.levels)
                if len(levels) != len(study.state.names):
                    levels = Opponents.seated(len(study.state.names)).levels
                self.start(levels)
                return
        self._moved()

    @staticmethod
    def _seed(study: Any) -> str:
        return f"{study.game}/{study.setup.get('seed', 0)}"

    # -- the settings ---------------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        study = self.study
        return tuple(study.state.names) if study is not None else ()

    def levels(self) -> list[str]:
        """Per seat: who plays it now, or the suggestion (you at the first seat, the computer
        at standard elsewhere) while free play is on."""
        if self.opponents is not None:
            return list(self.opponents.levels)
        return Opponents.seated(len(self.names())).levels

    def start(self, levels: list[str]) -> None:
        """Play this table with ``levels`` per seat (``PERSON`` or a computer level)."""
        study = self.study
        if study is None:
            return
        if len(levels) != len(study.state.names):
            raise ValueError(f"{len(levels)} players given for a table of {len(study.state.names)}")
        self.opponents = Opponents(levels=list(levels), seed=self._seed(study))  # refuses an unknown level
        persons = self.opponents.persons()
        mover = study.state.mover
        holder = mover if mover in persons else (persons[0] if persons else None)
        self.opponents.last_person = holder
        study.seat = holder
        self._moved()

    def stop(self) -> None:
        """Back to free play: every seat yours, every card shown."""
        self.opponents = None
        if self.study is not None:
            self.study.seat = None
        self._moved()

    # -- what the strip offers ---------------------------------------------------------------
    def _moved(self) -> None:
        study, seats = self.study, self.opponents
        self._hint = None
        self.hint_text = ""
        if study is None or study.current != self._played_at:
            self.last_move = ""  # said only while its position is shown (not after a person's move)
        if study is None or seats is None:
            self.turn = Turn("off")
            return
        state = study.state
        if state.is_over:
            self.turn = Turn("over")
            return
        if seats.computer_to_move(study):
            seat = state.mover
            self.turn = Turn("computer", state.names[seat] if seat is not None else "The table", seat)
            return
        seat = state.mover
        handover = seats.pass_to(study)
        if handover is not None:
            self.turn = Turn("pass", handover, seat)
            return
        seats.last_person = seat
        if study.seat != seat:
            study.seat = seat
        self.turn = Turn("person", state.names[seat], seat)

    # -- taps ---------------------------------------------------------------------------------
    def computer_move(self) -> None:
        """Play the computer's next move (one), timed."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or not seats.computer_to_move(study):
            return
        t0 = time.perf_counter()
        played = seats.play_one(study)
        self.decision_ms = round((time.perf_counter() - t0) * 1000, 1)
        if played is not None:
            self._played_at = study.current
            self.last_move = f"{played.name}: {played.words}." if played.name else f"{played.words}."
        self._moved()

    def taken(self) -> None:
        """The person the phone was passed to has it: show their cards."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or self.turn.kind != "pass":
            return
        seats.last_person = self.turn.seat
        study.seat = self.turn.seat
        self._moved()

    def hint(self) -> None:
        """The coach's suggestion for the person to act, with its reason and rule."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or self.turn.kind != "person":
            return
        hint = seats.hint(study)
        self._hint = hint
        if hint is None:
            self.hint_text = "No suggestion here."
            return
        text = hint.text
        if hint.ref is not None:
            text += f" (rule: {hint.ref})"
        self.hint_text = text

    def follow_hint(self) -> None:
        """Play the move the coach suggested."""
        study, hint = self.study, self._hint
        if study is None or hint is None or self.turn.kind != "person" or study.state.mover != hint.seat:
            return
        study.play(hint.action)


__all__ = ["PERSON", "PlayMode", "Turn"]
