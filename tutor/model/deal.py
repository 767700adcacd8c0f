"""A seeded deal and the best poker hand in it.

Small on purpose: it is the app's smoke check that the project's own rules
run wherever the app runs (CPython under ``panel serve``, Pyodide in the
static site). The same seed deals the same cards on both, so a test can
compare what the browser shows with what CPython computes.
"""

from __future__ import annotations

import param

from rules.cards import Card, format_cards, make_deck, shuffled
from rules.poker import Hand, best_hand


class DealtHand(param.Parameterized):
    """Seven cards from a shuffled pack and the best five among them."""

    seed: int = param.Integer(default=1, bounds=(0, None), doc="Shuffle seed: one seed, one deal.")
    size: int = param.Integer(default=7, bounds=(5, 52), doc="How many cards are dealt.")

    def cards(self) -> tuple[Card, ...]:
        return shuffled(make_deck(), self.seed)[: self.size]

    def hand(self) -> Hand:
        return best_hand(self.cards())

    def deal_next(self) -> None:
        self.seed += 1

    def summary(self) -> str:
        """One line: ``deal 3: <cards> | best five <cards>: <words>``."""
        hand = self.hand()
        return (f"deal {self.seed}: {format_cards(self.cards())} | "
                f"best five {format_cards(hand.cards)}: {hand.describe()}")
