"""The lessons shipped in lessons/data: every one replays through its engine,
and each lesson issue 6 requires exists and checks what the issue says.

Figures asserted here are the lessons' own (taken from the documents or, for
constructed deals, counted by hand); the loader has already verified the
engine agrees with each of them, so these tests pin WHAT is checked."""

from __future__ import annotations

import pytest

from lessons import load_lessons, replay
from lessons.loader import data_directory
from rules.games import game_ids, get_family

REPORT = load_lessons()
SHIPPED = sorted(f"{d.name}/{f.name}" for d in data_directory().iterdir() if d.is_dir()
                 for f in d.iterdir() if f.name.endswith(".toml"))


def lesson(lesson_id):
    return REPORT.by_id(lesson_id)


def checks_of(step):
    return {(c.kind, c.subject): c for c in step.checks}


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_lesson_replays(name):
    broken = [p.message for p in REPORT.problems if p.name == name]
    assert not broken, broken[0]
    assert any(lesson.origin == name for lesson in REPORT.lessons)


def test_no_problems_at_all():
    assert REPORT.problems == (), [p.message for p in REPORT.problems]


def test_lessons_sit_in_known_game_folders():
    for d in data_directory().iterdir():
        if d.is_dir():
            assert d.name in game_ids(), d.name


# -- King's Pot -----------------------------------------------------------------

def test_kings_pot_full_deal_runs_from_tableau_to_showdown():
    full = lesson("kp-full-deal")
    assert full.constructed and "no worked example" in full.intro
    steps = replay(full)
    assert steps[0].before.phase.value == "buy"
    assert [str(s.action) for s in steps if s.action is not None][-1] == "showdown"
    actions = [str(s.action) for s in steps]
    for rnd in (1, 2, 3):
        assert f"reveal {rnd}" in actions
    assert steps[-1].after.is_over


def test_kings_pot_full_deal_carries_the_kings_pot():
    full = lesson("kp-full-deal")
    assert full.setup["kings_pot"] == 6  # carried in from an earlier deal
    last = checks_of(full.steps[-1])
    assert last[("probe", "outcome.kings_pot_won")].expected is False
    assert last[("probe", "kings_pot")].expected == 13  # 6 carried + 7 cards bought at 1 chip
    assert last[("event", "kings-pot-carried")].expected == {"chips": 13}


def test_kings_pot_second_deal_continues_the_first():
    """The follow-on deal starts exactly where the engine leaves the first one."""
    first_end = replay(lesson("kp-full-deal"))[-1].after
    second = lesson("kp-kings-pot-won")
    expected = first_end.next_setup(deck=second.setup["deck"])
    assert second.setup_plain() == expected


def test_kings_pot_second_deal_wins_the_carried_pot():
    second = lesson("kp-kings-pot-won")
    last = checks_of(second.steps[-1])
    assert last[("probe", "outcome.kings_pot_won")].expected is True
    assert last[("probe", "view().players[Ben].stack")].expected == 47  # 23-1-2-5+14+18
    assert replay(second)[-1].after.kings_pot == 0
