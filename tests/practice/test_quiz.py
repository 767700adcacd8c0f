"""A quiz for a table (issue 32 item 4): the token gives the same questions everywhere, in the
same order; scoring marks each answer with the engine's verdict."""

import pytest

from practice.quiz import Quiz
from rules.errors import NotationError


def test_quiz_token_gives_the_same_questions():
    quiz = Quiz.make(["H-A1", "H-T2", "H-P5c"], seed=42, length=5)
    again = Quiz.from_token(quiz.token)
    assert again == quiz
    assert [d.question for d in again.drills()] == [d.question for d in quiz.drills()]
    assert sorted(set(quiz.order())) == ["H-A1", "H-P5c", "H-T2"] and len(quiz.order()) == 5


def test_quiz_scoring_counts_right_answers():
    quiz = Quiz.make(["PP-36", "PP-3"], seed=7, length=4)
    sheet = [d.answer().right for d in quiz.drills()]
    sheet[1] = [k for k in (c.key for c in quiz.drill(1).choices) if k not in sheet[1]][:1]
    score = quiz.score(sheet)
    assert (score.right, score.total) == (3, 4) and score.sentence() == "3 of 4 right"
    assert not score.graded[1].correct and score.graded[1].why


def test_quiz_keeps_the_tables_rule_set():
    quiz = Quiz.make(["H-P5c"], seed=3, length=2, options={"four-of-a-kind": "match-or-beat"})
    assert Quiz.from_token(quiz.token).options == (("four-of-a-kind", "match-or-beat"),)
    assert all(d.options == (("four-of-a-kind", "match-or-beat"),) for d in quiz.drills())


@pytest.mark.parametrize("token, word", [
    ("q1~1~5~-~H-A9", "H-A9"),
    ("q1~1~500~-~H-A1", "1 to 50"),
    ("q1~x~5~-~H-A1", "seed"),
    ("q2~1~5~-~H-A1", "expected q1"),
    ("q1~1~5~carron~H-A1", "carron"),
    ("q1~1~5~house~H-A1,PP-3", "one game"),
    ("q1~1~5~-~C-D2", "no drill"),
])
def test_quiz_bad_token_is_refused_naming_what_is_wrong(token, word):
    with pytest.raises(NotationError, match=word):
        Quiz.from_token(token)
