// PlayStrip (tutor/views/players.py): Play's row (HTML from Python); a press sends
// {act, value, levels}.
export function render({ model }) {
  const root = document.createElement('div');
  const draw = () => {
    const open = root.querySelector('.players-setup[open]') !== null;
    root.innerHTML = model.html;
    const setup = root.querySelector('.players-setup');
    if (setup && open && !root.querySelector('.handover')) { setup.open = true; }
    const taken = root.querySelector('.handover button');
    if (taken) { taken.focus(); }
  };
  root.addEventListener('click', (e) => {
    const el = e.target.closest('button[data-act]');
    if (!el || !root.contains(el) || el.disabled) { return; }
    const levels = [...root.querySelectorAll('select.seat-level')].map((s) => s.value);
    if (el.dataset.act === 'start' || el.dataset.act === 'stop') {
      const setup = root.querySelector('.players-setup');
      if (setup) { setup.open = false; }
    }
    model.send_msg({act: el.dataset.act, value: el.dataset.value || '', levels: levels});
  });
  model.on('html', draw);
  draw();
  return root;
}
