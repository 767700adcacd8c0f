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
from param.parameterized import batch_call_watchers

from .opponents import PERSON, Opponents
from .study import Study


@dataclass(frozen=True)
class Turn:
    """What the strip shows now. ``kind``: ``off`` (free play), ``computer`` (its move is
    next: ``name``), ``person`` (``name`` to act, with the hint button), ``pass`` (hand the
    phone to ``name`` first), ``over`` (the game has ended)."""

    kind: str
    name: str = ""
    seat: int | None = None


class PlayMode(param.Parameterized):
    """Who plays each seat of the table in Play, and the taps of play against the computer.

    The page model (:class:`tutor.model.app.TutorApp`) tells it where the table in Play
    is (:meth:`follow`): it never watches the study itself. Each tap or move changes what
    the strip shows in one update."""

    study: Study | None = param.ClassSelector(class_=Study, default=None, allow_None=True,
                                              doc="The table in Play (a study without a lesson), else None.")
    opponents: Opponents | None = param.ClassSelector(class_=Opponents, default=None, allow_None=True,
                                                      doc="Who plays each seat; None: free play, every seat yours.")
    turn: Turn = param.ClassSelector(class_=Turn, default=Turn("off"), instantiate=False,
                                     doc="What the strip offers now.")
    position: int | None = param.Integer(default=None, allow_None=True,
                                         doc="The study position the turn is for (the strip names it).")
    hint_text: str = param.String(default="", doc="The coach's words for the person to act (shown after Hint).")
    last_move: str = param.String(default="", doc="The computer's last move, in words.")
    decision_ms: float | None = param.Number(default=None, allow_None=True,
                                             doc="How long the computer's last move took to decide and play, in ms.")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._hint: Any = None
        self._played_at: int | None = None  # the position the computer's last move led to

    # -- following the study (told by the page model) --------------------------------------------
    def follow(self, study: Study | None) -> None:
        """The table in Play is ``study`` (None: no table in Play), at its cursor now."""
        if study is self.study:
            self._moved()
            return
        with batch_call_watchers(self):  # another table: the strip hears of it once
            self.study = study
            if study is not None and self.opponents is not None:
                # a new deal of the same table keeps who plays each seat; another table size starts over
                levels = list(self.opponents.levels)
                if len(levels) != len(study.state.names):
                    levels = Opponents.seated(len(study.state.names)).levels
                self.start(levels)
                return
            self._moved()

    @staticmethod
    def _seed(study: Study) -> str:
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
        opponents = Opponents(levels=list(levels), seed=self._seed(study))  # refuses an unknown level
        persons = opponents.persons()
        mover = study.state.mover
        holder = mover if mover in persons else (persons[0] if persons else None)
        opponents.last_person = holder
        with batch_call_watchers(self):
            self.opponents = opponents
            study.seat = holder
            self._moved()

    def stop(self) -> None:
        """Back to free play: every seat yours, every card shown."""
        with batch_call_watchers(self):
            self.opponents = None
            if self.study is not None:
                self.study.seat = None
            self._moved()

    # -- what the strip offers ---------------------------------------------------------------
    def _moved(self) -> None:
        """What the strip offers at the cursor, in one update (only what changed)."""
        study = self.study
        self._hint = None
        shown: dict[str, Any] = {"hint_text": "", "turn": self._turn(study),
                                 "position": None if study is None else study.current}
        if study is None or study.current != self._played_at:
            shown["last_move"] = ""  # said only while its position is shown (not after a person's move)
        changed = {k: v for k, v in shown.items() if getattr(self, k) != v}
        if changed:
            self.param.update(changed)

    def _turn(self, study: Study | None) -> Turn:
        seats = self.opponents
        if study is None or seats is None:
            return Turn("off")
        state = study.state
        if state.is_over:
            return Turn("over")
        seat = state.mover
        if seats.computer_to_move(study):
            return Turn("computer", state.names[seat] if seat is not None else "The table", seat)
        handover = seats.pass_to(study)
        if handover is not None:
            return Turn("pass", handover, seat)
        assert seat is not None  # a person is to move
        seats.last_person = seat
        if study.seat != seat:
            study.seat = seat
        return Turn("person", state.names[seat], seat)

    # -- taps ---------------------------------------------------------------------------------
    def computer_move(self) -> None:
        """Play the computer's next move (one), timed; the strip hears of it once."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or not seats.computer_to_move(study):
            return
        with batch_call_watchers(self):
            t0 = time.perf_counter()
            played = seats.play_one(study)  # the page model tells follow() where the table is now
            ms = round((time.perf_counter() - t0) * 1000, 1)
            if played is not None:
                self._played_at = study.current
                words = f"{played.name}: {played.words}." if played.name else f"{played.words}."
                self.param.update(decision_ms=ms, last_move=words)
            else:
                self.decision_ms = ms
            if self.position != study.current:  # no page model told follow() (the mode used alone)
                self._moved()

    def taken(self) -> None:
        """The person the phone was passed to has it: show their cards."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or self.turn.kind != "pass":
            return
        seats.last_person = self.turn.seat
        with batch_call_watchers(self):
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
