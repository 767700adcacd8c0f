"""A ruling handed over, and the table's log (issue 34, point 4): thin views of
:mod:`tutor.model.rulings`.

:class:`HandOver` sits under a verdict: the ruling's link as a QR code and the phone's share
sheet (:class:`~.qr.QrBox`, the one QR mechanism of the app), and "Keep in our table's log".
:class:`RulingLogPane` lists the rulings kept on this device, newest first, each with a link
that opens it again, and exports the log as a text file. Its storage bridge is the course's
(:class:`~.course.CourseStore` under the log's key, wired by :func:`~.course.follow_store`);
the page places it.

Markup read by the browser tests: ``.ruling-handover`` (with the QR box ``.ruling-qr`` and
``.ruling-keep``), ``.ruling-log`` (its items ``li.ruling-item``, each with ``a.ruling-open``;
``.ruling-log-notice``) and ``.ruling-export``.
"""

from __future__ import annotations

import io
from typing import Any

import panel as pn
import param

from tutor.model.rulings import RulingLog, ruling_link

from .layouts import wrapping_row
from .lesson import BUTTON_CSS
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


# inside the pane's own shadow root: selectors start at the list's class, not the pane's
LOG_CSS = """
.ruling-log-list { font-size: 1rem; }
.ruling-log-list h3 { font-size: 1.05rem; margin: 10px 0 4px 0; color: #1d2430; }
.ruling-log-list ol { margin: 0; padding-left: 1.2em; }
.ruling-log-list li { margin: 0 0 8px 0; line-height: 1.4; color: #1d2430; }
.ruling-log-list .when { color: #3b4452; }
.ruling-log-list .asked, .ruling-log-list .under { display: block; color: #3b4452; font-size: 0.92rem; word-break: break-word; }
.ruling-log-list a.ruling-open { display: inline-flex; align-items: center; min-height: 44px; color: #1a4f9e; }
.ruling-log-list .empty { color: #4a5563; }
.msg { padding: 6px 10px; border-radius: 6px; margin: 4px 0; }
.msg.error { background: #fdecec; color: #7d1d22; border: 1px solid #e9b1b4; }
.msg.info { background: #eef7f0; color: #1e5b30; border: 1px solid #b9dcc3; }
"""


def log_html(log: RulingLog) -> str:
    """The table's log: each ruling kept, newest first, with a link that opens it again."""
    items = "".join(
        tag("li", "", "ruling-item", raw=tag("span", f"{e.when_words} \u2014 {e.question}", "when") + " "
            + tag("b", e.verdict) + tag("span", f"Asked: {e.asked}", "asked") + tag("span", e.rules, "under")
            + tag("a", "Open this ruling", "ruling-open", href=f"#{e.link}"))
        for e in log.entries)
    body = tag("ol", "", raw=items) if items else tag("p", "No rulings kept yet: under a verdict, "
                                                             "\u201cKeep in our table's log\u201d adds it here.", "empty")
    notice = log.notice
    said = tag("div", notice.text, f"msg {notice.kind} ruling-log-notice",
               role="alert" if notice.kind == "error" else "status") if notice is not None else ""
    return tag("section", "", "ruling-log-list", raw=tag("h3", f"Our table's rulings ({len(log.entries)})")
               + said + body)


class RulingLogPane(pn.viewable.Viewer):
    """The rulings kept on this device, and the log as a file (see the module docstring)."""

    log = param.ClassSelector(class_=RulingLog)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._list = pn.pane.HTML("", sizing_mode="stretch_width", stylesheets=[LOG_CSS], css_classes=["ruling-log"])
        self._export = pn.widgets.FileDownload(callback=self._export_file, filename="table-rulings.txt",
                                               label="Export the log (a text file)", css_classes=["ruling-export"],
                                               button_type="default", embed=False, stylesheets=[BUTTON_CSS])
        self._layout = pn.Column(self._list, self._export, sizing_mode="stretch_width")
        self._show()

    @param.depends("log.entries", "log.notice", watch=True)
    def _show(self) -> None:
        self._list.object = log_html(self.log)

    def _export_file(self) -> io.StringIO:
        return io.StringIO(self.log.export_text())

    def __panel__(self):
        return self._layout
