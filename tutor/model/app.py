"""The whole tutor page as one model: which job is open (the first screen,
learning, playing, settling a hand), which game and lesson, the study in
progress, who plays each seat in Play (:class:`~.versus.PlayMode`), the rules
of the table being set up (:class:`~.table_rules.TableRules`), the studies
kept on this device (:class:`~.library.Library`), and the messages about
links and files.

Learning and playing each keep their own study: going to Play and back to
Learn finds the lesson where it was left. A lesson opens in Learn; a dealt
table, or a shared study without a lesson, opens in Play.

Opening a link or a file goes through :mod:`.share`, which validates the whole
thing before anything is replaced: on any error the current study stays as it
was and ``notice`` says what was wrong.

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

from lessons.course_loader import chapter_change
from rules.jsontext import read_json

from .catalog import Catalog
from .checker import Checker
from .course import CourseModel
from .library import Library, SavedStudy
from .play import deal_to_first_decision, next_deal_setup, why_no_next_deal
from .practice import QUIZ_TAG, PracticeModel
from .rule_link import RuleSetLinkError, is_rule_set_link, read_rule_set_link
from .rulings import RulingLinkError, is_ruling_link
from .share import ShareError, Snapshot, decode_link, encode_link, export_text, import_text
from .shelf import Shelf, shelf
from .study import Notice, Study
from .table_rules import TableRules, carried_rules, rules_title
from .versus import PlayMode

FREE_PLAY = ""  # the lesson picker's entry for a position of one's own
DEFAULT_NAMES = ("Ann", "Ben", "Cleo", "Dev")
JOBS = ("home", "learn", "play", "settle", "practice")
STUDY_JOBS = ("learn", "play")  # the jobs that show a study
# a new deal's seed, from fresh entropy: too many to try each against the cards a seat has seen
# (a million could be searched in seconds); below 2**53, so JSON and JavaScript keep it whole
SEEDS = 2**53
SETUP_CHARS = 20_000  # a table setup typed or pasted as JSON (a stacked deck for eight is under 2,000)

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


@dataclass(frozen=True)
class PlaySetup:
    """What Play's table setup shows: the game, its presets (id, title) and the one picked,
    and the players' names of the table in play."""

    game: str
    presets: tuple[tuple[str, str], ...]
    preset: str
    players: str


def _position_in(study: Study | None, snapshot: Snapshot) -> int | None:
    """The node of ``study`` at the snapshot's position (the same moves from the same start
    of the same game, rules and lesson), or None."""
    if study is None or (study.game, study.variant, getattr(study.lesson, "id", None), dict(study.setup)) != \
            (snapshot.game, snapshot.variant, getattr(snapshot.lesson, "id", None), dict(snapshot.setup)):
        return None
    node = study.tree.root.id
    for step in snapshot.tree.path(snapshot.current)[1:]:
        text = snapshot.tree[step].text
        node_next = next((c for c in study.tree[node].children if study.tree[c].text == text), None)
        if node_next is None:
            return None
        node = node_next
    return node


class TutorApp(param.Parameterized):
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

    # -- following the open study: the one watcher, the one report -------------------------------
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

    # -- pickers ---------------------------------------------------------------------
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

    # -- opening things ----------------------------------------------------------------
    def start(self, fragment: str = "", resumed: bool = False) -> None:
        """Open the page: the study in the address (in Learn or Play), else the
        first screen. A link that cannot be opened leaves the first screen up,
        saying why (the lead's ruling: nothing is opened that was not asked
        for). Without a link nothing changes: the page's first report can
        arrive after the learner's first tap (the page repeats it until Python
        answers), and must not take them back to the first screen.
        ``resumed``: the address is this device's own (a reload, the browser's
        Back into the page, the last study it showed), not a link someone sent:
        it opens without "Opened the shared link"."""
        if fragment.strip().lstrip("#"):
            if resumed:
                self.resume(fragment)
            else:
                self.open_link(fragment)

    def resume(self, text: str) -> bool:
        """Open a link this device made (Continue, a reload, Back and Forward) with the same
        checks as a shared one, but no message: nothing was shared."""
        if self.study is not None and text.strip().rsplit("#", 1)[-1] == self.link():
            return True
        return self._open_snapshot(lambda: decode_link(text, self.catalog), "link", info=None)

    def visit(self, job: str, fragment: str) -> None:
        """The browser's Back or Forward reached an entry of the app: show its job, at the
        position of its address. A position of the study that job keeps is gone back to in
        that study (its notes, lines and undo kept); any other opens as a study of its own."""
        if job not in JOBS:
            return
        if job not in STUDY_JOBS or not fragment.strip().lstrip("#"):
            self.open_job(job)
            return
        try:
            snapshot = decode_link(fragment, self.catalog)
        except ValueError:
            return  # an entry whose link no longer opens: the page stays as it is
        kept = self.study if self.job == job else self._parked.get(job)
        node = _position_in(kept, snapshot)
        with self._one_report():
            if kept is None or node is None:
                self._show(snapshot.study(), info=None)
                return
            if kept is not self.study or self.job != job:
                self._show(kept, info=None, job=job)
            kept.move_to(node, snapshot.step)

    # -- the jobs --------------------------------------------------------------------------
    def open_job(self, job: str) -> None:
        """Show one job. Learn and Play find their own study as it was left
        (Learn opens the picked lesson the first time, Play deals a table)."""
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r}; known: {', '.join(JOBS)}")
        if job == self.job and (job not in STUDY_JOBS or self.study is not None):
            return
        self._park()
        if job == "practice" and not self.practice.game:
            self.practice_game(self.game or "")
            return
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
                return str(lesson.id)
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
            return str(self.catalog.title(game))
        except ValueError:
            return game

    def learn_game(self, game: str) -> bool:
        """The first screen's "Learn" of a game: its course where this learner left off (the
        course of the table's rule set when the table being set up is this game, else the
        course last opened, else the game's first); a game without a course, its first lesson."""
        courses = self.catalog.courses_for(game)
        if not courses:
            lessons = self.catalog.lessons_for(game)
            return bool(lessons) and self.open_lesson(lessons[0].id)
        ids = [c.id for c in courses]
        rules = self.table_rules
        table = next((c.id for c in courses if rules.game == game and c.variant == rules.variant), None)
        last = self.course.progress.last_course(game)
        return self.open_course(table or (last if last is not None and last in ids else ids[0]))

    def course_places(self) -> tuple[Any, ...]:
        """Every course this learner has begun on this device and where they are in it
        (``tutor.model.course.CoursePlace``; the one open now first), from the courses' list
        entries: the first screen says it without replaying a course."""
        titles = {lesson.id: lesson.title for game in self.catalog.game_ids()
                  for lesson in self.catalog.lessons_for(game)}
        entries = [entry for game in self.catalog.game_ids() for entry in self.catalog.courses_for(game)]
        return self.course.places(entries, lambda lesson_id: str(titles.get(lesson_id, "")))

    def first_course_game(self) -> str:
        """The game the first screen's Learn starts with when no course is begun: the first
        game (in the catalog's order) with a course, else with a lesson ('' if none)."""
        games = self.catalog.game_ids()
        with_course = [g for g in games if self.catalog.courses_for(g)]
        return next(iter(with_course or [g for g in games if self.catalog.lessons_for(g)]), "")

    def learn_course(self, course_id: str = "") -> bool:
        """The first screen's Learn: ``course_id`` where this learner left off; without one, the
        course they were last in (the first begun), else the first game's course from its start."""
        if course_id:
            return self.open_course(course_id)
        places = self.course_places()
        if places:
            return self.open_course(places[0].course)
        game = self.first_course_game()
        return bool(game) and self.learn_game(game)

    def open_course(self, course_id: str, chapter_id: str | None = None) -> bool:
        """Open a course at a chapter (without one: where this learner left off), in Learn."""
        try:
            course = self.catalog.course(course_id)
            chapter_id, step = self.course.start_at(course, chapter_id)
            chapter = course.chapter(chapter_id)
            study = Study.from_lesson(chapter.lesson, self.catalog.family(course.game),
                                      scores=self.course.scores_for(course_id, chapter_id))
        except (ValueError, KeyError) as err:  # LessonError, NotationError, an unknown chapter
            self.notice = Notice("error", f"Could not open that course: {err}. Nothing was changed.")
            return False
        with self._one_report():
            self._course_study = study
            self.course.opened(course.game, course.id, chapter_id)
            self._show(study, info=None, job="learn")
            if step >= 0:
                study.jump(min(step, len(chapter.lesson.steps) - 1))
        return True

    # -- practice ----------------------------------------------------------------------------
    def practice_game(self, game: str) -> bool:
        """Practice ``game`` under the table's rules (the table being set up, when it is this
        game; else the rule set of the course open; else the game's first preset)."""
        try:
            presets = list(self.catalog.family(game).presets)
        except ValueError:
            return False
        rules, course = self.table_rules, self.open_course_value()
        if rules.game == game and rules.variant:
            variant, options = rules.variant, dict(rules.setup_extra().get("options") or {})
        elif course is not None and course.game == game:
            variant, options = course.variant, {}
        else:
            variant, options = presets[0], {}
        with self._one_report():
            self.practice.start(game, variant, {str(k): str(v) for k, v in options.items()})
            self.job = "practice"
        return True

    def explore_drill(self) -> bool:
        """The drill's position opened as a study (in Play), to try every move there."""
        drill = self.practice.drill
        if drill is None or drill.position.checker:
            return False
        position = drill.position
        if not self.open_setup(position.variant, position.setup, game=position.game):
            return False
        study = self.study
        for move in position.moves:
            if study is None or study.play_text(move) is None:
                break
        return True

    def open_chapter(self, chapter_id: str) -> bool:
        """A chapter picked on the open course's map."""
        return bool(self.course.course_id) and self.open_course(self.course.course_id, chapter_id)

    def next_chapter(self) -> str:
        """The chapter after the open one in its course ('' at the last one, or outside a course)."""
        course = self.open_course_value()
        if course is None or not self.course.chapter_id:
            return ""
        index = course.index(self.course.chapter_id)
        return course.chapters[index + 1].id if index + 1 < len(course.chapters) else ""

    def table_change(self) -> Any:
        """How the rules of the table being set up change the chapter open in Learn (a
        ``lessons.StepChange``: its first step that goes differently and the settings, in the
        options' words), or None.

        Our reading (docs/rulings.md, "A course and a table's own rules"): a course teaches its
        rule book as written, the preset its file names; a table that plays the same rule
        book with its own options is told, in the chapter those options change, which step
        goes differently and why, and its Practice drills follow the table's rules. Only the
        chapter opened is replayed under them (``lessons.chapter_change``), once."""
        course, rules = self.open_course_value(), self.table_rules
        chapter = self.course.chapter_id
        if course is None or not chapter or not rules.options or (rules.game, rules.variant) != (
                course.game, course.variant):
            return None
        key = (course.id, chapter, tuple(sorted(rules.options.items())))
        if key not in self._table_changes:
            try:
                self._table_changes[key] = chapter_change(course, chapter, {"options": dict(rules.options)},
                                                          families=self.catalog.family)
            except (ValueError, KeyError):  # a setting this rule book does not take: nothing to say
                self._table_changes[key] = None
        return self._table_changes[key]

    def course_chapter_open(self) -> str:
        """The course whose chapter is the study open in Learn ('' when the open study is no
        course's chapter): the first screen continues it once, as the course."""
        if self.study is None or self.study is not self._course_study or not self.course.chapter_id:
            return ""
        return self.course.course_id

    def open_course_value(self) -> Any:
        """The course followed in Learn (a ``lessons.Course``), or None."""
        if not self.course.course_id:
            return None
        try:
            return self.catalog.course(self.course.course_id)
        except ValueError:
            return None

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

    def play_game(self, game: str) -> bool:
        """A new table of ``game`` (an unknown id is ignored)."""
        return game in self.catalog.game_ids() and self.new_deal(game=game)

    def deal_again(self) -> bool:
        """Another shuffle of the table in play (same game, rules and players)."""
        study = self.study
        if study is not None and study.lesson is None:
            return self.new_deal(game=study.game, variant=study.variant, names=self.names() or None,
                                 extra=carried_rules(study.setup))
        return self.new_deal()

    def can_deal_next(self) -> bool:
        """Whether the study in progress is a finished deal of a game that goes on."""
        study = self.study
        return study is not None and study.state.is_over and next_deal_setup(study, probe=True) is not None

    def next_deal(self) -> bool:
        """The next deal of a finished hand, as the engine deals it (``state.next_deal``:
        stacks and pots carried over, the deal passed on, a player who cannot pay sitting
        out), dealt at once: a game after a game, a study after a study (from a link or a file)."""
        study = self.study
        if study is None:
            return False
        try:
            setup = next_deal_setup(study, seed=self._rng.randrange(1, SEEDS))
        except ValueError as err:
            self.notice = Notice("error", f"No next deal: {err}.")
            return False
        if setup is None:
            self.notice = Notice("error", f"No next deal: {why_no_next_deal(study)}.")
            return False
        return self.open_setup(study.variant, setup, game=study.game, deal=True, played=study in self._dealt)

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

    def open_link(self, text: str) -> bool:
        """Open a shared link; on any flaw the current study stays and
        ``notice`` explains. The link of the study already open changes
        nothing (the page may report the same address twice: its first report
        and the address-bar change can cross on the way to Python), so a
        selection or seat chosen meanwhile is kept."""
        if self.study is not None and text.strip().rsplit("#", 1)[-1] == self.link():
            return True
        token = text.strip().rsplit("#", 1)[-1]
        if token.startswith(QUIZ_TAG):  # a table's quiz (practice.quiz): answered in Practice
            return self.open_quiz(token)
        if is_ruling_link(token):  # a ruling handed over (tutor.model.rulings): shown in Settle
            return self.open_ruling(token)
        if is_rule_set_link(token):  # a table's rule set (tutor.model.rule_link): dealt under, in Play
            return self.open_rule_set(token)
        return self._open_snapshot(lambda: decode_link(text, self.catalog), "link")

    @property
    def checker(self) -> Checker:
        """Settle a hand: the checker's forms and the table's log of rulings (made when first asked for)."""
        if self._checker is None:
            self._checker = Checker()
        return self._checker

    def open_ruling(self, text: str) -> bool:
        """A ruling someone handed over: its question, rule set and verdict, in Settle. A broken
        link changes nothing (what the form held stays) and the notice says what is wrong."""
        try:
            said = self.checker.open_ruling(text)
        except RulingLinkError as err:
            self.notice = Notice("error", str(err))
            return False
        self._park()
        self.param.update(job="settle", notice=Notice("info", said))
        return True

    def open_quiz(self, token: str) -> bool:
        """A teacher's quiz link: its questions, in Practice; a bad one changes nothing and says why."""
        if not self.practice.open_quiz(token):
            self.notice = Notice("error", self.practice.problem)
            return False
        self.param.update(job="practice", notice=None)
        return True

    def open_rule_set(self, token: str) -> bool:
        """A table's rule set someone handed over: a game dealt under it in Play, the table setup
        showing it (to keep on this device). A bad link changes nothing and says why."""
        try:
            found = read_rule_set_link(token, self.catalog)
        except RuleSetLinkError as err:
            self.notice = Notice("error", str(err))
            return False
        rules = self.table_rules
        with self._one_report():
            before = self._table_rules_now()
            rules.param.update(game=found.game, variant=found.variant, options=dict(found.options),
                               rules_name=found.name, notice=None)
            if not self._deal_under_table_rules(before):
                return False
            what = f"\u201c{found.name}\u201d" if found.name else f"{rules.preset_title()} for {self.game_title(found.game)}"
            self.notice = Notice("info", f"Opened the table's rules {what}: a game is dealt under them. "
                                         "To keep them on this device, open the table setup and press Keep.")
        return True

    def import_file(self, content: str | bytes) -> bool:
        """Open an exported study file; same guarantees as :meth:`open_link`."""
        def load() -> Snapshot:
            if isinstance(content, bytes):
                try:
                    text = content.decode("utf-8")
                except UnicodeDecodeError:
                    raise ShareError("The file is not a text file. Nothing was changed.", what="file") from None
            else:
                text = content
            return import_text(text, self.catalog)
        return self._open_snapshot(load, "file")

    # -- the table setup (Play) --------------------------------------------------------------
    def play_setup(self) -> PlaySetup:
        """What Play's table setup shows now (the game and preset of the rules being set up)."""
        rules = self.table_rules
        game = rules.game or self.game or ""
        presets = tuple((p, rules.preset_title(p) if rules.game == game else p) for p in self._presets(game))
        return PlaySetup(game, presets, rules.variant, ", ".join(self.table_names()))

    def _presets(self, game: str) -> list[str]:
        try:
            return list(self.catalog.family(game).presets)
        except ValueError:
            return []

    def pick_preset(self, variant: str) -> None:
        """The table setup's preset picked: the rules being set up start from it."""
        game = self.table_rules.game or self.game or ""
        if variant in self._presets(game):
            self.table_rules.rebase(game, variant)

    def setup_table(self, variant: str, players: str, seed: str, setup_json: str = "") -> bool:
        """Deal from the table setup form: the preset, the players' names (comma
        separated), the shuffle number, or the whole setup as JSON (which wins)."""
        game = self.table_rules.game or self.game or ""
        extra = self.table_rules.setup_extra() if (self.table_rules.game, self.table_rules.variant) \
            == (game, variant) else {}
        text = setup_json.strip()
        if text:
            try:
                setup = read_json(text, what="The setup", max_chars=SETUP_CHARS)
            except ValueError as err:  # too long, nested too deep, or not JSON: said as such
                self.notice = Notice("error", f"{err}. Nothing was changed.")
                return False
            if not isinstance(setup, dict):
                self.notice = Notice("error", "The setup must be a JSON object like {\"seed\": 7}. "
                                              "Nothing was changed.")
                return False
            return self.open_setup(variant, {**extra, **setup}, game=game, deal=True)
        names = [n.strip() for n in players.split(",") if n.strip()]
        number = seed.strip()
        return self.new_deal(game=game, variant=variant or None, names=names or None,
                             seed=int(number) if number.isdigit() else (number or None), extra=extra)

    # -- seats -------------------------------------------------------------------------------
    def names(self) -> list[str]:
        """The players' names of the open study, by seat."""
        return list(self.study.state.names) if self.study is not None else []

    def table_names(self) -> list[str]:
        """The players of the table in Play (the open free study, else the one Play keeps)."""
        study = self.study if self.study is not None and self.study.lesson is None else self._parked.get("play")
        return list(study.state.names) if study is not None else []

    def seat_choices(self) -> tuple[str, ...]:
        """The seats whose view the table can show; none while playing against the computer
        (the table shows whoever holds the phone: no peeking at the computer's cards)."""
        study = self.study
        if study is None or (self.versus.opponents is not None and study.lesson is None):
            return ()
        return tuple(study.state.names)

    def choose_seat(self, value: str) -> None:
        """The seat switch: a seat number, or -1 for every card (teaching). Not in a game in
        Play: the table shows whoever holds the device (the all-cards switch is Play's own)."""
        study = self.study
        if study is not None and self.versus.opponents is not None and study.lesson is None:
            return
        try:
            number = int(value)
        except ValueError:
            return
        seat = None if number < 0 else number
        if study is not None and study.seat != seat:
            study.seat = seat

    # -- the studies kept on this device ------------------------------------------------------
    def save_study(self, as_new: bool = False) -> SavedStudy | None:
        """Keep the open study on this device (over the entry it came from, unless ``as_new``)."""
        if self.study is None:
            return None
        if self.game_in_progress():
            self.notice = Notice("error", "A game is kept once it is over: until then its record would show "
                                          "the cards nobody has seen. Nothing was saved.")
            return None
        return self.library.save(self.study, self.link(), as_new=as_new, rules=rules_title(self.study, self.catalog))

    def open_saved(self, entry_id: str) -> bool:
        """Open a saved study (the share link's full check first: a damaged one changes nothing)."""
        try:
            entry = self.library.entry(entry_id)
        except KeyError:
            return False
        self._opening_saved = True
        try:
            with self._one_report():
                opened = self.study is not None and entry.link == self.link()
                opened = opened or self._open_snapshot(lambda: decode_link(entry.link, self.catalog), "link",
                                                       info=f"Opened \u201c{entry.title}\u201d from your saved studies.")
                if opened:
                    self.library.open_id = entry.id
                    if self.study is not None:
                        self.study.title = entry.title  # its name in the list, renamed or not
        finally:
            self._opening_saved = False
        return opened

    def shelf(self) -> Shelf:
        """What the first screen lists of the studies and rule sets kept on this device."""
        return shelf(self.library, self.table_rules, self.game_title)

    def use_rule_set(self, entry_id: str) -> bool:
        """A rule set kept on this device, from the first screen: a game dealt under it, in Play
        (checked by the engine first: a damaged one changes nothing and says why)."""
        rules = self.table_rules
        with self._one_report():
            before = self._table_rules_now()
            if not rules.pick(entry_id):
                self.notice = rules.notice
                return False
            if not self._deal_under_table_rules(before):
                return False
            self.notice = Notice("info", f"A game dealt under your table's rules \u201c{rules.rules_name}\u201d.")
        return True

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

    # -- sharing -------------------------------------------------------------------------
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

    def export_file(self) -> str:
        """The open study as a text file; empty before a study is open (the page
        is usable a moment before it reports its address and a study opens), and while a game
        is in progress (:meth:`game_in_progress`)."""
        return export_text(self.study) if self.study is not None and not self.game_in_progress() else ""

    def export_filename(self) -> str:
        study = self.study
        if study is None:
            return "study.palace-tutor.txt"
        name = study.lesson.id if study.lesson is not None else f"{study.game}-{study.variant}"
        return f"{name}.palace-tutor.txt"

    def shown_notice(self) -> Notice | None:
        """The message the page shows: the study's last refusal or error, else the page's."""
        study = self.study
        return study.notice if study is not None and study.notice is not None else self.notice
