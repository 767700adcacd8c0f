// PlayStrip (tutor/views/players.py): Play's row (HTML from Python); a press sends
// {act, value, levels}. The computer's turns play themselves: when the root carries
// data-auto (a delay in ms), the strip asks Python for the move after that delay, naming the
// position it was drawn for (Python ignores a tick for a position no longer shown). The
// players' pop-over closes with its Close button, a tap outside it or Escape. A button with
// data-busy shows those words, disabled, from its press until Python's redraw.
export function render({ model }) {
  const root = document.createElement('div');
  let timer = null;
  const send = (act, value) => {
    const levels = [...root.querySelectorAll('select.seat-level')].map((s) => s.value);
    model.send_msg({act: act, value: value == null ? '' : String(value), levels: levels});
  };
  const setup = () => root.querySelector('.players-setup');
  const close = () => { const s = setup(); if (s && s.open) { s.open = false; } };
  const tick = () => {
    clearTimeout(timer);
    timer = null;
    const strip = root.querySelector('.strip-root');
    if (!strip || strip.dataset.auto === undefined) { return; }
    const node = strip.dataset.node;
    timer = setTimeout(() => { timer = null; send('auto', node); }, Number(strip.dataset.auto) || 0);
  };
  // While the pop-over is open, a redraw (the pace just chosen, a computer's move meanwhile)
  // keeps what the person chose per seat but has not started yet, and the focus on the same
  // control: the model's drawing holds the seats as they are played now.
  const choices = () => new Map([...root.querySelectorAll('select.seat-level')]
    .map((el) => [el.dataset.seat + '|' + el.getAttribute('aria-label'), el.value]));
  const focusedKey = () => {
    const el = root.getRootNode().activeElement;
    if (!el || !root.contains(el)) { return null; }
    if (el.matches('select.seat-level')) { return 'select.seat-level[data-seat="' + el.dataset.seat + '"]'; }
    if (el.matches('select.pace, summary')) { return el.matches('summary') ? '.players-setup > summary' : 'select.pace'; }
    if (!el.dataset.act) { return null; }
    const value = el.dataset.act === 'review-goto' ? '[data-value="' + el.dataset.value + '"]' : '';
    return 'button[data-act="' + el.dataset.act + '"]' + value;
  };
  const draw = () => {
    const open = root.querySelector('.players-setup[open]') !== null;
    const listed = root.querySelector('details.review-moves[open]') !== null;  // the game's moves, kept open
    const chosen = open ? choices() : new Map();
    const focused = focusedKey();
    root.innerHTML = model.html;
    const moves = root.querySelector('details.review-moves');
    if (moves && listed) {
      moves.open = true;
      const current = moves.querySelector('button[aria-current]');
      if (current && current.scrollIntoView) { current.scrollIntoView({block: 'nearest'}); }
    }
    const s = setup();
    if (s && open) {
      s.open = true;
      for (const el of root.querySelectorAll('select.seat-level')) {
        const kept = chosen.get(el.dataset.seat + '|' + el.getAttribute('aria-label'));
        if (kept !== undefined && [...el.options].some((o) => o.value === kept)) { el.value = kept; }
      }
    }
    const again = focused ? root.querySelector(focused) : null;
    if (again) { again.focus(); }
    tick();
  };
  root.addEventListener('click', (e) => {
    const el = e.target.closest('button[data-act]');
    if (!el || !root.contains(el) || el.disabled) { return; }
    const act = el.dataset.act;
    if (act === 'start' || act === 'stop' || act === 'close-setup' || act === 'show-all') { close(); }
    if (act === 'close-setup') { return; }
    if (el.dataset.busy) {
      // a press Python answers slowly (judging a whole game) says at once that it is working;
      // the redraw with the answer replaces the button
      el.textContent = el.dataset.busy;
      el.disabled = true;
      el.setAttribute('aria-busy', 'true');
    }
    send(act, el.dataset.value || '');
  });
  root.addEventListener('change', (e) => {
    const el = e.target;
    if (el.tagName === 'SELECT' && el.dataset.act) { send(el.dataset.act, el.value); }
  });
  // a tap anywhere outside the open pop-over closes it (the tap still does what it does)
  const outside = (e) => {
    const s = setup();
    if (s && s.open && !e.composedPath().includes(s)) { close(); }
  };
  const escape = (e) => {
    const s = setup();
    if (e.key === 'Escape' && s && s.open) {
      close();
      const summary = s.querySelector('summary');
      if (summary) { summary.focus(); }
    }
  };
  document.addEventListener('pointerdown', outside, true);
  document.addEventListener('keydown', escape, true);
  model.on('remove', () => {
    clearTimeout(timer);
    document.removeEventListener('pointerdown', outside, true);
    document.removeEventListener('keydown', escape, true);
  });
  model.on('html', draw);
  draw();
  return root;
}
