"""The clickable table surface shared by the game tables, and their common base class.

:class:`Board` is one small browser component: Python sets ``html`` (built
only with :mod:`tutor.views.text` / :mod:`tutor.views.cards`, so every text is
escaped) and the browser swaps it in. One delegated click handler sends the
``data-key`` of whatever was clicked back to Python; an element with
``data-reason`` also shows that reason in the board's reason line at once
(phones have no hover). A step is therefore one property patch, whatever the
table shows.

:class:`BoardTable` is the base of the game renderers: it owns the Board,
maps clicks to handlers, and turns a built action into ``act`` reusing the
tree's existing child for the same move (so clicking the lesson's own next
move follows the main line instead of making a copy of it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import panel as pn
import param

from lessons.model import action_key
from rules.refs import Verdict
from tutor.model.table_data import pot_line, pot_names

from ..cards import CARD_CSS
from ..esm import PlainJSComponent, module_text
from ..renderer import TableRenderer
from ..text import esc, tag
from ..update import set_values

BOARD_CSS = """
:host { display: block; width: 100%; }
*, *::before, *::after { box-sizing: border-box; }
.board { font-size: 16px; line-height: 1.45; color: #1d2430; }
.reason-line { min-height: 1.4em; margin: 6px 0; padding: 4px 8px; border-radius: 6px; background: #f3f5f8;
               color: #3b4452; font-size: 0.95rem; }
.reason-line:empty::before { content: "Tap a card or a button to see why."; color: #4a5563; font-style: italic; }
.status { margin: 0 0 4px; font-size: 0.9rem; color: #3b4452; }
.status .phase { color: #1f5fbf; font-weight: 700; }
.instruction { margin: 6px 0 4px; padding: 6px 10px; border-left: 4px solid #1f5fbf; background: #eef4ff;
               border-radius: 0 6px 6px 0; font-weight: 700; }
.all-cards-note { margin: 0 0 6px; padding: 6px 10px; border-left: 4px solid #a87300; background: #fff3c4;
  color: #5c3d00; font-weight: 600; }
.covered-note { margin: 24px 8px; text-align: center; color: #4a5563; }
.instruction.done { border-left-color: #1e6b35; background: #eaf6ee; }
.zone { margin: 2px 0; min-width: 0; }
.zone-label { display: block; font-size: 0.75rem; color: #4a5563; margin-bottom: 1px; white-space: nowrap; }
/* seats around the table: the seat in front of you at the bottom, the others clockwise from its left */
.ring { display: grid; grid-template-columns: repeat(auto-fill, minmax(var(--seat-min, 118px), 1fr)); gap: 6px; }
.ring-seat { min-width: 0; display: flex; }
.ring-seat > .seat { flex: 1 1 auto; }
.ring-bottom, .ring .felt { grid-column: 1 / -1; }
.felt { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; justify-content: center; min-height: 52px;
        padding: 8px 14px; border-radius: 36px / 22px; background: #27613f; color: #fff; box-shadow: inset 0 0 0 3px #1b4a2f; }
.felt .zone-label { color: #e3f1e8; }
.felt .status { flex-basis: 100%; text-align: center; color: #fff; margin: 0; }
.felt .status .phase { color: #ffe08a; }
.felt .badge { background: #1b4a2f; color: #fff; }
.felt .cards.empty { color: #e3f1e8; }
.felt .card { width: 38px; min-width: 38px; height: 54px; min-height: 54px; font-size: 14px; }
.seat { border: 1px solid #c3c9d2; border-radius: 8px; padding: 6px 8px; background: #fff; min-width: 0; }
.seat.to-move { border: 2px solid #1f5fbf; background: #f7faff; }
.seat.out { background: #f3f5f8; }
.seat.out .seat-name { text-decoration: line-through; }
.seat-body { display: flex; flex-wrap: wrap; gap: 2px 14px; align-items: flex-end; }
.seat-head { display: flex; flex-wrap: wrap; gap: 2px 8px; align-items: baseline; margin-bottom: 2px; }
.seat-name { font-weight: 700; overflow-wrap: anywhere; }
.money { font-size: 0.85rem; color: #3b4452; }
.seat.compact { padding: 4px 6px; font-size: 0.85rem; }
.seat.compact .seat-body { gap: 0 8px; }
.seat.compact .card { width: 28px; min-width: 28px; height: 40px; min-height: 40px; font-size: 12px; border-radius: 4px; }
.seat.compact button.card { width: 44px; min-width: 44px; height: 44px; min-height: 44px; }
.seat.compact .cards { gap: 2px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 0.78rem; background: #e8ecf1;
         color: #3b4452; font-weight: 600; }
.badge.move { background: #1f5fbf; color: white; }
.badge.warn { background: #fdecec; color: #7d1d22; }
.center { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: flex-end; }
.actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; align-items: center; }
.actions .label { color: #4a5563; font-size: 0.9rem; }
.act { min-height: 44px; min-width: 44px; padding: 6px 12px; border-radius: 8px; border: 1px solid #8d96a3;
       background: white; color: #1d2430; font: inherit; cursor: pointer; }
.act.legal { border-color: #1e6b35; background: #effaf2; }
.act.illegal { color: #4a5563; background: #f3f5f8; text-decoration: line-through; }
.act.primary { background: #1f5fbf; border-color: #1f5fbf; color: white; }
.act:focus-visible, button.card:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; box-shadow: 0 0 0 5px #1d2430; }
.amount { width: 6em; min-height: 44px; font: inherit; padding: 0 6px; border: 1px solid #8d96a3;
          border-radius: 8px; }
.note { color: #3b4452; font-size: 0.92rem; margin: 4px 0; }
.verdict { padding: 6px 8px; border-radius: 6px; background: #fff7e0; margin: 6px 0; }
.verdict .ref, .why .ref { display: block; font-size: 0.85rem; color: #4a5563; }
.over { padding: 8px; border-radius: 8px; background: #eaf6ee; border: 1px solid #b6dcc1; margin: 6px 0; }
.legend { font-size: 0.85rem; color: #3b4452; margin: 6px 0; }
.legend summary { cursor: pointer; min-height: 44px; line-height: 44px; color: #1f5fbf; font-weight: 600; }
.legend dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; margin: 0 0 6px; align-items: center; }
.legend dd { margin: 0; }
.seat.compact .seat-head { flex-wrap: nowrap; overflow: hidden; }
.seat.compact .seat-name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.seat.compact .money { font-size: 0.78rem; flex-basis: 100%; }
.seat.compact .seat-head { flex-wrap: wrap; }
.seat.compact .badge { font-size: 0.7rem; padding: 0 4px; }
.seat.compact .card.down::after { content: none; }
@media (max-width: 699px) {
  .seat.front .card { width: 40px; min-width: 40px; height: 54px; min-height: 54px; }
  .felt .status .variant { display: none; }
  .felt { padding: 6px 10px; }
  /* Play: the person's turn, from the status line down to the moves, fits a phone's table box */
  .in-play .felt { gap: 2px 12px; padding: 4px 10px; }
  .in-play .instruction { font-size: 0.92rem; font-weight: 600; padding: 4px 8px; margin: 2px 0; line-height: 1.35; }
  .in-play .actions .act { font-size: 0.85rem; padding: 6px 8px; }
  .seat.front button.card { width: 44px; min-width: 44px; }
  .seat.compact .zone-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .seat.compact .cards.empty { font-size: 0.8rem; }
  .seat.compact .card { width: 24px; min-width: 24px; height: 34px; min-height: 34px; font-size: 11px; }
  .seat.compact .seat-body { gap: 0 5px; }
  .ring { gap: 4px; --seat-min: 112px; }
  .seat.compact { padding: 3px 4px; }
}
@media (min-width: 700px) { .ring { --seat-min: 150px; } }
"""


class Board(PlainJSComponent):
    """HTML set from Python (escaped by construction); clicks come back as keys.

    * ``html``: the table, built with :mod:`tutor.views.text` helpers only.
    * ``position``: an id of what is shown; when it changes, the reason line
      (what the last tapped card said) is cleared.
    * A click on an element with ``data-key`` calls the :meth:`on_key`
      callbacks with ``(key, value)``; ``value`` is the text of the input
      named by the element's ``data-input`` (an amount), else ``""``.
    * A click on an element with ``data-reason``, or the keyboard's focus on it, shows
      that text in the ``.reason-line`` (placed where the html has a ``.reason-slot``).
    * ``bring_in``: at a new position, the table's moves (its last ``.actions`` row that is
      not charts) are scrolled into sight within the box that scrolls the table. In Play the
      person acts there; on a phone the step bar leaves the table a short window, and the
      moves fell under it.
    """

    html = param.String(default="", doc="The table's HTML (escaped by construction).")
    position = param.String(default="", doc="What is shown; a change clears the reason line.")
    bring_in = param.Boolean(default=False, doc="At a new position, scroll the table's moves into sight.")

    _esm = module_text(Path(__file__).with_name("board.mjs"))

    _stylesheets = [CARD_CSS + BOARD_CSS]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._callbacks: list[Callable[[str, str], None]] = []

    def on_key(self, callback: Callable[[str, str], None]) -> None:
        self._callbacks.append(callback)

    def _handle_msg(self, msg: Any) -> None:
        if isinstance(msg, dict) and isinstance(msg.get("key"), str):
            value = msg.get("value")
            for callback in self._callbacks:
                callback(msg["key"], value if isinstance(value, str) else "")


# -- pieces of table HTML ---------------------------------------------------------------------
REASON_SLOT = tag("div", "", "reason-slot")


def button(label: str, key: str, *, verdict: Verdict | None = None, cls: str = "", **attrs: Any) -> str:
    """An action button; with a ``verdict`` it is styled legal/illegal and its reason is the
    hover and tap text."""
    classes = ["act"]
    if verdict is not None:
        classes.append("legal" if verdict.legal else "illegal")
        reason = f"{label}: {verdict.reason} (rule: {verdict.ref.words})"
        attrs.setdefault("title", reason)
        attrs.setdefault("data_reason", reason)
    if cls:
        classes.append(cls)
    return tag("button", label, " ".join(classes), type="button", data_key=key, **attrs)


def amount_input(name: str, for_key: str, value: int | None, minimum: int = 0, label: str = "amount") -> str:
    return tag("input", "", "amount", type="number", inputmode="numeric", min=minimum,
               value="" if value is None else value, data_name=name, data_for=for_key, aria_label=label)


def zone(label: str, content: str, cls: str = "") -> str:
    """A labelled area of the table."""
    return tag("div", "", f"zone {cls}".strip(), raw=tag("span", label, "zone-label") + content)


def verdict_html(verdict: Verdict, cls: str = "verdict") -> str:
    raw = tag("span", f"Rule: {verdict.ref.words}", "ref")
    if verdict.ruling is not None:
        raw += tag("span", f"Ruling: {verdict.ruling}", "ref")
    return tag("div", verdict.reason, cls, raw=raw)


class BoardTable(TableRenderer):
    """Base of the game tables: a :class:`Board`, and charts under it when asked for.

    Subclasses implement :meth:`draw` (the HTML for the current position; it is wrapped in
    ``<div class="table-root" data-node=.. data-step=.. data-seat=..>`` naming the position) and
    :meth:`clicked` (a key from the board: ``"<node>|<kind>|<arg>"``, where
    ``node`` is the position the key was drawn for; keys from a position no
    longer shown are ignored). ``refresh`` is ``draw`` plus one assignment, so
    a step is one patch to the browser. Tables with pots set ``pot_chart``
    and put :meth:`pot_button` in their HTML.
    """

    pot_chart: ClassVar[bool] = False
    table_css: ClassVar[str] = ""
    """Extra CSS for this game's board (added to the card and board styles)."""

    def _build(self) -> pn.viewable.Viewable:
        self.board = Board(css_classes=["game-table", f"table-{self.game}"], sizing_mode="stretch_width",
                           stylesheets=[self.table_css] if self.table_css else [])
        self.board.on_key(self._key)
        self._charts = pn.Column(sizing_mode="stretch_width", css_classes=["table-charts"])
        self._want_pot = False
        self._pot_chart: Any = None
        self._buttons: dict[str, Any] = {}
        return pn.Column(self.board, self._charts, sizing_mode="stretch_width")

    def draw(self) -> str:
        raise NotImplementedError

    def clicked(self, kind: str, arg: str, value: str) -> None:
        raise NotImplementedError

    def chart_panes(self) -> list[Any]:
        """The chart panes to show under the board now (built lazily, updated in place)."""
        if not (self.pot_chart and self._want_pot):
            return []
        if self._pot_chart is None:
            from ..charts import PotChart  # bokeh.plotting is loaded on first use only
            names = pot_names(self.study.state)
            self._pot_chart = PotChart(names)
        self._pot_chart.update(pot_line(self.study))
        return [self._pot_chart.pane]

    def pot_button(self) -> str:
        label = "Hide the pot chart" if self._want_pot else "Pot chart"
        return button(label, f"{self.study.current}|pot|", cls="pot-button")

    def position_id(self) -> str:
        study = self.study
        return f"{id(study)}:{study.current}:{study.step}:{study.seat}:{study.covered}"

    def refresh(self) -> None:
        if self.study is None:
            return
        self._buttons = {}
        study = self.study
        if study.covered:  # the device changes hands: nothing of anyone's cards is drawn
            body = tag("p", "The cards are hidden while the device changes hands.", "covered-note")
        else:
            body = self.draw()
            if self.showing_all:
                body = tag("p", "All cards showing: every hand is face up until the next deal.",
                           "all-cards-note", role="note") + body
        # the root says which position it shows (tests and benchmarks wait on it)
        html = tag("div", "", "table-root in-play" if self.in_play else "table-root", raw=body, data_node=study.current,
                   data_step="" if study.step is None else study.step,
                   data_seat="all" if study.seat is None else study.seat)
        # in Play the person acts on the table: its moves come into sight
        set_values(self.board, {"html": html, "position": self.position_id(), "bring_in": self.in_play})
        panes = self.chart_panes()
        if list(self._charts.objects) != panes:
            self._charts.objects = panes

    def _key(self, key: str, value: str) -> None:
        study = self.study
        if study is None:
            return
        node, _, rest = key.partition("|")
        if node != str(study.current):
            return  # drawn for a position that is no longer shown
        kind, _, arg = rest.partition("|")
        if kind == "pot":
            self._want_pot = not self._want_pot
            self.refresh()
        elif kind == "clear":
            self.select()
        else:
            self.clicked(kind, arg, value)

    @property
    def asking(self) -> bool:
        """A question is open at the cursor: draw the position, but no moves, legal marks,
        verdicts or leaders that would answer it (tutor.model.quiz)."""
        return bool(self.study is not None and self.study.quiz_open)

    def instruction_line(self, text: str, over: bool = False) -> str:
        """The table's instruction; while a question is open it only says to answer it
        first ("Ada: buy one card or more (up to 5)" would answer "how many may she buy?")."""
        if self.asking:
            from ..renderer import ASKING
            return instruction(ASKING, "asking")
        return instruction(text, "done" if over else "")

    def offer(self, action: Any, label: str, cls: str = "") -> str:
        """A button for ``action``, styled by the engine's verdict on it; its click plays it."""
        text = str(action)
        self._buttons[text] = action
        return button(label, f"{self.study.current}|do|{text}", verdict=self.study.state.check(action), cls=cls)

    def clear_button(self, label: str = "Clear the picks") -> str:
        return button(label, f"{self.study.current}|clear|")

    def do(self, arg: str) -> None:
        """Play the action a button offered (see :meth:`offer`)."""
        action = self._buttons.get(arg)
        if action is not None:
            self.play(action)

    def play(self, action: Any) -> Verdict:
        """Try ``action``; if the cursor's node already has a child for the same move (the
        lesson's own next step, or a line played before), follow that child."""
        study = self.study
        key = action_key(action)
        for child_id in study.node.children:
            child = study.tree[child_id]
            if child.action is not None and action_key(child.action) == key:
                return self.act(child.action)
        return self.act(action)


def heading(text: str, cls: str = "status") -> str:
    return tag("div", text, cls)


def bottom_seat(count: int, viewer: int | None, mover: int | None) -> int:
    """The seat drawn in front of you: the one whose view is shown, else the player to
    move (the one whose cards are tapped), else the first."""
    for seat in (viewer, mover):
        if seat is not None and 0 <= seat < count:
            return seat
    return 0


def ring(seats: list[str], bottom: int, center: str) -> str:
    """Seats around a card table: ``seats[bottom]`` in front of you (full width, big
    cards), the others from its left round to its right across the top (clockwise
    play reads left to right), ``center`` the felt between them. The markup keeps
    seat order (what a screen reader reads, what tests count); CSS ``order`` places them."""
    n = len(seats)
    out = []
    for seat, html in enumerate(seats):
        place = (seat - bottom) % n  # 1 .. n-1 across the top, 0 at the bottom
        where = "ring-bottom" if place == 0 else "ring-top"
        out.append(tag("div", "", f"ring-seat {where}", raw=html, style=f"order:{place if place else n + 1}"))
    out.append(tag("div", "", "felt", raw=center, style=f"order:{n}"))
    return tag("div", "", "ring", raw="".join(out))


def instruction(text: str, cls: str = "") -> str:
    """What the table waits for, in words: ``Ann: choose three cards to put face up``."""
    return tag("div", text, f"instruction {cls}".strip())


def legend(items: list[tuple[str, str]], title: str = "What the marks mean") -> str:
    """A fold-out key: (markup of the mark, what it means)."""
    rows = "".join(tag("dt", "", raw=mark) + tag("dd", meaning) for mark, meaning in items)
    return tag("details", "", "legend", raw=tag("summary", title) + tag("dl", "", raw=rows))


__all__ = ["Board", "BoardTable", "REASON_SLOT", "button", "amount_input", "zone", "verdict_html", "heading",
           "bottom_seat", "ring", "instruction", "legend", "action_key", "esc", "tag"]
