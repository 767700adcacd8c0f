"""Play in the app, the page's side of it: who plays each seat of a dealt table (a person,
or the computer at a level), whose cards the table shows, the hand-over of pass-and-play,
the computer's turns playing themselves at the person's pace, and the taps that drive it.
No Panel here.

It follows the app's study in Play (told by the page model, :meth:`PlayMode.follow`). A
**dealt game** (a new deal, the next deal, a rematch) is played with players from its first
card: the person holding the device at the first seat, the computer elsewhere, or whoever was
chosen for the table before. A study opened from a link or a file is not a game: it opens
with every card shown, as a study (``Turn("off")``), until players are chosen for it.

**Hidden stays hidden.** In a game the table shows the seat of the person holding the device
(``holder``), never another's:

* against the computer (one person) the holder is that person, from the first card;
* with two people or more (pass-and-play) the device changes hands: whenever the decision is
  a person's other than the holder's (a new deal, the next turn, after Back or undo) the
  turn is ``pass`` and the study is ``covered`` (nothing private to any seat is drawn or
  said) until that person says they have it (:meth:`PlayMode.taken`);
* every card shows only through :meth:`PlayMode.show_all`, an explicit switch the page asks
  to confirm, named on the table while it is on and off again at the next deal.

**The computer's turns play themselves.** At the end of the line (where a new move is
decided) the strip asks the page to call :meth:`PlayMode.auto` after the pace's delay
(:meth:`PlayMode.autoplay_ms`), so each move stays in view long enough to read; "at once"
plays every computer move up to the person's decision in one call. Pause stops it; "show
me again" goes back to just after the last person's move and steps through the same moves
(they are in the study's tree) at the same pace. Elsewhere in the line (after Back) nothing
plays by itself: the person is looking back.

The moves all go into the study's tree, so the finished game is a study like any other.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import param
from param.parameterized import batch_call_watchers

from .opponents import PERSON, Opponents
from .params import TupleOf
from .review import GameReview
from .study import Study

PACES: dict[str, tuple[str, int]] = {
    "slow": ("Slow", 3200),
    "normal": ("Normal", 1800),
    "fast": ("Fast", 800),
    "at-once": ("At once", 0),
}
"""How long each computer move stays in view before the next (ms), by pace; "at once" plays
them all in one go and lists them."""

RECENT = 8  # the computer's moves listed since the person's last one, at most


@dataclass(frozen=True)
class Turn:
    """What the strip shows now. ``kind``: ``off`` (a study, every seat yours), ``computer``
    (its move is next: ``name``), ``person`` (``name`` to act, with the hint button),
    ``pass`` (hand the device to ``name``, of ``seat``, first), ``over`` (the game has ended)."""

    kind: str
    name: str = ""
    seat: int | None = None


class PlayMode(param.Parameterized):
    """Who plays each seat of the table in Play, what it shows, and its taps.

    The page model (:class:`tutor.model.app.TutorApp`) tells it where the table in Play
    is (:meth:`follow`): it never watches the study itself. Each tap or move changes what
    the strip shows in one update."""

    study: Study | None = param.ClassSelector(class_=Study, default=None, allow_None=True,
                                              doc="The table in Play (a study without a lesson), else None.")
    opponents: Opponents | None = param.ClassSelector(class_=Opponents, default=None, allow_None=True,
                                                      doc="Who plays each seat; None: a study, every seat yours.")
    turn: Turn = param.ClassSelector(class_=Turn, default=Turn("off"), instantiate=False,
                                     doc="What the strip offers now.")
    position: int | None = param.Integer(default=None, allow_None=True,
                                         doc="The study position the turn is for (the strip names it).")
    hint_text: str = param.String(default="", doc="The coach's words for the person to act (shown after Hint).")
    recent: tuple[str, ...] = TupleOf(str, doc="What the others did since the holder's last move, in words "
                                              "as the holder may read them, the newest last.")
    decision_ms: float | None = param.Number(default=None, allow_None=True,
                                             doc="How long the computer's last move took to decide and play, in ms.")
    pace: str = param.Selector(default="normal", objects=list(PACES), doc="How fast the computer's turns play.")
    paused: bool = param.Boolean(default=False, doc="The computer's turns wait for Resume.")
    replaying: bool = param.Boolean(default=False, doc="Showing the others' last moves again (Show me again).")
    all_cards: bool = param.Boolean(default=False, doc="Every card is shown (the person asked, after a warning); "
                                                       "off again at the next deal.")
    dealt: bool = param.Boolean(default=False, doc="The table in Play is a dealt game (else a study opened "
                                                   "from a link or a file).")
    review: GameReview = param.ClassSelector(class_=GameReview, constant=True,
                                             doc="The game once it is over: who won and how, its moves.")

    def __init__(self, **params: Any) -> None:
        params.setdefault("review", GameReview())
        super().__init__(**params)
        self._hint: Any = None
        self._levels: list[str] | None = None  # who played each seat at the last table (kept for the next)

    # -- following the study (told by the page model) --------------------------------------------
    def follow(self, study: Study | None, dealt: bool = False) -> None:
        """The table in Play is ``study`` (None: no table in Play), at its cursor now; ``dealt``:
        it is a game dealt in Play (played with players from its first card)."""
        if study is self.study:
            self._moved()
            return
        with batch_call_watchers(self):  # another table: the strip hears of it once
            self.param.update(study=study, dealt=dealt and study is not None, all_cards=False, paused=False,
                              replaying=False)
            if study is not None and dealt:
                self._seat_players(self._table_levels(len(study.state.names)), keep_holder=False)
                return
            self.opponents = None  # a study from a link or a file: every card, until players are chosen
            self._moved()

    def _table_levels(self, players: int) -> list[str]:
        """Who plays each seat of a new table: as at the last table of its size, else the
        person holding the device at the first seat and the computer elsewhere."""
        levels = self._levels
        if levels is None or len(levels) != players:
            levels = Opponents.seated(players).levels
        return list(levels)

    @staticmethod
    def _seed(study: Study) -> str:
        return f"{study.game}/{study.setup.get('seed', 0)}"

    # -- the settings ---------------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        study = self.study
        return tuple(study.state.names) if study is not None else ()

    def levels(self) -> list[str]:
        """Per seat: who plays it now, or the suggestion (you at the first seat, the computer
        at standard elsewhere) while the table is a study."""
        if self.opponents is not None:
            return list(self.opponents.levels)
        return self._table_levels(len(self.names()))

    def start(self, levels: list[str]) -> None:
        """Play this table with ``levels`` per seat (``PERSON`` or a computer level); the person
        holding the device keeps it if they still play."""
        self._seat_players(levels, keep_holder=True)

    def _seat_players(self, levels: list[str], keep_holder: bool) -> None:
        study = self.study
        if study is None:
            return
        if len(levels) != len(study.state.names):
            raise ValueError(f"{len(levels)} players given for a table of {len(study.state.names)}")
        opponents = Opponents(levels=list(levels), seed=self._seed(study))  # refuses an unknown level
        persons = opponents.persons()
        held = self.opponents.last_person if keep_holder and self.opponents is not None else None
        # one person holds the device throughout; several pass it, starting with a hand-over
        opponents.last_person = persons[0] if len(persons) == 1 else (held if held in persons else None)
        self._levels = list(levels)
        with batch_call_watchers(self):
            self.opponents = opponents
            self._moved()

    def stop(self) -> None:
        """A study again (only for a table opened from a link or a file): every seat yours,
        every card shown."""
        if self.dealt:
            return
        with batch_call_watchers(self):
            self.opponents = None
            if self.study is not None:
                self.study.param.update(seat=None, covered=False)
            self._moved()

    def show_all(self, on: bool) -> None:
        """The all-cards switch (the page warns first): every card shown, or the holder's again."""
        if self.opponents is None or self.all_cards == on:
            return
        with batch_call_watchers(self):
            self.all_cards = on
            self._moved()

    def set_pace(self, pace: str) -> None:
        if pace in PACES and pace != self.pace:
            self.pace = pace

    def pause(self, on: bool = True) -> None:
        with batch_call_watchers(self):
            self.paused = on
            if on:
                self.replaying = False

    # -- what the strip offers ---------------------------------------------------------------
    def _moved(self) -> None:
        """What the strip offers at the cursor, and whose cards the table shows, in one update."""
        study = self.study
        self._hint = None
        turn = self._turn(study)
        shown: dict[str, Any] = {"hint_text": "", "turn": turn,
                                 "position": None if study is None else study.current,
                                 "recent": self._recent(study, turn)}
        if self.replaying and (study is None or turn.kind != "computer"):
            shown["replaying"] = False  # shown again up to the person's decision
        changed = {k: v for k, v in shown.items() if getattr(self, k) != v}
        if changed:
            self.param.update(changed)
        if study is not None and self.opponents is not None:
            self._show_seat(study, turn)
        self.review.follow(study, None if self.opponents is None else self.opponents.persons())

    def _show_seat(self, study: Study, turn: Turn) -> None:
        """The table shows the holder's seat; nothing private during a hand-over; every card
        with the switch on, or at a table of computers only (nobody's cards to hide)."""
        seats = self.opponents
        assert seats is not None
        covered = turn.kind == "pass"
        seat = study.seat
        if not covered:
            seat = None if self.all_cards or not seats.persons() else seats.last_person
        if (study.seat, study.covered) != (seat, covered):
            study.param.update(seat=seat, covered=covered)

    def _turn(self, study: Study | None) -> Turn:
        seats = self.opponents
        if study is None or seats is None:
            return Turn("off")
        state = study.state
        if state.is_over:
            return Turn("over")
        seat = state.mover
        persons = seats.persons()
        holder = seats.last_person
        if len(persons) >= 2:
            if seat in persons and seat != holder:
                return Turn("pass", state.names[seat], seat)
            if holder is None:  # nobody has the device yet: the next person to decide takes it
                due = self._next_person(seat, persons, len(state.names))
                return Turn("pass", state.names[due], due)
        if seats.computer_to_move(study):
            return Turn("computer", state.names[seat] if seat is not None else "The table", seat)
        assert seat is not None  # a person is to move
        return Turn("person", state.names[seat], seat)

    @staticmethod
    def _next_person(seat: int | None, persons: tuple[int, ...], players: int) -> int:
        start = 0 if seat is None else seat
        return min(persons, key=lambda s: (s - start) % players)

    def _recent(self, study: Study | None, turn: Turn) -> tuple[str, ...]:
        """The others' moves since the holder's own last move (or the start), as the holder
        may read them: read off the tree, so Back and "show me again" list what led here."""
        seats = self.opponents
        if study is None or seats is None or turn.kind in ("pass", "off"):
            return ()
        holder = seats.last_person
        viewer = None if self.all_cards else holder
        tree, node_id = study.tree, study.current
        said: list[str] = []
        while len(said) < RECENT:
            node = tree[node_id]
            if node.parent is None or (node.actor is not None and node.actor == holder):
                break
            words = node.words(viewer)
            said.append(words[0].upper() + words[1:] + ("" if words.endswith(".") else "."))
            node_id = node.parent
        return tuple(reversed(said))

    # -- the computer's turns ------------------------------------------------------------------
    def autoplay_ms(self) -> int | None:
        """The delay after which the page should call :meth:`auto` (0: at once), or None when
        nothing plays by itself here (a person's turn, paused, or a position looked back at)."""
        study = self.study
        if study is None or self.turn.kind != "computer" or self.paused:
            return None
        if study.node.children and not self.replaying:
            return None  # looking back in the line: the person steps with Next
        return PACES[self.pace][1]

    def auto(self, position: int | None = None) -> None:
        """The page's timer: play the computer's next move (at once: all of them up to the
        person's decision), or while showing again step to the next move already played.
        A tick drawn for another position than the cursor's is ignored."""
        study = self.study
        if study is None or (position is not None and position != study.current) or self.autoplay_ms() is None:
            return
        if study.node.children:  # showing again: the moves are in the tree
            study.forward()
            if self.position != study.current:
                self._moved()
            return
        if self.pace == "at-once":
            self.computer_moves()
        else:
            self.computer_move()

    def computer_move(self) -> None:
        """Play the computer's next move (one), timed; the strip hears of it once."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or not seats.computer_to_move(study):
            return
        with batch_call_watchers(self):
            t0 = time.perf_counter()
            seats.play_one(study)  # the page model tells follow() where the table is now
            self.decision_ms = round((time.perf_counter() - t0) * 1000, 1)
            if self.position != study.current:  # no page model told follow() (the mode used alone)
                self._moved()

    def computer_moves(self) -> None:
        """Every computer move up to the next person's decision or the end, in one update."""
        study, seats = self.study, self.opponents
        if study is None or seats is None:
            return
        with batch_call_watchers(self):
            t0 = time.perf_counter()
            seats.play_until_person(study)
            self.decision_ms = round((time.perf_counter() - t0) * 1000, 1)
            if self.position != study.current:
                self._moved()

    def show_again(self) -> None:
        """Go back to just after the last person's move (or the start of the deal) and show
        the others' moves again, at the pace, up to here."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or self.turn.kind not in ("person", "over"):
            return
        persons = set(seats.persons())
        tree, node_id = study.tree, study.current
        while True:
            node = tree[node_id]
            if node.parent is None or (node.actor is not None and node.actor in persons):
                break
            node_id = node.parent
        if node_id == study.current:
            return
        with batch_call_watchers(self):
            self.param.update(replaying=True, paused=False)
            study.goto(node_id)
            if self.position != study.current:
                self._moved()

    # -- the people ---------------------------------------------------------------------------
    def taken(self) -> None:
        """The person the device was passed to has it: show their cards."""
        study, seats = self.study, self.opponents
        if study is None or seats is None or self.turn.kind != "pass":
            return
        seats.last_person = self.turn.seat
        with batch_call_watchers(self):
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
            text += f" (rule: {hint.ref.section})"
        self.hint_text = text

    def follow_hint(self) -> None:
        """Play the move the coach suggested."""
        study, hint = self.study, self._hint
        if study is None or hint is None or self.turn.kind != "person" or study.state.mover != hint.seat:
            return
        study.play(hint.action)

    @property
    def covered(self) -> bool:
        """A hand-over is on: the page beneath shows nothing private and takes no keys."""
        return self.turn.kind == "pass"


__all__ = ["PACES", "PERSON", "PlayMode", "Turn"]
