"""Helpers for the lesson-format and replay tests: load the fake game's lesson text (the
``good_text`` fixture, or an edit of it) and catch the refusal. Imported by name: conftest
puts this folder on sys.path (the suite runs with --import-mode=importlib).
"""

from __future__ import annotations

import pytest

from lessons import LessonError, load_lesson_text

NAME = "count/count-basics.toml"


def load(text, families):
    return load_lesson_text(text, NAME, families=families)


def refuse(text, families) -> LessonError:
    with pytest.raises(LessonError) as caught:
        load(text, families)
    return caught.value


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)
