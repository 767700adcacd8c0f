"""The "Check a disputed hand" section: pick the question, tap or type the cards,
read the verdict with its reasons. It only renders :mod:`tutor.model.checker`
and calls its methods; the engine (through the model) decides everything.

Markup read by the browser tests: the section ``.checker``; the mode picker
``.checker-mode``; per field a focus button ``.focus-<field>`` and a text box
``.field-<field>`` (``attacker.banner`` -> ``attacker-banner``); the picker
``.card-picker`` (a :class:`~.tables.board.Board` of ``button[data-key="Qs"]``); ``.checker-message`` (errors
have ``role=alert``); ``.checker-verdict``; ``.checker-command``.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from rules.cards import Card, Suit
from rules.palace import PRESETS as PALACE_PRESETS
from rules.palace_poker import BattleVerdict, Mark, Outcome, ShowdownVerdict, SideHand
from tutor.model.checker import MODE_TITLES, Checker, CheckForm, ShowdownForm, TableauForm

from .cards import CARD_CSS, card_face, card_row, cards_text
from .lesson import BUTTON_CSS
from .tables.board import Board
from .text import esc, tag

CHECKER_CSS = CARD_CSS + """
.verdict { line-height: 1.4; }
.verdict .outcome { font-size: 1.2rem; font-weight: 700; color: #1f5fbf; margin-bottom: 4px; }
.verdict .rule, .verdict .ruling { font-size: 0.92em; color: #3b4452; margin: 4px 0; }
.verdict .ruling { padding: 6px 8px; background: #fff7e0; border-radius: 6px; }
.verdict .sides { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 8px; }
.verdict .side { flex: 1 1 300px; border: 1px solid #d0d4da; border-radius: 8px; padding: 8px; }
.verdict .side.wins { border: 2px solid #2f8a4a; background: #f3fcf5; }
.verdict .side h4 { margin: 0 0 6px 0; font-size: 1.05rem; }
.verdict .slot { display: inline-flex; flex-direction: column; align-items: center; margin: 0 3px 4px 0; }
.verdict .place { font-size: 0.7em; color: #5b6472; }
.verdict ul.notes { margin: 6px 0 0 0; padding-left: 1.2em; }
.verdict ul.notes li.excluded { color: #7d1d22; }
.verdict ul.notes li.quad-exception { color: #7a5200; }
.verdict ul.notes li.wild { color: #6b3fa0; }
.verdict .stale { padding: 6px 8px; background: #eef4ff; border-radius: 6px; margin-bottom: 6px; }
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
.msg { padding: 8px 12px; border-radius: 6px; margin: 4px 0; white-space: pre-wrap; }
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
    are marked ``here``, cards used elsewhere (all copies) ``used``."""
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
_OUTCOME_WORDS = {Outcome.ATTACKER: "Winner: the attacker", Outcome.DEFENDER: "Winner: the defender",
                  Outcome.BOTH_FOLD: "No winner: a complete tie, both fold",
                  Outcome.SPLIT: "No winner: a complete tie, they split the pot"}
_MARK_CLASS = {Mark.COUNTED: "counted", Mark.EXCLUDED: "excluded", Mark.FOUR_OF_A_KIND: "quad-exception",
               Mark.WILD: "wild"}


def side_html(side: SideHand, title: str, wins: bool) -> str:
    """One player's cards as marked by the engine: counted (gold edge if in the
    best five), excluded by the opponent's banner (struck through, saying whose),
    counted by the four-of-a-kind exception, or wild."""
    slots = []
    notes = []
    for m in side.marks:
        cls = _MARK_CLASS[m.mark] + (" best-five" if m.in_best else "")
        face = card_face(m.card, cls=cls, reason=m.reason)
        slots.append(tag("span", "", "slot", raw=face + tag("span", m.place.value, "place")))
        if m.mark is not Mark.COUNTED:
            rule = f" [{m.ref}]"
            ruling = f" Ruling {m.ruling.key}: {m.ruling.reading}." if m.ruling is not None else ""
            notes.append(tag("li", f"{m.card.label}: {m.reason}{rule}{ruling}", _MARK_CLASS[m.mark]))
    heading = f"{title}: {side.describe_hand()}" + (" — wins" if wins else "")
    best = tag("div", "Best five: ", "best", raw=card_row(card_face(c, cls="best-five") for c in side.best))
    own = tag("div", f"Cards of own banner suit ({side.holding.suit.word}) in the five: {side.own_suit_count}",
              "own")
    return tag("section", "", "side" + (" wins" if wins else ""),
               raw=tag("h4", heading) + tag("div", "", "marked", raw="".join(slots)) + best + own
               + (tag("ul", "", "notes", raw="".join(notes)) if notes else ""))


def battle_html(v: BattleVerdict) -> str:
    parts = [tag("div", _OUTCOME_WORDS[v.outcome], "outcome"), tag("p", v.reason, "reason"),
             tag("div", f"Rule: {v.ref}", "rule")]
    if v.ruling is not None:
        parts.append(tag("div", str(v.ruling), "ruling"))
    sides = side_html(v.attacker, "Attacker", v.outcome is Outcome.ATTACKER) + \
        side_html(v.defender, "Defender", v.outcome is Outcome.DEFENDER)
    parts.append(tag("div", "", "sides", raw=sides))
    return "".join(parts)


def showdown_html(v: ShowdownVerdict) -> str:
    winners = " and ".join(v.winners)
    head = f"Winner: {winners}" if len(v.winners) == 1 else f"Split pot: {winners}"
    parts = [tag("div", head, "outcome"), tag("p", v.reason, "reason"), tag("div", f"Rule: {v.ref}", "rule")]
    if v.ruling is not None:
        parts.append(tag("div", str(v.ruling), "ruling"))
    parts.append(tag("div", "", "sides", raw="".join(side_html(h, h.name, h.name in v.winners) for h in v.hands)))
    return "".join(parts)


def play_html(comparison: Any) -> str:
    """The three presets side by side: a card-by-card table, then each preset's
    legal plays (multiples included), notes and rulings."""
    results = comparison.results
    head = tag("tr", "", raw=tag("th", "Card") + "".join(
        tag("th", f"{PALACE_PRESETS[v].name} ({PALACE_PRESETS[v].source})") for v, _, _ in results))
    cards: list[str] = []
    for _, check, _ in results:
        for card, _verdict in (check.reasons if check is not None else ()):
            if card not in cards:
                cards.append(card)
    rows = []
    for card in cards:
        cells = [tag("td", "", raw=card_face(Card.parse(card)))]
        for _, check, _ in results:
            verdict = dict(check.reasons).get(card) if check is not None else None
            if verdict is None:
                cells.append(tag("td", "—", "na"))
                continue
            word = "can be played" if verdict.legal else "cannot be played"
            extra = tag("span", f"{verdict.reason} [{verdict.ref}]", "why")
            if verdict.ruling is not None:
                extra += tag("span", f"Ruling {verdict.ruling.key}: {verdict.ruling.reading}", "why")
            cells.append(tag("td", ("✓ " if verdict.legal else "✗ ") + word, "yes" if verdict.legal else "no",
                             raw=extra))
        rows.append(tag("tr", "", raw="".join(cells)))
    parts = [tag("div", "The same pile and hand under each rule set", "outcome"),
             tag("table", "", "by-card", raw=tag("thead", "", raw=head) + tag("tbody", "", raw="".join(rows)))]
    for variant, check, error in results:
        name = PALACE_PRESETS[variant].name
        if check is None:
            body = tag("p", f"This position cannot arise under these rules: {error}", "impossible")
        elif check.must_pick_up:
            body = tag("p", "Nothing in this hand can be played: the player takes the pile.", "pickup")
        else:
            body = tag("p", "Legal plays: " + "; ".join(check.legal), "legal")
        notes = "".join(tag("li", n) for n in (check.notes if check is not None else ()))
        parts.append(tag("section", "", f"preset preset-{variant}",
                         raw=tag("h4", f"{name} rules") + body + (tag("ul", "", "notes", raw=notes) if notes else "")))
    return "".join(parts)


def tableau_html(v: Any) -> str:
    board = v.board()
    lead_cells = {c for name in v.winner for c in name.cells}
    cells = "".join(tag("span", "", "cell" + (" lead" if c.index in lead_cells else ""),
                        raw=card_face(c.card, title=f"{c.card.words}: " + (f"turned in reveal round {c.label}"
                                                                     if c.label else "turned at the showdown"))
                        + tag("span", str(c.label or "S"), "label"))
                    for c in board.cells)
    king = next(h for h in v.hands if h.name.key == "king")
    winners = " and ".join(h.title for h in v.winner)
    items = "".join(tag("li", f"{h.name.title} ({h.name.where}): {cards_text(h.cards)} — {h.describe()}",
                        "lead" if h.name in v.winner else "") for h in v.hands)
    pot = ("The King's hand beats every tableau hand: the King's pot is won by the player backing the best "
           "hand among the players' hands." if v.kings_hand_wins else
           "The King's hand does not beat every tableau hand: the King's pot carries over.")
    return "".join([
        tag("div", f"Best hand: the {winners}", "outcome"),
        tag("div", "", "grid", raw=cells),
        tag("div", "King's hand: ", "kings", raw=card_row(card_face(c) for c in king.cards)),
        tag("ol", "", "hands", raw=items),
        tag("p", pot, "pot"),
        tag("div", "Rulings kings-pot-kings-hand-wins and kings-pot-main-pot-winner (docs/rulings.md); the small "
                   "numbers are the reveal rounds (S: turned at the showdown).", "rule")])


def verdict_html(form: CheckForm) -> str:
    v = form.verdict
    if v is None:
        return tag("div", "Fill in the cards (tap them or type them) to get the verdict.", "verdict empty")
    if isinstance(v, BattleVerdict):
        body = battle_html(v)
    elif isinstance(v, ShowdownVerdict):
        body = showdown_html(v)
    elif isinstance(form, TableauForm):
        body = tableau_html(v)
    else:
        body = play_html(v)
    stale = ""
    if form.stale:
        stale = tag("div", "The fields have changed since: this verdict is still for "
                    + form.command_line(form.checked["texts"]).replace("palace-tutor ", ""), "stale")
    return tag("div", "", "verdict", raw=stale + body)


def message_html(form: CheckForm) -> str:
    if form.error:
        return tag("div", form.error, "msg error", role="alert")
    if form.hint:
        return tag("div", form.hint, "msg hint", role="status")
    return ""


def command_html(form: CheckForm) -> str:
    return tag("div", "The same question on the command line:", "cmd", raw=tag("code", form.command_line()))


# -- the form view -----------------------------------------------------------------------
def field_class(key: str) -> str:
    return key.replace(".", "-")


class FormView(pn.viewable.Viewer):
    """One checker form: fields (focus button + text box), options, the card
    picker, the message, the verdict and the equivalent command line."""

    form = param.ClassSelector(class_=CheckForm)

    def __init__(self, **params: Any):
        super().__init__(**params)
        form = self.form
        self._syncing = False
        self._inputs: dict[str, pn.widgets.TextInput] = {}
        self._focus: dict[str, pn.widgets.Button] = {}
        self._fields = pn.Column(sizing_mode="stretch_width", css_classes=["checker-fields"])
        # the tables' clickable surface: card buttons send their data-key
        self._picker = Board(css_classes=["card-picker"], sizing_mode="stretch_width", stylesheets=[PICKER_CSS])
        self._picker.on_key(lambda key, _value: self.form.tap(key))
        self._message = pn.pane.HTML("", css_classes=["checker-message"], sizing_mode="stretch_width",
                                     stylesheets=[MESSAGE_CSS])
        self._verdict = pn.pane.HTML("", css_classes=["checker-verdict"], sizing_mode="stretch_width",
                                     stylesheets=[CHECKER_CSS])
        self._command = pn.pane.HTML("", css_classes=["checker-command"], sizing_mode="stretch_width",
                                     stylesheets=[COMMAND_CSS])
        buttons = [self._button("Check", "checker-check", lambda: form.check(), "primary"),
                   self._button("Clear the cards", "checker-clear", lambda: form.clear()),
                   self._button("Example", "checker-example", lambda: form.example())]
        if isinstance(form, ShowdownForm):
            buttons += [self._button("Add a player", "checker-add", form.add_player),
                        self._button("Remove the last player", "checker-remove", form.remove_player)]
        if isinstance(form, TableauForm):
            self._seed = 0
            buttons.append(self._button("Deal 30 cards at random", "checker-deal", self._deal))
        options = [pn.widgets.Checkbox.from_param(form.param[name], css_classes=[f"checker-{name.replace('_', '-')}"],
                                                  name=form.param[name].doc.rstrip("."))
                   for name in form.options]
        self._layout = pn.Column(
            pn.pane.HTML(tag("div", "Tap a field, then tap cards to fill it (tap a card again to take it out), "
                                    "or type the cards, e.g. Qs 10h 9c.", "how"), margin=(0, 5)),
            self._fields, *options, pn.FlexBox(*buttons, gap="6px"), self._picker, self._message,
            self._verdict, self._command, sizing_mode="stretch_width", css_classes=[f"checker-form-{form.game}"])
        self._build_fields()
        form.param.watch(self._changed, ["texts", "focus", "verdict", "error", "hint", "checked"]
                         + list(form.options))
        if isinstance(form, ShowdownForm):
            form.param.watch(lambda _e: self._build_fields(), ["players"])
        self._render_all()

    def _button(self, name: str, cls: str, go: Any, kind: str = "default") -> pn.widgets.Button:
        button = pn.widgets.Button(name=name, css_classes=[cls], button_type=kind, stylesheets=[BUTTON_CSS])
        button.on_click(lambda _e: go())
        return button

    def _deal(self) -> None:
        self._seed += 1
        self.form.deal(self._seed)

    def _build_fields(self) -> None:
        rows = []
        self._inputs, self._focus = {}, {}
        for f in self.form.fields():
            cls = field_class(f.key)
            text = pn.widgets.TextInput(value=self.form.texts.get(f.key, ""), css_classes=["checker-field", f"field-{cls}"],
                                        placeholder="name" if f.is_name else _placeholder(f),
                                        sizing_mode="stretch_width", min_width=120,
                                        max_length=60 if f.is_name else 200)
            text.param.watch(lambda e, key=f.key: self._typed(key, e.new), ["value"])
            self._inputs[f.key] = text
            if f.is_name:
                label = pn.pane.HTML(tag("b", f.label), width=170, margin=(12, 5, 0, 5))
            else:
                label = self._focus[f.key] = pn.widgets.Button(
                    name=f.label, css_classes=["checker-focus", f"focus-{cls}"], width=170,
                    stylesheets=[BUTTON_CSS], description="Tapped cards go into this field")
                label.on_click(lambda _e, key=f.key: self.form.focus_on(key))
            rows.append(pn.Row(label, text, sizing_mode="stretch_width", margin=0))
        self._fields.objects = rows
        self._render_all()

    def _typed(self, key: str, value: str) -> None:
        if not self._syncing:
            self.form.set_text(key, value or "")

    def _changed(self, *events: Any) -> None:
        names = {e.name for e in events}
        if "texts" in names:
            self._sync_inputs()
        self._render(names)

    def _sync_inputs(self) -> None:
        self._syncing = True
        try:
            for key, widget in self._inputs.items():
                text = self.form.texts.get(key, "")
                if widget.value != text:
                    widget.value = text
        finally:
            self._syncing = False

    def _render_all(self) -> None:
        self._sync_inputs()
        self._render({"texts", "focus", "verdict", "error", "hint", "checked"})

    def _render(self, names: set[str]) -> None:
        form = self.form
        if names & {"texts", "focus"}:
            for key, button in self._focus.items():
                have = len(form.cards_in(key))
                most = form.field(key).most
                button.name = form.field(key).label + (f" {have}/{most}" if most else f" ({have})")
                button.button_type = "primary" if key == form.focus else "default"
            self._picker.html = picker_html(form)
        self._message.object = message_html(form)
        self._verdict.object = verdict_html(form)
        self._command.object = command_html(form)

    def __panel__(self):
        return self._layout


def _placeholder(f: Any) -> str:
    if f.key.endswith("banner"):
        return "one card, e.g. Qs"
    if f.key.endswith("palace"):
        return "three cards, or BANNER | PALACE | SOLDIERS"
    if f.key.endswith("soldiers"):
        return "up to five cards (may be empty)"
    if f.key == "tableau":
        return "25 cards, row by row from the top left"
    return "cards, e.g. 9c 10h Qs"


class CheckerView(pn.viewable.Viewer):
    """The section: a collapsed card whose content is built the first time it is
    opened (the page does not pay for it until then), with the mode picker and
    one form view per mode (also built when first shown)."""

    checker = param.ClassSelector(class_=Checker)

    def __init__(self, **params: Any):
        params.setdefault("checker", Checker())
        super().__init__(**params)
        self._views: dict[str, FormView] = {}
        self._holder = pn.Column(sizing_mode="stretch_width")
        self._card = pn.Card(pn.pane.HTML("Enter the cards of a battle, a showdown, a Palace play or a "
                                          "King's Pot tableau and get the verdict with its reasons."),
                             title="Check a disputed hand", collapsed=True, sizing_mode="stretch_width",
                             css_classes=["checker"])
        self._card.param.watch(self._opened, ["collapsed"])
        self._mode: pn.widgets.RadioButtonGroup | None = None

    def _opened(self, event: Any) -> None:
        if event.new or self._mode is not None:
            return
        self._mode = pn.widgets.RadioButtonGroup(options={t: m for m, t in MODE_TITLES.items()},
                                                 value=self.checker.mode, css_classes=["checker-mode"],
                                                 button_type="default", stylesheets=[BUTTON_CSS])
        self._mode.param.watch(lambda e: setattr(self.checker, "mode", e.new), ["value"])
        self.checker.param.watch(lambda _e: self._show(), ["mode"])
        self._show()
        self._card.objects = [self._mode, self._holder]

    def _show(self) -> None:
        mode = self.checker.mode
        if self._mode is not None and self._mode.value != mode:
            self._mode.value = mode
        view = self._views.get(mode)
        if view is None:
            view = self._views[mode] = FormView(form=self.checker.forms[mode])
        self._holder.objects = [view]

    def __panel__(self):
        return self._card
