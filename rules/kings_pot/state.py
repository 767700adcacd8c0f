"""The King's Pot deal as an immutable state machine.

Phases: ``buy`` (each player, from the dealer's left, antes and buys cards),
then three times ``reveal`` (the dealer turns the cells of that round) and
``bet`` (a betting round), then ``showdown`` (the dealer turns everything and
the pots are paid), then ``over``. A deal also ends early, ``over`` without a
showdown, when only one player still holds cards.

Chips: the players' stacks, the betting pot and the King's pot always add up
to the starting stacks plus the King's pot carried in. Cards: tableau, King's
hand, the spare cards not yet bought, the players' live cards and their
folded cards always make up the one pack.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, cast

from ..cards import Card, faces
from ..core import GameOutcome, GameState, NextDeal, Pot
from ..errors import IllegalActionError
from ..refs import Event, RuleRef, Verdict, ruling
from . import deals, sections as S
from .actions import (CALL, CHECK, FOLD, SHOWDOWN, Action, Bet, Buy, Call, Check, Fold, FoldCard,
                      Raise, Reveal, Showdown)
from .board import TableauBoard
from .model import Deal, Phase, Seat
from .showdown import MAIN_POT_RULING, UNCONTESTED_RULING, judge, uncontested
from .tableau import CELLS, LINES_THROUGH, MAX_BUY_RULING, REVEAL_ORDER_RULING, HandName, cell_name
from .variant import ANTE_RULING, BET_SIZE_RULING, KingsPotRules
from .view import KingsPotView, make_view

TURN_ORDER_RULING = ruling(
    "kings-pot-turn-order",
    S.ref(S.FIRST_REVEAL, "a round of normal poker betting"),
    "Who buys first, who acts first in each betting round, and who turns the cards?",
    "leaves the order of play to 'normal poker betting' and has the dealer lay out the tableau",
    "the dealer is also a player. Buying and every betting round go clockwise starting with the "
    "player on the dealer's left (the next seat in the players list), skipping anyone who has "
    "folded. The dealer turns the cells of each reveal round and everything at the showdown")

BUY_DEAL_RULING = ruling(
    "kings-pot-buying-order",
    S.ref(S.BACKING, "players get the cards they paid for"),
    "In what order are the spare cards handed out, and may a player buy more later?",
    "says players receive as many cards as they paid for, up to the limit, before the first reveal",
    "each player buys once, in turn; the cards bought come off the top of the spare pile at "
    "once, in that order (a stacked deck lists them in buying order). No cards are sold after "
    "the first reveal")

PARTIAL_FOLD_RULING = ruling(
    "kings-pot-folding-some-cards",
    S.ref(S.FIRST_REVEAL, "fold some or all of your cards"),
    "When may a player fold only some cards, and what does that cost?",
    "lets a player fold some or all of their cards at any point, and notes it helps when two cards "
    "back the same hand",
    "on your turn in a betting round you may fold cards one at a time ('fold 7h'); that does not "
    "use up your turn, so you then check, call, bet, raise or fold the rest. Chips already paid "
    "for a folded card stay in the pot; from then on amounts due are counted on the cards you "
    "still hold. To give up your last card, fold everything ('fold'), which is allowed even when "
    "checking would cost nothing")

SHORT_STACK_RULING = ruling(
    "kings-pot-no-all-in",
    S.ref(S.FIRST_REVEAL, "bets are due for each card held"),
    "What if a player cannot pay what is due?",
    "requires the full amount for every card held and says nothing of running short",
    "there are no all-in side pots: a call, bet or raise must be paid in full from the player's "
    "stack. A player who cannot pay may fold cards until the amount fits, or fold")

NEXT_DEAL_RULING = ruling(
    "kings-pot-next-deal",
    S.ref(S.KINGS_POT, "the King's pot remains and grows"),
    "What carries from one deal to the next?",
    "says an unwon King's pot stays and keeps growing, and nothing else about later deals",
    "the next deal keeps the players' stacks as they stand and the King's pot as it stands "
    "(emptied if it was just won); the deal passes one seat to the left; a player who cannot pay "
    "for one card sits the deal out; the tableau is dealt afresh")




def _ref(section: str, clause: str = "") -> RuleRef:
    return S.ref(section, clause)


_ROUND_SECTION = {1: S.FIRST_REVEAL, 2: S.SECOND_REVEAL, 3: S.THIRD_REVEAL}


@dataclass(frozen=True)
class KingsPotState(Deal, GameState[Action]):
    """A King's Pot deal: its fields and the facts read off them are a :class:`.model.Deal`;
    this front adds the one legality check, the moves, the words and the views."""

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def describe(self, action: Action, viewer: int | None = None) -> str:
        """``action`` in plain words ("buy 2 cards for 2 chips", "bet 3 a card"); a card
        folded singly is named only to its owner and the teaching view (``viewer``)."""
        from .words import describe
        return describe(self, action, viewer)

    def hand_backed_by(self, card: Card) -> HandName:
        """The hand (a tableau line, or the King's hand) a card names: its rank's hand."""
        return HandName.for_rank(card.rank)

    def _name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.table.players[seat]

    # -- what may be tried here ------------------------------------------------
    def candidate_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.BUY:
            return tuple(Buy(n) for n in range(1, self.max_buy + 2))
        if self.phase in (Phase.REVEAL, Phase.SHOWDOWN):
            return (*(Reveal(k) for k in (1, 2, 3)), SHOWDOWN)
        if self.phase is Phase.BET:
            t = self.table
            seat = self.seats[self.acting]
            # sizes up to what the stack pays for every live card (no larger one can be
            # legal), and always the smallest, so a short seat is told why it cannot bet
            per_card = seat.stack // max(len(seat.live), 1)
            owed = self.level - seat.paid
            bets = range(t.min_bet, max(t.min_bet, min(t.max_bet, per_card)) + 1)
            raises = range(t.min_bet, max(t.min_bet, min(t.max_bet, per_card - owed)) + 1)
            return (CHECK, CALL, *(Bet(a) for a in bets), *(Raise(a) for a in raises), FOLD,
                    *(FoldCard(c) for c in seat.live))
        return ()

    # -- the one legality check ----------------------------------------------------
    def under(self, rules: KingsPotRules) -> "KingsPotState":
        """The same position under other rules: the table's amounts (ante, bet sizes) are
        copied from the rules at the deal, so they follow the rules here too."""
        table = replace(self.table, ante=rules.ante, min_bet=rules.min_bet, max_bet=rules.max_bet)
        return replace(self, rules=rules, table=table)

    def check(self, action: Action) -> Verdict:
        if self.phase is Phase.OVER:
            return Verdict(False, "the deal is over; start the next deal", _ref(S.SHOWDOWN))
        if isinstance(action, Buy):
            return self._check_buy(action)
        if isinstance(action, Reveal):
            return self._check_reveal(action)
        if isinstance(action, Showdown):
            return self._check_showdown()
        if isinstance(action, (Check, Call, Bet, Raise, Fold, FoldCard)):
            return self._check_betting(action)
        return Verdict(False, f"{action!r} is not a King's Pot action", _ref(S.FIRST_REVEAL))

    def _check_buy(self, a: Buy) -> Verdict:
        ref = _ref(S.BUYING, "buying cards")
        if self.phase is not Phase.BUY:
            return Verdict(False, "cards are bought only before the first reveal", ref, BUY_DEAL_RULING)
        who = self._name(self.acting)
        n = len(self.seats)
        if a.count < self.rules.min_buy:
            return Verdict(False, f"every player buys at least {self.rules.min_buy} card", ref,
                           ANTE_RULING)
        if a.count > self.max_buy:
            return Verdict(False, f"with {n} players a player may buy at most {self.max_buy} "
                           f"card{'s' if self.max_buy > 1 else ''} (22 spare cards shared by {n})",
                           ref, MAX_BUY_RULING)
        cost = self.buy_cost(a.count)
        stack = self.seats[self.acting].stack
        cards = f"{a.count} card{'s' if a.count > 1 else ''}"
        if cost > stack:
            return Verdict(False, f"{cards} cost {cost} chips and {who} has {stack}",
                           _ref(S.ANTES), ANTE_RULING)
        how = (f"{cost} chips ({self.table.ante} a card)" if self.rules.ante_per_card
               else f"the ante of {cost} chips")
        return Verdict(True, f"{who} buys {cards} for {how}, paid into the King's pot; "
                       "each card's rank names a hand to back", ref, MAX_BUY_RULING)

    def _check_reveal(self, a: Reveal) -> Verdict:
        nxt = self.reveals + 1
        ref = _ref(_ROUND_SECTION.get(a.round, S.FIRST_REVEAL), "reveal rounds")
        if self.phase is Phase.BUY:
            return Verdict(False, f"the first reveal waits until everyone has bought; "
                           f"{self._name(self.to_act)} still has to buy", ref)
        if self.phase is Phase.BET:
            return Verdict(False, f"the betting round after reveal {self.reveals} is not finished "
                           f"({self._name(self.to_act)} to act)", ref)
        if self.phase is Phase.SHOWDOWN:
            return Verdict(False, "all three reveal rounds are done: next is the showdown", ref)
        if a.round != nxt:
            return Verdict(False, f"the next reveal is round {nxt}, not {a.round}", ref)
        return Verdict(True, f"the dealer turns the five cells labelled {nxt}: one more card of "
                       "every tableau hand", ref, REVEAL_ORDER_RULING)

    def _check_showdown(self) -> Verdict:
        ref = _ref(S.SHOWDOWN)
        if self.phase is not Phase.SHOWDOWN:
            return Verdict(False, "the showdown comes after the third betting round", ref)
        return Verdict(True, "the dealer turns every remaining card and the best backed hand "
                       "wins", ref, MAIN_POT_RULING)

    def _check_betting(self, a: Action) -> Verdict:
        ref = _ref(_ROUND_SECTION.get(self.reveals, S.FIRST_REVEAL), "betting")
        if self.phase is not Phase.BET:
            when = {Phase.BUY: "the players are still buying cards",
                    Phase.REVEAL: f"the dealer has to turn the cells labelled {self.reveals + 1} first",
                    Phase.SHOWDOWN: "the betting is over: next is the showdown"}[self.phase]
            return Verdict(False, f"no betting round is open: {when}", ref)
        seat = self.seats[self.acting]
        who = self._name(self.acting)
        n = len(seat.live)
        cards = f"{n} card{'s' if n != 1 else ''}"
        owed = self.level - seat.paid
        t = self.table
        if isinstance(a, FoldCard):
            if a.card not in seat.live:
                where = "has already folded" if a.card in seat.folded else "does not hold"
                return Verdict(False, f"{who} {where} the {a.card.label}", _ref(S.FIRST_REVEAL), PARTIAL_FOLD_RULING)
            if n == 1:
                return Verdict(False, f"The {a.card.label} is {who}'s last card: to give it up, fold every card "
                               "and leave the deal", _ref(S.FIRST_REVEAL), PARTIAL_FOLD_RULING)
            return Verdict(True, f"{who} folds the {a.card.label} (no longer backing the "
                           f"{HandName.for_rank(a.card.rank).title}) and keeps the turn",
                           _ref(S.SAME_RANK), PARTIAL_FOLD_RULING)
        if isinstance(a, Fold):
            return Verdict(True, f"{who} folds all {cards} and leaves the deal; chips already "
                           "in the pot stay there", ref, PARTIAL_FOLD_RULING)
        if isinstance(a, Check):
            if owed:
                return Verdict(False, f"{who} owes {owed} a card on {cards} ({owed * n} chips): "
                               "call, raise or fold", ref)
            return Verdict(True, f"nothing is due, so {who} checks", ref)
        if isinstance(a, Call):
            if not owed:
                return Verdict(False, "there is no bet to call: check or bet", ref)
            if owed * n > seat.stack:
                return Verdict(False, f"calling costs {owed} a card on {cards} ({owed * n} chips) and "
                               f"{who} has {seat.stack}", ref, SHORT_STACK_RULING)
            return Verdict(True, f"{who} calls {owed} a card on {cards}: {owed * n} chips", ref)
        size = cast("Bet | Raise", a).per_card  # the other actions were answered above
        if not t.min_bet <= size <= t.max_bet:
            return Verdict(False, f"bets and raises are {t.min_bet} to {t.max_bet} chips a card, "
                           f"not {size}", ref, BET_SIZE_RULING)
        if isinstance(a, Bet):
            if self.level:
                return Verdict(False, f"there is already a bet of {self.level} a card: call, "
                               "raise or fold", ref)
            cost = size * n
            verb = f"bets {size} a card"
        else:
            if not self.level:
                return Verdict(False, "there is no bet to raise: bet instead", ref)
            if self.raises >= self.rules.raise_cap:
                return Verdict(False, f"this round has had its {self.rules.raise_cap} raises: "
                               "call or fold", ref, BET_SIZE_RULING)
            cost = (owed + size) * n
            verb = f"raises by {size} to {self.level + size} a card"
        if cost > seat.stack:
            return Verdict(False, f"that costs {cost} chips on {cards} and {who} has {seat.stack}",
                           ref, SHORT_STACK_RULING)
        return Verdict(True, f"{who} {verb} on {cards}: {cost} chips", ref, BET_SIZE_RULING)

    # -- applying ----------------------------------------------------------------
    def _advance(self, action: Action) -> tuple["KingsPotState", tuple[Event, ...]]:
        history = self.history + (action,)
        if isinstance(action, Buy):
            state, events = self._buy(action)
        elif isinstance(action, Reveal):
            state, events = self._reveal(action)
        elif isinstance(action, Showdown):
            state, events = self._showdown()
        else:
            state, events = self._bet(action)
        return replace(state, history=history), events

    def _buy(self, a: Buy) -> tuple["KingsPotState", tuple[Event, ...]]:
        me = self.acting
        cost = self.buy_cost(a.count)
        cards = self.table.spare[self.dealt:self.dealt + a.count]
        seat = replace(self.seats[me], stack=self.seats[me].stack - cost, live=cards, bought=a.count)
        seats = _set(self.seats, me, seat)
        nxt = next((s for s in self.turn_order() if not seats[s].bought), None)
        state = replace(self, seats=seats, dealt=self.dealt + a.count, kings_pot=self.kings_pot + cost,
                        phase=Phase.BUY if nxt is not None else Phase.REVEAL,
                        to_act=nxt if nxt is not None else self.table.dealer)
        events = [Event("buy", f"{self._name(me)} buys {a.count} card{'s' if a.count > 1 else ''} "
                        f"and puts {cost} chip{'' if cost == 1 else 's'} in the King's pot (now {state.kings_pot})",
                        _ref(S.BACKING), (("seat", me), ("name", self._name(me)), ("count", a.count),
                                          ("chips", cost), ("cards", cards)),
                        # the cards bought are the buyer's secret: Event.seen_by drops them
                        private_to=me, secret=("cards",))]
        if nxt is None:
            events.append(Event("buying-done", "Everyone has bought; the dealer turns the "
                                "cells labelled 1", _ref(S.FIRST_REVEAL)))
        return state, tuple(events)

    def _reveal(self, a: Reveal) -> tuple["KingsPotState", tuple[Event, ...]]:
        ref = _ref(_ROUND_SECTION[a.round])
        events = [self._cell_event(c, "reveal", ref, a.round) for c in self.rules.reveal.round_cells(a.round)]
        seats = tuple(replace(s, paid=0, acted=False) for s in self.seats)
        first = next(s for s in self.turn_order() if seats[s].in_deal)
        state = replace(self, seats=seats, reveals=a.round, phase=Phase.BET, to_act=first, level=0,
                        raises=0)
        events.append(Event("betting-round", f"Betting round {a.round}: {self._name(first)} acts "
                            "first", ref, (("round", a.round), ("seat", first), ("name", self._name(first)))))
        return state, tuple(events)

    def _cell_event(self, cell: int, kind: str, ref: RuleRef, rnd: int) -> Event:
        card = self.table.tableau[cell]
        hands = LINES_THROUGH[cell]
        return Event(kind, f"{cell_name(cell).capitalize()}: {card.words} "
                     f"({', '.join(h.title for h in hands)})", ref,
                     (("cell", cell), ("card", card), ("hands", hands), ("round", rnd)))

    def _bet(self, a: Action) -> tuple["KingsPotState", tuple[Event, ...]]:
        me = self.acting
        seat = self.seats[me]
        who = self._name(me)
        ref = _ref(_ROUND_SECTION[self.reveals])
        level, raises = self.level, self.raises
        seats = self.seats
        if isinstance(a, FoldCard):
            live = tuple(c for c in seat.live if c != a.card)
            seats = _set(seats, me, replace(seat, live=live, folded=seat.folded + (a.card,)))
            # folded face down: which card is the folder's secret (the text never names it)
            event = Event("fold-card", f"{who} folds a card and keeps {len(live)} in play", ref,
                          (("seat", me), ("name", who), ("card", a.card)), private_to=me,
                          secret=("card",))
            return replace(self, seats=seats), (event,)
        if isinstance(a, Fold):
            seats = _set(seats, me, replace(seat, live=(), folded=seat.folded + seat.live,
                                            in_deal=False, acted=True))
            event = Event("fold", f"{who} folds and leaves the deal", ref, (("seat", me), ("name", who)))
            return self._next_turn(seats, level, raises, me, self.pot, (event,))
        n = len(seat.live)
        if isinstance(a, Check):
            pay, kind, text = 0, "check", f"{who} checks"
        elif isinstance(a, Call):
            pay, kind, text = (level - seat.paid) * n, "call", f"{who} calls"
        elif isinstance(a, Bet):
            level = a.per_card
            pay, kind, text = level * n, "bet", f"{who} bets {level} a card"
        else:
            raises += 1
            level += cast(Raise, a).per_card
            pay, kind, text = (level - seat.paid) * n, "raise", f"{who} raises to {level} a card"
        if pay:
            text += f", {pay} chips on {n} card{'s' if n != 1 else ''}"
        if kind in ("bet", "raise"):  # everyone else must answer the new level
            seats = tuple(replace(s, acted=False) if i != me and s.in_deal else s
                          for i, s in enumerate(seats))
        seats = _set(seats, me, replace(seat, stack=seat.stack - pay, paid=level, acted=True,
                                        put_in=seat.put_in + pay))
        event = Event(kind, text, ref, (("seat", me), ("name", who), ("chips", pay), ("per_card", level)))
        return self._next_turn(seats, level, raises, me, self.pot + pay, (event,))

    def _next_turn(self, seats: tuple[Seat, ...], level: int, raises: int, me: int, pot: int,
                   events: tuple[Event, ...]) -> tuple["KingsPotState", tuple[Event, ...]]:
        left = [i for i, s in enumerate(seats) if s.in_deal]
        if len(left) == 1:
            return self._uncontested(seats, left[0], pot, events)
        n = len(seats)
        for step in range(1, n + 1):
            i = (me + step) % n
            s = seats[i]
            if s.in_deal and (not s.acted or s.paid < level):
                return replace(self, seats=seats, level=level, raises=raises, pot=pot, to_act=i), events
        done = Event("round-over", f"Betting round {self.reveals} is over; the pot holds {pot}",
                     _ref(_ROUND_SECTION[self.reveals]), (("round", self.reveals), ("pot", pot)))
        phase = Phase.REVEAL if self.reveals < 3 else Phase.SHOWDOWN
        return (replace(self, seats=seats, level=level, raises=raises, pot=pot, phase=phase,
                        to_act=self.table.dealer), events + (done,))

    def _uncontested(self, seats: tuple[Seat, ...], winner: int, pot: int,
                     events: tuple[Event, ...]) -> tuple["KingsPotState", tuple[Event, ...]]:
        outcome = uncontested(winner, pot, self.kings_pot)
        seats = _set(seats, winner, replace(seats[winner], stack=seats[winner].stack + pot))
        ref = _ref(S.KINGS_POT)
        state = replace(self, seats=seats, pot=0, phase=Phase.OVER, to_act=None, outcome=outcome)
        return state, events + (
            Event("pot-won", f"Everyone else has folded: {self._name(winner)} takes the pot of {pot} "
                  "without a showdown", ref, (("seat", winner), ("name", self._name(winner)), ("chips", pot),
                                              *self._winner_data(outcome.winners, outcome.pot_shares))),
            Event("kings-pot-carried", f"The King's pot of {self.kings_pot} carries over to the next "
                  "deal", ref, (("chips", self.kings_pot),)),
        )

    def _showdown(self) -> tuple["KingsPotState", tuple[Event, ...]]:
        t = self.table
        shown = self.face_up
        events = [self._cell_event(c, "reveal", _ref(S.SHOWDOWN), 0) for c in range(CELLS)
                  if c not in shown]
        events.append(Event("kings-hand", "The King's hand: " + faces(t.kings_hand),
                            _ref(S.SHOWDOWN), (("cards", t.kings_hand),)))
        order = self.turn_order()
        holdings = {s: self.seats[s].live for s in order if self.seats[s].in_deal}
        for s, cards in holdings.items():
            events.append(Event("show", f"{self._name(s)} shows {faces(cards)}",
                                _ref(S.SHOWDOWN), (("seat", s), ("name", self._name(s)), ("cards", cards))))
        outcome = judge(t.tableau, t.kings_hand, holdings, order, self.pot, self.kings_pot,
                        kings_pot_win=self.rules.kings_pot_win)
        for r in outcome.hands:
            if r.ace_low:  # the one place the ace ranks below the two
                events.append(Event("hand", f"{r.name.title}: {r.describe()}, the ace counting low",
                                    _ref(S.PLAYERS_AND_CARDS, "aces low in a straight"),
                                    (("hand", r.name), ("value", r.value))))
            else:
                events.append(Event("hand", f"{r.name.title}: {r.describe()}", _ref(S.SHOWDOWN),
                                    (("hand", r.name), ("value", r.value))))
        gains = dict.fromkeys(range(len(self.seats)), 0)
        for seat, chips in outcome.pot_shares + outcome.kings_shares:
            gains[seat] += chips
        seats = tuple(replace(s, stack=s.stack + gains[i]) for i, s in enumerate(self.seats))
        names = " and ".join(self._name(s) for s in outcome.winners)
        won = " and ".join(h.title for h in outcome.winning_hands)
        events.append(Event("pot-won", f"{names} backed the {won}, the best backed hand, and "
                            f"take{'s' if len(outcome.winners) == 1 else ''} the pot of {self.pot}",
                            _ref(S.SHOWDOWN), self._winner_data(outcome.winners, outcome.pot_shares)))
        ref = _ref(S.KINGS_POT)
        if outcome.kings_pot_won:
            events.append(Event("kings-pot-won", f"The King's hand beats every tableau hand: {names} "
                                f"also take{'s' if len(outcome.winners) == 1 else ''} the King's pot "
                                f"of {self.kings_pot}", ref,
                                self._winner_data(outcome.winners, outcome.kings_shares)))
        else:
            events.append(Event("kings-pot-carried", f"The King's hand did not beat every tableau "
                                f"hand: the King's pot of {self.kings_pot} carries over", ref,
                                (("chips", self.kings_pot),)))
        state = replace(self, seats=seats, pot=0, kings_pot=outcome.carried, phase=Phase.OVER,
                        to_act=None, outcome=outcome)
        return state, tuple(events)

    def _winner_data(self, winners: tuple[int, ...],
                     shares: tuple[tuple[int, int], ...]) -> tuple[tuple[str, object], ...]:
        """Event data naming who is paid, by seat and by name (names for narration)."""
        return (("seats", winners), ("names", tuple(self._name(s) for s in winners)),
                ("shares", shares), ("named_shares", tuple((self._name(s), c) for s, c in shares)))

    # -- the end of the deal (rules.core's contract) and the next deal -------------
    def game_outcome(self) -> GameOutcome | None:
        """The deal's outcome: the winners of the betting pot, each seat's chips won or lost."""
        result = self.outcome
        if not self.is_over or result is None:
            return None
        others = tuple(i for i in range(len(self.seats)) if i not in result.winners)
        how = ("everyone else folded" if result.uncontested else
               "the best hand backed at the showdown takes the pot")
        over = deals.why_over(self)
        return GameOutcome(how=how, ref=_ref(S.KINGS_POT if result.uncontested else S.SHOWDOWN),
                           winners=result.winners, placings=tuple(g for g in (result.winners, others) if g),
                           chips=tuple(seat.stack - start for seat, start in zip(self.seats, self.table.stacks)),
                           goes_on=not over, over=over)

    def next_setup(self, *, deck: list[str] | str | None = None,
                   seed: int | str | None = None) -> dict[str, Any]:
        """Setup of the next deal (ruling kings-pot-next-deal): the stacks as they stand,
        the King's pot carried (or emptied if won), the deal passing to the left. Players
        who cannot pay for a card sit out. Give ``deck`` or ``seed`` for the new cards."""
        return deals.next_setup(self, deck=deck, seed=seed)

    def next_deal(self, setup: Mapping[str, Any], seed: int | str = 1) -> NextDeal | None:
        """The next deal (:meth:`next_setup`), the table's own choices (its options and their
        name) carried over from ``setup``; None once too few players can pay for a card."""
        return deals.next_deal(self, setup, seed)

    def automatic(self) -> Action | None:
        """The dealer's reveals and the showdown: nobody chooses them (§ First reveal, § Showdown)."""
        if self.phase not in (Phase.REVEAL, Phase.SHOWDOWN):
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def pots(self) -> tuple[Pot, ...]:
        """The chips put into the betting pot this deal (paid out at its end), and the King's pot."""
        return (Pot(deals.BETTING_POT_LABEL, sum(s.put_in for s in self.seats)), Pot(deals.KINGS_POT_LABEL, self.kings_pot))

    # -- what a seat may see ------------------------------------------------------
    def view(self, seat: int | None = None) -> KingsPotView:
        """What ``seat`` may see (``None``: everything, the teaching view)."""
        legal = self.legal_actions() if seat is None or seat == self.to_act else ()
        return make_view(self, seat, legal)

    def board(self, seat: int | None = None) -> TableauBoard:
        """The tableau picture for ``seat`` (see :class:`rules.kings_pot.board.TableauBoard`)."""
        return self.view(seat).board


def _set(seats: tuple[Seat, ...], i: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:i] + (seat,) + seats[i + 1:]
