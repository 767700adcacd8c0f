"""A learner's progress through the courses, as a frozen, serializable value.

The tutor keeps it on the device (the browser's storage) as the JSON text
:meth:`Progress.to_json` writes, and reads it back with :meth:`Progress.from_json`, which
refuses text it cannot trust (another program's, a newer version's, cut short, out of
bounds) with a :class:`ProgressError` saying why, so nothing stored is lost by a silent
overwrite. Every change gives a new value.

For each course: where the learner is (a chapter and a step, so "Learn <game>" opens
there), how far they got in each chapter, and how each task ended (its best outcome: right
first time, right after another try, or answer shown). From that, per chapter: done (every
task answered) and stars:

* 3: every task right first time;
* 2: every task answered right, some after another try;
* 1: done, with at least one answer shown;
* 0: not done yet.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from rules.jsontext import JsonBoundsError, read_json

from .course import Chapter, Course
from .schema import ID_PATTERN

FORMAT = "palace-tutor-course-progress"
VERSION = 1
#: How a task ended, best first: the token stored, and the words for a person.
OUTCOMES: dict[str, str] = {
    "first-try": "right first time",
    "later": "right after another try",
    "shown": "answer shown",
}
MAX_TEXT = 1_000_000        # characters of stored progress
MAX_COURSES = 200
MAX_ANSWERS = 20_000        # task outcomes over all courses
MAX_STEP = 10_000


class ProgressError(ValueError):
    """Stored progress that cannot be read; the message says why, and nothing is changed."""


def _rank(outcome: str) -> int:
    return list(OUTCOMES).index(outcome)


@dataclass(frozen=True)
class CourseProgress:
    """One course's progress: ``at`` is (chapter id, step index from 0) or None before the
    first step; ``reached`` the furthest step index seen per chapter; ``answers`` the best
    outcome per (chapter id, step index). Pairs are kept sorted, so equal progress is equal."""

    course: str
    at: tuple[str, int] | None = None
    reached: tuple[tuple[str, int], ...] = ()
    answers: tuple[tuple[tuple[str, int], str], ...] = ()

    # -- changes ------------------------------------------------------------------------
    def move_to(self, chapter: str, step: int) -> "CourseProgress":
        """The learner is at this chapter's step (and has seen it)."""
        _check_place(chapter, step)
        reached = dict(self.reached)
        reached[chapter] = max(step, reached.get(chapter, -1))
        return replace(self, at=(chapter, step), reached=tuple(sorted(reached.items())))

    def record(self, chapter: str, step: int, outcome: str) -> "CourseProgress":
        """A task ended with ``outcome`` (a key of :data:`OUTCOMES`); the best one is kept."""
        _check_place(chapter, step)
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}; known: {', '.join(OUTCOMES)}")
        answers = dict(self.answers)
        old = answers.get((chapter, step))
        if old is None or _rank(outcome) < _rank(old):
            answers[(chapter, step)] = outcome
        return replace(self, answers=tuple(sorted(answers.items())))

    def restart(self, chapter: str) -> "CourseProgress":
        """Forget one chapter's answers (to earn its stars again); the place stays."""
        return replace(self, answers=tuple(a for a in self.answers if a[0][0] != chapter))

    # -- reading ------------------------------------------------------------------------
    def outcome(self, chapter: str, step: int) -> str:
        """How the task at this step ended ('' if not answered yet)."""
        return dict(self.answers).get((chapter, step), "")

    def done(self, chapter: Chapter) -> bool:
        """Every task of the chapter has been answered (right, or its answer shown)."""
        return all(self.outcome(chapter.id, i) for i in chapter.tasks)

    def stars(self, chapter: Chapter) -> int:
        """0 to 3, as the module docstring says."""
        if not self.done(chapter):
            return 0
        outcomes = {self.outcome(chapter.id, i) for i in chapter.tasks}
        if "shown" in outcomes:
            return 1
        return 2 if "later" in outcomes else 3

    def answered(self, chapter: Chapter) -> int:
        return sum(1 for i in chapter.tasks if self.outcome(chapter.id, i))

    def resume(self, course: Course) -> tuple[str, int]:
        """Where "Learn" opens the course: where the learner was, unless that was the end of a
        finished chapter (then the next chapter not done); the first chapter at first."""
        if self.at is not None:
            chapter_id, step = self.at
            try:
                chapter = course.chapter(chapter_id)
            except KeyError:
                chapter = None
            if chapter is not None and step < len(chapter.lesson.steps):
                if not (self.done(chapter) and step == len(chapter.lesson.steps) - 1):
                    return chapter_id, step
                later = course.chapters[course.index(chapter_id) + 1:]
                after = next((c for c in later if not self.done(c)), None)
                if after is not None:
                    return after.id, 0
        first = next((c for c in course.chapters if not self.done(c)), course.chapters[0])
        return first.id, 0

    def chapters_done(self, course: Course) -> int:
        return sum(1 for c in course.chapters if self.done(c))

    def words(self, course: Course) -> str:
        """"3 of 12 chapters done, 8 stars of 36"."""
        stars = sum(self.stars(c) for c in course.chapters)
        return (f"{self.chapters_done(course)} of {len(course.chapters)} chapters done, "
                f"{stars} star{'s' if stars != 1 else ''} of {3 * len(course.chapters)}")

    # -- plain data ---------------------------------------------------------------------
    def plain(self) -> dict[str, Any]:
        return {"at": list(self.at) if self.at else None,
                "reached": {c: s for c, s in self.reached},
                "answers": [[c, s, o] for (c, s), o in self.answers]}


def _check_place(chapter: str, step: int) -> None:
    if not isinstance(chapter, str) or not ID_PATTERN.fullmatch(chapter):
        raise ValueError(f"chapter id {chapter!r} is not an id")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < MAX_STEP:
        raise ValueError(f"step {step!r} is not a step index (0 to {MAX_STEP - 1})")


@dataclass(frozen=True)
class Progress:
    """Every course's progress on this device, and the course last opened per game (so
    "Learn Palace" opens the rule set the learner was learning)."""

    courses: tuple[CourseProgress, ...] = ()
    last: tuple[tuple[str, str], ...] = ()

    def of(self, course_id: str) -> CourseProgress:
        return next((c for c in self.courses if c.course == course_id), CourseProgress(course_id))

    def with_course(self, progress: CourseProgress) -> "Progress":
        others = [c for c in self.courses if c.course != progress.course]
        return replace(self, courses=tuple(sorted([*others, progress], key=lambda c: c.course)))

    def opened(self, game: str, course_id: str) -> "Progress":
        """The learner opened this course of this game."""
        last = dict(self.last)
        last[game] = course_id
        return replace(self, last=tuple(sorted(last.items())))

    def last_course(self, game: str) -> str | None:
        return dict(self.last).get(game)

    # -- stored text --------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION,
                           "courses": {c.course: c.plain() for c in self.courses},
                           "last": dict(self.last)},
                          ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Progress":
        """Progress from stored text ('' is no progress yet); :class:`ProgressError` saying why
        it cannot be read."""
        if not isinstance(text, str):
            raise ProgressError("stored progress must be text")
        if not text.strip():
            return cls()
        if len(text) > MAX_TEXT:
            raise ProgressError(f"the stored progress is too long ({len(text):,} characters; at most {MAX_TEXT:,})")
        try:  # bounded: nesting that exhausts the stack kills the browser's Python (issue 35, point 7)
            data = read_json(text, what="the stored progress", max_chars=MAX_TEXT)
        except JsonBoundsError as err:
            raise ProgressError(str(err)) from None
        except ValueError:
            raise ProgressError("the stored progress is not readable text (cut short or changed)") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError("this is not course progress written by Palace Tutor")
        if data.get("version") != VERSION:
            raise ProgressError(f"the progress was written by another version of Palace Tutor (format version "
                                f"{data.get('version')!r}; this one reads version {VERSION})")
        courses, last = data.get("courses"), data.get("last", {})
        if not isinstance(courses, dict) or not isinstance(last, dict):
            raise ProgressError("the stored progress has no courses in it")
        if len(courses) > MAX_COURSES:
            raise ProgressError(f"the stored progress names {len(courses)} courses; at most {MAX_COURSES}")
        read = tuple(_read_course(cid, raw) for cid, raw in sorted(courses.items()))
        if sum(len(c.answers) for c in read) > MAX_ANSWERS:
            raise ProgressError(f"the stored progress holds more than {MAX_ANSWERS:,} answers")
        for game, cid in last.items():
            if not _is_id(game) or not _is_id(cid):
                raise ProgressError("the stored progress names a course that is not an id")
        return cls(read, tuple(sorted(last.items())))


def _is_id(text: Any) -> bool:
    return isinstance(text, str) and len(text) <= 100 and bool(ID_PATTERN.fullmatch(text))


def _read_course(course_id: str, raw: Any) -> CourseProgress:
    if not _is_id(course_id):
        raise ProgressError(f"the stored progress names a course {course_id[:40]!r} that is not an id")
    if not isinstance(raw, dict):
        raise ProgressError(f"the progress of course {course_id!r} is not readable")
    where = f"the progress of course {course_id!r}"
    progress = CourseProgress(course_id)
    try:
        for chapter, step in (raw.get("reached") or {}).items():
            progress = progress.move_to(chapter, step)
        for item in raw.get("answers") or []:
            if not isinstance(item, list) or len(item) != 3:
                raise ValueError("an answer is not [chapter, step, outcome]")
            progress = progress.record(*item)
        at = raw.get("at")
        if at is not None:
            if not isinstance(at, list) or len(at) != 2:
                raise ValueError("its place is not [chapter, step]")
            progress = progress.move_to(*at)
    except (ValueError, TypeError, AttributeError) as err:
        raise ProgressError(f"{where} cannot be read: {err}") from None
    return progress
