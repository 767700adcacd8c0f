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

from tutor.model.app import STUDY_JOBS, TutorApp
from tutor.model.catalog import Catalog
from tutor.model.study import Notice, Study
from tutor.model.table_rules import TableRules, carried_rules, preset_title, rules_title
from tutor.model.versus import PlayMode

from .base import StudyFollower
from .checker import CheckerView
from .compare import ComparePane
from .compat import design_styles_only_when_asked, lazy_attribute_errors
from .library import SavedStudiesPane
from .components import PageBridge
from .deal import DealView
from .frame import FrameData, frame_html, seat_options
from .lesson import LessonPlayer
from .players import PlayersPane
from .renderer import TableRenderer, renderer_for
from .share import SharePane
from .shell import Shell
from .text import tag
from .tree import TreePane
from .table_rules import TableRulesPane



def notice_html(notice: Notice | None) -> str:
    if notice is None:
        return ""
    raw = ""
    if notice.ref is not None:
        raw += tag("span", f"Rule: {notice.ref}", "ref")
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
    return FrameData(lesson_groups=groups, games=games, lesson_counts=counts)


class TableArea(pn.viewable.Viewer):
    """The game's table: its registered renderer, one per game, reused."""

    app = param.ClassSelector(class_=TutorApp)
    playing = param.Boolean(default=False, doc="Play against the computer is on (the tables say so).")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._renderers: dict[str, TableRenderer] = {}
        self._holder = pn.Column(sizing_mode="stretch_width", css_classes=["table-holder"])
        self._follow = StudyFollower(self.app, [], self._update)

    def renderer(self) -> TableRenderer | None:
        """The renderer showing the study in progress (made on first use)."""
        study = self.app.study
        if study is None:
            return None
        renderer = self._renderers.get(study.game)
        in_play = self.app.job == "play"
        if renderer is None:
            renderer = self._renderers[study.game] = renderer_for(study.game)(
                study=study, playing=self.playing, in_play=in_play)
        else:
            renderer.in_play = in_play  # before the study: a new study draws with it
            if renderer.study is not study:
                renderer.study = study
        return renderer

    @param.depends("playing", watch=True)
    def _playing_changed(self) -> None:
        for renderer in self._renderers.values():
            renderer.playing = self.playing

    def _update(self, study: Study, names: set[str]) -> None:
        renderer = self.renderer()
        if list(self._holder.objects) != [renderer]:
            self._holder.objects = [renderer]

    def __panel__(self):
        return self._holder


class TutorView(pn.viewable.Viewer):
    """The whole page."""

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
        self.lesson = LessonPlayer(app, self.shell)
        self.tree = TreePane(app=app)
        self.share = SharePane(app=app)
        self.saved = SavedStudiesPane(app=app)  # studies kept on this device (tutor.views.library)
        self.checker = CheckerView()  # settle a disputed hand (tutor.views.checker)
        self.compare = ComparePane(app=app)  # a Palace position under every rule set (tutor.views.compare)
        self.versus = PlayMode(app=app)  # play against the computer, pass-and-play (tutor.model.versus)
        self.players = PlayersPane(model=self.versus)
        self.table_rules = TableRules(app.catalog)  # your table's rules, in Play's setup (tutor.views.table_rules)
        self.rules_pane = TableRulesPane(rules=self.table_rules)
        self._rules_study: Study | None = None  # the study whose rules the form last took
        # the bridges are always on the page (address, keys, the device's storage); the
        # study view's parts show at once, the rest when first shown (Shell.add_later)
        bridges = pn.Column(self.bridge, self.saved.store, self.rules_pane.store, css_classes=["bridges"])
        # (the ?debug self-check too: the smoke test reads it in the first drawing of the page)
        self.shell.param.update(table=self.table, quiz=self.lesson.quiz, steps=self.lesson.steps, bridge=bridges,
                                debug=DealView())
        self.shell.add_later(tree=self.tree, share=self.share, saved=self.saved, extra=self.compare,
                             players=self.players, rules=self.rules_pane, checker=self.checker)
        self._link_follow = StudyFollower(app, ["current", "step", "tree", "title"], self._link_changed)
        self._wire()
        app.param.watch(self._job_shown, ["job", "study", "game"])
        self.versus.param.watch(self._job_shown, ["opponents"])
        self.versus.param.watch(lambda e: setattr(self.table, "playing", e.new is not None), ["opponents"])
        app.param.watch(lambda e: self._show_notice(), ["notice"])
        self._follow = StudyFollower(app, ["notice", "title", "seat", "current", "step"], self._study_changed)
        self._job_shown()
        self._show_notice()

    def _link_changed(self, _study: Study, _names: set[str]) -> None:
        """The open study's link, once a step: for the address bar and the share box."""
        link = self.app.link()
        self.bridge.fragment = link
        self.share.show_link(link)

    # -- presses ------------------------------------------------------------------------------
    def _wire(self) -> None:
        app, shell = self.app, self.shell
        shell.on_act("job", lambda value: app.open_job(value) if value in ("home", "learn", "play", "settle") else None)
        shell.on_act("lesson", lambda value: value and app.open_lesson(value))
        shell.on_act("learn-game", self._learn_game)
        shell.on_act("play-game", lambda value: app.new_deal(game=value) if value in app.catalog.game_ids() else None)
        shell.on_act("new-deal", lambda _value: self._new_deal())
        shell.on_act("next-deal", lambda _value: app.next_deal())
        shell.on_act("seat", self._seat_chosen)
        shell.on_act("setup", self._setup)
        shell.on_act("typed", self._typed)
        shell.on_act("variant", self._variant_picked)

    def _learn_game(self, game: str) -> None:
        lessons = self.app.catalog.lessons_for(game)
        if lessons:
            self.app.open_lesson(lessons[0].id)

    def _new_deal(self) -> None:
        """Another shuffle of the table in play (same game, rules and players)."""
        study = self.app.study
        if study is not None and study.lesson is None:
            names = _names_of(study)
            self.app.new_deal(game=study.game, variant=study.variant, names=names or None,
                              extra=carried_rules(study.setup))
        else:
            self.app.new_deal()

    def _seat_chosen(self, value: str) -> None:
        study = self.app.study
        if study is None:
            return
        try:
            seat = int(value)
        except ValueError:
            return
        seat = None if seat < 0 else seat
        if study.seat != seat:
            study.seat = seat

    def _setup(self, value: str) -> None:
        """The table setup form: rules, players, shuffle number, or the whole setup as JSON."""
        try:
            form = json.loads(value)
        except ValueError:
            return
        app = self.app
        game = self.shell.ui_state().get("play_game") or app.game
        variant = str(form.get("variant") or "")
        text = str(form.get("json") or "").strip()
        if text:
            try:
                setup = json.loads(text)
            except ValueError as err:
                app.notice = Notice("error", f"The setup is not valid JSON ({err}). Nothing was changed.")
                return
            if not isinstance(setup, dict):
                app.notice = Notice("error", "The setup must be a JSON object like {\"seed\": 7}. "
                                             "Nothing was changed.")
                return
            app.open_setup(variant, {**self._table_extra(game, variant), **setup}, game=game, deal=True)
            return
        names = [n.strip() for n in str(form.get("players") or "").split(",") if n.strip()]
        seed = str(form.get("seed") or "").strip()
        app.new_deal(game=game, variant=variant or None, names=names or None,
                     seed=int(seed) if seed.isdigit() else (seed or None), extra=self._table_extra(game, variant))

    def _table_extra(self, game: str, variant: str) -> dict[str, Any]:
        """The table's own rules, when the form was built for this game and preset."""
        rules = self.table_rules
        return rules.setup_extra() if (rules.game, rules.variant) == (game, variant) else {}

    def _variant_picked(self, variant: str) -> None:
        game = self.shell.ui_state().get("play_game") or self.app.game
        if variant in self.app.catalog.family(game).presets:
            self.table_rules.rebase(game, variant)

    def _typed(self, text: str) -> None:
        study = self.app.study
        if study is not None and text.strip():
            study.play_text(text)

    # -- what is shown ----------------------------------------------------------------------------
    def _job_shown(self, *_events: Any) -> None:
        app = self.app
        study = app.study
        state: dict[str, Any] = {"job": app.job}
        if study is not None:
            renderer = self.table.renderer()
            names = renderer.seat_names() if renderer is not None else ()
            if self.versus.opponents is not None and study.lesson is None:
                names = ()  # playing: the table shows whoever holds the phone (no peeking at the computer's cards)
            state.update(lesson=study.lesson.id if study.lesson is not None else "", seats=seat_options(names),
                         seat=-1 if study.seat is None else study.seat, has_steps=study.lesson is not None)
        if app.job == "play" or (study is not None and study.lesson is None):
            game = study.game if study is not None and study.lesson is None else app.game
            try:
                presets = list(app.catalog.family(game).presets)
            except ValueError:
                presets = []
            variant = study.variant if study is not None and study.lesson is None else (presets[:1] or [""])[0]
            state.update(play_game=game, presets=[[p, preset_title(app.catalog, game, p)] for p in presets],
                         preset=variant)
            self._rules_follow(game, variant)
            if study is not None and study.lesson is None:
                state["players"] = ", ".join(_names_of(study))
        if app.job == "settle":
            self.checker.open()  # built the first time Settle is shown
        self.shell.set_ui(**state)
        self._study_parts()

    def _rules_follow(self, game: str, variant: str) -> None:
        """The rules form shows the rules of the table in play once, when a study
        opens (a deal, a link, a file); between deals it keeps what is being built."""
        study = self.app.study
        free = study if study is not None and study.lesson is None else None
        if free is not None and free is not self._rules_study:
            self._rules_study = free
            self.table_rules.adopt(free.game, free.variant, free.setup)
        elif game != self.table_rules.game or not self.table_rules.variant:
            self.table_rules.rebase(game, variant)

    def _study_changed(self, study: Study, names: set[str]) -> None:
        if names & {"current", "step"} and self.app.notice is not None and self.app.notice.kind == "info":
            self.app.notice = None  # "Opened the shared link" has been read once the learner moves on
        if "seat" in names:
            self.shell.set_ui(seat=-1 if study.seat is None else study.seat)
        if names & {"study", "notice"}:
            self._show_notice()
        if names & {"study", "title"}:
            self._study_parts()
        elif names & {"current", "step"}:
            self._play_extra()

    def _study_parts(self) -> None:
        app, shell = self.app, self.shell
        study = app.study
        if study is None or app.job not in STUDY_JOBS:
            shell.title_text = ""
            return
        lesson = study.lesson
        words = lesson.title if lesson is not None else f"Free play: {app.game_title(study.game)} " \
                                                        f"({rules_title(study, app.catalog)})"
        shell.title_text = ("Learn: " if lesson is not None else "Play: ") + words
        shell.heading_html = tag("div", f"{study.title} — {words}", "heading") if study.title else ""
        self._play_extra()

    def _play_extra(self) -> None:
        """Play, at the end of a hand: the next deal where the game goes on."""
        app, study = self.app, self.app.study
        html = ""
        named = study.setup.get("rules_name") if study is not None and study.lesson is None else None
        if app.job == "play" and named:
            html += tag("span", f"Your table's rules: {named}", "label table-rules-name")
        if app.job == "play" and study is not None and study.state.is_over:
            if app.can_deal_next():
                html += (tag("span", "This deal is over: the next one carries the chips on.", "label")
                        + tag("button", "Next deal ▶", "next-deal primary", type="button", data_act="next-deal"))
            else:
                html += tag("span", "The game is over: it is a study now. New deal starts another.", "label")
            # the whole game is a study: branch any move in Lines, send it from Share
            html += (tag("button", "Lines: branch a move", "open-lines", type="button", data_open="lines")
                     + tag("button", "Share this game", "open-share", type="button", data_open="share"))
        self.shell.play_html = html

    def _show_notice(self) -> None:
        app = self.app
        study = app.study
        notice = study.notice if study is not None and study.notice is not None else app.notice
        html = notice_html(notice)
        if app.job in STUDY_JOBS:
            self.shell.param.update(notice_html=html, notice_home_html="")
        else:
            self.shell.param.update(notice_html="", notice_home_html=html)

    # -- the page bridge: address and keys ---------------------------------------------------------
    def _page_event(self, kind: str, value: str) -> None:
        app = self.app
        if kind == "start":
            if self._hash_seen:
                return  # the address changed since the page's first report: that change is newer
            app.start(value)
            if value.strip().lstrip("#") and app.study is None:
                self.shell.clear_address()  # a link that did not open leaves the address bar
        elif kind == "hash":
            self._hash_seen = True
            if not app.open_link(value):
                if app.study is None:
                    self.shell.clear_address()
                else:
                    self.bridge.restore_address()  # the open study's own link goes back
        elif kind == "key" and app.study is not None and app.job in STUDY_JOBS:
            if value == "next":
                app.study.forward()
            elif value == "prev":
                app.study.back()

    def __panel__(self):
        return self.shell


def _names_of(study: Study) -> list[str]:
    renderer_names = getattr(study.state, "players", None)
    if isinstance(renderer_names, tuple) and all(isinstance(p, str) for p in renderer_names):
        return list(renderer_names)
    names = getattr(study.state, "names", None)
    if isinstance(names, tuple):
        return list(names)
    seats = study.setup.get("seats") or study.setup.get("players")
    return [str(s) for s in seats] if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else []


def build(catalog: Catalog | None = None) -> TutorView:
    """The tutor page over the shipped games and lessons. The first screen shows
    until the page reports its address (a shared link opens its study)."""
    lazy_attribute_errors()
    design_styles_only_when_asked()
    return TutorView(app=TutorApp(catalog or Catalog.load()))
