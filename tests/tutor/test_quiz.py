"""Lesson questions (issue 7: every correct answer is accepted, with the reason)."""

import pytest

from tutor.model.quiz import QuizModel, check_answer

from . import toygame


def quiz(kind, accepted, explanation="Because the rule says so."):
    return toygame.Quiz("?", kind, frozenset(accepted), explanation)


@pytest.mark.parametrize("answer", ["+2", "2", " +2 ", "+1", "+3"])
def test_every_accepted_action_in_any_spelling_is_right(answer):
    result = check_answer(quiz("action", {"+1", "+2", "+3"}), answer, toygame.start("ten", {}))
    assert result.correct and result.reason == "Right. Because the rule says so."


def test_a_wrong_action_that_is_illegal_gets_the_engine_reason():
    state = toygame.start("ten", {"total": 8})
    result = check_answer(quiz("action", {"+2"}), "+3", state)
    assert not result.correct
    assert "the total would pass 10" in result.reason and "Because the rule says so." in result.reason


def test_a_wrong_but_legal_action_gets_the_explanation():
    result = check_answer(quiz("action", {"+2"}), "+1", toygame.start("ten", {"total": 8}))
    assert not result.correct and result.reason == "Not quite. Because the rule says so."


def test_unreadable_action_answer_names_the_token():
    result = check_answer(quiz("action", {"+2"}), "two", toygame.start("ten", {}))
    assert not result.correct and "'two'" in result.reason


@pytest.mark.parametrize("answer", ["Qs Th", "th qs", "10h, Q♠", "T♥ q♤"])
def test_card_answers_accept_any_order_and_notation(answer):
    assert check_answer(quiz("cards", {"Qs Th"}), answer).correct


def test_card_answers_must_be_the_same_cards():
    assert not check_answer(quiz("cards", {"Qs Th"}), "Qs Td").correct
    assert not check_answer(quiz("cards", {"Qs Th"}), "Qs").correct


@pytest.mark.parametrize("answer", ["The banner", "the banner.", "  THE   banner "])
def test_text_answers_ignore_case_spacing_and_final_punctuation(answer):
    assert check_answer(quiz("choice", {"the banner"}), answer).correct


def test_number_answers():
    assert check_answer(quiz("number", {"12"}), " 12 ").correct
    result = check_answer(quiz("number", {"12"}), "twelve")
    assert not result.correct and "'twelve' is not a whole number" in result.reason


def test_an_empty_answer_is_not_judged():
    assert check_answer(quiz("choice", {"x"}), "  ").reason == "Type or pick an answer first."


def test_quiz_model_keeps_the_last_result_until_the_question_changes():
    model = QuizModel()
    q = quiz("choice", {"yes"})
    model.ask(q, None)
    assert model.answer("yes").correct and model.result.correct
    model.ask(q, None)
    assert model.result is None
