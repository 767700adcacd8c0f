"""Lesson questions: answer, and hear right or wrong with the reason.

A lesson's ``Quiz`` (``lessons.model.Quiz``) is asked at the position *before*
its step's action, lists every accepted answer, and decides itself whether an
answer is one of them (``Quiz.accepts``: actions are read by the position's
own parser, so ``10s``/``Ts``/``T♠`` are the same answer). The loader has
already checked the accepted answers against the engine (for ``legal-plays``,
they are exactly the legal actions). This module adds the words around the
verdict: the lesson's explanation, and for an action that is not even legal,
the engine's own reason with its rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import param

from rules.errors import NotationError


@dataclass(frozen=True)
class QuizResult:
    """The verdict on one answer: ``correct``, and ``reason`` in plain words."""

    answer: str
    correct: bool
    reason: str


def check_answer(quiz: Any, text: str, state: Any = None) -> QuizResult:
    """Judge ``text`` as an answer to ``quiz`` asked in ``state``."""
    answer = text.strip()
    if not answer:
        return QuizResult(answer, False, "Type or pick an answer first.")
    explanation = quiz.explanation
    if quiz.kind == "legal-plays":
        try:
            action = state.parse_action(answer)
        except NotationError as err:
            return QuizResult(answer, False, f"That answer could not be read: {err}")
        if quiz.accepts(answer, state):
            return QuizResult(answer, True, f"Right. {explanation}".strip())
        verdict = state.explain(action)
        if not verdict.legal:
            return QuizResult(answer, False,
                              f"Not quite: {verdict.reason} [{verdict.ref}]. {explanation}".strip())
        return QuizResult(answer, False, f"Not quite. {explanation}".strip())
    if quiz.accepts(answer, state):
        return QuizResult(answer, True, f"Right. {explanation}".strip())
    return QuizResult(answer, False, f"Not quite. {explanation}".strip())


class QuizModel(param.Parameterized):
    """The question asked at the cursor, and the learner's last answer."""

    quiz = param.Parameter(default=None, doc="The lessons.model.Quiz asked here, or None.")
    state = param.Parameter(default=None, doc="The position the question is asked in.")
    result = param.ClassSelector(class_=QuizResult, default=None, allow_None=True,
                                 doc="The verdict on the last answer, None before one.")

    def ask(self, quiz: Any, state: Any) -> None:
        """Show a new question (or none); forgets the previous answer."""
        if quiz is not self.quiz or state is not self.state or self.result is not None:
            self.param.update(quiz=quiz, state=state, result=None)

    def answer(self, text: str) -> QuizResult:
        if self.quiz is None:
            result = QuizResult(text, False, "There is no question here.")
        else:
            result = check_answer(self.quiz, text, self.state)
        self.result = result
        return result
