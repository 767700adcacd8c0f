"""The catalog of lessons opens each lesson when it is first asked for (issue 17: a start lists
every lesson and opens one, so it loads one engine and one lesson). A lesson that fails to load
is said where it is opened and kept in the catalog's problems; the rest goes on."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lessons.errors import LessonError
from lessons.model import LessonEntry
from rules.errors import NotationError
from tutor.model.app import FREE_PLAY, TutorApp
from tutor.model.catalog import Catalog

from . import toygame


def _entry(lesson) -> LessonEntry:
    return LessonEntry(lesson.id, lesson.title, lesson.game, lesson.order, f"{lesson.game}/{lesson.id}.toml")


def _lazy(*lessons, broken: str | None = None):
    opened = []

    def opener(entry):
        opened.append(entry.id)
        if entry.id == broken:
            raise LessonError("action '+9' is not allowed: no overshoot", name=entry.origin, lesson=entry.id, step=2)
        return next(lesson for lesson in lessons if lesson.id == entry.id)

    entries = [_entry(lesson) for lesson in lessons]
    if broken:
        entries.append(LessonEntry(broken, "A broken race", "race", 100, f"race/{broken}.toml"))
    catalog = Catalog(entries=entries, opener=opener, families={"race": toygame.FAMILY, "relay": toygame.RELAY})
    return catalog, opened


def test_a_start_lists_every_lesson_and_opens_only_the_first():
    first, second = toygame.lesson(), toygame.lesson(lesson_id="race-long", variant="twelve", title="A longer race")
    catalog, opened = _lazy(first, second)
    app = TutorApp(catalog)
    app.start("")
    app.open_job("learn")
    assert app.lesson_options() == {"Race basics": "race-basics", "A longer race": "race-long",
                                    "Free play (set up your own line)": FREE_PLAY}
    assert opened == ["race-basics"]
    app.lesson_id = "race-long"
    assert opened == ["race-basics", "race-long"] and app.study.lesson.id == "race-long"
    app.lesson_id = "race-basics"
    assert opened == ["race-basics", "race-long"]  # opened once


def test_a_lesson_that_fails_to_open_is_said_and_kept_and_nothing_else_changes():
    catalog, _ = _lazy(toygame.lesson(), broken="race-broken")
    app = TutorApp(catalog)
    app.open_job("learn")
    before = app.study
    assert "A broken race" in app.lesson_options()
    assert app.open_lesson("race-broken") is False
    assert app.study is before
    assert app.notice.kind == "error" and "Could not open that" in app.notice.text
    assert "no overshoot" in app.notice.text and "Nothing was changed" in app.notice.text
    (problem,) = catalog.problems
    assert (problem.name, problem.lesson, problem.step) == ("race/race-broken.toml", "race-broken", 2)
    assert app.open_lesson("race-broken") is False and len(catalog.problems) == 1  # said again, kept once
    assert [lesson.id for lesson in catalog.lessons] == ["race-basics"]  # every lesson that loads


def test_an_unknown_lesson_is_a_notation_error_as_before():
    catalog, opened = _lazy(toygame.lesson())
    with pytest.raises(NotationError, match="there is no lesson 'nope'"):
        catalog.lesson("nope")
    assert opened == []


def test_entries_without_an_opener_are_refused():
    with pytest.raises(ValueError, match="needs an opener"):
        Catalog(entries=[_entry(toygame.lesson())])


def test_the_real_app_starts_with_one_engine_and_one_lesson_and_opens_another_games_lesson():
    code = """
import sys
from tutor.model.app import FREE_PLAY, TutorApp
from tutor.model.catalog import Catalog
catalog = Catalog.load()
app = TutorApp(catalog)
app.open_job("learn")
engines = lambda: sorted(m for m in ("rules.palace", "rules.palace_poker", "rules.kings_pot") if m in sys.modules)
print(engines(), app.lesson_groups()[1][0], len(catalog._loaded))
lesson = catalog.lessons_for("kings-pot")[0]
app.open_lesson(lesson.id)
print(engines(), app.study.lesson.title == lesson.title, len(catalog._loaded))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, then = out.stdout.strip().splitlines()
    assert first == "['rules.palace_poker'] Palace 1"
    assert then == "['rules.kings_pot', 'rules.palace_poker'] True 2"


def test_a_link_to_a_lesson_that_fails_to_open_says_so_in_its_own_words():
    from tutor.model.share import decode_link, encode_link
    from tutor.model.study import Study

    working = toygame.lesson(lesson_id="race-broken", title="A broken race")
    link = encode_link(Study.from_lesson(working, toygame.FAMILY))
    catalog, _ = _lazy(toygame.lesson(), broken="race-broken")
    with pytest.raises(ValueError, match="is for a lesson that could not be opened: .*no overshoot"):
        decode_link(link, catalog)
