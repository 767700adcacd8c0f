"""The whole tutor page as one model: which game and lesson are open, the
study in progress, and the messages about links and files.

Opening a link or a file goes through :mod:`.share`, which validates the whole
thing before anything is replaced: on any error the current study stays as it
was and ``notice`` says what was wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import param

from .catalog import Catalog
from .share import ShareError, Snapshot, decode_link, encode_link, export_text, import_text
from .study import Notice, Study

FREE_PLAY = ""  # the lesson picker's entry for a position of one's own
DEFAULT_NAMES = ("Ann", "Ben", "Cleo", "Dev")


class TutorApp(param.Parameterized):
    """What the page shows. Views render it; only its methods change it."""

    game = param.Selector(default=None, objects=[], doc="Game family id.")
    lesson_id = param.Selector(default=FREE_PLAY, objects=[FREE_PLAY],
                               doc="Lesson open in the study ('' for free play).")
    study = param.ClassSelector(class_=Study, default=None, allow_None=True, doc="The study in progress.")
    notice = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                 doc="Message about the last link, file or choice of lesson.")

    def __init__(self, catalog: Catalog, **params: Any):
        self.catalog = catalog
        self._quiet = False  # True while the model itself sets the pickers
        super().__init__(**params)
        games = list(catalog.game_ids())
        self.param.game.objects = games
        self._quiet = True
        try:
            if self.game is None and games:  # the first game that has lessons
                with_lessons = [g for g in games if catalog.lessons_for(g)]
                self.game = (with_lessons or games)[0]
            self._refresh_lessons()
            if "lesson_id" not in params:  # a game opens on its first lesson
                self.lesson_id = next(iter(self.lesson_options().values()))
        finally:
            self._quiet = False

    # -- pickers ---------------------------------------------------------------------
    def lesson_options(self, game: str | None = None) -> dict[str, str]:
        """Title -> lesson id for a game's lessons, then free play."""
        options = {lesson.title: lesson.id for lesson in self.catalog.lessons_for(game or self.game)}
        options["Free play (set up your own line)"] = FREE_PLAY
        return options

    def _refresh_lessons(self) -> None:
        options = self.lesson_options()
        self.param.lesson_id.objects = options
        if self.lesson_id not in options.values():
            self.lesson_id = next(iter(options.values()))

    @param.depends("game", watch=True)
    def _game_changed(self) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            self._refresh_lessons()
        finally:
            self._quiet = False
        self.open_lesson(self.lesson_id)

    @param.depends("lesson_id", watch=True)
    def _lesson_changed(self) -> None:
        if not self._quiet:
            self.open_lesson(self.lesson_id)

    # -- opening things ----------------------------------------------------------------
    def start(self, fragment: str = "") -> None:
        """Open the page: the study in the address, else the game's first lesson."""
        if fragment.strip().lstrip("#"):
            if self.open_link(fragment):
                return
            problem = self.notice  # keep saying why the link did not open
            self.open_lesson(self.lesson_id)
            self.notice = problem
            return
        self.open_lesson(self.lesson_id)

    def open_lesson(self, lesson_id: str) -> bool:
        """Start studying a lesson (or free play of the current game)."""
        if lesson_id == FREE_PLAY:
            family = self.catalog.family(self.game)
            return self.open_free_play(next(iter(family.presets)), DEFAULT_NAMES, 1)
        try:
            study = Study.from_lesson(self.catalog.lesson(lesson_id), self.catalog.family(self.game))
        except ValueError as err:  # NotationError, IllegalActionError, LessonError
            self.notice = Notice("error", f"Could not open that: {err}. Nothing was changed.")
            return False
        self._show(study, info=None)
        return True

    def open_free_play(self, variant: str, names: list[str], seed: int | str) -> bool:
        """Deal a new game of the current family for these players, shuffled by ``seed``."""
        family = self.catalog.family(self.game)
        return self.open_setup(variant, {family.players_key: list(names), "seed": seed})

    def open_setup(self, variant: str, setup: Mapping[str, Any]) -> bool:
        """Start a free study from a custom setup (engine-validated)."""
        try:
            study = Study.from_setup(self.catalog.family(self.game), variant, setup)
        except ValueError as err:  # NotationError or IllegalActionError from the engine
            self.notice = Notice("error", f"That setup cannot start a game: {err}. Nothing was changed.")
            return False
        self._show(study, info=None)
        return True

    def _show(self, study: Study, info: str | None) -> None:
        lesson = study.lesson
        self._quiet = True
        try:
            # the lesson list first, so every value set below is valid when
            # watchers see it; then one batched update
            self.param.lesson_id.objects = self.lesson_options(study.game)
            self.param.update(game=study.game, lesson_id=lesson.id if lesson is not None else FREE_PLAY,
                              study=study, notice=Notice("info", info) if info else None)
        finally:
            self._quiet = False

    def _open_snapshot(self, load, what: str) -> bool:
        try:
            snapshot: Snapshot = load()
        except ShareError as err:
            self.notice = Notice("error", str(err))
            return False
        except ValueError as err:  # a refusal that escaped share's checks is still only a refusal
            self.notice = Notice("error", f"That {what} cannot be opened: {str(err)[:200]}. Nothing was changed.")
            return False
        self._show(snapshot.study(), info=f"Opened the shared {what}.")
        return True

    def open_link(self, text: str) -> bool:
        """Open a shared link; on any flaw the current study stays and
        ``notice`` explains. The link of the study already open changes
        nothing (the page may report the same address twice: its first report
        and the address-bar change can cross on the way to Python), so a
        selection or seat chosen meanwhile is kept."""
        if self.study is not None and text.strip().rsplit("#", 1)[-1] == self.link():
            return True
        return self._open_snapshot(lambda: decode_link(text, self.catalog), "link")

    def import_file(self, content: str | bytes) -> bool:
        """Open an exported study file; same guarantees as :meth:`open_link`."""
        def load() -> Snapshot:
            text = content
            if isinstance(content, bytes):
                try:
                    text = content.decode("utf-8")
                except UnicodeDecodeError:
                    raise ShareError("The file is not a text file. Nothing was changed.", what="file") from None
            return import_text(text, self.catalog)
        return self._open_snapshot(load, "file")

    # -- sharing -------------------------------------------------------------------------
    @param.depends("study", "study.tree", "study.current", "study.step", "study.title")
    def link(self) -> str:
        """The current study as a URL fragment (without ``#``)."""
        return encode_link(self.study) if self.study is not None else ""

    def export_file(self) -> str:
        """The open study as a text file; empty before a study is open (the page
        is usable a moment before it reports its address and a study opens)."""
        return export_text(self.study) if self.study is not None else ""

    def export_filename(self) -> str:
        study = self.study
        if study is None:
            return "study.palace-tutor.txt"
        name = study.lesson.id if study.lesson is not None else f"{study.game}-{study.variant}"
        return f"{name}.palace-tutor.txt"
