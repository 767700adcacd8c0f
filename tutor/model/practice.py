"""Practice in the app: endless drills made by the engines (``practice``), for the rules of
the table, with each clause's strength kept on this device (``practice.mastery``).

A drill is made for a clause of the rule set's clause matrix, from a fresh seed: the queue
(:meth:`practice.mastery.Mastery.queue`) mixes the clauses due for review with the weak and
the new ones. The learner taps a choice (or picks several, then checks); the engine is asked
then (``Drill.grade``): right or wrong, why, the section. The answer is recorded in the
mastery (FSRS), which the page keeps in the browser's storage as the text
``Mastery.to_json`` writes; stored text that cannot be read is refused with the reason and
never written over (as the course's progress, :mod:`.course`).
"""

from __future__ import annotations

import random
from typing import Any

import param

from practice import clauses, make_drill
from practice.mastery import Mastery, ProgressFileError
from practice.quiz import Quiz

from .drill_table import DrillTable, drill_table
from .params import TupleOf

STORAGE_KEY = "palace-tutor-mastery"
QUIZ_TAG = "q1~"  # a quiz link's fragment starts so (practice.quiz token)
QUEUE = 5  # how many clauses the queue offers to pick the next one from (one at random, not the last one)


def preset_of(variant: str) -> str:
    return variant.split("+")[0]


class PracticeModel(param.Parameterized):
    """The drill in front of the learner, their picks and the verdict, and their mastery."""

    game: str = param.String(default="", doc="The game drilled ('' before Practice is opened).")
    variant: str = param.String(default="", doc="The preset of the table's rules.")
    options: dict[str, str] = param.Dict(default={}, doc="The table's options on top of the preset (name: choice).")
    drill: Any = param.Parameter(default=None, doc="The drill asked (practice.Drill), or None.")
    picked: tuple[str, ...] = TupleOf(str, doc="The choices picked (a several-answer drill).")
    graded: Any = param.Parameter(default=None, doc="The engine's verdict on the answer (practice.Graded), or None.")
    problem: str = param.String(default="", doc="Why no drill can be made, or the progress could not be read.")
    mastery: Mastery = param.ClassSelector(class_=Mastery, default=Mastery(), instantiate=False,
                                           doc="Each clause's strength on this device.")
    stored: str = param.String(default="", doc="The mastery as storage text: what the bridge writes.")
    writable: bool = param.Boolean(default=True, doc="False while the stored text could not be read.")
    loaded: bool = param.Boolean(default=False, doc="The device's stored mastery has been read.")
    quiz: Any = param.Parameter(default=None, doc="A table's quiz being answered (practice.quiz.Quiz), or None.")
    quiz_at: int = param.Integer(default=0, doc="The quiz's question shown (from 0).")
    quiz_answers: tuple[bool, ...] = TupleOf(bool, doc="Each quiz question answered so far: right or not.")
    quiz_link: str = param.String(default="", doc="The last quiz a teacher made, as its link token.")

    def __init__(self, seed: int | None = None, **params: Any):
        super().__init__(**params)
        self._rng = random.Random(seed)

    # -- the table's rules ---------------------------------------------------------------------
    def clause_ids(self) -> tuple[str, ...]:
        """The clauses with a drill under the table's preset (its own matrix)."""
        if not self.game:
            return ()
        try:
            every = clauses(self.game)
        except ImportError:  # a game without a practice module
            return ()
        return tuple(c.id for c in every if c.make is not None and c.variant == self.variant)

    def start(self, game: str, variant: str, options: dict[str, str] | None = None) -> None:
        """Practise ``game`` under this preset and options: the first drill."""
        self.param.update(game=game, variant=preset_of(variant), options=dict(options or {}), drill=None,
                          graded=None, picked=(), problem="", quiz=None, quiz_at=0, quiz_answers=())
        self.next()

    def next(self) -> bool:
        """The next drill: a clause from the queue (not the one just asked), a fresh seed; in a
        table's quiz, its next question (after the last one, none: the score is shown)."""
        if self.quiz is not None:
            return self._quiz_next()
        ids = self.clause_ids()
        if not ids:
            self.param.update(drill=None, graded=None, picked=(),
                              problem="There are no drills for these rules yet.")
            return False
        last = self.drill.clause if self.drill is not None else ""
        queue = [c for c in self.mastery.queue(ids, size=QUEUE) if c != last] or [c for c in ids if c != last]
        queue = queue or list(ids)
        self._rng.shuffle(queue)  # any of the first few the queue offers: due, weak and new ones take turns
        for clause in queue:
            seed = self._rng.randrange(1, 10**6)
            try:
                drill = make_drill(clause, seed=seed, variant=self.variant, options=self.options)
            except ValueError:  # a table option this clause's rule set does not take
                continue
            self.param.update(drill=drill, graded=None, picked=(), problem="")
            return True
        self.param.update(drill=None, graded=None, picked=(), problem="No drill fits these rules.")
        return False

    # -- answering -----------------------------------------------------------------------------
    def pick(self, key: str) -> None:
        """A choice tapped: the answer of a one-answer drill; picked or unpicked in a several-answer one."""
        drill = self.drill
        if drill is None or self.graded is not None or key not in {c.key for c in drill.choices}:
            return
        if not drill.several:
            self._grade((key,))
            return
        picked = tuple(k for k in self.picked if k != key) if key in self.picked else self.picked + (key,)
        self.picked = picked

    def table(self) -> DrillTable | None:
        """The drill's table where its cards answer by a tap (:mod:`.drill_table`), or None."""
        return drill_table(self.drill)

    def tap(self, key: str) -> None:
        """A card tapped on the drill's table: the choice it answers, as if its button were
        pressed (a key the table does not offer is ignored)."""
        table = self.table()
        if table is not None and key in table.keys():
            self.pick(key)

    def check(self) -> None:
        """Check the picks of a several-answer drill (at least one)."""
        if self.drill is not None and self.graded is None and self.picked:
            self._grade(self.picked)

    def _grade(self, keys: tuple[str, ...]) -> None:
        graded = self.drill.grade(list(keys))
        mastery = self.mastery.record(self.drill.clause, graded.correct)
        changes: dict[str, Any] = {"graded": graded, "picked": keys, "mastery": mastery}
        if self.quiz is not None:
            changes["quiz_answers"] = self.quiz_answers + (graded.correct,)
        if self.writable and self.loaded:
            changes["stored"] = mastery.to_json()
        self.param.update(**changes)

    # -- a quiz for a table ------------------------------------------------------------------------
    def make_quiz(self, clause_ids: list[str], seed: str, length: str) -> bool:
        """A teacher's quiz of these clauses (of the rule set practised), a seed, a length: its
        link token in ``quiz_link``; a refusal says why in ``problem``."""
        try:
            number = int(length) if length.strip().isdigit() else -1
            quiz = Quiz.make(clause_ids, seed.strip(), number, variant=self.variant or None,
                             options=self.options or None)
        except ValueError as err:  # NotationError: the rules, seed or length it cannot take
            self.problem = f"No quiz made: {str(err)[:200]}."
            return False
        self.param.update(quiz_link=quiz.token, problem="")
        return True

    def open_quiz(self, token: str) -> bool:
        """Answer the quiz of this link token from its first question; a bad token changes nothing
        (``problem`` says why)."""
        try:
            quiz = Quiz.from_token(token)
            first = quiz.drill(0)
        except ValueError as err:
            self.problem = f"That quiz link cannot be opened: {str(err)[:200]}. Nothing was changed."
            return False
        self.param.update(quiz=quiz, quiz_at=0, quiz_answers=(), game=first.game, variant=preset_of(first.variant),
                          options=dict(quiz.options), drill=first, graded=None, picked=(), problem="")
        return True

    def leave_quiz(self) -> None:
        """Back to practice of one's own."""
        self.param.update(quiz=None, quiz_at=0, quiz_answers=())
        self.next()

    def _quiz_next(self) -> bool:
        quiz = self.quiz
        if self.graded is None and self.drill is not None:
            return False  # a quiz's question is answered before the next one
        at = self.quiz_at + 1
        if at >= quiz.length:
            self.param.update(drill=None, graded=None, picked=(), quiz_at=quiz.length)
            return False
        self.param.update(drill=quiz.drill(at), graded=None, picked=(), quiz_at=at)
        return True

    def quiz_words(self) -> str:
        """"Question 3 of 10", or at the end "Your score: 7 of 10 right"."""
        quiz = self.quiz
        if quiz is None:
            return ""
        if self.quiz_at >= quiz.length:
            return f"Your score: {sum(self.quiz_answers)} of {quiz.length} right"
        return f"Question {self.quiz_at + 1} of {quiz.length}"

    def adopt(self, mastery: Mastery) -> None:
        """Take this mastery (an imported file merged with this device's)."""
        changes: dict[str, Any] = {"mastery": mastery}
        if self.writable and self.loaded:
            changes["stored"] = mastery.to_json()
        self.param.update(**changes)

    # -- reading -------------------------------------------------------------------------------
    def known_words(self, what: str) -> str:
        """"3 of 54 house rules known"."""
        return self.mastery.progress(self.clause_ids()).sentence(what)

    # -- the device's storage --------------------------------------------------------------------
    def load(self, text: str) -> None:
        """The text the device had stored when the page started ('' when none)."""
        try:
            disk = Mastery.from_json(text) if text.strip() else Mastery()
        except ProgressFileError as err:
            self.param.update(loaded=True, writable=False,
                              problem=f"Your saved practice could not be read: {err}. It is kept as it is; "
                                      "what you practise now is not saved on this device.")
            return
        mastery = disk
        for record in self.mastery.records:  # answers given before the device's text arrived
            for _ in range(record.right):
                mastery = mastery.record(record.clause, True)
            for _ in range(record.wrong):
                mastery = mastery.record(record.clause, False)
        self.param.update(loaded=True, writable=True, mastery=mastery, stored=mastery.to_json(),
                          problem="" if self.problem.startswith("Your saved practice") else self.problem)

    def changed(self, text: str) -> None:
        """Another tab stored its mastery: it is taken (its answers are newer than the text read)."""
        try:
            self.mastery = Mastery.from_json(text) if text.strip() else self.mastery
        except ProgressFileError:
            return

    def written(self, text: str) -> None:
        return None

    def storage_failed(self, message: str) -> None:
        self.problem = f"Not saved on this device: {message[:200]}."
