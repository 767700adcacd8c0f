"""The lesson player: narration with its rule, the question, Next/Previous,
and the step list."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.study import Study

from .base import StudyFollower
from .components import ItemList
from .quiz import QuizPane
from .text import esc, tag

BUTTON_CSS = """
:host { min-width: 44px; }
.bk-btn { min-height: 44px; font-size: 1rem; }
"""

NARRATION_CSS = """
.narration { font-size: 1.05rem; line-height: 1.45; }
.narration .heading { font-weight: 700; color: #1f5fbf; margin-bottom: 4px; }
.narration .rule { margin-top: 8px; color: #3b4452; }
.narration .rule cite { font-style: normal; font-weight: 600; }
.narration details { margin-top: 6px; }
.narration summary { cursor: pointer; min-height: 32px; line-height: 32px; color: #1f5fbf; }
.narration .ruling { margin-top: 6px; padding: 6px 8px; background: #fff7e0; border-radius: 6px; }
.narration .note { margin-top: 6px; padding: 6px 8px; background: #eef4ff; border-radius: 6px;
                   white-space: pre-wrap; }
.narration .events { margin: 4px 0 0 1.2em; padding: 0; }
.narration .more { margin: 2px 0 0 1.2em; padding: 0; }
.narration .more li { margin: 2px 0; }
"""


def narration_html(study: Study) -> str:
    """The narration pane's content, every text escaped."""
    told = study.narration()
    parts = [tag("div", told.heading, "heading"), tag("p", told.text, "text")]
    if told.more:  # on one's own line: what followed the move, one sentence a line
        parts.append(tag("ul", "", "more", raw="".join(tag("li", line) for line in told.more)))
    if told.rule is not None:
        parts.append(tag("div", "Rule: ", "rule", raw=tag("cite", str(told.rule)) + esc(" — " + told.rule.source_title)))
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


class LessonPane(pn.viewable.Viewer):
    """Narration, question, the step buttons and the step list."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._narration = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["narration-pane"],
                                       stylesheets=[NARRATION_CSS])
        self._start = self._button("« Start", "Go to the start", "nav-start", lambda s: s.to_start())
        self._prev = self._button("◀ Previous", "Previous step (← key)", "nav-prev", lambda s: s.back())
        self._next = self._button("Next ▶", "Next step (→ key)", "nav-next", lambda s: s.forward(),
                                  button_type="primary")
        self._end = self._button("End »", "Go to the end of this line", "nav-end", lambda s: s.to_end())
        self._steps = ItemList(mode="list", label="Lesson steps", css_classes=["step-list"],
                               sizing_mode="stretch_width")
        self._steps.on_pick(self._jump)
        self._steps_title = pn.pane.HTML("<b>Steps</b>", margin=(10, 5, 0, 5))
        self._quiz = QuizPane(app=self.app)
        self._layout = pn.Column(
            self._narration, self._quiz,
            pn.FlexBox(self._start, self._prev, self._next, self._end, gap="6px"),
            self._steps_title, self._steps, sizing_mode="stretch_width", css_classes=["lesson-pane"])
        # "seat": the narration and the step list say only what the chosen seat may know
        # quiz_open: the step being asked is hidden in the step list until it is answered
        self._hiding = False
        self._follow = StudyFollower(self.app, ["current", "step", "tree", "seat", "quiz_open"], self._update)

    def _button(self, label: str, tip: str, cls: str, go, button_type: str = "default") -> pn.widgets.Button:
        button = pn.widgets.Button(name=label, description=tip, css_classes=[cls], button_type=button_type,
                                   stylesheets=[BUTTON_CSS])
        button.on_click(lambda _e: self.app.study is not None and go(self.app.study))
        return button

    def _jump(self, key: Any) -> None:
        study = self.app.study
        if study is not None and isinstance(key, int):
            study.jump(key)

    def _update(self, study: Study, names: set[str]) -> None:
        # a question open here, or open before this move: the hidden steps change
        hiding = study.quiz_open or self._hiding
        self._hiding = study.quiz_open
        if names & {"study", "seat", "quiz_open"} or hiding:
            items = [{"key": item.index, "label": item.label} for item in study.step_items()]
            self._steps.items = items
            self._steps.visible = self._steps_title.visible = bool(items)
        self._narration.object = narration_html(study)
        self._steps.selected = study.step_item
        self._prev.disabled = self._start.disabled = not study.can_back
        self._next.disabled = self._end.disabled = not study.can_forward

    def __panel__(self):
        return self._layout
