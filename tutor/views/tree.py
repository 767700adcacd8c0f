"""The study tree: main line first, variations indented; click to go there,
promote or delete, back to the main line in one click, notes; undo and redo
any change of the tree (a deleted line comes back with its notes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.model.app import TutorApp
from tutor.model.study import Study
from tutor.model.tree import Row

from .components import ItemList
from .layouts import wrapping_row
from .lesson import BUTTON_CSS

# Bokeh's stock danger red (#d9534f) under white text is 3.9:1; this one is 6.5:1
DANGER_CSS = ".bk-btn-danger { background-color: #b02a30; border-color: #8f2227; color: #ffffff; }"


def row_item(row: Row, seat: int | None = None) -> dict[str, Any]:
    """One line of the tree list; the move as ``seat`` may read it (None: all of it)."""
    node = row.node
    label = "Start" if node.is_root else f"{row.ply}. {node.words(seat)}"
    if row.starts_variation:
        label = "↳ " + label
    if node.note:
        label += " ✎ " + node.note
    classes = []
    if row.depth:
        classes.append("variation")
    if node.steps:
        classes.append("lesson")
    item = {"key": node.id, "label": label, "depth": row.depth, "cls": " ".join(classes)}
    if node.note:
        item["title"] = node.note
    return item


class TreePane(pn.viewable.Viewer):
    app = param.ClassSelector(class_=TutorApp)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._rows = ItemList(mode="list", label="Lines of this study", css_classes=["tree-list"],
                              sizing_mode="stretch_width")
        self._rows.on_pick(self._goto)
        self._main = self._button("Back to main line", "tree-main", lambda s: s.back_to_main_line())
        self._promote = self._button("Promote", "tree-promote", lambda s: s.promote())
        self._make_main = self._button("Make main line", "tree-make-main", lambda s: s.make_main_line())
        self._delete = self._button("Delete from here", "tree-delete", lambda s: s.delete(),
                                    button_type="danger")
        self._undo = self._button("↶ Undo", "tree-undo", lambda s: s.undo())
        self._redo = self._button("↷ Redo", "tree-redo", lambda s: s.redo())
        self._note = pn.widgets.TextInput(placeholder="Your note on this position", css_classes=["note-input"],
                                          sizing_mode="stretch_width", min_width=160, max_length=2000)
        self._save_note = self._button("Save note", "note-save",
                                       lambda s: s.set_note(self._note.value_input or self._note.value))
        self._layout = pn.Column(
            pn.pane.HTML("<b>Lines</b> (main line first; your variations are indented)", margin=(10, 5, 0, 5)),
            self._rows,
            wrapping_row(self._main, self._promote, self._make_main, self._delete, self._undo, self._redo),
            pn.Row(self._note, self._save_note, sizing_mode="stretch_width"),
            sizing_mode="stretch_width", css_classes=["tree-pane"])
        self._update(frozenset({"study"}))

    def _button(self, label: str, cls: str, do: Callable[[Study], object],
                button_type: str = "default") -> pn.widgets.Button:
        button = pn.widgets.Button(name=label, css_classes=[cls], button_type=button_type,
                                   stylesheets=[BUTTON_CSS, DANGER_CSS])
        button.on_click(lambda _e: self.app.study is not None and do(self.app.study))
        return button

    def _goto(self, key: Any) -> None:
        study = self.app.study
        if study is not None and isinstance(key, int) and key in study.tree:
            study.goto(key)

    @param.depends("app.change", watch=True)
    def _changed(self) -> None:
        self._update(self.app.change.names)

    def _update(self, names: frozenset[str]) -> None:
        study = self.app.study
        if study is None or names.isdisjoint({"study", "current", "tree", "step", "seat", "covered", "undo_stack",
                                              "redo_stack"}):
            return
        tree = study.tree
        node = study.node
        if not names.isdisjoint({"study", "tree", "seat", "covered"}):
            self._rows.show([row_item(row, study.viewer) for row in tree.rows()], node.id)
        else:
            self._rows.selected = node.id
        on_main = tree.on_main_line(node.id)
        for button, off in ((self._main, on_main), (self._promote, on_main), (self._make_main, on_main),
                            (self._delete, node.is_root or bool(node.steps)), (self._undo, not study.can_undo),
                            (self._redo, not study.can_redo)):
            if button.disabled != off:
                button.disabled = off
        if self._note.value != node.note:
            self._note.value = node.note

    def __panel__(self):
        return self._layout
