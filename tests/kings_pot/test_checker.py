"""``palace-tutor check kings-pot`` (issue 5's contract) end to end, and the
checker function behind it. Expected categories are the hand-worked ones of
kp_decks.T1 / T3.
"""

import json

import pytest

from kp_decks import (T1, T1_CATEGORIES, T1_KING_TWO_PAIR, T1_KING_WHEEL_FLUSH, T3, T3_CATEGORIES,
                      T3_KING_STRAIGHT)
from palace_tutor.cli import main
from rules.errors import NotationError
from rules.kings_pot.checker import check_tableau

T1_TEXT = " ".join(T1)


def cli(capsys, *args):
    code = main(["check", "kings-pot", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_names_every_hand_with_its_cards_and_category(capsys):
    code, out, err = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_TWO_PAIR, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"hands", "winner"}
    assert list(data["hands"]) == [*T1_CATEGORIES, "king"]
    assert {k: v["category"] for k, v in data["hands"].items()} == {**T1_CATEGORIES, "king": "two pair"}
    assert data["hands"]["ace"]["cards"] == ["9c", "9d", "9h", "4s", "4c"]           # top row
    assert data["hands"]["six"]["cards"] == ["9c", "2c", "5c", "3c", "2d"]           # first column
    assert data["hands"]["jack"]["cards"] == ["9c", "3d", "Ts", "Js", "Qc"]          # from top left
    assert data["hands"]["queen"]["cards"] == ["2d", "5d", "Ts", "8s", "4c"]         # from bottom left
    assert data["hands"]["king"]["cards"] == ["Kc", "Kh", "5h", "5s", "3h"]
    assert data["winner"] == ["ace"]


def test_kings_hand_can_be_the_winner(capsys):
    code, out, _ = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_WHEEL_FLUSH, "--json")
    data = json.loads(out)
    assert data["winner"] == ["king"] and data["hands"]["king"]["category"] == "straight flush"


def test_a_tie_lists_every_winning_hand(capsys):
    _, out, _ = cli(capsys, "--tableau", " ".join(T3), "--kings-hand", T3_KING_STRAIGHT, "--json")
    data = json.loads(out)
    assert data["winner"] == ["eight", "king"]
    assert {k: v["category"] for k, v in data["hands"].items()} == {**T3_CATEGORIES, "king": "straight"}


def test_plain_output_names_each_hand_its_category_and_the_winner(capsys):
    code, out, _ = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_TWO_PAIR)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Ace's hand (row 1): 9c 9d 9h 4s 4c - full house, nines over fours"
    assert "Eight's hand (column 3): 9h 6h Ts 8h 7h - straight to the ten" in lines
    assert "Best hand: the Ace's hand wins with full house, nines over fours." in lines
    assert any("King's pot would carry over" in line for line in lines)


def test_plain_output_when_the_kings_hand_wins_and_on_a_tie(capsys):
    _, out, _ = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_WHEEL_FLUSH)
    assert "the King's pot is won" in out
    _, out, _ = cli(capsys, "--tableau", " ".join(T3), "--kings-hand", T3_KING_STRAIGHT)
    assert "the Eight's hand and King's hand tie for the win with straight to the ten" in out


def test_forgiving_card_spellings(capsys):
    text = T1_TEXT.replace("Ts", "10♠").replace("9c", "9C")
    _, out, _ = cli(capsys, "--tableau", text.replace(" ", ", "), "--kings-hand", T1_KING_TWO_PAIR, "--json")
    assert json.loads(out)["winner"] == ["ace"]


@pytest.mark.parametrize("tableau, kings, words", [
    (" ".join(T1[:4]), T1_KING_TWO_PAIR, ["tableau", "expected 25 cards, got 20"]),
    (T1_TEXT + " As", T1_KING_TWO_PAIR, ["tableau", "expected 25 cards, got 26"]),
    (T1_TEXT, "Kc Kh 5h 5s", ["King's hand", "expected 5 cards, got 4"]),
    (T1_TEXT, "Kc Kh 5h 5s 9c", ["9c appears twice", "row 1, column 1", "King's hand card 5",
                                 "one pack"]),
    (T1_TEXT.replace("4s", "9d"), T1_KING_TWO_PAIR, ["9d appears twice", "row 1, column 2"]),
    (T1_TEXT.replace("4s", "Zz"), T1_KING_TWO_PAIR, ["tableau, the fourth card", "'Zz'"]),
    (T1_TEXT, "Kc Kh 5h 5s 1h", ["King's hand, the fifth card", "'1h'", "did you mean 10♥?"]),
    (T1_TEXT, "Kc Kh 5h 5s Jk", ["joker", "52-card pack"]),
    ("", T1_KING_TWO_PAIR, ["expected 25 cards, got 0"]),
])
def test_bad_input_exits_2_with_one_line_naming_the_token_and_rule(capsys, tableau, kings, words):
    code, out, err = cli(capsys, "--tableau", tableau, "--kings-hand", kings)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("palace-tutor: ")
    for w in words:
        assert w in err
    assert "Traceback" not in err


def test_checker_refuses_with_notation_error_and_token():
    with pytest.raises(NotationError) as err:
        check_tableau(T1_TEXT, "Kc Kh 5h 5s 9c")
    assert err.value.token == "9c"


def test_checker_verdict_values():
    v = check_tableau(T1_TEXT, T1_KING_WHEEL_FLUSH)
    assert v.kings_hand_wins
    assert len(v.hands) == 13 and v.winner[0].key == "king"
    assert not check_tableau(" ".join(T3), T3_KING_STRAIGHT).kings_hand_wins


def test_checker_board_shows_every_card_face_up_with_the_leader():
    board = check_tableau(T1_TEXT, T1_KING_TWO_PAIR).board()
    assert all(c.face_up and c.card is not None for c in board.cells)
    assert str(board.cells[24].card) == "Qc"  # bottom right: last card of T1's last row
    assert board.leader.hands[0].key == "ace"
    assert board.hand(board.leader.hands[0]).describe() == "full house, nines over fours"


def test_aces_play_low_in_a_straight_and_high_otherwise():
    # kings-pot.txt § Players and cards: aces high, but low in a straight
    rows = ["Ac 2d 3h 4s 5c", "Ad Ah 7c 8c 9d", "Kc Kd 7d 8d Ts", "Qc Jd 6h 9h 2s", "Js Th 6s 9s 3c"]
    data = check_tableau(" ".join(rows), "2h 3d 4c 6c 8h").as_dict()["hands"]
    assert data["ace"]["category"] == "straight"       # A 2 3 4 5, the ace low
    assert data["two"]["category"] == "one pair"       # aces
    assert data["three"]["category"] == "one pair"     # kings
    assert check_tableau(" ".join(rows), "2h 3d 4c 6c 8h").winner[0].key == "ace"
