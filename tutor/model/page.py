"""The page model's state and its one report: the params every view reads (the job, game
and lesson, the open study, the notice, Play's players, the table's rules, the saved
studies, the course, Practice), the watcher that follows the open study, and what every
job opens a study with (a lesson, a setup, a deal, a checked snapshot).

:class:`PageModel` is the base of :class:`~.app.TutorApp`; its parts (:mod:`.page_learn`,
:mod:`.page_table`, :mod:`.page_links`, :mod:`.page_kept`) add what a press does in each place.

**One thing to follow.** The model is the only one that watches the open
study; it applies its own rules first (a stale message
goes, the players and the table's rules follow the study), then reports what
changed in one :class:`Change`. The views follow ``change`` and nothing else
of the study, so a Next reaches each view once, with every consequence
already applied.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import param

from .catalog import Catalog
from .checker import Checker
from .course import CourseModel
from .library import Library
from .play import deal_to_first_decision
from .practice import PracticeModel
from .share import ShareError, Snapshot, encode_link
from .study import Notice, Study
from .table_rules import TableRules
from .versus import PlayMode

FREE_PLAY = ""  # the lesson picker's entry for a position of one's own
DEFAULT_NAMES = ("Ann", "Ben", "Cleo", "Dev")
JOBS = ("home", "learn", "play", "settle", "practice")
STUDY_JOBS = ("learn", "play")  # the jobs that show a study
# a new deal's seed, from fresh entropy: too many to try each against the cards a seat has seen
# (a million could be searched in seconds); below 2**53, so JSON and JavaScript keep it whole
SEEDS = 2**53

# what is reported of the open study (its question's changes count in quiz_changes)
STUDY_NAMES = ("current", "step", "tree", "seat", "covered", "selection", "title", "notice", "quiz_open", "quiz_changes",
               "scores", "undo_stack", "redo_stack")
PAGE_NAMES = ("game", "lesson_id", "study", "notice", "job")
MOVED = frozenset({"current", "step", "tree"})


@dataclass(frozen=True)
class Change:
    """What changed on the page since the views last heard: names of the app's parameters
    (``job``, ``study`` when another study was opened, ``notice``, ``game``,
    ``lesson_id``), of the open study's (``current``, ``step``, ``tree``, ``seat``,
    ``quiz_changes`` for its question, ...), ``players`` (who plays each seat) and ``rules`` (the table
    setup's game and preset). ``serial`` counts the reports."""

    names: frozenset[str]
    serial: int = 0

    def touches(self, *names: str) -> bool:
        return not self.names.isdisjoint(names)


class PageModel(param.Parameterized):
    """What the page shows. Views render it; only its methods change it."""

    game: str | None = param.Selector(default=None, objects=[], doc="Game family id.")
    lesson_id: str = param.Selector(default=FREE_PLAY, objects=[FREE_PLAY],
                                    doc="Lesson open in the study ('' for free play).")
    study: Study | None = param.ClassSelector(class_=Study, default=None, allow_None=True,
                                              doc="The study in progress.")
    notice: Notice | None = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                                doc="Message about the last link, file or choice of lesson.")
    job: str = param.Selector(default="home", objects=list(JOBS),
                              doc="What the page shows: the first screen, a lesson, a game, the hand checker.")
    change: Change = param.ClassSelector(class_=Change, default=Change(frozenset()), instantiate=False,
                                         doc="The last report of what changed (the one thing views follow).")
    versus: PlayMode = param.ClassSelector(class_=PlayMode, constant=True,
                                           doc="Who plays each seat of the table in Play, and its taps.")
    table_rules: TableRules = param.ClassSelector(class_=TableRules, constant=True,
                                                  doc="The rules of the table being set up in Play.")
    library: Library = param.ClassSelector(class_=Library, constant=True,
                                           doc="The studies saved on this device.")
    course: CourseModel = param.ClassSelector(class_=CourseModel, constant=True,
                                              doc="The course followed in Learn, and the learner's progress.")
    practice: PracticeModel = param.ClassSelector(class_=PracticeModel, constant=True,
                                                  doc="Practice: the drill asked, the verdict, the mastery.")
    def __init__(self, catalog: Catalog, library: Library | None = None, **params: Any) -> None:
        self.catalog = catalog
        self._quiet = False  # True while the model itself sets the pickers
        self._parked: dict[str, Study] = {}  # the study each study job had when the learner left it
        # new deals: fresh entropy at each deal (os.urandom: crypto.getRandomValues in the browser),
        # never a generator whose state a start-up memory snapshot could freeze; tests may set one
        self._rng: random.Random = random.SystemRandom()
        self._dealt: weakref.WeakSet[Study] = weakref.WeakSet()  # the studies dealt in Play: games
        self._finished: tuple[Any, bool] = (None, False)  # (tree, whether it holds a finished game)
        self._watching: Any = None  # the watcher on the open study
        self._rules_study: Study | None = None  # the study whose rules the table setup last took
        self._opening_saved = False  # True while a saved study is being opened
        self._pending: set[str] = set()
        self._reporting = False
        self._serial = 0
        self._link_key: tuple[Any, ...] = ()
        self._link = ""
        params.setdefault("versus", PlayMode())
        params.setdefault("table_rules", TableRules(catalog))
        params.setdefault("library", library if library is not None else Library())
        params.setdefault("course", CourseModel())
        params.setdefault("practice", PracticeModel())
        self._checker: Checker | None = None
        self._course_study: Study | None = None  # the study of the course's open chapter
        self._table_changes: dict[tuple[Any, ...], Any] = {}  # (course, chapter, options) -> its StepChange
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
        self.param.watch(self._page_changed, list(PAGE_NAMES))
        self.versus.param.watch(lambda *_e: self._report({"players"}), ["opponents", "all_cards"])
        self.table_rules.param.watch(lambda *_e: self._report({"rules"}), ["game", "variant"])
        # the first screen lists what the device keeps (shelf)
        self.library.param.watch(lambda *_e: self._report({"saved"}), ["entries"])
        self.table_rules.param.watch(lambda *_e: self._report({"saved"}), ["saved"])
        self.course.param.watch(lambda *_e: self._report({"course"}), ["course_id", "chapter_id", "progress",
                                                                        "problem"])
        self.practice.param.watch(lambda *_e: self._report({"practice"}), ["game", "variant", "drill", "picked",
                                                                            "graded", "mastery", "problem", "quiz",
                                                                            "quiz_at", "quiz_link"])
        self._attach()


    # -- following the open study: the one watcher, the one report ------------------------------
    def _attach(self) -> None:
        if self._watching is not None:
            self._watching.inst.param.unwatch(self._watching)
        study = self.study
        self._watching = None if study is None else \
            study.param.watch(lambda *events: self._report({e.name for e in events}), list(STUDY_NAMES))

    def _page_changed(self, *events: Any) -> None:
        names = {e.name for e in events}

        def react() -> None:
            if "study" in names:
                self._attach()
            if self._quiet:
                return
            if "game" in names:  # a game picked: its lessons, and its first one opens
                self._quiet = True
                try:
                    self._refresh_lessons()
                finally:
                    self._quiet = False
                self.open_lesson(self.lesson_id)
            elif "lesson_id" in names:
                self.open_lesson(self.lesson_id)

        self._report(names, react)

    def _report(self, names: set[str], react: Callable[[], None] | None = None) -> None:
        """Apply the model's own rules to what changed, then tell the views once. A change
        made meanwhile (by those rules, or by ``react``) joins the same report."""
        self._pending |= names
        if self._reporting:
            if react is not None:
                react()
            return
        self._reporting = True
        try:
            if react is not None:
                react()
            while self._pending:
                names, self._pending = self._pending, set()
                self._follow(names)
                names |= self._pending
                self._pending = set()
                self._serial += 1
                self.change = Change(frozenset(names), self._serial)
        finally:
            self._reporting = False

    @contextmanager
    def _one_report(self) -> Iterator[None]:
        """Everything changed inside is reported to the views at once."""
        if self._reporting:
            yield
            return
        self._reporting = True
        try:
            yield
        finally:
            self._reporting = False
            if self._pending:
                self._report(set())

    def _follow(self, names: set[str]) -> None:
        """The model's own rules, applied before the views hear of a change."""
        study = self.study
        # a message about a link, a file or a lesson no longer applies once the learner
        # moves on in the study (opening a study is not moving on)
        if "study" not in names and not MOVED.isdisjoint(names) and self.notice is not None:
            self.notice = None
        if names & {"study", "current"}:
            free = study if study is not None and study.lesson is None else None
            self.versus.follow(free, dealt=free is not None and free in self._dealt)
        if names & {"study", "job", "game"}:
            self._rules_follow()
        if "study" in names and not self._opening_saved:
            self.library.open_id = ""  # opened otherwise than from the list: Save makes a new entry
        self._course_follow(names)

    def _course_follow(self, names: set[str]) -> None:
        """The course's progress follows its chapter's study: the place and each task's outcome."""
        study, course = self.study, self.course
        if "study" in names and study is not self._course_study and self.job == "learn":
            found = self.catalog.chapter_of(study.lesson.id) if study is not None and study.lesson else None
            if found is not None:  # a link to a course's step: the course goes on from it
                self._course_study = study
                course.opened(found[0].game, found[0].id, found[1].id)
            else:
                self._course_study = None
                course.left()
        if study is None or study is not self._course_study:
            return
        if names & {"study", "step"}:
            course.moved(study.step)
        if names & {"study", "scores"}:
            course.scored(study.scores)

    def _rules_follow(self) -> None:
        """The table setup shows the rules of the table in play once, when a study opens
        (a deal, a link, a file); between deals it keeps what is being built."""
        study = self.study
        free = study if study is not None and study.lesson is None else None
        if self.job != "play" and free is None:
            return
        rules = self.table_rules
        game = free.game if free is not None else self.game or ""
        if free is not None and free is not self._rules_study:
            self._rules_study = free
            rules.adopt(free.game, free.variant, free.setup)
        elif game != rules.game or not rules.variant:
            presets = self._presets(game)
            rules.rebase(game, free.variant if free is not None else (presets[:1] or [""])[0])

    # -- pickers --------------------------------------------------------------------------------
    def lesson_options(self, game: str | None = None) -> dict[str, str]:
        """Title -> lesson id for a game's lessons, then free play."""
        options = {lesson.title: lesson.id for lesson in self.catalog.lessons_for(game or self.game or "")}
        options["Free play (set up your own line)"] = FREE_PLAY
        return options

    def _refresh_lessons(self) -> None:
        options = self.lesson_options()
        self.param.lesson_id.objects = options
        if self.lesson_id not in options.values():
            self.lesson_id = next(iter(options.values()))

    def _park(self) -> None:
        if self.job in STUDY_JOBS and self.study is not None:
            self._parked[self.job] = self.study

    def game_title(self, game: str) -> str:
        try:
            return str(self.catalog.title(game))
        except ValueError:
            return game

    def _presets(self, game: str) -> list[str]:
        try:
            return list(self.catalog.family(game).presets)
        except ValueError:
            return []

    # -- opening a study (what every job opens with) --------------------------------------------
    def open_lesson(self, lesson_id: str) -> bool:
        """Start studying a lesson, in Learn (``FREE_PLAY``: a new table of the current game, in Play)."""
        if lesson_id == FREE_PLAY:
            family = self.catalog.family(self.game or "")
            return self.open_free_play(next(iter(family.presets)), DEFAULT_NAMES, 1)
        try:
            lesson = self.catalog.lesson(lesson_id)
            study = Study.from_lesson(lesson, self.catalog.family(lesson.game))
        except ValueError as err:  # NotationError, IllegalActionError, LessonError
            self.notice = Notice("error", f"Could not open that: {err}. Nothing was changed.")
            return False
        self._show(study, info=None)
        return True

    def open_free_play(self, variant: str, names: list[str] | tuple[str, ...], seed: int | str) -> bool:
        """Deal a new game of the current family for these players, shuffled by ``seed``,
        at its very start (the deal step by step, as a lesson shows it)."""
        family = self.catalog.family(self.game or "")
        return self.open_setup(variant, {family.players_key: list(names), "seed": seed})

    def open_setup(self, variant: str, setup: Mapping[str, Any], game: str | None = None,
                   deal: bool = False, played: bool | None = None) -> bool:
        """Start a free study from a custom setup (engine-validated), in Play.
        ``deal``: play the dealing (cards and antes nobody decides) at once, so
        the table opens on its first decision. ``played`` (default: ``deal``): it is a game,
        played with players from its first card (else a study, every card shown)."""
        game = game or self.game
        try:
            study = Study.from_setup(self.catalog.family(game or ""), variant, setup)
        except ValueError as err:  # NotationError or IllegalActionError from the engine
            self.notice = Notice("error", f"That setup cannot start a game: {err}. Nothing was changed.")
            return False
        if deal:
            deal_to_first_decision(study)
        if deal if played is None else played:
            self._dealt.add(study)
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
            family = self.catalog.family(game or "")
        except ValueError as err:
            self.notice = Notice("error", f"Could not deal: {err}. Nothing was changed.")
            return False
        variant = variant if variant is not None else next(iter(family.presets))
        seed = seed if seed is not None else self._rng.randrange(1, SEEDS)
        setup = {**(extra or {}), family.players_key: list(names or DEFAULT_NAMES), "seed": seed}
        return self.open_setup(variant, setup, game=game, deal=True)

    def _table_rules_now(self) -> dict[str, Any]:
        rules = self.table_rules
        return {"game": rules.game, "variant": rules.variant, "options": dict(rules.options),
                "rules_name": rules.rules_name}

    def _deal_under_table_rules(self, before: dict[str, Any]) -> bool:
        """A game dealt in Play under the table's rules just set; a refused deal puts the rules
        back as they were (``before``), so that the refusal changes nothing."""
        rules = self.table_rules
        if self.new_deal(game=rules.game, variant=rules.variant, extra=rules.setup_extra()):
            return True
        rules.param.update(**before)
        return False

    def _show(self, study: Study, info: str | None, job: str | None = None) -> None:
        lesson = study.lesson
        job = job or ("learn" if lesson is not None else "play")
        if job != self.job:
            self._park()
        self._quiet = True
        try:
            # the lesson list first, so every value set below is valid when
            # watchers see it; then one batched update
            options = self.lesson_options(study.game)
            if lesson is not None and lesson.id not in options.values():  # a chapter of a course
                options[lesson.title] = lesson.id
            self.param.lesson_id.objects = options
            self.param.update(game=study.game, lesson_id=lesson.id if lesson is not None else FREE_PLAY,
                              study=study, notice=Notice("info", info) if info else None, job=job)
        finally:
            self._quiet = False

    def _open_snapshot(self, load: Callable[[], Snapshot], what: str, info: str | None = "") -> bool:
        try:
            snapshot = load()
        except ShareError as err:
            self.notice = Notice("error", str(err))
            return False
        except ValueError as err:  # a refusal that escaped share's checks is still only a refusal
            self.notice = Notice("error", f"That {what} cannot be opened: {str(err)[:200]}. Nothing was changed.")
            return False
        self._show(snapshot.study(), info=f"Opened the shared {what}." if info == "" else info)
        return True

    @property
    def checker(self) -> Checker:
        """Settle a hand: the checker's forms and the table's log of rulings (made when first asked for)."""
        if self._checker is None:
            self._checker = Checker()
        return self._checker

    # -- what the open study gives away ---------------------------------------------------------
    def game_in_progress(self) -> bool:
        """The open study is a game dealt in Play that has not ended yet: its link, file and
        address would hold the deal (the seed, every move), from which the hidden cards can be
        worked out, so none is made until the game is over (then the whole game is a study)."""
        study = self.study
        if study is None or study not in self._dealt:
            return False
        tree, finished = self._finished
        if tree is not study.tree:
            finished = any(study.tree[i].state.is_over for i in study.tree.preorder())
            self._finished = (study.tree, finished)
        return not finished

    def link(self) -> str:
        """The current study as a URL fragment (without ``#``); made once per position. Empty
        while a game is in progress (:meth:`game_in_progress`)."""
        study = self.study
        if study is None or self.game_in_progress():
            return ""
        made = self._link_key
        if not (made and made[0] is study and made[1] is study.tree
                and made[2:] == (study.current, study.step, study.title)):
            self._link_key = (study, study.tree, study.current, study.step, study.title)
            self._link = encode_link(study)
        return self._link

    def shown_notice(self) -> Notice | None:
        """The message the page shows: the study's last refusal or error, else the page's."""
        study = self.study
        return study.notice if study is not None and study.notice is not None else self.notice
