"""Poker hand values: the best five cards out of any number.

``evaluate(cards)`` returns an integer that orders hands: higher is better,
equal means a tie. It reads rank counts and per-suit rank bitmasks directly
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


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for r in ranks:
        value = (value << 4) | r
    return value << (4 * (5 - len(ranks)))


def _straight_top(mask: int) -> int:
    """Highest rank topping five consecutive ranks in ``mask`` (bit r = rank r), else 0.

    Bit 14 (ace) is mirrored to bit 1 so A-2-3-4-5 counts, topped by the five.
    """
    if mask & (1 << 14):
        mask |= 2
    run = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)
    return run.bit_length() + 3 if run else 0


def _top_ranks(mask: int, n: int) -> list[int]:
    out = []
    while mask and len(out) < n:
        r = mask.bit_length() - 1
        out.append(r)
        mask &= ~(1 << r)
    return out


# (rank, suit index) per Card.index, so the hot loop avoids enum attribute lookups
_RANK_SUIT = tuple(((i >> 2) + 2, i & 3) for i in range(52))


def evaluate(cards: Iterable[Card]) -> int:
    """Value of the best five-card hand among ``cards`` (no jokers).

    Fewer than five cards are allowed (Palace Poker battles often have only
    four countable cards): they make pairs, trips and quads but never a
    straight or flush, and a missing kicker counts lowest.
    """
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    suit_counts = [0, 0, 0, 0]
    for c in cards:
        r, s = _RANK_SUIT[c.index]
        counts[r] += 1
        suit_masks[s] |= 1 << r
        suit_counts[s] += 1
    return _value(counts, suit_masks, suit_counts)


def evaluate_indices(indices: Iterable[int]) -> int:
    """Same as :func:`evaluate` on card indices (0..51); for enumeration loops."""
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    suit_counts = [0, 0, 0, 0]
    for i in indices:
        r = (i >> 2) + 2
        s = i & 3
        counts[r] += 1
        suit_masks[s] |= 1 << r
        suit_counts[s] += 1
    return _value(counts, suit_masks, suit_counts)


def _value(counts: list[int], suit_masks: list[int], suit_counts: list[int]) -> int:
    best_flush = 0
    for s in range(4):
        if suit_counts[s] >= 5:
            m = suit_masks[s]
            top = _straight_top(m)
            v = (8 << 20) | (top << 16) if top else _pack(5, _top_ranks(m, 5))
            if v > best_flush:
                best_flush = v
    if best_flush >> 20 == 8:
        return best_flush
    quads = trips = 0
    trips2 = 0
    pairs: list[int] = []
    singles_mask = 0
    for r in range(14, 1, -1):
        k = counts[r]
        if k == 0:
            continue
        if k >= 4 and not quads:
            quads = r
        elif k >= 3:
            if not trips:
                trips = r
            elif not trips2:
                trips2 = r
        elif k == 2:
            pairs.append(r)
        else:
            singles_mask |= 1 << r
    all_mask = suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]
    if quads:
        kicker = _top_ranks(all_mask & ~(1 << quads), 1)
        return _pack(7, [quads, *kicker])
    if trips and (trips2 or pairs):
        pair = max(trips2, pairs[0] if pairs else 0)
        return _pack(6, [trips, pair])
    if best_flush:
        return best_flush
    top = _straight_top(all_mask)
    if top:
        return (4 << 20) | (top << 16)
    if trips:
        return _pack(3, [trips, *_top_ranks(all_mask & ~(1 << trips), 2)])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return _pack(2, [hi, lo, *_top_ranks(all_mask & ~(1 << hi) & ~(1 << lo), 1)])
    if pairs:
        p = pairs[0]
        return _pack(1, [p, *_top_ranks(all_mask & ~(1 << p), 3)])
    return _pack(0, _top_ranks(all_mask, 5))


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
        ordered = sorted(candidates, key=lambda c: (c.suit is not prefer_suit, c.suit.index))
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
