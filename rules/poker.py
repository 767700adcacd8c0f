"""Poker hand values: the best five cards out of any number.

``evaluate(cards)`` returns an integer that orders hands: higher is better,
equal means a tie. It reads rank-multiplicity and per-suit rank bitmasks directly
(no enumeration of five-card subsets), so it is fast enough for exact odds.
``best_hand(cards)`` also picks the five cards that make the value, for
display, and can prefer one suit among equal choices (Palace Poker breaks ties
on the number of cards of one's own banner suit in the best five).

Value layout: ``category << 20`` plus up to five ranks in 4-bit fields, most
significant first (the ranks that decide the hand, then kickers). An ace-low
straight is recorded with its five as the top rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Iterable, Sequence

from .cards import Card, Rank, Suit

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def words(self) -> str:
        """Lowercase name used by the checkers' JSON: ``"two pair"``."""
        return self.name.lower().replace("_", " ")


def category_of(value: int) -> Category:
    return Category(value >> 20)


def ranks_of(value: int) -> tuple[int, ...]:
    """The deciding ranks stored in a value, most significant first (zeros dropped)."""
    out = []
    for shift in (16, 12, 8, 4, 0):
        r = (value >> shift) & 0xF
        if r:
            out.append(r)
    return tuple(out)


def _straight_top(mask: int) -> int:
    """Highest rank topping five consecutive ranks in ``mask`` (bit r = rank r), else 0.

    Bit 14 (ace) is mirrored to bit 1 so A-2-3-4-5 counts, topped by the five.
    """
    if mask & (1 << 14):
        mask |= 2
    run = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)
    return run.bit_length() + 3 if run else 0


def _top(mask: int, n: int) -> int:
    """The ``n`` highest ranks in ``mask`` packed in 4-bit fields, highest first;
    missing ranks (fewer than ``n`` cards) pack as zeros, so they count lowest."""
    value = 0
    for _ in range(n):
        if mask:
            r = mask.bit_length() - 1
            mask ^= 1 << r
            value = (value << 4) | r
        else:
            value <<= 4
    return value


# Per card index: the rank's bit (bit r for rank r) and the suit number. Tuples
# indexed by int keep the hot loop free of enum attribute lookups.
_RANK_BIT = tuple(1 << ((i >> 2) + 2) for i in range(52))


def evaluate(cards: Iterable[Card]) -> int:
    """Value of the best five-card hand among ``cards`` (no jokers).

    Fewer than five cards are allowed (Palace Poker battles often have only
    four countable cards): they make pairs, trips and quads but never a
    straight or flush, and a missing kicker counts lowest.
    """
    return evaluate_indices([c.index for c in cards])


def evaluate_indices(indices: Iterable[int]) -> int:
    """Same as :func:`evaluate` on card indices (0..51); for enumeration loops.

    One pass builds "rank seen at least 1/2/3/4 times" bitmasks and one rank
    bitmask per suit; every category then falls out of bit operations.
    """
    m1 = m2 = m3 = m4 = 0
    suit_masks = [0, 0, 0, 0]
    for i in indices:
        b = _RANK_BIT[i]
        suit_masks[i & 3] |= b
        m4 |= m3 & b
        m3 |= m2 & b
        m2 |= m1 & b
        m1 |= b
    return _value(m1, m2, m3, m4, suit_masks)


def _value(m1: int, m2: int, m3: int, m4: int, suit_masks: Sequence[int]) -> int:
    """The value from rank multiplicity masks (``mK``: ranks held at least K
    times) and per-suit rank masks."""
    flush = 0
    for m in suit_masks:
        if m.bit_count() >= 5:
            top = _straight_top(m)
            v = (8 << 20) | (top << 16) if top else (5 << 20) | _top(m, 5)
            if v > flush:
                flush = v
    if flush >> 20 == 8:
        return flush
    if m4:
        q = m4.bit_length() - 1
        return (7 << 20) | (q << 16) | (_top(m1 & ~(1 << q), 1) << 12)
    if m3:
        t = m3.bit_length() - 1
        pair = m2 & ~(1 << t)  # a second set of trips also fills the house
        if pair:
            return (6 << 20) | (t << 16) | ((pair.bit_length() - 1) << 12)
    if flush:
        return flush
    top = _straight_top(m1)
    if top:
        return (4 << 20) | (top << 16)
    if m3:
        t = m3.bit_length() - 1
        return (3 << 20) | (t << 16) | (_top(m1 & ~(1 << t), 2) << 8)
    if m2:
        hi = m2.bit_length() - 1
        rest = m2 & ~(1 << hi)
        if rest:
            lo = rest.bit_length() - 1
            return (2 << 20) | (hi << 16) | (lo << 12) | (_top(m1 & ~(1 << hi) & ~(1 << lo), 1) << 8)
        return (1 << 20) | (hi << 16) | (_top(m1 & ~(1 << hi), 3) << 4)
    return _top(m1, 5)


@dataclass(frozen=True)
class Hand:
    """A made hand: its value, category and the five cards that make it."""

    value: int
    cards: tuple[Card, ...]

    @property
    def category(self) -> Category:
        return category_of(self.value)

    def __str__(self) -> str:
        return f"{self.category.words}: {' '.join(str(c) for c in self.cards)}"

    def describe(self) -> str:
        """Plain words: ``three of a kind, queens``; ``straight to the nine``."""
        cat = self.category
        ranks = [Rank(r) for r in ranks_of(self.value)]
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            if ranks[0] is Rank.ACE and cat is Category.STRAIGHT_FLUSH:
                return "royal flush"
            return f"{cat.words} to the {ranks[0].word}"
        if cat is Category.FULL_HOUSE:
            return f"full house, {ranks[0].plural} over {ranks[1].plural}"
        if cat is Category.TWO_PAIR:
            return f"two pair, {ranks[0].plural} and {ranks[1].plural}"
        if cat in (Category.ONE_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
            return f"{cat.words}, {ranks[0].plural}"
        return f"{cat.words}, {ranks[0].word} high"


def best_hand(cards: Iterable[Card], prefer_suit: Suit | None = None) -> Hand:
    """The best five cards among ``cards``.

    Among several five-card selections with the same value (equal ranks in
    other suits), the one with the most cards of ``prefer_suit`` is chosen.
    """
    pool = list(cards)
    value = evaluate(pool)
    cat = value >> 20
    ranks = list(ranks_of(value))

    def pick(candidates: list[Card], n: int) -> list[Card]:
        # preferred suit first, then a stable order so output is deterministic
        ordered = sorted(candidates, key=lambda c: (c.suit is not prefer_suit, c.suit.index if c.suit else 4))
        return ordered[:n]

    if cat in (4, 8):  # straights: ranks run down from the top, the ace counts low in a wheel
        top = ranks[0]
        run = [r if r != 1 else 14 for r in range(top, top - 5, -1)]
        if cat == 8:
            flush_suits = [s for s in _SUITS if all(any(c.rank == r and c.suit is s for c in pool) for r in run)]
            suit = prefer_suit if prefer_suit in flush_suits else flush_suits[0]
            chosen = [next(c for c in pool if c.rank == r and c.suit is suit) for r in run]
        else:
            chosen = [pick([c for c in pool if c.rank == r], 1)[0] for r in run]
        return Hand(value, tuple(chosen))
    if cat == 5:
        candidates = []
        for s in _SUITS:
            suited = [c for c in pool if c.suit is s]
            if len(suited) >= 5 and sorted((c.rank for c in suited), reverse=True)[:5] == ranks:
                candidates.append(s)
        suit = prefer_suit if prefer_suit in candidates else candidates[0]
        chosen = [next(c for c in pool if c.rank == r and c.suit is suit) for r in ranks]
        return Hand(value, tuple(chosen))
    # groups: the multiplicity of each deciding rank follows from the category
    sizes = {0: [1, 1, 1, 1, 1], 1: [2, 1, 1, 1], 2: [2, 2, 1], 3: [3, 1, 1],
             6: [3, 2], 7: [4, 1]}[cat]
    chosen = []
    for r, k in zip(ranks, sizes):
        chosen.extend(pick([c for c in pool if c.rank == r], k))
    return Hand(value, tuple(chosen))
