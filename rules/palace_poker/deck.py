"""Where the cards come from: a stacked order, a seeded shuffle, or both.

A lesson can stack every shuffle of a hand so the document's deal comes out
card for card; a random game gives a seed. A stacked order may be partial: its
cards go on top in the order given, and the rest follow in the seeded order.
Shuffles happen at fixed points, each drawing its order from its own slot:

* ``draw_deck``: the pack for the draw for first dealer (``dealer = "draw"``);
* ``deck``: the pack the banners are dealt from;
* ``palace_deck``: the deck after the set-aside banner cards go back and the
  dealer shuffles again (§ Palace Cards);
* ``reshuffles``: every other shuffle, in the order they happen (the draw's
  cards going back, the set-aside cards when the banner deal runs out, the
  discard pile becoming a new deck).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterable

from ..cards import Card
from ..errors import NotationError


@dataclass(frozen=True)
class ShufflePlan:
    seed: int | str
    done: int = 0
    deck: tuple[Card, ...] | None = None
    palace_deck: tuple[Card, ...] | None = None
    reshuffles: tuple[tuple[Card, ...], ...] = ()

    def arrange(self, cards: Iterable[Card], slot: str, what: str) -> tuple["ShufflePlan", tuple[Card, ...]]:
        """Shuffle ``cards`` using the order stacked for ``slot`` ("deck", "palace_deck",
        "reshuffle" or "free"); returns the next plan and the cards, top first."""
        stacked: tuple[Card, ...] | None = None
        plan = self
        if slot == "deck":
            stacked, plan = self.deck, replace(self, deck=None)
        elif slot == "palace_deck":
            stacked, plan = self.palace_deck, replace(self, palace_deck=None)
        elif slot == "reshuffle" and self.reshuffles:
            stacked, plan = self.reshuffles[0], replace(self, reshuffles=self.reshuffles[1:])
        key = f"{self.seed}/{self.done}"
        return replace(plan, done=self.done + 1), stack_order(cards, stacked or (), key, what)


def stack_order(cards: Iterable[Card], stacked: tuple[Card, ...], seed_key: str, what: str) -> tuple[Card, ...]:
    """``stacked`` on top (each must be among ``cards``), the rest in a seeded order."""
    pool = list(cards)
    available = Counter(pool)
    for c in stacked:
        if available[c] <= 0:
            raise NotationError(
                f"{what}: {c} cannot be stacked here: it is not among the {len(pool)} cards being shuffled "
                "(already dealt, or listed twice)", token=str(c), expected="a card that is in this shuffle")
        available[c] -= 1
    rest = [c for c in pool]
    for c in stacked:
        rest.remove(c)
    random.Random(seed_key).shuffle(rest)
    return tuple(stacked) + tuple(rest)
