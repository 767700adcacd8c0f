// Play's players strip (tutor/views/play_strip.mjs) on the markup the Python view draws
// (tests/js/fixtures.py strip): the players' pop-over keeps the seats a person chose but has
// not started yet when the strip is drawn again meanwhile (choosing the computer's pace
// redraws it). Found in Chromium: pass-and-play chosen, then the pace, dealt the second
// person to the computer (tests/browser/test_play.py walks it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render } from '../../tutor/views/play_strip.mjs';
import { browserWindow, fixture } from './support.mjs';

const window = browserWindow();
globalThis.document = window.document;
const { before, after, levels } = fixture('strip');

function mounted() {
  const handlers = {};
  const model = {
    html: before, sent: [],
    on(name, fn) { (handlers[name] = handlers[name] || []).push(fn); },
    send_msg(msg) { this.sent.push(msg); },
  };
  const root = render({ model });
  window.document.body.replaceChildren(root);
  const redraw = (html) => { model.html = html; for (const fn of handlers.html || []) { fn(); } };
  const seat = (n) => root.querySelector(`select.seat-level[data-seat="${n}"]`);
  const press = (act) => root.querySelector(`button[data-act="${act}"]`).click();
  return { model, root, redraw, seat, press };
}

const pick = (select, value) => {
  select.value = value;
  select.dispatchEvent(new window.Event('change', { bubbles: true }));
};

test('the seats chosen in the open pop-over survive the redraw that choosing the pace causes', () => {
  const { model, root, redraw, seat, press } = mounted();
  assert.deepEqual(levels, ['person', 'standard', 'standard']);   // the model's seats: Ann, the computer twice
  root.querySelector('.players-setup').open = true;
  pick(seat(1), 'person');
  pick(seat(2), 'strong');
  assert.equal(model.sent.length, 0);                            // a seat's choice waits for the start button
  pick(root.querySelector('select.pace'), 'slow');
  assert.deepEqual(model.sent, [{ act: 'pace', value: 'slow', levels: ['person', 'person', 'strong'] }]);
  redraw(after);                                                 // Python draws the strip again, pace slow
  assert.equal(root.querySelector('select.pace').value, 'slow');
  assert.ok(root.querySelector('.players-setup').open);
  assert.deepEqual([0, 1, 2].map((n) => seat(n).value), ['person', 'person', 'strong']);
  press('start');
  assert.deepEqual(model.sent.at(-1), { act: 'start', value: '', levels: ['person', 'person', 'strong'] });
  assert.ok(!root.querySelector('.players-setup').open);        // the start closes the pop-over
});

test('a closed pop-over opens on the seats as they are played: nothing kept from an earlier pick', () => {
  const { root, redraw, seat } = mounted();
  root.querySelector('.players-setup').open = true;
  pick(seat(1), 'beginner');
  root.querySelector('button[data-act="close-setup"]').click();
  redraw(after);
  assert.deepEqual([0, 1, 2].map((n) => seat(n).value), levels);
});

test("the game's moves, opened in the review, stay open on the move gone to", () => {
  const review = fixture('review');
  const { model, root, redraw } = mounted();
  redraw(review.end);
  const list = () => root.querySelector('details.review-moves');
  assert.equal(list().querySelectorAll('button[data-act="review-goto"]').length, review.moves);
  list().open = true;
  list().querySelector('button[data-act="review-goto"][data-value="3"]').click();
  assert.deepEqual(model.sent.at(-1), { act: 'review-goto', value: '3', levels: ['person', 'beginner'] });
  redraw(review.back);                                           // Python draws the position after move 4
  assert.ok(list().open);                                        // the list the person was using stays open
  assert.equal(list().querySelector('button[aria-current]').dataset.value, '3');
});

test('a press Python answers slowly says at once that it is working, until the redraw', () => {
  const { model, root, redraw } = mounted();
  // the review's button as tutor/views/review.py draws it (tests/tutor/test_review.py checks it)
  redraw('<div class="strip-root"><button type="button" class="review-learn" data-act="review-learn" '
    + 'data-busy="Judging your decisions…">Learn from your mistakes</button></div>');
  const button = root.querySelector('button[data-act="review-learn"]');
  button.click();
  assert.equal(model.sent.at(-1).act, 'review-learn');
  assert.equal(button.textContent, 'Judging your decisions…');
  assert.ok(button.disabled && button.getAttribute('aria-busy') === 'true');
  button.click();  // a second press while it works sends nothing more
  assert.equal(model.sent.filter((m) => m.act === 'review-learn').length, 1);
  redraw('<div class="strip-root"><p class="no-mistakes">No costly mistakes.</p></div>');
  assert.equal(root.querySelector('button[data-act="review-learn"]'), null);
});
