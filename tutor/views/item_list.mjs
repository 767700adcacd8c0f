// ItemList (tutor/views/components.py): a list or a wrap of buttons, one of them current;
// a press sends the item's key.
export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'items ' + model.mode;
  box.setAttribute('role', 'list');
  box.setAttribute('aria-label', model.label);
  let nodes = new Map();
  let marked = null;  // the row marked current (a study of 2,000 moves has 2,000 rows)
  function build() {
    box.replaceChildren();
    nodes = new Map();
    marked = null;
    for (const item of JSON.parse(model.items_json)) {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'listitem');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = item.label;
      b.className = 'item ' + (item.cls || '');
      if (item.depth) { b.style.marginLeft = (1.25 * item.depth) + 'em'; }
      if (item.title) { b.title = item.title; }
      b.dataset.key = String(item.key);
      b.addEventListener('click', () => model.send_msg({key: item.key}));
      nodes.set(String(item.key), b);
      row.appendChild(b);
      box.appendChild(row);
    }
    mark();
  }
  function mark() {
    const key = model.selected == null ? null : String(model.selected);
    const cur = key == null ? null : (nodes.get(key) || null);
    if (marked !== cur) {
      if (marked) { marked.classList.remove('current'); marked.removeAttribute('aria-current'); }
      if (cur) { cur.classList.add('current'); cur.setAttribute('aria-current', 'true'); }
      marked = cur;
    }
    if (cur && model.mode === 'list') {
      // keep the current row visible inside the list, without scrolling the
      // page; measured in the next frame, so this update never forces a
      // layout of the whole page while other updates are still arriving
      requestAnimationFrame(() => {
        if (!cur.isConnected) { return; }
        const top = cur.offsetTop - box.offsetTop;
        if (top < box.scrollTop) { box.scrollTop = top; }
        else if (top + cur.offsetHeight > box.scrollTop + box.clientHeight) {
          box.scrollTop = top + cur.offsetHeight - box.clientHeight;
        }
      });
    }
  }
  model.on('items_json', build);
  model.on('selected', mark);
  build();
  return box;
}
