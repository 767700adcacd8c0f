"""The lesson player: the narration with its rule, the question, the step bar
(Back / Next and "Step 7 of 20") and the step list."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.study import Study

from .base import StudyFollower
from .components import ItemList, QuizBox
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


class QuizPane(pn.viewable.Viewer):
    """The question asked at this position: pick or type an answer."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._box = QuizBox(css_classes=["quiz-box"], sizing_mode="stretch_width")
        self._box.on_answer(self._answer)
        self._model = None
        self._watch = None
        self._follow = StudyFollower(self.app, [], self._study_changed)

    def _study_changed(self, study: Study, _names: set[str]) -> None:
        if self._model is not None:
            self._model.param.unwatch(self._watch)
        self._model = study.quiz
        self._watch = study.quiz.param.watch(lambda *_: self._show(), ["quiz", "result"])
        self._show()

    def _show(self) -> None:
        model = self._model
        quiz = model.quiz
        if quiz is None:
            if self._box.shown:
                self._box.shown = False
            return
        result = model.result
        if result is None:
            labels = list(quiz.options)
            if not labels and quiz.kind == "legal-plays" and model.state is not None:
                labels = [str(a) for a in model.state.candidate_actions()]
            self._box.param.update(shown=True, question=quiz.question, options=labels, verdict="", correct=None)
        else:
            self._box.param.update(shown=True, verdict=result.reason, correct=result.correct)

    def _answer(self, text: str) -> None:
        if self._model is not None:
            self._model.answer(text or "")

    def __panel__(self):
        return self._box


def step_counter(study: Study) -> str:
    """Where the cursor is, in a few words, for the step bar: ``Step 7 of 20``."""
    lesson = study.lesson
    ply = study.tree.depth(study.current)
    if lesson is not None:
        if study.step is not None:
            return f"Step {study.step + 1} of {len(lesson.steps)}"
        if study.node.is_root:
            return f"Introduction · {len(lesson.steps)} steps"
        return f"Your line · move {ply}"
    if study.node.is_root:
        return "Start"
    return f"Move {ply}" + (" · over" if study.state.is_over else "")


class LessonPlayer:
    """The lesson player: the narration, the step bar (Back / Next, the counter)
    and the step list, for the study in progress. The shell shows them; the
    presses come back through :meth:`~.shell.Shell.on_act`."""

    def __init__(self, app: TutorApp, shell: Any):
        self.app = app
        self.shell = shell
        self.steps = ItemList(mode="list", label="Lesson steps", css_classes=["step-list"],
                              sizing_mode="stretch_width")
        self.steps.on_pick(self._jump)
        self.quiz = QuizPane(app=app)
        for act, go in (("start", lambda s: s.to_start()), ("prev", lambda s: s.back()),
                        ("next", lambda s: s.forward()), ("end", lambda s: s.to_end())):
            shell.on_act(act, lambda _value, go=go: self.app.study is not None and go(self.app.study))
        # "seat": the narration and the step list say only what the chosen seat may know
        self._follow = StudyFollower(app, ["current", "step", "tree", "seat"], self._update)

    def _jump(self, key: Any) -> None:
        study = self.app.study
        if study is not None and isinstance(key, int):
            study.jump(key)

    def _update(self, study: Study, names: set[str]) -> None:
        if names & {"study", "seat", "tree"}:
            self.steps.items = [{"key": item.index, "label": item.label} for item in study.step_items()]
        self.steps.selected = study.step_item
        self.shell.narration_html = narration_html(study)
        self.shell.set_ui(can_back=study.can_back, can_forward=study.can_forward, counter=step_counter(study),
                          has_steps=study.lesson is not None)
