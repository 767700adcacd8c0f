"""The frozen pieces a Palace Poker position is made of."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from enum import Enum
from typing import Any, TypeVar

from ..cards import Card, Suit
from ..refs import RuleRef, Ruling
from .hands import Holding
from .showdown import ShowdownVerdict


T = TypeVar("T")


@lru_cache(maxsize=64)  # one entry per state class
def _field_names(cls: type[Any]) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed, like
    :func:`dataclasses.replace` but without re-running ``__init__`` (states are
    copied at every step; these classes have no ``__post_init__`` to skip)."""
    unknown = changes.keys() - _field_names(type(obj))  # type: ignore[arg-type]  # a class is hashable
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field(s) {sorted(unknown)}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class Phase(Enum):
    """What the next action does."""

    DEALER_DRAW = "dealer draw"   # one card each, high card deals (§ The Deal)
    ANTE = "ante"                 # everyone antes (§ The Deal)
    BANNERS = "banner deal"       # one face-up banner each, suits spread by group (§ The Deal)
    SHUFFLE = "shuffle"           # set-aside cards back, reshuffle (§ Palace Cards)
    PALACE = "palace deal"        # three face-down cards each (§ Palace Cards)
    TURN = "turn"                 # buy, market, discard, bet, stay or fold (§ The Play)
    AFTER_BUY = "after buying"    # keep or discard soldiers (§ Buy)
    BATTLE = "battle"             # the player facing a bet folds, calls or raises (§ Raise)
    SPOILS = "spoils"             # a battle's winner keeps or discards soldiers (§ Fold)
    OVER = "over"                 # the hand has ended


class Status(Enum):
    """Whether a player is still in the hand, and if not, why."""

    IN = "in"
    FOLDED = "folded"
    BEATEN = "beaten"
    TIED = "out on a tie"


@dataclass(frozen=True)
class Player:
    """One seat: chips, cards, and whether still in the hand."""

    name: str
    stack: int
    banner: Card | None = None
    palace: tuple[Card, ...] = ()
    soldiers: tuple[Card, ...] = ()
    status: Status = Status.IN
    paid: int = 0      # chips put into this hand's pot
    score: int = 0     # points game: total points so far

    def __str__(self) -> str:
        return self.name

    @property
    def in_hand(self) -> bool:
        return self.status is Status.IN

    @property
    def face_up(self) -> int:
        """Banner plus soldiers (§ Bet (or battle))."""
        return 1 + len(self.soldiers)

    @property
    def suit(self) -> Suit | None:
        return None if self.banner is None else self.banner.suit

    @property
    def holding(self) -> Holding:
        """The player's cards as a hand (once the banner is dealt)."""
        if self.banner is None:
            raise ValueError(f"{self.name} has no banner yet")
        return Holding(self.banner, self.palace, self.soldiers)

    @property
    def cards(self) -> tuple[Card, ...]:
        return ((self.banner,) if self.banner else ()) + self.palace + self.soldiers


@dataclass(frozen=True)
class DealerDraw:
    """The draw for first dealer in progress: who still draws, and the cards out."""

    contenders: tuple[int, ...]
    round: int = 1
    cards: tuple[tuple[int, Card], ...] = ()   # this round's cards, in the order dealt
    earlier: tuple[Card, ...] = ()             # cards of earlier rounds, still on the table


@dataclass(frozen=True)
class Battle:
    """A bet battle waiting for ``responder`` to fold, call or raise."""

    attacker: int
    defender: int
    responder: int
    owed: int          # what the responder must put in to call
    opening: int       # the attacker's bet
    raises: int = 0
    put: tuple[int, int] = (0, 0)   # chips the attacker and the defender have put in

    def other(self, seat: int) -> int:
        return self.defender if seat == self.attacker else self.attacker


@dataclass(frozen=True)
class HandResult:
    """How the hand ended, who won what, and why; players by seat (``names`` has
    the table's names, for display and for the lessons, which point at players by name)."""

    how: str                                   # "last player", "same suit split", "showdown", "battle split", ...
    winners: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]        # (seat, chips from the pot)
    reason: str
    ref: RuleRef
    points: tuple[tuple[int, int], ...] = ()   # points game: (seat, points)
    showdown: ShowdownVerdict | None = None
    ruling: Ruling | None = None
    names: tuple[str, ...] = ()

    def _seat(self, who: int | str) -> int | None:
        if isinstance(who, int):
            return who
        key = who.strip().casefold()
        return next((i for i, n in enumerate(self.names) if n.casefold() == key), None)

    def share(self, who: int | str) -> int:
        """Chips won by a seat or a player named ``who``."""
        seat = self._seat(who)
        return 0 if seat is None else dict(self.shares).get(seat, 0)

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.names[i] for i in self.winners)

    @property
    def named_shares(self) -> tuple[tuple[str, int], ...]:
        return tuple((self.names[i], chips) for i, chips in self.shares)

    @property
    def named_points(self) -> tuple[tuple[str, int], ...]:
        return tuple((self.names[i], pts) for i, pts in self.points)
