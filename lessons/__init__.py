"""Lessons and courses: data files under ``lessons/data`` and ``lessons/courses`` and the
loaders that replay them through the engines in ``rules`` and check every step.

The formats are described for teachers in ``docs/lessons.md``.
"""

from .course import AdaptedCourse, Chapter, ChapterEntry, Course, CourseEntry, CourseProblem, CourseReport, StepChange
from .course_loader import (adapt, chapter_change, course_entries, courses_directory, load_course_text, load_courses,
                            open_course)
from .errors import LessonError
from .loader import data_directory, initial_state, load_lesson_text, load_lessons, replay
from .model import (AnswerSource, Check, CheckResult, Lesson, LessonProblem, LoadReport, Quiz,
                    ReplayedStep, Step)
from .progress import CourseProgress, Progress, ProgressError
from .quizzes import Judgement, judge, judge_picks

__all__ = [
    "AdaptedCourse", "AnswerSource", "Chapter", "ChapterEntry", "Check", "CheckResult", "Course", "CourseEntry",
    "CourseProblem", "CourseProgress", "CourseReport", "Judgement", "Lesson", "LessonError", "LessonProblem",
    "LoadReport", "Progress", "ProgressError", "Quiz", "ReplayedStep", "Step", "StepChange", "adapt",
    "chapter_change", "course_entries", "courses_directory", "data_directory", "initial_state", "judge",
    "judge_picks", "load_course_text", "load_courses", "load_lesson_text", "load_lessons", "open_course", "replay",
]
