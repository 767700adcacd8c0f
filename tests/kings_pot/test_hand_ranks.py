"""Card ranks in King's Pot hands (kings-pot.txt § Players and cards): ace,
king, queen down to two; aces high, except that a straight may run A-2-3-4-5
with the ace low. The hands are valued by the shared evaluator (rules.poker);
these tests pin the clause for King's Pot with hand-written orders, and check
the hand-worked categories of the stacked decks with the independent ``treys``
evaluator so the other tests' expected winners rest on two counts.
"""

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from kp_decks import (KING_CATEGORIES, T1, T1_CATEGORIES, T3, T3_CATEGORIES, HAND_CELLS)
from rules.cards import parse_cards
from rules.kings_pot.checker import check_tableau
from rules.poker import evaluate

# the source's order, highest first, as printed under its ranks heading
SOURCE_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]


def value(text):
    return evaluate(parse_cards(text))


def pair_of(rank, avoid):
    """A pair of ``rank`` with the three lowest other ranks as kickers (mixed suits)."""
    kickers = [r for r in reversed(SOURCE_ORDER) if r not in (rank, avoid)][:3]
    return value(f"{rank}c {rank}d {kickers[0]}h {kickers[1]}s {kickers[2]}c")


@pytest.mark.parametrize("high, low", list(zip(SOURCE_ORDER, SOURCE_ORDER[1:])))
def test_rank_order_runs_ace_king_queen_down_to_two(high, low):
    # a pair of each rank beats a pair of the next rank down, with the same kickers
    assert pair_of(high, low) > pair_of(low, high)


def test_aces_rank_high_outside_a_straight():
    assert value("Ac Ad 2h 3s 4c") > value("Kc Kd 2h 3s 4c")      # a pair of aces tops kings
    assert value("Ac 2d 4h 6s 8c") > value("Kc Qd Jh 9s 7c")      # ace high tops king high


def test_ace_high_straight_tops_and_ace_low_straight_is_the_lowest():
    ace_high = value("Tc Jd Qh Ks Ac")
    king_high = value("9c Td Jh Qs Kc")
    six_high = value("2c 3d 4h 5s 6c")
    ace_low = value("Ac 2d 3h 4s 5c")
    trips = value("Ac Ad Ah Ks Qc")
    assert ace_high > king_high > six_high > ace_low > trips
    # the ace counts low only in a straight: A-2-3-4-5 is a straight, Q-K-A-2-3 is not
    assert value("Qc Kd Ah 2s 3c") < value("2c 2d 4h 5s 7c")      # ace high, below a pair


def test_aces_low_or_high_in_a_kings_pot_tableau():
    rows = ["Ac 2d 3h 4s 5c", "Tc Jd Qh Ks Ad", "7c 7d 8d 9h 2s", "Qc Jh 6h 9s 3c", "Js Th 6s 8s 3d"]
    hands = check_tableau(" ".join(rows), "2h 4d 4c 6c 8h").as_dict()["hands"]
    assert hands["ace"]["category"] == "straight"   # the ace low
    assert hands["two"]["category"] == "straight"   # the ace high
    assert check_tableau(" ".join(rows), "2h 4d 4c 6c 8h").winner[0].key == "two"


# -- the stacked decks' hand-worked categories, counted again by treys -----------------

TREYS_WORDS = {"Straight Flush": "straight flush", "Four of a Kind": "four of a kind",
               "Full House": "full house", "Flush": "flush", "Straight": "straight",
               "Three of a Kind": "three of a kind", "Two Pair": "two pair", "Pair": "one pair",
               "High Card": "high card"}


def treys_category(cards_text):
    cards = [TreysCard.new(t[0].upper() + t[1].lower()) for t in cards_text.split()]
    ev = Evaluator()
    return TREYS_WORDS[ev.class_to_string(ev.get_rank_class(ev.evaluate(cards[:2], cards[2:])))]


@pytest.mark.parametrize("rows, expected", [(T1, T1_CATEGORIES), (T3, T3_CATEGORIES)], ids=["T1", "T3"])
def test_hand_worked_tableau_categories_agree_with_treys(rows, expected):
    grid = " ".join(rows).split()
    for name, cells in HAND_CELLS.items():
        line = " ".join(grid[5 * r + c] for r, c in cells)
        assert treys_category(line) == expected[name], name


def test_hand_worked_kings_hands_agree_with_treys():
    for cards, expected in KING_CATEGORIES.items():
        assert treys_category(cards) == expected
