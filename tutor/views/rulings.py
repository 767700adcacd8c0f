"""A ruling handed over, and the table's log (issue 34, point 4): thin views of
:mod:`tutor.model.rulings`.

:class:`HandOver` sits under a verdict: the ruling's link as a QR code and the phone's share
sheet (:class:`~.qr.QrBox`, the one QR mechanism of the app), and "Keep in our table's log".
:class:`RulingLogPane` lists the rulings kept on this device, newest first, each with a link
that opens it again and Delete (Undo brings it back), exports the log as a text file, and adds
the rulings of an exported log back (a file, or its text pasted: refused whole, the bad line
named, with the pasted text left in its box). Its storage bridge is the course's
(:class:`~.course.CourseStore` under the log's key, wired by :func:`~.course.follow_store`);
the page places it.

Markup read by the browser tests: ``.ruling-handover`` (with the QR box ``.ruling-qr`` and
``.ruling-keep``), ``.ruling-log`` (its items ``li.ruling-item``, each with ``a.ruling-open`` and
``button.ruling-delete``; ``button.ruling-undo``; ``.ruling-log-notice``), ``.ruling-export``,
``.ruling-import-file``, ``.ruling-import-text`` and ``.ruling-import``.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.checker import Checker
from tutor.model.rulings import RulingLog, ruling_link
from tutor.model.study import Notice

from .components import FileOpen
from .esm import PlainJSComponent, module_text
from .layouts import wrapping_row
from .lesson import BUTTON_CSS
from .library import PressEvents
from .qr import QrBox
from .text import tag


class HandOver(pn.viewable.Viewer):
    """Under a verdict: its link as a QR code (or the share sheet), and keeping it in the log."""

    form = param.Parameter(doc="The checker form whose verdict is handed over.")
    keep = param.Callable(default=None, doc="Called by 'Keep in our table's log'.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.qr = QrBox(label="this ruling", css_classes=["ruling-qr"], sizing_mode="stretch_width")
        self._keep = pn.widgets.Button(name="Keep in our table's log", css_classes=["ruling-keep"],
                                       stylesheets=[BUTTON_CSS])
        self._keep.on_click(lambda _e: self.keep() if self.keep is not None else None)
        self._layout = pn.Column(
            pn.pane.HTML(tag("p", "Hand this ruling to another phone (the same cards, rules and verdict), "
                                  "or keep it in your table's log.", "handover-how"), margin=(0, 5)),
            wrapping_row(self.qr, self._keep), sizing_mode="stretch_width", css_classes=["ruling-handover"])
        self.show()

    def show(self) -> None:
        """Follow the form: the link of its verdict now; nothing to hand over without one."""
        self.qr.fragment = ruling_link(self.form)
        self._layout.visible = bool(self.qr.fragment)

    def __panel__(self):
        return self._layout


# inside the component's own shadow root
LOG_CSS = """
:host { display: block; width: 100%; }
.ruling-log-list { font-size: 1rem; color: #1d2430; }
.ruling-log-list h3 { font-size: 1.05rem; margin: 10px 0 4px 0; color: #1d2430; }
.ruling-log-list ol { margin: 0; padding-left: 1.2em; }
.ruling-log-list li { margin: 0 0 8px 0; line-height: 1.4; color: #1d2430; }
.ruling-log-list .when { color: #3b4452; }
.ruling-log-list .asked, .ruling-log-list .under { display: block; color: #3b4452; font-size: 0.92rem; word-break: break-word; }
.ruling-log-list .acts { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.ruling-log-list a.ruling-open { display: inline-flex; align-items: center; min-height: 44px; color: #1a4f9e; }
.ruling-log-list .empty { color: #4a5563; }
.log-btn { font: inherit; min-height: 44px; min-width: 44px; padding: 0 14px; border-radius: 6px;
           border: 1px solid #8a929e; background: white; color: #1d2430; cursor: pointer; }
.log-btn.ruling-delete { border-color: #a3262d; color: #8a1f25; }
.log-btn:focus-visible, a.ruling-open:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
.msg { padding: 6px 10px; border-radius: 6px; margin: 4px 0; }
.msg.error { background: #fdecec; color: #7d1d22; border: 1px solid #e9b1b4; }
.msg.info { background: #eef7f0; color: #1e5b30; border: 1px solid #b9dcc3; }
"""


def log_entries(log: RulingLog) -> list[dict[str, str]]:
    """The log's rulings as the list shows them (newest first)."""
    return [{"id": e.id, "when": e.when_words, "question": e.question, "verdict": e.verdict, "asked": e.asked,
             "rules": e.rules, "link": e.link} for e in log.entries]


class RulingLogList(PressEvents, PlainJSComponent):
    """The rulings kept, each with its link and Delete, and Undo (``ruling_log.mjs``)."""

    entries = param.List(default=[], item_type=dict, doc="Dicts: id, when, question, verdict, asked, rules, link.")
    can_undo = param.String(default="", doc="When the ruling Undo would bring back was made ('' none).")
    notice = param.String(default="", doc="What the last change did, or why it was refused.")
    notice_kind = param.String(default="", doc="info or error.")

    _esm = module_text(Path(__file__).with_name("ruling_log.mjs"))
    _stylesheets = [LOG_CSS]
    _press_kinds = ("delete", "undo-delete")


class RulingLogPane(pn.viewable.Viewer):
    """The rulings kept on this device, the log as a file, and an exported log added back (see
    the module docstring)."""

    checker = param.ClassSelector(class_=Checker)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._list = RulingLogList(css_classes=["ruling-log"], sizing_mode="stretch_width")
        self._list.on_event(self._act)
        self._export = pn.widgets.FileDownload(callback=self._export_file, filename="table-rulings.txt",
                                               label="Export the log (a text file)", css_classes=["ruling-export"],
                                               button_type="default", embed=False, stylesheets=[BUTTON_CSS])
        self._file = FileOpen(label="Add rulings from an exported log (a file)", css_classes=["ruling-import-file"],
                              margin=(5, 10))
        self._file.on_file(self._add_file)
        self._paste = pn.widgets.TextAreaInput(name="Or paste an exported log here", rows=3, max_length=400_000,
                                               css_classes=["ruling-import-text"], sizing_mode="stretch_width")
        self._add = pn.widgets.Button(name="Add these rulings", css_classes=["ruling-import"], stylesheets=[BUTTON_CSS])
        self._add.on_click(lambda _e: self._add_text())
        self._layout = pn.Column(self._list, self._export, self._file, self._paste, self._add,
                                 sizing_mode="stretch_width")
        self._show()
        self.log.param.watch(lambda *_e: self._show(), ["entries", "notice", "deleted"])

    @property
    def log(self) -> RulingLog:
        log: RulingLog = self.checker.log
        return log

    def _show(self) -> None:
        log, notice = self.log, self.log.notice
        self._list.param.update(entries=log_entries(log),
                                can_undo=log.deleted[0].when_words if log.deleted is not None else "",
                                notice=notice.text if notice is not None else "",
                                notice_kind=notice.kind if notice is not None else "")

    def _act(self, kind: str, entry_id: str, _value: str) -> None:
        if kind == "delete":
            self.log.delete(entry_id)
        else:
            self.log.undo_delete()

    def _add_text(self) -> None:
        """Add what was pasted; it stays in the box when it is refused (nothing lost)."""
        if self.checker.add_rulings(self._paste.value or ""):
            self._paste.value = ""

    def _add_file(self, name: str, text: str | None) -> None:
        if text is None:
            self.log.notice = Notice("error", f"\u201c{name[:60]}\u201d is too large to be an exported log. "
                                              "Nothing was added: the log is as it was.")
            return
        self.checker.add_rulings(text)

    def _export_file(self) -> io.StringIO:
        return io.StringIO(self.log.export_text())

    def __panel__(self):
        return self._layout
