"""Lesson questions: answer, and hear right or wrong with the reason.

A lesson's ``Quiz`` lists every accepted answer; a learner may write one in
any of the ways the notation allows (``10s``/``Ts``/``T♠``, any case, cards in
any order), so answers are compared in a canonical form that depends on the
question's kind:

* ``action``: the engine parses the answer (``state.parse_action``) and the
  canonical notation is compared; a wrong answer that is not even legal also
  gets the engine's reason;
* ``cards``: a list of cards, compared as a multiset;
* ``number``: an integer;
* anything else (``choice``, ``text``...): words, compared without case,
  surrounding punctuation or repeated spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import param

from rules.cards import parse_cards
from rules.errors import NotationError


@dataclass(frozen=True)
class QuizResult:
    """The verdict on one answer: ``correct``, and ``reason`` in plain words."""

    answer: str
    correct: bool
    reason: str


_SPACES = re.compile(r"\s+")


def _words(text: str) -> str:
    return _SPACES.sub(" ", text.strip().strip(".!?;:,").strip()).casefold()


def canonical(kind: str, text: str, state: Any = None) -> str:
    """The form in which two answers to a ``kind`` question are equal.
    Raises :class:`NotationError` for text that is not an answer of that kind."""
    if kind == "action":
        if state is None:
            return _words(text)
        return str(state.parse_action(text))
    if kind == "cards":
        return " ".join(sorted(str(c) for c in parse_cards(text, what="answer")))
    if kind == "number":
        token = text.strip()
        try:
            return str(int(token))
        except ValueError:
            raise NotationError(f"{token!r} is not a whole number", token=token,
                                expected="a whole number") from None
    return _words(text)


def check_answer(quiz: Any, text: str, state: Any = None) -> QuizResult:
    """Judge ``text`` as an answer to ``quiz`` (a ``lessons.model.Quiz``) asked
    in ``state`` (needed for ``action`` questions)."""
    answer = text.strip()
    if not answer:
        return QuizResult(answer, False, "Type or pick an answer first.")
    kind = getattr(quiz, "kind", "text")
    try:
        given = canonical(kind, answer, state)
    except NotationError as err:
        return QuizResult(answer, False, f"That answer could not be read: {err}")
    accepted = set()
    for option in quiz.accepted:
        try:
            accepted.add(canonical(kind, option, state))
        except NotationError:  # the loader checks answers; tolerate a stray one
            accepted.add(_words(option))
    explanation = getattr(quiz, "explanation", "")
    if given in accepted:
        return QuizResult(answer, True, f"Right. {explanation}".strip())
    reason = f"Not quite. {explanation}".strip()
    if kind == "action" and state is not None:
        verdict = state.explain(state.parse_action(answer))
        if not verdict.legal:
            reason = f"Not quite: {verdict.reason} [{verdict.ref}]. {explanation}".strip()
    return QuizResult(answer, False, reason)


class QuizModel(param.Parameterized):
    """The question shown at the current step, and the learner's last answer."""

    quiz = param.Parameter(default=None, doc="The current step's lessons.model.Quiz, or None.")
    state = param.Parameter(default=None, doc="The position the question is asked in.")
    result = param.ClassSelector(class_=QuizResult, default=None, allow_None=True,
                                 doc="The verdict on the last answer, None before one.")

    def ask(self, quiz: Any, state: Any) -> None:
        """Show a new question (or none); forgets the previous answer."""
        if quiz is not self.quiz or state is not self.state or self.result is not None:
            self.param.update(quiz=quiz, state=state, result=None)

    def answer(self, text: str) -> QuizResult:
        if self.quiz is None:
            result = QuizResult(text, False, "There is no question at this step.")
        else:
            result = check_answer(self.quiz, text, self.state)
        self.result = result
        return result
