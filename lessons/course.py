"""What a course is, as frozen values.

A :class:`Course` teaches one game under one rule set from zero: the aim, the deal, one
turn, then one rule at a time, then the rule book's worked examples. It is a list of short
:class:`Chapter` s, one idea each. A chapter is a lesson (``lessons.model.Lesson``): a
position and a main line of steps, most of them a task the learner does on the table (a
quiz the engine checks). A chapter is written in the course file itself, or names a lesson
file (the worked examples), which then serves as the chapter as it is.

``lessons.course_loader`` builds courses from TOML files and replays every chapter;
``lessons.progress`` keeps where a learner is and how each chapter went.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.refs import RuleRef

from .model import Lesson

#: What a chapter is about, in the order a course teaches them (``rule`` and later kinds
#: may repeat; ``docs/lessons.md`` explains each).
CHAPTER_KINDS: dict[str, str] = {
    "aim": "what the game is for: how a player wins, or loses",
    "deal": "what each player gets before play starts",
    "turn": "what one turn is: the moves a player has",
    "rule": "one rule, with tasks on the table",
    "example": "a worked example of the rule book, step by step",
    "strategy": "playing well, once the rules are known",
}


@dataclass(frozen=True)
class Chapter:
    """One idea of a course: ``lesson`` is its position and steps; ``rule`` the section it
    teaches; ``shared`` says the lesson is a lesson file of its own (``lesson.id``), not
    written in the course."""

    id: str
    title: str
    kind: str
    summary: str
    rule: RuleRef
    lesson: Lesson
    shared: bool = False

    @property
    def tasks(self) -> tuple[int, ...]:
        """The indexes (from 0) of the steps that ask the learner something."""
        return tuple(i for i, step in enumerate(self.lesson.steps) if step.quiz is not None)


@dataclass(frozen=True)
class Course:
    """A course for one game and rule set (``variant``, a preset of the game)."""

    id: str
    title: str
    game: str
    variant: str
    summary: str
    source: RuleRef
    chapters: tuple[Chapter, ...]
    intro: str = ""
    order: int = 100
    origin: str = field(default="", compare=False)

    def chapter(self, chapter_id: str) -> Chapter:
        """The chapter with this id; ``KeyError`` naming the known ones if there is none."""
        for chapter in self.chapters:
            if chapter.id == chapter_id:
                return chapter
        raise KeyError(f"course {self.id!r} has no chapter {chapter_id!r}; its chapters: "
                       + ", ".join(c.id for c in self.chapters))

    def index(self, chapter_id: str) -> int:
        return self.chapters.index(self.chapter(chapter_id))

    @property
    def tasks(self) -> int:
        """How many tasks the whole course sets."""
        return sum(len(c.tasks) for c in self.chapters)


@dataclass(frozen=True)
class CourseEntry:
    """A course as a list shows it, read from its file without any engine."""

    id: str
    title: str
    game: str
    variant: str
    order: int = 100
    origin: str = ""
    chapters: tuple["ChapterEntry", ...] = ()

    def place(self, chapter_id: str) -> int | None:
        """The chapter's number in the course, from 1 (None for a chapter it does not have)."""
        return next((n for n, c in enumerate(self.chapters, 1) if c.id == chapter_id), None)


@dataclass(frozen=True)
class ChapterEntry:
    """A chapter as the course file lists it, read without any engine: ``title`` is '' for a
    chapter that is a lesson file (``lesson``: its id; the title is the lesson's); ``steps``
    and ``tasks`` (the indexes of the steps that ask something) are those written in the
    course file (none for a lesson file's chapter)."""

    id: str
    title: str = ""
    lesson: str = ""
    steps: int = 0
    tasks: tuple[int, ...] = ()


@dataclass(frozen=True)
class CourseProblem:
    """A course file that could not be loaded, and why."""

    name: str
    message: str
    course: str | None = None
    chapter: str | None = None
    step: int | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class CourseReport:
    """Every course that loaded, every course file that did not, and every file not read."""

    courses: tuple[Course, ...]
    problems: tuple[CourseProblem, ...]
    skipped: tuple = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def by_id(self, course_id: str) -> Course:
        for course in self.courses:
            if course.id == course_id:
                return course
        raise KeyError(course_id)

    def for_game(self, game: str) -> tuple[Course, ...]:
        return tuple(c for c in self.courses if c.game == game)


@dataclass(frozen=True)
class StepChange:
    """A chapter step that goes differently under a table's own rules: ``step`` counts from
    1 (None: the chapter's position itself cannot be set up under them); ``settings`` are the
    table's options and optional rules that change it (each alone, ``name: choice``), and
    ``said`` the same in plain words; ``detail`` is what the replay found (for a teacher)."""

    chapter: str
    step: int | None
    settings: tuple[str, ...]
    detail: str
    said: tuple[str, ...] = ()  # each setting in plain words, as the rules' options word them

    def words(self) -> str:
        where = f"step {self.step} of this chapter" if self.step is not None else "this chapter's position"
        which = " ".join(self.said) or "Your table's rules together change it."
        return f"Your table's rules change {where}; the chapter teaches the rule book's own way. {which}"


@dataclass(frozen=True)
class AdaptedCourse:
    """A course under a table's own rule set (its options and optional rules on top of the
    course's preset): each chapter replayed under them; ``changes`` names every chapter
    whose steps go differently, from the first step that does."""

    course: Course
    rules: tuple[tuple[str, object], ...]
    changes: tuple[StepChange, ...]

    def change(self, chapter_id: str) -> StepChange | None:
        return next((c for c in self.changes if c.chapter == chapter_id), None)

    @property
    def unchanged(self) -> tuple[str, ...]:
        changed = {c.chapter for c in self.changes}
        return tuple(c.id for c in self.course.chapters if c.id not in changed)
