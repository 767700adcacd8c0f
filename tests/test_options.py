"""The table-option framework (issue 16, point 1): an option is declared as data
(name, plain question, source section, choices with meanings, a default that is
today's reading), a rule config lists its options, and a bad name or value is
refused naming it and listing the valid ones.

These tests use a small config of their own so that they check the framework,
not any game; the games' options are tested under tests/<game>/test_options.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from rules.errors import NotationError
from rules.options import (Choice, Configurable, Conflict, OptionSet, RuleConflictError, TableOption,
                           option_rows, read_setup_options, setup_options, whole_number)
from rules.palace import sections as S

REF = S.house("Dealing")


@dataclass(frozen=True)
class Toy(Configurable):
    OPTIONS: ClassVar[OptionSet]
    packs: int = 1
    jokers: bool = True
    low: int = 1
    high: int = 5

    def conflicts(self):
        if self.low > self.high:
            return (Conflict((f"low={self.low}", f"high={self.high}"), "low is above high", REF),)
        return ()


Toy.OPTIONS = OptionSet("Toy", (
    TableOption("packs", "How many packs?", REF, ("packs",), kind="setting", free=whole_number(1, 3, "pack(s)")),
    TableOption("jokers", "Are the jokers in?", REF, ("jokers",), choices=(
        Choice("in", True, "the jokers are in the deck"), Choice("out", False, "the jokers are set aside"))),
    TableOption("range", "From what to what?", REF, ("low", "high"), kind="setting",
                free=whole_number(1, 9), get=lambda t: t.low, put=lambda v: {"low": v}),
))


def test_an_option_declares_name_question_section_and_choices_with_meanings():
    opt = Toy.OPTIONS["jokers"]
    assert (opt.name, opt.question, opt.ref) == ("jokers", "Are the jokers in?", REF)
    assert [(c.token, c.meaning) for c in opt.choices] == [("in", "the jokers are in the deck"),
                                                           ("out", "the jokers are set aside")]


def test_the_default_is_the_configs_own_value():
    assert Toy().option_tokens() == {"packs": "1", "jokers": "in", "range": "1"}
    assert Toy(jokers=False).option("jokers") == "out"


def test_with_options_sets_fields_by_name_and_token_and_leaves_the_rest():
    t = Toy().with_options({"jokers": "OUT", "packs": "3"})
    assert t == Toy(packs=3, jokers=False)
    assert Toy().with_options({}) == Toy()


@pytest.mark.parametrize("chosen, named, listed", [
    ({"joker": "in"}, "'joker'", "packs, jokers, range"),
    ({"jokers": "maybe"}, "'maybe'", "in | out"),
    ({"packs": "4"}, "'4'", "a whole number from 1 to 3"),
    ({"packs": "two"}, "'two'", "a whole number from 1 to 3"),
])
def test_an_unknown_name_or_value_is_named_with_the_valid_ones(chosen, named, listed):
    with pytest.raises(NotationError) as err:
        Toy().with_options(chosen)
    message = str(err.value)
    assert named in message and listed in message and "\n" not in message


def test_a_contradictory_combination_is_refused_naming_the_settings():
    with pytest.raises(RuleConflictError) as err:
        Toy(high=3).with_options({"range": "4"})
    assert err.value.settings == ("low=4", "high=3")
    assert "low=4 and high=3 conflict: low is above high" in str(err.value)


def test_a_choice_of_true_is_not_the_number_one():
    opt = TableOption("x", "?", REF, ("packs",), choices=(Choice("yes", True, "y"),), free=whole_number(0, 9))
    assert opt.token(1) == "1" and opt.token(True) == "yes"


def test_differences_and_setup_options_round_trip():
    custom = Toy(packs=2, jokers=False)
    assert custom.differences(Toy()) == ("packs", "jokers")
    assert setup_options(custom, Toy()) == {"packs": "2", "jokers": "out"}
    assert read_setup_options(Toy(), {"options": setup_options(custom, Toy())}) == custom


@pytest.mark.parametrize("name", ["", "x" * 61, "two\nlines", 7])
def test_a_rule_sets_name_is_one_short_line(name):
    with pytest.raises(NotationError, match="rules_name"):
        read_setup_options(Toy(), {"rules_name": name})


def test_option_rows_are_what_the_cli_prints():
    rows = option_rows(Toy())
    assert [r["name"] for r in rows] == ["packs", "jokers", "range"]
    assert rows[1] == {"name": "jokers", "default": "in", "choices": ["in", "out"], "section": str(REF),
                       "question": "Are the jokers in?", "kind": "reading",
                       "meanings": {"in": "the jokers are in the deck", "out": "the jokers are set aside"},
                       "ruling": None}


def test_a_whole_number_says_its_unit_in_the_number_a_person_writes():
    free = whole_number(0, 99, "chips a card", "chip a card")
    assert [free.meaning(free.parse(t)) for t in ("1", "2", "0")] == ["1 chip a card", "2 chips a card", "0 chips a card"]
