"""The page: the frame and the first screen (:mod:`.frame`, shown by
:class:`~.shell.Shell`), the three jobs, and the Panel parts slotted into it.

* Learn: the lesson picker, the table, the narration and the step bar
  (:mod:`.lesson`), the drawer with the step list, the study tree and notes
  (:mod:`.tree`), and sharing (:mod:`.share`).
* Play: the same study view, with a new deal in one tap, the table setup and
  the next deal of a game that goes on (:mod:`tutor.model.play`).
* Settle a hand: the checker (:mod:`.checker`).

Laid out for a phone first: the step bar stays at the bottom of the screen
and the drawer slides over; from 900 px wide the drawer is a side column.
"""

from __future__ import annotations

import json
from typing import Any

import panel as pn
import param

from rules.jsontext import read_json
from tutor.model.app import JOBS, SETUP_CHARS, STUDY_JOBS, TutorApp
from tutor.model.catalog import Catalog
from tutor.model.share import MAX_LINK_CHARS
from tutor.model.study import Notice
from tutor.model.table_rules import rules_title

from .checker import CheckerView
from .compare import ComparePane
from tutor.model.practice import STORAGE_KEY as MASTERY_KEY

from .course import CourseStore, course_line_html, course_map_html, follow_store
from .mastery import MasteryPane
from .practice import practice_html
from .compat import design_styles_only_when_asked, lazy_attribute_errors
from .library import SavedStudiesPane
from .components import PageBridge
from .deal import DealView
from .frame import FrameData, LearnPlace, frame_html, learn_actions_html, seat_options
from .lesson import LessonPlayer, narration_html, step_counter
from .players import PlayersPane
from .renderer import TableRenderer, renderer_for
from .share import SharePane
from .shelf import home_saved_html
from .shell import Shell
from .text import tag
from .tree import TreePane
from .table_rules import TableRulesPane
from .update import set_values

# what the narration says depends on
NARRATED = ("study", "current", "step", "tree", "seat", "covered", "quiz_open")
COURSE_SHOWN = frozenset({"course", "study", "job", "scores"})  # what the course's line and map depend on


def notice_html(notice: Notice | None) -> str:
    if notice is None:
        return ""
    raw = ""
    if notice.ref is not None:
        raw += tag("span", f"Rule: {notice.ref.words}", "ref")
    if notice.ruling is not None:
        raw += tag("span", str(notice.ruling), "ref")
    return tag("div", notice.text, f"notice {notice.kind}", raw=raw, role="alert")


def frame_data(app: TutorApp) -> FrameData:
    """What the frame shows of the catalog (read once)."""
    games = tuple((game, app.game_title(game)) for game in app.catalog.game_ids())
    groups = tuple((app.game_title(game), tuple((lesson.title, lesson.id)
                                                for lesson in app.catalog.lessons_for(game)))
                   for game in app.catalog.game_ids() if app.catalog.lessons_for(game))
    counts = tuple((game, len(app.catalog.lessons_for(game))) for game in app.catalog.game_ids())
    course_games = tuple(game for game in app.catalog.game_ids() if app.catalog.courses_for(game))
    first = app.first_course_game()
    return FrameData(lesson_groups=groups, games=games, lesson_counts=counts, course_games=course_games,
                     first_course=app.game_title(first) if first else "")


def home_learn_html(app: TutorApp, data: FrameData) -> str:
    """The first screen's Learn (:func:`tutor.views.frame.learn_actions_html`) from the page model."""
    places = tuple(LearnPlace(p.course, p.title, p.chapter, p.chapters, p.chapter_title, p.answered)
                   for p in app.course_places())
    return learn_actions_html(places, data.first_course)


def continue_label(app: TutorApp) -> str:
    """What the first screen's Continue opens, in a few words: the lesson and its step, or the game."""
    study = app.study
    if study is None:
        return ""
    if study.lesson is not None:
        return f"{study.title or study.lesson.title}: {step_counter(study).lower()}"
    words = f"{app.game_title(study.game)} ({rules_title(study, app.catalog)})"
    return f"{study.title} — {words}" if study.title else f"Your game of {words}"


def ui_state(app: TutorApp) -> dict[str, Any]:
    """The small UI state the page's script applies (the Shell's ``ui``), from the model alone."""
    study = app.study
    state: dict[str, Any] = {"job": app.job}
    if study is not None:
        covered = study.covered and app.job == "play"  # the device changes hands: nothing moves meanwhile
        state.update(lesson=study.lesson.id if study.lesson is not None else "",
                     seats=seat_options(app.seat_choices()), seat=-1 if study.seat is None else study.seat,
                     has_steps=study.lesson is not None, can_back=study.can_back and not covered,
                     can_forward=study.can_forward and not covered, counter=step_counter(study))
        if covered and app.versus.turn.kind == "pass":
            state["handover"] = app.versus.turn.name
    if app.table_rules.game:  # once Play's table setup has been shown
        setup = app.play_setup()
        state.update(play_game=setup.game, presets=[list(p) for p in setup.presets], preset=setup.preset)
        if setup.players:
            state["players"] = setup.players
    return state


class TableArea(pn.viewable.Viewer):
    """The game's table: its registered renderer, one per game, reused. The page tells it
    when the study, the job or the players change (:meth:`show`); the renderer follows
    its study's moves itself."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._renderers: dict[str, TableRenderer] = {}
        self._holder = pn.Column(sizing_mode="stretch_width", css_classes=["table-holder"])
        self.show()

    def renderer(self) -> TableRenderer | None:
        """The renderer showing the study in progress (made on first use); it follows the study."""
        app = self.app
        study = app.study
        if study is None:
            return None
        versus = app.versus
        shown = {"in_play": app.job == "play", "playing": versus.opponents is not None,
                 "showing_all": versus.opponents is not None and versus.all_cards and app.job == "play"}
        renderer = self._renderers.get(study.game)
        if renderer is None:
            renderer = self._renderers[study.game] = renderer_for(study.game)(study=study, **shown)
        else:
            set_values(renderer, {"study": study, **shown})  # one redraw
        return renderer

    def show(self) -> None:
        """Show the renderer of the open study's game, given the study and the job."""
        renderer = self.renderer()
        if renderer is not None and list(self._holder.objects) != [renderer]:
            self._holder.objects = [renderer]

    def __panel__(self):
        return self._holder


class TutorView(pn.viewable.Viewer):
    """The whole page: the Shell shows the model (:meth:`_project`), presses call the model."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        app = self.app
        self.bridge = PageBridge(css_classes=["page-bridge"])
        self.bridge.on_page(self._page_event)
        self._hash_seen = False  # True once the page has reported an address change
        self.data = frame_data(app)
        self.shell = Shell(frame=frame_html(self.data), sizing_mode="stretch_width", css_classes=["pt-shell"])
        self.table = TableArea(app=app)
        self.lesson = LessonPlayer(app=app)
        self.tree = TreePane(app=app)
        self.share = SharePane(app=app)
        self.saved = SavedStudiesPane(app=app)  # studies kept on this device (tutor.views.library)
        self.checker = CheckerView(checker=app.checker, table_rules=app.table_rules)  # settle a disputed hand (tutor.views.checker)
        self.compare = ComparePane(app=app)  # a Palace position under every rule set (tutor.views.compare)
        self.players = PlayersPane(model=app.versus)  # play against the computer (tutor.model.versus)
        self.rules_pane = TableRulesPane(rules=app.table_rules)  # your table's rules, in Play's setup
        # the bridges are always on the page (address, keys, the device's storage); the
        # study view's parts show at once, the rest when first shown (Shell.add_later)
        self.course_store = CourseStore(css_classes=["course-store"])  # the course progress on this device
        follow_store(self.course_store, app.course)
        self.mastery_store = CourseStore(key=MASTERY_KEY, css_classes=["mastery-store"])  # practice's mastery
        follow_store(self.mastery_store, app.practice)
        bridges = pn.Column(self.bridge, self.saved.store, self.rules_pane.store, self.course_store,
                            self.mastery_store, self.checker.store, css_classes=["bridges"])
        # (the ?debug self-check too: the smoke test reads it in the first drawing of the page)
        self.shell.param.update(table=self.table, quiz=self.lesson.quiz, steps=self.lesson.steps, bridge=bridges,
                                debug=DealView())
        self.mastery = MasteryPane(app=app)  # what the learner knows, under Practice (tutor.views.mastery)
        self.shell.add_later(tree=self.tree, share=self.share, saved=self.saved, extra=self.compare,
                             players=self.players, rules=self.rules_pane, checker=self.checker, mastery=self.mastery)
        self._wire()
        self._project(frozenset({"study", "job", "notice"}))

    @property
    def versus(self):
        """Play against the computer (the page model's)."""
        return self.app.versus

    @property
    def table_rules(self):
        """The rules of the table being set up (the page model's)."""
        return self.app.table_rules

    # -- presses ------------------------------------------------------------------------------
    def _wire(self) -> None:
        app, shell = self.app, self.shell
        shell.on_act("job", lambda value: app.open_job(value) if value in JOBS else None)
        shell.on_act("lesson", lambda value: value and app.open_lesson(value))
        shell.on_act("learn-game", app.learn_game)
        shell.on_act("learn-course", app.learn_course)  # the first screen's Learn: start, or continue a course
        shell.on_act("chapter", app.open_chapter)
        shell.on_act("practice-game", app.practice_game)
        shell.on_act("practice-pick", app.practice.pick)
        shell.on_act("practice-tap", app.practice.tap)
        shell.on_act("practice-check", lambda _value: app.practice.check())
        shell.on_act("practice-next", lambda _value: app.practice.next())
        shell.on_act("practice-explore", lambda _value: app.explore_drill())
        shell.on_act("practice-leave", lambda _value: app.practice.leave_quiz())
        shell.on_act("play-game", app.play_game)
        shell.on_act("new-deal", lambda _value: app.deal_again())
        shell.on_act("next-deal", lambda _value: app.next_deal())
        shell.on_act("seat", app.choose_seat)
        shell.on_act("taken", lambda _value: app.versus.taken())
        shell.on_act("continue", lambda value: value and app.resume(value))  # the first screen's Continue
        shell.on_act("open-saved", app.open_saved)  # the first screen's My studies
        shell.on_act("use-rules", app.use_rule_set)  # the first screen's table rule sets
        shell.on_act("setup", self._setup)
        shell.on_act("typed", self._typed)
        shell.on_act("variant", app.pick_preset)
        for act, go in (("start", lambda s: s.to_start()), ("prev", lambda s: s.back()),
                        ("next", lambda s: s.forward()), ("end", lambda s: s.to_end())):
            shell.on_act(act, lambda _value, go=go: app.study is not None and go(app.study))

    def _setup(self, value: str) -> None:
        """The table setup form: rules, players, shuffle number, or (advanced) the table written out in full."""
        try:  # the form's own fields, one of which is the setup as typed (read again in setup_table)
            form = read_json(value, what="The table setup form", max_chars=SETUP_CHARS + 2_000, max_depth=1)
        except ValueError as err:
            self.app.notice = Notice("error", f"{err}. Nothing was changed.")
            return
        if isinstance(form, dict):
            self.app.setup_table(str(form.get("variant") or ""), str(form.get("players") or ""),
                                 str(form.get("seed") or ""), str(form.get("json") or ""))

    def _typed(self, text: str) -> None:
        study = self.app.study
        if study is not None and text.strip():
            study.play_text(text)

    # -- what is shown: one update of the Shell per change of the model ----------------------------
    @param.depends("app.change", watch=True)
    def _changed(self) -> None:
        self._project(self.app.change.names)

    def _project(self, names: frozenset[str]) -> None:
        app, shell = self.app, self.shell
        study = app.study
        shown: dict[str, Any] = {"ui": json.dumps(ui_state(app), sort_keys=True)}
        if study is not None and not names.isdisjoint(NARRATED):
            shown["narration_html"] = narration_html(study)
        html = notice_html(app.shown_notice())
        study_job = app.job in STUDY_JOBS
        shown.update(notice_html=html if study_job else "", notice_home_html="" if study_job else html)
        if study is None or not study_job:
            shown["title_text"] = ""
        else:
            lesson = study.lesson
            words = lesson.title if lesson is not None else f"Free play: {app.game_title(study.game)} " \
                                                            f"({rules_title(study, app.catalog)})"
            shown["title_text"] = ("Learn: " if lesson is not None else "Play: ") + words
            # the study's own name, and what it is (once: a study named as its lesson says it once)
            named = f"{study.title} — {words}" if study.title.strip() not in ("", words) else ""
            shown["heading_html"] = tag("div", named, "heading") if named else ""
        shown["play_html"] = self._play_extra()
        if not names.isdisjoint(COURSE_SHOWN):
            shown.update(course_html=course_line_html(app), course_map_html=course_map_html(app),
                         home_learn_html=home_learn_html(app, self.data))
        if not names.isdisjoint({"practice", "job"}):
            shown["practice_html"] = practice_html(app)
        if not names.isdisjoint({"saved", "job"}):
            shown["home_saved_html"] = home_saved_html(app.shelf())
        set_values(shell, shown)
        if not names.isdisjoint({"study", "job", "players"}):
            self.table.show()
        if "job" in names and app.job == "settle":
            self.checker.open()  # built the first time Settle is shown
        if study is not None:  # the address bar keeps the open study's link (none while a game is on);
            # the first screen's Continue, its words
            set_values(self.bridge, {"open_study": (app.link(), continue_label(app), app.course_chapter_open()),
                                     "game_on": app.game_in_progress()})
        self.bridge.job = app.job  # a history entry per view (Back and Forward)

    def _play_extra(self) -> str:
        """Play, at the end of a hand: the next deal where the game goes on."""
        app, study = self.app, self.app.study
        html = ""
        named = study.setup.get("rules_name") if study is not None and study.lesson is None else None
        if app.job == "play" and named:
            html += tag("span", f"Your table's rules: {named}", "label table-rules-name")
        if app.job == "play" and study is not None and study.state.is_over:
            reviewed = app.versus.review.open  # the review says who won, how, its moves, and branches
            if app.can_deal_next():
                if not reviewed:
                    html += tag("span", "This deal is over: the next one carries the chips on.", "label")
                html += tag("button", "Next deal ▶", "next-deal primary", type="button", data_act="next-deal")
            elif not reviewed:
                html += tag("span", "Game over. Look back through it, share it, or deal again.", "label")
            # the whole game is a study: branch any move in Lines, send it from Share
            if not reviewed:
                html += tag("button", "Lines: branch a move", "open-lines", type="button", data_open="lines")
            html += tag("button", "Share this game", "open-share", type="button", data_open="share")
        return html

    # -- the page bridge: address and keys ---------------------------------------------------------
    def _page_event(self, kind: str, value: str) -> None:
        app = self.app
        if kind == "start":
            if self._hash_seen:
                return  # the address changed since the page's first report: that change is newer
            app.start(value, resumed=self.bridge.resumed)
            if value.strip().lstrip("#") and app.study is None:
                self.shell.clear_address()  # a link that did not open leaves the address bar
        elif kind == "hash":
            self._hash_seen = True
            if not app.open_link(value):
                if app.study is None:
                    self.shell.clear_address()
                else:
                    self.bridge.restore_address()  # the open study's own link goes back
        elif kind == "history":  # Back or Forward to an entry of the app: {"job", "link"}
            try:
                entry = read_json(value, what="A history entry", max_chars=MAX_LINK_CHARS + 200, max_depth=1)
            except ValueError:
                return
            if isinstance(entry, dict) and isinstance(entry.get("job"), str) and isinstance(entry.get("link"), str):
                self._hash_seen = True
                app.visit(entry["job"], entry["link"])
        elif kind == "key" and app.study is not None and app.job in STUDY_JOBS and not app.study.covered:
            if value == "next":
                app.study.forward()
            elif value == "prev":
                app.study.back()

    def __panel__(self):
        return self.shell


def build(catalog: Catalog | None = None) -> TutorView:
    """The tutor page over the shipped games and lessons. The first screen shows
    until the page reports its address (a shared link opens its study)."""
    lazy_attribute_errors()
    design_styles_only_when_asked()
    return TutorView(app=TutorApp(catalog or Catalog.load()))
