"""The checker's input boxes as one browser component: per field a button that
picks it for tapped cards, the text box, and the field's own problem line
right under it (tied to the box with ``aria-describedby`` and
``aria-invalid``, all in one shadow root so the ids resolve). Tapped cards go
to the field picked by its button, or to the card box last gone into (with the
keyboard, or a tap to type in it).

Typing is reported on every keystroke (``input``), and again when the learner
is done with the field (``commit``: Enter, or leaving it). The model's text
is written back into a box only when it is not being typed in, or right after
its commit (the canonical spelling): a late echo of an older keystroke never
overwrites newer typing, nor the committed text while its answer is on the way. All text is set with ``textContent``/``value``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import param

from .esm import PlainJSComponent


class FieldsBox(PlainJSComponent):
    """``fields``: dicts with ``key``, ``cls`` (css-safe key), ``label``, ``placeholder`` and
    ``kind`` (``cards`` or ``name``); ``texts``, ``problems``, ``counts`` (e.g. ``(2/3)``):
    key -> text; ``focus``: the key tapped cards go to.

    A change of ``fields`` rebuilds the boxes, so it is kept for a change of the form's
    shape (a player added); what changes as the learner types (texts, problems, card
    counts) updates the boxes in place: a rebuild took the box being typed in away
    and the next keystrokes went nowhere."""

    fields = param.List(default=[], doc="The fields, in order.")
    texts = param.Dict(default={}, doc="Field key -> its text.")
    counts = param.Dict(default={}, doc="Field key -> its card count, e.g. ``(2/3)``.")
    problems = param.Dict(default={}, doc="Field key -> what is wrong with it.")
    focus = param.String(default="", doc="The field tapped cards go to.")
    options = param.List(default=[], doc="Check boxes: dicts with ``key``, ``label`` and ``value`` (bool).")

    _esm = """
    export function render({ model }) {
      const box = document.createElement('div');
      box.className = 'fields';
      const rows = new Map();
      const committed = new Map();
      // per field, what the keystrokes since its last commit sent: the model echoes each, and
      // an echo may arrive after the commit (a busy worker); only the commit's answer, the
      // canonical spelling, is written over the committed text
      const typed = new Map();
      const root = () => box.getRootNode();
      const typing = (input) => root().activeElement === input;
      function build() {
        // a rebuild keeps the box being typed in, its text and caret (the learner types on)
        const active = root().activeElement;
        const kept = [...rows].find(([, r]) => r.input === active);
        const caret = kept ? [kept[0], active.value, active.selectionStart, active.selectionEnd] : null;
        box.replaceChildren();
        rows.clear();
        let group = null;
        let holder = box;
        for (const f of model.fields) {
          if (f.group && f.group !== group) {
            holder = document.createElement('div');
            holder.className = 'group';
            box.appendChild(holder);
          } else if (!f.group) {
            holder = box;
          }
          group = f.group || null;
          const row = document.createElement('div');
          row.className = 'field-row field-' + f.cls;
          const pick = document.createElement('button');
          pick.type = 'button';
          pick.className = 'focus-btn focus-' + f.cls;
          const input = document.createElement('input');
          input.type = 'text';
          input.id = 'fld-' + f.cls;
          input.className = 'field-input';
          input.autocomplete = 'off';
          input.spellcheck = false;
          input.setAttribute('autocapitalize', 'off');
          input.placeholder = f.placeholder || '';
          input.maxLength = f.kind === 'name' ? 60 : 200;
          const label = document.createElement('label');
          label.className = 'field-label';
          label.htmlFor = input.id;
          label.textContent = f.label;
          const problem = document.createElement('div');
          problem.className = 'field-problem problem-' + f.cls;
          problem.id = 'prb-' + f.cls;
          problem.setAttribute('aria-live', 'polite');
          input.setAttribute('aria-describedby', problem.id);
          const head = document.createElement('div');
          head.className = 'field-head';
          head.append(label);
          if (f.kind === 'name') {
            pick.style.display = 'none';
          } else {
            pick.addEventListener('click', () => model.send_msg({kind: 'focus', key: f.key}));
            // the keyboard's way to the same choice (a tap into the box too): picked cards go to it
            input.addEventListener('focus', () => {
              if (model.focus !== f.key) { model.send_msg({kind: 'focus', key: f.key}); }
            });
            head.append(pick);
          }
          input.addEventListener('input', () => {
            committed.delete(f.key);  // typing on: what the model sends back for the commit is older
            if (!typed.has(f.key)) { typed.set(f.key, new Set()); }
            typed.get(f.key).add(input.value);
            model.send_msg({kind: 'input', key: f.key, value: input.value});
          });
          const commit = () => {
            committed.set(f.key, input.value);
            model.send_msg({kind: 'commit', key: f.key, value: input.value});
          };
          input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); commit(); } });
          input.addEventListener('change', commit);
          row.append(head, input, problem);
          rows.set(f.key, {row, pick, input, problem, field: f});
          holder.appendChild(row);
        }
        fill(true);
        mark();
        const again = caret && rows.get(caret[0]);
        if (again) {
          again.input.value = caret[1];
          again.input.focus();
          again.input.setSelectionRange(caret[2], caret[3]);
        }
      }
      const opts = document.createElement('div');
      opts.className = 'options';
      function buildOptions() {
        opts.replaceChildren();
        for (const o of model.options) {
          const label = document.createElement('label');
          label.className = 'option option-' + o.key.replace(/_/g, '-');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.checked = !!o.value;
          box.addEventListener('change', () => model.send_msg({kind: 'option', key: o.key, value: box.checked}));
          const text = document.createElement('span');
          text.textContent = o.label;
          label.append(box, text);
          opts.appendChild(label);
        }
      }
      function fill(all) {
        for (const [key, r] of rows) {
          const text = model.texts[key] ?? '';
          // an echo of the text as typed may come before the commit's canonical text: the
          // mark stays until that is written (or the learner types on)
          if (r.input.value === text) { continue; }
          const echo = committed.has(key) && typed.has(key) && typed.get(key).has(text);
          if (all || !typing(r.input) || (committed.get(key) === r.input.value && !echo)) {
            r.input.value = text;
            committed.delete(key);
            typed.delete(key);
          }
        }
      }
      function mark() {
        for (const [key, r] of rows) {
          const problem = model.problems[key] || '';
          r.problem.textContent = problem;
          r.row.classList.toggle('bad', !!problem);
          if (problem) { r.input.setAttribute('aria-invalid', 'true'); } else { r.input.removeAttribute('aria-invalid'); }
          const on = key === model.focus;
          r.row.classList.toggle('focused', on);
          r.pick.setAttribute('aria-pressed', on ? 'true' : 'false');
          const count = model.counts[key] ? ' ' + model.counts[key] : '';
          r.pick.textContent = on ? 'Cards go here' + count : 'Tap cards in' + count;
          r.pick.setAttribute('aria-label', (on ? 'Tapped cards go into ' : 'Put tapped cards into ') + r.field.label);
        }
      }
      model.on('fields', build);
      model.on('texts', () => fill(false));
      model.on(['problems', 'focus', 'counts'], mark);
      model.on('options', buildOptions);
      build();
      buildOptions();
      const wrap = document.createElement('div');
      wrap.append(box, opts);
      return wrap;
    }
    """

    _stylesheets = ["""
    :host { display: block; width: 100%; }
    .fields { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 1rem; color: #1d2430; }
    .fields > .field-row, .group { flex: 1 1 300px; min-width: 0; }
    .group { display: flex; flex-direction: column; gap: 6px; }
    .field-row { display: grid; grid-template-columns: 1fr; gap: 2px; padding: 4px 6px; border-radius: 8px;
                 border: 1px solid transparent; }
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
