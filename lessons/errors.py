"""The one error a lesson or course file can raise, with where it went wrong."""

from __future__ import annotations


class LessonError(ValueError):
    """A lesson (or course) that cannot be used: bad TOML, a bad or unknown field, an
    action the engine refuses, a check that does not hold, a quiz whose answers
    disagree with the engine.

    The message names the file, the lesson id (once known), the step (counted
    from 1, as a teacher counts them) and the reason. The same facts are kept
    as attributes so the app and the CLI can show them separately. For a course,
    ``lesson`` is the course's id, ``chapter`` the chapter's, and ``what`` is
    ``"course"``.
    """

    def __init__(self, reason: str, *, name: str, lesson: str | None = None,
                 step: int | None = None, field: str | None = None,
                 chapter: str | None = None, what: str = "lesson"):
        self.reason = reason
        self.name = name
        self.lesson = lesson
        self.step = step
        self.field = field
        self.chapter = chapter
        self.what = what
        super().__init__(f"{self.where}: {reason}")

    @property
    def where(self) -> str:
        text = name = self.name
        if self.lesson and self.lesson != name:
            text = f"{name} ({self.what} {self.lesson!r})"
        elif self.lesson:
            text = f"{self.what} {self.lesson!r}"
        if self.chapter is not None:
            text += f", chapter {self.chapter!r}"
        if self.step is not None:
            text += f", step {self.step}"
        return text
