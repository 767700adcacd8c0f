"""The page: pickers, messages, the table, the lesson player, the tree,
sharing and free play, laid out for a phone first (one column that becomes
two on a wide screen)."""

from __future__ import annotations

import json
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.study import Notice, Study

from .base import StudyFollower
from .checker import CheckerView
from .compare import ComparePane
from .library import SavedStudiesPane
from .components import PageBridge
from .lesson import BUTTON_CSS, LessonPane
from .renderer import TableRenderer, renderer_for
from .share import SharePane
from .text import tag
from .tree import TreePane

GAME_TITLES = {"palace-poker": "Palace Poker", "palace": "Palace", "kings-pot": "King's Pot"}

PAGE_CSS = """
body { font-size: 16px; color: #1d2430; }
.bk-input, .bk-btn, select { min-height: 44px; font-size: 1rem; }
"""

NOTICE_CSS = """
.notice { padding: 8px 12px; border-radius: 6px; margin: 4px 0; white-space: pre-wrap; }
.notice.error, .notice.refused { background: #fdecec; color: #7d1d22; border: 1px solid #e9b1b4; }
.notice.info { background: #eaf6ee; color: #1e5b30; border: 1px solid #b6dcc1; }
.notice .ref { display: block; margin-top: 4px; font-size: 0.9em; }
"""


def notice_html(notice: Notice | None) -> str:
    if notice is None:
        return ""
    raw = ""
    if notice.ref is not None:
        raw += tag("span", f"Rule: {notice.ref}", "ref")
    if notice.ruling is not None:
        raw += tag("span", str(notice.ruling), "ref")
    return tag("div", notice.text, f"notice {notice.kind}", raw=raw, role="alert")


class NoticePane(pn.viewable.Viewer):
    """The latest message: the app's (links, files, lessons) or the study's
    (a refused action, notation that does not parse, a tree edit)."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pane = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["notice-area"],
                                  stylesheets=[NOTICE_CSS])
        self.app.param.watch(lambda e: self._show(e.new), ["notice"])
        self._follow = StudyFollower(self.app, ["notice"], self._study_notice)

    def _study_notice(self, study: Study, names: set[str]) -> None:
        if "study" in names:
            self._show(self.app.notice)
        else:
            self._show(study.notice)

    def _show(self, notice: Notice | None) -> None:
        self._pane.object = notice_html(notice)

    def __panel__(self):
        return self._pane


class TableArea(pn.viewable.Viewer):
    """Whose view, the game's table (its registered renderer), and a box to
    type an action in the engine's notation."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._renderers: dict[str, TableRenderer] = {}
        self._seat = pn.widgets.Select(name="Show", options={"All cards (teaching)": -1},
                                       css_classes=["seat-select"], width=220)
        self._seat.param.watch(self._seat_chosen, ["value"])
        self._holder = pn.Column(sizing_mode="stretch_width", css_classes=["table-holder"])
        self._typed = pn.widgets.TextInput(placeholder="or type an action in notation", css_classes=["typed-action"],
                                           sizing_mode="stretch_width", min_width=140)
        self._play = pn.widgets.Button(name="Play", css_classes=["typed-play"], stylesheets=[BUTTON_CSS])
        self._play.on_click(self._play_typed)
        self._layout = pn.Column(self._seat, self._holder, pn.Row(self._typed, self._play, sizing_mode="stretch_width"),
                                 sizing_mode="stretch_width", css_classes=["table-area"])
        self._follow = StudyFollower(self.app, ["seat"], self._update)

    def _update(self, study: Study, names: set[str]) -> None:
        if "study" in names:
            renderer = self._renderers.get(study.game)
            if renderer is None:
                renderer = self._renderers[study.game] = renderer_for(study.game)(study=study)
            else:
                renderer.study = study
            if list(self._holder.objects) != [renderer]:
                self._holder.objects = [renderer]
            names_ = renderer.seat_names()
            options = {"All cards (teaching)": -1}
            options.update({f"{name}'s view": i for i, name in enumerate(names_)})
            self._seat.options = options
            self._seat.visible = bool(names_)
        self._seat.value = -1 if study.seat is None else study.seat

    def _seat_chosen(self, event: Any) -> None:
        study = self.app.study
        if study is not None:
            seat = None if event.new in (None, -1) else event.new
            if study.seat != seat:
                study.seat = seat

    def _play_typed(self, _event: Any) -> None:
        study = self.app.study
        text = self._typed.value_input or self._typed.value
        if study is not None and text.strip():
            if study.play_text(text) is not None and study.notice is None:
                self._typed.value = ""

    def __panel__(self):
        return self._layout


class FreePlayPane(pn.viewable.Viewer):
    """Set up a position of one's own: a preset, the players' names, a shuffle
    seed, or the engine's whole setup as JSON. The engine validates it."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._variant = pn.widgets.Select(name="Rules", options=[], css_classes=["free-variant"], width=200)
        self._players = pn.widgets.TextInput(name="Players (comma separated)", value="Ann, Ben, Cleo, Dev",
                                             css_classes=["free-players"], sizing_mode="stretch_width",
                                             max_length=400)
        self._seed = pn.widgets.IntInput(name="Shuffle number", value=1, start=0, css_classes=["free-seed"],
                                         width=140)
        self._json = pn.widgets.TextAreaInput(name="Or the whole setup as JSON (advanced)", placeholder='{"seed": 7}',
                                              css_classes=["free-json"], sizing_mode="stretch_width", height=80)
        self._go = pn.widgets.Button(name="Start free play", button_type="primary", css_classes=["free-start"],
                                     stylesheets=[BUTTON_CSS])
        self._go.on_click(self._start)
        self._layout = pn.Card(
            pn.pane.HTML("Deal your own game and explore it: every action goes through the rules.",
                         margin=(0, 5)),
            pn.FlexBox(self._variant, self._seed, gap="8px"), self._players, self._json, self._go,
            title="Free play: set up your own table", collapsed=True, sizing_mode="stretch_width",
            css_classes=["free-play"])
        # BokehJS does not render the contents of a collapsed card, and a
        # change sent to a widget that was never rendered throws in the page:
        # the form is filled in when it is opened (and kept current while open)
        self._layout.param.watch(lambda _e: self._refresh(), ["collapsed"])
        self.app.param.watch(lambda _e: self._refresh(), ["game"])

    def _refresh(self) -> None:
        if self._layout.collapsed:
            return
        try:
            presets = list(self.app.catalog.family(self.app.game).presets)
        except ValueError:
            presets = []
        self._variant.options = presets
        if presets and self._variant.value not in presets:
            self._variant.value = presets[0]

    def _start(self, _event: Any) -> None:
        text = (self._json.value_input or self._json.value or "").strip()
        if text:
            try:
                setup = json.loads(text)
            except ValueError as err:
                self.app.notice = Notice("error", f"The setup is not valid JSON ({err}). Nothing was changed.")
                return
            if not isinstance(setup, dict):
                self.app.notice = Notice("error", "The setup must be a JSON object like {\"seed\": 7}. "
                                                  "Nothing was changed.")
                return
            self.app.open_setup(self._variant.value, setup)
            return
        names = [n.strip() for n in (self._players.value_input or self._players.value).split(",") if n.strip()]
        self.app.open_free_play(self._variant.value, names, int(self._seed.value or 0))

    def __panel__(self):
        return self._layout


class TutorView(pn.viewable.Viewer):
    """The whole page."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        app = self.app
        self.bridge = PageBridge()
        self.bridge.on_page(self._page_event)
        games = {GAME_TITLES.get(g, g): g for g in app.param.game.objects}
        self._game = pn.widgets.Select(name="Game", options=games, value=app.game, css_classes=["game-select"],
                                       width=200)
        self._lesson = pn.widgets.Select(name="Lesson", options=app.lesson_options(),
                                         value=app.lesson_id, css_classes=["lesson-select"], min_width=220,
                                         sizing_mode="stretch_width")
        self._syncing = False  # True while the pickers are set from the model
        self._hash_seen = False  # True once the page has reported an address change
        self._game.param.watch(lambda e: self._picked("game", e.new), ["value"])
        self._lesson.param.watch(lambda e: self._picked("lesson_id", e.new), ["value"])
        app.param.watch(self._pickers, ["game", "lesson_id", "study"])
        self._title = pn.pane.HTML("", css_classes=["study-heading"], sizing_mode="stretch_width")
        self._follow = StudyFollower(app, ["title"], self._heading)
        self.table = TableArea(app=app)
        self.lesson = LessonPane(app=app)
        self.tree = TreePane(app=app)
        self.share = SharePane(app=app)
        self.saved = SavedStudiesPane(app=app)  # studies kept on this device (tutor.views.library)
        self.checker = CheckerView()  # settle a disputed hand (tutor.views.checker)
        self.compare = ComparePane(app=app)  # a Palace position under every rule set (tutor.views.compare)
        self._layout = pn.Column(
            pn.pane.HTML("<h1 style='margin:4px 0;font-size:1.5rem'>Palace Tutor</h1>", margin=(0, 5)),
            pn.FlexBox(self._game, self._lesson, gap="8px", sizing_mode="stretch_width"),
            self._title,
            NoticePane(app=app),
            pn.FlexBox(
                pn.Column(self.table, self.compare, sizing_mode="stretch_width", min_width=300,
                          styles={"flex": "1 1 420px"}),
                pn.Column(self.lesson, sizing_mode="stretch_width", min_width=300,
                          styles={"flex": "1 1 360px"}),
                gap="12px", sizing_mode="stretch_width"),
            self.tree, self.share, self.saved, FreePlayPane(app=app), self.checker, self.bridge,
            sizing_mode="stretch_width", styles={"max-width": "1200px", "margin": "0 auto"},
            stylesheets=[PAGE_CSS], css_classes=["tutor"])

    def _picked(self, name: str, value: Any) -> None:
        """The learner chose a game or a lesson."""
        if not self._syncing and getattr(self.app, name) != value:
            setattr(self.app, name, value)

    def _pickers(self, *_events: Any) -> None:
        """Show the model's game, lesson list and lesson in the pickers."""
        app = self.app
        self._syncing = True
        try:
            options = app.lesson_options()
            if self._lesson.options != options:
                self._lesson.options = options
            if self._game.value != app.game:
                self._game.value = app.game
            if self._lesson.value != app.lesson_id:
                self._lesson.value = app.lesson_id
        finally:
            self._syncing = False

    def _heading(self, study: Study, _names: set[str]) -> None:
        lesson = study.lesson
        words = lesson.title if lesson is not None else f"Free play ({study.variant})"
        if study.title:
            words = f"{study.title} — {words}"
        self._title.object = tag("div", words, "heading", style="font-size:1.15rem;font-weight:600")

    def _page_event(self, kind: str, value: str) -> None:
        app = self.app
        if kind == "start":
            if self._hash_seen:
                return  # the address changed since the page's first report: that change is newer
            app.start(value)
        elif kind == "hash":
            self._hash_seen = True
            if not app.open_link(value):
                self.share.restore_address()
        elif kind == "key" and app.study is not None:
            if value == "next":
                app.study.forward()
            elif value == "prev":
                app.study.back()

    def __panel__(self):
        return self._layout


def build(catalog: Catalog | None = None) -> TutorView:
    """The tutor page over the shipped games and lessons. The study opens when
    the page reports its address (a shared link, or the first lesson)."""
    return TutorView(app=TutorApp(catalog or Catalog.load()))
