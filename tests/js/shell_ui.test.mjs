// The page's UI state on the frame's markup (tutor/views/shell_ui.mjs), shared by the live page
// (shell.mjs) and the pre-rendered first screen (palace_tutor/site/prerender.mjs), on the real
// frame the Python views build (tutor/views/frame.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyUi, choose, fillPart, setOptions, showTab } from '../../tutor/views/shell_ui.mjs';
import { browserWindow, fixture, parsed } from './support.mjs';

const { document } = browserWindow();
const { frame, lessons, games } = fixture('frame');
const page = () => parsed(document, frame).firstElementChild;
const disabled = (app, act) => [...app.querySelectorAll(`[data-act="${act}"]`)].map((b) => b.disabled);
const current = (app) => [...app.querySelectorAll('.job, .brand')].filter((b) => b.getAttribute('aria-current') === 'page')
  .map((b) => b.dataset.value);
const tabOn = (app) => [...app.querySelectorAll('.tab[aria-current="true"]')].map((t) => t.dataset.tab);
const panelOn = (app) => [...app.querySelectorAll('.tab-panel.on')].map((p) => p.dataset.tabPanel);

const LESSON = {job: 'learn', has_steps: true, lesson: lessons[3], can_back: false, can_forward: true,
                counter: 'Step 1 of 20', seats: [['-1', "Everyone's"], ['0', 'Ann'], ['1', 'Bo']], seat: 1};

test('the frame is the one the page shows: four jobs, step buttons, the selects', () => {
  const app = page();
  assert.equal(app.className, 'pt-app');
  assert.equal(app.dataset.job, 'home');
  assert.deepEqual([...app.querySelectorAll('.job, .brand')].map((b) => b.dataset.value).sort(),
                   ['home', 'learn', 'play', 'settle']);
  for (const act of ['start', 'prev', 'next', 'end']) { assert.ok(disabled(app, act).length >= 1, act); }
  assert.equal(app.querySelector('.lesson-select select').options.length, lessons.length);
  assert.deepEqual([...app.querySelector('.play-game select').options].map((o) => o.value), games);
});

test('a lesson step: its job, its controls, its lesson, its counter, the seats to watch as', () => {
  const app = page();
  const changed = applyUi(app, LESSON, {});
  assert.deepEqual(changed, {job: true, tab: true, handover: false});
  assert.equal(app.dataset.job, 'learn');
  assert.deepEqual(current(app), ['learn']);
  assert.equal(app.dataset.steps, 'yes');
  assert.deepEqual(tabOn(app), ['steps']);
  assert.deepEqual(panelOn(app), ['steps']);
  assert.ok(disabled(app, 'start').every(Boolean) && disabled(app, 'prev').every(Boolean));
  assert.ok(!disabled(app, 'next').some(Boolean) && !disabled(app, 'end').some(Boolean));
  assert.equal(app.querySelector('.where-text').textContent, 'Step 1 of 20');
  assert.equal(app.querySelector('.lesson-select select').value, lessons[3]);
  const seat = app.querySelector('.seat-select select');
  assert.deepEqual([...seat.options].map((o) => [o.value, o.textContent]), LESSON.seats);
  assert.equal(seat.value, '1');
  assert.equal(app.querySelector('.seat-select').hidden, false);
});

test('the choices are in the markup too, as a page painted before any script shows them', () => {
  const app = page();
  applyUi(app, LESSON, {});
  const html = app.outerHTML;
  assert.ok(html.includes(`<option value="${lessons[3]}" selected="">`));
  assert.ok(html.includes('<option value="1" selected="">Bo</option>'));
  assert.match(html, /data-act="prev"[^>]* disabled="">/);
  assert.doesNotMatch(html, /data-act="next"[^>]* disabled/);
  assert.equal((html.match(/ selected=""/g) || []).length, 2);
});

test('the next step changes what changed, and says the job did not', () => {
  const app = page();
  applyUi(app, LESSON, {});
  const next = {...LESSON, can_back: true, counter: 'Step 2 of 20'};
  assert.deepEqual(applyUi(app, next, LESSON), {job: false, tab: false, handover: false});
  assert.ok(!disabled(app, 'prev').some(Boolean));
  assert.equal(app.querySelector('.where-text').textContent, 'Step 2 of 20');
  const end = {...next, can_forward: false, counter: 'Step 20 of 20'};
  applyUi(app, end, next);
  assert.ok(disabled(app, 'next').every(Boolean) && disabled(app, 'end').every(Boolean));
});

test('a study with no steps shows the lines; one seat hides the seat choice; home takes no job button', () => {
  const app = page();
  applyUi(app, LESSON, {});
  const play = {job: 'play', has_steps: false, play_game: games[1], seats: [['-1', "Everyone's"]], seat: null,
                presets: [['a', 'Rules A'], ['b', 'Rules B']], preset: 'b', players: 'Ann, Bo'};
  assert.deepEqual(applyUi(app, play, LESSON), {job: true, tab: true, handover: false});
  assert.deepEqual(current(app), ['play']);
  assert.equal(app.dataset.steps, 'no');
  assert.deepEqual(tabOn(app), ['lines']);
  assert.equal(app.querySelector('.seat-select').hidden, true);
  assert.equal(app.querySelector('.seat-select select').value, '-1');
  assert.equal(app.querySelector('.play-game select').value, games[1]);
  const variant = app.querySelector('.free-variant select');
  assert.deepEqual([...variant.options].map((o) => o.value), ['a', 'b']);
  assert.equal(variant.value, 'b');
  assert.equal(app.querySelector('[name="players"]').value, 'Ann, Bo');
  applyUi(app, {job: 'home'}, play);
  assert.equal(app.dataset.job, 'home');
  assert.deepEqual(current(app), ['home']);
});

test('parts: the title as text, the others as markup; a part the frame lacks is skipped', () => {
  const app = page();
  const title = fillPart(app, 'title', '<b>Ann & Bo</b>');
  assert.equal(title.textContent, '<b>Ann & Bo</b>');
  assert.equal(title.children.length, 0);
  const narration = fillPart(app, 'narration', '<h2 class="heading">Step 1</h2><p class="text">Go.</p>');
  assert.equal(narration.querySelector('.heading').textContent, 'Step 1');
  assert.equal(fillPart(app, 'no-such-part', 'x'), null);
});

test('a tab shown by name; a choice and options replaced', () => {
  const app = page();
  showTab(app, 'share');
  assert.deepEqual(tabOn(app), ['share']);
  assert.deepEqual(panelOn(app), ['share']);
  const select = app.querySelector('.seat-select select');
  setOptions(select, [['x', 'X'], ['y', 'Y & Z']]);
  choose(select, 'y');
  assert.equal(select.value, 'y');
  assert.deepEqual([...select.options].map((o) => o.hasAttribute('selected')), [false, true]);
  choose(select, 'x');
  assert.deepEqual([...select.options].map((o) => o.hasAttribute('selected')), [true, false]);
  assert.equal(select.options[1].textContent, 'Y & Z');
});

test("pass-and-play's hand-over covers the page: the rest inert and hidden from assistive technology", () => {
  const app = page();
  const play = {job: 'play', has_steps: false, lesson: '', can_back: false, can_forward: false, counter: '',
                seats: [['-1', "Everyone's (teaching)"]], seat: 0};
  applyUi(app, play, {});
  const screen = app.querySelector(':scope > .handover');
  const main = app.querySelector(':scope > main');
  assert.ok(screen.hidden && !main.inert && !main.hasAttribute('aria-hidden'));
  assert.deepEqual(applyUi(app, {...play, handover: 'Dave'}, play).handover, true);   // just shown: focus it
  assert.equal(screen.hidden, false);
  assert.equal(screen.querySelector('h2').textContent, 'Pass the device to Dave');
  assert.equal(screen.querySelector('button').textContent, 'I am Dave: show my cards');
  for (const part of app.querySelectorAll(':scope > header, :scope > main')) {
    assert.ok(part.inert && part.getAttribute('aria-hidden') === 'true', part.tagName);
  }
  assert.equal(applyUi(app, {...play, handover: 'Dave'}, {...play, handover: 'Dave'}).handover, false);
  applyUi(app, play, {...play, handover: 'Dave'});
  assert.ok(screen.hidden && !main.inert && !main.hasAttribute('aria-hidden'));
});
