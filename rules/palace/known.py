"""What the whole table knows of the cards in hidden hands.

When a player takes the pile (or takes face-up cards into the hand, or swaps
one in), everyone saw those cards go into that hand, and they stay known until
played. The engine marks them by putting, into the hand, a *seen twin* of each
card: an equal :class:`~rules.cards.Card` value (same rank and suit, same
index, equal and hashed alike, so nothing that compares cards can tell) that
is a different object. A card played leaves the hand with its mark, so the
marks cost nothing on the moves in between. ``is_seen`` reads them for the
views and :meth:`rules.palace.view.PalaceView.determinize`.

With two packs, a player may hold an unseen copy of a card the table saw go
in; when one of the two is played, the table cannot tell which, and the engine
keeps the mark on the copy it leaves in the hand (it removes the first copy of
the hand's order): the others are taken to know that card is still there.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from ..cards import ALL_CARDS, JOKER, Card

SEEN: tuple[Card, ...] = tuple(Card(c.rank, c.suit) for c in (*ALL_CARDS, JOKER))
"""The seen twin of each card, by card index."""

_INDEX = attrgetter("index")


def seen(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` marked as seen by the whole table (their twins)."""
    return tuple(map(SEEN.__getitem__, map(_INDEX, cards)))


def is_seen(card: Card) -> bool:
    return card is SEEN[card.index]
