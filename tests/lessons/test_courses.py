"""The course file format and its loader (issue 32, item 1), on the fake counting game: a
course is chapters of lessons, each replayed through the engine; a task whose stated answer
disagrees with the engine does not load, and says where; one broken course file never
stops the others; several right answers are all accepted, a wrong one is refused with the
engine's reason."""

from __future__ import annotations

import pytest
from course_support import COURSE, COURSE_NAME, load_course, lookup_from, refuse_course
from lessons_support import edit

from lessons import load_courses
from lessons.course_loader import course_entries, open_course
from lessons.loader import MAX_LESSON_CHARS
from lessons.quizzes import judge, judge_picks


@pytest.fixture
def lookup(good_text, families):
    return lookup_from(good_text, families=families)


@pytest.fixture
def course(families, lookup):
    return load_course(COURSE, families, lookup)


def test_a_course_loads_its_chapters_in_order(course, good_text, families, lookup):
    assert (course.id, course.game, course.variant) == ("count-course", "count", "plain")
    assert [c.id for c in course.chapters] == ["first-card", "basics"]
    first, shared = course.chapters
    assert (first.kind, first.title, str(first.rule)) == ("turn", "Your first card", "palace-poker.txt § Counting")
    assert first.lesson.id == "count-course-first-card" and first.lesson.constructed
    assert first.tasks == (0, 1) and not first.shared
    # a chapter that names a lesson file takes it as it is, title and summary included
    assert shared.shared and shared.lesson is lookup("count-basics")
    assert (shared.title, shared.kind, shared.tasks) == ("Counting to nine", "example", (1, 2))
    assert course.tasks == 4
    assert course.chapter("basics") is shared and course.index("basics") == 1
    with pytest.raises(KeyError, match="first-card, basics"):
        course.chapter("nope")


def test_every_chapter_step_is_replayed_when_the_course_loads(course):
    from lessons import replay

    steps = replay(course.chapters[0].lesson)
    assert [str(s.action) for s in steps] == ["play 5h", "play 4h"]
    assert steps[-1].after.is_over


# -- several right answers ---------------------------------------------------------------

def test_a_move_task_accepts_every_right_move(course):
    quiz = course.chapters[0].lesson.steps[0].quiz
    state = _before(course, 0, 0)
    for move in ("play 2c", "play 3d", "play 5h", "play 5♥", "Ann: play 2c"):
        assert quiz.accepts(move, state), move
        assert judge(quiz, move, state).correct


def test_a_legal_move_that_misses_the_goal_is_told_it_is_allowed_but_not_asked(course):
    quiz = course.chapters[0].lesson.steps[0].quiz
    verdict = judge(quiz, "pass", _before(course, 0, 0))
    assert not verdict.correct and not verdict.refused
    assert "allowed, but it is not what the question asks" in verdict.reason
    assert "Passing lays nothing." in verdict.reason  # the teacher's hint, never the answer
    assert "play" not in verdict.reason.replace("pass", "")


def test_a_refused_move_is_told_the_engines_reason_and_section(course):
    quiz = course.chapters[0].lesson.steps[0].quiz
    verdict = judge(quiz, "play 9s", _before(course, 0, 0))
    assert not verdict.correct and verdict.refused
    assert verdict.why == ("play the nine of spades: Ann does not hold 9s (palace-poker.txt § Counting)",)


def test_text_that_is_not_a_move_is_said_so(course):
    verdict = judge(course.chapters[0].lesson.steps[0].quiz, "dance", _before(course, 0, 0))
    assert not verdict.correct and "could not be read" in verdict.reason


def test_a_pick_all_question_wants_every_right_answer_and_nothing_else(course):
    quiz = course.chapters[0].lesson.steps[1].quiz
    assert quiz.several and quiz.pick == "all"
    assert judge_picks(quiz, ["4h"]).correct
    both = judge_picks(quiz, ["4h", "5s"])
    assert not both.correct and "1 of your 2 picks is right; 1 is not" in both.reason
    assert not judge_picks(quiz, []).correct


def test_a_legal_plays_question_is_judged_by_the_engine(good_text, families, lookup):
    lesson = lookup("count-basics")
    quiz = lesson.steps[1].quiz
    state = _lesson_before(lesson, 1)
    assert judge_picks(quiz, ["pass", "play 2c", "play 3d", "play 5h"], state).correct
    short = judge_picks(quiz, ["pass", "play 2c"], state)
    assert not short.correct and "2 right answers are still missing" in short.reason
    assert judge(quiz, "play 3♦", state).correct  # any spelling the engine reads


# -- the loader checks the stated answers against the engine -------------------------------

def test_a_move_task_must_list_every_move_that_reaches_the_goal(families, lookup):
    text = edit(COURSE, 'accepted = ["play 2c", "play 3d", "play 5h"]', 'accepted = ["play 2c", "play 5h"]')
    err = refuse_course(text, families, lookup)
    assert err.chapter == "first-card" and err.step == 1
    assert "every correct answer must be accepted; also legal and reaches the goal" in err.reason
    assert "play 3d" in err.reason
    assert str(err).startswith(f"{COURSE_NAME} (course 'count-course'), chapter 'first-card', step 1: quiz:")


def test_a_move_task_must_not_accept_a_move_that_misses_the_goal(families, lookup):
    text = edit(COURSE, 'accepted = ["play 2c", "play 3d", "play 5h"]',
                'accepted = ["play 2c", "play 3d", "play 5h", "pass"]')
    err = refuse_course(text, families, lookup)
    assert "accepted but not legal and reaches the goal" in err.reason and "pass" in err.reason


def test_a_move_task_must_not_accept_a_move_the_rules_refuse(families, lookup):
    text = edit(COURSE, 'accepted = ["play 2c", "play 3d", "play 5h"]',
                'accepted = ["play 2c", "play 3d", "play 5h", "play 9s"]')
    err = refuse_course(text, families, lookup)
    assert "accepted but not legal here: play 9s (Ann does not hold 9s)" in err.reason


def test_the_steps_own_move_must_be_a_right_answer(families, lookup):
    text = edit(COURSE, 'action = "play 5h"\n  narration = "Ann lays her five."',
                'action = "pass"\n  narration = "Ann passes."')
    err = refuse_course(text, families, lookup)
    assert "the step's own move (pass) is not among the accepted moves" in err.reason


def test_a_move_task_without_a_goal_accepts_the_listed_legal_moves(families, lookup):
    text = edit(COURSE, '    goal = { probe = "players[Ann].hand", length = 2 }\n', '')
    text = edit(text, 'accepted = ["play 2c", "play 3d", "play 5h"]', 'accepted = ["play 2c", "play 5h"]')
    course = load_course(text, families, lookup)
    quiz = course.chapters[0].lesson.steps[0].quiz
    state = _before(course, 0, 0)
    assert quiz.accepts("play 5h", state) and not quiz.accepts("play 3d", state)


def test_a_pick_all_outcome_must_be_exactly_the_engines_list(families, lookup):
    quiz = ('    kind = "outcome"\n    question = "Which cards does Ann still hold?"\n'
            '    options = ["2c", "3d", "5h"]\n    pick = "all"\n    accepted = {}\n'
            '    answer = {{ probe = "players[Ann].hand" }}\n    explanation = "She laid the five."\n')
    old = ('    kind = "choice"\n    question = "Which of Bob\'s cards would keep the total within nine?"\n'
           '    options = ["4h", "5s", "neither"]\n    pick = "all"\n    accepted = ["4h"]\n'
           '    explanation = "Five and four make nine; five and five overshoot."\n')
    course = load_course(edit(COURSE, old, quiz.format('["2c", "3d"]')), families, lookup)
    assert course.chapters[0].lesson.steps[1].quiz.accepts_picks(["3d", "2c"])
    err = refuse_course(edit(COURSE, old, quiz.format('["2c"]')), families, lookup)
    assert "the accepted answers must be exactly the engine's" in err.reason and "the engine also has 3d" in err.reason


def test_an_outcome_may_count_the_items_of_a_value(families, lookup):
    old = ('    kind = "choice"\n    question = "Which of Bob\'s cards would keep the total within nine?"\n'
           '    options = ["4h", "5s", "neither"]\n    pick = "all"\n    accepted = ["4h"]\n')
    new = ('    kind = "outcome"\n    question = "How many cards does Bob hold after?"\n'
           '    options = ["0", "1", "2"]\n    accepted = ["1"]\n'
           '    answer = { probe = "players[Bob].hand", count = true }\n')
    course = load_course(edit(COURSE, old, new), families, lookup)
    from lessons import replay

    assert replay(course.chapters[0].lesson)[1].quiz_answer == "1"


# -- the format --------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, words", [
    ('kind = "turn"', 'kind = "turns"', "chapter kind 'turns' is unknown; known: aim, deal, turn"),
    ('kind = "turn"', 'knd = "turn"', "unknown field 'knd' in [[chapters]] (did you mean 'kind'?)"),
    ('rule = "Counting"\n  [chapters.setup]', '  [chapters.setup]',
     "[[chapters]] lacks the required field 'rule'"),
    ('id = "basics"', 'id = "first-card"', "chapter id 'first-card' is used twice"),
    ('lesson = "count-basics"', 'lesson = "count-nope"', "there is no lesson 'count-nope'"),
    ('lesson = "count-basics"', 'lesson = "count-basics"\nsteps = []', "takes its position and steps from it"),
    ('id = "first-card"', 'id = "First card"', "chapter id 'First card' must be lowercase"),
    ('pick = "all"', 'pick = "some"', "pick 'some' is unknown; known: one, all"),
    ('goal = { probe', 'options = ["a", "b"]\n        goal = { probe', "a move quiz offers the engine's own moves"),
    ('variant = "plain"', 'variant = "plane"', "variant 'plane' is not a preset of count"),
])
def test_a_malformed_course_is_refused_naming_the_place(families, lookup, old, new, words):
    err = refuse_course(edit(COURSE, old, new), families, lookup)
    assert words in str(err), str(err)
    assert str(err).startswith(COURSE_NAME)


def test_a_chapter_without_questions_is_refused(families, lookup):
    text = COURSE.split("[[chapters]]\nid = \"basics\"")[0]
    start = text.index("    [chapters.steps.quiz]")
    end = text.index("  [[chapters.steps]]\n  action = \"play 4h\"")
    text = text[:start] + text[end:]
    start = text.index("    [chapters.steps.quiz]")
    text = text[:start]
    err = refuse_course(text, families, lookup)
    assert "a chapter asks the learner at least one question" in err.reason and err.chapter == "first-card"


def test_a_shared_lesson_must_follow_the_courses_rule_set(families, good_text):
    strict = good_text.replace('variant = "plain"', 'variant = "strict"').replace('"pass", ', "")
    err = refuse_course(COURSE, families, lookup_from(strict, families=families))
    assert "is a count lesson under the 'strict' rules; this course teaches count under 'plain'" in err.reason


def test_a_course_with_too_many_chapters_is_refused(families, lookup):
    chapter = COURSE[COURSE.index("[[chapters]]\nid = \"basics\""):]
    many = COURSE + "".join(chapter.replace('id = "basics"', f'id = "b{i}"') for i in range(101))
    err = refuse_course(many, families, lookup)
    assert "a course has at most 100 chapters, not 103" in err.reason


def test_a_file_too_long_is_refused_before_it_is_parsed(families, lookup):
    err = refuse_course(COURSE + "#" * MAX_LESSON_CHARS, families, lookup)
    assert "too long for a lesson or a course" in err.reason and f"the limit is {MAX_LESSON_CHARS:,}" in err.reason


# -- folders ---------------------------------------------------------------------------

def _write(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_one_broken_course_never_stops_the_others(tmp_path, families, lookup):
    _write(tmp_path, "count/count-course.toml", COURSE)
    _write(tmp_path, "count/count-zz.toml", COURSE.replace('id = "count-course"', 'id = "count-zz"')
           .replace('"play 2c", "play 3d", "play 5h"', '"play 2c"'))
    _write(tmp_path, "stray.toml", COURSE)
    report = load_courses(tmp_path, families=families, lessons=lookup)
    assert [c.id for c in report.courses] == ["count-course"]
    assert [p.name for p in report.problems] == ["count/count-zz.toml"]
    assert "chapter 'first-card', step 1" in report.problems[0].message
    assert [s.name for s in report.skipped] == ["stray.toml"]
    assert "a course belongs in its game's folder" in report.skipped[0].reason
    assert report.for_game("count") == report.courses and report.by_id("count-course").origin == COURSE_NAME


def test_course_entries_are_read_without_the_engine_and_open_one_by_one(tmp_path, families, lookup):
    _write(tmp_path, "count/count-course.toml", COURSE)
    entries, problems = course_entries(tmp_path)
    assert problems == () and [(e.id, e.game, e.variant) for e in entries] == [("count-course", "count", "plain")]
    course = open_course(entries[0], tmp_path, families=families, lessons=lookup)
    assert course.id == "count-course" and len(course.chapters) == 2


def test_a_course_in_the_wrong_folder_or_file_is_a_problem(tmp_path, families, lookup):
    _write(tmp_path, "count/other-name.toml", COURSE)
    report = load_courses(tmp_path, families=families, lessons=lookup)
    assert "the file should be named count-course.toml after the course's id" in report.problems[0].message


# -- helpers -------------------------------------------------------------------------------

def _before(course, chapter, step):
    from lessons import replay

    return replay(course.chapters[chapter].lesson)[step].before


def _lesson_before(lesson, step):
    from lessons import replay

    return replay(lesson)[step].before
