// RulingLogList (tutor/views/rulings.py): the table's log of rulings, newest first, each with
// a link that opens it again and Delete; Undo brings back the ruling deleted last. Texts are
// set with textContent (what was typed at the table is never read as markup).
export function render({ model }) {
  const box = document.createElement('section');
  box.className = 'ruling-log-list';
  const head = document.createElement('h3');
  const said = document.createElement('div');
  const undo = document.createElement('button');
  undo.type = 'button';
  undo.className = 'log-btn ruling-undo';
  undo.addEventListener('click', () => model.send_msg({kind: 'undo-delete', id: ''}));
  const list = document.createElement('ol');
  const empty = document.createElement('p');
  empty.className = 'empty';
  empty.textContent = 'No rulings kept yet: under a verdict, \u201cKeep in our table\u2019s log\u201d adds it here.';
  box.append(head, said, undo, list, empty);
  const span = (cls, text) => {
    const s = document.createElement('span');
    s.className = cls;
    s.textContent = text;
    return s;
  };
  function draw() {
    const entries = model.entries;
    head.textContent = 'Our table\u2019s rulings (' + entries.length + ')';
    said.textContent = model.notice;
    said.className = model.notice ? 'msg ruling-log-notice ' + model.notice_kind : '';
    said.setAttribute('role', model.notice_kind === 'error' ? 'alert' : 'status');
    undo.style.display = model.can_undo ? '' : 'none';
    undo.textContent = 'Undo: bring back the ruling of ' + model.can_undo;
    list.replaceChildren();
    for (const e of entries) {
      const li = document.createElement('li');
      li.className = 'ruling-item';
      li.dataset.id = e.id;
      const verdict = document.createElement('b');
      verdict.textContent = e.verdict;
      const acts = document.createElement('span');
      acts.className = 'acts';
      const open = document.createElement('a');
      open.className = 'ruling-open';
      open.href = '#' + e.link;
      open.textContent = 'Open this ruling';
      const del = document.createElement('button');
      del.type = 'button';
      del.className = 'log-btn ruling-delete';
      del.textContent = 'Delete';
      del.setAttribute('aria-label', 'Delete the ruling of ' + e.when);
      del.addEventListener('click', () => model.send_msg({kind: 'delete', id: e.id}));
      acts.append(open, del);
      li.append(span('when', e.when + ' \u2014 ' + e.question), ' ', verdict, span('asked', 'Asked: ' + e.asked),
                span('under', e.rules), acts);
      list.appendChild(li);
    }
    list.style.display = entries.length ? '' : 'none';
    empty.style.display = entries.length ? 'none' : '';
  }
  model.on(['entries', 'can_undo', 'notice', 'notice_kind'], draw);
  draw();
  return box;
}
