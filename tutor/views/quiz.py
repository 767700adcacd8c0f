"""The question asked at this position: a self-contained quiz box.

:class:`QuizBox` is one browser component (a question appearing on Next is
one small update, no relayout of the page's columns); :class:`QuizPane`
renders the open study's :class:`tutor.model.quiz.QuizModel` into it. Texts
are set with ``textContent``.

What a person meets: the question; the answers in words (for "which moves are
allowed", every move the engine considers here, to pick several and then
Check; otherwise one tap, or a box to type in); after a wrong answer what can
be said without giving the answer away and another try; "Show the answer and
why" at any time; after the answer, "Ask me again"; the lesson's score.

Markup read by the browser tests: ``.quiz-box`` (the pane), inside it
``.quiz-question``, ``.quiz-option`` (``data-key``; ``aria-pressed`` when
several are picked together), ``.quiz-typed``, ``.quiz-check``,
``.quiz-submit``, ``.quiz-verdict`` (``.right`` / ``.wrong``), ``.quiz-why li``,
``.quiz-show``, ``.quiz-again``, ``.quiz-score``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.quiz import SHOWN
from tutor.model.study import Study

from .base import StudyFollower
from .esm import PlainJSComponent


class QuizBox(PlainJSComponent):
    """The quiz box in the browser (see the module docstring)."""

    shown = param.Boolean(default=False, doc="Whether a question is asked here.")
    question = param.String(default="", doc="The question (plain text).")
    options = param.List(default=[], doc="Answers to pick: dicts with key and label (plain text).")
    multiple = param.Boolean(default=False, doc="Several answers are picked, then checked.")
    picked = param.List(default=[], doc="Keys picked so far.")
    verdict = param.String(default="", doc="Right or wrong, in words (plain text).")
    correct = param.Boolean(default=None, allow_None=True, doc="Whether the last answer was right.")
    why = param.List(default=[], doc="Why each wrong pick is not allowed (plain texts).")
    done = param.Boolean(default=False, doc="Answered right or answer shown: the question is closed.")
    score = param.String(default="", doc="The lesson's score so far.")

    _esm = """
    export function render({ model }) {
      const box = document.createElement('section');
      box.className = 'quiz';
      box.setAttribute('aria-labelledby', 'quiz-q');
      // h2, as the narration's heading: the question comes first in the step bar
      const question = document.createElement('h2');
      question.className = 'quiz-question';
      question.id = 'quiz-q';
      const hint = document.createElement('p');
      hint.className = 'quiz-hint';
      const options = document.createElement('div');
      options.className = 'quiz-options';
      options.setAttribute('role', 'group');
      options.setAttribute('aria-labelledby', 'quiz-q');
      const row = document.createElement('div');
      row.className = 'quiz-row';
      const typed = document.createElement('input');
      typed.type = 'text';
      typed.id = 'quiz-typed';
      typed.className = 'quiz-typed';
      typed.autocomplete = 'off';
      const typedLabel = document.createElement('label');
      typedLabel.htmlFor = 'quiz-typed';
      typedLabel.className = 'quiz-typed-label';
      typedLabel.textContent = 'Your answer';
      const mk = (cls, text) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'quiz-btn ' + cls;
        b.textContent = text;
        return b;
      };
      const submit = mk('quiz-submit primary', 'Answer');
      const check = mk('quiz-check primary', 'Check my picks');
      const show = mk('quiz-show', 'Show the answer and why');
      const again = mk('quiz-again', 'Ask me again');
      row.append(typedLabel, typed, submit);
      const buttons = document.createElement('div');
      buttons.className = 'quiz-buttons';
      buttons.append(check, show, again);
      const verdict = document.createElement('div');
      verdict.className = 'quiz-verdict';
      verdict.setAttribute('role', 'status');
      const why = document.createElement('ul');
      why.className = 'quiz-why';
      const score = document.createElement('div');
      score.className = 'quiz-score';
      box.append(question, hint, options, row, buttons, verdict, why, score);
      const send = (msg) => model.send_msg(msg);
      submit.addEventListener('click', () => send({kind: 'answer', value: typed.value}));
      typed.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') { e.preventDefault(); send({kind: 'answer', value: typed.value}); }
      });
      check.addEventListener('click', () => send({kind: 'check'}));
      show.addEventListener('click', () => send({kind: 'show'}));
      again.addEventListener('click', () => send({kind: 'again'}));
      const buttonsByKey = new Map();
      function draw() {
        box.style.display = model.shown ? '' : 'none';
        question.textContent = model.question;
        hint.textContent = model.multiple ? 'Pick every move that is allowed, then check.' :
          (model.options.length ? 'Pick one answer.' : '');
        buttonsByKey.clear();
        options.replaceChildren(...model.options.map((o) => {
          const b = mk('quiz-option', o.label);
          b.dataset.key = o.key;
          b.addEventListener('click', () => send(model.multiple ? {kind: 'toggle', key: o.key}
                                                                : {kind: 'answer', value: o.key}));
          buttonsByKey.set(o.key, b);
          return b;
        }));
        options.style.display = model.options.length ? '' : 'none';
        row.style.display = model.options.length ? 'none' : '';
        mark();
      }
      function mark() {
        for (const [key, b] of buttonsByKey) {
          const on = model.picked.includes(key);
          if (model.multiple) { b.setAttribute('aria-pressed', on ? 'true' : 'false'); }
          b.disabled = model.done;
        }
        check.style.display = model.multiple && !model.done ? '' : 'none';
        submit.disabled = typed.disabled = model.done;
        show.style.display = model.done ? 'none' : '';
        again.style.display = model.done ? '' : 'none';
      }
      function judge(initial) {
        verdict.textContent = model.verdict;
        verdict.className = 'quiz-verdict' + (model.correct === true ? ' right' : model.correct === false ? ' wrong' : '');
        why.replaceChildren(...model.why.map((t) => { const li = document.createElement('li'); li.textContent = t; return li; }));
        score.textContent = model.score;
        mark();
        // the verdict may sit below the fold of the step bar's scroll area: bring it in view
        if (initial !== true && model.verdict && verdict.isConnected) {
          requestAnimationFrame(() => verdict.scrollIntoView({block: 'nearest'}));
        }
      }
      model.on(['shown', 'options', 'multiple'], draw);
      model.on('question', () => { typed.value = ''; draw(); });
      model.on(['picked', 'done'], mark);
      model.on(['verdict', 'correct', 'why', 'score'], () => judge(false));
      draw();
      judge(true);
      return box;
    }
    """

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
    """]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str], None]] = []

    def on_event(self, callback: Callable[[str, str], None]) -> None:
        """``callback(kind, value)``: toggle (an option's key), answer (text), check, show, again."""
        self._callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if not isinstance(msg, dict) or msg.get("kind") not in ("toggle", "answer", "check", "show", "again"):
            return
        value = msg.get("key", msg.get("value", ""))
        if not isinstance(value, str):
            return
        for callback in self._callbacks:
            callback(msg["kind"], value)


class QuizPane(pn.viewable.Viewer):
    """The open study's question in a :class:`QuizBox`."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._box = QuizBox(css_classes=["quiz-box"], sizing_mode="stretch_width")
        self._box.on_event(self._event)
        self._model = None
        self._watch = None
        self._follow = StudyFollower(self.app, ["scores"], self._study_changed)

    def _study_changed(self, study: Study, names: set[str]) -> None:
        if "study" in names:
            if self._model is not None:
                self._model.param.unwatch(self._watch)
            self._model = study.quiz
            self._watch = study.quiz.param.watch(lambda *_: self._show(),
                                                 ["quiz", "options", "picked", "result", "outcome"])
        self._show()

    def _show(self) -> None:
        model = self._model
        quiz = model.quiz
        if quiz is None:
            if self._box.shown:
                self._box.shown = False
            return
        result = model.result
        study = self.app.study
        self._box.param.update(
            shown=True, question=quiz.question, multiple=model.multiple,
            options=[{"key": o.key, "label": o.label} for o in model.options], picked=list(model.picked),
            verdict=result.reason if result is not None else "",
            # the answer shown on request is neither right nor wrong: a neutral colour
            correct=None if result is None or model.outcome == SHOWN else result.correct,
            why=list(result.why) if result is not None else [], done=bool(model.outcome),
            score=study.score().words() if study is not None else "")

    def _event(self, kind: str, value: str) -> None:
        model = self._model
        if model is None:
            return
        if kind == "toggle":
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
