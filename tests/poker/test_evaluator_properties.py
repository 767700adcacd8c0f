"""Issue 9: property tests (hypothesis) for the hand evaluator.

The reference below is a deliberately naive evaluator written for the test:
it tries every five-card subset and classifies it by its rank counts. With
fewer than five cards (a Palace Poker battle may leave only four countable
cards) it classifies the cards as they are: no straight or flush, and a missing
kicker ranks below any present one.
"""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, Suit
from rules.poker import Category, Hand, best_hand, category_of, evaluate, evaluate_indices, ranks_of

SUITS = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
card_sets = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=9, unique=True)


def reference_key(cards) -> tuple:
    """(category number, deciding ranks...) of a set of at most five cards."""
    ranks = sorted((c.rank.value for c in cards), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    by_group = tuple(r for r, _ in groups)
    five = len(cards) == 5
    flush = five and len({c.suit for c in cards}) == 1
    top = 0
    if five and len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (8, top)
    if shape[0] == 4:
        return (7, *by_group)
    if shape[:2] == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *ranks)
    if top:
        return (4, top)
    if shape[0] == 3:
        return (3, *by_group)
    if shape[:2] == [2, 2]:
        return (2, *by_group)
    if shape[0] == 2:
        return (1, *by_group)
    return (0, *by_group)


def reference_best(cards) -> tuple:
    if len(cards) < 5:
        return reference_key(cards)
    return max(reference_key(sub) for sub in combinations(cards, 5))


@settings(max_examples=400, deadline=None)
@given(card_sets, card_sets)
def test_orders_any_two_sets_like_the_naive_reference(a, b):
    ours_a, ours_b = evaluate(a), evaluate(b)
    ref_a, ref_b = reference_best(a), reference_best(b)
    assert (ours_a > ours_b) == (ref_a > ref_b)
    assert (ours_a == ours_b) == (ref_a == ref_b)
    assert category_of(ours_a) == ref_a[0]


@settings(max_examples=300, deadline=None)
@given(card_sets)
def test_value_stored_ranks_are_the_deciding_ranks_of_the_reference(cards):
    assert ranks_of(evaluate(cards)) == reference_best(cards)[1:]


@settings(max_examples=300, deadline=None)
@given(card_sets, st.permutations(SUITS))
def test_renaming_suits_never_changes_a_value(cards, perm):
    rename = dict(zip(SUITS, perm))
    renamed = [next(c2 for c2 in ALL_CARDS if c2.rank == c.rank and c2.suit is rename[c.suit]) for c in cards]
    assert evaluate(renamed) == evaluate(cards)


@settings(max_examples=300, deadline=None)
@given(card_sets, st.sampled_from(ALL_CARDS))
def test_one_more_card_never_makes_a_hand_worse(cards, extra):
    if extra in cards:
        return
    assert evaluate([*cards, extra]) >= evaluate(cards)


@settings(max_examples=300, deadline=None)
@given(card_sets)
def test_indices_and_cards_give_the_same_value(cards):
    assert evaluate_indices([c.index for c in cards]) == evaluate(cards)


@settings(max_examples=300, deadline=None)
@given(card_sets, st.sampled_from(SUITS))
def test_best_hand_is_a_best_five_with_the_most_cards_of_the_preferred_suit(cards, suit):
    hand = best_hand(cards, prefer_suit=suit)
    assert isinstance(hand, Hand)
    assert len(hand.cards) == min(5, len(cards)) and len(set(hand.cards)) == len(hand.cards)
    assert set(hand.cards) <= set(cards)
    assert evaluate(hand.cards) == hand.value == evaluate(cards)
    if len(cards) >= 5:
        # brute force: the most cards of `suit` any five of the same value can hold
        most = max(sum(c.suit is suit for c in sub) for sub in combinations(cards, 5)
                   if evaluate(sub) == hand.value)
        assert sum(c.suit is suit for c in hand.cards) == most


def test_category_words_are_the_checkers_lowercase_names():
    assert [c.words for c in Category] == [
        "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
        "full house", "four of a kind", "straight flush"]


def test_ace_low_straight_is_the_lowest_straight():
    wheel = evaluate([ALL_CARDS[i] for i in (48, 1, 6, 11, 12)])  # Ac 2d 3h 4s 5c
    six_high = evaluate([ALL_CARDS[i] for i in (1, 6, 11, 12, 17)])  # 2d 3h 4s 5c 6d
    assert category_of(wheel) is Category.STRAIGHT and ranks_of(wheel) == (5,)
    assert wheel < six_high
    assert best_hand([ALL_CARDS[i] for i in (48, 1, 6, 11, 12)]).describe() == "straight to the five"
