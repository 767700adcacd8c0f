"""Mastery (issue 32 item 3): strength rises with right answers and fades with time (FSRS), the
queue mixes due clauses with weak and new ones, progress counts known clauses, and the progress
file is versioned: a broken or foreign file is refused with the reason and changes nothing."""

import json
from datetime import datetime, timedelta, timezone

import pytest

from practice.mastery import KNOWN, Mastery, ProgressFileError

T0 = datetime(2026, 1, 10, 19, 0, tzinfo=timezone.utc)


def test_mastery_strength_rises_with_right_answers_and_fades_with_time():
    m = Mastery()
    assert m.strength("H-A1", T0) == 0.0 and not m.known("H-A1", T0)
    m = m.record("H-A1", True, T0)
    fresh = m.strength("H-A1", T0 + timedelta(minutes=1))
    assert fresh >= KNOWN and m.known("H-A1", T0 + timedelta(minutes=1))
    later = m.strength("H-A1", T0 + timedelta(days=60))
    assert later < fresh and not m.known("H-A1", T0 + timedelta(days=60))
    # answered right again after some days: the memory lasts longer than after one answer
    m2 = m.record("H-A1", True, T0 + timedelta(days=3))
    assert m2.strength("H-A1", T0 + timedelta(days=63)) > later


def test_mastery_a_wrong_answer_makes_the_clause_weak_and_not_known():
    m = Mastery().record("H-T2", True, T0).record("H-T2", False, T0 + timedelta(hours=1))
    assert not m.known("H-T2", T0 + timedelta(hours=1))
    assert m.get("H-T2").right == 1 and m.get("H-T2").wrong == 1


def test_mastery_queue_mixes_due_weak_and_new_clauses():
    ids = ["A", "B", "C", "D", "E", "F"]
    m = Mastery().record("A", True, T0).record("B", False, T0).record("C", True, T0)
    later = T0 + timedelta(days=90)  # A and C are long due; B was wrong
    queue = m.queue(ids, later, size=5)
    assert set(queue[:3]) <= {"A", "B", "C", "D"} and "D" in queue and len(queue) == 5
    # right after answering, nothing is due: the weak one and the new ones come first
    soon = m.queue(ids, T0 + timedelta(minutes=5), size=3)
    assert soon[0] in ("B",) and "D" in soon


def test_mastery_progress_counts_known_clauses_per_matrix():
    m = Mastery().record("H-A1", True, T0).record("H-A2", False, T0)
    p = m.progress(["H-A1", "H-A2", "H-A3"], T0 + timedelta(minutes=1))
    assert (p.known, p.seen, p.total) == (1, 2, 3)
    assert p.sentence("house rules") == "1 of 3 house rules known"


def test_mastery_file_round_trips():
    m = Mastery().record("H-A1", True, T0).record("PP-36", False, T0)
    back = Mastery.from_json(m.to_json())
    assert back == m
    assert json.loads(m.to_json())["version"] == 1


@pytest.mark.parametrize("text, reason", [
    ("not json", "not valid JSON"),
    ('{"format": "other", "version": 1, "clauses": {}}', "not a Palace Tutor progress file"),
    ('{"format": "palace-tutor-progress", "version": 9, "clauses": {}}', "newer than this tutor"),
    ('{"format": "palace-tutor-progress", "version": "1", "clauses": {}}', "not a whole number"),
    ('{"format": "palace-tutor-progress", "version": 1}', "no 'clauses'"),
    ('{"format": "palace-tutor-progress", "version": 1, "clauses": {"H-A1": {"right": -1}}}', "'right'"),
    ('{"format": "palace-tutor-progress", "version": 1, "clauses": {"H-A1": {"card": {"state": "x"}}}}',
     "malformed"),
    ("[" * 50 + "]" * 50, "nests deeper"),
    ("x" * 1_000_001, "at most"),
])
def test_mastery_broken_or_foreign_file_is_refused_with_the_reason(text, reason):
    before = Mastery().record("H-A1", True, T0)
    with pytest.raises(ProgressFileError, match=reason):
        Mastery.from_json(text)
    assert before.known("H-A1", T0)  # nothing lost: the current progress is its own value


def test_mastery_file_naming_an_unknown_clause_is_refused_when_clauses_are_given():
    text = Mastery().record("ZZ-9", True, T0).to_json()
    with pytest.raises(ProgressFileError, match="ZZ-9"):
        Mastery.from_json(text, known_clauses=["H-A1"])
