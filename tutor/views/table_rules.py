"""Your table's rules, in Play's table setup: a form generated from the game's
declared options (:class:`tutor.model.table_rules.TableRules` builds the
rules; nothing here knows one), a name, and the rule sets kept on this device.

Markup read by the browser tests: ``.table-rules`` (a ``<details>``; its
summary ``.rules-title`` names the rule set), ``.rules-option`` per question
(``data-name``) with radio inputs (``value`` = the choice) or a ``.rules-free``
input, ``.rules-name`` (the name field), ``.rules-keep``, ``.rules-reset``,
``.rules-notice``, ``.rules-saved-item`` (``data-id``) with ``.rules-use`` and
``.rules-delete``; ``.rules-qr`` (the rule set's QR code and share: :class:`~.qr.QrBox`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.rule_link import rule_set_link
from tutor.model.table_rules import STORAGE_KEY, TableRules

from .esm import PlainJSComponent, module_text
from .library import LibraryStore, PressEvents
from .qr import QrBox
from .sheet import SheetLink, sheet_html


class RuleSetStore(LibraryStore):
    """The device's storage for rule sets: the saved studies' bridge, under its own key."""

    _marks_loaded = False  # the saved studies' store already watches the page's link-up

    def __init__(self, **params: Any):
        params.setdefault("key", STORAGE_KEY)
        super().__init__(**params)


class RulesForm(PressEvents, PlainJSComponent):
    """The form (see the module docstring); presses go back as ``{kind, name, value}``."""

    rows = param.List(default=[], item_type=dict, doc="OptionRow.as_dict() for each question.")
    title = param.String(default="", doc="What the rules are called (the rule set's name, else the preset).")
    preset = param.String(default="", doc="The preset the rule set starts from.")
    rules_name = param.String(default="", doc="The rule set's name (a component's own 'name' is Panel's).")
    custom = param.Boolean(default=False, doc="Whether the rules differ from the preset or have a name.")
    saved = param.List(default=[], item_type=dict, doc="Dicts: id, name, variant: the rule sets of this game kept on this device.")
    notice = param.String(default="", doc="Why the last change was refused, or what the last save did.")
    notice_kind = param.String(default="", doc="info or error.")

    _esm = module_text(Path(__file__).with_name("rules_form.mjs"))

    _stylesheets = ["""
    :host { display: block; width: 100%; }
    .table-rules { color: #1d2430; font-size: 1rem; line-height: 1.4; border: 1px solid #8a929e; border-radius: 8px; }
    .table-rules > summary { min-height: 44px; display: flex; align-items: center; padding: 0 10px; cursor: pointer; }
    .table-rules > summary:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .rules-title { margin-left: 4px; overflow-wrap: anywhere; }
    .rules-body { padding: 4px 10px 10px; display: grid; gap: 8px; }
    .rules-lead { margin: 0; color: #3d4654; font-size: 0.95rem; }
    .rules-body h3 { font-size: 1rem; margin: 4px 0 0; }
    .rules-saved { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
    .rules-saved-item { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    .rules-saved-name { flex: 1 1 10em; font-weight: 600; overflow-wrap: anywhere; }
    .rules-field { display: grid; gap: 2px; }
    .rules-label { font-weight: 600; }
    .rules-name, .rules-free { font: inherit; min-height: 44px; padding: 0 8px; border: 1px solid #8a929e; border-radius: 6px; }
    .rules-free { width: 5em; margin: 0 6px; }
    .rules-actions { display: flex; flex-wrap: wrap; gap: 6px; }
    .rules-btn { font: inherit; min-height: 44px; min-width: 44px; padding: 0 12px; border-radius: 6px;
                 border: 1px solid #8a929e; background: white; color: #1d2430; cursor: pointer; }
    .rules-btn.primary { background: #1f5fbf; border-color: #1f5fbf; color: white; }
    .rules-btn.danger { border-color: #a3262d; color: #8a1f25; }
    .rules-btn:disabled { opacity: 0.55; cursor: default; }
    .rules-btn:focus-visible, .rules-name:focus-visible, .rules-free:focus-visible, .rules-choice input:focus-visible {
      outline: 3px solid #1f5fbf; outline-offset: 1px; }
    .rules-notice:empty { display: none; }
    .rules-notice { padding: 6px 8px; border-radius: 6px; }
    .rules-notice.error { color: #8a1f25; background: #fdeeee; border: 1px solid #e3b5b8; }
    .rules-notice.info { color: #1e5b30; background: #eaf6ee; }
    .rules-option { border: 1px solid #c4cad3; border-radius: 8px; margin: 0; padding: 6px 10px 8px; }
    .rules-question { font-weight: 700; padding: 0 4px; }
    .rules-choice { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; min-height: 44px; padding: 2px 0; }
    .rules-choice input[type=radio] { width: 22px; height: 22px; margin: 0; flex: none; }
    .rules-meaning { flex: 1 1 12em; }
    .rules-preset { font-size: 0.85rem; color: #1e4f8f; border: 1px solid #9db7dc; border-radius: 10px; padding: 0 6px; }
    .rules-cite { margin: 4px 0 0; font-size: 0.85rem; color: #4a5563; }
    """]

    _press_kinds = ("choose", "name", "save", "reset", "pick", "delete")
    _press_key = "name"  # on_event(callback): callback(kind, name, value)

    def press(self, kind: str, name: str = "", value: str = "") -> None:
        """What a press in the form does (tests under CPython call this)."""
        self._handle_msg({"kind": kind, "name": name, "value": value})


class TableRulesPane(pn.viewable.Viewer):
    """The form showing a :class:`TableRules` (its storage bridge, ``store``, is placed by the page)."""

    rules = param.ClassSelector(class_=TableRules)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.form = RulesForm(css_classes=["rules-form"], sizing_mode="stretch_width")
        self.form.on_event(self._act)
        # the device's storage: always on the page (the page places it; the form waits for Play)
        self.store = RuleSetStore(css_classes=["rules-store"])
        self.store.on_event(self._stored)
        self.sheet = SheetLink(css_classes=["rules-sheet"])  # the rules on one page, to print
        # these rules on another phone: a QR code or the share sheet (the app's one QR mechanism)
        self.qr = QrBox(label="these rules", css_classes=["rules-qr"], sizing_mode="stretch_width")
        self._layout = pn.Column(self.form, self.sheet, self.qr, sizing_mode="stretch_width",
                                 css_classes=["table-rules-pane"])
        self._show()

    @param.depends("rules.stored", watch=True)
    def _keep(self) -> None:
        self.store.stored = self.rules.stored

    def _stored(self, kind: str, value: str) -> None:
        if kind == "loaded":
            self.rules.load(value)
            self.store.stored = self.rules.stored
        elif kind == "written":
            self.rules.written(value)
        elif kind == "changed":
            self.rules.changed(value)
        else:
            self.rules.storage_failed(value)

    def _act(self, kind: str, name: str, value: str) -> None:
        rules = self.rules
        if kind == "choose":
            rules.choose(name, value)
        elif kind == "name":
            rules.set_name(value)
        elif kind == "save":
            rules.save()
        elif kind == "reset":
            rules.reset()
        elif kind == "pick":
            rules.pick(value)
        elif kind == "delete":
            rules.delete(value)

    @param.depends("rules.game", "rules.variant", "rules.options", "rules.rules_name", "rules.notice", "rules.saved",
                   watch=True)
    def _show(self) -> None:
        rules = self.rules
        notice = rules.notice
        self.form.param.update(
            rows=[r.as_dict() for r in rules.rows()], title=rules.title(), preset=rules.preset_title(), rules_name=rules.rules_name,
            custom=rules.is_custom(),
            saved=[{"id": e.id, "name": e.name, "variant": rules.preset_title(e.variant)} for e in rules.saved_for(rules.game)],
            notice=notice.text if notice is not None else "", notice_kind=notice.kind if notice is not None else "")
        sheet = rules.sheet()
        self.sheet.html = sheet_html(sheet) if sheet is not None else ""
        self.qr.fragment = rule_set_link(rules.game, rules.variant, rules.options, rules.rules_name) \
            if rules.game and rules.variant else ""
        self.qr.visible = bool(self.qr.fragment)

    def __panel__(self):
        return self._layout
