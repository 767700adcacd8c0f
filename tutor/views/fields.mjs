// FieldsBox (tutor/views/fields.py): the checker's input boxes, each with its problem line.
export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'fields';
  const rows = new Map();
  // each keystroke and commit is numbered; Python answers them in order, the texts first and
  // then the number it has handled (model.answered). While a box has a message not yet
  // answered, what Python says of it is older than the box (an echo of an earlier keystroke,
  // the answer to an earlier commit) and is not written in; once all are answered its text is
  // the answer to the last, written in when the box is not being typed in or its text was
  // committed since (the canonical spelling)
  let sent = model.answered || 0;
  const last = new Map();       // field key -> the number of its last message
  const committed = new Map();  // field key -> the text committed, not typed on since
  const send = (kind, key, value) => {
    sent += 1;
    last.set(key, sent);
    model.send_msg({kind: kind, key: key, value: value, seq: sent});
  };
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
    // a form of groups and single fields (King's Pot: the tableau and the King's hand, each
    // player, the pots) gives each run of single fields a line of its own (.singles): mixed
    // in a line with a player's tall group, a short field stood over a tall gap
    const mixed = model.fields.some((f) => f.group) && model.fields.some((f) => !f.group);
    for (const f of model.fields) {
      const g = f.group || (mixed ? ' single' : null);
      if (g && g !== group) {
        holder = document.createElement('div');
        holder.className = f.group ? 'group' : 'group singles';
        box.appendChild(holder);
      } else if (!g) {
        holder = box;
      }
      group = g;
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
      if (f.kind === 'text') { input.inputMode = 'numeric'; }  // the pots: a phone offers its number keys
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
      if (f.kind !== 'cards') {  // a name, or a number or word the form reads: no cards tapped in
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
        committed.delete(f.key);  // typing on: the answer to the commit is older than the box
        send('input', f.key, input.value);
      });
      const commit = () => {
        committed.set(f.key, input.value);
        send('commit', f.key, input.value);
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
      const tick = document.createElement('input');
      tick.type = 'checkbox';
      tick.checked = !!o.value;
      tick.addEventListener('change', () => model.send_msg({kind: 'option', key: o.key, value: tick.checked}));
      const text = document.createElement('span');
      text.textContent = o.label;
      label.append(tick, text);
      opts.appendChild(label);
    }
  }
  function fill(all) {
    for (const [key, r] of rows) {
      const text = model.texts[key] ?? '';
      if (r.input.value === text) { continue; }
      const behind = (last.get(key) || 0) > (model.answered || 0);
      if (all || (!behind && (!typing(r.input) || committed.get(key) === r.input.value))) {
        r.input.value = text;
        committed.delete(key);
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
  model.on(['texts', 'answered'], () => fill(false));
  model.on(['problems', 'focus', 'counts'], mark);
  model.on('options', buildOptions);
  build();
  buildOptions();
  const wrap = document.createElement('div');
  wrap.append(box, opts);
  return wrap;
}
