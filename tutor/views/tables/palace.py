"""The Palace table: every seat's hand, face-up and face-down cards, the pile,
the stock and the cleared cards, as the chosen seat sees them.

See why: the cards the player to move could use now are ``playable``, the
others ``dimmed``; each carries the engine's reason (hover: ``title``; tap:
the board's reason line). A card is playable when some legal action of the
engine uses a card of its rank from that zone (suits never matter in Palace).

Branch: tap cards (one or several of a rank) to pick them, then a button
builds the engine's action (play, flash at a player, send a flash back, throw
a just-drawn card, choose or swap face-up cards); word actions (pick up,
chance, flip, take up, pass, ...) are buttons. The engine decides: a refusal
shows its reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import rules.palace as A
from rules.cards import Card
from rules.palace import Phase

from ..cards import backs, card_back, card_face, card_row, cards_text
from ..text import tag
from .board import REASON_SLOT, BoardTable, bottom_seat, ring, zone

CARD_ACTIONS = A.CARD_ACTIONS

_PHASE_WORDS = {
    Phase.CHOOSE: "choosing face-up cards",
    Phase.SWAP: "swapping hand and face-up cards",
    Phase.PLAY: "playing",
    Phase.REVEAL: "a drawn card waits",
    Phase.FLASH: "answering a flash",
    Phase.AFTER: "a just-drawn card may follow",
    Phase.OVER: "game over",
}


def _word_label(action: Any, names: tuple[str, ...], phase: Phase) -> str:
    t = type(action)
    if t is A.Pickup:
        return {Phase.REVEAL: "Keep it and take the pile", Phase.FLASH: "Take the pile"}.get(phase, "Pick up the pile")
    if t is A.CallOut:
        return f"Call out {names[action.seat]}"
    return {A.Flip: "Turn over a face-down card", A.Chance: "Chance: draw from the stock",
            A.CheckStock: "Try the stock's top card", A.TakeUp: "Take face-up cards into hand",
            A.LastCard: "Announce last face-down card", A.Pass: "Pass: next player",
            A.QuickFlip: "Throw the face-down card now", A.Ready: "Done swapping"}.get(t, str(action))


def _why(verdict: Any) -> str:
    """The engine's reason with the rule it rests on (and our ruling, if one decides it)."""
    text = f"{verdict.reason} (rule: {verdict.ref.words})"
    if verdict.ruling is not None:
        text += f"; not spelled out in the rules ({verdict.ruling.question}): our reading, {verdict.ruling.reading}"
    return text


class PalaceLook:
    """What the table shows for one position: which cards the mover may use, with reasons.

    Pure data from the engine (kept apart from HTML so the tests can read it):
    ``active`` maps (zone, index) of the mover's usable cards to (card,
    playable, reason); zones are ``hand``, ``up`` (face-up), ``down``
    (face-down) and ``drawn``.
    """

    def __init__(self, state: Any, visible: bool = True):
        self.state = st = state
        self.phase = st.phase
        self.mover = st.to_move
        self.active: dict[tuple[str, int], tuple[Card | None, bool, str]] = {}
        if not visible or st.phase in (Phase.OVER, Phase.CHOOSE, Phase.SWAP):
            return  # the mover's cards are hidden from this view, or no card is played now
        legal = st.legal_actions()
        by_rank: dict[Any, Any] = {}
        for a in legal:
            if type(a) in CARD_ACTIONS:
                by_rank.setdefault(a.cards[0].rank, a)
        verdicts = st.card_verdicts()
        fresh: Counter = Counter()
        if st.phase is Phase.AFTER and st.window is not None:
            fresh = Counter(st.window.fresh)

        def add(zone_name: str, cards: tuple[Card, ...], usable: bool) -> None:
            left = Counter(fresh)
            for i, card in enumerate(cards):
                ok = usable and card.rank in by_rank
                if st.phase is Phase.AFTER:
                    ok = ok and left[card] > 0
                    left[card] -= 1
                if ok:
                    verdict = st.check(by_rank[card.rank])
                else:
                    verdict = verdicts.get(card)
                    if verdict is None:
                        verdict = st.check(A.Play((card,)))
                self.active[(zone_name, i)] = (card, ok, _why(verdict))

        for zone_name, cards, usable in st.play_zones():  # the engine says where the mover plays from
            if zone_name == "down":
                reason = _why(st.check(A.FLIP))
                for i, _ in enumerate(cards):
                    self.active[("down", i)] = (None, True, reason)
            else:
                add(zone_name, cards, usable)


class PalaceTable(BoardTable):
    """The Palace table (see the module docstring)."""

    game = "palace"  # the table of this game (its registration in rules.games names the class)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self) -> str:
        study = self.study
        st = study.state
        view = self.view()
        node = study.current
        mover = st.to_move
        mover_visible = view.seats[mover].hand is not None
        look = PalaceLook(st, mover_visible and not self.asking)  # no legal glow while a question is open
        picked = set(study.selection)
        bottom = bottom_seat(len(view.seats), study.seat, None if st.is_over else mover)
        seats = [self._seat(st, view, seat, seen, look, picked, node, compact=seat != bottom)
                 for seat, seen in enumerate(view.seats)]
        parts = [ring(seats, bottom, self._status(st, view) + self._center(st, view, look, picked, node)),
                 self.instruction_line(self._instruction(st, view, mover_visible), st.is_over)]
        if st.is_over:
            parts.append(self._over(st))
        elif self.asking:
            pass  # a question is open: no moves (the instruction line says to answer it first)
        elif mover_visible:
            parts.append(self._actions(st, look, picked, node))
        else:
            parts.append(tag("div", self.others_move(st.names[mover], f"Show all cards, or {st.names[mover]}'s view, "
                                                                      "to see their choices and play for them."), "note"))
        parts.append(REASON_SLOT)
        return tag("div", "", "palace-table", raw="".join(parts))

    def _instruction(self, st: Any, view: Any, mover_visible: bool) -> str:
        """What the table waits for now, and from whom."""
        if st.is_over:
            return "The game is over."
        name = st.names[st.to_move]
        phase = st.phase
        if phase is Phase.CHOOSE:
            need = st.rules.cards_for(st.players)
            return f"{name}: choose {need} cards to put face up."
        if phase is Phase.SWAP:
            return f"{name}: swap hand cards with face-up cards if you like, then tap Done swapping."
        if phase is Phase.FLASH and view.flash is not None:
            return f"{name}: send the flash back with the same rank, or take the pile."
        if phase is Phase.REVEAL:
            return f"{name}: play the turned card if it can go, or take the pile."
        if phase is Phase.AFTER:
            return f"{name}: throw a just-drawn card of the same rank now, or let play go on."
        source = st.source(st.to_move)
        if source == "face-down":
            return f"{name}: turn over a face-down card."
        where = "your face-up cards" if source == "face-up" else "your hand"
        if not mover_visible:
            return f"{name}: play from {where}."
        return f"{name}: play from {where} (the cards that can go now are outlined in green), or choose an " \
               "action below."

    def _status(self, st: Any, view: Any) -> str:
        mover = st.names[st.to_move]
        words = _PHASE_WORDS.get(st.phase, st.phase.value)
        again = {"clear": " (plays again after clearing the pile)",
                 "reset": " (plays again after their 2)"}.get(st.again, "")
        direction = "" if view.direction == 1 else " · play goes the other way"
        named = self.study.setup.get("rules_name") if self.study is not None else None  # your table's rules
        raw = (tag("span", f"{named or A.PRESETS.title(st.rules.name)} · ", "variant") + tag("span", words, "phase")
               + tag("span", "" if st.is_over else f" · {mover} to move{again}{direction}", "mover"))
        return tag("div", "", "status", raw=raw)

    def _center(self, st: Any, view: Any, look: PalaceLook, picked: set, node: int) -> str:
        pile = view.pile
        shown = pile[-5:]
        pile_cards = [card_face(c, cls="pile-top" if i == len(shown) - 1 else "under")
                      for i, c in enumerate(shown)]
        label = f"Pile: {len(pile)} card{'s' if len(pile) != 1 else ''}"
        if pile and view.top is not None and view.top is not pile[-1].rank:
            label += f" (to beat: {view.top.word}, under a see-through card)"
        elif not pile:
            label += " (empty: any card may start it)"
        parts = [zone(label, card_row(pile_cards, "pile", empty="empty"), "pile-zone")]
        if not view.stock_size:
            stock = tag("span", "empty", "cards empty")
        elif view.stock is not None:  # the teaching view knows the top card
            stock = card_row([card_face(view.stock[0], cls="down", title="top of the stock (teaching view)")])
        else:
            stock = backs(1, title="the stock")
        parts.append(zone(f"Stock: {view.stock_size}", stock, "stock-zone"))
        cleared = f"Cleared out of play: {len(view.cleared)}"
        parts.append(zone(cleared, card_row([card_face(c, cls="cleared") for c in view.cleared[-4:]],
                                            "cleared", empty="none yet"), "cleared-zone"))
        if view.unused_size:
            parts.append(zone("Set aside (short game)", backs(min(view.unused_size, 1))
                              + tag("span", f" {view.unused_size}", "count")))
        if st.phase is Phase.REVEAL:
            card = view.drawn
            entry = look.active.get(("drawn", 0))
            if card is None:
                drawn = card_back(title="drawn card")
            elif entry is not None:
                drawn = card_face(card, cls="playable" if entry[1] else "dimmed", reason=entry[2],
                                  zone="drawn")
            else:
                drawn = card_face(card)
            how = "turned from face down" if st.drawn_from == "face-down" else "drawn from the stock"
            parts.append(zone(f"{st.names[st.to_move]}'s card, {how}", drawn, "drawn-zone"))
        flash = view.flash
        if flash is not None:
            parts.append(tag("div", f"{st.names[flash.flasher]} flashed at {st.names[flash.target]}: "
                                    "send it back with the same rank, or take the pile.", "note flash-note"))
        if view.quick_cards:
            parts.append(tag("div", "Just drawn, same rank as the play: " + cards_text(view.quick_cards)
                             + " may be thrown before the next player.", "note"))
        return "".join(parts)

    def _seat(self, st: Any, view: Any, seat: int, seen: Any, look: PalaceLook, picked: set, node: int,
              compact: bool = False) -> str:
        mover = seat == st.to_move and not st.is_over
        badges = ""
        if mover:
            badges += tag("span", "to move", "badge move")
        if seen.out:
            badges += tag("span", "out", "badge")
        if view.winner == seat:
            badges += tag("span", "winner", "badge")
        if view.loser == seat:
            badges += tag("span", "loser", "badge warn")
        if view.seat == seat:
            badges += tag("span", "this view", "badge")
        head = tag("div", "", "seat-head", raw=tag("span", seen.name, "seat-name") + badges)
        if seen.hand is None:
            # a hidden hand: its backs (one, in a small seat) and how many
            hand = backs(min(seen.hand_size, 1) if compact else seen.hand_size, title="card in a hidden hand") + \
                tag("span", f" {seen.hand_size} cards", "count")
        else:
            hand = card_row((self._card(st, look, picked, node, seat, "hand", i, c) for i, c in enumerate(seen.hand)),
                            "hand", empty="no cards")
        up = card_row((self._card(st, look, picked, node, seat, "up", i, c) for i, c in enumerate(seen.face_up)),
                      "face-up", empty="none")
        down = card_row((self._down(st, look, node, seat, i, c) for i, c in enumerate(seen.face_down)),
                        "face-down", empty="none")
        body = (zone(f"Hand ({seen.hand_size})", hand, "hand-zone") + zone("Face up", up, "up-zone")
                + zone("Face down", down, "down-zone"))
        cls = "seat" + (" compact" if compact else " front") + (" to-move" if mover else "") + (
            " out" if seen.out else "")
        return tag("div", "", cls, raw=head + tag("div", "", "seat-body", raw=body), data_seat=seat)

    def _card(self, st: Any, look: PalaceLook, picked: set, node: int, seat: int, zone_name: str, i: int,
              card: Card) -> str:
        entry = look.active.get((zone_name, i)) if seat == look.mover else None
        selectable = seat == st.to_move and not st.is_over and (
            entry is not None or (st.phase is Phase.CHOOSE and zone_name == "hand")
            or (st.phase is Phase.SWAP and zone_name in ("hand", "up")))
        if not selectable:
            return card_face(card, zone=zone_name)
        item = f"{zone_name}:{i}"
        classes = []
        reason = ""
        if entry is not None:
            classes.append("playable" if entry[1] else "dimmed")
            reason = entry[2]
        if item in picked:
            classes.append("selected")
        return card_face(card, cls=" ".join(classes), reason=reason, key=f"{node}|pick|{item}", zone=zone_name)

    def _down(self, st: Any, look: PalaceLook, node: int, seat: int, i: int, card: Card | None) -> str:
        entry = look.active.get(("down", i)) if seat == look.mover else None
        if entry is not None:
            title = "face-down card: tap to turn one over"
            if card is None:
                return card_back(cls="playable", key=f"{node}|flip|{i}", title=title, reason=entry[2])
            return card_face(card, cls="down playable", key=f"{node}|flip|{i}", reason=entry[2])
        return card_back() if card is None else card_face(card, cls="down", title="face down (teaching view)")

    # -- the action bar ----------------------------------------------------------------------
    def _picked_cards(self, st: Any, picked: tuple[str, ...]) -> tuple[str, list[Card]]:
        seat = st.to_move
        zones = {"hand": st.hands[seat], "up": st.face_up[seat],
                 "drawn": (st.drawn,) if st.drawn is not None else ()}
        cards, where = [], ""
        for item in picked:
            name, _, index = item.partition(":")
            cards_of = zones.get(name, ())
            if index.isdigit() and int(index) < len(cards_of):
                cards.append(cards_of[int(index)])
                where = name
        return where, cards

    def _actions(self, st: Any, look: PalaceLook, picked: set, node: int) -> str:
        names = tuple(st.names)
        where, cards = self._picked_cards(st, tuple(self.study.selection))
        rules = st.rules
        out: list[str] = []
        phase = st.phase
        targets = [s for s in range(st.players) if s != st.to_move and s not in st.out]
        if cards and phase in (Phase.PLAY, Phase.FLASH, Phase.AFTER):
            shown = cards_text(cards)
            if phase is Phase.PLAY and cards[0].rank in rules.flash:
                for t in targets:
                    out.append(self.offer(A.Flash(tuple(cards), t), f"Flash {shown} at {names[t]}", "primary"))
            elif phase is Phase.PLAY:
                out.append(self.offer(A.Play(tuple(cards)), f"Play {shown}", "primary"))
            elif phase is Phase.FLASH:
                out.append(self.offer(A.Reflect(tuple(cards)), f"Send it back with {shown}", "primary"))
            else:
                out.append(self.offer(A.Quick(tuple(cards)), f"Throw {shown} now", "primary"))
        elif phase is Phase.CHOOSE:
            need = rules.cards_for(st.players)
            if cards:
                out.append(self.offer(A.Choose(tuple(cards)), f"Put {cards_text(cards)} face up "
                                                              f"({len(cards)} of {need})", "primary"))
            else:
                out.append(tag("span", f"Tap {need} cards of {names[st.to_move]}'s to put face up.", "label"))
        elif phase is Phase.SWAP:
            seat = st.to_move
            hand = [st.hands[seat][int(i.split(':')[1])] for i in self.study.selection if i.startswith("hand:")]
            up = [st.face_up[seat][int(i.split(':')[1])] for i in self.study.selection if i.startswith("up:")]
            if hand and up:
                out.append(self.offer(A.Swap(hand[-1], up[-1]), f"Swap {hand[-1].label} for {up[-1].label}", "primary"))
            else:
                out.append(tag("span", "Tap a hand card and a face-up card to swap them.", "label"))
        elif phase in (Phase.PLAY, Phase.FLASH, Phase.AFTER) and look.active:
            out.append(tag("span", "Tap cards of one rank to play them.", "label"))
        for action in self._word_actions(st):
            out.append(self.offer(action, _word_label(action, names, phase)))
        if phase is Phase.REVEAL:
            for action in st.candidate_actions():
                if isinstance(action, (A.Play, A.Flash)):
                    card = action.cards[0].label
                    label = f"Play {card}" if isinstance(action, A.Play) else f"Flash {card} at {names[action.target]}"
                    out.insert(0, self.offer(action, label, "primary"))
        if self.study.selection:
            out.append(self.clear_button("Clear the picked cards"))
        return tag("div", "", "actions", raw="".join(out))

    def _word_actions(self, st: Any) -> list[Any]:
        """The non-card actions worth a button here: the legal ones, plus the everyday ones of
        this rule set (pick up, chance) even when refused, so their reason can be read."""
        rules = st.rules
        legal = {str(a) for a in st.legal_actions()}
        out = []
        for action in st.candidate_actions():
            if isinstance(action, (*CARD_ACTIONS, A.Choose, A.Swap)):
                continue
            t = type(action)
            everyday = st.phase is Phase.PLAY and (
                t is A.Pickup or (t is A.Chance and (rules.chance or rules.reset_stock_option)))
            if str(action) in legal or everyday:
                out.append(action)
        return out

    def _over(self, st: Any) -> str:
        parts = []
        if st.winner is not None:
            parts.append(f"{st.names[st.winner]} is out of cards first and wins.")
        if st.loser is not None:
            parts.append(f"{st.names[st.loser]} is left holding cards and loses.")
        return tag("div", " ".join(parts) or "The game is over.", "over")

    # -- clicks ----------------------------------------------------------------------------
    def clicked(self, kind: str, arg: str, value: str) -> None:
        if kind == "pick":
            self._pick(self.study.state, arg)
        elif kind == "flip":
            self.play(A.FLIP)
        elif kind == "do":
            self.do(arg)

    def _pick(self, st: Any, item: str) -> None:
        picked = tuple(self.study.selection)
        if item in picked:
            self.select(*(i for i in picked if i != item))
            return
        if st.phase in (Phase.CHOOSE, Phase.SWAP):
            if st.phase is Phase.SWAP:  # one hand card and one face-up card
                zone_name = item.split(":")[0]
                picked = tuple(i for i in picked if not i.startswith(zone_name + ":"))
            self.select(*picked, item)
            return
        where, cards = self._picked_cards(st, picked)
        _, new = self._picked_cards(st, (item,))
        if not new:
            return
        same = cards and where == item.split(":")[0] and cards[0].rank is new[0].rank
        self.select(*(picked if same else ()), item)


__all__ = ["PalaceTable", "PalaceLook"]
