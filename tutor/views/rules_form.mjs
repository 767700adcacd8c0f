// RulesForm (tutor/views/table_rules.py): your table's rules, a form from the game's options.
export function render({ model }) {
  const box = document.createElement('details');
  box.className = 'table-rules';
  const summary = document.createElement('summary');
  const lead = document.createElement('span');
  lead.textContent = 'Table rules: ';
  const title = document.createElement('b');
  title.className = 'rules-title';
  summary.append(lead, title);
  const body = document.createElement('div');
  body.className = 'rules-body';
  box.append(summary, body);
  const send = (kind, name, value) => model.send_msg({kind: kind, name: name || '', value: value == null ? '' : String(value)});
  const el = (tagName, cls, text) => {
    const e = document.createElement(tagName);
    if (cls) { e.className = cls; }
    if (text != null) { e.textContent = text; }
    return e;
  };
  const button = (cls, text, kind, label) => {
    const b = el('button', 'rules-btn ' + cls, text);
    b.type = 'button';
    if (label) { b.setAttribute('aria-label', label); }
    b.addEventListener('click', () => send(kind, '', b.dataset.id || ''));
    return b;
  };
  let uid = 0;
  function draw() {
    title.textContent = model.title;
    const focused = box.getRootNode().activeElement;
    const keepFocus = focused && body.contains(focused) ? (focused.dataset.key || '') : '';
    body.replaceChildren();
    const said = el('div', 'rules-notice ' + model.notice_kind, model.notice);
    said.setAttribute('role', model.notice_kind === 'error' ? 'alert' : 'status');
    body.append(el('p', 'rules-lead', 'Starting from ' + model.preset + '. Change what your table '
      + 'plays differently; new deals are dealt under your rules, and their links carry them.'));
    if (model.saved.length) {
      const list = el('ul', 'rules-saved');
      list.setAttribute('aria-label', 'Rule sets kept on this device');
      for (const s of model.saved) {
        const li = el('li', 'rules-saved-item');
        li.dataset.id = s.id;
        li.append(el('span', 'rules-saved-name', s.name + ' (from ' + s.variant + ')'));
        const use = button('rules-use', 'Use', 'pick', 'Use ' + s.name);
        const del = button('rules-delete danger', 'Delete', 'delete', 'Delete ' + s.name);
        use.dataset.id = del.dataset.id = s.id;
        li.append(use, del);
        list.append(li);
      }
      body.append(el('h3', '', 'Kept on this device'), list);
    }
    const nameLabel = el('label', 'rules-field');
    nameLabel.append(el('span', 'rules-label', 'Name of your rule set'));
    const nameInput = el('input', 'rules-name');
    nameInput.type = 'text';
    nameInput.maxLength = 60;
    nameInput.value = model.rules_name;
    nameInput.placeholder = 'e.g. Our kitchen table';
    nameInput.dataset.key = 'name';
    nameInput.addEventListener('change', () => send('name', '', nameInput.value));
    nameLabel.append(nameInput);
    const acts = el('div', 'rules-actions');
    const keep = button('rules-keep primary', 'Keep on this device', 'save');
    const reset = button('rules-reset', 'Back to ' + model.preset, 'reset');
    reset.disabled = !model.custom;
    acts.append(keep, reset);
    body.append(nameLabel, acts, said);
    for (const row of model.rows) {
      const set = el('fieldset', 'rules-option');
      set.dataset.name = row.name;
      set.append(el('legend', 'rules-question', row.question));
      if (row.choices.length) {
        uid += 1;
        for (const c of row.choices) {
          const label = el('label', 'rules-choice');
          const input = el('input');
          input.type = 'radio';
          input.name = 'rules-' + row.name + '-' + uid;
          input.value = c.token;
          input.checked = c.token === row.current;
          input.dataset.key = row.name + '=' + c.token;
          input.addEventListener('change', () => { if (input.checked) { send('choose', row.name, c.token); } });
          const words = el('span', 'rules-meaning', c.meaning.charAt(0).toUpperCase() + c.meaning.slice(1));
          label.append(input, words);
          if (c.preset) { label.append(el('span', 'rules-preset', row.preset_mark)); }
          set.append(label);
        }
      } else {
        const label = el('label', 'rules-choice');
        const input = el('input', 'rules-free');
        input.type = 'text';
        input.inputMode = 'numeric';
        input.value = row.current;
        input.dataset.key = row.name;
        input.addEventListener('change', () => send('choose', row.name, input.value));
        label.append(el('span', 'rules-meaning', row.free.charAt(0).toUpperCase() + row.free.slice(1) + ':'), input,
                     el('span', 'rules-preset', row.preset_mark + ': ' + row.preset));
        set.append(label);
      }
      set.append(el('p', 'rules-cite', 'Source: ' + row.cite));
      body.append(set);
    }
    if (keepFocus) {
      const again = body.querySelector('[data-key="' + CSS.escape(keepFocus) + '"]');
      if (again) { again.focus(); }
    }
  }
  model.on(['rows', 'title', 'preset', 'rules_name', 'custom', 'saved', 'notice', 'notice_kind'], draw);
  draw();
  return box;
}
