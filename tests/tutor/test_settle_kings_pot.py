"""Settle a hand, King's Pot settled whole in the app (issue 34, point 1 and "Bad input"): the
form takes the players' cards and the pots, its verdict is the command line's, and every bad
field is named next to itself with the rule, the text kept, no stale verdict.

Payouts worked by hand from kings-pot.txt over kp_decks.T1 (see tests/kings_pot/test_settle_deal.py).
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "kings_pot"))

from kp_decks import T1, T1_KING_TWO_PAIR  # noqa: E402
from palace_tutor.cli import main  # noqa: E402
from tutor.model.checkers.kings_pot import TableauForm  # noqa: E402
from tutor.views.checker import verdict_html  # noqa: E402


def filled(**extra):
    form = TableauForm()
    form.set_text("tableau", " ".join(T1))
    form.set_text("kings", T1_KING_TWO_PAIR)
    texts = {"p1.name": "Ben", "p1.cards": "Ad", "p2.name": "Cleo", "p2.cards": "As", "p3.name": "Ana",
             "p3.cards": "6d", "p3.folded": "7c", "pot": "41", "kings_pot": "30", **extra}
    for key, text in texts.items():
        form.set_text(key, text)
    return form


def test_a_whole_deal_is_the_command_lines_verdict(capsys):
    form = filled()
    assert form.problems == {} and form.verdict is not None
    assert main(form.command()[0] + ["--json"]) == 0
    assert json.loads(capsys.readouterr().out) == form.as_dict()
    # Ben and Cleo back the Ace's full house: 41 chips split, the odd chip to Ben (first from the dealer's left)
    assert form.verdict.paid() == {"Ben": 21, "Cleo": 20, "Ana": 0}
    assert form.headline() == ("Ben and Cleo share the betting pot (41); the King's pot (30) stays for the next "
                               "deal: the King's hand is not the winning hand.")
    html = verdict_html(form)
    assert "split the betting pot" in html and "§ Winning the King&#x27;s pot" in html or "Winning the King" in html


def test_cards_as_people_say_them_in_a_players_field():
    form = filled(**{"p1.cards": "ace of diamonds"})
    assert form.verdict is not None and form.verdict.paid()["Ben"] == 21


def test_a_typo_is_named_at_its_field_with_the_card_meant_and_nothing_is_lost():
    form = filled(**{"p2.cards": "8x"})
    assert form.verdict is None and form.texts["p2.cards"] == "8x"
    assert "did you mean 8♣?" in form.problems["p2.cards"] and "the first card" in form.problems["p2.cards"]
    form.set_text("p2.cards", "8c")  # corrected: the verdict is back, for the fields as they are now
    assert form.problems == {} and form.verdict.paid() == {"Ben": 41, "Cleo": 0, "Ana": 0}


def test_a_card_in_the_tableau_and_a_players_hand_is_named_there():
    form = filled(**{"p2.cards": "9c"})
    assert form.verdict is None and "9♣ is also in Tableau" in form.problems["p2.cards"]
    assert "one pack holds each card once" in form.problems["p2.cards"]


def test_more_cards_than_the_table_allows_are_named_at_the_player():
    form = filled(**{"p1.cards": "Ad 2h 2s 3s 4d 4h 6s 7s"})
    assert form.verdict is None
    [(key, message)] = form.problems.items()
    assert key.startswith("p1.") and "Ben has 8 cards" in message and "at most 7" in message


def test_a_tableau_of_24_or_26_cards_is_missing_or_named():
    form = filled(tableau=" ".join(T1)[:-3])  # 24 cards
    assert form.verdict is None and "Tableau: 24 of 25 cards" in form.hint
    form = filled(tableau=" ".join(T1) + " 8d")
    assert form.verdict is None and "tableau" in form.problems and "25" in form.problems["tableau"]


def test_a_pot_that_is_not_a_number_is_named_at_the_pot():
    form = filled(pot="lots")
    assert form.verdict is None and "whole number" in form.problems["pot"] and form.texts["pot"] == "lots"
