"""A learner's progress through a course (issue 32, item 1): where they left off, done and
stars per chapter, kept as JSON text on the device; text that cannot be trusted is refused
with the reason (and so never silently overwritten)."""

from __future__ import annotations

import json

import pytest
from course_support import COURSE, load_course, lookup_from

from lessons.progress import MAX_TEXT, CourseProgress, Progress, ProgressError


@pytest.fixture
def course(good_text, families):
    return load_course(COURSE, families, lookup_from(good_text, families=families))


# the course's tasks: first-card steps 0 and 1; basics (the lesson file) steps 1 and 2

def test_a_new_learner_starts_at_the_first_chapter(course):
    progress = CourseProgress(course.id)
    assert progress.resume(course) == ("first-card", 0)
    assert [progress.stars(c) for c in course.chapters] == [0, 0]
    assert progress.words(course) == "0 of 2 chapters done, 0 stars of 6"


def test_stars_follow_how_each_task_ended(course):
    first = course.chapter("first-card")
    p = CourseProgress(course.id).record("first-card", 0, "first-try")
    assert not p.done(first) and p.stars(first) == 0 and p.answered(first) == 1
    three = p.record("first-card", 1, "first-try")
    assert three.done(first) and three.stars(first) == 3
    assert p.record("first-card", 1, "later").stars(first) == 2
    assert p.record("first-card", 1, "shown").stars(first) == 1


def test_the_best_outcome_of_a_task_is_kept(course):
    p = CourseProgress(course.id).record("first-card", 0, "shown").record("first-card", 0, "first-try")
    assert p.outcome("first-card", 0) == "first-try"
    assert p.record("first-card", 0, "later").outcome("first-card", 0) == "first-try"
    again = p.restart("first-card")
    assert again.outcome("first-card", 0) == "" and again.at == p.at


def test_learn_opens_where_the_learner_left_off(course):
    p = CourseProgress(course.id).move_to("first-card", 1)
    assert p.resume(course) == ("first-card", 1)
    # the end of a finished chapter: the next chapter not done
    done = p.record("first-card", 0, "first-try").record("first-card", 1, "later")
    assert done.resume(course) == ("basics", 0)
    # a place the course no longer has (edited since): the first chapter not done
    assert CourseProgress(course.id).move_to("gone", 3).resume(course) == ("first-card", 0)
    assert CourseProgress(course.id).move_to("basics", 99).resume(course) == ("first-card", 0)


def test_progress_is_a_frozen_value_and_changes_give_new_ones(course):
    p = CourseProgress(course.id)
    q = p.move_to("basics", 2)
    assert p.at is None and q.at == ("basics", 2) and q.reached == (("basics", 2),)
    assert q.move_to("basics", 0).reached == (("basics", 2),)  # how far is kept
    with pytest.raises(AttributeError):
        q.at = None
    with pytest.raises(ValueError, match="unknown outcome 'perfect'"):
        p.record("basics", 1, "perfect")
    with pytest.raises(ValueError, match="not a step index"):
        p.move_to("basics", -1)


def test_progress_goes_to_text_and_back(course):
    p = (Progress().with_course(CourseProgress(course.id).move_to("first-card", 1)
                                .record("first-card", 0, "first-try"))
         .opened("count", course.id))
    text = p.to_json()
    assert Progress.from_json(text) == p
    assert Progress.from_json(text).last_course("count") == "count-course"
    assert Progress.from_json(text).of(course.id).stars(course.chapter("first-card")) == 0
    assert Progress.from_json("") == Progress() and Progress().of("x").course == "x"


@pytest.mark.parametrize("text, words", [
    ("{", "not readable text"),
    ('{"format": "something-else", "version": 1, "courses": {}}', "not course progress written by Palace Tutor"),
    ('{"format": "palace-tutor-course-progress", "version": 9, "courses": {}}', "another version"),
    ('{"format": "palace-tutor-course-progress", "version": 1, "courses": []}', "no courses in it"),
    ('{"format": "palace-tutor-course-progress", "version": 1, "courses": {"Bad Id": {}}}', "not an id"),
    ('{"format": "palace-tutor-course-progress", "version": 1, "courses": {"c": {"answers": [["a", 0, "great"]]}}}',
     "unknown outcome 'great'"),
    ('{"format": "palace-tutor-course-progress", "version": 1, "courses": {"c": {"at": ["a", "two"]}}}',
     "not a step index"),
    ('{"format": "palace-tutor-course-progress", "version": 1, "courses": {"c": {"reached": [1]}}}',
     "cannot be read"),
    ("[" * 100_000, "nests brackets 100,000 deep"),  # refused before json.loads recurses (issue 35, point 7)
])
def test_stored_text_that_cannot_be_trusted_is_refused_with_the_reason(text, words):
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(text)
    assert words in str(caught.value)


def test_stored_progress_is_bounded():
    with pytest.raises(ProgressError, match="too long"):
        Progress.from_json(" " * (MAX_TEXT + 1) + "{}")
    many = {"format": "palace-tutor-course-progress", "version": 1,
            "courses": {f"c{i}": {} for i in range(201)}}
    with pytest.raises(ProgressError, match="201 courses; at most 200"):
        Progress.from_json(json.dumps(many))
