"""The course a learner is following in Learn, and their progress, kept on this device.

"Learn <game>" opens a course (``lessons.course``: one game, one rule set, from zero) where
this learner left off: the course of the table's rule set when the table being set up is
that game, else the one this learner last opened, else the game's first. Each chapter is a
lesson; the app studies it like any lesson (the tasks are its questions, checked by the
engine), and this model turns what happens there into progress (``lessons.progress``):
the place (chapter and step) and how each task first ended.

Progress is kept in the browser's storage as the text :meth:`Progress.to_json` writes
(:attr:`CourseModel.stored`; the page's storage bridge writes it and answers). Stored text
that cannot be read (another program's, another version's, damaged) is never written over:
the learner is told why and this tab keeps its progress in memory only
(:attr:`CourseModel.writable` is False). Another tab's progress is merged, never lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import param

from lessons.progress import CourseProgress, Progress, ProgressError

from .quiz import FIRST_TRY, LATER, SHOWN

STORAGE_KEY = "palace-tutor-course-progress"
#: how a question ended in the app (tutor.model.quiz) -> the outcome progress keeps
OUTCOME_TOKENS = {FIRST_TRY: "first-try", LATER: "later", SHOWN: "shown"}
TOKEN_OUTCOMES = {token: words for words, token in OUTCOME_TOKENS.items()}


@dataclass(frozen=True)
class ChapterRow:
    """One chapter on the course's map."""

    id: str
    title: str
    kind: str
    summary: str
    tasks: int
    answered: int
    stars: int
    done: bool
    current: bool


def merged(mine: Progress, theirs: Progress) -> Progress:
    """Both progresses in one: per course the best outcome of every task and the furthest step
    of every chapter; the place and the last course opened are ``mine`` where it has them."""
    out = theirs
    for course in mine.courses:
        other = theirs.of(course.course)
        both = other
        for chapter, step in course.reached:
            both = both.move_to(chapter, step)
        for (chapter, step), outcome in course.answers:
            both = both.record(chapter, step, outcome)
        if course.at is not None:
            both = both.move_to(*course.at)
        out = out.with_course(both)
    for game, course_id in mine.last:
        out = out.opened(game, course_id)
    return out


@dataclass(frozen=True)
class CoursePlace:
    """Where a learner is in a course begun, as the first screen says it (read from the
    course's list entry: no course is replayed for it)."""

    course: str
    title: str
    chapter: int          # the chapter's number, from 1
    chapters: int         # how many the course has
    chapter_title: str
    answered: int         # tasks answered so far


class CourseModel(param.Parameterized):
    """The course open in Learn (``course_id``, ``chapter_id``) and the learner's progress."""

    course_id: str = param.String(default="", doc="The course followed in Learn ('' for none).")
    chapter_id: str = param.String(default="", doc="The chapter open, '' when none is.")
    progress: Progress = param.ClassSelector(class_=Progress, default=Progress(), instantiate=False,
                                             doc="Every course's progress on this device.")
    stored: str = param.String(default="", doc="The progress as storage text: what the bridge writes.")
    writable: bool = param.Boolean(default=True, doc="False while the stored text could not be read "
                                                     "(it is kept as it is, never written over).")
    problem: str = param.String(default="", doc="Why the stored progress could not be read or kept ('' if fine).")
    loaded: bool = param.Boolean(default=False, doc="The device's stored progress has been read.")

    # -- the device's storage --------------------------------------------------------------------
    def load(self, text: str) -> None:
        """The text the device had stored when the page started."""
        try:
            disk = Progress.from_json(text if isinstance(text, str) else "")
        except ProgressError as err:
            self.param.update(loaded=True, writable=False,
                              problem=f"Your saved course progress could not be read: {err}. It is kept as it "
                                      "is; what you do now is not saved on this device.")
            return
        progress = merged(self.progress, disk)
        self.param.update(loaded=True, writable=True, problem="", progress=progress, stored=progress.to_json())

    def changed(self, text: str) -> None:
        """Another tab stored ``text``: both progresses are kept."""
        self.load(text)

    def written(self, text: str) -> None:
        """The device stored ``text`` (nothing to say: progress is saved as it goes)."""
        if self.problem.startswith("Not saved"):
            self.problem = ""

    def storage_failed(self, message: str) -> None:
        self.problem = f"Not saved on this device: {message[:200]}."

    def _keep(self, progress: Progress) -> None:
        changes: dict[str, Any] = {"progress": progress}
        if self.writable and self.loaded:
            changes["stored"] = progress.to_json()
        self.param.update(**changes)

    def adopt(self, progress: Progress) -> None:
        """Take this progress (an imported file merged with this device's)."""
        self._keep(progress)

    # -- what the learner does -----------------------------------------------------------------
    def of(self) -> CourseProgress:
        return self.progress.of(self.course_id)

    def opened(self, game: str, course_id: str, chapter_id: str) -> None:
        """The learner opened this chapter of this course (``game``'s)."""
        self.param.update(course_id=course_id, chapter_id=chapter_id)
        self._keep(self.progress.opened(game, course_id))

    def left(self) -> None:
        """A study that is not a chapter of the course is open in Learn."""
        self.chapter_id = ""

    def moved(self, step: int | None) -> None:
        """The learner is at this step of the open chapter (None: its introduction)."""
        if not self.chapter_id or step is None:
            return
        mine = self.of()
        if mine.at == (self.chapter_id, step):
            return
        self._keep(self.progress.with_course(mine.move_to(self.chapter_id, step)))

    def scored(self, scores: dict[int, str]) -> None:
        """The open chapter's questions and how each first ended (``Study.scores``)."""
        if not self.chapter_id:
            return
        mine = before = self.of()
        for step, words in scores.items():
            token = OUTCOME_TOKENS.get(words)
            if token is not None:
                mine = mine.record(self.chapter_id, step, token)
        if mine != before:
            self._keep(self.progress.with_course(mine))

    def scores_for(self, course_id: str, chapter_id: str) -> dict[int, str]:
        """The outcomes already kept for a chapter, as a study's ``scores`` (answered questions
        come back answered)."""
        return {step: TOKEN_OUTCOMES[outcome] for (chapter, step), outcome in self.progress.of(course_id).answers
                if chapter == chapter_id}

    # -- reading -------------------------------------------------------------------------------
    def places(self, entries: Any, lesson_title: Any = lambda lesson_id: "") -> tuple[CoursePlace, ...]:
        """Every course of ``entries`` (``lessons.CourseEntry``) this learner has begun and where
        they are in it: the course open now first, then in the order given. ``lesson_title``
        names a chapter that is a lesson file."""
        out = []
        for entry in entries:
            mine = self.progress.of(entry.id)
            at = mine.at or next(iter(mine.reached), None)
            number = entry.place(at[0]) if at is not None else None
            if at is None or number is None:
                continue
            chapter = entry.chapters[number - 1]
            # at the end of a chapter whose tasks are all answered, Learn opens the next one
            # (CourseProgress.resume): say that one
            if (chapter.steps and at[1] >= chapter.steps - 1 and number < len(entry.chapters)
                    and all(mine.outcome(chapter.id, task) for task in chapter.tasks)):
                number += 1
                chapter = entry.chapters[number - 1]
            out.append(CoursePlace(entry.id, entry.title, number, len(entry.chapters),
                                   chapter.title or (lesson_title(chapter.lesson) if chapter.lesson else ""),
                                   len(mine.answers)))
        out.sort(key=lambda place: place.course != self.course_id)  # stable: the open one first
        return tuple(out)

    def rows(self, course: Any) -> tuple[ChapterRow, ...]:
        """The course's map: every chapter, its tasks answered, stars, done, and the one open."""
        mine = self.progress.of(course.id)
        return tuple(ChapterRow(c.id, c.title, c.kind, c.summary, len(c.tasks), mine.answered(c), mine.stars(c),
                                mine.done(c), c.id == self.chapter_id) for c in course.chapters)

    def start_at(self, course: Any, chapter_id: str | None = None) -> tuple[str, int]:
        """Where a chapter opens: ``chapter_id`` (its first unanswered task, or its start) or,
        without one, where the learner left off. Returns (chapter id, study step: -1 for the
        chapter's introduction, else the step shown, whose next question is asked)."""
        mine = self.progress.of(course.id)
        reached = dict(mine.reached)
        if chapter_id is None:
            chapter_id, step = mine.resume(course)
        else:
            step = 0
        chapter = course.chapter(chapter_id)
        if chapter_id not in reached or (chapter_id, step) != mine.at:
            return chapter_id, -1  # a chapter opened afresh starts at its introduction
        if step == 0 and 0 in chapter.tasks and not mine.outcome(chapter_id, 0):
            return chapter_id, -1  # the first task is asked at the introduction
        return chapter_id, step
