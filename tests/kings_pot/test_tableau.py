"""The tableau's geometry, the max-buy rule and the reveal schedule
(kings-pot.txt § The tableau, § Buying cards, § First/Second/Third reveal).

Expected cells are written out by hand from the source's description (rows top
to bottom, columns left to right, diagonals corner to corner), not taken from
the module under test.
"""

import pytest

from kp_decks import HAND_CELLS, cells_of
from rules.cards import Rank
from rules.errors import NotationError
from rules.kings_pot.tableau import (CELLS, KINGS_HAND_SIZE, LINES, MAX_BUY_RULING, REVEAL_ORDER_RULING,
                                     SPARE_CARDS, HandName, RevealSchedule, cell_name, label_text,
                                     max_buy)


@pytest.mark.parametrize("name", ["ace", "two", "three", "four", "five"])
def test_tableau_rows_are_ace_to_five_hands(name):
    assert list(HandName(name).cells) == cells_of(name)


@pytest.mark.parametrize("name", ["six", "seven", "eight", "nine", "ten"])
def test_tableau_columns_are_six_to_ten_hands_left_to_right(name):
    assert list(HandName(name).cells) == cells_of(name)


def test_northwest_southeast_diagonal_is_the_jacks_hand():
    assert list(HandName.JACK.cells) == cells_of("jack")


def test_southwest_northeast_diagonal_is_the_queens_hand():
    assert list(HandName.QUEEN.cells) == cells_of("queen")


def test_twelve_hands_on_the_tableau_and_the_kings_hand_apart():
    assert len(LINES) == 12
    assert HandName.KING.cells == ()
    assert not HandName.KING.on_tableau
    assert [h.key for h in HandName] == [*HAND_CELLS, "king"]


def test_25_cell_tableau_5_card_kings_hand_leave_22_spare_cards():
    assert (CELLS, KINGS_HAND_SIZE, SPARE_CARDS) == (25, 5, 22)
    assert 52 - 25 - 5 == SPARE_CARDS


@pytest.mark.parametrize("rank, hand", [
    (Rank.ACE, "ace"), (Rank.TWO, "two"), (Rank.THREE, "three"), (Rank.FOUR, "four"),
    (Rank.FIVE, "five"), (Rank.SIX, "six"), (Rank.SEVEN, "seven"), (Rank.EIGHT, "eight"),
    (Rank.NINE, "nine"), (Rank.TEN, "ten"), (Rank.JACK, "jack"), (Rank.QUEEN, "queen"),
    (Rank.KING, "king")])
def test_a_bought_cards_rank_names_the_hand_it_backs(rank, hand):
    assert HandName.for_rank(rank) is HandName(hand)
    assert HandName(hand).rank is rank


@pytest.mark.parametrize("text, hand", [("ace", "ace"), ("Ace's hand", "ace"), ("A", "ace"),
                                        ("10", "ten"), ("queen\u2019s", "queen"), ("KINGS", "king"),
                                        (" seven hand ", "seven")])
def test_hand_names_parse_in_several_spellings(text, hand):
    assert HandName.parse(text) is HandName(hand)


@pytest.mark.parametrize("bad", ["", "jokers", "eleven", "Zz"])
def test_unknown_hand_name_is_a_notation_error_naming_it(bad):
    with pytest.raises(NotationError) as err:
        HandName.parse(bad)
    assert err.value.token == bad


def test_hand_titles_and_places():
    assert HandName.SIX.title == "Six's hand"
    assert HandName.SIX.where == "column 1"
    assert HandName.FOUR.where == "row 4"
    assert cell_name(7) == "row 2, column 3"


# -- max buy (source § Buying cards, ruling kings-pot-max-buy) -------------------------

# the source's table, as printed
SOURCE_TABLE = {3: 7, 4: 5, 6: 3, 7: 3, **{n: 2 for n in range(8, 12)}}
SOURCE_TABLE_LAST_ROW = {n: 1 for n in range(11, 23)}


@pytest.mark.parametrize("players", sorted(set(SOURCE_TABLE) | set(SOURCE_TABLE_LAST_ROW)))
def test_max_buy_per_table_size_matches_every_listed_size(players):
    listed = {SOURCE_TABLE.get(players), SOURCE_TABLE_LAST_ROW.get(players)} - {None}
    assert max_buy(players) in listed


def test_max_buy_fills_the_five_player_gap_with_four():
    assert 5 not in SOURCE_TABLE and 5 not in SOURCE_TABLE_LAST_ROW
    assert max_buy(5) == 4


def test_max_buy_settles_the_eleven_player_overlap_at_two():
    assert SOURCE_TABLE[11] == 2 and SOURCE_TABLE_LAST_ROW[11] == 1
    assert max_buy(11) == 2
    assert 11 * 2 <= 22  # every one of the 11 can really buy 2


@pytest.mark.parametrize("players", range(3, 23))
def test_max_buy_is_the_largest_even_share_of_22_spare_cards(players):
    m = max_buy(players)
    assert m * players <= 22 < (m + 1) * players


def test_max_buy_ruling_states_the_gap_and_the_overlap():
    text = MAX_BUY_RULING.reading
    assert "22 divided by the number of players" in text and "5 players -> 4" in text and "11 players at 2" in text
    with pytest.raises(ValueError):
        max_buy(0)


# -- reveal order (source § First reveal and betting etc., ruling kings-pot-reveal-order) ---

def count_per_hand(cells):
    """Independent count: how many of ``cells`` lie on each hand's line."""
    return {name: sum(1 for c in cells if c in cells_of(name)) for name in HAND_CELLS}


@pytest.mark.parametrize("k", [1, 2, 3])
def test_each_reveal_round_shows_one_new_card_of_every_hand(k):
    cells = RevealSchedule().round_cells(k)
    assert len(cells) == 5
    assert count_per_hand(cells) == {name: 1 for name in HAND_CELLS}


def test_reveal_rounds_turn_different_cells_and_leave_two_of_each_hand_for_the_showdown():
    s = RevealSchedule()
    rounds = [set(s.round_cells(k)) for k in (1, 2, 3)]
    assert len(rounds[0] | rounds[1] | rounds[2]) == 15
    rest = set(range(25)) - rounds[0] - rounds[1] - rounds[2]
    assert count_per_hand(rest) == {name: 2 for name in HAND_CELLS}


def test_third_reveal_shows_three_cards_of_every_tableau_hand():
    shown = RevealSchedule().shown_after(3)
    assert count_per_hand(shown) == {name: 3 for name in HAND_CELLS}
    assert RevealSchedule().shown_after(4) == frozenset(range(25))
    assert RevealSchedule().shown_after(0) == frozenset()


def test_reveal_round_cells_follow_the_ruled_pattern():
    # round k: (r, (2r + k - 1) mod 5); written out by hand
    s = RevealSchedule()
    assert s.round_cells(1) == (0, 7, 14, 16, 23)   # (0,0) (1,2) (2,4) (3,1) (4,3)
    assert s.round_cells(2) == (1, 8, 10, 17, 24)   # (0,1) (1,3) (2,0) (3,2) (4,4)
    assert s.round_cells(3) == (2, 9, 11, 18, 20)   # (0,2) (1,4) (2,1) (3,3) (4,0)
    assert "(2r + k - 1) mod 5" in REVEAL_ORDER_RULING.reading


def test_centre_cell_on_both_diagonals_is_turned_at_the_showdown():
    labels = RevealSchedule().labels()
    assert labels[12] == 0 and label_text(labels[12]) == "showdown"
    assert sorted(labels).count(0) == 10
    assert [labels.count(k) for k in (1, 2, 3)] == [5, 5, 5]
    assert label_text(2) == "2"


@pytest.mark.parametrize("step", [2, 3])
def test_any_step_that_crosses_every_line_once_is_accepted(step):
    s = RevealSchedule(step=step, offsets=(4, 0, 2))
    for k in (1, 2, 3):
        assert count_per_hand(s.round_cells(k)) == {name: 1 for name in HAND_CELLS}


@pytest.mark.parametrize("step, offsets", [(1, (0, 1, 2)), (0, (0, 1, 2)), (4, (0, 1, 2)),
                                           (2, (0, 0, 1)), (2, (0, 5, 1)), (2, (0, 1))])
def test_schedules_that_miss_a_hand_or_repeat_a_round_are_refused(step, offsets):
    with pytest.raises(ValueError):
        RevealSchedule(step=step, offsets=offsets)


def test_only_rounds_one_to_three_have_cells():
    with pytest.raises(ValueError):
        RevealSchedule().round_cells(4)


@pytest.mark.parametrize("name, where", [("ace", "row 1"), ("five", "row 5"), ("six", "column 1"),
                                         ("ten", "column 5"), ("jack", "diagonal from the top left"),
                                         ("queen", "diagonal from the bottom left"),
                                         ("king", "five cards apart from the tableau")])
def test_each_hand_cites_the_tableau_clause_that_places_it(name, where):
    ref = HandName(name).ref
    assert (ref.source, ref.section, ref.clause) == ("kings-pot.txt", "The tableau", where)
