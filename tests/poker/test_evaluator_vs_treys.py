"""Issue 3, poker hands: a differential test against treys (a test-only oracle).

treys numbers hands from 1 (royal flush) to 7,462 (seven-five high), lower is
better, and evaluates five to seven cards; for nine cards the oracle takes its
best over all seven-card subsets. The check is that the two evaluators order
every sample the same way: sorted by our value, equal values must be equal
treys ranks and higher values strictly lower treys ranks.
"""

import random
from itertools import combinations

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from rules.cards import ALL_CARDS
from rules.poker import best_hand, category_of, evaluate, evaluate_indices

TREYS = Evaluator()
TREYS_CARD = [TreysCard.new(str(c)) for c in ALL_CARDS]  # treys spells cards like us: "Ts", "Ah"


def treys_rank(indices: list[int]) -> int:
    cards = [TREYS_CARD[i] for i in indices]
    if len(cards) <= 7:
        return TREYS.evaluate(cards[:2], cards[2:])
    return min(TREYS.evaluate(list(sub[:2]), list(sub[2:])) for sub in combinations(cards, 7))


def treys_category(rank: int) -> int:
    """treys rank class (0 royal, 1 straight flush ... 9 high card) as our Category number."""
    cls = TREYS.get_rank_class(rank)
    return 8 if cls == 0 else 9 - cls


@pytest.mark.parametrize("size, samples", [(5, 6000), (6, 6000), (7, 6000), (9, 800)])
def test_same_order_as_treys_on_random_hands(size, samples):
    rng = random.Random(size * 7919)
    hands = [rng.sample(range(52), size) for _ in range(samples)]
    ours = [evaluate_indices(h) for h in hands]
    theirs = [treys_rank(h) for h in hands]
    order = sorted(range(samples), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        if ours[a] == ours[b]:
            assert theirs[a] == theirs[b], (hands[a], hands[b])
        else:
            assert theirs[a] > theirs[b], (hands[a], hands[b])
    for h, v, t in zip(hands, ours, theirs):
        assert category_of(v) == treys_category(t), h


@pytest.mark.parametrize("size", [5, 6, 7, 9])
def test_best_five_named_by_best_hand_is_worth_what_treys_says_the_whole_set_is(size):
    rng = random.Random(size)
    for _ in range(300):
        hand = rng.sample(range(52), size)
        cards = [ALL_CARDS[i] for i in hand]
        five = best_hand(cards).cards
        assert len(five) == 5 and set(five) <= set(cards)
        assert treys_rank([c.index for c in five]) == treys_rank(hand)
        assert evaluate(five) == evaluate(cards)
