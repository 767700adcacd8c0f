"""Mangled lesson files never crash the loader: each is either loaded or
reported as a problem with a message, and the good lessons beside it still
load (issue 9, 'Bad input everywhere')."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons import LessonError, load_lesson_text, load_lessons

SHIPPED = Path(__file__).parents[2] / "lessons" / "data" / "kings-pot"
BASE = (SHIPPED / "kp-full-deal.toml").read_text(encoding="utf-8")
NAME = "kings-pot/kp-full-deal.toml"
WORDS = [m.span() for m in re.finditer(r"[A-Za-z0-9_'-]+", BASE)]

edits = st.one_of(
    # put one word of the file in place of another (the TOML mostly stays valid,
    # so this reaches the field checks, the engine's setup and the replay)
    st.tuples(st.just("swap"), st.integers(0, len(WORDS) - 1), st.integers(0, len(WORDS) - 1),
              st.just("")),
    # delete a slice
    st.tuples(st.just("cut"), st.integers(0, len(BASE)), st.integers(1, 40), st.just("")),
    # insert junk
    st.tuples(st.just("insert"), st.integers(0, len(BASE)), st.just(0),
              st.text(alphabet='=[]{}"\'#\n ,.abcxyz0123456789-♠', min_size=1, max_size=12)),
    # overwrite a slice with junk
    st.tuples(st.just("replace"), st.integers(0, len(BASE)), st.integers(1, 12),
              st.text(alphabet='=[]{}"\n abcJKQ23456789TAcdhs-', min_size=1, max_size=12)),
)


def mangle(text: str, edit) -> str:
    kind, at, length, junk = edit
    if kind == "swap":  # only on the pristine text, whose word positions we know
        if text != BASE:
            return text
        (a, b), (c, d) = WORDS[at], WORDS[length]
        return text[:a] + text[c:d] + text[b:]
    return text[:at] + junk + text[at + length:]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(edits, min_size=1, max_size=3))
def test_a_mangled_lesson_loads_or_raises_a_lesson_error(edit_list):
    text = BASE
    for edit in edit_list:
        text = mangle(text, edit)
    try:
        load_lesson_text(text, NAME)
    except LessonError as err:
        assert err.name == NAME and NAME in str(err)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(edit=edits)
def test_a_mangled_lesson_never_stops_its_neighbour(tmp_path_factory, edit):
    root = tmp_path_factory.mktemp("lessons")
    (root / "kings-pot").mkdir()
    shutil.copy(SHIPPED / "kp-kings-pot-won.toml", root / "kings-pot" / "kp-kings-pot-won.toml")
    (root / "kings-pot" / "kp-full-deal.toml").write_text(mangle(BASE, edit), encoding="utf-8")
    report = load_lessons(root)
    assert "kp-kings-pot-won" in [lesson.id for lesson in report.lessons]
    assert len(report.lessons) + len(report.problems) == 2
    for problem in report.problems:
        assert problem.name == "kings-pot/kp-full-deal.toml" and problem.message
        assert "the engine failed" not in problem.message, problem.message
