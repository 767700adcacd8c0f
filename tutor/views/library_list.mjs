// LibraryList (tutor/views/library.py): the saved studies, with Open, Rename and Delete.
export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'library';
  const bar = document.createElement('div');
  bar.className = 'library-bar';
  const mk = (cls, text, kind, label) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'lib-btn ' + cls;
    b.textContent = text;
    if (label) { b.setAttribute('aria-label', label); }
    b.addEventListener('click', () => model.send_msg({kind: kind, id: b.dataset.id || ''}));
    return b;
  };
  const save = mk('library-save primary', 'Save this study', 'save');
  const saveNew = mk('library-save-new', 'Save as new', 'save-new');
  const undo = mk('library-undo', 'Undo delete', 'undo-delete');
  const fresh = mk('library-new-list danger', 'Start a new list', 'new-list');
  bar.append(save, saveNew, undo, fresh);
  const said = document.createElement('div');
  said.className = 'library-notice';
  said.setAttribute('role', 'status');
  const list = document.createElement('ul');
  list.className = 'library-items';
  list.setAttribute('aria-label', 'Studies saved on this device');
  const empty = document.createElement('p');
  empty.className = 'library-empty';
  empty.textContent = 'No study saved on this device yet. Save the open one to find it here again, even offline.';
  box.append(bar, said, list, empty);
  let editing = null;
  const when = (ms) => { try { return new Date(ms).toLocaleString(); } catch (e) { return ''; } };
  function draw() {
    list.replaceChildren();
    for (const e of model.entries) {
      const li = document.createElement('li');
      li.className = 'library-item' + (e.open ? ' open' : '');
      li.dataset.id = e.id;
      const head = document.createElement('div');
      head.className = 'library-head';
      if (editing === e.id) {
        const input = document.createElement('input');
        input.type = 'text';
        input.className = 'library-rename-input';
        input.value = e.title;
        input.maxLength = 200;
        input.setAttribute('aria-label', 'New name for ' + e.title);
        const ok = document.createElement('button');
        ok.type = 'button';
        ok.className = 'lib-btn library-rename-ok';
        ok.textContent = 'Keep name';
        const done = () => { editing = null; model.send_msg({kind: 'rename', id: e.id, value: input.value}); };
        ok.addEventListener('click', done);
        input.addEventListener('keydown', (ev) => {
          if (ev.key === 'Enter') { ev.preventDefault(); done(); }
          if (ev.key === 'Escape') { editing = null; draw(); }
        });
        head.append(input, ok);
        setTimeout(() => input.focus(), 0);
      } else {
        const title = document.createElement('span');
        title.className = 'library-title';
        title.textContent = e.title;
        head.append(title);
      }
      const meta = document.createElement('div');
      meta.className = 'library-meta';
      meta.textContent = (e.what !== e.title ? e.what + ' \u00b7 ' : '') + e.positions + ' position' + (e.positions === 1 ? '' : 's')
        + ' \u00b7 saved ' + when(e.saved) + (e.open ? ' \u00b7 open now' : '');
      const acts = document.createElement('div');
      acts.className = 'library-actions';
      const open = mk('library-open', 'Open', 'open', 'Open ' + e.title);
      const rename = document.createElement('button');
      rename.type = 'button';
      rename.className = 'lib-btn library-rename';
      rename.textContent = 'Rename';
      rename.setAttribute('aria-label', 'Rename ' + e.title);
      rename.addEventListener('click', () => { editing = e.id; draw(); });
      const del = mk('library-delete danger', 'Delete', 'delete', 'Delete ' + e.title);
      open.dataset.id = del.dataset.id = e.id;
      acts.append(open, rename, del);
      li.append(head, meta, acts);
      list.appendChild(li);
    }
    empty.style.display = model.entries.length ? 'none' : '';
    undo.style.display = model.can_undo ? '' : 'none';
    undo.textContent = model.can_undo ? 'Undo delete of \u201c' + model.can_undo + '\u201d' : 'Undo delete';
    save.disabled = saveNew.disabled = !model.can_save;
    fresh.style.display = model.can_save ? 'none' : '';
    said.textContent = model.notice;
    said.className = 'library-notice ' + model.notice_kind;
  }
  model.on(['entries', 'can_undo', 'can_save', 'notice', 'notice_kind'], draw);
  draw();
  return box;
}
