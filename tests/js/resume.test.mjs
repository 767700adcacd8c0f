// The first screen's Continue (issue 35, point 4; tutor/views/resume.mjs) on the real frame:
// what is kept on the device, and that anything else found there is no Continue.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTINUE_KEY, readContinue, showContinue, writeContinue } from '../../tutor/views/resume.mjs';
import { browserWindow, fixture, parsed } from './support.mjs';

const { document } = browserWindow();
const { frame } = fixture('frame');

class Storage {
  constructor(full = false) { this.items = new Map(); this.full = full; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { if (this.full) { throw new Error('QuotaExceededError'); } this.items.set(key, String(value)); }
}

test('the last study is kept and offered on the first screen with its words', () => {
  const storage = new Storage();
  const app = parsed(document, frame).firstElementChild;
  const card = app.querySelector('.continue-card');
  assert.equal(card.hidden, true);
  showContinue(app, readContinue(storage));
  assert.equal(card.hidden, true);
  writeContinue(storage, 'pt1.abc', 'Four jacks: step 3 of 14');
  showContinue(app, readContinue(storage));
  assert.equal(card.hidden, false);
  assert.equal(card.querySelector('.continue-what').textContent, 'Four jacks: step 3 of 14');
  assert.equal(card.querySelector('button[data-act="continue"]').dataset.value, 'pt1.abc');
});

test('damaged, huge, nested or wrongly shaped text in storage is no Continue; a full storage is no error', () => {
  for (const text of ['{', '[]', 'null', '{"link": 3, "label": ""}', '{"link": "", "label": "x"}',
                      '['.repeat(100000), `{"link": "${'a'.repeat(300000)}", "label": ""}`]) {
    const storage = new Storage();
    storage.items.set(CONTINUE_KEY, text);
    assert.equal(readContinue(storage), null, text.slice(0, 30));
  }
  const full = new Storage(true);
  writeContinue(full, 'pt1.abc', 'x');
  assert.equal(readContinue(full), null);
  assert.equal(readContinue({getItem() { throw new Error('SecurityError'); }}), null);
});

test("a course's chapter is not offered twice: the Learn card's Continue the course opens it", () => {
  const storage = new Storage();
  const app = parsed(document, frame).firstElementChild;
  const card = app.querySelector('.continue-card');
  writeContinue(storage, 'pt1.chapter', 'The deal: step 3 of 9', 'pp-limit-course');
  assert.equal(readContinue(storage).course, 'pp-limit-course');
  showContinue(app, readContinue(storage));
  assert.equal(card.hidden, true);
  writeContinue(storage, 'pt1.game', 'Your game of Palace (house rules)', '');   // a game: offered
  showContinue(app, readContinue(storage));
  assert.equal(card.hidden, false);
  assert.equal(card.querySelector('.continue-what').textContent, 'Your game of Palace (house rules)');
  storage.items.set(CONTINUE_KEY, '{"link": "pt1.old", "label": "Four jacks: step 3 of 14"}');   // kept before
  showContinue(app, readContinue(storage));
  assert.equal(card.hidden, false);
});
