"""A study: one start position (a lesson's or a custom setup), the tree of
lines explored from it, and where the learner is in it.

The cursor is a node of the tree plus, on a lesson's line, the lesson step
shown there (a lesson may pause on one position for several steps). Next and
Previous walk the stops of the current line; ``jump`` goes to any lesson step
wherever the tree has put it; ``play`` is the one way to branch: the engine's
check decides, and a refused action changes nothing but the notice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import param
from param.parameterized import batch_call_watchers

from lessons.model import Lesson
from rules.core import GameState
from rules.errors import NotationError
from rules.options import other_readings
from rules.refs import Event, RuleRef, Ruling, Verdict, events_seen_by

from .params import TupleOf
from .quiz import QuizModel, Score
from .tree import ROOT, Node, StudyTree, TreeError

MAX_SAID = 300  # characters of a parse error shown for typed notation


@dataclass(frozen=True)
class Notice:
    """A message for the learner: ``refused`` (the engine said no, with its
    reason and rule), ``error`` (bad input: a link, a file, typed notation) or
    ``info``. Whatever it reports, nothing was changed by the failed attempt."""

    kind: str
    text: str
    ref: RuleRef | None = None
    ruling: Ruling | None = None


@dataclass(frozen=True)
class Edit:
    """One change of the tree, as undo and redo keep it: what it was (``label``, in
    words: "delete 3 positions"), and the tree and cursor on the other side of it."""

    label: str
    tree: StudyTree
    current: int
    step: int | None


NOBODY = -1
"""The viewer while the device changes hands: no seat (a move reads as the table sees it, an
event without its secret data)."""
UNDO_LIMIT = 200  # edits kept for undo; trees share their nodes, so each is small


@dataclass(frozen=True)
class Narration:
    """What the narration pane says at the cursor."""

    heading: str
    text: str
    rule: RuleRef | None = None
    ruling: Ruling | None = None
    events: tuple[Event, ...] = ()
    more: tuple[str, ...] = ()  # on one's own line: what followed the move, one sentence each

    @property
    def summary(self) -> str:
        """Our summary of the cited source section (the one-tap reveal)."""
        return self.rule.summary if self.rule is not None else ""


@dataclass(frozen=True)
class StepItem:
    """One entry of the lesson's step list."""

    index: int  # -1 for the lesson's introduction at the start position
    label: str


@dataclass(frozen=True)
class Choice:
    """An action the learner may try here, with the engine's verdict on it."""

    action: Any
    text: str
    verdict: Verdict


def _stops(node: Node, has_lesson: bool) -> tuple[int | None, ...]:
    """The cursor positions on one node: its lesson steps, after the lesson's
    introduction at the root; a node without steps is one stop (None)."""
    if node.is_root and has_lesson:
        return (None,) + node.steps
    return node.steps or (None,)


def tree_from_lesson(lesson: Any, replayed: tuple[Any, ...], start: GameState[Any]) -> StudyTree:
    """The tree of a lesson's main line, from the loader's replay (the states,
    verdicts and events the engine produced; nothing is replayed again).

    A step without an action pauses on the current position; its index is
    added to that node's ``steps``."""
    tree = StudyTree.start(start)
    node_id = ROOT
    marks: dict[int, list[int]] = {}
    for index, step in enumerate(replayed):
        if step.action is not None:
            tree, node = tree.add(node_id, step.action, str(step.action), step.after, step.verdict,
                                  step.events)
            node_id = node.id
        marks.setdefault(node_id, []).append(index)
    for marked, steps in marks.items():
        tree = tree.with_steps(marked, tuple(steps))
    return tree


class Study(param.Parameterized):
    """The tutor's working state: what is being studied and where the learner is."""

    game: str = param.String(default="", constant=True, doc="Game family id (rules.games).")
    variant: str = param.String(default="", constant=True, doc="Preset name of the game's rules.")
    lesson: Lesson | None = param.ClassSelector(class_=Lesson, default=None, allow_None=True, constant=True,
                                                doc="The lesson studied, or None for a custom setup.")
    setup: dict[str, Any] = param.Dict(default={}, constant=True,
                                       doc="The custom setup (plain data), without a lesson.")
    title: str = param.String(default="", doc="The learner's name for this study (user text).")
    tree: StudyTree = param.ClassSelector(class_=StudyTree, doc="Every line explored, as an immutable tree.")
    current: int = param.Integer(default=ROOT, doc="Id of the node at the cursor.")
    step: int | None = param.Integer(default=None, allow_None=True,
                         doc="Lesson step shown at the cursor; None off the lesson or at its introduction.")
    seat: int | None = param.Integer(default=None, allow_None=True,
                         doc="Whose view the table shows; None shows every card (teaching).")
    covered: bool = param.Boolean(default=False, doc="The device is being handed to another player (Play's "
                                  "pass-and-play): nothing private to any seat is shown or said.")
    # a TupleOf, not a Tuple: param.Tuple(default=()) would fix the length at 0; the items
    # are each table's own (cards, seats, amounts)
    selection: tuple[object, ...] = TupleOf(object, doc="What a renderer has picked while building an action.")
    notice: Notice | None = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                 doc="The last refusal, error or information for the learner.")
    quiz_open: bool = param.Boolean(default=False, doc="A question is asked at the cursor and not yet answered: the "
                                                 "table and the step list hold back what would answer it.")
    quiz_changes: int = param.Integer(default=0, doc="Counts the changes of the question at the cursor (asked, picks, "
                                                "verdict): a move and its question are one change of the study.")
    scores: dict[int, str] = param.Dict(default={}, doc="Lesson step -> how its question first ended "
                                                        "(see tutor.model.quiz).")
    undo_stack: tuple[Edit, ...] = TupleOf(Edit, doc="Edits that Undo takes back, the latest last.")
    redo_stack: tuple[Edit, ...] = TupleOf(Edit, doc="Edits that Redo makes again, the latest last.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.quiz = QuizModel(on_outcome=self._scored)
        self.quiz.param.watch(lambda *_: self._quiz_changed(), ["quiz", "options", "picked", "result", "outcome"])
        self._sync_quiz()

    # -- construction -----------------------------------------------------------
    @classmethod
    def from_lesson(cls, lesson: Any, family: Any, **params: Any) -> "Study":
        """Study a lesson loaded by ``lessons.loader`` (its replay is reused)."""
        from lessons.loader import replay

        replayed = replay(lesson, families=lambda _game: family)
        start = replayed[0].before if replayed else family.start(lesson.variant, lesson.setup_plain())
        tree = tree_from_lesson(lesson, replayed, start)
        return cls(game=lesson.game, variant=lesson.variant, lesson=lesson, tree=tree,
                   current=ROOT, step=None, **params)

    @classmethod
    def from_setup(cls, family: Any, variant: str, setup: Mapping[str, Any], **params: Any) -> "Study":
        start = family.start(variant, dict(setup))
        return cls(game=family.id, variant=variant, setup=dict(setup), tree=StudyTree.start(start), **params)

    # -- where we are -------------------------------------------------------------
    @property
    def node(self) -> Node:
        return self.tree[self.current]

    @property
    def state(self) -> GameState[Any]:
        return self.node.state

    @property
    def steps(self) -> tuple[Any, ...]:
        return tuple(self.lesson.steps) if self.lesson is not None else ()

    def step_node(self, index: int) -> Node:
        """The node where lesson step ``index`` is shown."""
        for node in self.tree.nodes_with_steps():
            if index in node.steps:
                return node
        raise TreeError(f"this lesson has no step {index + 1}")

    def _stops(self, node: Node) -> tuple[int | None, ...]:
        return _stops(node, self.lesson is not None)

    def _position(self) -> tuple[Node, tuple[int | None, ...], int]:
        node = self.node
        stops = self._stops(node)
        return node, stops, stops.index(self.step) if self.step in stops else 0

    @property
    def can_forward(self) -> bool:
        node, stops, at = self._position()
        return at + 1 < len(stops) or bool(node.children)

    @property
    def can_back(self) -> bool:
        node, stops, at = self._position()
        return at > 0 or not node.is_root

    @property
    def viewer(self) -> int | None:
        """Whose knowledge the words of a move and its events follow: the seat shown (None:
        everything), or :data:`NOBODY` while the device is handed over (``covered``)."""
        return NOBODY if self.covered else self.seat

    def step_items(self) -> tuple[StepItem, ...]:
        """The lesson's step list: its introduction, then one entry per step,
        saying in a few words what happened (the first thing the chosen seat
        is told of the move; the move as that seat may read it if nothing) or,
        for a step that only explains, the start of its narration."""
        if self.lesson is None:
            return ()
        shown_at = {index: node for node in self.tree.nodes_with_steps() for index in node.steps}
        items = [StepItem(-1, "Start: " + self.lesson.title)]
        asked = self.quiz.step if self.quiz_open else None
        for index, step in enumerate(self.lesson.steps):
            if asked is not None and index >= asked:
                # the step being asked (and what follows it) would answer the question
                items.append(StepItem(index, f"{index + 1}. " + ("(answer the question first)" if index == asked
                                                                 else "…")))
                continue
            node = shown_at.get(index)
            if step.action and node is not None and not node.is_root:
                told = self.events_seen(node)
                what = _phrase(told[0].text) if told else node.words(self.viewer)
            else:
                what = _phrase(step.narration, clause=False)
            items.append(StepItem(index, f"{index + 1}. {what}"))
        return tuple(items)

    def events_seen(self, node: Node | None = None) -> tuple[Event, ...]:
        """What happened on reaching ``node`` (the cursor's, by default) as the
        chosen seat may learn it: another seat's hidden cards are left out
        (``rules.refs.events_seen_by``); the teaching view learns everything."""
        node = self.node if node is None else node
        return events_seen_by(node.events, self.viewer)

    @property
    def step_item(self) -> int | None:
        """The index of the step list entry at the cursor (-1: introduction);
        None when the cursor is off the lesson's line."""
        if self.lesson is None:
            return None
        if self.step is None:
            return -1 if self.current == ROOT else None
        return self.step

    def narration(self) -> Narration:
        node = self.node
        lesson = self.lesson
        if lesson is not None and self.step is not None:
            step = lesson.steps[self.step]
            # the lesson's text is the teacher's; what happened is told per seat
            return Narration(f"Step {self.step + 1} of {len(lesson.steps)}", step.narration,
                             step.rule, None, self.events_seen(node))
        if node.is_root:
            if lesson is not None:
                return Narration(lesson.title, lesson.intro or lesson.summary, lesson.source)
            return Narration("Start", "The position you set up. Play any legal action to begin a line.")
        verdict = node.verdict
        events = self.events_seen(node)
        # the move, then what followed it, one sentence each (not one run-on paragraph)
        said = [sentence(e.text) for e in events] or [sentence(node.words(self.viewer))]
        heading = _heading(node, lesson is not None and self.tree.on_main_line(node.id), lesson is not None)
        if verdict is None:
            return Narration(heading, said[0], None, None, events, tuple(said[1:]))
        return Narration(heading, said[0], verdict.ref, verdict.ruling, events, tuple(said[1:]))

    # -- moving the cursor --------------------------------------------------------
    def _move(self, node_id: int, step: int | None, **extra: Any) -> None:
        # one batch: whoever watches the cursor and quiz_open (the table) hears the move
        # once, with the question already asked or closed, not first with a stale one
        with batch_call_watchers(self):
            self.param.update(current=node_id, step=step, selection=(), notice=None, **extra)
            self._sync_quiz()

    def _sync_quiz(self) -> None:
        if self.tree is not None:
            index = self.quiz_step()
            quiz = self.lesson.steps[index].quiz if index is not None and self.lesson is not None else None
            self.quiz.ask(quiz, self.state, index, self.scores.get(index, "") if index is not None else "")
            if self.quiz_open != self.quiz.open:
                self.quiz_open = self.quiz.open

    def _quiz_changed(self) -> None:
        # one update of the study (within a move's batch: the move's own update)
        self.param.update(quiz_open=self.quiz.open, quiz_changes=self.quiz_changes + 1)

    def _scored(self, step: int, outcome: str) -> None:
        """A question's first outcome counts (asking it again later does not change it)."""
        if step not in self.scores:
            self.scores = {**self.scores, step: outcome}

    def score(self) -> Score:
        """The lesson's questions and how each first ended."""
        total = sum(1 for step in self.steps if step.quiz is not None)
        return Score(total, tuple(self.scores[i] for i in sorted(self.scores)))

    def quiz_step(self) -> int | None:
        """The lesson step whose question is asked at the cursor. A question
        is asked at the position before its step's action: at the lesson stop
        just before that step (the introduction, for the first step)."""
        if self.lesson is None or (self.step is None and self.current != ROOT):
            return None
        index = 0 if self.step is None else self.step + 1
        if index < len(self.lesson.steps) and self.lesson.steps[index].quiz is not None:
            return index
        return None

    def forward(self) -> bool:
        """Next stop: the next lesson step on this position, else the first
        child (the line's main continuation). False at the end of a line."""
        node, stops, at = self._position()
        if at + 1 < len(stops):
            self._move(node.id, stops[at + 1])
            return True
        if not node.children:
            return False
        child = self.tree[node.children[0]]
        self._move(child.id, self._stops(child)[0])
        return True

    def back(self) -> bool:
        """Previous stop: an earlier step on this position, else the parent."""
        node, stops, at = self._position()
        if at > 0:
            self._move(node.id, stops[at - 1])
            return True
        if node.is_root:
            return False
        assert node.parent is not None  # the root was handled above
        parent = self.tree[node.parent]
        self._move(parent.id, self._stops(parent)[-1])
        return True

    def goto(self, node_id: int) -> None:
        """Put the cursor on ``node_id`` (its first stop)."""
        node = self.tree[node_id]
        self._move(node.id, self._stops(node)[0])

    def move_to(self, node_id: int, step: int | None) -> None:
        """Put the cursor on ``node_id`` at lesson stop ``step`` (its first stop when ``step`` is not
        one of the node's): a position this study showed before (the browser's Back and Forward)."""
        node = self.tree[node_id]
        stops = self._stops(node)
        self._move(node.id, step if step in stops else stops[0])

    def jump(self, index: int) -> None:
        """Go to lesson step ``index`` (``-1``: the introduction)."""
        if self.lesson is None:
            raise TreeError("this study has no lesson steps")
        if index == -1:
            self._move(ROOT, None)
            return
        if not 0 <= index < len(self.lesson.steps):
            raise TreeError(f"this lesson has steps 1 to {len(self.lesson.steps)}, not {index + 1}")
        self._move(self.step_node(index).id, index)

    def to_start(self) -> None:
        self.goto(ROOT)

    def to_end(self) -> None:
        """The end of the current line (following first children)."""
        end = self.tree[self.tree.main_line(self.current)[-1]]
        self._move(end.id, self._stops(end)[-1])

    def back_to_main_line(self) -> None:
        """Leave a variation: back to the position where it left the main line."""
        node = self.tree[self.tree.main_line_ancestor(self.current)]
        self._move(node.id, self._stops(node)[-1])

    # -- branching (the engine decides) ---------------------------------------------
    def choices(self) -> tuple[Choice, ...]:
        """Every candidate action here with the engine's verdict (legal first)."""
        state = self.state
        if state.is_over:
            return ()
        out = [Choice(a, str(a), state.check(a)) for a in state.candidate_actions()]
        return tuple(sorted(out, key=lambda c: not c.verdict.legal))

    def play(self, action: Any) -> Verdict:
        """Play ``action`` from the cursor. Legal: the position is added to the
        tree (or the existing child reused) and the cursor moves there. Refused:
        nothing changes but ``notice``, which carries the engine's reason."""
        tried = self.state.try_play(action)  # the engine checks and plays in one call
        verdict = tried.verdict
        if not tried.legal:
            # where the refusal rests on a table option, say what the other reading gives
            others = " ".join(o.sentence() for o in other_readings(self.state, action))
            text = f"{action} is not allowed: {verdict.reason}" + (f". {others}" if others else "")
            self.notice = Notice("refused", text, verdict.ref, verdict.ruling)
            return verdict
        assert tried.state is not None  # a legal action's try has the position it reaches
        tree, child = self.tree.add(self.current, action, str(action), tried.state, verdict, tried.events)
        extra = {"tree": tree, **self._record(f"play {action}")} if tree is not self.tree else {"tree": tree}
        self._move(child.id, self._stops(child)[0], **extra)
        return verdict

    def play_text(self, text: str) -> Verdict | None:
        """Parse notation typed by the learner and play it. Text that does not
        parse sets an ``error`` notice naming the token; nothing changes."""
        try:
            action = self.state.parse_action(text)
        except NotationError as err:
            typed = text.strip()
            said = str(err) if typed in str(err) else f"{err} (you typed {typed!r})"
            if len(said) > MAX_SAID:  # a pasted page of text is not echoed back whole
                said = said[:MAX_SAID] + "..."
            self.notice = Notice("error", f"Could not read that action: {said}. Nothing was changed.")
            return None
        return self.play(action)

    # -- editing the tree -------------------------------------------------------------
    def _edit(self, make: Callable[[], StudyTree], label: str, fallback: int = ROOT, notice: Notice | None = None) -> bool:
        """Apply one tree edit in a single parameter update, kept for undo; if the
        cursor's node is gone, the cursor moves to ``fallback``."""
        try:
            tree = make()
        except TreeError as err:
            self.notice = Notice("error", str(err))
            return False
        if tree is self.tree:
            return True  # nothing changed: nothing to undo
        record = self._record(label)
        if self.current in tree:
            self.param.update(tree=tree, notice=notice, **record)
        else:
            node = tree[fallback]
            self._move(node.id, self._stops(node)[-1], tree=tree, **record)
            if notice is not None:
                self.notice = notice
        return True

    def _record(self, label: str) -> dict[str, Any]:
        """The undo and redo stacks after an edit made now (redo is forgotten)."""
        edit = Edit(label, self.tree, self.current, self.step)
        return {"undo_stack": (self.undo_stack + (edit,))[-UNDO_LIMIT:], "redo_stack": ()}

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        """Take back the last tree edit: the tree and the cursor as they were before it."""
        if not self.undo_stack:
            self.notice = Notice("info", "There is nothing to undo.")
            return False
        edit = self.undo_stack[-1]
        back = Edit(edit.label, self.tree, self.current, self.step)
        self._move(edit.current, edit.step, tree=edit.tree, undo_stack=self.undo_stack[:-1],
                   redo_stack=self.redo_stack + (back,))
        self.notice = Notice("info", f"Undone: {edit.label}.")
        return True

    def redo(self) -> bool:
        """Make the last undone edit again."""
        if not self.redo_stack:
            self.notice = Notice("info", "There is nothing to redo.")
            return False
        edit = self.redo_stack[-1]
        back = Edit(edit.label, self.tree, self.current, self.step)
        self._move(edit.current, edit.step, tree=edit.tree, undo_stack=self.undo_stack + (back,),
                   redo_stack=self.redo_stack[:-1])
        self.notice = Notice("info", f"Redone: {edit.label}.")
        return True

    def promote(self, node_id: int | None = None) -> bool:
        node_id = self.current if node_id is None else node_id
        return self._edit(lambda: self.tree.promote(node_id), "promote a line")

    def make_main_line(self, node_id: int | None = None) -> bool:
        node_id = self.current if node_id is None else node_id
        return self._edit(lambda: self.tree.make_main_line(node_id), "make a line the main line")

    def delete(self, node_id: int | None = None) -> bool:
        """Delete a variation from ``node_id`` on; if the cursor was in it, it moves to
        the position before. The notice says what went, quoting any notes, and that
        Undo brings it all back."""
        node_id = self.current if node_id is None else node_id
        if node_id not in self.tree:
            return self._edit(lambda: self.tree.delete(node_id), "delete")
        parent = self.tree[node_id].parent
        doomed = self.tree.subtree(node_id)
        notes = [self.tree[i].note for i in doomed if self.tree[i].note]
        what = f"{len(doomed)} position{'s' if len(doomed) != 1 else ''}"
        text = f"Deleted {what}."
        if notes:
            quoted = "; ".join(f"\u201c{n}\u201d" for n in notes)
            text = (f"Deleted {what} and {len(notes)} note{'s' if len(notes) != 1 else ''}: {quoted}. "
                    "Undo brings them back.")
        else:
            text += " Undo brings it back."
        return self._edit(lambda: self.tree.delete(node_id), f"delete {what}",
                          fallback=ROOT if parent is None else parent, notice=Notice("info", text))

    def set_note(self, text: str, node_id: int | None = None) -> None:
        """Attach the learner's note to a position (kept as plain text)."""
        node_id = self.current if node_id is None else node_id
        self._edit(lambda: self.tree.with_note(node_id, text), "change a note" if text else "remove a note")


def _heading(node: Node, main: bool, lesson: bool) -> str:
    """The narration's heading at a move: in a lesson, whether it is the lesson's line or the
    learner's own; in a game or a free study, whose move it is ("Ben's move"; "The table" for a
    step nobody decides, like the deal), as players say it."""
    if lesson:
        return "Main line" if main else "Your line"
    before = node.before
    if node.actor is None or before is None:
        return "The table"
    return f"{before.names[node.actor]}’s move"


def sentence(text: str) -> str:
    """An event's text as a sentence: a capital first and a full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."


def _phrase(text: str, limit: int = 12, clause: bool = True) -> str:
    """A whole short phrase for the step list, never cut mid-phrase: the first clause
    of an event ("Everyone antes 2; the pot is 12" -> "Everyone antes 2"), or with
    ``clause=False`` the first sentence of a narration; longer than ``limit`` words,
    it is cut at its last comma or colon within the limit (marked with an
    ellipsis), and kept whole if it has none."""
    text = " ".join(text.split())
    for stop in (("; ", " (") if clause else ()) + (". ", "? ", "! "):
        head, found, _ = text.partition(stop)
        text = head + (stop.strip() if found and stop.strip() in "?!" else "")
    text = text.rstrip(".")
    if len(text.split()) <= limit:
        return text
    best = ""
    for at, ch in enumerate(text):
        if ch in ",:" and len(text[:at].split()) <= limit and len(text[:at].split()) >= 3:
            best = text[:at]
    return best + " …" if best else text



