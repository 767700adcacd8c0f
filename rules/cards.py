"""Cards, ranks and suits, with one text notation and a forgiving parser.

Canonical notation is two characters, rank then suit: ``Qs``, ``Ts``, ``2c``;
the joker is ``Jk``. The parser also accepts ``10s``, ``Q♠`` (and the white
suit symbols), any letter case, the word ``joker``, and cards as people say
them: ``king of clubs``, ``K clubs``, ``ten of hearts``. A near miss gets a
suggestion (``8x``: the x key lies next to c, so "did you mean 8♣?"). Cards are values:
equal cards compare equal, whichever string they were parsed from, and two
packs simply hold two equal ``Qs`` values.
"""

from __future__ import annotations

import difflib
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
_RANK_FROM_TEXT.update({r.word.upper(): r for r in Rank if r is not Rank.JOKER})
RANK_WORDS = tuple(r.word for r in Rank if r is not Rank.JOKER)
"""Ranks as people say them (``king``), which the parser reads like ``K``."""


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
    **{s.singular: s for s in Suit},
}
SUIT_WORDS = tuple(w for s in _SUIT_ORDER for w in (s.word, s.singular))
"""Suits as people say them (``clubs``, ``club``), which the parser reads like ``c``."""

# -- near misses: a key next to the one meant (a QWERTY keyboard, rows staggered as on one) ----
_KEY_ROWS = (("1234567890", 0.0), ("qwertyuiop", 0.5), ("asdfghjkl", 0.75), ("zxcvbnm", 1.25))
_KEYS = {ch: (col + offset, row) for row, (keys, offset) in enumerate(_KEY_ROWS) for col, ch in enumerate(keys)}
_NEXT_KEY = 1.2  # keys at most this far apart (in key widths) touch


def _nearest_key(typed: str, meant: str) -> str | None:
    """The key of ``meant`` nearest to the key typed, if they touch on the keyboard."""
    at = _KEYS.get(typed.lower())
    if at is None or len(typed) != 1:
        return None
    near = [(((at[0] - x) ** 2 + (at[1] - y) ** 2) ** 0.5, ch) for ch in meant for x, y in [_KEYS[ch]]]
    distance, key = min(near)
    return key if 0 < distance <= _NEXT_KEY else None


def _near_word(typed: str, words: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(typed.lower(), list(words), n=1, cutoff=0.75)
    return found[0] if found else None


def _rank_guess(text: str) -> Rank | None:
    """The rank probably meant by a rank that does not read (``1`` -> 10, ``w`` -> Q, ``kign`` -> K)."""
    low = text.strip().lower()
    if low in ("1", "0", "01"):
        return Rank.TEN
    key = _nearest_key(low, "23456789tjqka") if len(low) == 1 else None
    if key is not None:
        return _RANK_FROM_TEXT[key.upper()]
    word = _near_word(low, RANK_WORDS) if len(low) > 2 else None
    return _RANK_FROM_TEXT[word.upper()] if word else None


def _suit_guess(text: str) -> Suit | None:
    """The suit probably meant (``x`` -> c, its neighbour on the keyboard; ``clbs`` -> clubs)."""
    low = text.strip().lower()
    key = _nearest_key(low, "cdhs") if len(low) == 1 else None
    if key is not None:
        return _SUIT_FROM_TEXT[key]
    word = _near_word(low, SUIT_WORDS) if len(low) > 2 else None
    return _SUIT_FROM_TEXT[word] if word else None


def _rank_or_none(text: str) -> Rank | None:
    try:
        return Rank.parse(text)
    except NotationError:
        return None


def _suit_or_none(text: str) -> Suit | None:
    try:
        return Suit.parse(text)
    except NotationError:
        return None


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
        """Parse one card: ``Qs``, ``qS``, ``10s``, ``Ts``, ``Q♠``, ``Jk``/``joker``, and as
        people say them: ``king of clubs``, ``K clubs``, ``ten of hearts``. A near miss is
        refused with the card probably meant as the error's ``suggestion``."""
        token = text.strip()
        low = token.lower()
        if low in ("jk", "joker", "jkr", "🃏"):
            return JOKER
        words = low.split()
        if len(words) == 3 and words[1] == "of":
            words = [words[0], words[2]]
        if len(words) == 1 and (low.upper() in _RANK_FROM_TEXT or low in _SUIT_FROM_TEXT) and len(low) > 2:
            raise NotationError(f"cannot read card {text!r}: a card is a rank and a suit together, like "
                                "king of clubs or Kc", token=text, expected="a card such as Qs, 10h, T♠ or Jk")
        if len(words) == 2:
            rank_text, suit_text = words
        elif len(words) == 1 and len(token) >= 2:
            rank_text, suit_text = token[:-1], token[-1]
        else:
            raise NotationError(
                f"cannot read card {text!r}: a card is a rank and a suit, like Qs, 10h or king of clubs",
                token=text, expected="a card such as Qs, 10h, T♠ or Jk")
        rank, suit = _rank_or_none(rank_text), _suit_or_none(suit_text)
        if rank is not None and suit is not None and rank is not Rank.JOKER:
            return _CARDS[(rank, suit)]
        try:
            Rank.parse(rank_text)
            Suit.parse(suit_text)
        except NotationError as err:
            reason = str(err)
        else:
            reason = "the joker has no suit"
        # a near miss keeps one half right: the rank or the suit reads, the other is a neighbour
        guess = None if rank is None and suit is None else \
            _CARDS.get(((rank or _rank_guess(rank_text)), (suit or _suit_guess(suit_text))))  # type: ignore[arg-type]
        hint = f"; did you mean {guess.label}?" if guess is not None else ""
        raise NotationError(f"cannot read card {text!r}: {reason}{hint}", token=text,
                            expected="a card such as Qs, 10h, T♠ or Jk", suggestion=guess)


_CARDS: dict[tuple[Rank, Suit], Card] = {(r, s): Card(r, s) for r in Rank if r is not Rank.JOKER for s in _SUIT_ORDER}
JOKER = Card(Rank.JOKER, None)
ALL_CARDS: tuple[Card, ...] = tuple(sorted(_CARDS.values(), key=lambda c: c.index))
"""The 52 standard cards in index order (2c 2d 2h 2s 3c ... As)."""


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


_SPLIT = re.compile(r"[\s,;]+")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth")


def ordinal(n: int) -> str:
    """``1`` -> ``first`` ... ``12`` -> ``twelfth``, then ``13th``, ``21st``, ``22nd``."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _read_one(tokens: list[str], i: int) -> tuple[Card, int]:
    """The card that starts at ``tokens[i]`` and how many tokens it takes: one (``Qs``), two
    (``K clubs``, ``10 h``) or three (``king of clubs``)."""
    try:
        return Card.parse(tokens[i]), 1
    except NotationError as first:
        if i + 2 < len(tokens) and tokens[i + 1].lower() == "of":
            return Card.parse(" ".join(tokens[i:i + 3])), 3
        if i + 1 < len(tokens) and _rank_or_none(tokens[i]) is not None \
                and _suit_or_none(tokens[i + 1]) is not None:
            return Card.parse(f"{tokens[i]} {tokens[i + 1]}"), 2
        raise first


def parse_cards(text: str | Iterable[str], *, unique: bool = False, what: str = "cards") -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards (``Qs 10h``, ``king of clubs, 9 hearts``).

    With ``unique=True`` a card named twice is an error (one pack in play);
    the message names the repeated token. ``what`` names the field in messages, and
    a card that does not read is named by its place, as a person counts: "pile, the
    second card: cannot read '8x' ...; did you mean 8♣?".
    """
    tokens = [t for t in _SPLIT.split(text.strip())] if isinstance(text, str) else list(text)
    tokens = [t for t in tokens if t]
    out: list[Card] = []
    seen: dict[Card, str] = {}
    i = 0
    while i < len(tokens):
        pos = len(out) + 1
        try:
            c, used = _read_one(tokens, i)
        except NotationError as err:
            raise NotationError(f"{what}, the {ordinal(pos)} card: {err}", token=err.token or tokens[i],
                                expected=err.expected, suggestion=err.suggestion) from None
        token = " ".join(tokens[i:i + used])
        i += used
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


def faces(cards: Iterable[Card]) -> str:
    """Cards as a person reads them on their faces, in a list: ``3♣``; ``J♥ and 3♠``;
    ``2♥, 6♣ and Q♣`` (the engines' notation, ``3c``, is for typing, not for reading)."""
    labels = [c.label for c in cards]
    if len(labels) < 2:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


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
