// Present mode (issue 35, point 1; tutor/views/present.mjs) on the real frame the Python views
// build: which keys step in and out of it, and what the switch does to the frame and <html>.
// What a person sees (the table large, the drawer gone, the steps on the keys) is walked in
// Chromium in tests/browser/test_gamenight_present.py.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPresenting, setPresenting, stepFor } from '../../tutor/views/present.mjs';
import { browserWindow, fixture, parsed } from './support.mjs';

const { document } = browserWindow();
const { frame } = fixture('frame');

test('outside present mode only the arrows step: Page Up / Down scroll and space presses a button', () => {
  assert.equal(stepFor('ArrowRight', false), 'next');
  assert.equal(stepFor('ArrowLeft', false), 'prev');
  for (const key of ['PageDown', 'PageUp', ' ', 'Enter', 'Escape', 'constructor', 'toString']) {
    assert.equal(stepFor(key, false), null, key);
  }
});

test("presenting, a clicker's keys step: Page Down, space and the right arrow forward, Page Up and the left arrow back", () => {
  for (const key of ['PageDown', ' ', 'ArrowRight']) { assert.equal(stepFor(key, true), 'next', key); }
  for (const key of ['PageUp', 'ArrowLeft']) { assert.equal(stepFor(key, true), 'prev', key); }
  for (const key of ['Enter', 'Escape', 'a', '__proto__']) { assert.equal(stepFor(key, true), null, key); }
});

test('the frame has one switch into present mode and one out, and the switch marks the frame and <html>', () => {
  const app = parsed(document, frame).firstElementChild;
  const on = [...app.querySelectorAll('[data-present="on"]')];
  const off = [...app.querySelectorAll('[data-present="off"]')];
  assert.equal(on.length, 1);
  assert.equal(off.length, 1);
  assert.equal(on[0].getAttribute('aria-label'), 'Present on a big screen');
  assert.equal(off[0].getAttribute('aria-label'), 'Leave present mode');
  assert.ok(on[0].closest('.study-top') && off[0].closest('.bar .controls'));
  assert.equal(isPresenting(document), false);
  setPresenting(app, document, true);
  assert.ok(app.classList.contains('presenting') && isPresenting(document));
  assert.equal(on[0].getAttribute('aria-pressed'), 'true');
  setPresenting(app, document, false);
  assert.ok(!app.classList.contains('presenting') && !isPresenting(document));
  assert.equal(on[0].getAttribute('aria-pressed'), 'false');
});
