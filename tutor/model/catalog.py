"""What the tutor offers: the game families and the lessons, by id.

The share codec and the app resolve ids through a catalog, so tests can
substitute a small one (a toy engine, a few lessons) for the real registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.errors import NotationError


class Catalog:
    """Game families (``rules.games``) and the lessons that loaded cleanly.

    ``problems`` keeps the loader's reports about lessons that did not load,
    so the app can say so instead of silently offering fewer lessons.
    """

    def __init__(self, lessons: Iterable[Any] = (), problems: Iterable[Any] = (),
                 *, families: dict[str, Any] | None = None,
                 family_lookup: Callable[[str], Any] | None = None):
        self.lessons: tuple[Any, ...] = tuple(lessons)
        self.problems: tuple[Any, ...] = tuple(problems)
        self._families = dict(families or {})
        self._lookup = family_lookup
        self._by_id = {lesson.id: lesson for lesson in self.lessons}

    @classmethod
    def load(cls) -> "Catalog":
        """The real catalog: every engine in ``rules.games`` and every lesson
        file under ``lessons/data`` (those that fail are kept as problems)."""
        from lessons.loader import load_lessons
        from rules.games import get_family

        report = load_lessons()
        return cls(report.lessons, report.problems, family_lookup=get_family)

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

    def lessons_for(self, game_id: str) -> tuple[Any, ...]:
        return tuple(lesson for lesson in self.lessons if lesson.game == game_id)

    def lesson(self, lesson_id: str) -> Any:
        """The lesson with id ``lesson_id``; NotationError if there is none."""
        try:
            return self._by_id[lesson_id]
        except KeyError:
            raise NotationError(f"there is no lesson {lesson_id!r} in this version of the tutor",
                                token=lesson_id, expected="a lesson id") from None
