"""The frozen pieces a Palace Poker position is made of: its phases, a player's seat, the
draw for dealer, a battle, the result, and the hand's fields with the facts read off them
(:class:`Hand`), which the check, the moves, the views, the words and the next hand all
read; the state (:mod:`.state`) is a front over them."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from enum import Enum
from typing import Any, TypeVar

from ..cards import ALL_CARDS, Card, Suit
from ..refs import RuleRef, Ruling
from .battle import BattleVerdict
from .config import PokerRules
from .deck import ShufflePlan
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
    def banner_card(self) -> Card:
        """The banner, where it is dealt (ValueError before)."""
        if self.banner is None:
            raise ValueError(f"{self.name} has no banner yet")
        return self.banner

    @property
    def banner_suit(self) -> Suit:
        """The banner's suit, where the banner is dealt (ValueError before)."""
        if self.banner is None or self.banner.suit is None:
            raise ValueError(f"{self.name} has no banner yet")
        return self.banner.suit

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


_PACK = [c.index for c in ALL_CARDS]


@dataclass(frozen=True)
class Hand:
    """One hand of Palace Poker between two actions: its fields, and the facts read off them."""

    rules: PokerRules
    variant: str
    players: tuple[Player, ...]
    dealer: int | None
    phase: Phase
    deck: tuple[Card, ...]                 # the draw deck, top first (hidden)
    plan: ShufflePlan                      # how later shuffles come out (hidden)
    discard: tuple[Card, ...] = ()         # bottom first; face down
    set_aside: tuple[Card, ...] = ()       # banner cards rejected in the banner deal (face up)
    pot: int = 0
    actor: int | None = None               # whose decision the next action is
    turn: int | None = None                # whose turn it is in the play
    dealt: int = 0                         # progress of the banner or palace deal
    quiet: tuple[int, ...] = ()            # the current run of stays, discards and folds, in order
    battle: Battle | None = None
    draw: DealerDraw | None = None
    result: HandResult | None = None
    last_battle: BattleVerdict | None = None
    battle_seen: tuple[int, ...] = ()      # seats that saw both hands of last_battle (ruling palace-poker-battle-reveal)
    chips: int = 0                         # all chips at the table (stacks + pot), constant
    hand_number: int = 1

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def mover(self) -> int | None:
        return self.actor

    # -- names and seats ------------------------------------------------------
    def seat_of(self, name: str | None) -> int | None:
        """The seat of a player named ``name`` (any case), or None."""
        if name is None:
            return None
        key = name.strip().casefold()
        return next((i for i, p in enumerate(self.players) if p.name.casefold() == key), None)

    def player(self, who: str | int) -> Player:
        """A player by name (as the lessons point at one) or by seat."""
        seat = who if isinstance(who, int) else self.seat_of(who)
        if seat is None or not 0 <= seat < len(self.players):
            raise KeyError(who)
        return self.players[seat]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def actor_name(self) -> str | None:
        return None if self.actor is None else self.players[self.actor].name

    @property
    def to_act(self) -> str | None:
        """The name of the player (or dealer) whose decision comes next."""
        return self.actor_name

    @property
    def dealer_name(self) -> str | None:
        return None if self.dealer is None else self.players[self.dealer].name

    @property
    def deal_order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer (§ The Deal, § The Play)."""
        n = len(self.players)
        d = self.dealer if self.dealer is not None else n - 1
        return tuple((d + 1 + k) % n for k in range(n))

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats still in the hand, from the dealer's left."""
        return tuple(i for i in self.deal_order if self.players[i].in_hand)

    def next_in_hand(self, seat: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            i = (seat + k) % n
            if self.players[i].in_hand:
                return i
        raise ValueError("nobody is left in the hand")

    @property
    def acting(self) -> int:
        """The seat whose decision the next action is (ValueError when nobody's is)."""
        if self.actor is None:
            raise ValueError("nobody is to act now")
        return self.actor

    @property
    def playing(self) -> int:
        """The seat whose turn it is in the play (ValueError before the play starts)."""
        if self.turn is None:
            raise ValueError("the play has not started")
        return self.turn

    @property
    def dealer_draw(self) -> DealerDraw:
        """The draw for first dealer going on (ValueError when there is none)."""
        if self.draw is None:
            raise ValueError("no draw for dealer is going on")
        return self.draw

    @property
    def in_battle(self) -> Battle:
        """The battle going on (ValueError when there is none)."""
        if self.battle is None:
            raise ValueError("no battle is going on")
        return self.battle

    # -- facts for the tutor and the lessons ------------------------------------
    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the hand (none until it is over)."""
        return () if self.result is None else self.result.winners

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[i].name for i in self.winners)

    @property
    def game_winner(self) -> str | None:
        """Points game: the first player to reach the target, once a hand is over."""
        if not (self.rules.points and self.is_over):
            return None
        best = max(self.players, key=lambda p: p.score)
        return best.name if best.score >= self.rules.target else None

    @property
    def call_amount(self) -> int | None:
        """What the player facing a bet must put in to call."""
        return None if self.battle is None or self.phase is not Phase.BATTLE else self.battle.owed

    def card_zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card by where it lies; together exactly one pack (checked by the tests)."""
        zones = {"deck": self.deck, "discard": self.discard, "set aside": self.set_aside}
        if self.draw is not None:
            zones["dealer draw"] = self.draw.earlier + tuple(c for _, c in self.draw.cards)
        for p in self.players:
            zones[f"{p.name} banner"] = (p.banner,) if p.banner else ()
            zones[f"{p.name} palace"] = p.palace
            zones[f"{p.name} soldiers"] = p.soldiers
        return zones

    def accounted(self) -> bool:
        """All 52 cards present once each, and the chips add up."""
        indices = sorted(c.index for zone in self.card_zones().values() for c in zone)
        return indices == _PACK and sum(p.stack for p in self.players) + self.pot == self.chips


def with_player(players: tuple[Player, ...], seat: int, **changes: Any) -> tuple[Player, ...]:
    """The players with one seat's fields changed."""
    return players[:seat] + (evolve(players[seat], **changes),) + players[seat + 1:]


def pay(players: tuple[Player, ...], seat: int, amount: int) -> tuple[Player, ...]:
    """The players with ``amount`` taken from a seat's stack and counted as put in this hand."""
    p = players[seat]
    return with_player(players, seat, stack=p.stack - amount, paid=p.paid + amount)
