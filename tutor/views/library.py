"""Saved studies: save the open study on this device, and find it again offline.

Two browser components render :class:`tutor.model.library.Library`:

* :class:`LibraryStore`, a hidden bridge, always on the page: it reads the
  device's list from ``localStorage`` when the page starts (reporting until
  Python confirms: early messages from the page can be lost while the worker
  links up) and writes ``stored`` whenever it changes, answering ``written``,
  ``changed`` (another tab wrote: never written over) or ``error`` (storage full
  or off); see ``library_store.mjs`` and :mod:`tutor.model.device_store`.
* :class:`LibraryList`: the list, newest first, each with Open, Rename and
  Delete, plus Save (over the entry the open study came from) and Save as new,
  and Undo after a delete. Texts are set with ``textContent``.

Markup read by the browser tests: ``.saved-studies`` (the pane), ``.library-save``,
``.library-save-new``, ``.library-undo``, ``.library-item`` (``data-id``) with
``.library-title``, ``.library-open``, ``.library-rename``, ``.library-delete``,
and while renaming ``.library-rename-input``; ``.library-notice``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.library import STORAGE_KEY, Library

from .compat import mark_loaded_when_linked
from .esm import PlainJSComponent, module_text


class LibraryStore(PlainJSComponent):
    """The device's storage, as seen from Python (see the module docstring)."""

    key = param.String(default=STORAGE_KEY, doc="The localStorage key of the list.")
    stored = param.String(default="", doc="The text to keep on the device (written on every change).")
    started = param.Boolean(default=False, doc="Set once Python has the device's list.")

    _esm = module_text(Path(__file__).with_name("library_store.mjs"))

    _stylesheets = [":host { display: none; }"]
    _marks_loaded = True  # one store on the page watches for its link-up (a second would clash)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str], None]] = []
        if self._marks_loaded:
            mark_loaded_when_linked()

    def on_event(self, callback: Callable[[str, str], None]) -> None:
        """``callback(kind, value)``: ``loaded`` (the stored text), ``written`` (the text stored),
        ``changed`` (the text another tab stored) or ``error`` (the browser's message)."""
        self._callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if not (isinstance(msg, dict) and msg.get("kind") in ("loaded", "written", "changed", "error")
                and isinstance(msg.get("value"), str)):
            return
        if msg["kind"] == "loaded":
            if self.started:
                return  # a repeated report while the confirmation travels back
            self.started = True
        for callback in self._callbacks:
            callback(msg["kind"], msg["value"])


class PressEvents:
    """Presses a browser component sends as ``{kind, <key>, value}``, checked and passed on
    as ``callback(kind, key's value, value)`` (``_press_kinds``: the kinds it sends)."""

    _press_kinds: tuple[str, ...] = ()
    _press_key = "id"

    def on_event(self, callback: Callable[[str, str, str], None]) -> None:
        self.__dict__.setdefault("_press_callbacks", []).append(callback)

    def _handle_msg(self, msg: Any) -> None:
        key = self._press_key
        if not (isinstance(msg, dict) and msg.get("kind") in self._press_kinds
                and isinstance(msg.get(key, ""), str) and isinstance(msg.get("value", ""), str)):
            return
        for callback in self.__dict__.get("_press_callbacks", []):
            callback(msg["kind"], msg.get(key, ""), msg.get("value", ""))


class LibraryList(PressEvents, PlainJSComponent):
    """The saved studies and their buttons (see the module docstring)."""

    entries = param.List(default=[], item_type=dict, doc="Dicts: id, title, what, saved (ms since 1970), positions, open (bool).")
    can_undo = param.String(default="", doc="The title of the entry Undo would bring back ('' none).")
    can_save = param.Boolean(default=True, doc="Whether Save and Save as new can be used.")
    notice = param.String(default="", doc="What the last action did.")
    notice_kind = param.String(default="", doc="info or error.")

    _esm = module_text(Path(__file__).with_name("library_list.mjs"))

    _stylesheets = ["""
    :host { display: block; width: 100%; }
    .library { color: #1d2430; font-size: 1rem; line-height: 1.4; }
    .library-bar, .library-actions { display: flex; flex-wrap: wrap; gap: 6px; }
    .lib-btn { font: inherit; min-height: 44px; min-width: 44px; padding: 0 14px; border-radius: 6px;
               border: 1px solid #8a929e; background: white; color: #1d2430; cursor: pointer; }
    .lib-btn.primary { background: #1f5fbf; border-color: #1f5fbf; color: white; }
    .lib-btn.danger { border-color: #a3262d; color: #8a1f25; }
    .lib-btn:disabled { opacity: 0.5; cursor: default; }
    .lib-btn:focus-visible, .library-rename-input:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .library-notice { margin: 6px 0; }
    .library-notice:empty { display: none; }
    .library-notice.error { color: #8a1f25; }
    .library-notice.info { color: #1e5b30; }
    .library-items { list-style: none; margin: 6px 0 0 0; padding: 0; }
    .library-item { border: 1px solid #c4cad3; border-radius: 8px; padding: 8px 10px; margin: 6px 0; }
    .library-item.open { border: 2px solid #1f5fbf; }
    .library-head { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    .library-title { font-weight: 700; font-size: 1.05rem; overflow-wrap: anywhere; }
    .library-meta { color: #4a5563; font-size: 0.9rem; margin: 2px 0 6px 0; }
    .library-rename-input { font: inherit; min-height: 44px; padding: 0 8px; flex: 1 1 12em;
                            border: 1px solid #8a929e; border-radius: 6px; }
    .library-empty { color: #4a5563; }
    """]

    _press_kinds = ("save", "save-new", "undo-delete", "open", "delete", "rename", "new-list")
    # on_event(callback): callback(kind, id, value) for each of these presses


class SavedStudiesPane(pn.viewable.Viewer):
    """The saved studies of this device (its storage bridge, ``store``, is placed by the page)."""

    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        # the device's storage: always on the page (the page places it; the list waits for its tab)
        self.store = LibraryStore(css_classes=["library-store"])
        self.store.on_event(self._stored)
        self._list = LibraryList(css_classes=["library-list"], sizing_mode="stretch_width")
        self._list.on_event(self._act)
        # the page gives the tab its heading ("Studies saved on this device")
        self._layout = pn.Column(self._list, sizing_mode="stretch_width", css_classes=["saved-studies"])
        self._show()

    @property
    def library(self) -> Library:
        return self.app.library

    def _stored(self, kind: str, value: str) -> None:
        if kind == "loaded":
            self.library.load(value)
            self.store.stored = self.library.stored
        elif kind == "written":
            self.library.written(value)
        elif kind == "changed":
            self.library.changed(value)
        else:
            self.library.storage_failed(value)

    def _act(self, kind: str, entry_id: str, value: str) -> None:
        library, app = self.library, self.app
        if kind in ("save", "save-new"):
            app.save_study(as_new=kind == "save-new")
        elif kind == "undo-delete":
            library.undo_delete()
        elif kind == "new-list":
            library.start_new_list()
        elif kind == "delete":
            library.delete(entry_id)
        elif kind == "rename":
            library.rename(entry_id, value)
        elif kind == "open":
            app.open_saved(entry_id)

    @param.depends("app.library.stored", watch=True)
    def _keep(self) -> None:
        self.store.stored = self.library.stored

    @param.depends("app.library.entries", "app.library.open_id", "app.library.notice", "app.library.deleted",
                   "app.library.writable", watch=True)
    def _show(self) -> None:
        lib = self.library
        notice = lib.notice
        self._list.param.update(
            entries=[{"id": e.id, "title": e.title, "what": e.what, "saved": e.saved * 1000,
                      "positions": e.positions, "open": e.id == lib.open_id} for e in lib.entries],
            can_undo=lib.deleted[0].title if lib.deleted is not None else "",
            can_save=lib.writable,
            notice=notice.text if notice is not None else "", notice_kind=notice.kind if notice is not None else "")

    def __panel__(self):
        return self._layout
