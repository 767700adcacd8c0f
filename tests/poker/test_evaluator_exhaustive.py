"""Issue 3, poker hands: the evaluator over every one of the 2,598,960 five-card hands.

The expected figures are the standard combinatorial counts (the issue lists the
category counts; the distinct values per category are the well-known
10/156/156/1,277/10/858/858/2,860/1,277 that add up to 7,462). They come from
counting, not from this code.
"""

from collections import Counter
from itertools import combinations

import pytest

from rules.poker import Category, category_of, evaluate_indices

HANDS_PER_CATEGORY = {
    Category.STRAIGHT_FLUSH: 40,  # royals included
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

DISTINCT_VALUES_PER_CATEGORY = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.ONE_PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}


@pytest.fixture(scope="module")
def value_counts() -> Counter:
    return Counter(evaluate_indices(hand) for hand in combinations(range(52), 5))


@pytest.mark.slow
def test_all_2598960_five_card_hands_fall_into_the_standard_category_counts(value_counts):
    assert sum(value_counts.values()) == 2_598_960
    per_category = Counter()
    for value, n in value_counts.items():
        per_category[category_of(value)] += n
    assert dict(per_category) == HANDS_PER_CATEGORY


@pytest.mark.slow
def test_five_card_hands_take_exactly_7462_distinct_values(value_counts):
    assert len(value_counts) == 7_462
    per_category = Counter(category_of(v) for v in value_counts)
    assert dict(per_category) == DISTINCT_VALUES_PER_CATEGORY


@pytest.mark.slow
def test_every_value_is_held_by_a_number_of_hands_that_suits_alone_explain(value_counts):
    # Hands with the same value differ only in suits, so each value is held by
    # 4 (straight flush), 4**5 - 4 (straights, no-pair high cards), or the
    # suit choices of its rank groups (e.g. a full house: C(4,3)*C(4,2) = 24).
    allowed = {
        Category.STRAIGHT_FLUSH: {4},
        Category.FOUR_OF_A_KIND: {4},
        Category.FULL_HOUSE: {24},
        Category.FLUSH: {4},
        Category.STRAIGHT: {1020},
        Category.THREE_OF_A_KIND: {64},
        Category.TWO_PAIR: {144},
        Category.ONE_PAIR: {384},
        Category.HIGH_CARD: {1020},
    }
    for value, n in value_counts.items():
        assert n in allowed[category_of(value)], (hex(value), n)
