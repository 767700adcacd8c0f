"""A toy engine and toy lessons for the tutor's model tests.

The engine is the test game ``racegame`` (tests/support/racegame: "Race to a
target", registered in ``rules.games`` with all its parts during each tutor
test, see conftest.py); this module adds lessons and a catalog made in code.
"""

from __future__ import annotations

from lessons.model import FrozenMap, Lesson, Quiz, Step
from racegame import (ADVANCES, FAMILY, PRESETS, RELAY, SECTION, SOURCE, Add, RaceState, RaceView,  # noqa: F401
                      ref, register, start, unregister)


def lesson(actions: tuple[str | None, ...] = ("+3", "+3", None, "+2"), *, lesson_id: str = "race-basics",
           variant: str = "ten", quiz_at: int | None = None, title: str = "Race basics",
           game: str = "race") -> Lesson:
    """A lesson whose steps play ``actions`` (None: a pause that explains)."""
    steps = []
    for i, action in enumerate(actions):
        quiz = None
        if quiz_at == i:  # asked before step i's action: after "+3" the total is 3
            quiz = Quiz("What may South add now?", "legal-plays", frozenset({"+1", "+2", "+3"}),
                        "Any amount from one to three that does not pass the target.")
        steps.append(Step(action, f"Narration of step {i + 1} ({action or 'pause'}).",
                          ref("step size" if action else "no overshoot"), (), quiz))
    return Lesson(lesson_id, title, game, variant, ref("step size"), "How the race is played.",
                  FrozenMap({}), tuple(steps), "Welcome to the race.")


def catalog(*lessons: Lesson):
    from tutor.model.catalog import Catalog

    return Catalog(lessons or (lesson(),), families={"race": FAMILY, "relay": RELAY})
