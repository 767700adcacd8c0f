"""The mastery map and the progress file (issue 32, item 3): the map counts what the learner
answered; the file carries the mastery and the courses to another device and merges there; a
broken or foreign file is refused with the reason and changes nothing."""

from __future__ import annotations

import json

import pytest

from lessons.progress import Progress
from practice import clauses
from practice.mastery import Mastery
from tutor.model.catalog import Catalog
from tutor.model.course import CourseModel
from tutor.model.learning import LearningFileError, export_text, import_text, matrices
from tutor.model.practice import PracticeModel


def house_ids() -> list[str]:
    return [c.id for c in clauses("palace") if c.matrix == "palace-house" and c.make is not None]


def test_the_map_counts_each_rule_book_and_a_right_answer_makes_a_rule_known():
    ids = house_ids()
    mastery = Mastery().record(ids[0], True).record(ids[1], False)
    house = next(m for m in matrices(mastery, Catalog.load()) if m.matrix == "palace-house")
    assert (house.known, house.total, house.seen) == (1, len(ids), 2)
    assert house.sentence() == f"Palace, House rules: 1 of {len(ids)} rules known"


def test_a_file_goes_to_another_device_and_merges_there():
    ids = house_ids()
    course, practice = CourseModel(), PracticeModel()
    course.adopt(Progress().with_course(Progress().of("pl-house-course").record("aim", 0, "first-try")))
    practice.adopt(Mastery().record(ids[0], True).record(ids[0], True))
    text = export_text(course, practice)
    other_course, other_practice = CourseModel(), PracticeModel()
    other_practice.adopt(Mastery().record(ids[1], False))
    said = import_text(text, other_course, other_practice)
    assert said.startswith("Progress imported: 1 rule practised and 1 course")
    assert other_practice.mastery.get(ids[0]).right == 2 and other_practice.mastery.get(ids[1]).wrong == 1
    assert other_course.progress.of("pl-house-course").outcome("aim", 0) == "first-try"


@pytest.mark.parametrize("text, why", [
    ("not json at all", "not JSON"),
    ('{"format": "palace-tutor-progress", "version": 1, "clauses": {}}', "not a Palace Tutor progress file"),
    ('{"format": "palace-tutor-learning", "version": 9, "mastery": {}, "courses": {}}', "another version"),
    ('{"format": "palace-tutor-learning", "version": 1, "mastery": {"format": "palace-tutor-progress", '
     '"version": 1, "clauses": {"NO-SUCH": {}}}, "courses": {}}', "NO-SUCH"),
    ('{"format": "palace-tutor-learning", "version": 1, "mastery": {"format": "palace-tutor-progress", '
     '"version": 1, "clauses": {}}, "courses": {"format": "x"}}', "courses cannot be read"),
    ("[" * 20_000, "nests brackets 20,000 deep"),  # refused before any parse (issue 35, point 7)
])
def test_a_broken_or_foreign_file_is_refused_with_why_and_changes_nothing(text, why):
    ids = house_ids()
    course, practice = CourseModel(), PracticeModel()
    practice.adopt(Mastery().record(ids[0], True))
    before = (practice.mastery, course.progress)
    with pytest.raises(LearningFileError) as err:
        import_text(text, course, practice)
    assert why in str(err.value)
    assert (practice.mastery, course.progress) == before


def test_the_file_is_the_browsers_own_two_texts():
    course, practice = CourseModel(), PracticeModel()
    data = json.loads(export_text(course, practice))
    assert data["format"] == "palace-tutor-learning" and data["version"] == 1
    assert data["mastery"]["format"] == "palace-tutor-progress"
    assert data["courses"]["format"] == "palace-tutor-course-progress"


def test_a_rule_answered_wrong_last_is_not_shown_as_strong():
    from tutor.model.learning import clause_rows

    ids = house_ids()
    mastery = Mastery().record(ids[0], False).record(ids[1], True)
    wrong, right, fresh = clause_rows(mastery, (ids[0], ids[1], ids[2]))
    assert wrong.words() == "last answer wrong"
    assert right.words().endswith("%") or right.words().endswith("(known)")
    assert fresh.words() == "not practised yet"
