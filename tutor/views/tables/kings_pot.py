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

from rules.kings_pot import Bet, FoldCard, Phase, Raise
from rules.kings_pot.actions import CALL, CHECK, FOLD
from rules.kings_pot.tableau import LINES, SIZE, HandName, row_col

from ..cards import backs, card_back, card_face, card_row
from ..renderer import register_renderer
from ..text import tag
from .board import REASON_SLOT, BoardTable, zone

_ROWS = (HandName.ACE, HandName.TWO, HandName.THREE, HandName.FOUR, HandName.FIVE)
_COLUMNS = (HandName.SIX, HandName.SEVEN, HandName.EIGHT, HandName.NINE, HandName.TEN)
_SHORT = {h: h.rank.label for h in HandName}

TABLEAU_CSS = """
.tableau-wrap { display: grid; grid-template-columns: 2.2em repeat(5, minmax(46px, 1fr)); gap: 4px;
                max-width: 430px; margin: 6px 0; }
.line-name { display: flex; align-items: center; justify-content: center; font-weight: 700; font-size: 0.85rem;
             color: #4a5563; border: 1px solid #d0d4da; border-radius: 6px; background: #f7f8fa; min-height: 28px;
             cursor: pointer; padding: 0 2px; }
.line-name.leading { background: #fff3c4; border-color: #c98a00; color: #7a5200; }
.tableau { grid-column: 2 / span 5; grid-row: 2 / span 5; position: relative; display: grid;
           grid-template-columns: repeat(5, 1fr); grid-template-rows: repeat(5, auto); gap: 4px; }
.cell { position: relative; z-index: 1; display: flex; justify-content: center; align-items: center;
        padding: 4px 0; }
.cell .label { position: absolute; top: -2px; right: -2px; z-index: 2; font-size: 0.7rem; font-weight: 700;
               padding: 0 4px; border-radius: 8px; background: #1f5fbf; color: white; }
.cell .label.showdown { background: #6b3fa0; }
.cell.face-up .label { background: #8a94a3; }
.lines { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; z-index: 0; }
.lines line { stroke: #1f5fbf; stroke-opacity: 0.3; stroke-width: 3; vector-effect: non-scaling-stroke; }
.lines line.diagonal { stroke: #6b3fa0; }
.lines line.leading { stroke: #c98a00; stroke-opacity: 0.9; stroke-width: 6; }
.kings-hand { margin: 6px 0; }
.hands-list { margin: 4px 0; padding-left: 1.2em; font-size: 0.92rem; }
.hands-list li.leading { font-weight: 700; color: #7a5200; }
.leader { padding: 6px 8px; border-radius: 6px; background: #fff7e0; margin: 6px 0; }
.leader .ref { display: block; font-size: 0.85rem; color: #5b6472; }
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


@register_renderer("kings-pot")
class KingsPotTable(BoardTable):
    """The King's Pot table (see the module docstring)."""

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
        parts = [self._status(st, view)]
        parts.append(self._tableau(board, leading))
        if not asking:
            parts.append(self._leader(board, leading))
        kings = card_row((card_face(c, cls="" if view.kings_face_up else "down",
                                    title=f"{c.words} (King's hand" + (")" if view.kings_face_up else ", face down)"))
                          if c is not None else card_back(title="King's hand card, face down")
                          for c in view.kings_hand), "kings-hand")
        parts.append(zone("The King's hand (turned at the showdown)", kings, "kings-zone"))
        for seat, seen in enumerate(view.players):
            parts.append(self._seat(st, view, seat, seen))
        parts.append(REASON_SLOT)
        if st.is_over:
            parts.append(self._outcome(st, view))
        elif asking:
            parts.append(self.held_back())
        elif view.seat is None or view.seat == st.to_act or st.phase in (Phase.REVEAL, Phase.SHOWDOWN):
            parts.append(self._actions(st))
        else:
            parts.append(tag("div", f"It is {st.players[st.to_act]}'s move. Show all cards, or their view, to "
                                    "play for them.", "note"))
        parts.append(tag("div", "", "actions charts", raw=self.pot_button()))
        return tag("div", "", "kings-pot-table", raw="".join(parts))

    def _status(self, st: Any, view: Any) -> str:
        phase = {"buy": "buying cards", "reveal": f"reveal {view.reveals + 1} next", "bet": f"betting round {view.reveals}",
                 "showdown": "the showdown is next", "over": "the deal is over"}.get(view.phase, view.phase)
        who = ""
        if view.to_act is not None and not st.is_over:
            who = f" · {st.players[view.to_act]} to act" if st.phase in (Phase.BUY, Phase.BET) else \
                f" · the dealer, {st.players[view.to_act]}, turns the cards"
        raw = tag("span", "King's Pot · ", "variant") + tag("span", phase, "phase") + tag("span", who, "mover")
        counts = (tag("span", f"Pot {view.pot}", "badge pot") + " " + tag("span", f"King's pot {view.kings_pot}",
                                                                          "badge kings-pot") + " "
                  + tag("span", f"Bet {view.level} a card" + (f", {view.raises} raise(s)" if view.raises else ""),
                        "badge level") + " " + tag("span", f"Spare cards {view.spare_left}", "badge"))
        return tag("div", "", "status", raw=raw) + tag("div", "", "counts", raw=counts)

    def _tableau(self, board: Any, leading: frozenset) -> str:
        hands = {h.name: h for h in board.hands}

        def name_cell(hand: HandName, row: int, col: int, arrow: str = "") -> str:
            bh = hands[hand]
            what = bh.describe()
            reason = f"{hand.title} ({hand.where}): {what}; {bh.face_down} card(s) face down"
            cls = "line-name" + (" leading" if hand in leading else "")
            return tag("span", f"{arrow}{_SHORT[hand]}", cls, title=reason, data_reason=reason, data_hand=hand.key,
                       style=f"grid-row:{row};grid-column:{col}")

        parts = [name_cell(HandName.JACK, 1, 1, "\u2198")]
        parts += [name_cell(h, 1, c + 2) for c, h in enumerate(_COLUMNS)]
        parts += [name_cell(h, r + 2, 1) for r, h in enumerate(_ROWS)]
        parts.append(name_cell(HandName.QUEEN, 7, 1, "\u2197"))
        cells = []
        for cell in board.cells:
            label = cell.label_text
            label_html = tag("span", label if label != "showdown" else "S", f"label {'showdown' if label == 'showdown' else ''}".strip(),
                             title=("turned at the showdown" if label == "showdown" else f"turned in reveal round {label}"))
            lines = ", ".join(h.title for h in cell.hands)
            if cell.card is None:
                drawn = card_back(title=f"face down; on {lines}")
            elif cell.face_up:
                drawn = card_face(cell.card, title=f"{cell.card.words}; on {lines}")
            else:
                drawn = card_face(cell.card, cls="down", title=f"{cell.card.words}, still face down; on {lines}")
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
        return (tag("div", lead.reason, "leader", raw=tag("span", f"Rule: {lead.ref}", "ref"))
                + tag("details", "", "hands", raw=tag("summary", "All thirteen hands") + tag("ol", "", "hands-list",
                                                                                             raw="".join(items))))

    def _seat(self, st: Any, view: Any, seat: int, seen: Any) -> str:
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
                hand = HandName.for_rank(c.rank).title
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
        cls = "seat" + (" to-move" if acting else "") + ("" if seen.in_deal else " out")
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
