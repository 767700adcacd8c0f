"""Learn <game> in the app: the course for the game and the table's rule set, opened where
this learner left off, its tasks answered on the page, progress kept as device text.

Expected values come from the course files themselves (read here with tomllib, not through
the loader) and from the rule books' plain facts the courses teach (a king beats an 8)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from lessons.progress import Progress
from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.course import merged
from tutor.model.quiz import FIRST_TRY, LATER
from tutor.views.course import course_line_html, course_map_html

COURSES = Path(__file__).resolve().parents[2] / "lessons" / "courses"


def course_file(game: str, course_id: str) -> dict:
    return tomllib.loads((COURSES / game / f"{course_id}.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def test_learn_palace_opens_the_first_course_by_order_at_its_first_chapter(catalog):
    files = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in (COURSES / "palace").glob("*.toml")}
    first = min(files, key=lambda cid: (files[cid].get("order", 100), cid))
    app = TutorApp(catalog)
    assert app.learn_game("palace")
    assert app.job == "learn"
    assert app.course.course_id == first == "pl-bga-course"
    assert app.course.chapter_id == files[first]["chapters"][0]["id"]
    # the chapter opens at its introduction, its first task asked there
    assert app.study.step is None and app.study.quiz_open
    assert app.study.quiz.quiz.question == files[first]["chapters"][0]["steps"][0]["quiz"]["question"]


def test_learn_opens_the_course_of_the_tables_rule_set(catalog):
    app = TutorApp(catalog)
    app.table_rules.rebase("palace", "house")
    assert app.learn_game("palace")
    assert app.course.course_id == "pl-house-course"
    assert app.study.variant == "house"


def test_a_wrong_move_then_the_right_one_is_kept_as_right_after_another_try(catalog):
    app = TutorApp(catalog)
    app.learn_game("palace")  # before the device's text is read: kept, written once it is
    app.course.load("")
    quiz = app.study.quiz
    # the aim chapter: Ann holds only Kh, an 8 on the pile; taking the pile does not get her out
    keys = {o.label: o.key for o in quiz.options}
    wrong = next(k for k in quiz.options if "pile" in k.label.lower()).key
    result = quiz.answer(wrong)
    assert not result.correct and "allowed" in result.reason
    right = next(k for k in quiz.options if "K" in k.key and k.key.startswith("play")).key
    assert quiz.answer(right).correct, keys
    assert app.study.scores == {0: LATER}
    assert app.course.progress.of("pl-bga-course").outcome("aim", 0) == "later"
    assert '"later"' in app.course.stored  # the text the device keeps


def test_the_course_resumes_where_the_learner_left_off_from_the_stored_text(catalog):
    app = TutorApp(catalog)
    app.course.load("")
    app.learn_game("palace")
    app.study.quiz.answer(next(o.key for o in app.study.quiz.options if o.key.startswith("play")))
    assert app.study.scores == {0: FIRST_TRY}
    app.study.forward()  # the move is shown: step 1, and the next task (Ben's turn) is asked
    assert app.study.step == 0
    text = app.course.stored
    again = TutorApp(catalog)
    again.course.load(text)
    assert again.learn_game("palace")
    assert (again.course.course_id, again.course.chapter_id, again.study.step) == ("pl-bga-course", "aim", 0)
    assert again.study.scores == {0: FIRST_TRY}  # the task answered before comes back answered
    assert again.study.quiz_open  # Ben's task is the one asked


def test_a_finished_chapter_offers_the_next_one_on_the_map_and_the_line(catalog):
    data = course_file("palace", "pl-bga-course")
    chapters = data["chapters"]
    app = TutorApp(catalog)
    app.learn_game("palace")
    for _ in range(3):
        app.study.quiz.show_answer()
        while app.study.forward() and not app.study.quiz_open:
            pass
    line = course_line_html(app)
    assert f"Chapter 1 of {len(chapters)}" in line
    assert "1 of %d chapters done" % len(chapters) in line
    assert 'data-act="chapter"' in line and f'data-value="{chapters[1]["id"]}"' in line
    page = course_map_html(app)
    assert page.count("<button") == len(chapters)
    assert "★☆☆" in page  # answers shown: one star (docs/lessons.md)
    assert app.open_chapter(chapters[1]["id"])
    assert app.course.chapter_id == chapters[1]["id"]


def test_stored_progress_that_cannot_be_read_is_refused_with_why_and_never_written_over(catalog):
    app = TutorApp(catalog)
    app.course.load('{"format": "something-else"}')
    assert not app.course.writable and "could not be read" in app.course.problem
    app.learn_game("palace")
    app.study.quiz.show_answer()
    assert app.course.stored == ""  # nothing to write: the device's text stays as it is
    assert app.course.progress.of("pl-bga-course").outcome("aim", 0) == "shown"  # kept in this tab


def test_another_tabs_progress_is_merged_not_lost():
    mine = Progress().with_course(Progress().of("c").record("a", 0, "later"))
    theirs = Progress().with_course(Progress().of("c").record("a", 0, "first-try").record("b", 1, "shown"))
    both = merged(mine, theirs).of("c")
    assert both.outcome("a", 0) == "first-try" and both.outcome("b", 1) == "shown"


def test_a_link_to_a_course_step_opens_and_goes_on_with_the_course(catalog):
    app = TutorApp(catalog)
    app.learn_game("palace")
    app.study.quiz.show_answer()
    app.study.forward()
    link = app.link()
    fresh = TutorApp(catalog)
    assert fresh.open_link(link)
    assert fresh.job == "learn" and fresh.course.chapter_id == "aim"
    assert fresh.study.lesson.id == "pl-bga-course-aim"


def test_the_first_screen_starts_a_course_then_says_where_the_learner_is_and_continues(catalog):
    """The first screen's Learn speaks of the course (issue 32): none begun, it starts the first
    game's course at its start; once begun, it says the course, the chapter (its number and
    title as the course file gives them) and the tasks answered, and Continue opens it there,
    also in a new page that read the stored progress."""
    from tutor.views.app import TutorView

    first_game = next(g for g in catalog.game_ids() if catalog.courses_for(g))
    view = TutorView(app=TutorApp(catalog))
    view.app.course.load("")
    home = view.shell.home_learn_html
    assert f">Start learning {catalog.title(first_game)}<" in home and "learn-at" not in home
    assert 'data-act="learn-course"' in home and "lessons)" not in view.shell.frame
    assert "Start the first lesson" not in view.shell.frame
    # Learn Palace, answer the first task, go on to the next
    app = view.app
    app.learn_game("palace")
    app.study.quiz.answer(next(o.key for o in app.study.quiz.options if o.key.startswith("play")))
    app.study.forward()
    data = course_file("palace", "pl-bga-course")
    home = view.shell.home_learn_html
    assert (f"You are at {data['title']}, chapter 1 of {len(data['chapters'])} "
            f"({data['chapters'][0]['title']}). 1 task answered.") in home
    assert 'data-act="learn-course" data-value="pl-bga-course">Continue the course<' in home
    # a new page reads the stored progress: the same words, and Continue opens the course there
    again = TutorView(app=TutorApp(catalog))
    again.app.course.load(app.course.stored)
    assert again.shell.home_learn_html == home
    again.shell.press("learn-course", "pl-bga-course")
    assert again.app.job == "learn"
    assert (again.app.course.course_id, again.app.course.chapter_id, again.app.study.step) == \
        ("pl-bga-course", "aim", 0)


def test_learn_without_a_course_begun_starts_the_first_games_course(catalog):
    app = TutorApp(catalog)
    assert app.learn_course("")
    first_game = next(g for g in catalog.game_ids() if catalog.courses_for(g))
    assert app.course.course_id == catalog.courses_for(first_game)[0].id
    assert app.course.chapter_id == app.open_course_value().chapters[0].id


def test_the_first_screen_names_the_next_chapter_once_one_is_finished(catalog):
    """A chapter finished (every task answered, its last step shown): Learn goes on with the
    next chapter, and the first screen says that one, as the course file names it."""
    from tutor.views.app import TutorView

    data = course_file("palace", "pl-bga-course")
    tasks = sum(1 for step in data["chapters"][0]["steps"] if "quiz" in step)
    view = TutorView(app=TutorApp(catalog))
    app = view.app
    app.course.load("")
    app.learn_game("palace")
    for _ in range(tasks):
        app.study.quiz.show_answer()
        while app.study.forward() and not app.study.quiz_open:
            pass
    assert app.study.step == len(data["chapters"][0]["steps"]) - 1
    assert (f"chapter 2 of {len(data['chapters'])} ({data['chapters'][1]['title']}). {tasks} tasks answered."
            in view.shell.home_learn_html)
    again = TutorApp(catalog)
    again.course.load(app.course.stored)
    assert again.learn_course("") and again.course.chapter_id == data["chapters"][1]["id"]


def test_a_chapter_the_tables_own_options_change_says_which_step_and_why(catalog):
    """A course teaches its rule book as written; a table that plays it with its own options is
    told in the chapter they change (docs/rulings.md, "A course and a table's own rules").
    palace-house-rules.txt § Card Values (Tens and Jokers): whoever clears the pile with a 10
    plays again; the course's chapter "ten" shows it at its step 2 (read from the file: the
    second step, Ann playing on after her 10). A table that says no (ten-replays=no) is told
    there; the aim chapter, which no 10 is in, says nothing."""
    data = course_file("palace", "pl-house-course")
    ten = next(c for c in data["chapters"] if c["id"] == "ten")
    assert ten["steps"][0]["action"] == "play Ts" and "plays again" in ten["steps"][1]["narration"]
    app = TutorApp(catalog)
    app.table_rules.rebase("palace", "house")
    assert app.table_rules.choose("ten-replays", "no")
    assert app.learn_game("palace") and app.course.course_id == "pl-house-course"
    assert app.open_chapter("ten")
    line = course_line_html(app)
    assert "course-table-rules" in line and "Your table&#x27;s rules change step 2<" in line
    assert "does its player play again?" in line and "the turn passes. The drills of Practise these rules follow your" \
        in line
    assert app.open_chapter("aim") and "course-table-rules" not in course_line_html(app)
    # the rule book's own rules (no option set): nothing to say in any chapter
    plain = TutorApp(catalog)
    plain.table_rules.rebase("palace", "house")
    plain.learn_game("palace")
    assert plain.open_chapter("ten") and "course-table-rules" not in course_line_html(plain)


def test_the_first_screen_offers_a_course_chapter_once(catalog):
    """One entry for one place (issue 32): a chapter of a course is continued by the first
    screen's Learn (Continue the course, with the chapter and the tasks answered); the page's
    bridge says the study is that course's chapter, so "Pick up where you left off" is not
    offered for it too (tests/js/resume.test.mjs). A lesson that is no chapter is offered there."""
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    app = view.app
    app.learn_game("palace")
    assert app.course_chapter_open() == app.course.course_id == "pl-bga-course"
    assert view.bridge.course == "pl-bga-course"
    lesson = next(lesson.id for lesson in catalog.lessons if catalog.chapter_of(lesson.id) is None)
    assert app.open_lesson(lesson)
    assert app.course_chapter_open() == "" and view.bridge.course == ""
