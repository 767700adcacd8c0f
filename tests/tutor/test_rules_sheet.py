"""The table's rules on one page (issue 35, point 3). Expected lines come from the rule books
(the section quoted in each test's comment), never from the sheet's own output; the one-page
print is checked in Chromium (tests/browser/test_gamenight.py)."""

from __future__ import annotations

import pytest

from palace_tutor.cli import main
from rules.games import game_ids
from rules.sheet import TABLE_CHOICES
from tutor.model.catalog import Catalog
from tutor.model.rules_sheet import rules_sheet
from tutor.model.table_rules import TableRules
from tutor.views.sheet import sheet_html


def special(sheet) -> dict[str, str]:
    """The special-card lines by their first word (the ranks)."""
    return {line.text.split(" ", 1)[0]: line.text for topic, lines in sheet.sections for line in lines
            if topic == "Special cards"}


def test_bga_special_cards_are_the_books():
    # palace-bga.txt § Special cards: the 2 is wild, the 10 burns the pile, after a 9 one plays lower;
    # § Playing cards: the lowest card in hand starts, and the last player left with cards loses
    sheet = rules_sheet("palace", "bga")
    cards = special(sheet)
    assert "any card" in cards["2s"] and "clear the pile" in cards["10s"] and "lower" in cards["9s"]
    assert "plays again" in cards["10s"]
    text = " ".join(line.text for line in sheet.lines())
    assert "lowest card plays first" in text and "last player left holding cards loses" in text
    assert all(line.ref.source == "palace-bga.txt" for line in sheet.lines() if line.topic != TABLE_CHOICES)


def test_house_special_cards_are_the_books():
    # palace-house-rules.txt § Card Values: Aces force a pickup, 10s and Jokers clear, 2s reset
    cards = special(rules_sheet("palace", "house"))
    assert "take the pile" in cards["Aces"]
    assert cards["10s"].startswith("10s and Jokers clear the pile")
    assert "play again" in cards["2s"]


def test_caron_three_is_flashed_and_seven_forces_lower():
    # palace-of-caron.txt § Card Values (3): shown to a player, sent back with a 3; (7): lower
    cards = special(rules_sheet("palace", "caron"))
    assert "shown to a chosen player" in cards["3s"] and "lower" in cards["7s"]


@pytest.mark.parametrize("game", game_ids())
def test_every_line_cites_a_section_and_every_option_is_on_the_sheet(game):
    sheet = rules_sheet(game)
    family_options = type(next(iter(Catalog.load().family(game).presets.values()))).OPTIONS
    choices = [line for line in sheet.lines() if line.topic == TABLE_CHOICES]
    assert len(choices) == len(list(family_options))
    assert all(line.ref.section for line in sheet.lines())
    assert len(sheet.sections) >= 2 and not any(line.changed for line in sheet.lines())
    from tutor.views.sheet import sheet_text
    assert ".txt" not in sheet_text(sheet) + sheet_html(sheet)  # sections by name, books by title


def test_the_tables_choice_is_on_the_sheet_and_marked():
    sheet = rules_sheet("palace", "caron", {"four-of-a-kind": "anytime"}, "Friday table")
    [changed] = [line for line in sheet.lines() if line.changed]
    assert "may go on any card" in changed.text and sheet.rules_title == "Friday table"
    assert "(and may be played on any card)" in special(sheet)["Four"]


@pytest.mark.parametrize("args, word", [(["palace", "--variant", "nope"], "nope"),
                                        (["palace", "--rule", "bogus=1"], "bogus"),
                                        (["chess"], "chess"), (["palace", "--rule", "jokers=9"], "jokers")])
def test_cli_names_the_bad_token(capsys, args, word):
    assert main(["sheet", *args]) == 2
    assert word in capsys.readouterr().err


def test_cli_writes_the_page_and_escapes_the_name(tmp_path, capsys):
    out = tmp_path / "rules.html"
    assert main(["sheet", "palace", "--variant", "bga", "--name", "<img src=x>", "--out", str(out)]) == 0
    html = out.read_text()
    assert html.startswith("<!doctype html>") and "&lt;img src=x&gt;" in html and "<img" not in html
    assert main(["sheet", "kings-pot"]) == 0
    assert "How a game goes" in capsys.readouterr().out


def test_play_setup_offers_the_sheet_of_the_rules_being_set_up():
    from tutor.views.table_rules import TableRulesPane

    rules = TableRules(Catalog.load())
    pane = TableRulesPane(rules=rules)
    assert pane.sheet.html == ""
    rules.rebase("palace", "caron")
    rules.choose("four-of-a-kind", "anytime")
    assert pane.sheet.html == sheet_html(rules_sheet("palace", "caron", {"four-of-a-kind": "anytime"}))
