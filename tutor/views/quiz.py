"""The question asked at this position: a self-contained quiz box.

:class:`QuizBox` is one browser component (a question appearing on Next is
one small update, no relayout of the page's columns); :class:`QuizPane`
renders the open study's :class:`tutor.model.quiz.QuizModel` into it. Texts
are set with ``textContent``.

What a person meets: the question; where its answers are the mover's moves, her cards to tap
(``.quiz-table``, :mod:`.tap_table`, as Practice draws them: a tap answers as the option's button
does); the answers in words (for "which moves are
allowed", every move the engine considers here, to pick several and then
Check; otherwise one tap, or a box to type in); after a wrong answer what can
be said without giving the answer away and another try; "Show the answer and
why" at any time; after the answer, "Ask me again"; the lesson's score.

Markup read by the browser tests: ``.quiz-box`` (the pane), inside it
``.quiz-question``, ``.quiz-table .practice-card`` (``data-value`` the option's key),
``.quiz-option`` (``data-key``; ``aria-pressed`` when
several are picked together), ``.quiz-typed``, ``.quiz-check``,
``.quiz-submit``, ``.quiz-verdict`` (``.right`` / ``.wrong``), ``.quiz-why li``,
``.quiz-show``, ``.quiz-again``, ``.quiz-score``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.quiz import SHOWN
from practice.drill import Said

from .esm import PlainJSComponent, module_text
from .tap_table import TABLE_CSS, table_html


class QuizBox(PlainJSComponent):
    """The quiz box in the browser (see the module docstring)."""

    shown = param.Boolean(default=False, doc="Whether a question is asked here.")
    question = param.String(default="", doc="The question (plain text).")
    options = param.List(default=[], item_type=dict, doc="Answers to pick: dicts with key and label (plain text).")
    multiple = param.Boolean(default=False, doc="Several answers are picked, then checked.")
    picked = param.List(default=[], item_type=str, doc="Keys picked so far.")
    verdict = param.String(default="", doc="Right or wrong, in words (plain text).")
    correct = param.Boolean(default=None, allow_None=True, doc="Whether the last answer was right.")
    why = param.List(default=[], item_type=str, doc="Why each wrong pick is not allowed (plain texts).")
    done = param.Boolean(default=False, doc="Answered right or answer shown: the question is closed.")
    score = param.String(default="", doc="The lesson's score so far.")
    table = param.String(default="", doc="The mover's cards to tap (tap_table's HTML, made from our own "
                                         "escaped markup), '' when the answer is given in words only.")
    table_hint = param.String(default="", doc="What to do on the table (plain text), '' without one.")

    _esm = module_text(Path(__file__).with_name("quiz_box.mjs"))

    _stylesheets = ["""
    :host { display: block; width: 100%; }
    .quiz { background: #f4f0ff; border: 1px solid #d9cff5; border-radius: 8px; padding: 8px 10px; margin: 6px 0;
            color: #1d2430; font-size: 1rem; line-height: 1.4; }
    .quiz-question { font-size: 1.05rem; font-weight: 700; margin: 0 0 4px 0; }
    .quiz-hint { margin: 0 0 6px 0; color: #3b4452; font-size: 0.92rem; }
    .quiz-hint:empty { display: none; }
    .quiz-options, .quiz-buttons { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 6px; }
    .quiz-btn { font: inherit; min-height: 44px; min-width: 44px; padding: 4px 12px; border-radius: 6px;
                border: 1px solid #8a929e; background: white; color: #1d2430; cursor: pointer; text-align: left; }
    .quiz-btn.primary { background: #1f5fbf; border-color: #1f5fbf; color: white; }
    .quiz-btn:focus-visible, .quiz-typed:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .quiz-option[aria-pressed="true"] { background: #1f5fbf; border-color: #1f5fbf; color: white; }
    .quiz-option[aria-pressed="true"]::before { content: "\\2713  "; }
    .quiz-btn:disabled { cursor: default; opacity: 0.75; }
    .quiz-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 6px; }
    .quiz-typed-label { font-weight: 600; }
    .quiz-typed { flex: 1 1 8em; min-height: 44px; padding: 0 8px; border: 1px solid #8a929e; border-radius: 6px;
                  font: inherit; }
    .quiz-verdict { margin-top: 2px; }
    .quiz-verdict.right { color: #1e5b30; }
    .quiz-verdict.wrong { color: #8a1f25; }
    .quiz-why { margin: 4px 0 0 1.2em; padding: 0; color: #5b2226; }
    .quiz-why:empty { display: none; }
    .quiz-score { margin-top: 6px; font-size: 0.9rem; color: #3b4452; }
    .quiz-table:empty { display: none; }
    """ + TABLE_CSS]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str], None]] = []

    def on_event(self, callback: Callable[[str, str], None]) -> None:
        """``callback(kind, value)``: tap (a card's key on the table), toggle (an option's key), answer
        (text), check, show, again."""
        self._callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if not isinstance(msg, dict) or msg.get("kind") not in ("tap", "toggle", "answer", "check", "show", "again"):
            return
        value = msg.get("key", msg.get("value", ""))
        if not isinstance(value, str):
            return
        for callback in self._callbacks:
            callback(msg["kind"], value)


class QuizPane(pn.viewable.Viewer):
    """The open study's question in a :class:`QuizBox` (the lesson player shows it when it
    changes: :meth:`show`)."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._box = QuizBox(css_classes=["quiz-box"], sizing_mode="stretch_width")
        self._box.on_event(self._event)
        self.show()

    def show(self) -> None:
        study = self.app.study
        quiz = study.quiz.quiz if study is not None else None
        if quiz is None:
            if self._box.shown:
                self._box.shown = False
            return
        model = study.quiz
        result = model.result
        self._box.param.update(
            shown=True, question=quiz.question, multiple=model.multiple,
            options=[{"key": o.key, "label": o.label} for o in model.options], picked=list(model.picked),
            verdict=result.reason if result is not None else "",
            # the answer shown on request is neither right nor wrong: a neutral colour
            correct=None if result is None or model.outcome == SHOWN else result.correct,
            why=list(result.why) if result is not None else [], done=bool(model.outcome),
            score=study.score().words() if study is not None else "", **self._table(model))

    @staticmethod
    def _table(model: Any) -> dict[str, str]:
        """The question's table (``QuizModel.table``: the mover's cards, each the option that plays
        it); once the question is closed each card is marked by the course's own check
        (``QuizModel.right_keys``)."""
        table = model.table()
        if table is None:
            return {"table": "", "table_hint": ""}
        said = None
        if model.outcome:
            right = model.right_keys()
            said = {key: Said(key in right, "") for key in table.keys()}
        html = table_html(table, labels={o.key: o.label for o in model.options}, picked=model.picked,
                          several=model.multiple, said=said, act="quiz-tap")
        hint = "" if model.outcome else f"{table.ask}."
        return {"table": html, "table_hint": hint}

    def _event(self, kind: str, value: str) -> None:
        if self.app.study is None:
            return
        model = self.app.study.quiz
        if kind == "tap":
            model.tap(value)
        elif kind == "toggle":
            model.toggle(value)
        elif kind == "answer":
            model.answer(value)
        elif kind == "check":
            model.answer()
        elif kind == "show":
            model.show_answer()
        elif kind == "again":
            model.again()

    def __panel__(self):
        return self._box
