"""Palace side by side says the truth for every kind of play (issue 34, point 6): one card,
several cards together (four of a kind), taking the pile; and the table's own rule set as a
fourth column.

The headline is held against the rule sets' own answers (each preset's ``check play``: its
legal plays and whether it lets the player take the pile), not against its own wording: over
many random piles and hands, it says the rule sets "allow the same plays" exactly when those
answers are the same.
"""

import json
import random

from palace_tutor.cli import main
from rules.cards import ALL_CARDS, format_cards
from rules.palace import compare_play
from tutor.model.checker import Checker
from tutor.model.compare import play_comparison

SAME = "allow the same plays here"


def test_four_of_a_kind_on_a_king_is_not_called_the_same_everywhere():
    # the case: the panels disagree on the four fives, so the headline must too
    c = play_comparison(compare_play(pile="Kh", hand="5c 5d 5h 5s 9c"))
    allowed = {r.key: "5♣ 5♦ 5♥ 5♠ together" in r.plays for r in c.rule_sets}
    assert len(set(allowed.values())) == 2  # the rule sets' own answers differ
    assert SAME not in c.headline and "5♣ 5♦ 5♥ 5♠ together is allowed under" in c.headline


def test_the_comparison_names_rule_books_and_sections_not_file_names():
    from tutor.views.compare import comparison_html
    html = comparison_html(play_comparison(compare_play(pile="Kh", hand="5c 5d 5h 5s 9c")))
    # palace-bga.txt is "Palace as played on an online game site" (DESIGN.md's table of sources)
    assert ".txt" not in html and "§ " in html


def test_taking_the_pile_is_a_play_the_rule_sets_can_disagree_on():
    c = compare_play(pile="Ah", hand="3c 3d 9h")
    pickups = {key: check.pickup.legal for key, check, _ in c.results}
    assert len(set(pickups.values())) == 2
    words = play_comparison(c)
    [taking] = [d for d in words.differences if d.what == "taking the pile"]
    assert {v.rule_set: v.legal for v in taking.verdicts} == pickups


def test_the_headline_says_same_exactly_when_the_rule_sets_answer_the_same():
    rng = random.Random("side-by-side")
    pack = [c for c in ALL_CARDS]
    checked = agreed = 0
    for _ in range(300):
        cards = rng.sample(pack, rng.randint(2, 8))
        # pairs and fours come up: add a card or three of a rank already drawn
        extra = [c for c in pack if c not in cards and c.rank is cards[-1].rank][:rng.randint(0, 3)]
        pile, hand = cards[:rng.randint(0, 2)], cards[len(cards[:2]):] + extra
        pile = cards[:min(2, len(cards) - 1)][:rng.randint(0, 2)]
        hand = [c for c in cards + extra if c not in pile]
        try:
            raw = compare_play(pile=format_cards(pile), hand=format_cards(hand))
        except ValueError:
            continue
        answers = {(frozenset(check.legal), check.pickup.legal) for _, check, _ in raw.results if check is not None}
        if len([1 for _, check, _ in raw.results if check is not None]) < 2:
            continue
        checked += 1
        headline = play_comparison(raw).headline
        assert (SAME in headline) == (len(answers) == 1), (format_cards(pile), format_cards(hand), headline)
        agreed += len(answers) == 1
    assert checked > 200 and 0 < agreed < checked  # both kinds of answer were met


def test_the_tables_own_rule_set_is_a_fourth_column(capsys):
    checker = Checker(mode="play")
    checker.use_rules("palace", "caron", {"four-of-a-kind": "anytime"}, "Friday rules")
    form = checker.form
    form.set_text("pile", "Kh")
    form.set_text("hand", "5c 5d 5h 5s 9c")
    comparison = play_comparison(form.verdict)
    assert [r.title for r in comparison.rule_sets][-1] == "Friday rules" and len(comparison.rule_sets) == 4
    assert "5♣ 5♦ 5♥ 5♠ together" in comparison.rule_sets[-1].plays
    line = form.command()[-1]
    assert line[-2:] == ["--rule", "four-of-a-kind=anytime"]
    assert main(line + ["--json"]) == 0
    table = next(check for key, check, _ in form.verdict.results if key == "table")
    assert json.loads(capsys.readouterr().out) == table.as_dict()
