"""Who plays first: the weakest face-up cards, the lowest card in hand, or the dealer's left."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card, Rank
from ..refs import ruling
from . import sections as S
from .config import PalaceRules

WORST_FACE_UP = ruling(
    "worst-face-up-cards", S.house("Getting Started"),
    "Which face-up cards are 'the worst'?",
    "count the wilds first, then compare the next highest card, and so on (the Caron text says "
    "the same in fewer words)",
    "fewer wild cards is worse (a 10 or Joker counts as a wild in the house game, as its card list "
    "says); with equal wilds, compare the other face-up cards from the highest down, and the first "
    "lower card is worse; if two players are still equal, the one reached first going round from "
    "the dealer's left starts")
LOWEST_TIE = ruling(
    "bga-lowest-card-tie", S.bga("Playing cards: start"),
    "Who starts when several players hold the same lowest card, and what must they play?",
    "a player holding the lowest card (3 or higher) is picked at random and starts with that card",
    "the tie is broken by a seeded random draw among the tied seats (so a replay picks the same "
    "player); the opening play must contain a card of that rank and may add more of it")


def worst_face_up_key(rules: PalaceRules, cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Smaller is worse: (number of wilds, other ranks' values from the highest down)."""
    wilds = sum(1 for c in cards if c.rank in rules.wild)
    rest = sorted((rules.value(c.rank) for c in cards if c.rank not in rules.wild), reverse=True)
    return (wilds, tuple(rest))


def seats_from_left(dealer: int, players: int) -> list[int]:
    return [(dealer + 1 + i) % players for i in range(players)]


def worst_face_up_seat(rules: PalaceRules, face_up: Sequence[Sequence[Card]], dealer: int) -> int:
    order = seats_from_left(dealer, len(face_up))
    return min(order, key=lambda s: (worst_face_up_key(rules, face_up[s]), order.index(s)))


def lowest_in_hand(rules: PalaceRules, hand: Sequence[Card]) -> Rank | None:
    ranks = [c.rank for c in hand if c.rank not in rules.wild]
    return min(ranks, key=rules.value) if ranks else None


def lowest_in_hand_seat(rules: PalaceRules, hands: Sequence[Sequence[Card]], dealer: int,
                        seed: object) -> tuple[int, Rank | None, tuple[int, ...]]:
    """(starting seat, the rank it must open with, the tied seats)."""
    order = seats_from_left(dealer, len(hands))
    lows = {s: low for s in order if (low := lowest_in_hand(rules, hands[s])) is not None}
    ranked = list(lows)  # the seats holding more than wilds, from the dealer's left
    if not ranked:  # nobody holds anything but wilds: the dealer's left opens freely
        return order[0], None, ()
    best = min(rules.value(lows[s]) for s in ranked)
    tied = tuple(s for s in ranked if rules.value(lows[s]) == best)
    seat = tied[0] if len(tied) == 1 else random.Random(f"{seed}:start").choice(tied)
    return seat, lows[seat], tied
