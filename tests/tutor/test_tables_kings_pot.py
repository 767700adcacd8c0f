"""The King's Pot table under CPython: the tableau with its twelve lines and reveal
labels, the leader, hidden cards per view, and the buttons building the engine's
actions."""

from __future__ import annotations

import pytest

pytest.importorskip("panel")

from rules.kings_pot import FAMILY, HandName  # noqa: E402
from rules.kings_pot.state import Phase  # noqa: E402
from tutor.model.study import Study  # noqa: E402
from tutor.views.renderer import renderer_for  # noqa: E402
from tutor.views.tables.kings_pot import KingsPotTable  # noqa: E402

from .tables_support import lesson_ids, lesson_study, parse, stops  # noqa: E402

LESSONS = lesson_ids("kings-pot")


def table_for(study: Study) -> KingsPotTable:
    table = renderer_for("kings-pot")(study=study)
    assert isinstance(table, KingsPotTable)
    return table


def root_of(table):
    return parse(table.board.html)


def press(table, label_start: str) -> None:
    buttons = [b for b in root_of(table).find_all(tag="button") if b.text.startswith(label_start)]
    assert buttons, [b.text for b in root_of(table).find_all(tag="button")]
    table.board._handle_msg({"key": buttons[0].attrs["data-key"], "value": ""})


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_position_draws_in_every_view(lesson_id):
    study = lesson_study(lesson_id)
    table = table_for(study)
    names = table.seat_names()
    for seat in (None, *range(len(names))):
        study.seat = seat
        for _ in stops(study):
            root = root_of(table)
            assert len(root.find_all(cls="cell")) == 25
            assert len(root.find_all(tag="line")) == 12
            assert len(root.find_all(cls="seat")) == len(names)


def test_a_table_that_keeps_its_grid_between_steps_draws_what_a_new_table_draws():
    """The grid is kept from one draw to the next while it stays the same: walking the
    whole deal forward then back, the kept table draws what a table made afresh for that
    position draws."""
    study = lesson_study("kp-full-deal")
    kept = table_for(study)
    for _ in stops(study):
        assert kept.board.html == table_for(study).board.html
    while study.back():
        assert kept.board.html == table_for(study).board.html


def test_the_kept_grid_follows_a_card_turned_up_even_when_no_other_thing_changes():
    """Same cards, same leading hands, one more cell face up: a new grid (the teaching view
    shows face-down cards, so the cards alone do not tell the two apart); same cells, the
    leading hands shown: a new grid too."""
    from rules.cards import parse_cards
    from rules.kings_pot.board import make_board

    cards = parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac 2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc")
    labels = [1, 2, 3, 0, 1] * 5
    kings = parse_cards("Ad Ah As 2h 2s")
    before = make_board(cards, frozenset({0}), labels, kings, False)
    after = make_board(cards, frozenset({0, 24}), labels, kings, False)
    kept, fresh = table_for(lesson_study("kp-full-deal")), table_for(lesson_study("kp-full-deal"))
    first = kept._tableau(before, frozenset())
    assert kept._tableau(after, frozenset()) == fresh._tableau(after, frozenset()) != first
    # and the same cards once a question is answered: the leading lines light up
    leading = frozenset(after.leader.hands)
    assert leading
    assert kept._tableau(after, leading) == fresh._tableau(after, leading) != fresh._tableau(after, frozenset())


def test_reveal_labels_follow_the_reading_of_the_lost_figure():
    """Ruling kings-pot-reveal-order, counted here by hand: round k turns the cell in row r,
    column (2r + k - 1) mod 5; the other ten cells, the centre among them, wait for the showdown."""
    table = table_for(lesson_study("kp-full-deal"))
    cells = {int(c.attrs["data-cell"]): c.attrs["data-label"] for c in root_of(table).find_all(cls="cell")}
    expected = {5 * r + c: "showdown" for r in range(5) for c in range(5)}
    for k in (1, 2, 3):
        for r in range(5):
            expected[5 * r + (2 * r + k - 1) % 5] = str(k)
    assert cells == expected and cells[12] == "showdown"
    assert [v for v in cells.values()].count("showdown") == 10


def test_the_twelve_lines_run_along_rows_columns_and_both_diagonals():
    table = table_for(lesson_study("kp-full-deal"))
    lines = {ln.attrs["data-hand"]: tuple(float(ln.attrs[k]) for k in ("x1", "y1", "x2", "y2"))
             for ln in root_of(table).find_all(tag="line")}
    for r, hand in enumerate(("ace", "two", "three", "four", "five")):
        assert lines[hand] == (0, r + 0.5, 5, r + 0.5)
    for c, hand in enumerate(("six", "seven", "eight", "nine", "ten")):
        assert lines[hand] == (c + 0.5, 0, c + 0.5, 5)
    assert lines["jack"] == (0, 0, 5, 5)    # from the top left
    assert lines["queen"] == (0, 5, 5, 0)   # from the bottom left (the south-west corner) up


def test_the_row_and_column_heads_are_in_words_not_numbers_over_numbers():
    """Issue 33, item 5: a head read "1/6" (column 1, the Six's hand). The source's tableau
    (§ The tableau): the rows back the Ace to the Five from the top, the columns the Six to
    the Ten from the left, the diagonals the Jack (from the top left) and the Queen."""
    table = table_for(lesson_study("kp-full-deal"))
    heads = {h.attrs["data-hand"]: (h.find("num").text, h.find("hand").text)
             for h in root_of(table).find_all("line-name")}
    rows = ("Ace", "Two", "Three", "Four", "Five")
    columns = ("Six", "Seven", "Eight", "Nine", "Ten")
    want = {name.lower(): (f"Row {i + 1}", name) for i, name in enumerate(rows)}
    want |= {name.lower(): (f"Column {i + 1}", name) for i, name in enumerate(columns)}
    want |= {"jack": ("\u2198", "Jack"), "queen": ("\u2197", "Queen")}
    assert heads == want


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_leading_lines_are_the_boards_leader(lesson_id):
    study = lesson_study(lesson_id)
    table = table_for(study)
    for _ in stops(study):
        board = study.state.board(None)
        root = root_of(table)
        leading = {ln.attrs["data-hand"] for ln in root.find_all(tag="line") if "leading" in ln.classes}
        assert leading == {h.key for h in board.leader.hands if h is not HandName.KING}
        assert board.leader.reason in root.find(cls="leader").text


def test_after_the_first_reveal_the_leader_is_worked_out_from_the_face_up_cards():
    study = lesson_study("kp-full-deal")
    study.jump(5)                          # reveal 1 done
    assert study.state.reveals == 1
    root = root_of(table_for(study))
    up = {int(c.attrs["data-cell"]) for c in root.find_all(cls="face-up")}
    assert up == {0, 7, 14, 16, 23}        # row r, column 2r mod 5, counted by hand
    text = root.find(cls="leader").text
    assert "leads" in text or "tie for the lead" in text


def test_a_seat_sees_face_down_cells_as_backs_and_only_its_own_cards():
    study = lesson_study("kp-full-deal")
    study.jump(8)
    table = table_for(study)
    study.seat = 1
    root = root_of(table)
    for cell in root.find_all(cls="cell"):
        card = cell.find(cls="card").attrs["data-card"]
        assert (card == "back") == ("face-down" in cell.classes)
    kings = root.find(cls="kings-zone").find_all(cls="card")
    assert [c.attrs["data-card"] for c in kings] == ["back"] * 5
    view = study.state.view(1)
    for i, seat in enumerate(root.find_all(cls="seat")):
        cards = [c.attrs["data-card"] for c in seat.find(cls="bought-zone").find_all(cls="card")]
        if i == 1:
            assert cards == [str(c) for c in view.players[1].cards]
        else:
            assert set(cards) <= {"back"}


def test_buying_follows_the_lessons_own_move():
    study = lesson_study("kp-full-deal")
    study.jump(0)
    table = table_for(study)
    main = study.node.children[0]
    press(table, "Buy 2 cards")
    assert study.current == main and str(study.node.action) == "buy 2"


def test_betting_buttons_and_folding_one_card():
    study = lesson_study("kp-full-deal")
    study.jump(7)   # Cleo is to act after bet 1 and call; the lesson folds 7d next
    table = table_for(study)
    state = study.state
    assert state.phase is Phase.BET
    labels = [b.text for b in root_of(table).find(cls="actions").find_all(tag="button")]
    assert labels[0] == "Check" and labels[1].startswith("Call") and "Fold all cards" in labels
    assert any(label.startswith("Raise") for label in labels) and not any(label.startswith("Bet") for label in labels)
    main = study.node.children[0]
    seat = root_of(table).find_all(cls="seat")[state.to_act]
    card = next(c for c in seat.find_all(cls="card") if c.attrs["data-card"] == "7d")
    table.board._handle_msg({"key": card.attrs["data-key"], "value": ""})
    assert study.current == main and str(study.node.action) == "fold 7d"


def test_the_dealer_turns_the_cells_and_calls_the_showdown():
    study = lesson_study("kp-full-deal")
    study.jump(4)
    table = table_for(study)
    press(table, "Turn the cells labelled 1")
    assert str(study.node.action) == "reveal 1"
    study.to_end()
    study.back()
    press(table, "Showdown")
    assert study.state.is_over and "King's pot" in root_of(table).find(cls="over").text


def test_player_names_are_shown_as_text():
    evil = '<script>window.pwned=1</script>'
    study = Study.from_setup(FAMILY, "standard", {"players": [evil, "Ben", "Cleo"], "seed": 5})
    table = table_for(study)
    root = root_of(table)
    assert not root.find_all(tag="script") and "<script" not in table.board.html
    assert any(el.text == evil for el in root.find_all(cls="seat-name"))


def test_pot_chart_shows_both_pots_along_the_deal():
    """kp-full-deal: 6 chips wait in the King's pot; the four buys (2, 1, 3 and 1 cards at one
    chip a card) add 7, and the King's hand loses, so 13 stay there to the end."""
    study = lesson_study("kp-full-deal")
    table = table_for(study)
    table.board._handle_msg({"key": f"{study.current}|pot|", "value": ""})
    chart = table._pot_chart
    kings = chart.source.data["y1"]
    assert kings[0] == 6 and kings[-1] == 13 and max(kings) == 13
    assert chart.names == ("Betting pot (chips put in)", "King's pot")
    assert chart.source.data["y0"][0] == 0 and chart.source.data["y0"][-1] > 0
