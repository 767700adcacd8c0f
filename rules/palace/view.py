"""What one seat may see of a Palace position (``state.view(seat)``).

Hidden: other players' hands (their sizes are public), every face-down card
(except the one its owner has looked at), the stock's order, a chance card
still held apart by another player, the cards set aside in the BGA short game.
Public: face-up cards, the pile, the cleared cards, who is out. ``view(None)``
shows everything, for teaching.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, Rank

if TYPE_CHECKING:  # pragma: no cover
    from .state import FlashInfo, PalaceState


@dataclass(frozen=True)
class SeatView:
    name: str
    hand: tuple[Card, ...] | None
    """``None`` when hidden from the viewer."""
    hand_size: int
    face_up: tuple[Card, ...]
    face_down: tuple[Card | None, ...]
    """One entry per face-down card; ``None`` for a card the viewer may not see."""
    out: bool


@dataclass(frozen=True)
class PalaceView:
    seat: int | None
    variant: str
    phase: str
    to_move: int
    direction: int
    seats: tuple[SeatView, ...]
    stock_size: int
    stock: tuple[Card, ...] | None
    pile: tuple[Card, ...]
    top: Rank | None
    cleared: tuple[Card, ...]
    unused_size: int
    drawn: Card | None
    flash: "FlashInfo | None"
    quick_cards: tuple[Card, ...] | None
    again: str
    winner: int | None
    loser: int | None


def make_view(st: "PalaceState", seat: int | None) -> PalaceView:
    everything = seat is None
    seats = []
    for s, name in enumerate(st.names):
        own = everything or s == seat
        down = st.face_down[s]
        shown = tuple(c if everything or (own and i == 0 and st.peeked[s]) else None
                      for i, c in enumerate(down))
        seats.append(SeatView(name, st.hands[s] if own else None, len(st.hands[s]), st.face_up[s],
                              shown, s in st.out))
    mover_sees = everything or seat == st.to_move or st.drawn_from == "face-down"
    window = st.window
    return PalaceView(
        seat=seat, variant=st.rules.name, phase=st.phase.value, to_move=st.to_move,
        direction=st.direction, seats=tuple(seats), stock_size=len(st.stock),
        stock=st.stock if everything else None, pile=st.pile, top=st.top, cleared=st.cleared,
        unused_size=len(st.unused), drawn=st.drawn if mover_sees else None, flash=st.flash,
        quick_cards=(window.fresh if window is not None and (everything or seat == st.to_move) else None),
        again=st.again, winner=st.winner, loser=st.loser)
