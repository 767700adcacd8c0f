"""Lessons: data files under ``lessons/data`` and the loader that replays them
through the engines in ``rules`` and checks every step.

The format is described for teachers in ``docs/lessons.md``.
"""

from .errors import LessonError
from .loader import data_directory, initial_state, load_lesson_text, load_lessons, replay
from .model import (AnswerSource, Check, CheckResult, Lesson, LessonProblem, LoadReport, Quiz,
                    ReplayedStep, Step)

__all__ = [
    "AnswerSource", "Check", "CheckResult", "Lesson", "LessonError", "LessonProblem", "LoadReport",
    "Quiz", "ReplayedStep", "Step", "data_directory", "initial_state", "load_lesson_text",
    "load_lessons", "replay",
]
