"""Lesson questions (issue 7: every correct answer is accepted, right or wrong
comes with the reason)."""

import pytest

from lessons.model import Quiz
from tutor.model.quiz import QuizModel, check_answer
from tutor.model.study import Study

from . import toygame


def quiz(kind, accepted, explanation="Because the rule says so.", options=()):
    return Quiz("?", kind, frozenset(accepted), explanation, tuple(options))


@pytest.mark.parametrize("answer", ["+2", "2", " +2 ", "+1", "+3"])
def test_every_legal_play_in_any_spelling_is_right(answer):
    result = check_answer(quiz("legal-plays", {"+1", "+2", "+3"}), answer, toygame.start("ten", {}))
    assert result.correct and result.reason == "Right. Because the rule says so."


def test_a_play_that_is_not_legal_gets_the_engine_reason_and_rule():
    state = toygame.start("ten", {"total": 8})
    result = check_answer(quiz("legal-plays", {"+1", "+2"}), "+3", state)
    assert not result.correct
    assert "the total would pass 10" in result.reason and "(no overshoot)" in result.reason
    assert result.reason.endswith("Because the rule says so.")


def test_an_unreadable_play_names_the_token():
    result = check_answer(quiz("legal-plays", {"+2"}), "two", toygame.start("ten", {}))
    assert not result.correct and "'two'" in result.reason


@pytest.mark.parametrize("answer", ["Dave", "dave", "  DAVE "])
def test_named_answers_ignore_case_and_spacing(answer):
    assert check_answer(quiz("battle-winner", {"Dave"}), answer).correct


def test_a_wrong_choice_gets_the_explanation():
    result = check_answer(quiz("choice", {"the banner"}, options=("the banner", "the pot")), "the pot")
    assert not result.correct and result.reason == "Not quite. Because the rule says so."


def test_an_empty_answer_is_not_judged():
    assert check_answer(quiz("choice", {"x"}), "  ").reason == "Type or pick an answer first."


def test_quiz_model_keeps_the_last_result_until_the_question_changes():
    model = QuizModel()
    q = quiz("choice", {"yes"})
    model.ask(q, None)
    assert model.answer("yes").correct and model.result.correct
    model.ask(q, None)
    assert model.result is None


def test_a_question_is_asked_at_the_position_before_its_step():
    # step 2 (index 1) plays "+3" from total 3; its question is asked at step 1
    study = Study.from_lesson(toygame.lesson(quiz_at=1), toygame.FAMILY)
    assert study.quiz.quiz is None
    study.jump(0)
    assert study.quiz_step() == 1 and study.quiz.quiz.question == "What may South add now?"
    assert study.quiz.state.total == 3
    assert study.quiz.answer("+2").correct
    study.forward()
    assert study.quiz.quiz is None and study.quiz.result is None


def test_the_first_step_question_is_asked_at_the_introduction():
    study = Study.from_lesson(toygame.lesson(quiz_at=0), toygame.FAMILY)
    assert study.quiz_step() == 0 and study.quiz.state.total == 0


def test_no_question_off_the_lesson_line():
    study = Study.from_lesson(toygame.lesson(quiz_at=1), toygame.FAMILY)
    study.jump(0)
    study.play(toygame.Add(1))
    assert study.quiz.quiz is None
