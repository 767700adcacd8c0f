"""A small course of the fake counting game (conftest.py), and helpers to load it or an edit
of it. Imported by name: conftest puts this folder on sys.path."""

from __future__ import annotations

import textwrap

import pytest

from lessons import LessonError, load_course_text, load_lesson_text

COURSE_NAME = "count/count-course.toml"

COURSE = textwrap.dedent('''\
    id = "count-course"
    title = "Counting from zero"
    game = "count"
    variant = "plain"
    summary = "The counting game, one idea at a time."

    [source]
    file = "palace-poker.txt"
    section = "Counting"

    [[chapters]]
    id = "first-card"
    title = "Your first card"
    kind = "turn"
    summary = "Lay a card; its rank adds to the total."
    rule = "Counting"
      [chapters.setup]
      target = 9
      players = [ { name = "Ann", hand = "2c 3d 5h" }, { name = "Bob", hand = "4h 5s" } ]

      [[chapters.steps]]
      action = "play 5h"
      narration = "Ann lays her five."
      rule = "Counting"
        [chapters.steps.quiz]
        kind = "move"
        question = "Lay one of Ann's cards."
        accepted = ["play 2c", "play 3d", "play 5h"]
        goal = { probe = "players[Ann].hand", length = 2 }
        hint = "Passing lays nothing."
        explanation = "Any of her three cards will do."

      [[chapters.steps]]
      action = "play 4h"
      narration = "Bob makes nine."
      rule = "Counting"
        [chapters.steps.quiz]
        kind = "choice"
        question = "Which of Bob's cards would keep the total within nine?"
        options = ["4h", "5s", "neither"]
        pick = "all"
        accepted = ["4h"]
        explanation = "Five and four make nine; five and five overshoot."

    [[chapters]]
    id = "basics"
    kind = "example"
    lesson = "count-basics"
    ''')


def lookup_from(*lesson_texts, families):
    """A lesson lookup serving the given lesson texts by id."""
    lessons = {}
    for text in lesson_texts:
        lesson = load_lesson_text(text, "count/x.toml", families=families)
        lessons[lesson.id] = lesson

    def lookup(lesson_id):
        return lessons[lesson_id]

    return lookup


def load_course(text, families, lookup):
    return load_course_text(text, COURSE_NAME, families=families, lessons=lookup)


def refuse_course(text, families, lookup) -> LessonError:
    with pytest.raises(LessonError) as caught:
        load_course(text, families, lookup)
    return caught.value
