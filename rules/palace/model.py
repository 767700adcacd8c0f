"""A Palace position: its phases, the flash and the moment after a play, the zones' helpers,
and :class:`Position`, every field of a position with the simple facts read off them.

The decision (:mod:`.decide`, :mod:`.explain`), the moves (:mod:`.moves`), the transitions
(:mod:`.turns`), the words and the views read a :class:`Position`; the state
(:class:`rules.palace.state.PalaceState`) is the front over it that adds the one check and
the contract (``rules.core``). So no module of the package imports in a circle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum
from dataclasses import dataclass
from typing import Any, TypeVar

from ..cards import Card, Rank, format_cards
from ..refs import Event
from . import legality
from .config import PalaceRules

class Phase(str, Enum):
    CHOOSE = "choose"
    SWAP = "swap"
    PLAY = "play"
    REVEAL = "reveal"
    FLASH = "flash"
    AFTER = "after"
    OVER = "over"


# Module constants: looking a member up on an Enum class is slow in the hot paths.
CHOOSE, SWAP, PLAY, REVEAL, FLASH, AFTER, OVER = (Phase.CHOOSE, Phase.SWAP, Phase.PLAY, Phase.REVEAL,
                                                 Phase.FLASH, Phase.AFTER, Phase.OVER)


@dataclass(frozen=True)
class FlashInfo:
    """A flash in progress: ``target`` must answer ``flasher``; ``origin`` flashed first."""

    flasher: int
    target: int
    origin: int
    checked: bool = False


@dataclass(frozen=True)
class Window:
    """The moment after a play, before the next player moves."""

    rank: Rank
    fresh: tuple[Card, ...]
    """Cards of ``rank`` drawn in the refills of this throw, still in hand."""
    flip: bool
    """The next face-down card (already looked at) has ``rank`` and may follow at once."""
    skips: int = 0
    reverse: bool = False


set_fields = object.__setattr__  # a Position refuses attribute writes; its constructors use this

P = TypeVar("P", bound="Position")


def remove_cards(zone: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``zone`` without ``cards`` (one copy each). Compares card indexes, never hashes cards."""
    if len(cards) == 1:  # the common case: stop at the card
        index = cards[0].index
        for i, c in enumerate(zone):
            if c.index == index:
                return zone[:i] + zone[i + 1:]
        raise ValueError(f"{cards[0]} is not in {format_cards(zone)}")
    keys = [c.index for c in zone]
    out = list(zone)
    for c in cards:
        i = keys.index(c.index)
        del out[i]
        del keys[i]
    return tuple(out)


def contains(zone: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Does ``zone`` hold every card of ``cards`` (counting copies)?"""
    keys = [c.index for c in zone]
    for c in cards:
        try:
            keys.remove(c.index)
        except ValueError:
            return False
    return True


class Position:
    """One position of a Palace game: its fields and the facts read off them. The state
    (:class:`rules.palace.state.PalaceState`) is this with the one check and the contract;
    build it with :func:`rules.palace.start`."""

    # attributes are declared for readers and type checkers; values live in __dict__
    rules: PalaceRules
    names: tuple[str, ...]
    size: int
    """Cards each player holds face down, face up and (while the stock lasts) in hand."""
    dealer: int
    seed: int | str
    phase: Phase
    to_move: int
    direction: int
    hands: tuple[tuple[Card, ...], ...]
    face_up: tuple[tuple[Card, ...], ...]
    face_down: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Top card first."""
    pile: tuple[Card, ...]
    """Bottom card first: the cards played since the pile was last cleared or taken."""
    cleared: tuple[Card, ...]
    unused: tuple[Card, ...]
    again: str
    drawn: Card | None
    drawn_from: str
    flash: FlashInfo | None
    window: Window | None
    opening: Rank | None
    out: tuple[int, ...]
    winner: int | None
    loser: int | None
    peeked: tuple[bool, ...]
    declared: tuple[bool, ...]
    turn: int
    notes: tuple[Event, ...]
    # what the whole table knows of the hidden cards (the views and determinize read it; the
    # cards in a hand that everyone saw go there are marked in the hand: rules.palace.known)
    stock_shown: frozenset[int]
    """Stock places known to everyone, counted from the bottom (first cards sent under the
    stock, a top card shown by a check)."""
    down_shown: tuple[bool, ...]
    """Per seat, whether everyone knows its next face-down card (one that went back face down)."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Palace position is immutable; use apply()")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and all(
            self.__dict__[f] == other.__dict__[f] for f in FIELDS if f != "notes")

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def _make(cls: type[P], d: dict[str, Any]) -> P:
        """A position of this class (the state) with the fields ``d`` (copied)."""
        new = object.__new__(cls)
        new.__dict__.update(d)
        return new

    @classmethod
    def _adopt(cls: type[P], d: dict[str, Any]) -> P:
        """Like :meth:`_make`, but the new position takes ``d`` itself as its fields: for a draft
        nobody else holds (the transitions), which saves a copy on every move."""
        new = object.__new__(cls)
        set_fields(new, "__dict__", d)
        return new

    def under(self: P, rules: PalaceRules) -> P:
        """The same position under another rule set (another reading of a table option)."""
        return self._make({**{f: self.__dict__[f] for f in FIELDS}, "rules": rules})

    # -- simple facts ---------------------------------------------------------
    @property  # type: ignore[no-redef]  # the field declared above, read from the fields
    def names(self) -> tuple[str, ...]:
        names: tuple[str, ...] = self.__dict__["names"]
        return names

    @property
    def players(self) -> int:
        return len(self.__dict__["names"])

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def mover(self) -> int:
        return self.to_move

    @property
    def top(self) -> Rank | None:
        """The rank the next play must answer (transparent cards looked through)."""
        return legality.rank_of(legality.effective_top(self.rules, self.pile))

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.out)

    def source(self, seat: int | None = None) -> str:
        """Where ``seat`` plays from now: ``hand``, ``face-up``, ``face-down`` or ``none``."""
        seat = self.to_move if seat is None else seat
        if self.hands[seat] or self.stock:
            return "hand"
        if self.face_up[seat]:
            return "face-up"
        if self.face_down[seat]:
            return "face-down"
        return "none"

    def source_cards(self, seat: int | None = None) -> tuple[Card, ...]:
        seat = self.to_move if seat is None else seat
        src = self.source(seat)
        return self.hands[seat] if src == "hand" else self.face_up[seat] if src == "face-up" else ()

    def owes_call(self, seat: int) -> bool:
        return (self.rules.last_card_call and len(self.face_down[seat]) == 1 and not self.declared[seat]
                and seat not in self.out)

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (for the conservation invariant)."""
        total: Counter[Card] = Counter()
        for zone in (*self.hands, *self.face_up, *self.face_down, self.stock, self.pile, self.cleared,
                     self.unused):
            total.update(zone)
        if self.drawn is not None:
            total[self.drawn] += 1
        return total

    def card_indexes(self) -> list[int]:
        """Every card in the game as its index, sorted: a cheap form of :meth:`all_cards`."""
        out = [c.index for zone in (*self.hands, *self.face_up, *self.face_down, self.stock, self.pile,
                                    self.cleared, self.unused) for c in zone]
        if self.drawn is not None:
            out.append(self.drawn.index)
        out.sort()
        return out

    def play_zones(self) -> tuple[tuple[str, tuple[Card, ...], bool], ...]:
        """Where the player to move may play from now, for the tables: (zone, cards, usable)
        with zones ``drawn`` (a card turned up), ``hand``, ``up`` (face-up) and ``down``
        (face-down); a zone listed as not usable is locked (face-up cards wait while the hand
        or the stock lasts). Empty in setup and once the game is over."""
        ph = self.phase
        seat = self.to_move
        if ph is REVEAL:
            return (("drawn", (self.drawn,), True),) if self.drawn is not None else ()
        if ph is AFTER:
            return (("hand", self.hands[seat], True),)
        if ph is not PLAY and ph is not FLASH:
            return ()
        src = self.source(seat)
        if src == "hand":
            return (("hand", self.hands[seat], True),) + ((("up", self.face_up[seat], False),) if ph is PLAY else ())
        if src == "face-up":
            return (("up", self.face_up[seat], True),)
        if src == "face-down" and ph is PLAY:
            return (("down", self.face_down[seat], True),)
        return ()

    # -- text -----------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.rules.name} {self.phase.value} to_move={self.to_move} turn={self.turn}>"

    def __str__(self) -> str:
        lines = [f"{self.rules.name}: {self.phase.value}, {self.names[self.to_move]} to move"
                 + (f" (again: {self.again})" if self.again else "")]
        lines.append(f"pile: {format_cards(self.pile) or '-'}   stock: {len(self.stock)}   "
                     f"cleared: {len(self.cleared)}")
        for s, name in enumerate(self.names):
            mark = "*" if s == self.to_move else " "
            gone = " (out)" if s in self.out else ""
            lines.append(f"{mark}{name}{gone}: hand {format_cards(self.hands[s]) or '-'} | up "
                         f"{format_cards(self.face_up[s]) or '-'} | down {len(self.face_down[s])}")
        return "\n".join(lines)


FIELDS: tuple[str, ...] = tuple(Position.__annotations__)
"""A state's fields in the order they are declared: read from the class, so there is one list."""
