"""A list of lessons read without the engines (issue 17: a start opens one lesson, so it loads
one engine and one lesson): ``lesson_entries`` lists what ``load_lessons`` would load, in its
order, and ``open_entry`` loads one lesson as ``load_lessons`` does, with the same errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lessons import load_lessons
from lessons.errors import LessonError
from lessons.loader import lesson_entries, open_entry

from .test_load_directory import variant_of, write


@pytest.fixture
def folder(tmp_path, good_text):
    write(tmp_path, "count/count-basics.toml", good_text)
    write(tmp_path, "count/count-again.toml", variant_of(good_text, "count-again").replace("order = ", "order = 1 #"))
    return tmp_path


def _listed(items):
    return [(item.id, item.title, item.game, item.order, item.origin) for item in items]


def test_the_entries_of_the_shipped_lessons_are_what_the_loader_loads_in_its_order():
    report, entries = load_lessons(), lesson_entries()
    assert len(entries.entries) == len(report.lessons) > 20
    assert _listed(entries.entries) == _listed(report.lessons)
    assert entries.problems == () and entries.skipped == report.skipped


def test_an_opened_entry_is_the_lesson_the_loader_loads(folder, families):
    report = load_lessons(folder, families=families)
    entries = lesson_entries(folder)
    assert _listed(entries.entries) == _listed(report.lessons)
    for entry in entries.entries:
        assert open_entry(entry, folder, families=families) == report.by_id(entry.id)


def test_a_lesson_whose_steps_fail_is_listed_and_fails_when_opened_as_the_loader_says(folder, families, good_text):
    write(folder, "count/count-bad-step.toml",
          variant_of(good_text, "count-bad-step").replace("equals = 5", "equals = 7"))
    entries = lesson_entries(folder)
    assert "count-bad-step" in [e.id for e in entries.entries] and entries.problems == ()
    (problem,) = load_lessons(folder, families=families).problems
    entry = next(e for e in entries.entries if e.id == "count-bad-step")
    with pytest.raises(LessonError) as err:
        open_entry(entry, folder, families=families)
    assert str(err.value) == problem.message and (err.value.lesson, err.value.step) == ("count-bad-step", 2)


def test_an_engine_crash_while_opening_is_a_lesson_error_naming_the_file(folder, families, good_text):
    write(folder, "broken/count-crash.toml",
          variant_of(good_text, "count-crash").replace('game = "count"', 'game = "broken"'))
    (problem,) = load_lessons(folder, families=families).problems
    entry = next(e for e in lesson_entries(folder).entries if e.id == "count-crash")
    with pytest.raises(LessonError, match="RuntimeError: engine bug") as err:
        open_entry(entry, folder, families=families)
    assert str(err.value) == problem.message


@pytest.mark.parametrize("rel, text, says", [
    ("count/count-broken.toml", 'id = "count-broken"\ntitle = ', "not valid TOML"),
    ("count/count-broken.toml", 'id = "count-broken"\nsubtitle = "x"\n', "unknown field 'subtitle'"),
    ("palace/count-basics.toml", None, "belongs in the count/ folder, not palace/"),
    ("count/basics.toml", None, "should be named count-basics.toml"),
    ("count2/count-basics.toml", "count2", "'count-basics' is already used by count/count-basics.toml"),
])
def test_what_the_entry_shows_is_checked_as_the_loader_checks_it(folder, families, good_text, rel, text, says):
    if text is None:
        text = good_text
    elif text == "count2":
        text = good_text.replace('game = "count"', 'game = "count2"')
    write(folder, rel, text)
    entries = lesson_entries(folder)
    (problem,) = entries.problems
    (loaded,) = load_lessons(folder, families=families).problems
    assert problem.name == loaded.name == rel and says in problem.message
    assert problem.message == loaded.message
    assert len(entries.entries) == 2


def test_a_file_changed_after_it_was_listed_is_refused_when_opened(folder, families, good_text):
    entry = next(e for e in lesson_entries(folder).entries if e.id == "count-basics")
    write(folder, "count/count-basics.toml", good_text.replace('game = "count"', 'game = "count2"'))
    with pytest.raises(LessonError, match="changed since it was listed"):
        open_entry(entry, folder, families=families)


def test_listing_the_shipped_lessons_imports_no_engine():
    code = ("import sys\nfrom lessons.loader import lesson_entries\nlesson_entries()\n"
            "print(sorted(m for m in ('rules.palace', 'rules.palace_poker', 'rules.kings_pot') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_file_gone_since_it_was_listed_says_so_when_opened(folder, families):
    entry = next(e for e in lesson_entries(folder).entries if e.id == "count-basics")
    (folder / "count" / "count-basics.toml").unlink()
    with pytest.raises(LessonError, match="could not be read") as err:
        open_entry(entry, folder, families=families)
    assert "engine" not in str(err.value)
