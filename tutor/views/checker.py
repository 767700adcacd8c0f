"""The "Settle a hand" section: pick the question, tap or type the cards, read
the verdict: one plain sentence with the players' names first, the reasons
after. It only renders :mod:`tutor.model.checker` and calls its methods; the
engine (through the model) decides everything.

Markup read by the browser tests: the section ``.checker``; the mode picker
``.checker-mode``; per field (``attacker.banner`` -> ``attacker-banner``) a
row ``.field-<field>`` holding its text box (``input``), a button
``.focus-<field>`` that sends tapped cards there, and its problem line
``.problem-<field>``; the picker ``.card-picker`` (a
:class:`~.tables.board.Board` of ``button[data-key="Qs"]``);
``.checker-message`` (errors have ``role=alert``); ``.checker-verdict`` (its
lead sentence ``.headline``); ``.checker-command``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.checker import Checker, CheckForm
from tutor.model.compare import play_comparison
from tutor.model.rulings import STORAGE_KEY as RULINGS_KEY
from tutor.model.verdict_words import ruling_words

from .cards import CARD_CSS, card_face, card_row, cards_text
from .compare import COMPARE_CSS, comparison_html
from .esm import PlainJSComponent, module_text
from .fields import FieldsBox
from .layouts import wrapping_row
from .lesson import BUTTON_CSS
from .course import CourseStore, follow_store
from .rulings import HandOver, RulingLogPane
from .tables.board import Board
from .text import tag

CHECKER_CSS = CARD_CSS + """
.verdict { line-height: 1.4; font-size: 1rem; color: #1d2430; }
.verdict .headline { font-size: 1.1rem; color: #1d2430; margin: 0 0 6px 0; line-height: 1.4; }
.verdict .headline strong { color: #17407f; }
.verdict.empty { color: #4a5563; }
.verdict .rule, .verdict .ruling { font-size: 0.92em; color: #3b4452; margin: 4px 0; }
.ruling { padding: 6px 8px; background: #fff7e0; border-radius: 6px; color: #3b2f00; }
.ruling .ref { color: #4a5563; }
.verdict ul.notes li.ruled { list-style: none; }
.verdict .sides { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 8px; }
.verdict .side { flex: 1 1 300px; border: 1px solid #d0d4da; border-radius: 8px; padding: 8px; }
.verdict .side.wins { border: 2px solid #2f8a4a; background: #f3fcf5; }
.verdict h3 { font-size: 1em; }
.verdict .side h3 { margin: 0 0 6px 0; font-size: 1.05rem; }
.verdict .slot { display: inline-flex; flex-direction: column; align-items: center; margin: 0 3px 4px 0; }
.verdict .place { font-size: 0.7em; color: #5b6472; }
.verdict ul.notes { margin: 6px 0 0 0; padding-left: 1.2em; }
.verdict ul.notes li.excluded { color: #7d1d22; }
.verdict ul.notes li.quad-exception { color: #7a5200; }
.verdict ul.notes li.wild { color: #6b3fa0; }
.verdict table { border-collapse: collapse; width: 100%; }
.verdict th, .verdict td { border: 1px solid #d0d4da; padding: 4px 6px; vertical-align: top; text-align: left; }
.verdict td.yes { background: #f3fcf5; }
.verdict td.no { background: #fbf1f1; color: #5b2226; }
.verdict td .why { display: block; font-size: 0.85em; }
.verdict .grid { display: grid; grid-template-columns: repeat(5, minmax(44px, max-content)); gap: 4px; }
.verdict .grid .cell { position: relative; }
.verdict .grid .cell.lead .card { border: 2px solid #2f8a4a; box-shadow: 0 0 0 2px #bfe6c9; }
.verdict .grid .label { position: absolute; top: 1px; right: 3px; font-size: 0.6em; color: #5b6472; }
.verdict .hands li.lead { font-weight: 700; color: #1e5b30; }
"""

MESSAGE_CSS = """
.msg { padding: 8px 12px; border-radius: 6px; margin: 4px 0; white-space: pre-wrap; font-size: 1rem; }
.msg.error { background: #fdecec; color: #7d1d22; border: 1px solid #e9b1b4; }
.msg.hint { background: #f4f6f9; color: #3b4452; border: 1px solid #d0d4da; }
"""

COMMAND_CSS = """
.cmd { font-size: 0.85em; color: #3b4452; }
.cmd code { display: block; white-space: pre-wrap; word-break: break-word; background: #f4f6f9;
            padding: 6px 8px; border-radius: 6px; }
"""


PICKER_CSS = """
.reason-line { display: none; }
.suit-row { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 6px; }
.card { height: 3.2em; min-height: 48px; }
.card.used { opacity: 0.3; }
.card.elsewhere { border-style: dashed; }
.card.here { opacity: 1; border: 2px solid #1f5fbf; box-shadow: 0 0 0 3px #c9dbf7; background: #eef4ff; }
"""


def picker_html(form: CheckForm) -> str:
    """Every card the form offers, one row per suit; cards in the focused field
    are marked ``here``, cards used elsewhere (all copies) ``used``. A form without cards
    has no picker."""
    if not form.focus or not form.deck():
        return ""
    focus = form.field(form.focus)
    here = set(form.cards_in(focus.key)) if not focus.is_name else set()
    rows: dict[Any, list[str]] = {}
    for card in form.deck():
        used = len(form.where(card))
        if card in here:
            cls, why = "here", f"in {focus.label}: tap to take it out"
        elif used >= form.copies(card):
            cls, why = "used", "already placed: take it out of its field first"
        elif used:
            cls, why = "elsewhere", f"also in another field; tap to put one more in {focus.label}"
        else:
            cls, why = "", f"tap to put it in {focus.label}"
        rows.setdefault(card.suit, []).append(card_face(card, cls=cls, key=str(card), title=f"{card.words}: {why}"))
    return "".join(tag("div", "", "suit-row", raw="".join(faces)) for faces in rows.values())


# -- verdicts --------------------------------------------------------------------------
_MARK_CLASS = {"COUNTED": "counted", "EXCLUDED": "excluded", "FOUR_OF_A_KIND": "quad-exception", "WILD": "wild"}


def ruling_html(ruling: Any) -> str:
    """A ruling by its plain question and our reading (never its key), with the section."""
    question, reading = ruling_words(ruling)
    return tag("div", "", "ruling", raw=tag("b", "Not spelled out in the rules: ") + tag("span", question)
               + " " + tag("b", "Our reading: ") + tag("span", reading) + " " + tag("span", f"({ruling.ref.words})", "ref"))


def side_html(side: Any, title: str, wins: bool) -> str:
    """One player's cards as marked by the engine: counted (gold edge if in the
    best five), excluded by the opponent's banner (struck through, saying whose),
    counted by the four-of-a-kind exception, or wild."""
    slots = []
    notes = []
    for m in side.marks:
        kind = _MARK_CLASS[m.mark.name]
        cls = kind + (" best-five" if m.in_best else "")
        face = card_face(m.card, cls=cls, reason=m.reason)
        slots.append(tag("span", "", "slot", raw=face + tag("span", m.place.value, "place")))
        if kind != "counted":
            notes.append(tag("li", f"{m.card.label}: {m.reason} ({m.ref.words})", kind))
            if m.ruling is not None:
                notes.append(tag("li", "", "ruled", raw=ruling_html(m.ruling)))
    heading = f"{title}: {side.describe_hand()}" + (" — wins" if wins else "")
    best = tag("div", "Best five: ", "best", raw=card_row(card_face(c, cls="best-five") for c in side.best))
    own = tag("div", f"Cards of own banner suit ({side.holding.suit.word}) in the five: {side.own_suit_count}",
              "own")
    return tag("section", "", "side" + (" wins" if wins else ""),
               raw=tag("h3", heading) + tag("div", "", "marked", raw="".join(slots)) + best + own
               + (tag("ul", "", "notes", raw="".join(notes)) if notes else ""))


def _role_title(role: str, name: str) -> str:
    return f"{name} ({role})" if name.lower() != f"the {role}" else role.capitalize()


def battle_html(v: Any) -> str:
    parts = [tag("div", f"Rule: {v.ref.words}", "rule")]
    if v.ruling is not None:
        parts.append(ruling_html(v.ruling))
    outcome = v.outcome.value
    sides = side_html(v.attacker, _role_title("attacker", v.attacker.name), outcome == "attacker") + \
        side_html(v.defender, _role_title("defender", v.defender.name), outcome == "defender")
    parts.append(tag("div", "", "sides", raw=sides))
    return "".join(parts) + other_readings_html(v)


def other_readings_html(v: Any) -> str:
    """Where the verdict rests on how a table reads a clause: the other reading's answer."""
    return "".join(tag("p", f"Some tables read this rule the other way ({meaning}). There: {other.summary()}",
                       "other-reading") for _option, _token, meaning, other in getattr(v, "others", ()))


def showdown_html(v: Any) -> str:
    parts = [tag("div", f"Rule: {v.ref.words}", "rule")]
    if v.ruling is not None:
        parts.append(ruling_html(v.ruling))
    parts.append(tag("div", "", "sides", raw="".join(side_html(h, h.name, h.name in v.winners) for h in v.hands)))
    return "".join(parts) + other_readings_html(v)


def tableau_html(v: Any) -> str:
    from rules.refs import RULINGS

    from tutor.model.table_rules import kings_pot_readings

    board = v.board()
    lead_cells = {c for name in v.winner for c in name.cells}
    cells = "".join(tag("span", "", "cell" + (" lead" if c.index in lead_cells else ""),
                        raw=card_face(c.card, title=f"{c.card.words}: " + (f"turned in reveal round {c.label}"
                                                                     if c.label else "turned at the showdown"))
                        + tag("span", str(c.label or "S"), "label"))
                    for c in board.cells)
    king = next(h for h in v.hands if h.name.key == "king")
    items = "".join(tag("li", f"{h.name.title} ({h.name.where}): {cards_text(h.cards)} — {h.describe()}",
                        "lead" if h.name in v.winner else "") for h in v.hands)
    rulings = "".join(ruling_html(RULINGS[key]) for key in ("kings-pot-kings-hand-wins", "kings-pot-main-pot-winner")
                      if key in RULINGS)
    if hasattr(v, "pot_lines"):  # a whole deal: who takes each pot, then the hands
        return "".join([deal_pots_html(v), tag("div", "", "grid", raw=cells),
                        tag("p", "The small numbers are the reveal rounds (S: turned at the showdown).", "rule"),
                        tag("div", "King's hand: ", "kings", raw=card_row(card_face(c) for c in king.cards)),
                        tag("ol", "", "hands", raw=items)])
    return "".join([
        tag("div", "", "grid", raw=cells),
        tag("p", "The small numbers are the reveal rounds (S: turned at the showdown).", "rule"),
        tag("div", "King's hand: ", "kings", raw=card_row(card_face(c) for c in king.cards)),
        tag("ol", "", "hands", raw=items), rulings,
        tag("h3", "Under your table's reading"),  # who takes the King's pot rests on a table option
        tag("ul", "", "other-readings", raw="".join(tag("li", line) for line in kings_pot_readings(v)))])


def deal_pots_html(v: Any) -> str:
    """Each pot in one short paragraph (who, how much, why) with its rule, then what another
    reading of a table option would pay, where it pays differently."""
    parts = []
    for line in v.pot_lines():
        parts.append(tag("p", line.text, "pot-line"))
        parts.append(tag("div", f"Rule: {line.ref.words}", "rule"))
        if line.ruling is not None:
            parts.append(ruling_html(line.ruling))
    for _option, _token, meaning, other in v.others:
        said = " ".join(line.text for line in other.pot_lines())
        parts.append(tag("p", f"Some tables read this rule the other way ({meaning}). There: {said}",
                         "other-reading"))
    return tag("div", "", "pots", raw="".join(parts))


def verdict_html(form: CheckForm) -> str:
    v = form.verdict
    if v is None:
        return tag("div", "The verdict appears here as soon as the cards are all in.", "verdict empty")
    if form.verdict_kind == "comparison":
        comparison = play_comparison(v)
        return tag("div", "", "verdict", raw=comparison_html(comparison, headline_cls="headline"))
    show = VERDICT_BODIES.get(form.verdict_kind, plain_verdict_html)
    under = tag("p", form.rules_words(), "rules-under")
    return tag("div", "", "verdict", raw=under + headline_html(form.headline()) + show(v))


def plain_verdict_html(verdict: Any) -> str:
    """A verdict of a kind no view here knows: its own description, line by line."""
    describe = getattr(verdict, "describe", None)
    text = describe() if callable(describe) else str(verdict)
    return tag("div", "", "plain", raw="".join(tag("p", line) for line in text.splitlines() if line.strip()))


VERDICT_BODIES = {"battle": battle_html, "showdown": showdown_html, "tableau": tableau_html}
"""How each kind of verdict (a form's ``verdict_kind``) is shown under its headline."""


def headline_html(sentence: str, cls: str = "headline") -> str:
    """The lead sentence, its first clause (who wins) in bold."""
    lead, colon, rest = sentence.partition(": ")
    if not colon:
        return tag("p", sentence, cls)
    return tag("p", "", cls, raw=tag("strong", lead + ":") + tag("span", " " + rest))


def message_html(form: CheckForm) -> str:
    if form.error:
        return tag("div", form.error, "msg error", role="alert")
    if form.hint:
        return tag("div", form.hint, "msg hint", role="status")
    return ""


def command_html(form: CheckForm) -> str:
    if form.verdict is None:
        return ""
    # behind a switch (issue 34, point 5): a table needs the verdict, a developer may want the command
    return tag("details", "", "cmd", raw=tag("summary", "As a command") +
               tag("p", "The same question on the command line:") + tag("code", form.command_line()))


# -- the form view -----------------------------------------------------------------------
def field_class(key: str) -> str:
    return key.replace(".", "-")


def field_items(form: CheckForm) -> list[dict[str, Any]]:
    """The fields as the :class:`~.fields.FieldsBox` builds them (their counts apart)."""
    return [{"key": f.key, "cls": field_class(f.key), "label": f.label, "kind": f.kind, "group": f.group,
             "placeholder": _placeholder(f)} for f in form.fields()]


def field_counts(form: CheckForm) -> dict[str, str]:
    """Each card field's count of cards, out of its most when it has one: ``(2/3)``."""
    reading = form.read()
    counts = {}
    for f in form.fields():
        if not f.is_name:
            have = len(reading.cards.get(f.key, ()))
            counts[f.key] = f"({have}/{f.most})" if f.most else f"({have})"
    return counts


class VerdictBox(PlainJSComponent):
    """The verdict (HTML from Python, escaped by construction). A new verdict whose lead sentence
    lands below what the screen shows is scrolled up into sight (``verdict_box.mjs``)."""

    html = param.String(default="", doc="The verdict's HTML.")

    _esm = module_text(Path(__file__).with_name("verdict_box.mjs"))


class FormView(pn.viewable.Viewer):
    """One checker form: fields (each checked as it is typed), options, the card
    picker, the message, the verdict and the equivalent command line."""

    form = param.ClassSelector(class_=CheckForm)
    keep = param.Callable(default=None, doc="Keeps the verdict in the table's log (the checker's keep_ruling).")

    def __init__(self, **params: Any):
        super().__init__(**params)
        form = self.form
        self._handover = HandOver(form=form, keep=self.keep)  # the ruling's link and QR code, the log
        self._fields = FieldsBox(css_classes=["checker-fields"], sizing_mode="stretch_width")
        self._fields.on_event(self._field_event)
        # the tables' clickable surface: card buttons send their data-key
        self._picker = Board(css_classes=["card-picker"], sizing_mode="stretch_width", stylesheets=[PICKER_CSS])
        self._picker.on_key(lambda key, _value: self.form.tap(key))
        self._message = pn.pane.HTML("", css_classes=["checker-message"], sizing_mode="stretch_width",
                                     stylesheets=[MESSAGE_CSS])
        self._verdict = VerdictBox(css_classes=["checker-verdict"], sizing_mode="stretch_width",
                                   stylesheets=[CHECKER_CSS, COMPARE_CSS])
        self._command = pn.pane.HTML("", css_classes=["checker-command"], sizing_mode="stretch_width",
                                     stylesheets=[COMMAND_CSS])
        buttons = [self._button("Check", "checker-check", lambda: form.check(), "primary"),
                   self._button("Clear the cards", "checker-clear", lambda: form.clear()),
                   self._button("Example", "checker-example", lambda: form.example())]
        buttons += [self._button(label, cls, getattr(form, method)) for label, cls, method in form.actions]
        self._layout = pn.Column(
            pn.pane.HTML(tag("div", "Type the cards (like Qs 10h 9c) or tap “Tap cards in” beside a field "
                                    "and then tap the cards below; tap a card again to take it out.", "how"),
                         margin=(0, 5)),
            # the verdict and the message right under the fields and buttons: below the card
            # picker they came out of sight (a phone screen down) as the last card was typed
            self._fields, wrapping_row(*buttons), self._message, self._verdict, self._handover, self._picker,
            self._command, sizing_mode="stretch_width", css_classes=[f"checker-form-{form.game}"])
        form.param.watch(self._changed, ["texts", "focus", "verdict", "error", "hint", "problems", "typing"]
                         + list(form.options))
        if form.shape:
            form.param.watch(lambda _e: self._render_all(), list(form.shape))
        self._render_all()

    def _button(self, name: str, cls: str, go: Any, kind: str = "default") -> pn.widgets.Button:
        button = pn.widgets.Button(name=name, css_classes=[cls], button_type=kind, stylesheets=[BUTTON_CSS])
        button.on_click(lambda _e: go())
        return button

    def _field_event(self, kind: str, key: str, value: str) -> None:
        form = self.form
        if kind == "option":
            if key in form.options:
                setattr(form, key, value)
            return
        try:
            form.field(key)
        except KeyError:
            return  # a message from a row that is gone (a player removed meanwhile)
        if kind == "focus":
            form.focus_on(key)
        elif kind == "input":
            form.set_text(key, value, typing=True)
        else:
            if form.texts.get(key) != value or form.typing:
                form.set_text(key, value)
            form.commit(key)

    def _changed(self, *events: Any) -> None:
        self._render({e.name for e in events})

    def _render_all(self) -> None:
        self._fields.fields = field_items(self.form)
        self._fields.options = [{"key": name, "label": self.form.param[name].doc.rstrip("."),
                                 "value": bool(getattr(self.form, name))} for name in self.form.options]
        self._render({"texts", "focus", "verdict", "error", "hint", "problems"})

    def _render(self, names: set[str]) -> None:
        form = self.form
        fields = self._fields
        if names & {"texts", "focus", "problems", "typing"}:
            items = field_items(form)
            if items != fields.fields:  # the form's shape changed: the boxes are rebuilt
                fields.fields = items
            fields.param.update(texts=dict(form.texts), problems=dict(form.problems), focus=form.focus,
                                counts=field_counts(form))
            self._picker.html = picker_html(form)
        if names & set(form.options):
            self._fields.options = [dict(o, value=bool(getattr(form, o["key"]))) for o in fields.options]
        self._message.object = message_html(form)
        self._verdict.html = verdict_html(form)
        self._handover.show()
        self._command.object = command_html(form)

    def __panel__(self):
        return self._layout


def _placeholder(f: Any) -> str:
    if f.placeholder:
        return f.placeholder
    if f.is_name:
        return "a name (optional)" if not f.least else "a name"
    return "cards, e.g. 9c 10h Qs"


MODE_CSS = """
.bk-btn-group { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 6px; height: auto; }
.bk-btn-group > .bk-btn { margin: 0 !important; border-radius: 8px !important; white-space: normal;
  border: 1px solid #8d96a3 !important; background-color: #fff !important; color: #1d2430 !important; }
.bk-btn-group > .bk-btn.bk-active { background-color: #1f5fbf !important; border-color: #1a52a6 !important;
  color: #fff !important; font-weight: 600; box-shadow: none !important; }
"""
"""The mode buttons on a grid: two rows of two on a phone, one row on a wide screen
(Bokeh's joined row ran past a phone's edge), the one picked in the page's accent
(``!important``: Panel's theme styles them through ``:host(.solid)``, more specific)."""


class CheckerView(pn.viewable.Viewer):
    """The Settle view's content: the question to check (a mode picker) and its form,
    headed by the form's title (h2). Built the first time the view is shown
    (:meth:`open`), so the page does not pay for it until then; each form view is
    built when first picked."""

    checker = param.ClassSelector(class_=Checker)
    table_rules = param.Parameter(default=None, doc="The table's rules being set up in Play, and those "
                                                    "saved on this device (tutor.model.table_rules).")

    def __init__(self, **params: Any):
        params.setdefault("checker", Checker())
        super().__init__(**params)
        self._rules = pn.widgets.Select(name="Rules", options=[], css_classes=["checker-rules"],
                                        sizing_mode="stretch_width", stylesheets=[BUTTON_CSS])
        self._choices: dict[str, tuple[str, dict[str, str], str]] = {}
        self._rules.param.watch(self._pick_rules, ["value"])
        if self.table_rules is not None:
            self.table_rules.param.watch(self._table_chose, ["game", "variant", "options", "rules_name", "saved"])
            self._table_chose()
        self._views: dict[str, FormView] = {}
        self._holder = pn.Column(sizing_mode="stretch_width")
        self._title = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["checker-title"],
                                   stylesheets=[":host h2 { font-size: 1.2rem; margin: 8px 0 4px; color: #1d2430; }"])
        self._layout = pn.Column(sizing_mode="stretch_width", css_classes=["checker"])
        self._mode: pn.widgets.RadioButtonGroup | None = None
        # the log on this device: the course's storage bridge under the log's key (the page places it)
        self.store = CourseStore(key=RULINGS_KEY, css_classes=["ruling-store"])
        follow_store(self.store, self.checker.log)
        self.checker.param.watch(lambda _e: self._show(), ["opened"])  # a ruling link opened

    def open(self) -> None:
        """Build the section (once)."""
        if self._mode is not None:
            return
        self._mode = pn.widgets.RadioButtonGroup(options={t: m for m, t in self.checker.titles().items()},
                                                 value=self.checker.mode, css_classes=["checker-mode"],
                                                 button_type="default", stylesheets=[BUTTON_CSS, MODE_CSS],
                                                 sizing_mode="stretch_width")
        self._mode.param.watch(lambda e: setattr(self.checker, "mode", e.new), ["value"])
        self.checker.param.watch(lambda _e: self._show(), ["mode"])
        self._show()
        self.log_pane = RulingLogPane(checker=self.checker)
        self._layout.objects = [self._mode, self._title, self._rules, self._holder, self.log_pane]

    def _table_chose(self, *_events: Any) -> None:
        """The table set up (or a link carried) a rule set: its game's questions are judged under it."""
        self.checker.use_table(self.table_rules)
        self._list_rules()

    def _list_rules(self) -> None:
        form = self.checker.form
        self._choices = self.checker.rule_sets(form.game, self.table_rules)
        now = (form.rules_variant, dict(form.rules_options), form.rules_title)
        label = next((k for k, v in self._choices.items() if v == now), None)
        if label is None:  # a rule set no longer listed (a link's): shown as it is
            label = form.rules_title or "The rules as written"
            self._choices[label] = now
        self._rules.param.update(options=list(self._choices), value=label)

    def _pick_rules(self, event: Any) -> None:
        chosen = self._choices.get(event.new)
        if chosen is not None:
            self.checker.use_rules(self.checker.form.game, *chosen)

    def _show(self) -> None:
        mode = self.checker.mode
        if self._mode is not None and self._mode.value != mode:
            self._mode.value = mode
        view = self._views.get(mode)
        if view is None:
            view = self._views[mode] = FormView(form=self.checker.forms[mode], keep=self.checker.keep_ruling)
        self._title.object = tag("h2", view.form.title)
        self._list_rules()
        self._holder.objects = [view]

    def __panel__(self):
        return self._layout
