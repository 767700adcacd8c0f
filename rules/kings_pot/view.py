"""What one seat may see of a King's Pot deal.

A seat sees the face-up tableau cells, its own cards (live and folded), every
player's stack and how many cards each holds, and the pots. It does not see
face-down cells, the King's hand before the showdown, other players' cards
before the showdown (folded cards never), or the spare pile. ``view(None)`` is
the teaching view: everything, with ``face_up`` still telling what the table
sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from .board import TableauBoard, make_board
from .showdown import Outcome
from .tableau import HandName

if TYPE_CHECKING:  # pragma: no cover
    from .state import KingsPotState


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
class KingsPotView:
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


def make_view(state: "KingsPotState", seat: int | None) -> KingsPotView:
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
    return KingsPotView(
        seat=seat, phase=state.phase.value, reveals=state.reveals, to_act=state.to_act,
        players=tuple(players), tableau=tableau, face_up=face_up, kings_hand=kings,
        kings_face_up=showdown_done, pot=state.pot, kings_pot=state.kings_pot, level=state.level,
        raises=state.raises, spare_left=len(state.spare_left),
        spare=state.spare_left if everything else None, outcome=outcome, board=board)
