"""Cards, ranks and suits, with one text notation and a forgiving parser.

Canonical notation is two characters, rank then suit: ``Qs``, ``Ts``, ``2c``;
the joker is ``Jk``. The parser also accepts ``10s``, ``Q♠`` (and the white
suit symbols), any letter case, and the word ``joker``. Cards are values:
equal cards compare equal, whichever string they were parsed from, and two
packs simply hold two equal ``Qs`` values.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Iterable

from .errors import NotationError


class Rank(IntEnum):
    """Card ranks, numbered by their face value with Jack=11 ... Ace=14.

    Games that order ranks differently (the Palace presets) map these to
    their own order; the numbers here only serve poker and notation.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def char(self) -> str:
        """One-character notation: 2-9, T, J, Q, K, A (``Jk`` for the joker is two)."""
        return _RANK_CHARS[self]

    @property
    def label(self) -> str:
        """How a person writes it on a card face: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else ("Joker" if self is Rank.JOKER else self.char)

    @property
    def word(self) -> str:
        """English name, singular: ``queen``; ``six``."""
        return _RANK_WORDS[self]

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else self.word + "s"

    @classmethod
    def parse(cls, text: str) -> "Rank":
        key = text.strip().upper()
        try:
            return _RANK_FROM_TEXT[key]
        except KeyError:
            raise NotationError(
                f"unknown rank {text!r}: expected 2-9, 10 or T, J, Q, K, A",
                token=text, expected="a rank: 2-9, T/10, J, Q, K, A") from None


_RANK_CHARS = {Rank.TEN: "T", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
               Rank.JOKER: "Jk", **{Rank(v): str(v) for v in range(2, 10)}}
_RANK_WORDS = {Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five",
               Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine",
               Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king",
               Rank.ACE: "ace", Rank.JOKER: "joker"}
_RANK_FROM_TEXT = {r.char.upper(): r for r in Rank if r is not Rank.JOKER}
_RANK_FROM_TEXT["10"] = Rank.TEN


class Suit(Enum):
    """The four suits. Suits are not ranked in any of these games."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def char(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.name.lower()[:-1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def index(self) -> int:
        return _SUIT_ORDER.index(self)

    @classmethod
    def parse(cls, text: str) -> "Suit":
        try:
            return _SUIT_FROM_TEXT[text.strip().lower()]
        except KeyError:
            raise NotationError(
                f"unknown suit {text!r}: expected c, d, h, s or ♣ ♦ ♥ ♠",
                token=text, expected="a suit: c d h s (or ♣ ♦ ♥ ♠)") from None


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_FROM_TEXT = {
    **{s.value: s for s in Suit},
    **{sym: s for s, sym in _SUIT_SYMBOLS.items()},
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
    **{s.word: s for s in Suit},
}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A playing card. ``suit`` is ``None`` only for the joker.

    Build cards with :meth:`parse` or :func:`card`; ``str(card)`` is the
    canonical notation and ``repr(card)`` evaluates back to an equal card.
    """

    rank: Rank
    suit: Suit | None
    # 0..51 for the standard cards (rank-major: 2c 2d 2h 2s 3c ...), 52 for the
    # joker. Stored, not computed, because the hand evaluator reads it in its
    # inner loop.
    index: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("a joker has no suit and every other card has one")
        index = 52 if self.suit is None else (self.rank - 2) * 4 + _SUIT_ORDER.index(self.suit)
        object.__setattr__(self, "index", index)

    def __str__(self) -> str:
        return "Jk" if self.suit is None else self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: "Card") -> bool:
        return self.sort_key < other.sort_key

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.rank.value, -1 if self.suit is None else self.suit.index)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """Face text for display: ``10♠``, ``Q♥``, ``Joker``."""
        return "Joker" if self.suit is None else self.rank.label + self.suit.symbol

    @property
    def words(self) -> str:
        """``queen of spades``; ``joker``."""
        return "joker" if self.suit is None else f"{self.rank.word} of {self.suit.word}"

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse one card: ``Qs``, ``qS``, ``10s``, ``Ts``, ``Q♠``, ``Jk``/``joker``."""
        token = text.strip()
        low = token.lower()
        if low in ("jk", "joker", "jkr", "🃏"):
            return JOKER
        if len(token) < 2:
            raise NotationError(
                f"cannot read card {text!r}: a card is a rank and a suit, like Qs, 10h or T♠",
                token=text, expected="a card such as Qs, 10h, T♠ or Jk")
        rank_text, suit_text = token[:-1], token[-1]
        try:
            return _CARDS[(Rank.parse(rank_text), Suit.parse(suit_text))]
        except NotationError as err:
            raise NotationError(
                f"cannot read card {text!r}: {err}", token=text,
                expected="a card such as Qs, 10h, T♠ or Jk") from None


_CARDS: dict[tuple[Rank, Suit], Card] = {(r, s): Card(r, s) for r in Rank if r is not Rank.JOKER for s in _SUIT_ORDER}
JOKER = Card(Rank.JOKER, None)
ALL_CARDS: tuple[Card, ...] = tuple(sorted(_CARDS.values(), key=lambda c: c.index))
"""The 52 standard cards in index order (2c 2d 2h 2s 3c ... As)."""


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


_SPLIT = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[str], *, unique: bool = False, what: str = "cards") -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards.

    With ``unique=True`` a card named twice is an error (one pack in play);
    the message names the repeated token. ``what`` names the field in messages.
    """
    tokens = [t for t in _SPLIT.split(text.strip())] if isinstance(text, str) else list(text)
    tokens = [t for t in tokens if t]
    out: list[Card] = []
    seen: dict[Card, str] = {}
    for pos, token in enumerate(tokens, 1):
        try:
            c = Card.parse(token)
        except NotationError as err:
            raise NotationError(f"{what}, item {pos}: {err}", token=token, expected=err.expected) from None
        if unique and c in seen:
            raise NotationError(
                f"{what}: {token!r} is given twice (also as {seen[c]!r}); one pack holds each card once",
                token=token, expected="each card at most once")
        seen.setdefault(c, token)
        out.append(c)
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of a card list: ``Qs Th 2c``."""
    return " ".join(str(c) for c in cards)


def counted(n: int, noun: str, plural: str = "") -> str:
    """A count in words a person reads: ``1 card``, ``4 cards``, ``0 soldiers``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def make_deck(packs: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """``packs`` standard 52-card packs plus ``jokers`` jokers, in index order."""
    if packs < 1:
        raise ValueError("a deck needs at least one pack")
    if jokers < 0:
        raise ValueError("jokers cannot be negative")
    return ALL_CARDS * packs + (JOKER,) * jokers


def shuffled(cards: Iterable[Card], seed: int | str | None) -> tuple[Card, ...]:
    """A reproducible shuffle: the same seed always gives the same order."""
    out = list(cards)
    random.Random(seed).shuffle(out)
    return tuple(out)
