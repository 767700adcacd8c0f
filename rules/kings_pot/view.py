"""What one seat may see of a King's Pot deal.

A seat sees the face-up tableau cells, its own cards (live and folded), every
player's stack and how many cards each holds, and the pots. It does not see
face-down cells, the King's hand before the showdown, other players' cards
before the showdown (folded cards never), or the spare pile. ``view(None)`` is
the teaching view: everything, with ``face_up`` still telling what the table
sees.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from ..cards import Card
from ..core import GameState, GameView
from .actions import Action, FoldCard
from .board import TableauBoard, make_board
from .model import Deal
from .showdown import Outcome
from .tableau import CELLS, KINGS_HAND_SIZE, HandName
from .variant import KingsPotRules

D = TypeVar("D", bound=Deal)


@dataclass(frozen=True)
class SeatView:
    name: str
    stack: int
    is_dealer: bool
    in_deal: bool
    card_count: int                       # live cards
    cards: tuple[Card, ...] | None        # None: hidden from this viewer
    folded_count: int
    folded: tuple[Card, ...] | None
    paid: int                             # per-card bet matched this betting round
    put_in: int                           # chips paid into the betting pot this deal

    @property
    def backs(self) -> tuple[HandName, ...] | None:
        """The hands this seat backs, when its cards are visible (one per rank)."""
        if self.cards is None:
            return None
        return tuple(dict.fromkeys(HandName.for_rank(c.rank) for c in self.cards))


@dataclass(frozen=True)
class KingsPotView(GameView):
    seat: int | None
    phase: str
    reveals: int
    to_act: int | None
    players: tuple[SeatView, ...]
    tableau: tuple[Card | None, ...]      # 25 cells row by row; None: unknown to the viewer
    face_up: frozenset[int]
    kings_hand: tuple[Card | None, ...]
    kings_face_up: bool
    pot: int
    kings_pot: int
    level: int
    raises: int
    spare_left: int
    spare: tuple[Card, ...] | None        # the spare pile, teaching view only
    outcome: Outcome | None
    board: TableauBoard
    legal: tuple[Action, ...] = ()        # the viewer's legal actions when it is its turn (all, teaching)

    @property
    def mover(self) -> int | None:
        return self.to_act

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    @property
    def position(self) -> Deal:
        """The deal with the cards this seat cannot place put back in a fixed order."""
        if self._masked is None:
            raise ValueError("this view was made without its position")
        return cast(Deal, self._masked)

    @property
    def rules(self) -> "KingsPotRules":
        """The rules in play (public: everyone plays by them)."""
        return self.position.rules

    @property
    def stakes(self) -> tuple[int, int, int]:
        """The table's agreed amounts, public: (ante, least bet, largest bet), chips a card."""
        table = self.position.table
        return table.ante, table.min_bet, table.max_bet

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see: face-down cells, the King's hand until the
        showdown, the other players' cards (folded ones for ever) and the spare pile."""
        return () if self._masked is None else hidden_cards(self.position, self.seat)[0]

    def determinize(self, rng: random.Random) -> "GameState[Any]":
        """A full deal consistent with this view, the unseen cards dealt at random."""
        state = self.position  # the state itself (a Deal)
        if self.seat is not None:
            cards, places = hidden_cards(state, self.seat)
            dealt = list(cards)
            rng.shuffle(dealt)
            state = redeal(state, places, dealt)
        return cast("GameState[Any]", state)


def hidden_cards(state: Deal, seat: int | None) -> tuple[tuple[Card, ...], list[int]]:
    """The cards ``seat`` cannot see (in pack order) and their places in the deal's deck
    (cells 0-24, the King's hand 25-29, then the spare cards in buying order)."""
    if seat is None:
        return (), []
    outcome = state.outcome
    showdown_done = outcome is not None and not outcome.uncontested
    deck = state.table.deck
    face_up = state.face_up
    known = set(state.seats[seat].live + state.seats[seat].folded)
    if showdown_done:
        known.update(c for s in state.seats if s.in_deal for c in s.live)
    places = [i for i in range(CELLS) if i not in face_up]
    if not showdown_done:
        places += list(range(CELLS, CELLS + KINGS_HAND_SIZE))
    places += [i for i in range(CELLS + KINGS_HAND_SIZE, len(deck)) if deck[i] not in known]
    cards = sorted((deck[i] for i in places), key=lambda c: c.index)
    return tuple(cards), places


def redeal(state: D, places: list[int], cards: list[Card]) -> D:
    """``state`` with ``cards`` put at deck ``places`` in order; the players' cards follow
    the deck (each bought card is a place among the spare cards)."""
    deck = list(state.table.deck)
    swap = {}
    for place, card in zip(places, cards):
        swap[deck[place]] = card
        deck[place] = card
    seats = tuple(replace(s, live=tuple(swap.get(c, c) for c in s.live),
                          folded=tuple(swap.get(c, c) for c in s.folded)) for s in state.seats)
    table = replace(state.table, deck=tuple(deck), stacked=None, seed=None)
    history = tuple(FoldCard(swap.get(a.card, a.card)) if isinstance(a, FoldCard) else a for a in state.history)
    return replace(state, table=table, seats=seats, history=history)


def make_view(state: Deal, seat: int | None, legal: tuple[Action, ...]) -> KingsPotView:
    if seat is not None and not 0 <= seat < len(state.seats):
        raise ValueError(f"no seat {seat}: seats are 0 to {len(state.seats) - 1}")
    everything = seat is None
    outcome = state.outcome
    showdown_done = outcome is not None and not outcome.uncontested
    face_up = state.face_up
    t = state.table
    tableau = tuple(c if everything or i in face_up else None for i, c in enumerate(t.tableau))
    kings = tuple(c if everything or showdown_done else None for c in t.kings_hand)
    players = []
    for i, s in enumerate(state.seats):
        mine = everything or i == seat
        shows = mine or (showdown_done and s.in_deal)
        players.append(SeatView(
            name=t.players[i], stack=s.stack, is_dealer=i == t.dealer, in_deal=s.in_deal,
            card_count=len(s.live), cards=s.live if shows else None,
            folded_count=len(s.folded), folded=s.folded if mine else None,
            paid=s.paid, put_in=s.put_in))
    board = make_board(tableau, face_up, state.rules.reveal.labels(), kings, showdown_done)
    if everything:
        masked = state
    else:
        cards, places = hidden_cards(state, seat)
        masked = redeal(state, places, list(cards))
    return KingsPotView(
        seat=seat, phase=state.phase.value, reveals=state.reveals, to_act=state.to_act,
        players=tuple(players), tableau=tableau, face_up=face_up, kings_hand=kings,
        kings_face_up=showdown_done, pot=state.pot, kings_pot=state.kings_pot, level=state.level,
        raises=state.raises, spare_left=len(state.spare_left),
        spare=state.spare_left if everything else None, outcome=outcome, board=board,
        legal=legal)._from_position(cast("GameState[Any]", masked))
