"""Sharing: the link to this study (copy it, show it as a QR code, or hand it to the
phone's share sheet), opening a link, export and import as a text file, and the study's name."""

from __future__ import annotations

import io
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.study import Notice

from .components import FileOpen
from .layouts import wrapping_row
from .lesson import BUTTON_CSS
from .qr import QrBox


class SharePane(pn.viewable.Viewer):
    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._title = pn.widgets.TextInput(name="Name of this study", placeholder="e.g. Friday's disputed hand",
                                           css_classes=["study-title"], sizing_mode="stretch_width",
                                           max_length=200)
        self._title.param.watch(self._rename, ["value"])
        # the link to read and copy, its QR code and the phone's share sheet: one component, so a
        # Next sends the new link to the page once
        self.qr = QrBox(file_maker=lambda: (self.app.export_filename(), self.app.export_file()),
                        show_link=True, offer_copy=False, css_classes=["link-box", "share-qr"],
                        sizing_mode="stretch_width")
        self._paste = pn.widgets.TextInput(placeholder="Paste a Palace Tutor link to open it",
                                           css_classes=["open-link-input"], sizing_mode="stretch_width",
                                           min_width=160)
        self._open = pn.widgets.Button(name="Open link", css_classes=["open-link"], stylesheets=[BUTTON_CSS])
        self._open.on_click(lambda _e: self.app.open_link(self._paste.value_input or self._paste.value))
        self._export = pn.widgets.FileDownload(callback=self._export_file, filename="study.palace-tutor.txt",
                                               label="Export as a text file", css_classes=["export-file"],
                                               button_type="default", embed=False)
        self._import = FileOpen(label="Import a study file", css_classes=["import-file"])
        self._import.on_file(self._imported)
        self._layout = pn.Column(
            pn.pane.HTML("<b>Share</b>: the link holds the whole study (lines, notes and where you are).",
                         margin=(10, 5, 0, 5)),
            self._title, self.qr,
            pn.Row(self._paste, self._open, sizing_mode="stretch_width"),
            wrapping_row(self._export, self._import, gap="12px"),
            sizing_mode="stretch_width", css_classes=["share-pane"])
        self._update(frozenset({"study"}))

    def _rename(self, event: Any) -> None:
        if self.app.study is not None and self.app.study.title != event.new:
            self.app.study.title = event.new

    @param.depends("app.change", watch=True)
    def _changed(self) -> None:
        self._update(self.app.change.names)

    def _update(self, names: frozenset[str]) -> None:
        study = self.app.study
        if study is None:
            return
        if not names.isdisjoint({"study", "current", "step", "tree", "title"}):
            self.qr.fragment = self.app.link()  # made once a step, for the address bar too
            self.qr.label = "this step" if study.lesson is not None else "this study"
        if not names.isdisjoint({"study", "title"}):
            self._title.value = study.title
            self._export.filename = self.app.export_filename()

    def _export_file(self) -> io.StringIO:
        return io.StringIO(self.app.export_file())

    def _imported(self, name: str, text: str | None) -> None:
        if text is None:
            self.app.notice = Notice("error", f"{name} is too large to be a study file. Nothing was changed.")
        else:
            self.app.import_file(text)

    def __panel__(self):
        return self._layout
