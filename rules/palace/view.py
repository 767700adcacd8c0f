"""What one seat may see of a Palace position (``state.view(seat)``), and a full
position consistent with it (``view.determinize(rng)``).

Hidden: other players' hands (their sizes are public), every face-down card
(except the one its owner has looked at), the stock's order, a chance card
still held apart by another player, the cards set aside in the BGA short game.
Public: face-up cards, the pile, the cleared cards, who is out. ``view(None)``
shows everything, for teaching.

A seat also remembers what it watched happen (the state keeps it: the seen marks
of :mod:`rules.palace.known`, ``stock_shown``, ``down_shown``;
:meth:`PalaceView.remembered`): the cards of a pile another player took, or
face-up cards taken into a hand, stay known in that hand until played; the
stock's bottom cards after the house deal sent them under, or a top card a
Caron check showed; a face-down card that went back face down after everyone
saw it. In the moment after a play (the ``after`` phase) the cards the mover
may still throw are treated as known: the phase itself tells the table.
:meth:`PalaceView.determinize` deals only the cards the seat cannot place.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from ..cards import Card, Rank
from ..core import GameState, GameView
from . import known

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .config import PalaceRules
    from .model import P, FlashInfo, Position, Window


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
class PalaceView(GameView):
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
    legal: tuple["Action", ...] = ()
    """The viewer's legal actions when it is its move (every legal action when teaching)."""

    @property
    def mover(self) -> int:
        return self.to_move

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def position(self) -> "Position":
        """The position with the cards this seat cannot place put back in a fixed order
        (:func:`make_view` sets it)."""
        if self._masked is None:
            raise ValueError("this view was made without its position")
        return cast("Position", self._masked)

    @property
    def rules(self) -> "PalaceRules":
        """The rule set in play: public, everyone at the table plays by it (a computer
        player reads the power of each rank from it, never a preset's name)."""
        return self.position.rules

    def legal_actions(self) -> tuple["Action", ...]:
        return self.legal

    def unseen(self) -> tuple[Card, ...]:
        return () if self._masked is None else hidden_cards(self.position, self.seat)[0]

    def remembered(self) -> "Remembered":
        """What this seat knows of hidden places because it watched the cards go there
        (kept apart from the fields, which are what the seat sees on the table now)."""
        remembered: Remembered = self.__dict__["_remembered"]
        return remembered

    def determinize(self, rng: random.Random) -> "GameState[Any]":
        """A full position consistent with this view: the cards the seat cannot place dealt at
        random into the hidden hands, face-down cards, stock, set-aside cards and chance card."""
        state = self.position
        if self.seat is not None:
            cards, slots = hidden_cards(state, self.seat)
            dealt = list(cards)
            rng.shuffle(dealt)
            state = refill(state, slots, dealt)
        # a game state: only the state's own view() makes a view, from itself (refill keeps its type);
        # typed as the position so that this module needs no import of the state (no circle)
        return cast("GameState[Any]", state)


def _index(card: Card) -> int:
    return card.index


@dataclass(frozen=True)
class Remembered:
    """Hidden cards a seat knows: in other hands (a pile taken, face-up cards taken up),
    on the stock (place from the top), and face-down cards everyone saw go back."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[tuple[int, Card], ...]
    face_down: tuple[Card | None, ...]


def remember(st: "Position", seat: int | None) -> Remembered:
    n = len(st.stock)
    hands = tuple(() if s == seat else tuple(sorted((st.hands[s][i] for i in _known_in_hand(st, s)), key=_index))
                  for s in range(len(st.names)))
    stock = tuple((n - 1 - p, st.stock[n - 1 - p]) for p in sorted(st.stock_shown, reverse=True))
    downs = tuple(d[0] if d and st.down_shown[s] else None for s, d in enumerate(st.face_down))
    return Remembered(hands, stock, downs)


def _after_play(st: "Position", seat: int) -> bool:
    return st.phase.value == "after" and seat == st.to_move and st.window is not None


def _known_in_hand(st: "Position", seat: int, sampling: bool = False) -> list[int]:
    """Places in ``seat``'s hand holding cards the whole table knows (marked seen by the engine:
    :mod:`rules.palace.known`; when ``sampling``, also the cards the mover may still throw
    after a play, which the phase itself tells the table)."""
    hand = st.hands[seat]
    places = [i for i, c in enumerate(hand) if known.is_seen(c)]
    if sampling and _after_play(st, seat):
        fresh = [c.index for c in cast("Window", st.window).fresh]  # _after_play saw it open
        for i, c in enumerate(hand):
            if i not in places and c.index in fresh:
                fresh.remove(c.index)
                places.append(i)
    return places


def _down_known(st: "Position", seat: int, viewer: int) -> bool:
    """Whether ``viewer`` knows ``seat``'s next face-down card (or, after a play that lets it
    follow at once, the sampling keeps it: the phase itself tells the table its rank)."""
    if st.down_shown[seat] or (seat == viewer and st.peeked[seat]):
        return True
    return _after_play(st, seat) and cast("Window", st.window).flip  # _after_play saw it open


# A place a card may hide in: (zone, seat, i) in a seat's zone, (zone, i), or the chance card
Slot = (tuple[Literal["hands", "face_down"], int, int] | tuple[Literal["stock", "unused"], int]
        | tuple[Literal["drawn"]])


def hidden_cards(st: "Position", viewer: int | None) -> tuple[tuple[Card, ...], list[Slot]]:
    """The cards ``viewer`` cannot place (sorted) and their places: ("hands", seat, i),
    ("face_down", seat, i), ("stock", i), ("unused", i), ("drawn",). None for teaching."""
    if viewer is None:
        return (), []
    slots: list[Slot] = []
    for seat in range(len(st.names)):
        if seat != viewer:
            fixed = set(_known_in_hand(st, seat, sampling=True))
            slots += [("hands", seat, i) for i in range(len(st.hands[seat])) if i not in fixed]
        first = 1 if st.face_down[seat] and _down_known(st, seat, viewer) else 0
        slots += [("face_down", seat, i) for i in range(first, len(st.face_down[seat]))]
    n = len(st.stock)
    slots += [("stock", i) for i in range(n) if n - 1 - i not in st.stock_shown]
    slots += [("unused", i) for i in range(len(st.unused))]
    if st.drawn is not None and st.drawn_from == "stock" and viewer != st.to_move:
        slots.append(("drawn",))
    cards = sorted((_card_at(st, slot) for slot in slots), key=lambda c: c.index)
    return tuple(cards), slots


def _card_at(st: "Position", slot: Slot) -> Card:
    if slot[0] == "drawn":
        return cast(Card, st.drawn)  # a slot only while a chance card is held apart
    if len(slot) == 3:
        seated: tuple[tuple[Card, ...], ...] = getattr(st, slot[0])
        return seated[slot[1]][slot[2]]
    zone: tuple[Card, ...] = getattr(st, slot[0])
    return zone[slot[1]]


def refill(st: "P", slots: Sequence[Slot], cards: Sequence[Card]) -> "P":
    """``st`` with ``cards`` put into ``slots`` in order (a new state)."""
    d = st.__dict__.copy()
    seated = {"hands": [list(h) for h in st.hands], "face_down": [list(f) for f in st.face_down]}
    zones = {"stock": list(st.stock), "unused": list(st.unused)}
    for slot, card in zip(slots, cards):
        if slot[0] == "drawn":
            d["drawn"] = card
        elif len(slot) == 3:
            seated[slot[0]][slot[1]][slot[2]] = card
        else:
            zones[slot[0]][slot[1]] = card
    d.update(hands=tuple(map(tuple, seated["hands"])), face_down=tuple(map(tuple, seated["face_down"])),
             stock=tuple(zones["stock"]), unused=tuple(zones["unused"]))
    return type(st)._make(d)


def make_view(st: "Position", seat: int | None, legal: tuple[Action, ...]) -> PalaceView:
    """What ``seat`` may see of ``st`` (``None``: everything), with ``legal``, the seat's legal
    actions when it is its move (the state's answer)."""
    everything = seat is None
    if seat is not None and not 0 <= seat < len(st.names):
        raise ValueError(f"no seat {seat}: seats are 0 to {len(st.names) - 1}")
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
    if everything:
        masked = st
    else:
        cards, slots = hidden_cards(st, seat)
        masked = refill(st, slots, cards)
    view = PalaceView(
        seat=seat, variant=st.rules.name, phase=st.phase.value, to_move=st.to_move,
        direction=st.direction, seats=tuple(seats), stock_size=len(st.stock),
        stock=st.stock if everything else None, pile=st.pile, top=st.top, cleared=st.cleared,
        unused_size=len(st.unused), drawn=st.drawn if mover_sees else None, flash=st.flash,
        quick_cards=(window.fresh if window is not None and (everything or seat == st.to_move) else None),
        again=st.again, winner=st.winner, loser=st.loser,
        legal=legal)._from_position(cast("GameState[Any]", masked))  # st is the state (see determinize)
    object.__setattr__(view, "_remembered", remember(st, seat))
    return view
