"""Small browser components the views are built from.

They are Panel custom components (``tutor.views.esm.PlainJSComponent``) so
that the frequent updates (the cursor moving on Next) are one small property
change handled in the browser, not a rebuild of widgets: a list of 60 steps
is one model, and moving the highlight is one patch. Every piece of text they
show is set with ``textContent``, never as HTML, so names and notes typed by
users cannot inject markup or script.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import param

from .compat import mark_document_loaded, mark_loaded_when_linked
from .esm import PlainJSComponent

_BASE_CSS = """
:host { display: block; width: 100%; }
button { font: inherit; }
"""


class ItemList(PlainJSComponent):
    """A list (or a wrap of buttons) of items, one of them current.

    ``items``: dicts with ``key`` (int or str), ``label`` (plain text), and
    optional ``depth`` (indent level), ``cls`` (CSS classes) and ``title``
    (tooltip, plain text). ``selected`` is the current item's key. A click
    calls the callbacks registered with :meth:`on_pick` with the item's key.
    """

    items = param.List(default=[], doc="The items, in display order.")
    items_json = param.String(default="[]", doc="The items as the page reads them (set through items).")
    selected = param.Parameter(default=None, doc="Key of the current item (or None).")
    mode = param.Selector(default="list", objects=["list", "buttons"],
                          doc="'list': a scrolling column; 'buttons': a wrapping row of buttons.")
    label = param.String(default="", doc="Accessible name of the list.")

    _esm = """
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
    """

    _stylesheets = [_BASE_CSS + """
    .items.list { display: flex; flex-direction: column; max-height: 22em; overflow-y: auto;
                  border: 1px solid #c3c9d2; border-radius: 6px; }
    .items.buttons { display: flex; flex-wrap: wrap; gap: 6px; }
    .row { display: flex; }
    .item { flex: 1 1 auto; text-align: left; min-height: 44px; padding: 6px 10px; border: 0; background: white;
            cursor: pointer; color: #1d2430; font-size: 0.95rem; }
    .items.list .item { border-bottom: 1px solid #e4e7eb; border-radius: 0; }
    .item:focus-visible { outline: 3px solid #f0b400; outline-offset: -3px; }
    .items.buttons .item { border: 1px solid #b8bec7; border-radius: 6px; min-width: 44px; }
    .item:hover, .item:focus-visible { background: #eef4ff; }
    .item.current { background: #1f5fbf; color: white; font-weight: 600; }
    .item.variation { color: #3b4452; }
    .item.current.variation { color: white; }
    .item.legal { border-color: #2f8a4a; background: #effaf2; }
    .item.illegal { color: #4a5563; background: #f3f5f8; text-decoration: line-through; }
    .item.lesson::before { content: "\\25CF  "; color: #1f5fbf; }
    .item.current.lesson::before { color: white; }
    """]

    # The page gets the items as one JSON string: a list of dicts is walked by bokeh,
    # value by value, looking for models in it (a study of 2,000 moves has 2,000 rows:
    # 58 ms under CPython to set them, against about 4 for the string)
    _rename = {"items": None}

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pick_callbacks: list[Callable[[Any], None]] = []

    @param.depends("items", watch=True, on_init=True)
    def _encode_items(self) -> None:
        self.items_json = json.dumps(self.items, separators=(",", ":"))

    def on_pick(self, callback: Callable[[Any], None]) -> None:
        self._pick_callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if isinstance(msg, dict) and "key" in msg:
            for callback in self._pick_callbacks:
                callback(msg["key"])


class PageBridge(PlainJSComponent):
    """The page's address and keyboard, as seen from Python.

    * On first render it reports the address fragment (``#...``), so a shared
      link opens the study it holds; later hash changes (a link pasted into
      the address bar: the app itself writes the address with
      ``history.replaceState``, which fires no event) are reported too.
    * The ← and → keys (outside text fields) are reported as ``prev``/``next``.
    * It keeps the address bar on the open study: ``fragment`` is its link,
      written with ``history.replaceState`` (no history entry per step, no
      reload, no hashchange) when the steps pause.

    Python receives these through :meth:`on_page` callbacks as
    ``(kind, value)``: ``("start", hash)``, ``("hash", hash)``, ``("key", "next"|"prev")``.
    The bridge is always on the page (the share box that shows the link is
    drawn only once its tab is opened).
    """

    started = param.Boolean(default=False, doc="Set once Python has received the page's address.")
    fragment = param.String(default="", doc="The open study's link (the part after '#'), kept in the address bar.")

    _esm = """
    export function render({ model }) {
      const el = document.createElement('span');
      el.className = 'page-bridge';
      const typing = (t) => t && (t.isContentEditable ||
        ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
      const onKey = (e) => {
        if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
        const target = e.composedPath ? e.composedPath()[0] : e.target;
        if (typing(target)) { return; }
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          model.send_msg({kind: 'key', value: e.key === 'ArrowRight' ? 'next' : 'prev'});
        }
      };
      // a malformed escape ('#pt1.abc%') must not stop the page: Python gets
      // the text as it is and refuses it with a notice
      const decoded = (text) => { try { return decodeURIComponent(text); } catch (err) { return text; } };
      const current = () => decoded(window.location.hash.slice(1));
      const local = () => window.location.pathname + window.location.search +
        (model.fragment ? '#' + model.fragment : '');
      const write = () => {
        // never before a study is open: the address may hold the link to open
        // (or a malformed one, which is replaced by the study that stayed open)
        if (model.fragment && current() !== model.fragment) {
          window.history.replaceState(null, '', local());
        }
      };
      // the address bar is written when the steps pause: history.replaceState costs a
      // round trip to the browser (about a tenth of a Next on a slow phone) and nobody
      // reads the address bar while pressing Next
      let writing = null;
      const writeSoon = () => {
        clearTimeout(writing);
        writing = setTimeout(() => { writing = null; write(); }, 250);
      };
      // a reload or a closed tab still leaves the last step in the address; an address
      // the person typed or pasted since is theirs (the app opens it or puts this back)
      const drop = () => { clearTimeout(writing); writing = null; };
      const flush = () => { if (writing !== null) { drop(); write(); } };
      const onHash = () => { drop(); model.send_msg({kind: 'hash', value: current()}); };
      document.addEventListener('keydown', onKey);
      window.addEventListener('hashchange', onHash);
      window.addEventListener('pagehide', flush);
      model.on('remove', () => {
        flush();
        document.removeEventListener('keydown', onKey);
        window.removeEventListener('hashchange', onHash);
        window.removeEventListener('pagehide', flush);
      });
      model.on('fragment', writeSoon);
      // a link in the address bar that could not be opened: the study that stayed
      // open goes back there, or with none open the page's own address
      model.on('msg:custom', (msg) => {
        if (!msg || msg.kind !== 'restore') { return; }
        if (!model.fragment && window.location.hash) {
          window.history.replaceState(null, '', window.location.pathname + window.location.search);
        }
        writeSoon();
      });
      writeSoon();
      // Report the address until Python confirms: in the compiled app, events
      // sent while the page is still being linked to the Python worker are lost.
      const ping = () => {
        if (model.started) { return; }
        model.send_msg({kind: 'start', value: current()});
        setTimeout(ping, 300);
      };
      ping();
      return el;
    }
    """

    _stylesheets = [":host { display: none; }"]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str], None]] = []
        # updates made before the first report (a link put in the address bar
        # at once) must reach the page: see tutor.views.compat
        mark_loaded_when_linked()

    def on_page(self, callback: Callable[[str, str], None]) -> None:
        self._callbacks.append(callback)

    def restore_address(self) -> None:
        """Put the open study's link back in the address bar (after a link that did not open)."""
        self._send_msg({"kind": "restore"})

    def _handle_msg(self, msg: Any) -> None:
        if not (isinstance(msg, dict) and isinstance(msg.get("kind"), str) and isinstance(msg.get("value"), str)):
            return
        if msg["kind"] == "start":
            if self.started:
                return  # a repeated report while the confirmation travels back
            # the page is linked to Python (already marked when the worker linked it)
            mark_document_loaded()
            self.started = True
        for callback in self._callbacks:
            callback(msg["kind"], msg["value"])


class LinkBox(PlainJSComponent):
    """The share link as a full address, with a Copy button. The address is
    built in the browser from the page's own location plus ``fragment``.
    Copying happens right in the click handler: browsers only allow clipboard
    writes during the user's gesture. (The address bar is kept by :class:`PageBridge`.)
    """

    fragment = param.String(default="", doc="The study link (the part after '#').")

    _esm = """
    export function render({ model }) {
      const box = document.createElement('div');
      box.className = 'linkbox';
      const field = document.createElement('input');
      field.type = 'text';
      field.readOnly = true;
      field.className = 'share-link';
      field.setAttribute('aria-label', 'Link to this study');
      const copy = document.createElement('button');
      copy.type = 'button';
      copy.className = 'copy-link';
      copy.textContent = 'Copy link';
      const said = document.createElement('span');
      said.className = 'copied';
      said.setAttribute('role', 'status');
      const address = () => window.location.origin + window.location.pathname + window.location.search +
        (model.fragment ? '#' + model.fragment : '');
      const show = () => { field.value = address(); said.textContent = ''; };
      copy.addEventListener('click', async () => {
        field.value = address();
        try {
          await navigator.clipboard.writeText(field.value);
        } catch (err) {
          field.select();
          document.execCommand('copy');
        }
        said.textContent = 'Copied.';
      });
      field.addEventListener('focus', () => field.select());
      model.on('fragment', show);
      show();
      box.append(field, copy, said);
      return box;
    }
    """

    _stylesheets = [_BASE_CSS + """
    .linkbox { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    .share-link { flex: 1 1 16em; min-height: 40px; font-size: 0.9em; padding: 0 8px;
                  border: 1px solid #b8bec7; border-radius: 6px; }
    .copy-link { min-height: 44px; padding: 0 14px; border-radius: 6px; border: 1px solid #1f5fbf;
                 background: #1f5fbf; color: white; cursor: pointer; }
    .copied { color: #2f6b3a; }
    """]


class FileOpen(PlainJSComponent):
    """A labelled file picker that hands a text file's content to Python.

    Panel's ``FileInput`` hides its label (axe-core: a form field without a
    visible label); this is one native ``<input type=file>`` inside its
    ``<label>``. The file is read in the browser as UTF-8 text (up to
    ``max_bytes``) and sent with :meth:`on_file` callbacks as ``(name, text)``;
    a larger file is refused before it is read, with ``(name, None)``.
    """

    label = param.String(default="Open a file", doc="The visible label (plain text).")
    accept = param.String(default=".txt,text/plain", doc="The input's accept attribute.")
    max_bytes = param.Integer(default=2_000_000, doc="Largest file read.")

    _esm = """
    export function render({ model }) {
      const label = document.createElement('label');
      label.className = 'file-open';
      const words = document.createElement('span');
      words.className = 'file-label';
      words.textContent = model.label;
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = model.accept;
      input.addEventListener('change', () => {
        const file = input.files && input.files[0];
        if (!file) { return; }
        if (file.size > model.max_bytes) {
          model.send_msg({name: file.name, text: null});
        } else {
          file.text().then((text) => model.send_msg({name: file.name, text: text}));
        }
        input.value = '';
      });
      label.append(words, input);
      return label;
    }
    """

    _stylesheets = [_BASE_CSS + """
    .file-open { display: flex; flex-direction: column; gap: 4px; }
    .file-label { font-size: 0.9rem; color: #3b4452; }
    input[type=file] { min-height: 44px; font: inherit; }
    input[type=file]::file-selector-button { min-height: 44px; padding: 0 12px; border: 1px solid #8d96a3;
      border-radius: 8px; background: #fff; color: #1d2430; font: inherit; cursor: pointer; }
    """]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._file_callbacks: list[Callable[[str, str | None], None]] = []

    def on_file(self, callback: Callable[[str, str | None], None]) -> None:
        self._file_callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if not (isinstance(msg, dict) and isinstance(msg.get("name"), str)):
            return
        text = msg.get("text")
        for callback in self._file_callbacks:
            callback(msg["name"], text if isinstance(text, str) else None)
