"""Lesson questions that ask before they tell.

A lesson's ``Quiz`` (``lessons.model.Quiz``) is asked at the position *before*
its step's action, lists every accepted answer, and decides itself whether an
answer is one of them (``Quiz.accepts``: actions are read by the position's
own parser). The loader has already checked the accepted answers against the
engine (for ``legal-plays``, they are exactly the legal actions).

This module turns that into a question a person answers:

* the answers to pick from, in words: for ``legal-plays`` every move the
  engine considers in the position (legal or not), said in words by the
  engine, all the legal ones picked together and then checked; for the other
  kinds the lesson's ``options``, or a typed answer;
* right: the lesson's explanation. Wrong: what can be said without giving the
  answer away (for a move that is not allowed, the engine's own reason), and
  another try; the answer and why are shown when asked for;
* while the question is open (not yet answered right, answer not shown), the
  study says so (``Study.quiz_open``), and the table and the step list hold
  back everything that would answer it.

Each question's first outcome counts toward the lesson's score (``Score``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import param

from lessons.model import Quiz, action_key, normalize_answer
from lessons.quizzes import judge, judge_picks, right_moves
from rules.core import GameState
from rules.errors import NotationError

from .drill_table import DrillTable, moves_table
from .params import TupleOf

from .words import action_words

FIRST_TRY, LATER, SHOWN = "right first time", "right after another try", "answer shown"


@dataclass(frozen=True)
class QuizOption:
    """One answer to pick: ``key`` is how the quiz reads it, ``label`` the words shown."""

    key: str
    label: str


@dataclass(frozen=True)
class QuizResult:
    """The verdict on one answer: ``correct``, ``reason`` in plain words, and for
    picked moves that are not allowed, the engine's reason for each (``why``)."""

    answer: str
    correct: bool
    reason: str
    why: tuple[str, ...] = ()


@dataclass(frozen=True)
class Score:
    """A lesson's questions so far: how many were asked and how each first ended."""

    total: int
    outcomes: tuple[str, ...]

    @property
    def first_time(self) -> int:
        return sum(1 for o in self.outcomes if o == FIRST_TRY)

    def words(self) -> str:
        if not self.outcomes:
            return f"{self.total} question{'s' if self.total != 1 else ''} in this lesson"
        return (f"Score: {self.first_time} of {len(self.outcomes)} right first time "
                f"({self.total} question{'s' if self.total != 1 else ''} in this lesson)")


def quiz_options(quiz: Any, state: Any) -> tuple[QuizOption, ...]:
    """The answers to pick from, in words (none: the learner types the answer)."""
    if quiz.moves:  # "which moves are allowed" and "make the move": every move considered here
        out: dict[str, QuizOption] = {}
        for action in state.candidate_actions():
            key = action_key(action)
            out.setdefault(key, QuizOption(str(action), action_words(state, action)))
        return tuple(out.values())
    return tuple(QuizOption(o, o) for o in quiz.options)


def check_answer(quiz: Any, text: str, state: Any = None) -> QuizResult:
    """Judge one typed or picked answer (any kind but a picked set of moves). A wrong
    answer does not tell the right one: only, for a move the rules refuse, why."""
    answer = (text or "").strip()
    if not answer:
        return QuizResult(answer, False, "Pick or type an answer first.")
    if quiz.accepts(answer, state):
        return QuizResult(answer, True, f"Right. {quiz.explanation}".strip())
    if quiz.kind == "legal-plays":
        try:
            action = state.parse_action(answer)
        except NotationError as err:
            return QuizResult(answer, False, f"That answer could not be read: {err}")
        verdict = state.explain(action)
        if not verdict.legal:
            return QuizResult(answer, False, "Not quite: that is not allowed here.",
                              (f"{action_words(state, action)}: {verdict.reason} ({verdict.ref.words})",))
    return QuizResult(answer, False, "Not quite. Try again, or show the answer.")


def check_picks(quiz: Any, picked: tuple[str, ...], state: Any, options: tuple[QuizOption, ...]) -> QuizResult:
    """Judge a set of picked moves for a ``legal-plays`` question: right when they are
    exactly the legal ones. A wrong set is told how many picks are right, why each
    wrong pick is not allowed (the engine's reason), and how many legal moves are
    missing, never which."""
    labels = {o.key: o.label for o in options}
    said = ", ".join(labels.get(k, k) for k in picked)
    if not picked:
        return QuizResult("", False, "Pick every move that is allowed here, then check.")
    legal = {k for k in labels if quiz.accepts(k, state)}
    chosen = set(picked)
    if chosen == legal:
        return QuizResult(said, True, f"Right: those are all the moves allowed here. {quiz.explanation}".strip())
    wrong = [k for k in picked if k not in legal]
    why = []
    for k in wrong:
        verdict = state.explain(state.parse_action(k))
        why.append(f"{labels.get(k, k)}: {verdict.reason} ({verdict.ref.words})")
    missing = len(legal - chosen)
    parts = [f"{len(chosen & legal)} of your {len(chosen)} pick{'s' if len(chosen) != 1 else ''} "
             f"{'is' if len(chosen & legal) == 1 else 'are'} allowed"]
    if wrong:
        parts.append(f"{len(wrong)} {'is' if len(wrong) == 1 else 'are'} not (see why below)")
    if missing:
        parts.append(f"{missing} allowed move{'s are' if missing != 1 else ' is'} still missing")
    return QuizResult(said, False, "Not yet: " + "; ".join(parts) + ". Try again, or show the answer.",
                      tuple(why))


class QuizModel(param.Parameterized):
    """The question asked at the cursor, what the learner has picked, and the verdict."""

    quiz: Quiz | None = param.ClassSelector(class_=Quiz, default=None, allow_None=True,
                                            doc="The question asked here, or None.")
    state: GameState[Any] | None = param.ClassSelector(
        class_=GameState, default=None, allow_None=True,
        doc="The position the question is asked in (while none is asked, whatever it was last).")
    step: int | None = param.Integer(default=None, allow_None=True, doc="The lesson step the question belongs to.")
    options: tuple[QuizOption, ...] = TupleOf(QuizOption, doc="The answers to pick from, in words.")
    multiple: bool = param.Boolean(default=False, doc="Several answers are picked together, then checked.")
    picked: tuple[str, ...] = TupleOf(str, doc="Keys of the options picked so far.")
    result: QuizResult | None = param.ClassSelector(class_=QuizResult, default=None, allow_None=True,
                                 doc="The verdict on the last answer, None before one.")
    tries: int = param.Integer(default=0, doc="Answers given to this question so far.")
    outcome: str = param.String(default="", doc="How the question ended: FIRST_TRY, LATER, SHOWN, or '' while open.")
    answer_text: str = param.String(default="", doc="The right answer and why, once shown or answered.")

    def __init__(self, on_outcome: Callable[[int, str], None] | None = None, **params: Any):
        super().__init__(**params)
        self._on_outcome = on_outcome

    @property
    def open(self) -> bool:
        """A question is asked here and has not been answered right nor its answer shown."""
        return self.quiz is not None and not self.outcome

    def ask(self, quiz: Any, state: Any, step: int | None = None, outcome: str = "") -> None:
        """Show a new question (or none); a question answered before comes back answered."""
        if quiz is self.quiz and state is self.state and step == self.step and outcome in ("", self.outcome):
            return  # the same question still asked here: keep the picks and the verdict
        if quiz is None and self.quiz is None:
            return  # no question before nor here (most steps): nothing shown changes
        options = quiz_options(quiz, state) if quiz is not None else ()
        answer_text = self._answer_text(quiz, state, options) if quiz is not None and outcome else ""
        result = QuizResult("", outcome != SHOWN, f"Answered before ({outcome}). {quiz.explanation}".strip()) \
            if quiz is not None and outcome else None
        self.param.update(quiz=quiz, state=state, step=step, options=options,
                          multiple=quiz is not None and quiz.several, picked=(), result=result,
                          tries=0, outcome=outcome, answer_text=answer_text)

    def toggle(self, key: str) -> None:
        """Pick or unpick one answer of a several-answer question."""
        if self.quiz is None or key not in {o.key for o in self.options}:
            return
        picked = tuple(k for k in self.picked if k != key) if key in self.picked else self.picked + (key,)
        self.param.update(picked=picked, result=None if self.outcome == "" else self.result)

    def answer(self, text: str | None = None) -> QuizResult:
        """Check the picked set (several-answer question) or one answer (``text``)."""
        if self.quiz is None:
            return QuizResult(text or "", False, "There is no question here.")
        result = self._judged(text)
        counted = bool(result.answer)
        tries = self.tries + (1 if counted else 0)
        changes: dict[str, Any] = {"result": result, "tries": tries}
        if result.correct and not self.outcome:
            changes["outcome"] = FIRST_TRY if tries == 1 else LATER
            changes["answer_text"] = self._answer_text(self.quiz, self.state, self.options)
        self.param.update(**changes)
        if "outcome" in changes:
            self._report()
        return result

    def _judged(self, text: str | None) -> QuizResult:
        """The verdict: ``legal-plays`` and the lessons' older kinds as before; a ``move`` or a
        pick-all question (the courses' tasks) by ``lessons.quizzes``, the loader's own check."""
        quiz = self.quiz
        assert quiz is not None  # answer() asks only while a question is asked
        if quiz.kind == "legal-plays" or (quiz.kind != "move" and quiz.pick != "all"):
            if self.multiple and text is None:
                return check_picks(quiz, self.picked, self.state, self.options)
            return check_answer(quiz, text or "", self.state)
        if self.multiple and text is None:
            labels = {o.key: o.label for o in self.options}
            judged = judge_picks(quiz, self.picked, self.state, labels)
        else:
            judged = judge(quiz, text or "", self.state)
        return QuizResult(judged.answer, judged.correct, judged.reason, judged.why)

    # -- the table: the mover's cards answer by a tap, as in Practice --------------------------
    def table(self) -> DrillTable | None:
        """The question's table where its answers are the mover's moves (``legal-plays`` and
        ``move``): each card the option that plays it, by :func:`.drill_table.moves_table`, the
        mapping Practice's drills use (None for a question answered in words)."""
        quiz, state = self.quiz, self.state
        if quiz is None or state is None or not quiz.moves:
            return None
        table = moves_table(state, tuple((o.key, state.parse_action(o.key)) for o in self.options))
        if table is None:
            return None
        # a move the table cannot show (several cards at once, a move without a card) is in the
        # list only: the hint says where to look, whichever moves are right
        whole = {o.key for o in self.options} <= table.keys()
        if quiz.kind == "move":
            ask = ("Tap the move on the table. The same answers are listed in words below" if whole else
                   "Tap the move on the table, or pick it in the list below: a move of several cards, "
                   "or one without a card, is only in the list")
            return replace(table, ask=ask, said=("a right move", "not the move asked"))
        return replace(table, ask=("Tap every move allowed on the table, then Check. The same answers are listed "
                                   "in words below" if whole else
                                   "Tap every move allowed, on the table or in the list below (a move of several "
                                   "cards, or one without a card, is only in the list), then Check"))

    def tap(self, key: str) -> None:
        """A card tapped on the question's table: the option it answers, as if its button were
        pressed (picked in a several-answer question, else the answer); others are ignored."""
        table = self.table()
        if table is None or key not in table.keys() or self.outcome:
            return
        if self.multiple:
            self.toggle(key)
        else:
            self.answer(key)

    def right_keys(self) -> frozenset[str]:
        """The options that answer the question right, by the course's own check (``Quiz.accepts``
        for the moves allowed; ``lessons.quizzes.right_moves`` for the move asked)."""
        quiz, state = self.quiz, self.state
        if quiz is None or state is None:
            return frozenset()
        if quiz.kind == "move":
            moves = set(right_moves(quiz, state))
            return frozenset(o.key for o in self.options if action_key(state.parse_action(o.key)) in moves)
        return frozenset(o.key for o in self.options if quiz.accepts(o.key, state))

    def show_answer(self) -> None:
        """Give up: the right answer and why; the question counts as shown."""
        if self.quiz is None:
            return
        text = self._answer_text(self.quiz, self.state, self.options)
        changes: dict[str, Any] = {"answer_text": text}
        if not self.outcome:
            changes["outcome"] = SHOWN
            changes["result"] = QuizResult("", False, text)
        self.param.update(**changes)
        if changes.get("outcome"):
            self._report()

    def again(self) -> None:
        """Ask the question once more (the score keeps its first outcome)."""
        if self.quiz is not None:
            self.param.update(picked=(), result=None, tries=0, outcome="", answer_text="")

    def _report(self) -> None:
        if self._on_outcome is not None and self.step is not None:
            self._on_outcome(self.step, self.outcome)

    @staticmethod
    def _answer_text(quiz: Any, state: Any, options: tuple[QuizOption, ...]) -> str:
        """The right answer in words, and the lesson's explanation."""
        if quiz.kind == "legal-plays":
            right = [o.label for o in options if quiz.accepts(o.key, state)]
            answer = "the allowed moves are " + "; ".join(right) if len(right) != 1 else f"the only move is {right[0]}"
        elif quiz.kind == "move":
            keys = set(right_moves(quiz, state))
            right = [o.label for o in options if action_key(state.parse_action(o.key)) in keys]
            answer = ("the right moves are " + "; ".join(right) if len(right) != 1
                      else f"the move is {right[0]}")
        elif quiz.pick == "all":
            keys = {normalize_answer(a) for a in quiz.accepted}
            right = [o.label for o in options if normalize_answer(o.key) in keys]
            answer = "the answers are " + "; ".join(right)
        else:
            keys = {normalize_answer(a) for a in quiz.accepted}
            shown = [o.label for o in options if normalize_answer(o.key) in keys]
            answer = shown[0] if shown else sorted(quiz.accepted, key=len)[-1]
            answer = f"the answer is {answer}"
        return f"{answer[:1].upper()}{answer[1:]}. {quiz.explanation}".strip()
