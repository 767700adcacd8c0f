"""The mastery map under Practice (:mod:`tutor.model.learning`): for every rule book, how many
of its rules are known ("12 of 54 Palace house rules known"); each rule of the rule set being
practised with its strength and answers; the chapters done of every course begun; and the
progress saved as a file, or loaded from one (refused with the reason, nothing changed, when
it is broken or not ours). Shown in the Shell's ``mastery`` slot, given when first shown.

Markup read by the browser tests: ``.mastery-map`` with ``.mastery-matrix`` (one per rule
book), ``.mastery-rules`` (``tr`` per rule), ``.mastery-courses li``; ``.mastery-export``,
``.mastery-import``.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.learning import LearningFileError, clause_rows, course_lines, export_text, import_text, matrices
from tutor.model.study import Notice
from tutor.model.table_rules import preset_title

from .components import FileOpen
from .esm import PlainJSComponent, module_text
from .qr import QrBox
from .text import tag


class QuizMaker(PlainJSComponent):
    """A teacher's quiz for a table: rules picked, a shuffle number, a length (``quiz_maker.mjs``)."""

    rules = param.List(default=[], item_type=dict, doc="The rules to pick from: dicts with id and about.")

    _esm = module_text(Path(__file__).with_name("quiz_maker.mjs"))

    _stylesheets = [""":host { display: block; width: 100%; }
    .quiz-maker { display: grid; gap: 8px; color: #1d2430; }
    fieldset { border: 1px solid #c3c9d2; border-radius: 8px; margin: 0; padding: 6px 10px; max-height: 40vh;
               overflow-y: auto; }
    .quiz-rule { display: flex; gap: 8px; align-items: flex-start; min-height: 44px; padding: 2px 0; }
    .quiz-rule input { width: 22px; height: 22px; margin-top: 2px; flex: none; }
    .quiz-field { display: flex; flex-direction: column; font-size: 0.9rem; color: #3b4452; }
    .quiz-field input { min-height: 44px; max-width: 10em; font: inherit; padding: 0 8px; border: 1px solid #8d96a3;
                        border-radius: 8px; }
    .quiz-make { min-height: 44px; justify-self: start; padding: 0 14px; border-radius: 8px; border: 1px solid #1f5fbf;
                 background: #1f5fbf; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
    """]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[list[str], str, str], None]] = []

    def on_make(self, callback: Callable[[list[str], str, str], None]) -> None:
        self._callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if not isinstance(msg, dict):
            return
        clauses = msg.get("clauses")
        if not (isinstance(clauses, list) and all(isinstance(c, str) for c in clauses)):
            return
        for callback in self._callbacks:
            callback(clauses[:100], str(msg.get("seed", ""))[:20], str(msg.get("length", ""))[:5])


def _meter(known: int, total: int) -> str:
    return tag("meter", "", "", value=known, min=0, max=max(total, 1), aria_hidden="true")


def mastery_html(app: TutorApp) -> str:
    """The map (see the module docstring), from the page model alone."""
    practice = app.practice
    rows = ""
    for row in matrices(practice.mastery, app.catalog):
        rows += tag("li", "", "mastery-matrix", raw=tag("span", row.sentence(), "mastery-sentence")
                    + _meter(row.known, row.total), data_matrix=row.matrix)
    out = tag("h2", "What you know") + tag("ul", "", "mastery-matrices", raw=rows)
    ids = practice.clause_ids()
    if ids:
        body = "".join(tag("tr", "", "", raw=tag("td", r.about) + tag("td", r.words())
                           + tag("td", f"{r.right} right, {r.wrong} wrong" if r.right + r.wrong else "none"))
                       for r in clause_rows(practice.mastery, ids))
        head = tag("tr", "", "", raw=tag("th", "Rule", scope="col") + tag("th", "Strength", scope="col")
                   + tag("th", "Answers", scope="col"))
        table = tag("table", "", "mastery-rules", raw=tag("thead", "", "", raw=head) + tag("tbody", "", "", raw=body))
        title = f"Each rule of {app.game_title(practice.game)}, {preset_title(app.catalog, practice.game, practice.variant)}"
        out += tag("details", "", "mastery-detail", raw=tag("summary", title) + table)
    courses = ""
    for title, words in course_lines(app.catalog, app.course.progress):
        courses += tag("li", f"{title}: {words}")
    if courses:
        out += tag("h3", "Courses") + tag("ul", "", "mastery-courses", raw=courses)
    return tag("section", "", "mastery-map", raw=out, aria_label="What you know")


MAP_CSS = """
.mastery-map { font-size: 1rem; line-height: 1.4; color: #1d2430; }
.mastery-matrices { list-style: none; padding: 0; margin: 0 0 8px 0; display: grid; gap: 4px; }
.mastery-matrix { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; }
.mastery-matrix meter { width: 8em; }
.mastery-detail summary { min-height: 44px; line-height: 44px; cursor: pointer; color: #1f5fbf; }
.mastery-rules { border-collapse: collapse; width: 100%; }
.mastery-rules th, .mastery-rules td { text-align: left; vertical-align: top; padding: 4px 6px;
  border-bottom: 1px solid #e1e5ea; }
"""


class MasteryPane(pn.viewable.Viewer):
    """The map, and the progress file (save, load)."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._shown: tuple[Any, ...] = ()
        self._soon = False  # a map is to be made (the compiled app: see _show_soon)
        self._map = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["mastery-pane-map"],
                                 stylesheets=[MAP_CSS])
        self._export = pn.widgets.FileDownload(callback=self._export_file, filename="palace-tutor-progress.json",
                                               label="Save my progress as a file", css_classes=["mastery-export"],
                                               button_type="default", embed=False)
        self._import = FileOpen(label="Load a progress file", accept=".json,application/json,text/plain",
                                css_classes=["mastery-import"])
        self._import.on_file(self._imported)
        # a quiz for a table: the teacher's form, then the link (copy, QR code) everyone opens
        self._maker = QuizMaker(css_classes=["quiz-maker-box"], sizing_mode="stretch_width")
        self._maker.on_make(self._make_quiz)
        self._quiz_qr = QrBox(label="this quiz", show_link=True, offer_copy=False, css_classes=["quiz-link", "quiz-qr"],
                              sizing_mode="stretch_width")
        self._quiz_out = pn.Column(sizing_mode="stretch_width")  # the link and its code, once one is made
        self._layout = pn.Column(self._map, pn.Row(self._export, self._import, sizing_mode="stretch_width"),
                                 pn.pane.HTML(tag("h2", "A quiz for your table") + tag(
                                     "p", "Pick the rules, then send the link: everyone who opens it gets the "
                                          "same questions and sees their own score.", "quiz-maker-lead"),
                                              sizing_mode="stretch_width"),
                                 self._maker, self._quiz_out,
                                 sizing_mode="stretch_width", css_classes=["mastery-pane"])
        self._show()

    @param.depends("app.change", watch=True)
    def _changed(self) -> None:
        if self.app.change.touches("practice", "course"):
            self._show_soon()

    def _shown_from(self) -> tuple[Any, ...]:
        """What the map and the quiz form are made from (a new drill alone changes none of it)."""
        practice = self.app.practice
        return (practice.mastery, practice.game, practice.variant, practice.quiz_link, self.app.course.progress)

    def _show_soon(self) -> None:
        """Show the map once the verdict or the drill that changed it is on its way to the page.

        Why: making the map (the strength of every rule of every book) is most of an answer's
        Python time, about 20 ms in CPython and several times that in Pyodide, and the learner
        is looking at the verdict above it. In the compiled app the change is sent once the
        Python that made it returns (:func:`tutor.views.compat.batch_changes`, a ``call_soon``),
        so the map is made two turns of the event loop later: after that send. Elsewhere
        (``panel serve``, tests) it is made at once."""
        if self._shown == self._shown_from():
            return
        if not pn.state._is_pyodide:
            self._show()
            return
        if self._soon:
            return
        self._soon = True
        loop = asyncio.get_event_loop()

        def show() -> None:
            self._soon = False
            self._show()

        loop.call_soon(loop.call_soon, show)

    def _show(self) -> None:
        self._shown = self._shown_from()
        html = mastery_html(self.app)
        if self._map.object != html:
            self._map.object = html
        practice = self.app.practice
        rules = [{"id": r.id, "about": r.about} for r in clause_rows(practice.mastery, practice.clause_ids())]
        if self._maker.rules != rules:
            self._maker.rules = rules
        link = practice.quiz_link
        if self._quiz_qr.fragment != link:
            self._quiz_qr.fragment = link
        if bool(link) != bool(self._quiz_out.objects):
            self._quiz_out.objects = [self._quiz_qr] if link else []

    def _make_quiz(self, clauses: list[str], seed: str, length: str) -> None:
        if self.app.practice.make_quiz(clauses, seed, length):
            self.app.notice = Notice("info", "The quiz link is ready: copy it or show its QR code.")
        else:
            self.app.notice = Notice("error", self.app.practice.problem)

    def _export_file(self) -> io.StringIO:
        return io.StringIO(export_text(self.app.course, self.app.practice))

    def _imported(self, name: str, text: str | None) -> None:
        if text is None:
            self.app.notice = Notice("error", f"{name[:80]} is too large to be a progress file. Nothing was changed.")
            return
        try:
            said = import_text(text, self.app.course, self.app.practice)
        except LearningFileError as err:
            self.app.notice = Notice("error", f"{name[:80]} cannot be loaded: {err}. Nothing was changed.")
            return
        self.app.notice = Notice("info", said)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
