"""Lesson questions that ask before they tell (issues 7 and 13.3): every correct
answer is accepted; several right answers are picked together and then
checked; a wrong answer says what it can without giving the answer away and
can be tried again; the answer and why are shown when asked for; the lesson
keeps a score; while a question is open the study says so.

The toy race (tests/tutor/toygame.py): add 1 to 3 to a total, never past the
target; from a total of 8 in a race to 10, "+3" is refused.
"""

import pytest

from lessons.model import Quiz
from tutor.model.quiz import FIRST_TRY, LATER, SHOWN, QuizModel, check_answer, check_picks, quiz_options
from tutor.model.study import Study

from . import toygame


def quiz(kind, accepted, explanation="Because the rule says so.", options=()):
    return Quiz("?", kind, frozenset(accepted), explanation, tuple(options))


@pytest.mark.parametrize("answer", ["+2", "2", " +2 ", "+1", "+3"])
def test_every_legal_play_in_any_spelling_is_accepted(answer):
    result = check_answer(quiz("legal-plays", {"+1", "+2", "+3"}), answer, toygame.start("ten", {}))
    assert result.correct and result.reason == "Right. Because the rule says so."


@pytest.mark.parametrize("answer", ["Dave", "dave", "  DAVE "])
def test_named_answers_ignore_case_and_spacing(answer):
    assert check_answer(quiz("battle-winner", {"Dave"}), answer).correct


def test_a_wrong_choice_can_be_tried_again_and_is_not_told_the_answer():
    result = check_answer(quiz("choice", {"the banner"}, options=("the banner", "the pot")), "the pot")
    assert not result.correct and result.reason == "Not quite. Try again, or show the answer."
    assert "banner" not in result.reason and "Because" not in result.reason   # the explanation tells it


def test_an_empty_answer_is_not_judged():
    assert check_answer(quiz("choice", {"x"}), "  ").reason == "Pick or type an answer first."


# -- several right answers, picked together ----------------------------------------------------
def test_the_options_are_every_move_the_engine_considers_legal_or_not():
    state = toygame.start("ten", {"total": 8})
    options = quiz_options(quiz("legal-plays", {"+1", "+2"}), state)
    assert [o.key for o in options] == ["+1", "+2", "+3"]      # +3 would pass 10: a wrong pick to avoid


def test_picks_are_right_only_when_they_are_all_the_legal_moves():
    state = toygame.start("ten", {"total": 8})
    q = quiz("legal-plays", {"+1", "+2"})
    options = quiz_options(q, state)
    assert check_picks(q, ("+1", "+2"), state, options).correct
    missing = check_picks(q, ("+1",), state, options)
    assert not missing.correct and "1 allowed move is still missing" in missing.reason
    assert "+2" not in missing.reason                          # never which one
    wrong = check_picks(q, ("+1", "+2", "+3"), state, options)
    assert not wrong.correct and "3 of your 3" not in wrong.reason and "2 of your 3 picks are allowed" in wrong.reason
    [why] = wrong.why                                          # the engine's reason for the wrong pick, with its rule
    assert why.startswith("+3: ") and "the total would pass 10" in why and "no overshoot" in why
    assert check_picks(q, (), state, options).reason.startswith("Pick every move")


def test_a_wrong_typed_move_gets_the_engine_reason_and_an_unreadable_one_names_the_token():
    state = toygame.start("ten", {"total": 8})
    result = check_answer(quiz("legal-plays", {"+1", "+2"}), "+3", state)
    assert not result.correct and "the total would pass 10" in result.why[0]
    result = check_answer(quiz("legal-plays", {"+2"}), "two", toygame.start("ten", {}))
    assert not result.correct and "'two'" in result.reason


# -- the question's life: wrong, again, right; or shown -------------------------------------------
def model_at(total=8):
    model = QuizModel()
    model.ask(quiz("legal-plays", {"+1", "+2"}), toygame.start("ten", {"total": total}), step=3)
    return model


def test_wrong_then_right_counts_as_right_after_another_try():
    seen = []
    model = QuizModel(on_outcome=lambda step, outcome: seen.append((step, outcome)))
    model.ask(quiz("legal-plays", {"+1", "+2"}), toygame.start("ten", {"total": 8}), step=3)
    assert model.open and model.multiple
    model.toggle("+3")
    assert not model.answer().correct and model.open and model.tries == 1
    model.toggle("+3")
    model.toggle("+1")
    model.toggle("+2")
    assert model.picked == ("+1", "+2")
    assert model.answer().correct and not model.open and model.outcome == LATER
    assert seen == [(3, LATER)]
    assert model.answer_text.startswith("The allowed moves are +1; +2. Because")


def test_show_the_answer_closes_the_question_and_counts_as_shown():
    model = model_at()
    model.show_answer()
    assert not model.open and model.outcome == SHOWN
    assert model.result.reason == "The allowed moves are +1; +2. Because the rule says so."
    model.again()
    assert model.open and model.result is None and model.picked == ()


def test_a_choice_answered_right_first_time():
    model = QuizModel()
    model.ask(quiz("choice", {"$2"}, "Half of $5, rounded down.", ("$1", "$2", "$2.50")), None, step=0)
    assert not model.multiple and [o.label for o in model.options] == ["$1", "$2", "$2.50"]
    assert model.answer("$2").correct and model.outcome == FIRST_TRY
    assert model.answer_text == "The answer is $2. Half of $5, rounded down."


def test_unknown_picks_are_ignored():
    model = model_at()
    model.toggle("+9")
    assert model.picked == ()


# -- in a study: open, scored, the step list holds back --------------------------------------------
def test_a_question_is_asked_at_the_position_before_its_step():
    # step 2 (index 1) plays "+3" from total 3; its question is asked at step 1
    study = Study.from_lesson(toygame.lesson(quiz_at=1), toygame.FAMILY)
    assert study.quiz.quiz is None and not study.quiz_open
    study.jump(0)
    assert study.quiz_step() == 1 and study.quiz.quiz.question == "What may South add now?"
    assert study.quiz.state.total == 3 and study.quiz_open
    study.forward()
    assert study.quiz.quiz is None and not study.quiz_open


def test_while_open_the_step_list_hides_the_step_asked_and_what_follows():
    study = Study.from_lesson(toygame.lesson(quiz_at=1), toygame.FAMILY)
    study.jump(0)
    labels = [i.label for i in study.step_items()]
    assert labels[2:] == ["2. (answer the question first)", "3. …", "4. …"]
    assert labels[1] == "1. North adds 3"
    for key in ("+1", "+2", "+3"):
        study.quiz.toggle(key)
    assert study.quiz.answer().correct and not study.quiz_open
    assert [i.label for i in study.step_items()][2] == "2. South adds 3"


def test_the_lesson_keeps_each_questions_first_outcome():
    study = Study.from_lesson(toygame.lesson(quiz_at=1), toygame.FAMILY)
    assert study.score().words() == "1 question in this lesson"
    study.jump(0)
    study.quiz.show_answer()
    assert study.scores == {1: SHOWN}
    assert study.score().words() == "Score: 0 of 1 right first time (1 question in this lesson)"
    study.quiz.again()
    assert study.quiz_open
    for key in ("+1", "+2", "+3"):
        study.quiz.toggle(key)
    study.quiz.answer()
    assert study.scores == {1: SHOWN}                 # asked again: the first outcome stays
    study.forward()
    study.back()                                       # back at the question: it comes back answered
    assert study.quiz.outcome == SHOWN and not study.quiz_open


def test_the_first_step_question_is_asked_at_the_introduction():
    study = Study.from_lesson(toygame.lesson(quiz_at=0), toygame.FAMILY)
    assert study.quiz_step() == 0 and study.quiz.state.total == 0 and study.quiz_open


def test_no_question_off_the_lesson_line():
    study = Study.from_lesson(toygame.lesson(quiz_at=1), toygame.FAMILY)
    study.jump(0)
    study.play(toygame.Add(1))
    assert study.quiz.quiz is None and not study.quiz_open
