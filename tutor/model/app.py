"""The whole tutor page as one model: which job is open (the first screen,
learning, playing, settling a hand), which game and lesson, the study in
progress, and the messages about links and files.

Learning and playing each keep their own study: going to Play and back to
Learn finds the lesson where it was left. A lesson opens in Learn; a dealt
table, or a shared study without a lesson, opens in Play.

Opening a link or a file goes through :mod:`.share`, which validates the whole
thing before anything is replaced: on any error the current study stays as it
was and ``notice`` says what was wrong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import param

from .catalog import Catalog
from .play import deal_to_first_decision, next_deal_setup
from .share import ShareError, Snapshot, decode_link, encode_link, export_text, import_text
from .study import Notice, Study

FREE_PLAY = ""  # the lesson picker's entry for a position of one's own
DEFAULT_NAMES = ("Ann", "Ben", "Cleo", "Dev")
JOBS = ("home", "learn", "play", "settle")
STUDY_JOBS = ("learn", "play")  # the jobs that show a study


class TutorApp(param.Parameterized):
    """What the page shows. Views render it; only its methods change it."""

    game = param.Selector(default=None, objects=[], doc="Game family id.")
    lesson_id = param.Selector(default=FREE_PLAY, objects=[FREE_PLAY],
                               doc="Lesson open in the study ('' for free play).")
    study = param.ClassSelector(class_=Study, default=None, allow_None=True, doc="The study in progress.")
    notice = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                 doc="Message about the last link, file or choice of lesson.")
    job = param.Selector(default="home", objects=list(JOBS),
                         doc="What the page shows: the first screen, a lesson, a game, the hand checker.")

    def __init__(self, catalog: Catalog, **params: Any):
        self.catalog = catalog
        self._quiet = False  # True while the model itself sets the pickers
        self._where: tuple | None = None  # (study, cursor, tree) when the notice was last checked
        self._parked: dict[str, Study] = {}  # the study each study job had when the learner left it
        self._rng = random.Random()  # new deals; seeded only by tests
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

    @param.depends("study", "study.current", "study.step", "study.tree", watch=True)
    def _study_moved(self) -> None:
        """A message about a link, a file or a lesson no longer applies once the learner
        moves on in the study (no stale messages). Opening a study is not moving on."""
        study = self.study
        where = None if study is None else (study, study.current, study.step, study.tree)
        moved = where is not None and self._where is not None and where[0] is self._where[0] and where != self._where
        self._where = where
        if moved and self.notice is not None:
            self.notice = None

    # -- opening things ----------------------------------------------------------------
    def start(self, fragment: str = "") -> None:
        """Open the page: the study in the address (in Learn or Play), else the
        first screen. A link that cannot be opened leaves the first screen up,
        saying why (the lead's ruling: nothing is opened that was not asked
        for). Without a link nothing changes: the page's first report can
        arrive after the learner's first tap (the page repeats it until Python
        answers), and must not take them back to the first screen."""
        if fragment.strip().lstrip("#"):
            self.open_link(fragment)

    # -- the jobs --------------------------------------------------------------------------
    def open_job(self, job: str) -> None:
        """Show one job. Learn and Play find their own study as it was left
        (Learn opens the picked lesson the first time, Play deals a table)."""
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r}; known: {', '.join(JOBS)}")
        if job == self.job and (job not in STUDY_JOBS or self.study is not None):
            return
        self._park()
        if job in STUDY_JOBS:
            parked = self._parked.get(job)
            if parked is not None:
                self._show(parked, info=None, job=job)
                return
            if job == "learn":
                first = self.lesson_id or next(iter(self.lesson_options().values()))
                if self.open_lesson(first or self._first_lesson()):
                    return
            elif self.new_deal():
                return
        self.job = job

    def _park(self) -> None:
        if self.job in STUDY_JOBS and self.study is not None:
            self._parked[self.job] = self.study

    def _first_lesson(self) -> str:
        for game in self.catalog.game_ids():
            for lesson in self.catalog.lessons_for(game):
                return lesson.id
        return FREE_PLAY

    def lesson_groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Every lesson, grouped by game: [(game title, [(lesson title, id), ...]), ...]."""
        groups = []
        for game in self.catalog.game_ids():
            lessons = self.catalog.lessons_for(game)
            if lessons:
                groups.append((self.game_title(game), [(lesson.title, lesson.id) for lesson in lessons]))
        return groups

    def game_title(self, game: str) -> str:
        try:
            return self.catalog.title(game)
        except ValueError:
            return game

    def open_lesson(self, lesson_id: str) -> bool:
        """Start studying a lesson, in Learn (``FREE_PLAY``: a new table of the current game, in Play)."""
        if lesson_id == FREE_PLAY:
            family = self.catalog.family(self.game)
            return self.open_free_play(next(iter(family.presets)), DEFAULT_NAMES, 1)
        try:
            lesson = self.catalog.lesson(lesson_id)
            study = Study.from_lesson(lesson, self.catalog.family(lesson.game))
        except ValueError as err:  # NotationError, IllegalActionError, LessonError
            self.notice = Notice("error", f"Could not open that: {err}. Nothing was changed.")
            return False
        self._show(study, info=None)
        return True

    def open_free_play(self, variant: str, names: list[str], seed: int | str) -> bool:
        """Deal a new game of the current family for these players, shuffled by ``seed``,
        at its very start (the deal step by step, as a lesson shows it)."""
        family = self.catalog.family(self.game)
        return self.open_setup(variant, {family.players_key: list(names), "seed": seed})

    def open_setup(self, variant: str, setup: Mapping[str, Any], game: str | None = None,
                   deal: bool = False) -> bool:
        """Start a free study from a custom setup (engine-validated), in Play.
        ``deal``: play the dealing (cards and antes nobody decides) at once, so
        the table opens on its first decision."""
        game = game or self.game
        try:
            study = Study.from_setup(self.catalog.family(game), variant, setup)
        except ValueError as err:  # NotationError or IllegalActionError from the engine
            self.notice = Notice("error", f"That setup cannot start a game: {err}. Nothing was changed.")
            return False
        if deal:
            deal_to_first_decision(study)
        self._show(study, info=None)
        return True

    def new_deal(self, game: str | None = None, variant: str | None = None,
                 names: list[str] | tuple[str, ...] | None = None, seed: int | str | None = None,
                 extra: Mapping[str, Any] | None = None) -> bool:
        """One tap: a freshly shuffled table of ``game`` (default: the current one),
        dealt up to its first decision, in Play. ``extra``: more setup keys (a
        table's own rule set: ``options``, ``rules_name``)."""
        game = game or self.game
        try:
            family = self.catalog.family(game)
        except ValueError as err:
            self.notice = Notice("error", f"Could not deal: {err}. Nothing was changed.")
            return False
        variant = variant if variant is not None else next(iter(family.presets))
        seed = seed if seed is not None else self._rng.randrange(1, 10**6)
        setup = {**(extra or {}), family.players_key: list(names or DEFAULT_NAMES), "seed": seed}
        return self.open_setup(variant, setup, game=game, deal=True)

    def can_deal_next(self) -> bool:
        """Whether the study in progress is a finished deal of a game that goes on."""
        study = self.study
        return study is not None and study.state.is_over and next_deal_setup(study, probe=True) is not None

    def next_deal(self) -> bool:
        """The next deal of a finished hand (King's Pot, Palace Poker): same players,
        stacks (and the King's pot) carried over, the deal passed on, dealt at once."""
        study = self.study
        if study is None:
            return False
        try:
            setup = next_deal_setup(study, seed=self._rng.randrange(1, 10**6))
        except ValueError as err:
            self.notice = Notice("error", f"No next deal: {err}.")
            return False
        if setup is None:
            self.notice = Notice("error", "This game has no next deal: it ends when the hand ends.")
            return False
        return self.open_setup(study.variant, setup, game=study.game, deal=True)

    def _show(self, study: Study, info: str | None, job: str | None = None) -> None:
        lesson = study.lesson
        job = job or ("learn" if lesson is not None else "play")
        if job != self.job:
            self._park()
        self._quiet = True
        try:
            # the lesson list first, so every value set below is valid when
            # watchers see it; then one batched update
            self.param.lesson_id.objects = self.lesson_options(study.game)
            self.param.update(game=study.game, lesson_id=lesson.id if lesson is not None else FREE_PLAY,
                              study=study, notice=Notice("info", info) if info else None, job=job)
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
