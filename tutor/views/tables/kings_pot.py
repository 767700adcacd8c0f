"""The King's Pot table: the 5x5 tableau with its twelve lines drawn over it
(five rows, five columns, two diagonals), each cell's reveal label (1, 2, 3 or
showdown), the King's hand apart, the pots, every player's bought cards as the
chosen seat may see them, and which hand leads on the face-up cards, with why.

Everything comes from the engine's board picture
(:class:`rules.kings_pot.board.TableauBoard`) of the seat's view. Tap a line's
name for what its face-up cards make. Branch: buttons for buying, the
dealer's reveals and showdown, and the betting (check, call, bet, raise, fold);
tap one of your cards to fold just that card.
"""

from __future__ import annotations

from typing import Any

from rules.cards import counted
from rules.kings_pot import CALL, CHECK, FOLD, LINES, SIZE, Bet, FoldCard, HandName, Phase, Raise, cell_name, row_col

from ..cards import backs, card_back, card_face, card_row
from ..text import tag
from .board import REASON_SLOT, BoardTable, bottom_seat, legend, ring, zone

_ROWS = (HandName.ACE, HandName.TWO, HandName.THREE, HandName.FOUR, HandName.FIVE)
_COLUMNS = (HandName.SIX, HandName.SEVEN, HandName.EIGHT, HandName.NINE, HandName.TEN)
_SHORT = {h: h.value.capitalize() for h in HandName}  # a line's hand by its card, in a word: "Six"

TABLEAU_CSS = """
.tableau-wrap { display: grid; grid-template-columns: 3.3em repeat(5, minmax(0, 1fr)); gap: 3px;
                max-width: 440px; margin: 4px auto 6px; }
.line-name { display: flex; flex-direction: column; align-items: center; justify-content: center; line-height: 1.05;
             font-weight: 700; font-size: 0.8rem; color: #3b4452; border: 1px solid #c3c9d2; border-radius: 6px;
             background: #f3f5f8; min-height: 44px; cursor: pointer; padding: 1px 2px; }
.line-name .num { font-size: 0.7rem; font-weight: 600; color: #4a5563; white-space: nowrap; }
.line-name .hand { font-size: 0.8rem; font-weight: 700; }
.line-name.leading { background: #fff3c4; border-color: #a87300; color: #5c3d00; }
.line-name:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
.line-name.leading .hand { color: #5c3d00; }
.tableau { grid-column: 2 / span 5; grid-row: 2 / span 5; position: relative; display: grid;
           grid-template-columns: repeat(5, minmax(0, 1fr)); grid-template-rows: repeat(5, auto); gap: 3px; }
.cell { position: relative; z-index: 1; display: flex; justify-content: center; align-items: center;
        padding: 3px 0; min-width: 0; }
.cell .card { width: 40px; min-width: 40px; height: 56px; min-height: 56px; font-size: 14px; }
.cell .label { position: absolute; top: 0; right: 0; z-index: 2; font-size: 0.7rem; font-weight: 700;
               padding: 0 4px; border-radius: 8px; background: #1f5fbf; color: white; line-height: 1.3; }
.cell .label.showdown { background: #5e3590; }
.cell.face-up .label { background: #4a5563; }
.lines { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; z-index: 0; }
.lines line { stroke: #1f5fbf; stroke-opacity: 0.3; stroke-width: 3; vector-effect: non-scaling-stroke; }
.lines line.diagonal { stroke: #5e3590; }
.lines line.leading { stroke: #a87300; stroke-opacity: 0.9; stroke-width: 6; }
.kings-hand { margin: 2px 0; }
.hands-list { margin: 4px 0; padding-left: 1.2em; font-size: 0.92rem; }
.hands-list li.leading { font-weight: 700; color: #5c3d00; }
.leader { padding: 6px 8px; border-radius: 6px; background: #fff7e0; margin: 6px 0; }
.leader .ref { display: block; font-size: 0.85rem; color: #4a5563; }
.legend .label { display: inline-block; font-size: 0.75rem; font-weight: 700; padding: 0 5px; border-radius: 8px;
                 background: #1f5fbf; color: white; }
.legend .label.showdown { background: #5e3590; }
.legend .label.turned { background: #4a5563; }
.legend .swatch { display: inline-block; width: 28px; height: 6px; border-radius: 3px; background: #a87300; }
"""


def _line_coords(hand: HandName) -> tuple[float, float, float, float]:
    """End points of a hand's line in cell units (the svg's viewBox is 0 0 5 5)."""
    cells = LINES[hand]
    (r0, c0), (r1, c1) = row_col(cells[0]), row_col(cells[-1])
    if r0 == r1:      # a row: across the whole tableau
        return 0.0, r0 + 0.5, float(SIZE), r0 + 0.5
    if c0 == c1:      # a column
        return c0 + 0.5, 0.0, c0 + 0.5, float(SIZE)
    # a diagonal, corner to corner
    return c0 + (0.0 if c1 > c0 else 1.0), r0 + (0.0 if r1 > r0 else 1.0), c1 + (1.0 if c1 > c0 else 0.0), \
        r1 + (1.0 if r1 > r0 else 0.0)


def lines_svg(leading: frozenset[HandName]) -> str:
    """The twelve lines as an svg drawn over the tableau (leading ones emphasised)."""
    parts = []
    for hand in LINES:
        x1, y1, x2, y2 = _line_coords(hand)
        cls = "diagonal" if hand in (HandName.JACK, HandName.QUEEN) else "straight"
        if hand in leading:
            cls += " leading"
        parts.append(tag("line", "", cls, x1=x1, y1=y1, x2=x2, y2=y2, data_hand=hand.key))
    return tag("svg", "", "lines", raw="".join(parts), viewBox=f"0 0 {SIZE} {SIZE}", preserveAspectRatio="none",
               aria_hidden="true")


class KingsPotTable(BoardTable):
    """The King's Pot table (see the module docstring)."""

    game = "kings-pot"  # the table of this game (its registration in rules.games names the class)

    pot_chart = True
    table_css = TABLEAU_CSS

    # -- drawing ------------------------------------------------------------------------
    def draw(self) -> str:
        study = self.study
        st = study.state
        view = self.view()
        board = view.board
        asking = self.asking  # a question open: no leading hand, no moves
        leading = frozenset() if asking else frozenset(board.leader.hands)
        bottom = bottom_seat(len(view.players), study.seat, None if st.is_over else view.to_act)
        seats = [self._seat(st, view, seat, seen, compact=seat != bottom) for seat, seen in enumerate(view.players)]
        # what to do comes right under the grid it is about: below the legend, the
        # leading hand and the seats it was out of sight on a phone and on a desktop
        parts = [self._status(st, view), self._tableau(board, leading),
                 self.instruction_line(self._instruction(st, view), st.is_over)]
        if st.is_over:
            parts.append(self._outcome(st, view))
        elif asking:
            pass  # a question is open: no moves (the instruction line says to answer it first)
        elif view.seat is None or view.seat == st.to_act or st.phase in (Phase.REVEAL, Phase.SHOWDOWN):
            parts.append(self._actions(st))
        else:
            parts.append(tag("div", self.others_move(st.players[st.to_act], "Show all cards, or their view, to "
                                                                              "play for them."), "note"))
        parts.append(REASON_SLOT)
        parts += [self._legend(), *(() if asking else (self._leader(board, leading),)),
                  ring(seats, bottom, self._felt(view))]
        parts.append(tag("div", "", "actions charts", raw=self.pot_button()))
        return tag("div", "", "kings-pot-table", raw="".join(parts))

    def _felt(self, view: Any) -> str:
        """The middle of the table: the King's hand beside its pot, and the pot of this deal."""
        kings = card_row((card_face(c, cls="" if view.kings_face_up else "down",
                                    title=f"{c.words} (King's hand" + (")" if view.kings_face_up else ", face down)"))
                          if c is not None else card_back(title="King's hand card, face down")
                          for c in view.kings_hand), "kings-hand")
        pots = (tag("span", f"Pot {view.pot}", "badge pot") + " "
                + tag("span", f"King's pot {view.kings_pot}", "badge kings-pot"))
        return zone("The King's hand (turned at the showdown)", kings, "kings-zone") + tag("div", "", "counts",
                                                                                          raw=pots)

    def _instruction(self, st: Any, view: Any) -> str:
        if st.is_over:
            return "The deal is over."
        who = st.players[view.to_act] if view.to_act is not None else "The dealer"
        phase = st.phase
        if phase is Phase.BUY:
            return f"{who}: buy one card or more (up to {st.max_buy}); each backs the hand of its rank."
        if phase is Phase.REVEAL:
            return f"{who} (the dealer): turn the cells labelled {view.reveals + 1}."
        if phase is Phase.SHOWDOWN:
            return f"{who} (the dealer): turn everything for the showdown."
        if phase is Phase.BET:
            owed = st.due(st.to_act)
            return f"{who}: " + (f"call {owed}, raise or fold." if owed else "check, bet or fold.")
        return f"{who} to act."

    def _legend(self) -> str:
        mark = lambda text, cls="": tag("span", text, f"label {cls}".strip())  # noqa: E731
        return legend([
            (mark("1") + " " + mark("2") + " " + mark("3"), "the reveal round that turns this cell"),
            (mark("S", "showdown"), "turned only at the showdown"),
            (mark("1", "turned"), "grey: already face up"),
            (tag("span", "Row 1, Ace"), "each row and column is named by where it is and the card whose hand "
                                        "it is: the rows Ace to Five from the top, the columns Six to Ten from "
                                        "the left"),
            (tag("span", "↘ Jack, ↗ Queen"), "the diagonals: the Jack's from the top left, the Queen's from the "
                                            "bottom left"),
            (tag("span", "", "swatch"), "the hand leading now (tap a row or column name to see what it makes)"),
        ], "What the numbers and marks mean")

    def _status(self, st: Any, view: Any) -> str:
        phase = {"buy": "buying cards", "reveal": f"reveal {view.reveals + 1} next", "bet": f"betting round {view.reveals}",
                 "showdown": "the showdown is next", "over": "the deal is over"}.get(view.phase, view.phase)
        level = f" · bet {view.level} a card" + (f", {counted(view.raises, 'raise')}" if view.raises else "") if view.level else ""
        raw = (tag("span", "King's Pot · ", "variant") + tag("span", phase, "phase")
               + tag("span", f"{level} · spare cards {view.spare_left}", "mover"))
        return tag("div", "", "status", raw=raw)

    _tableau_memo: tuple[Any, str] | None = None

    def _tableau(self, board: Any, leading: frozenset) -> str:
        # the grid is the same through a round of betting (most steps): kept from the last
        # draw, it is not rebuilt (a sixth of a Next's Python); it follows from the cells
        # and the leading hands alone (the lines' values are computed from the cells)
        key = (tuple((c.card, c.face_up, c.label) for c in board.cells), leading)
        if self._tableau_memo is not None and self._tableau_memo[0] == key:
            return self._tableau_memo[1]
        html = self._draw_tableau(board, leading)
        self._tableau_memo = (key, html)
        return html

    def _draw_tableau(self, board: Any, leading: frozenset) -> str:
        hands = {h.name: h for h in board.hands}

        def name_cell(hand: HandName, row: int, col: int, number: str) -> str:
            """A line's header: where it is in words (as the narration counts: row 2, column 4) over
            its hand's card in a word ("Six"), never "1/6".
            In the tab order: focused (or tapped), the board's reason line says the line's hand."""
            bh = hands[hand]
            what = bh.describe()
            where = hand.where
            reason = f"{where.capitalize()}, the {hand.title}: {what}; {counted(bh.face_down, 'card')} face down"
            cls = "line-name" + (" leading" if hand in leading else "")
            return tag("span", "", cls, raw=tag("span", number, "num") + tag("span", _SHORT[hand], "hand"),
                       title=reason, data_reason=reason, data_hand=hand.key, role="img", tabindex="0",
                       aria_label=f"{where}, the {hand.title}", style=f"grid-row:{row};grid-column:{col}")

        parts = [name_cell(HandName.JACK, 1, 1, "\u2198")]
        parts += [name_cell(h, 1, c + 2, f"Column {c + 1}") for c, h in enumerate(_COLUMNS)]
        parts += [name_cell(h, r + 2, 1, f"Row {r + 1}") for r, h in enumerate(_ROWS)]
        parts.append(name_cell(HandName.QUEEN, 7, 1, "\u2197"))
        cells = []
        for cell in board.cells:
            label = cell.label_text
            label_html = tag("span", label if label != "showdown" else "S", f"label {'showdown' if label == 'showdown' else ''}".strip(),
                             title=("turned at the showdown" if label == "showdown" else f"turned in reveal round {label}"),
                             aria_hidden="true")
            lines = ", ".join(h.title for h in cell.hands)
            where = cell_name(cell.index)
            if cell.card is None:
                drawn = card_back(title=f"{where}: face down; on {lines}")
            elif cell.face_up:
                drawn = card_face(cell.card, title=f"{where}: {cell.card.words}; on {lines}")
            else:
                drawn = card_face(cell.card, cls="down", title=f"{where}: {cell.card.words}, still face down; on {lines}")
            cls = "cell " + ("face-up" if cell.face_up else "face-down")
            cells.append(tag("div", "", cls, raw=drawn + label_html, data_cell=cell.index, data_label=label))
        parts.append(tag("div", "", "tableau", raw="".join(cells) + lines_svg(leading)))
        return tag("div", "", "tableau-wrap", raw="".join(parts))

    def _leader(self, board: Any, leading: frozenset) -> str:
        lead = board.leader
        items = []
        for h in board.hands:
            text = f"{h.title} ({h.name.where}): {h.describe()}"
            if h.face_down:
                text += f", {h.face_down} face down"
            items.append(tag("li", text, "leading" if h.name in leading else "", data_hand=h.name.key))
        return (tag("div", lead.reason, "leader", raw=tag("span", f"Rule: {lead.ref.words}", "ref"))
                + tag("details", "", "hands", raw=tag("summary", "All thirteen hands") + tag("ol", "", "hands-list",
                                                                                             raw="".join(items))))

    def _seat(self, st: Any, view: Any, seat: int, seen: Any, compact: bool = False) -> str:
        acting = seat == view.to_act and st.phase in (Phase.BUY, Phase.BET)
        badges = ""
        if seen.is_dealer:
            badges += tag("span", "dealer", "badge")
        if acting:
            badges += tag("span", "to act", "badge move")
        if not seen.in_deal:
            badges += tag("span", "folded", "badge warn")
        if view.seat == seat:
            badges += tag("span", "this view", "badge")
        head = tag("div", "", "seat-head", raw=tag("span", seen.name, "seat-name") + badges
                   + tag("span", f"stack {seen.stack} · paid {seen.put_in} into the pot", "money"))
        can_fold = acting and st.phase is Phase.BET and seen.cards is not None and not self.asking
        node = self.study.current
        if seen.cards is None:
            cards = backs(seen.card_count, title="a bought card, hidden")
        else:
            drawn = []
            for c in seen.cards:
                hand = st.hand_backed_by(c).title  # the engine says which hand a card names
                if can_fold:
                    action = FoldCard(c)
                    self._buttons[str(action)] = action
                    verdict = st.check(action)
                    drawn.append(card_face(c, cls="foldable", key=f"{node}|do|{action}",
                                           reason=f"backs the {hand}; tap to fold this card: {verdict.reason}"))
                else:
                    drawn.append(card_face(c, reason=f"backs the {hand}"))
            cards = card_row(drawn, "bought")
        body = zone(f"Cards ({seen.card_count})", cards, "bought-zone")
        if seen.backs:
            body += tag("div", "Backs: " + ", ".join(h.title for h in seen.backs), "note backs")
        if seen.folded_count:
            folded = (card_row(card_face(c, cls="dimmed", title="folded") for c in seen.folded)
                      if seen.folded is not None else backs(seen.folded_count, title="a folded card"))
            body += zone(f"Folded ({seen.folded_count})", folded, "folded-zone")
        cls = "seat" + (" compact" if compact else " front") + (" to-move" if acting else "") + (
            "" if seen.in_deal else " out")
        return tag("div", "", cls, raw=head + tag("div", "", "seat-body", raw=body), data_player=seen.name)

    def _actions(self, st: Any) -> str:
        out: list[str] = []
        phase = st.phase
        if phase is Phase.BUY:
            cost = st.table.ante
            for a in st.candidate_actions():
                n = a.count
                out.append(self.offer(a, f"Buy {n} card{'s' if n > 1 else ''} ({st.buy_cost(n)})",
                                      "primary" if n == 1 else ""))
            out.append(tag("span", f"A card costs {cost}; the chips go to the King's pot.", "label"))
        elif phase in (Phase.REVEAL, Phase.SHOWDOWN):
            for a in st.candidate_actions():
                if st.check(a).legal:
                    label = "Showdown: turn everything" if str(a) == "showdown" else f"Turn the cells labelled {a.round}"
                    out.append(self.offer(a, label, "primary"))
        elif phase is Phase.BET:
            t = st.table
            owed = st.due(st.to_act)
            out.append(self.offer(CHECK, "Check"))
            out.append(self.offer(CALL, f"Call ({owed})" if owed else "Call"))
            amounts = list(range(t.min_bet, t.max_bet + 1))
            if len(amounts) > 6:
                amounts = sorted({t.min_bet, (t.min_bet + t.max_bet) // 2, t.max_bet})
            # a bet opens the round, a raise answers one: offer the kind that fits (the other
            # is still refused with its reason if typed)
            for n in amounts:
                out.append(self.offer(Raise(n), f"Raise {n} a card") if st.level else
                           self.offer(Bet(n), f"Bet {n} a card"))
            out.append(self.offer(FOLD, "Fold all cards"))
        return tag("div", "", "actions", raw="".join(out))

    def _outcome(self, st: Any, view: Any) -> str:
        o = view.outcome
        if o is None:
            return tag("div", "The deal is over.", "over")
        names = st.players
        if o.uncontested:
            text = (f"Everyone else folded: {names[o.winners[0]]} takes the pot of {o.pot}; the King's pot of "
                    f"{o.kings_pot} carries over.")
            return tag("div", text, "over")
        won = " and ".join(h.title for h in o.winning_hands)
        who = " and ".join(names[s] for s in o.winners)
        text = f"{who} backed the {won}, the best backed hand, and win the pot of {o.pot}."
        text += (f" The King's hand beat every tableau hand: the King's pot of {o.kings_pot} goes to them too."
                 if o.kings_pot_won else f" The King's hand did not beat every tableau hand: the King's pot of "
                                          f"{o.kings_pot} carries over.")
        ranked = sorted(o.hands, key=lambda r: -r.value)
        items = "".join(tag("li", f"{r.name.title}: {r.describe()}", "leading" if r.name in o.winning_hands else "")
                        for r in ranked)
        return tag("div", text, "over", raw=tag("ol", "", "hands-list", raw=items))

    def clicked(self, kind: str, arg: str, value: str) -> None:
        if kind == "do":
            self.do(arg)


__all__ = ["KingsPotTable", "lines_svg"]
