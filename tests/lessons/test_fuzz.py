"""Mangled lesson files never crash the loader: each is either loaded or
reported as a problem with a message, and the good lessons beside it still
load (issue 9, 'Bad input everywhere'). One shipped lesson per game is the
starting point, so the fuzzing also reaches each engine's setup and notation."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons import LessonError, load_lesson_text, load_lessons

DATA = Path(__file__).parents[2] / "lessons" / "data"
BASES = {name: (DATA / name).read_text(encoding="utf-8") for name in
         ("kings-pot/kp-full-deal.toml", "palace-poker/pp-first-round.toml", "palace/pl-bga-example.toml")}
WORDS = {name: [m.span() for m in re.finditer(r"[A-Za-z0-9_'-]+", text)] for name, text in BASES.items()}


@st.composite
def mangled(draw):
    """(file name, mangled text): one to three edits of a shipped lesson."""
    name = draw(st.sampled_from(sorted(BASES)))
    text = BASES[name]
    words = WORDS[name]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["swap", "cut", "insert", "replace"]))
        if kind == "swap" and text == BASES[name]:
            # put one word in place of another: the TOML mostly stays valid, so this
            # reaches the field checks, the engine's setup and the replay
            (a, b), (c, d) = draw(st.sampled_from(words)), draw(st.sampled_from(words))
            text = text[:a] + BASES[name][c:d] + text[b:]
            continue
        at = draw(st.integers(0, len(text)))
        if kind == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        else:
            junk = draw(st.text(alphabet='=[]{}"\'#\n ,.abcxyzJKQ0123456789-♠@:', min_size=1, max_size=12))
            cut = draw(st.integers(1, 12)) if kind == "replace" else 0
            text = text[:at] + junk + text[at + cut:]
    return name, text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled())
def test_a_mangled_lesson_loads_or_raises_a_lesson_error(case):
    name, text = case
    try:
        load_lesson_text(text, name)
    except LessonError as err:
        assert err.name == name and name in str(err)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(case=mangled())
def test_a_mangled_lesson_never_stops_its_neighbour(tmp_path_factory, case):
    name, text = case
    root = tmp_path_factory.mktemp("lessons")
    neighbour = "kings-pot/kp-kings-pot-won.toml"
    (root / "kings-pot").mkdir()
    shutil.copy(DATA / neighbour, root / neighbour)
    (root / name).parent.mkdir(exist_ok=True)
    (root / name).write_text(text, encoding="utf-8")
    report = load_lessons(root)
    assert "kp-kings-pot-won" in [lesson.id for lesson in report.lessons]
    assert len(report.lessons) + len(report.problems) == 2
    for problem in report.problems:
        assert problem.name == name and problem.message
        assert "the engine failed" not in problem.message, problem.message
