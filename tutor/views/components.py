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
from pathlib import Path
from typing import Any

import param

from .compat import mark_document_loaded, mark_loaded_when_linked
from .esm import PlainJSComponent, module_text
from .update import set_values

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

    items = param.List(default=[], item_type=dict, doc="The items, in display order.")
    items_json = param.String(default="[]", doc="The items as the page reads them (set through items).")
    selected = param.ClassSelector(class_=(int, str), default=None, allow_None=True,
                                   doc="Key of the current item (or None).")
    mode = param.Selector(default="list", objects=["list", "buttons"],
                          doc="'list': a scrolling column; 'buttons': a wrapping row of buttons.")
    label = param.String(default="", doc="Accessible name of the list.")

    _esm = module_text(Path(__file__).with_name("item_list.mjs"))

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
    _encoded: Any = None  # the items show() has encoded

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pick_callbacks: list[Callable[[Any], None]] = []

    @param.depends("items", watch=True, on_init=True)
    def _encode_items(self) -> None:
        if self.items is not self._encoded:  # show() encodes its items itself
            self.items_json = json.dumps(self.items, separators=(",", ":"))

    def show(self, items: list[dict[str, Any]], selected: Any) -> None:
        """New items and the current one, as one update of the page."""
        self._encoded = items
        set_values(self, {"items": items, "items_json": json.dumps(items, separators=(",", ":")), "selected": selected})

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
    * It keeps the address bar on the open study: ``open_study`` holds its link,
      written when the steps pause (no reload, no hashchange). Each view
      (``job``) and each step written is a history entry (``history.pushState``,
      the view in its state), so the browser's Back and Forward move through the
      app; reaching one is reported as ``("history", '{"job": ..., "link": ...}')``.
    * The last study shown (its link, words and course, ``open_study``) is kept on the device
      for the first screen's Continue (not offered for a course's chapter: Learn's Continue the
      course goes there, one entry for one place).

    Python receives these through :meth:`on_page` callbacks as
    ``(kind, value)``: ``("start", hash)``, ``("hash", hash)``, ``("key", "next"|"prev")``.
    The bridge is always on the page (the share box that shows the link is
    drawn only once its tab is opened).
    """

    started = param.Boolean(default=False, doc="Set once Python has received the page's address.")
    open_study = param.Tuple(default=("", "", ""), length=3, doc=(
        "The open study: its link (the part after '#', kept in the address bar), its words for the "
        "first screen's Continue and the course whose chapter it is ('' for none: a course's chapter "
        "is continued by the Learn card, not offered twice). One value: each value changed is a "
        "message of its own from the page's Python, and they change together at each Next."))
    game_on = param.Boolean(default=False, doc="A game is in progress in Play: the address bar holds no link "
                                               "(it would carry the deal), only the page's own address.")
    job = param.String(default="home", doc="The view shown: each view and step is a history entry (Back, Forward).")
    resumed = param.Boolean(default=False, doc="The page started on this device's own address (a reload, "
                                               "Back or Forward into the page), not on a link someone sent.")

    _esm = module_text(Path(__file__).with_name("page_bridge.mjs"))

    _stylesheets = [":host { display: none; }"]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str], None]] = []
        # updates made before the first report (a link put in the address bar
        # at once) must reach the page: see tutor.views.compat
        mark_loaded_when_linked()

    @property
    def fragment(self) -> str:
        """The open study's link, as the address bar keeps it."""
        return str(self.open_study[0])

    @property
    def label(self) -> str:
        """The open study in a few words: the first screen's Continue says it."""
        return str(self.open_study[1])

    @property
    def course(self) -> str:
        """The course whose chapter the open study is ('' for none)."""
        return str(self.open_study[2])

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
            self.resumed = msg.get("resumed") is True
            self.started = True
        for callback in self._callbacks:
            callback(msg["kind"], msg["value"])


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

    _esm = module_text(Path(__file__).with_name("file_open.mjs"))

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
