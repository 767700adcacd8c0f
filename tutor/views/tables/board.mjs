// Board (tutor/views/tables/board.py): the game table (HTML from Python); clicks come back
// as keys.
import { morph } from './morph.mjs';

export function render({ model }) {
  const root = document.createElement('div');
  root.className = 'board';
  const said = document.createElement('div');
  said.className = 'reason-line';
  said.setAttribute('role', 'status');
  said.setAttribute('aria-live', 'polite');
  const body = document.createElement('div');
  body.className = 'board-body';
  let shown = null;
  let saidInSlot = false;  // the reason line stands in the html's slot (else it is last)
  function draw() {
    // the reason line sits in the html's slot: put the slot back so the walk meets it
    if (body.contains(said)) {
      const slot = document.createElement('div');
      slot.className = 'reason-slot';
      if (saidInSlot) { said.replaceWith(slot); } else { said.remove(); }
    }
    const next = document.createElement('template');
    next.innerHTML = model.html;
    morph(body, next.content);
    if (model.position !== shown) {
      said.textContent = '';
      shown = model.position;
      if (model.bring_in) { bringInSoon(); }
    }
    const slot = body.querySelector('.reason-slot');
    saidInSlot = slot !== null;
    if (slot) { slot.replaceWith(said); } else { body.appendChild(said); }
  }
  // On a phone the reason line can sit below the part of the table in sight (King's
  // Pot's grid fills it): what was tapped would say why where nobody sees it, so a tap
  // or a click brings the line in (where it is in sight already, nothing moves). The
  // keyboard does not (focus, Enter or Space): the focused element stays in sight.
  const say = (reason, bringIn) => {
    said.textContent = reason;
    if (bringIn) { said.scrollIntoView({block: 'nearest', inline: 'nearest'}); }
  };
  body.addEventListener('click', (e) => {
    const el = e.target.closest('[data-key], [data-reason]');
    if (!el || !body.contains(el)) { return; }
    if (el.dataset.reason) { say(el.dataset.reason, e.detail !== 0); }  // detail 0: from the keyboard
    if (el.dataset.key !== undefined) {
      let value = '';
      if (el.dataset.input) {
        const input = body.querySelector('input[data-name="' + el.dataset.input + '"]');
        if (input) { value = String(input.value); }
      }
      model.send_msg({key: el.dataset.key, value: value});
    }
  });
  // the keyboard's way to the same words: a button, card or line name the keyboard
  // reaches says why. Only the keyboard's focus: a tap focuses its button on the way
  // down, and a reason line filled then moved the table under the finger before the
  // click landed.
  body.addEventListener('focusin', (e) => {
    const el = e.target.closest('[data-reason]');
    if (el && body.contains(el) && e.target.matches(':focus-visible')) { say(el.dataset.reason, false); }
  });
  body.addEventListener('keydown', (e) => {
    // Enter in an amount field presses its button
    if (e.key === 'Enter' && e.target.tagName === 'INPUT' && e.target.dataset.for) {
      const b = body.querySelector('[data-key="' + e.target.dataset.for + '"]');
      if (b) { e.preventDefault(); b.click(); }
    }
  });
  // In the next frame, when the page lays the new table out anyway, and once more a
  // little later (the page may still be growing the table's box in that frame) unless
  // the person has touched, scrolled or typed since. Only the box that scrolls the table
  // moves, and only as far as needed ('nearest'): nothing when the moves and the status
  // line (whose turn) show already.
  const scroller = (el, any = false) => {
    for (let n = el.parentElement || el.getRootNode().host; n; n = n.parentElement || n.getRootNode().host) {
      const y = getComputedStyle(n).overflowY;
      if ((y === 'auto' || y === 'scroll') && (any || n.scrollHeight > n.clientHeight)) { return n; }
    }
    return null;
  };
  // The box that scrolls the table shrinks when something above it grows (the coach's hint
  // opened in Play's strip): moves it showed that slipped under its bottom edge are brought
  // in again, as far as needed (moves still in sight: nothing moves).
  let watched = null, height = 0;
  const cutOff = () => {
    const rows = body.querySelectorAll('.actions:not(.charts)');
    const moves = rows[rows.length - 1];
    return Boolean(watched && moves && moves.isConnected
                   && moves.getBoundingClientRect().bottom > watched.getBoundingClientRect().bottom + 0.5);
  };
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    const now = watched ? watched.clientHeight : 0;
    if (now < height && model.bring_in && cutOff()) { bringIn(shown); }
    height = now;
  }) : null;
  const watch = (box) => {
    if (!resized || box === watched) { return; }
    if (watched) { resized.unobserve(watched); }
    watched = box;
    height = box.clientHeight;
    resized.observe(box);
  };
  if (resized) { model.on('remove', () => resized.disconnect()); }
  const bringIn = (position) => {
    if (position !== shown) { return; }  // a later position brings in its own
    const rows = body.querySelectorAll('.actions:not(.charts)');
    const moves = rows[rows.length - 1];
    if (!moves || !moves.isConnected) { return; }
    const box = scroller(moves);
    const scrolls = scroller(moves, true);  // the box that may scroll it later (watched even before)
    if (scrolls) { watch(scrolls); }
    if (!box) { return; }
    const want = moves.getBoundingClientRect(), have = box.getBoundingClientRect();
    let by = 0;
    if (want.bottom > have.bottom) { by = Math.min(want.bottom - have.bottom, want.top - have.top); }
    else if (want.top < have.top) { by = want.top - have.top; }
    // whose turn it is (the table's status line) stays in sight too, where the box holds both
    const status = body.querySelector('.status');
    if (status) {
      const top = status.getBoundingClientRect().top;
      if (top - by < have.top && want.bottom - top <= have.height) { by = top - have.top; }
    }
    if (by) { box.scrollTop += by; }
  };
  let touched = 0;
  const mark = () => { touched = performance.now(); };
  const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
  for (const kind of inputs) { window.addEventListener(kind, mark, {capture: true, passive: true}); }
  model.on('remove', () => { for (const kind of inputs) { window.removeEventListener(kind, mark, {capture: true}); } });
  const bringInSoon = () => {
    const position = shown, at = performance.now();
    requestAnimationFrame(() => bringIn(position));
    setTimeout(() => { if (touched < at) { bringIn(position); } }, 300);
  };
  // a new position changes both at once: draw once, after the whole update has landed
  let pending = false;
  const drawSoon = () => {
    if (pending) { return; }
    pending = true;
    queueMicrotask(() => { pending = false; draw(); });
  };
  model.on('html', drawSoon);
  model.on('position', drawSoon);
  draw();
  root.appendChild(body);
  return root;
}
