"""Hidden information and the tableau picture (DESIGN: hidden information goes
through a view). A seat sees face-up cells, its own cards, counts of the others'
cards; the King's hand and the others' cards only at the showdown (kings-pot.txt
§ Showdown); ``view(None)`` shows everything for teaching.
"""

import pytest

from kp_decks import T1, T1_KING_TWO_PAIR
from rules.cards import parse_cards
from rules.kings_pot import HandName

SPARES = "6d 2h Ks 2s"
ROUND1 = {0, 7, 14, 16, 23}  # by hand: (0,0) (1,2) (2,4) (3,1) (4,3)


@pytest.fixture
def bought(deal, run):
    return run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2", "buy 1", "buy 1")[0]


def test_a_seat_sees_its_own_cards_and_only_counts_of_the_others(bought):
    v = bought.view(1)  # Ben
    assert v.players[1].cards == parse_cards("6d 2h")
    assert v.players[1].backs == (HandName.SIX, HandName.TWO)
    assert v.players[2].cards is None and v.players[2].card_count == 1 and v.players[2].backs is None
    assert v.spare is None and v.spare_left == 22 - 4


def test_face_down_cells_and_the_kings_hand_are_hidden_before_the_showdown(bought, run):
    v = bought.view(0)
    assert v.tableau == (None,) * 25 and v.kings_hand == (None,) * 5 and not v.kings_face_up
    s, _ = run(bought, "reveal 1")
    v = s.view(0)
    assert {i for i, c in enumerate(v.tableau) if c is not None} == ROUND1
    assert v.tableau[0] == parse_cards("9c")[0]


def test_teaching_view_shows_everything_but_still_says_what_is_face_up(bought, run):
    s, _ = run(bought, "reveal 1")
    v = s.view(None)
    assert None not in v.tableau and None not in v.kings_hand
    assert v.face_up == frozenset(ROUND1)
    assert all(p.cards is not None for p in v.players)
    assert len(v.spare) == 22 - 4
    cells = v.board.cells
    assert cells[1].card is not None and not cells[1].face_up


def test_folded_cards_stay_hidden_from_others_even_after_the_showdown(bought, run):
    s, _ = run(bought, "reveal 1", "fold 2h", "check", "check", "fold", "reveal 2", "check",
               "check", "reveal 3", "check", "check", "showdown")
    ben = s.view(1).players[1]
    assert ben.folded == parse_cards("2h") and ben.folded_count == 1
    cleo_sees = s.view(2)
    assert cleo_sees.players[1].folded is None and cleo_sees.players[1].cards == parse_cards("6d")
    assert cleo_sees.players[0].cards is None and cleo_sees.players[0].folded is None  # Ana folded
    assert None not in cleo_sees.tableau and None not in cleo_sees.kings_hand


def test_an_uncontested_winner_shows_nothing(bought, run):
    s, _ = run(bought, "reveal 1", "bet 1", "fold", "fold")
    v = s.view(2)
    assert v.players[1].cards is None and v.kings_hand == (None,) * 5
    assert {i for i, c in enumerate(v.tableau) if c is not None} == ROUND1


def test_unknown_seat_is_refused(bought):
    with pytest.raises(ValueError):
        bought.view(3)


def test_board_labels_each_cell_with_its_reveal_round(bought):
    cells = bought.board().cells
    by_hand = {1: ROUND1, 2: {1, 8, 10, 17, 24}, 3: {2, 9, 11, 18, 20}}
    for k, expected in by_hand.items():
        assert {c.index for c in cells if c.label == k} == expected
    assert {c.index for c in cells if c.label_text == "showdown"} == set(range(25)) - set().union(*by_hand.values())
    assert (cells[7].row, cells[7].col) == (1, 2)
    assert cells[12].hands == (HandName.THREE, HandName.EIGHT, HandName.JACK, HandName.QUEEN)


def test_board_lists_the_thirteen_hands_with_their_cells(bought):
    hands = bought.board().hands
    assert [h.name for h in hands] == list(HandName)
    assert hands[0].cells == (0, 1, 2, 3, 4) and hands[-1].cells == ()
    assert hands[0].title == "Ace's hand"
    assert all(h.face_down == 5 and h.value is None and h.category is None for h in hands)
    assert hands[0].describe() == "nothing showing"


def test_no_hand_leads_before_the_first_reveal(bought):
    leader = bought.board().leader
    assert leader.hands == () and "No card is face up" in leader.reason


def test_leader_after_the_first_reveal_is_the_highest_single_card(bought, run):
    # one card per line shows: the king of diamonds (row 3, column 5) is in the Three's and Ten's hands
    s, _ = run(bought, "reveal 1")
    leader = s.board(0).leader
    assert leader.hands == (HandName.THREE, HandName.TEN)
    assert leader.reason.startswith("With 1 card of each tableau hand face up, the Three's hand and "
                                    "Ten's hand tie for the lead with high card, king high")
    assert leader.ref.section == "First reveal and betting"


def test_leader_after_the_second_reveal_is_the_pair_of_nines(bought, run):
    # round 2 turns 9d at row 1, column 2, next to the 9c: the Ace's hand shows a pair
    s, _ = run(bought, "reveal 1", "check", "check", "check", "reveal 2")
    board = s.board(1)
    assert board.leader.hands == (HandName.ACE,)
    assert "one pair, nines" in board.leader.reason
    assert board.hand(HandName.ACE).shown == parse_cards("9c 9d")
    assert board.hand(HandName.ACE).face_down == 3


def test_leader_at_the_showdown_counts_the_kings_hand(bought, run):
    s, _ = run(bought, "reveal 1", "check", "check", "check", "reveal 2", "check", "check", "check",
               "reveal 3", "check", "check", "check", "showdown")
    board = s.board(2)
    assert board.leader.hands == (HandName.ACE,)
    assert board.leader.reason.startswith("With every card face up, the Ace's hand leads with full house")
    assert board.hand(HandName.KING).describe() == "two pair, kings and fives"
    assert board.leader.ref.section == "Showdown"


def test_board_of_any_face_up_cells_says_it_reads_only_what_shows():
    # make_board is public: the app may draw a what-if picture with uneven lines
    from rules.kings_pot.board import make_board
    from rules.kings_pot.tableau import RevealSchedule

    cards = parse_cards(" ".join(T1))
    board = make_board(cards, frozenset({0, 1}), RevealSchedule().labels(), (None,) * 5, False)
    assert board.leader.hands == (HandName.ACE,)  # 9c 9d side by side in the top row
    assert board.leader.reason.startswith("On the cards face up, the Ace's hand leads with one pair, nines")
