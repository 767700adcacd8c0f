"""The lesson player: the narration with its rule, the question, the step bar
(Back / Next and "Step 7 of 20") and the step list."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.study import Study

from .components import ItemList
from .quiz import QuizPane
from .text import esc, tag

BUTTON_CSS = """
:host { min-width: 44px; }
.bk-btn { min-height: 44px; font-size: 1rem; }
.bk-btn-danger { background-color: #a3242b; border-color: #8c1f25; color: #fff; }
.bk-btn-primary { background-color: #1f5fbf; border-color: #1a52a6; color: #fff; }
"""
"""Stock Panel buttons at tap size, in colours readable on them (4.5:1)."""



def narration_html(study: Study) -> str:
    """The narration pane's content, every text escaped."""
    told = study.narration()
    parts = [tag("h2", told.heading, "heading"), tag("p", told.text, "text")]
    if told.more:  # on one's own line: what followed the move, one sentence a line
        parts.append(tag("ul", "", "more", raw="".join(tag("li", line) for line in told.more)))
    if told.rule is not None:
        rule = told.rule  # the section by its name and the rules it is in (not the source's file name)
        where = rule.section + (f" ({rule.clause})" if rule.clause else "")
        parts.append(tag("div", "Rule: ", "rule", raw=tag("cite", where) + esc(" — " + rule.source_title)))
        parts.append(tag("details", "", "source", raw=tag("summary", "Show the source section")
                         + tag("p", told.summary, "summary")))
    if told.ruling is not None:
        parts.append(tag("div", str(told.ruling), "ruling"))
    if told.events and study.step is not None:
        items = "".join(tag("li", e.text) for e in told.events)
        parts.append(tag("details", "", "happened", raw=tag("summary", f"What happened ({len(told.events)})")
                         + tag("ul", "", "events", raw=items)))
    note = study.node.note
    if note:
        parts.append(tag("div", "Your note: " + note, "note"))
    return tag("div", "", "narration", raw="".join(parts))


def step_counter(study: Study) -> str:
    """Where the cursor is, in a few words, for the step bar: ``Step 7 of 20``."""
    lesson = study.lesson
    ply = study.tree.depth(study.current)
    if lesson is not None:
        if study.step is not None:
            return f"Step {study.step + 1} of {len(lesson.steps)}"
        if study.node.is_root:
            return f"Start · {len(lesson.steps)} steps"
        return f"Your line · move {ply}"
    if study.node.is_root:
        return "Start"
    return f"Move {ply}" + (" · over" if study.state.is_over else "")


class LessonPlayer(pn.viewable.Viewer):
    """The lesson's step list and its question, for the study in progress (the page
    shows the narration and the step bar, :class:`~.app.TutorView`)."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.steps = ItemList(mode="list", label="Lesson steps", css_classes=["step-list"],
                              sizing_mode="stretch_width")
        self.steps.on_pick(self._jump)
        self.quiz = QuizPane(app=self.app)
        # "seat": the step list says only what the chosen seat may know; quiz_open: the step
        # being asked is hidden in the step list until it is answered
        self._hiding = False
        self._update(frozenset({"study"}))

    def _jump(self, key: Any) -> None:
        study = self.app.study
        if study is not None and isinstance(key, int):
            study.jump(key)

    @param.depends("app.change", watch=True)
    def _changed(self) -> None:
        names = self.app.change.names
        self._update(names)
        if not names.isdisjoint({"study", "quiz_changes", "scores"}):
            self.quiz.show()

    def _update(self, names: frozenset[str]) -> None:
        study = self.app.study
        if study is None or names.isdisjoint({"study", "current", "step", "tree", "seat", "quiz_open"}):
            return
        # a question open here, or open before this move: the hidden steps change
        hiding = study.quiz_open or self._hiding
        self._hiding = study.quiz_open
        if not names.isdisjoint({"study", "seat", "tree", "quiz_open"}) or hiding:
            self.steps.show([{"key": item.index, "label": item.label} for item in study.step_items()],
                            study.step_item)
        else:
            self.steps.selected = study.step_item

    def __panel__(self):
        return self.steps
