// Settle's fields (tutor/views/fields.mjs) when the person types faster than Python answers
// (issue 34: "a late echo from Python can overwrite what the person typed since"). Python
// answers each message in order (tutor/views/checker.py, FormView._field_event): a keystroke
// (`input`) with the text as typed, a commit (Enter, or leaving the box) with the canonical
// spelling, then `answered` (the message's number). Here the answers are held back while the
// person types on, and each one is delivered as Panel's page delivers it (a patch): after every
// answer a box shows what the person typed last, or the answer to it, never an older text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render } from '../../tutor/views/fields.mjs';
import { browserWindow } from './support.mjs';

const FIELDS = [
  { key: 'a', cls: 'a', label: 'Attacker banner', placeholder: '', kind: 'cards' },
  { key: 'b', cls: 'b', label: 'Defender banner', placeholder: '', kind: 'cards' },
];
const canonical = (text) => text.trim().split(/\s+/).filter(Boolean)
  .map((t) => t[0].toUpperCase() + t.slice(1)).join(' ');

/** The component on a page, and a Python that holds its answers until `answer()` is called. */
function slowPython() {
  const win = browserWindow();
  globalThis.document = win.document;
  const handlers = new Map();
  const inbox = [];
  const model = {
    fields: FIELDS, texts: { a: '', b: '' }, problems: {}, counts: {}, focus: '', options: [], answered: 0,
    on(names, callback) {
      for (const name of [].concat(names)) {
        if (!handlers.has(name)) { handlers.set(name, []); }
        handlers.get(name).push(callback);
      }
    },
    send_msg(msg) { inbox.push(msg); },
  };
  const patch = (changes) => {
    for (const [name, value] of Object.entries(changes)) {
      model[name] = value;
      for (const callback of handlers.get(name) || []) { callback(); }
    }
  };
  const view = render({ model });
  win.document.body.append(view);
  const box = (key) => view.querySelector('.field-' + key + ' input');
  /** Python handles the oldest message: the texts it leads to, then its number. */
  const answer = () => {
    const msg = inbox.shift();
    if (msg.kind === 'input' || msg.kind === 'commit') {
      const text = msg.kind === 'commit' ? canonical(msg.value) : msg.value;
      if (model.texts[msg.key] !== text) { patch({ texts: { ...model.texts, [msg.key]: text } }); }
    }
    if (Number.isInteger(msg.seq)) { patch({ answered: msg.seq }); }
  };
  const type = (key, text) => {
    const input = box(key);
    input.focus();
    for (let end = 1; end <= text.length; end += 1) {
      input.value = text.slice(0, end);
      input.dispatchEvent(new win.Event('input'));
    }
  };
  const enter = (key) => box(key).dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Enter' }));
  const leave = (key) => { box(key).dispatchEvent(new win.Event('change')); box(key).blur(); };
  return { model, inbox, patch, box, answer, type, enter, leave };
}

test('an answer to an earlier commit does not overwrite what was typed and committed since', () => {
  const py = slowPython();
  py.type('a', 'ks qh');
  py.enter('a');               // "Ks Qh" will come back: the person changes their mind first
  py.box('a').value = '';
  py.type('a', 'ks');
  py.enter('a');
  while (py.inbox.length) {
    py.answer();
    assert.ok(['ks', 'Ks'].includes(py.box('a').value), `after an answer the box shows "${py.box('a').value}"`);
  }
  assert.equal(py.box('a').value, 'Ks');   // the answer to the last commit: its canonical spelling
  assert.equal(py.model.texts.a, 'Ks');
});

test('an echo that comes after the person left the box does not overwrite it', () => {
  const py = slowPython();
  py.type('a', 'jd');
  py.leave('a');               // on to the next box before Python heard a single key
  py.type('b', 'qs');
  while (py.inbox.length) {
    py.answer();
    assert.ok(['jd', 'Jd'].includes(py.box('a').value), `after an answer the first box shows "${py.box('a').value}"`);
    assert.equal(py.box('b').value, 'qs');
  }
  assert.equal(py.box('a').value, 'Jd');
});

test('a change made in Python (a card tapped in, the example) shows in a box nobody is typing in', () => {
  const py = slowPython();
  py.type('a', 'jd');
  py.enter('a');
  while (py.inbox.length) { py.answer(); }
  py.box('a').blur();
  py.patch({ texts: { a: 'Jd 5c', b: '' } });   // a card tapped in: nothing of the box's own is on the way
  assert.equal(py.box('a').value, 'Jd 5c');
  py.type('b', 'q');
  py.patch({ texts: { a: '', b: '' } });        // "Clear the cards", pressed before Python heard the "q"
  assert.equal(py.box('a').value, '');
});
