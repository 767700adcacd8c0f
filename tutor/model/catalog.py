"""What the tutor offers: the game families and the lessons, by id.

The share codec and the app resolve ids through a catalog, so tests can
substitute a small one (a toy engine, a few lessons) for the real registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.errors import NotationError


class Catalog:
    """Game families (``rules.games``) and the lessons.

    A catalog holds whole lessons, or (``Catalog.load()``) only their entries
    (id, title, game, order), each lesson read, checked and replayed through
    its engine by ``opener`` when it is first asked for: a start shows a list
    of every lesson and opens one, and so loads one engine and one lesson, not
    all of them (issue 17). A lesson that fails then is a ``LessonError`` (a
    ``ValueError``) where it is opened, and joins ``problems``.

    ``problems`` keeps the loader's reports about lessons that did not load
    (for ``Catalog.load()``: files whose entry could not be read, then each
    lesson that failed when it was opened).
    """

    def __init__(self, lessons: Iterable[Any] = (), problems: Iterable[Any] = (),
                 *, families: dict[str, Any] | None = None,
                 family_lookup: Callable[[str], Any] | None = None,
                 entries: Iterable[Any] | None = None,
                 opener: Callable[[Any], Any] | None = None,
                 title_lookup: Callable[[str], str] | None = None,
                 courses: Iterable[Any] = (), course_opener: Callable[[Any], Any] | None = None):
        if entries is not None and opener is None:
            raise ValueError("a catalog of entries needs an opener for its lessons")
        loaded = tuple(lessons)
        self._entries: tuple[Any, ...] = loaded if entries is None else tuple(entries)
        self._loaded: dict[str, Any] = {lesson.id: lesson for lesson in loaded}
        self._problems: list[Any] = list(problems)
        self._opener = opener
        self._families = dict(families or {})
        self._lookup = family_lookup
        self._title_lookup = title_lookup
        self._by_id = {entry.id: entry for entry in self._entries}
        # courses (lessons.course): entries listed at once, each course opened when first asked for
        self._course_entries: tuple[Any, ...] = tuple(courses)
        self._course_opener = course_opener
        self._courses: dict[str, Any] = {}

    @classmethod
    def load(cls) -> "Catalog":
        """The real catalog: every engine in ``rules.games`` and every lesson file under
        ``lessons/data`` (and in the folder a game's registration declares as its ``lessons``
        part), each lesson opened when first asked for (those whose entry cannot be read are
        kept as problems at once)."""
        from lessons.loader import lesson_entries, open_entry
        from rules.games import game_ids, game_title, get_family, has_part, part

        report = lesson_entries()
        entries, problems = list(report.entries), list[Any](report.problems)
        folders: dict[str, Any] = {}  # lesson id -> the folder of a game's own lessons
        for game in game_ids():
            if has_part(game, "lessons"):  # a game's lessons beside the shipped ones
                folder = part(game, "lessons")
                more = lesson_entries(folder)
                entries += [e for e in more.entries if e.game == game]
                problems += more.problems
                folders.update((e.id, folder) for e in more.entries)
        from lessons.course_loader import course_entries, open_course

        courses, course_problems = course_entries()
        problems += course_problems
        return cls(problems=problems, entries=entries, family_lookup=get_family, title_lookup=game_title,
                   opener=lambda entry: open_entry(entry, folders.get(entry.id)),
                   courses=courses, course_opener=open_course)

    @property
    def lessons(self) -> tuple[Any, ...]:
        """Every lesson that loads (opening each one not opened yet)."""
        out = []
        for entry in self._entries:
            try:
                out.append(self.lesson(entry.id))
            except ValueError:  # kept in problems
                continue
        return tuple(out)

    @property
    def problems(self) -> tuple[Any, ...]:
        return tuple(self._problems)

    def game_ids(self) -> tuple[str, ...]:
        if self._families:
            return tuple(self._families)
        from rules.games import game_ids

        return game_ids()

    def family(self, game_id: str) -> Any:
        """The ``GameFamily`` with id ``game_id``; NotationError if unknown."""
        if game_id in self._families:
            return self._families[game_id]
        if self._lookup is None:
            raise NotationError(f"unknown game {game_id!r}; known: {', '.join(self._families)}",
                                token=game_id, expected=" | ".join(self._families))
        try:
            return self._lookup(game_id)
        except NotationError:
            raise
        except Exception as err:  # an engine that fails to import must not take the page down
            raise NotationError(f"the {game_id} engine could not be loaded ({type(err).__name__}: {err})",
                                token=game_id) from None

    def title(self, game_id: str) -> str:
        """The game's name; without importing its engine where the catalog knows it otherwise."""
        if game_id not in self._families and self._title_lookup is not None:
            return self._title_lookup(game_id)
        return str(self.family(game_id).title)

    def lessons_for(self, game_id: str) -> tuple[Any, ...]:
        """The game's lessons as a list shows them (each has ``id``, ``title``, ``game``)."""
        return tuple(entry for entry in self._entries if entry.game == game_id)

    def lesson(self, lesson_id: str) -> Any:
        """The lesson with id ``lesson_id``; NotationError if there is none, the loader's
        ``LessonError`` if it does not load."""
        if lesson_id in self._loaded:
            return self._loaded[lesson_id]
        try:
            entry = self._by_id[lesson_id]
        except KeyError:
            chapter = self._chapter_lesson(lesson_id)
            if chapter is not None:
                return chapter
            raise NotationError(f"there is no lesson {lesson_id!r} in this version of the tutor",
                                token=lesson_id, expected="a lesson id") from None
        assert self._opener is not None  # a catalog of entries has one (checked when made)
        try:
            lesson = self._opener(entry)
        except ValueError as err:  # LessonError: kept, and said where it was opened
            from lessons.model import LessonProblem

            if not any(getattr(p, "lesson", None) == lesson_id for p in self._problems):
                self._problems.append(LessonProblem(entry.origin, str(err), lesson_id, getattr(err, "step", None)))
            raise
        self._loaded[lesson_id] = lesson
        return lesson

    # -- courses -----------------------------------------------------------------------
    def courses_for(self, game_id: str) -> tuple[Any, ...]:
        """The game's courses as a list shows them (``lessons.CourseEntry``: id, title, variant), in
        their order."""
        return tuple(e for e in self._course_entries if e.game == game_id)

    def course(self, course_id: str) -> Any:
        """The course with this id, replayed (once); NotationError if there is none, the loader's
        ``LessonError`` if it does not load."""
        if course_id in self._courses:
            return self._courses[course_id]
        entry = next((e for e in self._course_entries if e.id == course_id), None)
        if entry is None or self._course_opener is None:
            raise NotationError(f"there is no course {course_id!r} in this version of the tutor",
                                token=course_id, expected="a course id")
        course = self._courses[course_id] = self._course_opener(entry)
        return course

    def _chapter_lesson(self, lesson_id: str) -> Any:
        """A lesson written in a course, so a link to a course's step opens like a lesson's."""
        found = self.chapter_of(lesson_id)
        return found[1].lesson if found is not None else None

    def chapter_of(self, lesson_id: str) -> tuple[Any, Any] | None:
        """(course, chapter) of a lesson written in a course (its id is the course's id, a dash,
        the chapter's id), or None."""
        for entry in self._course_entries:
            if lesson_id.startswith(entry.id + "-"):
                try:
                    course = self.course(entry.id)
                except ValueError:
                    return None
                for chapter in course.chapters:
                    if chapter.lesson.id == lesson_id and not chapter.shared:
                        return course, chapter
        return None
