"""The checker's input boxes as one browser component: per field a button that
picks it for tapped cards, the text box, and the field's own problem line
right under it (tied to the box with ``aria-describedby`` and
``aria-invalid``, all in one shadow root so the ids resolve). Tapped cards go
to the field picked by its button, or to the card box last gone into (with the
keyboard, or a tap to type in it).

Typing is reported on every keystroke (``input``), and again when the learner
is done with the field (``commit``: Enter, or leaving it), each message numbered
(``seq``); once its callbacks have run (the texts they changed are sent first)
the number is sent back as ``answered``. The model's text is written into a box
only when every message the box sent has been answered, and then when it is not
being typed in or right after its commit (the canonical spelling): a late echo
of an older keystroke, or the answer to an earlier commit, never overwrites
newer typing, even after the learner has moved on to another box
(tests/js/fields_echo.test.mjs). All text is set with ``textContent``/``value``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import param

from .esm import PlainJSComponent, module_text


class FieldsBox(PlainJSComponent):
    """``fields``: dicts with ``key``, ``cls`` (css-safe key), ``label``, ``placeholder`` and
    ``kind`` (``cards``, ``name``, or ``text``: a number or word the form reads); ``texts``,
    ``problems``, ``counts`` (e.g. ``(2/3)``): key -> text; ``focus``: the key tapped cards go to.

    A change of ``fields`` rebuilds the boxes, so it is kept for a change of the form's
    shape (a player added); what changes as the learner types (texts, problems, card
    counts) updates the boxes in place: a rebuild took the box being typed in away
    and the next keystrokes went nowhere."""

    fields = param.List(default=[], item_type=dict, doc="The fields, in order.")
    texts = param.Dict(default={}, doc="Field key -> its text.")
    counts = param.Dict(default={}, doc="Field key -> its card count, e.g. ``(2/3)``.")
    problems = param.Dict(default={}, doc="Field key -> what is wrong with it.")
    focus = param.String(default="", doc="The field tapped cards go to.")
    options = param.List(default=[], item_type=dict, doc="Check boxes: dicts with ``key``, ``label`` and ``value`` (bool).")
    answered = param.Integer(default=0, doc="The number (``seq``) of the last message handled.")

    _esm = module_text(Path(__file__).with_name("fields.mjs"))

    _stylesheets = ["""
    :host { display: block; width: 100%; }
    .fields { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 1rem; color: #1d2430; }
    .fields > .field-row, .group { flex: 1 1 300px; min-width: 0; }
    .group { display: flex; flex-direction: column; gap: 6px; }
    .group.singles { flex: 1 1 100%; flex-direction: row; flex-wrap: wrap; gap: 6px 16px; }
    .group.singles > .field-row { flex: 1 1 300px; min-width: 0; }
    .field-row { display: grid; grid-template-columns: 1fr; gap: 2px; padding: 4px 6px; border-radius: 8px;
                 border: 1px solid transparent; align-content: start; }
    .field-row.focused { border-color: #1f5fbf; background: #f3f7fe; }
    .field-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
    .field-label { font-weight: 600; color: #1d2430; }
    .field-input { font: inherit; font-size: 1rem; min-height: 44px; padding: 0 10px; border: 1px solid #8a929e;
                   border-radius: 6px; width: 100%; box-sizing: border-box; color: #1d2430; background: white; }
    .field-input:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .field-row.bad .field-input { border: 2px solid #a3262d; background: #fffafa; }
    .field-problem { color: #8a1f25; font-size: 0.92rem; }
    .field-problem:empty { display: none; }
    .focus-btn { font: inherit; font-size: 0.9rem; min-height: 44px; min-width: 44px; padding: 0 12px;
                 border-radius: 6px; border: 1px solid #8a929e; background: white; color: #1d2430; cursor: pointer; }
    .focus-btn[aria-pressed="true"] { background: #1f5fbf; border-color: #1f5fbf; color: white; }
    .focus-btn:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .options { display: flex; flex-direction: column; gap: 2px; margin-top: 6px; font-size: 1rem; }
    .option { display: flex; align-items: center; gap: 8px; min-height: 44px; cursor: pointer; color: #1d2430; }
    .option input { width: 22px; height: 22px; margin: 0; }
    """]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str, str], None]] = []

    def on_event(self, callback: Callable[[str, str, Any], None]) -> None:
        """``callback(kind, key, value)``: kind is ``input``, ``commit`` or ``focus`` (value: the
        text), or ``option`` (value: a bool)."""
        self._callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if not isinstance(msg, dict) or msg.get("kind") not in ("input", "commit", "focus", "option"):
            return
        key, value = msg.get("key"), msg.get("value", "")
        wanted = bool if msg["kind"] == "option" else str
        if not isinstance(key, str) or not isinstance(value, wanted):
            return
        for callback in self._callbacks:
            callback(msg["kind"], key, value)
        seq = msg.get("seq")
        if type(seq) is int and seq > self.answered:
            self.answered = seq  # after the texts the callbacks changed: the box reads them as current
