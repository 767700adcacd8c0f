"""Palace actions: small frozen values with one text notation and a parser.

Notation (one action per string; cards in the shared card notation, any order,
separated by spaces or commas; seats as ``@N``, counted from 0, or ``@name``):

==========================  =================================================
``play 8h 8d``              play one or more cards of one rank, from the hand,
                            or from the face-up cards once hand and stock are
                            empty (the state knows which)
``flip``                    play the next face-down card blind
``pickup``                  take the pile into the hand
``chance``                  draw the stock's top card; then ``play`` it (or
                            ``flash`` it) or ``pickup`` to keep it with the pile
``flash 3s @2``             show 3s to seat 2 (Caron), who must answer
``reflect 3h``              send a flashed 3 back with a 3 of your own
``check-stock``             a flashed player without a 3 looks at the stock's
                            top card (played at once if it is a 3)
``quick 8c``                throw a just-drawn card of the rank just played,
                            before the next player moves
``quick flip``              the same with the face-down card you just looked at
``pass``                    let the next player move (ends a quick window)
``take-up``                 take the face-up cards into the hand (Caron)
``choose Ks Qh Ac``         setup: the cards you put face up
``swap 4h Ks``              setup (BGA): swap a hand card with a face-up card
``ready``                   setup (BGA): done swapping
``last-card``               announce your last face-down card (alternate rule)
``call-out @1``             catch seat 1 not having announced it
==========================  =================================================

Every action is a :class:`rules.core.Action` (the contract all three games follow);
``str(action)`` is canonical (cards sorted) and parses back to an equal action;
``repr(action)`` evaluates back to it. Seats are numbers in the canonical text.
"""

from __future__ import annotations

import re
from operator import attrgetter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Self, Union

from ..cards import Card, Rank, format_cards, parse_cards
from ..core import Action as BaseAction
from ..core import parse_seat
from ..errors import NotationError


_BY_INDEX = attrgetter("index")


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Canonical order (rank, then suit); ``Card.index`` is that order."""
    cards = tuple(cards)
    return cards if len(cards) < 2 else tuple(sorted(cards, key=_BY_INDEX))


@dataclass(frozen=True, slots=True)
class _Cards(BaseAction):
    """Base for actions that name cards; keeps them in canonical order."""

    cards: tuple[Card, ...]
    verb: ClassVar[str] = ""

    def __post_init__(self) -> None:
        cards = _sorted(self.cards)
        if not cards:
            raise NotationError(f"{self.verb} needs at least one card", token=self.verb,
                                expected=f"{self.verb} followed by cards, like '{self.verb} 8h 8d'")
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return f"{self.verb} {format_cards(self.cards)}"

    @property
    def rank(self) -> Rank:
        return self.cards[0].rank

    @classmethod
    def of_sorted(cls, cards: tuple[Card, ...]) -> Self:
        """Build from cards already in canonical order, skipping the checks (engine fast path)."""
        made = object.__new__(cls)
        object.__setattr__(made, "cards", cards)
        return made


@dataclass(frozen=True, slots=True)
class Play(_Cards):
    """Cards of one rank onto the pile."""

    verb: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Reflect(_Cards):
    """Send a flashed card back to whoever flashed it."""

    verb: ClassVar[str] = "reflect"


@dataclass(frozen=True, slots=True)
class Quick(_Cards):
    """A just-drawn card of the rank just played, thrown before the next player."""

    verb: ClassVar[str] = "quick"


@dataclass(frozen=True, slots=True)
class Choose(_Cards):
    """Setup: the cards this player puts face up."""

    verb: ClassVar[str] = "choose"


@dataclass(frozen=True, slots=True)
class Flash(BaseAction):
    """Show flash cards (Caron 3s) to a chosen seat."""

    cards: tuple[Card, ...]
    target: int
    verb: ClassVar[str] = "flash"

    def __post_init__(self) -> None:
        cards = _sorted(self.cards)
        if not cards:
            raise NotationError("flash needs at least one card", token="flash",
                                expected="flash followed by cards and a seat, like 'flash 3s @2'")
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return f"flash {format_cards(self.cards)} @{self.target}"

    @classmethod
    def of_sorted(cls, cards: tuple[Card, ...], target: int) -> "Flash":
        """Build from cards already in canonical order, skipping the checks (engine fast path)."""
        made = object.__new__(cls)
        object.__setattr__(made, "cards", cards)
        object.__setattr__(made, "target", target)
        return made

    @property
    def rank(self) -> Rank:
        return self.cards[0].rank


@dataclass(frozen=True, slots=True)
class Swap(BaseAction):
    """Setup (swap style): exchange a hand card with a face-up card."""

    hand_card: Card
    face_up_card: Card
    verb: ClassVar[str] = "swap"

    def __str__(self) -> str:
        return f"swap {self.hand_card} {self.face_up_card}"


@dataclass(frozen=True, slots=True)
class CallOut(BaseAction):
    """Catch a player who has not announced their last face-down card."""

    seat: int
    verb: ClassVar[str] = "call-out"

    def __str__(self) -> str:
        return f"call-out @{self.seat}"


@dataclass(frozen=True, slots=True)
class _Word(BaseAction):
    """Base for actions that are a single word."""

    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True, slots=True)
class Flip(_Word):
    verb: ClassVar[str] = "flip"


@dataclass(frozen=True, slots=True)
class QuickFlip(_Word):
    verb: ClassVar[str] = "quick flip"


@dataclass(frozen=True, slots=True)
class Pickup(_Word):
    verb: ClassVar[str] = "pickup"


@dataclass(frozen=True, slots=True)
class Chance(_Word):
    verb: ClassVar[str] = "chance"


@dataclass(frozen=True, slots=True)
class CheckStock(_Word):
    verb: ClassVar[str] = "check-stock"


@dataclass(frozen=True, slots=True)
class Pass(_Word):
    verb: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class TakeUp(_Word):
    verb: ClassVar[str] = "take-up"


@dataclass(frozen=True, slots=True)
class Ready(_Word):
    verb: ClassVar[str] = "ready"


@dataclass(frozen=True, slots=True)
class LastCard(_Word):
    verb: ClassVar[str] = "last-card"


Action = Union[Play, Reflect, Quick, Choose, Flash, Swap, CallOut, Flip, QuickFlip, Pickup, Chance,
               CheckStock, Pass, TakeUp, Ready, LastCard]

FLIP, QUICK_FLIP, PICKUP, CHANCE, CHECK_STOCK = Flip(), QuickFlip(), Pickup(), Chance(), CheckStock()
PASS, TAKE_UP, READY, LAST_CARD = Pass(), TakeUp(), Ready(), LastCard()

_WORDS = {a.verb: a for a in (FLIP, QUICK_FLIP, PICKUP, CHANCE, CHECK_STOCK, PASS, TAKE_UP, READY, LAST_CARD)}
_WORDS.update({"pick-up": PICKUP, "pick": PICKUP, "take": PICKUP, "quick-flip": QUICK_FLIP,
               "check": CHECK_STOCK, "last": LAST_CARD, "takeup": TAKE_UP})
_CARD_VERBS: dict[str, type[Play] | type[Reflect] | type[Quick] | type[Choose]] = {
    "play": Play, "reflect": Reflect, "quick": Quick, "choose": Choose}
_ALL_VERBS = sorted({*_WORDS, *_CARD_VERBS, "flash", "swap", "call-out"})
_SPLIT = re.compile(r"[\s,;]+")
EXPECTED = "an action: " + ", ".join(
    ("play CARDS", "flip", "pickup", "chance", "flash CARDS @SEAT", "reflect CARDS", "check-stock",
     "quick CARDS", "quick flip", "pass", "take-up", "choose CARDS", "swap HAND FACEUP", "ready",
     "last-card", "call-out @SEAT"))


def parse_action(text: str, names: Sequence[str] = ()) -> Action:
    """Parse one action; raises :class:`NotationError` naming the bad token."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}", token=repr(text),
                            expected=EXPECTED)
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens:
        raise NotationError("empty action", token=text, expected=EXPECTED)
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb == "quick" and len(rest) == 1 and rest[0].lower() == "flip":
        return QUICK_FLIP
    if verb in _WORDS:
        if rest:
            raise NotationError(f"'{verb}' takes nothing after it, got {rest[0]!r}", token=rest[0],
                                expected=f"just '{_WORDS[verb].verb}'")
        return _WORDS[verb]
    if verb in _CARD_VERBS:
        return _CARD_VERBS[verb](parse_cards(rest, what=verb))
    if verb == "flash":
        seats = [t for t in rest if t.startswith("@")]
        if len(seats) != 1 or not rest or rest[-1] != seats[0]:
            raise NotationError("flash names its cards then one seat, like 'flash 3s @2'",
                                token=text.strip(), expected="flash CARDS @SEAT")
        return Flash(parse_cards(rest[:-1], what="flash"), parse_seat(seats[0], names))
    if verb == "swap":
        if len(rest) != 2:
            raise NotationError("swap names one hand card then one face-up card, like 'swap 4h Ks'",
                                token=text.strip(), expected="swap HAND_CARD FACE_UP_CARD")
        hand, up = parse_cards(rest, what="swap")
        return Swap(hand, up)
    if verb in ("call-out", "callout", "call"):
        if len(rest) != 1:
            raise NotationError("call-out names one seat, like 'call-out @1'", token=text.strip(),
                                expected="call-out @SEAT")
        return CallOut(parse_seat(rest[0], names))
    raise NotationError(f"unknown action {tokens[0]!r}; expected one of: {', '.join(_ALL_VERBS)}",
                        token=tokens[0], expected=EXPECTED)
