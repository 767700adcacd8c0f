// The page's small UI state put on the frame's markup (tutor/views/frame.py).
//
// One implementation for both places that need it: the live page (shell.mjs, the Shell
// component) calls it at each change of its `ui`, and the pre-rendered first screen
// (palace_tutor/site/prerender.mjs, under Node at build time) calls it once on the same
// markup, so the first paint is the page the app then shows. Everything here works on the
// markup alone: no model, no timers, no layout; what the live page does besides (the
// drawer, scrolling, asking Python for children) stays in shell.mjs.
//
// A choice in a <select> is also written as its option's `selected` attribute: a page that
// is serialized (the pre-render) keeps it, and the live page shows the same.

/** Fill the `[data-part=name]` element: the title as text, the other parts as HTML (built
 * escaped by Python, tutor/views/text.py). Returns the element, or null where there is none. */
export function fillPart(app, name, value) {
  const el = app.querySelector('[data-part="' + name + '"]');
  if (!el) { return null; }
  if (name === 'title') { el.textContent = value; } else { el.innerHTML = value; }
  return el;
}

/** Show the drawer's tab `name` (its button marked current, its panel on). */
export function showTab(app, name) {
  for (const t of app.querySelectorAll('.tab')) { t.setAttribute('aria-current', String(t.dataset.tab === name)); }
  for (const p of app.querySelectorAll('.tab-panel')) { p.classList.toggle('on', p.dataset.tabPanel === name); }
}

/** The option of `value` chosen in `select`. */
export function choose(select, value) {
  for (const o of select.options) {
    const on = o.value === value;
    if (o.hasAttribute('selected') !== on) { o.toggleAttribute('selected', on); }
  }
  if (select.value !== value) { select.value = value; }
}

/** Replace the options of `select` by `options` ([[value, label], ...]). */
export function setOptions(select, options) {
  const doc = select.ownerDocument;
  select.replaceChildren(...options.map(([value, label]) => {
    const o = doc.createElement('option');
    o.value = value;
    o.textContent = label;
    return o;
  }));
}

/** Pass-and-play's hand-over to `name` ('' for none): the screen shown, the page beneath inert
 * (no focus, no clicks) and hidden from assistive technology. Returns whether it was just shown. */
export function handOver(app, name) {
  const screen = app.querySelector('.handover');
  if (!screen) { return false; }
  const shown = !screen.hidden;
  if (name) {
    screen.querySelector('h2').textContent = 'Pass the device to ' + name;
    screen.querySelector('.handover-text').textContent =
      'The cards stay hidden until ' + name + ' has it.';
    screen.querySelector('button').textContent = 'I am ' + name + ': show my cards';
  }
  screen.hidden = !name;
  for (const part of app.querySelectorAll(':scope > header, :scope > main')) {
    part.inert = Boolean(name);
    if (name) { part.setAttribute('aria-hidden', 'true'); } else { part.removeAttribute('aria-hidden'); }
  }
  return Boolean(name) && !shown;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Put the UI state `ui` (Shell.ui, JSON-decoded) on the page `app`; `last` is the state put
 * before ({} the first time). Returns what the live page reacts to besides: `job` (the job
 * changed) and `tab` (the tab shown changed). */
export function applyUi(app, ui, last) {
  const one = (s) => app.querySelector(s);
  const changed = {job: ui.job !== last.job, tab: ui.has_steps !== last.has_steps};
  if (changed.job) {
    app.dataset.job = ui.job || 'home';
    for (const b of app.querySelectorAll('.job, .brand')) {
      if (b.dataset.value === ui.job) { b.setAttribute('aria-current', 'page'); } else { b.removeAttribute('aria-current'); }
    }
  }
  app.dataset.steps = ui.has_steps ? 'yes' : 'no';
  if (changed.tab) { showTab(app, ui.has_steps ? 'steps' : 'lines'); }
  if (ui.lesson !== undefined) { choose(one('.lesson-select select'), ui.lesson); }
  const seat = one('.seat-select select');
  if (!same(ui.seats, last.seats)) { setOptions(seat, ui.seats || []); }
  choose(seat, String(ui.seat == null ? -1 : ui.seat));
  one('.seat-select').hidden = !(ui.seats && ui.seats.length > 1);
  if (ui.play_game) { choose(one('.play-game select'), ui.play_game); }
  const variant = one('.free-variant select');
  if (!same(ui.presets, last.presets)) { setOptions(variant, ui.presets || []); }
  if (ui.preset) { choose(variant, ui.preset); }
  if (ui.players !== undefined && ui.players !== last.players) { one('[name="players"]').value = ui.players; }
  for (const [act, on] of [['start', ui.can_back], ['prev', ui.can_back], ['next', ui.can_forward],
                           ['end', ui.can_forward]]) {
    for (const b of app.querySelectorAll('[data-act="' + act + '"]')) { b.disabled = !on; }
  }
  one('.where-text').textContent = ui.counter || '';
  changed.handover = handOver(app, ui.handover || '');
  return changed;
}
