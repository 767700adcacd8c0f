"""Card drawing (tutor/views/cards.py): the markup other views and the browser tests
read, and no text ever becoming markup."""

from __future__ import annotations

import pytest

pytest.importorskip("panel")

from rules.cards import JOKER, Card  # noqa: E402
from rules.palace import FAMILY as PALACE  # noqa: E402
from tutor.model.study import Study  # noqa: E402
from tutor.views.cards import CARD_CSS, backs, card_back, card_face, card_row  # noqa: E402
from tutor.views.renderer import renderer_for  # noqa: E402
from tutor.views.tables.board import Board  # noqa: E402

from .tables_support import parse  # noqa: E402

EVIL = '"><img src=x onerror="window.pwned=1">'


def only(html: str):
    root = parse(html)
    [el] = [c for c in root.children if not isinstance(c, str)]
    return el


@pytest.mark.parametrize("text,colour,rank,suit", [("Qs", "black", "Q", "♠"), ("Th", "red", "10", "♥"),
                                                   ("2d", "red", "2", "♦"), ("Ac", "black", "A", "♣")])
def test_a_face_shows_rank_and_suit_symbol_in_its_colour(text, colour, rank, suit):
    el = only(card_face(Card.parse(text)))
    assert el.tag == "span" and {"card", "face", colour} <= el.classes
    assert el.attrs["data-card"] == text
    assert el.find(cls="rank").text == rank and el.find(cls="suit").text == suit
    assert el.attrs["aria-label"] == Card.parse(text).words


def test_the_joker_and_the_back():
    joker = only(card_face(JOKER))
    assert "joker" in joker.classes and joker.attrs["data-card"] == "Jk"
    back = only(card_back())
    assert {"card", "back"} <= back.classes and back.attrs["data-card"] == "back"
    assert len(only(backs(11)).find_all(cls="back")) == 8 and "+3" in only(backs(11)).text


def test_a_keyed_card_is_a_button_that_carries_its_reason():
    el = only(card_face(Card.parse("8h"), cls="playable", reason="an eight beats a six", key="3|pick|hand:0",
                        zone="hand"))
    assert el.tag == "button" and el.attrs["type"] == "button"
    assert el.attrs["data-key"] == "3|pick|hand:0" and el.attrs["data-zone"] == "hand"
    assert el.attrs["data-reason"] == "8♥: an eight beats a six" == el.attrs["title"]


def test_reasons_and_keys_are_escaped():
    html = card_face(Card.parse("8h"), reason=EVIL, key=EVIL) + card_row([card_back(title=EVIL)])
    root = parse(html)
    assert not root.find_all(tag="img") and "<img" not in html
    assert root.find(cls="face").attrs["data-reason"].endswith(EVIL)


def test_the_styles_cover_every_state_class():
    for cls in ("playable", "dimmed", "selected", "excluded", "counted", "quad-exception", "wild", "best-five",
                "back", "down"):
        assert f".card.{cls}" in CARD_CSS
    assert "line-through" in CARD_CSS.split(".card.excluded .rank")[1].split("}")[0]
    assert "min-width: 44px" in CARD_CSS  # a finger-sized target


def test_palace_player_names_are_shown_as_text():
    study = Study.from_setup(PALACE, "house", {"seats": [EVIL, "Ben"], "seed": 4})
    table = renderer_for("palace")(study=study)
    for _ in range(15):
        root = parse(table.board.html)
        assert not root.find_all(tag="img") and "<img" not in table.board.html
        assert root.find(cls="seat-name").text == EVIL
        if study.state.is_over:
            break
        study.play(study.state.legal_actions()[-1])


def test_the_board_sends_only_string_keys_to_python():
    board = Board()
    got = []
    board.on_key(lambda key, value: got.append((key, value)))
    board._handle_msg({"key": "1|do|pickup", "value": "12"})
    board._handle_msg({"key": 5})
    board._handle_msg("junk")
    board._handle_msg({"key": "1|pot|", "value": None})
    assert got == [("1|do|pickup", "12"), ("1|pot|", "")]
