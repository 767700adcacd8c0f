"""Learn's course tasks answered on the table (issue 32, item 1): a task whose answers are the
mover's moves ("tap everything she may do", "make the move") shows the mover's cards, each the
option that plays it, by the mapping Practice's drills use (``drill_table.moves_table``); a tap
answers as the option's button does, and the verdict is the course's own check.

Every task of every course is walked (the chapters read with tomllib, not through the loader).
Expected values: the engine's list of legal moves in the task's position (not the check the
page asks), and, for the first task, the one move the course's text asks for."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from lessons.model import action_key
from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.quiz import FIRST_TRY

COURSES = Path(__file__).resolve().parents[2] / "lessons" / "courses"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def tasks(catalog):
    """(course id, chapter id, the app at each open task), every course and chapter."""
    for path in sorted(COURSES.glob("*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for chapter in data["chapters"]:
            if "lesson" in chapter:
                continue  # a source example's lesson: its own questions, tested with the lessons
            app = TutorApp(catalog)
            assert app.open_course(data["id"], chapter["id"])
            study = app.study
            while True:
                if study.quiz_open:
                    yield data, chapter, app
                    model = study.quiz
                    if not model.outcome:
                        model.show_answer()
                if not study.forward():
                    break


def test_every_move_task_of_every_course_has_a_table_of_its_own_options(catalog):
    tabled = kinds = 0
    for data, chapter, app in tasks(catalog):
        model = app.study.quiz
        table = model.table()
        if not model.quiz.moves:
            assert table is None, f"{chapter['id']}: a task answered in words has no table"
            continue
        kinds += 1
        if table is None:
            continue
        tabled += 1
        assert table.keys() <= {o.key for o in model.options}
        assert not model.outcome
        assert table.mover in model.state.names
    assert kinds >= 50 and tabled >= 0.8 * kinds, (tabled, kinds)


def test_tapping_the_allowed_cards_answers_a_pick_all_task_right_first_time(catalog):
    checked = 0
    for data, chapter, app in tasks(catalog):
        model = app.study.quiz
        table = model.table()
        if table is None or model.quiz.kind != "legal-plays":
            continue
        state = model.state
        legal = {action_key(a) for a in state.legal_actions()}
        right = {o.key for o in model.options if action_key(state.parse_action(o.key)) in legal}
        for key in sorted(right):
            (model.tap if key in table.keys() else model.toggle)(key)
        assert set(model.picked) == right
        model.answer()
        assert model.outcome == FIRST_TRY, f"{chapter['id']}: {model.result.reason}"
        checked += 1
    assert checked >= 20, checked


def test_a_wrong_card_is_not_right_and_the_task_stays_open(catalog):
    checked = 0
    for data, chapter, app in tasks(catalog):
        model = app.study.quiz
        table = model.table()
        if table is None:
            continue
        state = model.state
        legal = {action_key(a) for a in state.legal_actions()}
        wrong = [k for k in sorted(table.keys()) if action_key(state.parse_action(k)) not in legal]
        if not wrong:
            continue
        model.tap(wrong[0])
        if model.multiple:
            assert model.picked == (wrong[0],)
            model.tap(wrong[0])                      # a second tap takes it back
            assert model.picked == ()
            model.tap(wrong[0])
            model.answer()
        assert not model.result.correct and not model.outcome, chapter["id"]
        model.tap("no such card")
        checked += 1
    assert checked >= 10, checked


def test_the_first_course_task_is_made_by_a_tap_on_the_king():
    """The online rules' first chapter (pl-bga-course, "aim"): Ann holds only the K♥ with an 8 on
    the pile; the task is to get her out. Her king is on the table; a tap on it is right."""
    app = TutorApp(Catalog.load())
    assert app.open_course("pl-bga-course", "aim")
    model = app.study.quiz
    table = model.table()
    hand = next(z for z in table.zones if z.name == "hand")
    assert [str(s.card) for s in hand.spots] == ["Kh"]
    model.tap(hand.spots[0].key)
    assert model.result.correct and model.outcome == FIRST_TRY


def test_the_quiz_box_draws_the_table_and_a_tap_on_a_card_answers():
    """The page's quiz box (tutor.views.quiz): the task's cards as buttons that send a tap, the
    table's hint; after the tap the king is marked right and the hint is gone."""
    from tutor.views.quiz import QuizPane

    app = TutorApp(Catalog.load())
    assert app.open_course("pl-bga-course", "aim")
    pane = QuizPane(app=app)
    box = pane._box
    assert box.table.count('data-act="quiz-tap"') == 2           # her king, and the pile (pick it up)
    assert 'data-value="play Kh"' in box.table and 'data-value="pickup"' in box.table
    # "turn over a face-down card" is offered too, and Ann has none to tap: the list is not a copy
    assert box.table_hint.startswith("Tap the move on the table, or pick it in the list below")
    assert "practice-card is-right" not in box.table           # nothing answers the task before it is answered
    pane._event("tap", "play Kh")
    pane.show()
    assert box.correct is True and box.done
    assert "practice-card is-right" in box.table and box.table_hint == ""
    assert 'aria-label="play the K♥: a right move."' in box.table
    assert 'aria-label="pick up the pile: not the move asked."' in box.table


def test_a_task_whose_move_is_off_the_table_says_it_is_in_the_list():
    """The house course's "multiples" chapter: get rid of both fives in one turn (Playing the
    Game, sets). The two fives together are one move the table cannot show (it shows each card
    alone), so the hint sends the learner to the list too."""
    app = TutorApp(Catalog.load())
    assert app.open_course("pl-house-course", "multiples")
    model = app.study.quiz
    table = model.table()
    assert table is not None and "play 5c 5d" in {o.key for o in model.options}
    assert "play 5c 5d" not in table.keys()                       # both fives: only in the list
    assert "list below" in table.ask and "only in the list" in table.ask
