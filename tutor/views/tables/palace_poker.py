"""The Palace Poker table: banners, soldiers, palace cards (backs unless the view
shows them), stacks, the pot, the deck and discard counts, and the battles.

See why, in a battle: each side's cards are marked by the engine
(the battle as it would be called now, ``view.battle_now``):
``counted``, ``excluded`` (struck through, with "excluded: <opponent>'s banner
is ♠"), ``quad-exception`` (counted by the four-of-a-kind exception, called
out) or ``wild`` (Kings in the House), and the best five (``best-five``). Shown
for the last battle called, for a battle waiting for an answer, and for a bet
being considered (pick an opponent): both sides when the view shows both
palaces, else the viewer's own side.

Branch: buttons for buy, market, stay, fold, keep, call and raise; tap soldiers
to discard them; tap an opponent (or "Bet against ...") to bet; in no-limit
pick or type the amount. The engine decides.

Odds and pot: "Battle odds" computes the exact odds of the seat (the viewer,
or in the teaching view the player to act) against each opponent, once per
position (cached); "Pot chart" draws the pot along the current line.
"""

from __future__ import annotations

from typing import Any

from rules.palace_poker import PRESETS as POKER_PRESETS
from rules.palace_poker import Bet, Buy, Call, Discard, Fold, Keep, Kind, Mark, Market, Phase, Raise, SideHand, Status, Stay
from rules.refs import Verdict
from tutor.model.study import Notice
from tutor.model.table_data import OddsCache, odds_seat

from ..cards import backs, card_face, card_row, cards_text
from ..text import tag
from .board import REASON_SLOT, BoardTable, amount_input, bottom_seat, button, ring, verdict_html, zone

_PHASE_WORDS = {
    Phase.DEALER_DRAW: "drawing for the first dealer", Phase.ANTE: "the ante",
    Phase.BANNERS: "dealing banners", Phase.SHUFFLE: "the shuffle before the palace cards",
    Phase.PALACE: "dealing palace cards", Phase.TURN: "taking turns", Phase.AFTER_BUY: "after buying",
    Phase.BATTLE: "a battle", Phase.SPOILS: "after winning a battle", Phase.OVER: "the hand is over",
}
POKER_CSS = """
.battle { border: 1px solid #e0c98a; border-radius: 8px; padding: 6px 8px; margin: 6px 0; background: #fffdf6; }
.battle-line { font-weight: 700; margin: 8px 0 2px; }
.side { margin: 6px 0; }
.side-head { font-weight: 700; margin-bottom: 2px; }
.best-line { font-size: 0.92rem; margin-top: 2px; }
.excluded-line { color: #7d1d22; font-size: 0.92rem; }
.exception-line { color: #7a5200; font-size: 0.92rem; }
.wild-line { color: #6b3fa0; font-size: 0.92rem; }
.card.target { border: 2px dashed #1f5fbf; }
.act.selected { box-shadow: 0 0 0 3px #1f5fbf; }
.bets { margin: 0; }
"""
_MARK_CLASS = {Mark.COUNTED: "counted", Mark.EXCLUDED: "excluded", Mark.FOUR_OF_A_KIND: "quad-exception",
               Mark.WILD: "wild"}
_STATUS_WORDS = {Status.FOLDED: "folded", Status.BEATEN: "beaten", Status.TIED: "out on a tie"}


def _why(verdict: Verdict) -> str:
    text = f"{verdict.reason} (rule: {verdict.ref.words})"
    if verdict.ruling is not None:
        text += f"; not spelled out in the rules ({verdict.ruling.question}): our reading, {verdict.ruling.reading}"
    return text


def side_html(side: SideHand, role: str) -> str:
    """One side of a battle (or a showdown hand): every card with its mark, the best five, and
    the exclusions, exception and wild card said in words."""
    suit = side.holding.suit
    head = tag("div", f"{side.name} ({role}, banner {suit.symbol} {suit.word})", "side-head")
    cards = []
    for m in side.marks:
        classes = [_MARK_CLASS[m.mark]]
        if m.in_best:
            classes.append("best-five")
        reason = m.reason + (f" (rule: {m.ref})" if m.ref else "")
        cards.append(card_face(m.card, cls=" ".join(classes), reason=reason, mark=m.mark.name.lower(),
                               place=m.place.value, **({"excluded_by": m.excluded_by} if m.excluded_by else {})))
    parts = [head, card_row(cards, "battle-cards")]
    five = cards_text(side.best) or "nothing"
    parts.append(tag("div", f"Best five: {five} — {side.describe_hand()}", "best-line"))
    excluded = [m for m in side.marks if m.mark is Mark.EXCLUDED]
    if excluded:
        parts.append(tag("div", f"{cards_text(m.card for m in excluded)}: {excluded[0].reason}", "excluded-line"))
    for m in side.marks:
        if m.mark is Mark.FOUR_OF_A_KIND:
            extra = f" Ruling: {m.ruling.reading}" if m.ruling is not None else ""
            parts.append(tag("div", f"Four-of-a-kind exception: {m.reason}.{extra}", "exception-line"))
        elif m.mark is Mark.WILD:
            parts.append(tag("div", f"Wild (Kings in the House): {m.reason}.", "wild-line"))
    return tag("div", "", f"side {role}", raw="".join(parts), data_player=side.name)


def _amount_label(amount: int, st: Any, me: Any, owed: int = 0) -> str:
    """A no-limit amount button: the number, and what it is when it is special."""
    if owed + amount == me.stack:
        return f"{amount} (all in)"
    if amount == st.pot:
        return f"{amount} (the pot)"
    return str(amount)


class PokerTable(BoardTable):
    """The Palace Poker table (see the module docstring)."""

    game = "palace-poker"  # the table of this game (its registration in rules.games names the class)

    pot_chart = True
    table_css = POKER_CSS

    def __init__(self, **params: Any):
        self._odds_cache = OddsCache()
        self._want_odds = False
        self._odds_chart: Any = None
        super().__init__(**params)

    # -- seats and views -------------------------------------------------------------------
    def viewer(self) -> str | None:
        seat = self.study.seat
        players = self.study.state.players
        return players[seat].name if seat is not None and 0 <= seat < len(players) else None

    def view(self) -> Any:
        return self.study.state.view(self.viewer())

    # -- drawing ----------------------------------------------------------------------------
    def draw(self) -> str:
        study = self.study
        st = study.state
        view = self.view()
        node = study.current
        actor = st.actor_name
        mover_visible = view.seat is None or view.seat == st.actor
        picked = tuple(study.selection)
        bottom = bottom_seat(len(view.players), study.seat, None if st.is_over else st.actor)
        seats = [self._seat(st, view, seat, seen, picked, node, mover_visible, compact=seat != bottom)
                 for seat, seen in enumerate(view.players)]
        parts = [ring(seats, bottom, self._status(st, view) + self._felt(st, view)),
                 self.instruction_line(self._instruction(st, view), st.is_over)]
        if st.is_over:
            parts.append(REASON_SLOT)
            parts.append(self._result(view))
        elif self.asking:
            pass  # a question is open: no moves (the instruction line says to answer it first)
        elif mover_visible:
            parts.append(self._actions(st, picked, node))
            parts.append(REASON_SLOT)
        else:
            parts.append(tag("div", self.others_move(actor, f"Show all cards, or {actor}'s view, to play for them."),
                             "note"))
            parts.append(REASON_SLOT)
        parts.append(self._battles(st, view, picked))
        parts.append(self._chart_buttons(st, view, node))
        return tag("div", "", "poker-table", raw="".join(parts))

    def _felt(self, st: Any, view: Any) -> str:
        """The middle of the table: the pot, the deck, the face-down discards, the draw for dealer."""
        counts = (tag("span", f"Pot {view.pot}", "badge pot") + " "
                  + tag("span", f"Deck {view.deck_count}", "badge deck") + " "
                  + tag("span", f"Discards {view.discard_count} (face down)", "badge discards"))
        raw = tag("div", "", "counts", raw=counts)
        if st.draw is not None:
            drawn = " · ".join(f"{st.players[s].name} {c.label}" for s, c in st.draw.cards)
            raw += tag("div", f"Draw for the first dealer (high card deals): {drawn or 'no cards yet'}", "felt-note")
        if view.set_aside:
            raw += zone("Banner cards set aside", card_row(card_face(c) for c in view.set_aside))
        return raw

    def _instruction(self, st: Any, view: Any) -> str:
        """What the table waits for now, and from whom."""
        actor = st.actor_name
        phase = view.phase
        if st.is_over:
            r = view.result
            return "The hand is over." if r is None else f"The hand is over: {' and '.join(r.winner_names)} " \
                                                         f"{'win' if len(r.winners) > 1 else 'wins'}."
        if phase is Phase.BATTLE and view.battle is not None:
            b = view.battle
            return f"{st.names[b.responder]}: fold, call ({b.owed}) or raise."
        words = {Phase.DEALER_DRAW: "deal one card to each player; the high card deals",
                 Phase.ANTE: f"everyone antes {st.rules.ante_amount}",
                 Phase.BANNERS: "deal the next banner card",
                 Phase.SHUFFLE: "put the set-aside cards back and shuffle",
                 Phase.PALACE: "deal the palace cards, one at a time",
                 Phase.TURN: "buy a soldier, discard, bet against an opponent, stay or fold",
                 Phase.AFTER_BUY: "keep your soldiers, or tap some to discard them",
                 Phase.SPOILS: "you won the battle: keep the soldiers, or tap some to discard them"}
        return f"{actor}: {words.get(phase, _PHASE_WORDS[phase])}."

    def _status(self, st: Any, view: Any) -> str:
        rules = st.rules
        stakes = "points game" if rules.points else f"stakes {rules.small_bet}/{rules.big_bet}"
        who = f" · {st.actor_name} to act" if view.to_act is not None else ""
        named = self.study.setup.get("rules_name") if self.study is not None else None  # your table's rules
        rules_words = named or POKER_PRESETS.title(st.variant)
        raw = (tag("span", f"{rules_words} · {stakes} · ", "variant") + tag("span", _PHASE_WORDS[view.phase], "phase")
               + tag("span", who, "mover"))
        return tag("div", "", "status", raw=raw)

    def _seat(self, st: Any, view: Any, seat: int, seen: Any, picked: tuple, node: int, mover_visible: bool,
              compact: bool = False) -> str:
        me = st.actor
        acting = seat == me and not st.is_over
        badges = ""
        if seen.is_dealer:
            badges += tag("span", "dealer", "badge")
        if acting:
            badges += tag("span", "to act", "badge move")
        if seen.status is not Status.IN:
            badges += tag("span", _STATUS_WORDS.get(seen.status, seen.status.value), "badge warn")
        if view.seat == seat:
            badges += tag("span", "this view", "badge")
        if st.rules.points:
            money = f"score {seen.score}"
        else:
            money = f"stack {seen.stack} · " + (f"paid {seen.paid}" if compact else f"in the pot {seen.paid}")
        head = tag("div", "", "seat-head", raw=tag("span", seen.name, "seat-name") + badges
                   + tag("span", money, "money"))
        # the banner: an opponent's banner is a tap target for a bet on the mover's turn
        can_target = (mover_visible and st.phase is Phase.TURN and me is not None and seat != me
                      and seen.status is Status.IN and seen.banner is not None and not self.asking)
        target_item = f"target:{seat}"
        if seen.banner is None:
            banner = tag("span", "–" if compact else "not dealt", "cards empty")
        elif can_target:
            cls = "target selected" if target_item in picked else "target"
            banner = card_face(seen.banner, cls=cls, key=f"{node}|pick|{target_item}",
                               reason=f"bet against {seen.name}: tap, then choose the bet below")
        else:
            banner = card_face(seen.banner)
        if seen.palace is None:
            palace = backs(seen.palace_count, title="palace card (face down)") if seen.palace_count else \
                tag("span", "–" if compact else "none", "cards empty")
        else:
            hidden_to_table = view.seat is None or view.seat == seat
            palace = card_row((card_face(c, cls="down" if hidden_to_table else "",
                                         title=f"{c.words}: a palace card, face down on the table")
                               for c in seen.palace), "palace", empty="–" if compact else "none")
        can_discard = mover_visible and acting and st.phase in (Phase.TURN, Phase.AFTER_BUY, Phase.SPOILS) \
            and not self.asking
        soldiers = []
        for i, c in enumerate(seen.soldiers):
            if can_discard:
                item = f"soldier:{i}"
                soldiers.append(card_face(c, cls="selected" if item in picked else "",
                                          key=f"{node}|pick|{item}", reason="tap to pick it for a discard"))
            else:
                soldiers.append(card_face(c))
        body = (zone("Banner", banner, "banner-zone") + zone(f"Palace ({seen.palace_count})", palace, "palace-zone")
                + zone(f"Soldiers ({len(seen.soldiers)})", card_row(soldiers, "soldiers", empty="–" if compact else "none"),
                       "soldier-zone"))
        cls = "seat" + (" compact" if compact else " front") + (" to-move" if acting else "") + (
            "" if seen.status is Status.IN else " out")
        return tag("div", "", cls, raw=head + tag("div", "", "seat-body", raw=body), data_player=seen.name)

    # -- battles -------------------------------------------------------------------------------
    def _pair(self, st: Any, view: Any, attacker: int, defender: int) -> str:
        """Both sides of a battle between two seats, as far as this view shows them (the engine's
        battle as it would be called now: ``view.battle_now``)."""
        a, d = st.players[attacker], st.players[defender]
        now = view.battle_now(attacker, defender)
        if now.same_suit:
            return tag("div", f"{a.name} and {d.name} both have {a.suit.word} banners: they never battle.", "note")
        if now.verdict is not None:
            return (side_html(now.attacker, "attacker") + side_html(now.defender, "defender")
                    + tag("div", f"If called now: {now.verdict.reason}", "note"))
        out = []
        for who, side, role in ((a, now.attacker, "attacker"), (d, now.defender, "defender")):
            if side is not None:
                out.append(side_html(side, role))
            else:
                out.append(tag("div", f"{who.name}'s palace cards are hidden from this view.", "note"))
        return "".join(out)

    def _battles(self, st: Any, view: Any, picked: tuple) -> str:
        parts = []
        b = view.battle
        if b is not None and st.phase is Phase.BATTLE:
            battle = st.battle
            names = st.names
            line = (f"Battle: {names[b.attacker]} attacks {names[b.defender]}. {names[b.responder]} to answer: "
                    f"{b.owed} to call"
                    + (f" ({b.raises} raise{'s' if b.raises != 1 else ''} so far)" if b.raises else ""))
            parts.append(tag("div", line, "battle-line"))
            if not self.asking:  # the marked sides and "if called now" would answer "who wins?"
                parts.append(tag("div", "", "battle pending", raw=self._pair(st, view, battle.attacker,
                                                                             battle.defender)))
        elif st.phase is Phase.TURN and st.actor is not None and not self.asking:
            target = next((int(i.split(":")[1]) for i in picked if i.startswith("target:")), None)
            if target is not None and target < len(st.players):
                them = st.players[target]
                parts.append(tag("div", f"If {st.actor_name} attacks {them.name}:", "battle-line"))
                parts.append(tag("div", "", "battle preview", raw=self._pair(st, view, st.actor, target)))
        last = view.last_battle
        if last is not None:
            outcome = last.outcome.value
            raw = (tag("div", f"Last battle: {last.attacker.name} (attacker) against {last.defender.name} "
                              f"(defender) — {outcome.replace('-', ' ')}", "battle-line")
                   + side_html(last.attacker, "attacker") + side_html(last.defender, "defender")
                   + verdict_html(Verdict(True, last.reason, last.ref, last.ruling)))
            parts.append(tag("div", "", "battle last", raw=raw))
        return "".join(parts)

    def _result(self, view: Any) -> str:
        r = view.result
        if r is None:
            return tag("div", "The hand is over.", "over")
        shares = ", ".join(f"{name} {chips}" for name, chips in r.named_shares if chips)
        raw = tag("div", f"Won by {' and '.join(r.winner_names)}" + (f" ({shares})" if shares else ""), "winners")
        raw += verdict_html(Verdict(True, r.reason, r.ref, r.ruling))
        if r.points:
            raw += tag("div", "Points: " + ", ".join(f"{n} {p:+d}" for n, p in r.named_points), "note")
        if r.showdown is not None:
            raw += "".join(side_html(h, "showdown") for h in r.showdown.hands)
        return tag("div", "", "over", raw=raw)

    # -- actions ----------------------------------------------------------------------------------
    def _amount(self, node: int, kind: str, target: str | None, label: str, least: int) -> str:
        """An amount box and its button (no-limit); the engine judges the typed amount."""
        key = f"{node}|amount|{kind}|{target or ''}"
        return (amount_input("amount", key, least, minimum=0, label=f"{label}: amount")
                + button(label, key, data_input="amount"))

    def _actions(self, st: Any, picked: tuple, node: int) -> str:
        phase = st.phase
        rules = st.rules
        out: list[str] = []
        if phase in (Phase.DEALER_DRAW, Phase.BANNERS, Phase.PALACE, Phase.ANTE, Phase.SHUFFLE):
            label = {Kind.DEAL: "Deal the next card", Kind.ANTE: f"Everyone antes {rules.ante_amount}",
                     Kind.SHUFFLE: "Return the set-aside cards and shuffle"}
            for a in st.candidate_actions():
                out.append(self.offer(a, label[a.kind], "primary"))
            return tag("div", "", "actions", raw="".join(out))
        me = st.players[st.actor]
        soldiers = [me.soldiers[int(i.split(":")[1])] for i in picked
                    if i.startswith("soldier:") and int(i.split(":")[1]) < len(me.soldiers)]
        if phase is Phase.TURN:
            out.append(self.offer(Buy(), f"Buy a soldier ({rules.buy_cost})"))
            if rules.open_market:
                out.append(self.offer(Market(), f"Buy the top discard ({rules.market_cost})"))
            out.append(self.offer(Stay(), "Stay"))
            out.append(self.offer(Fold(), "Fold"))
            if soldiers:
                out.append(self.offer(Discard(tuple(soldiers)), f"Discard {cards_text(soldiers)}", "primary"))
            out.append(self._bets(st, me, picked, node))
        elif phase in (Phase.AFTER_BUY, Phase.SPOILS):
            out.append(self.offer(Keep(), "Keep all soldiers"))
            if soldiers:
                out.append(self.offer(Discard(tuple(soldiers)), f"Discard {cards_text(soldiers)}", "primary"))
            else:
                out.append(tag("span", "Tap soldiers to discard them.", "label"))
        elif phase is Phase.BATTLE:
            out.append(self.offer(Fold(), "Fold"))
            owed = st.battle.owed
            out.append(self.offer(Call(), f"Call {min(owed, me.stack)}", "primary"))
            raises = [a for a in st.candidate_actions() if a.kind is Kind.RAISE]
            if rules.no_limit:
                out.append(tag("span", "Raise by:", "label"))
            for a in raises:
                label = "Raise" if a.amount is None else _amount_label(a.amount, st, me, owed)
                out.append(self.offer(a, label))
            if rules.no_limit:
                least = min((a.amount for a in raises if a.amount is not None), default=rules.big_bet)
                out.append(self._amount(node, "raise", None, "Raise", least))
        if picked:
            out.append(self.clear_button())
        return tag("div", "", "actions", raw="".join(out))

    def _bets(self, st: Any, me: Any, picked: tuple, node: int) -> str:
        rules = st.rules
        out = [tag("span", "Bet against:", "label")]
        target = next((int(i.split(":")[1]) for i in picked if i.startswith("target:")), None)
        for seat in st.deal_order:
            them = st.players[seat]
            if seat == st.actor or not them.in_hand:
                continue
            if not rules.no_limit or rules.points:
                least = "" if rules.points else f" ({st.bet_cost(me.name, them.name)[0]})"
                out.append(self.offer(Bet(seat), f"{them.name}{least}"))
            else:
                verdict = st.check(Bet(seat))
                cls = "selected" if target == seat else ""
                out.append(button(f"{them.name}…", f"{node}|pick|target:{seat}", verdict=verdict, cls=cls))
        if rules.no_limit and target is not None and target != st.actor and target < len(st.players):
            them = st.players[target]
            amounts = [tag("span", f"Bet against {them.name}:", "label")]
            for a in st.candidate_actions():
                if a.kind is Kind.BET and a.target == target and a.amount is not None:
                    amounts.append(self.offer(a, _amount_label(a.amount, st, me), "primary"))
            least = st.bet_cost(me.name, them.name)[0]
            amounts.append(self._amount(node, "bet", them.name, "Bet", least))
            out.append(tag("div", "", "actions amounts", raw="".join(amounts)))
        return tag("div", "", "actions bets", raw="".join(out))

    # -- charts -----------------------------------------------------------------------------------
    def _chart_buttons(self, st: Any, view: Any, node: int) -> str:
        seat = odds_seat(st, self.viewer())
        out = []
        if seat is not None:
            known = self._odds_cache.known(st, seat) is not None
            label = f"Battle odds for {seat}" + ("" if known else " (compute)")
            out.append(button(label, f"{node}|odds|", cls="odds-button" + (" on" if self._want_odds else "")))
        elif self._want_odds:
            out.append(tag("span", "No battle odds here (no hand in play for this seat).", "label"))
        out.append(self.pot_button())
        return tag("div", "", "actions charts", raw="".join(out))

    def chart_panes(self) -> list[Any]:
        shown = []
        if self._want_odds:
            st = self.study.state
            seat = odds_seat(st, self.viewer())
            odds = self._odds_cache.known(st, seat) if seat is not None else None
            if odds is not None:
                if self._odds_chart is None:
                    from ..charts import OddsChart  # bokeh.plotting is loaded on first use only
                    self._odds_chart = OddsChart()
                self._odds_chart.update(odds, f"{seat}: exact chance in a battle, from what {seat} can see")
                shown.append(self._odds_chart.pane)
        return shown + super().chart_panes()

    # -- clicks ---------------------------------------------------------------------------------
    def clicked(self, kind: str, arg: str, value: str) -> None:
        study = self.study
        if kind == "pick":
            self._pick(arg)
        elif kind == "do":
            self.do(arg)
        elif kind == "amount":
            what, _, target = arg.partition("|")
            text = value.strip()
            if not (text.isdigit() and text.isascii()):
                study.notice = Notice("error", f"{text or 'an empty box'!r} is not an amount: type a whole "
                                               "number of chips. Nothing was changed.")
                return
            if what == "bet":  # the amount box names the target by name
                self.play(Bet(study.state.seat_of(target), int(text)))
            else:
                self.play(Raise(int(text)))
        elif kind == "odds":
            st = study.state
            seat = odds_seat(st, self.viewer())
            self._want_odds = True
            if seat is not None:
                self._odds_cache.get(st, seat)
            self.refresh()

    def _pick(self, item: str) -> None:
        picked = tuple(self.study.selection)
        if item in picked:
            self.select(*(i for i in picked if i != item))
        elif item.startswith("target:"):
            self.select(*(i for i in picked if not i.startswith("target:")), item)
        else:
            self.select(*picked, item)


__all__ = ["PokerTable", "side_html"]
