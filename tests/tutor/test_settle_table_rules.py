"""Settle under your table's rules (issue 34, point 2): the checker judges under the rule set
the table chose (named), says which, switches in place, shows the other reading's answer
beside a verdict that rests on an option, and names an unknown option value without losing
anything. Each verdict is the command line's under the same rule set.

Expected payouts worked by hand from kings-pot.txt over kp_decks.T3: the King's straight to
the ten ties the Eight's straight (nobody backs it); Cleo's K♥ backs the King's hand, the best
backed hand, so she takes the betting pot (40); the King's pot (30) goes with it only where
the table reads "the winning hand" as the best backed hand (option kings-pot-win).
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "kings_pot"))

from kp_decks import T3, T3_KING_STRAIGHT  # noqa: E402
from palace_tutor.cli import main  # noqa: E402
from tutor.model.checker import Checker  # noqa: E402

FRIDAY = {"kings-pot-win": "best-backed-hand"}


def kings_pot(checker):
    checker.mode = "kings-pot"
    form = checker.form
    form.set_text("tableau", " ".join(T3))
    form.set_text("kings", T3_KING_STRAIGHT)
    for key, text in {"p1.name": "Ben", "p1.cards": "Ad", "p2.name": "Cleo", "p2.cards": "Kh", "p3.name": "Ana",
                      "p3.cards": "6s", "pot": "40", "kings_pot": "30"}.items():
        form.set_text(key, text)
    return form


def cli_json(capsys, args):
    assert main(list(args) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_tables_rule_set_decides_and_is_named(capsys):
    checker = Checker()
    form = kings_pot(checker)
    assert form.verdict.paid()["Cleo"] == 40 and "as written" in form.rules_words()
    checker.use_rules("kings-pot", "standard", FRIDAY, "Friday rules")
    assert form.verdict.paid()["Cleo"] == 70  # switched in place: judged again at once
    assert "Friday rules" in form.rules_words()
    assert ["--rule", "kings-pot-win=best-backed-hand"] == form.command()[0][-2:]
    assert form.as_dict() == cli_json(capsys, form.command()[0])
    # the verdict rests on the option: the other reading's answer is beside it
    [(_, token, _, other)] = form.verdict.others
    assert token == "beats-every-hand" and other.paid()["Cleo"] == 40
    checker.use_rules("kings-pot", "standard", {}, "")  # back to the rules as written
    assert form.verdict.paid()["Cleo"] == 40 and "as written" in form.rules_words()


def test_a_rule_set_of_another_game_leaves_a_form_alone():
    checker = Checker()
    form = kings_pot(checker)
    checker.use_rules("palace-poker", "points", {}, "Points night")
    assert form.verdict.paid()["Cleo"] == 40 and "Points night" not in form.rules_words()
    assert "Points night" in checker.forms["showdown"].rules_words()


def test_a_palace_poker_showdown_under_the_points_game_is_the_command_lines(capsys):
    checker = Checker()
    checker.use_rules("palace-poker", "points", {}, "Points night")
    checker.mode = "showdown"
    form = checker.form
    form.example()
    assert form.verdict is not None and "--variant" in form.command()[0]
    assert form.as_dict() == cli_json(capsys, form.command()[0])
    assert form.verdict.result.points  # the winner scores points: the points game's own ending


def test_an_unknown_option_value_is_named_and_nothing_is_lost():
    checker = Checker()
    form = kings_pot(checker)
    texts = dict(form.texts)
    checker.use_rules("kings-pot", "standard", {"kings-pot-win": "sometimes"}, "Odd rules")
    assert form.verdict is None  # no stale verdict
    # named by the option's question and its section, as a person says it, not by its key
    assert "sometimes" in form.error and "When is the King's hand 'the winning hand'" in form.error
    assert "§ Winning the King's pot" in form.error and "kings-pot-win" not in form.error
    assert form.texts == texts
    checker.use_rules("kings-pot", "standard", FRIDAY, "Friday rules")
    assert form.error == "" and form.verdict.paid()["Cleo"] == 70
