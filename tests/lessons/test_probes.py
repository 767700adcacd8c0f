"""Reading figures off a state and comparing them with a lesson's figures."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pytest

from lessons.probes import ProbeError, compare, parse_path, plain, resolve, same
from rules.cards import Card, Suit, parse_cards
from rules.poker import Category


@dataclass(frozen=True)
class Seat:
    name: str
    stack: int
    cards: tuple

    def total(self) -> int:
        return self.stack * 2


@dataclass(frozen=True)
class Table:
    seats: tuple
    pot: int
    by_name: dict

    def seat(self, who):
        if isinstance(who, int):
            return self.seats[who]
        return next(s for s in self.seats if s.name == who)


TABLE = Table((Seat("Dave", 40, parse_cards("Jd Jc")), Seat("Frank", 25, ())), 142,
              {"Dave": 1, 3: "three"})


def test_paths_parse_into_segments():
    (a, b) = parse_path("seats[Dave].cards")
    assert (a.name, a.call, a.keys, b.name) == ("seats", False, ("Dave",), "cards")
    assert parse_path("seats[0].total()")[1].call


@pytest.mark.parametrize("bad", ["", "   ", "a..b", "a[", "a]", "9a", "a b", "a()()", "_private x"])
def test_malformed_paths_are_refused(bad):
    with pytest.raises(ProbeError):
        parse_path(bad)


def test_resolve_attributes_names_indices_and_calls():
    assert resolve(TABLE, "pot") == 142
    assert resolve(TABLE, "seats[Dave].stack") == 40
    assert resolve(TABLE, "seats[dave].stack") == 40
    assert resolve(TABLE, "seats[1].name") == "Frank"
    assert resolve(TABLE, "seats[-1].name") == "Frank"
    assert resolve(TABLE, "seats[Frank].total()") == 50
    assert resolve(TABLE, "by_name[Dave]") == 1
    assert resolve(TABLE, "by_name[3]") == "three"
    assert resolve({"pot": 5}, "pot") == 5
    assert resolve(TABLE, "seat(Frank).stack") == 25
    assert resolve(TABLE, "seat( 0 ).name") == "Dave"


@pytest.mark.parametrize("path, words", [
    ("pt", "has no 'pt'"),
    ("seats[Eve]", "no item named 'Eve'"),
    ("seats[7]", "out of range"),
    ("pot[1]", "cannot be indexed"),
    ("pot()", "not a method"),
    ("seat(Eve)", "seat\\(Eve\\) fails: StopIteration"),
    ("seat()", "seat\\(\\) fails: TypeError"),
    ("by_name[Zed]", "has no key 'Zed'"),
    ("seats[Dave].total", None),
    ("_private", "has no ._private."),
])
def test_resolve_failures_say_where(path, words):
    if words is None:  # a bound method is a value; calling needs ()
        assert callable(resolve(TABLE, path))
        return
    with pytest.raises(ProbeError, match=words):
        resolve(TABLE, path)


@pytest.mark.parametrize("path", ["seats[" + "9" * 5000 + "]", "seats[\u00b9]", "by_name[\u00b9]",
                                  "seat(" + "9" * 5000 + ")", "seats[\u0661]"])
def test_numbers_in_a_path_are_short_ascii_digits(path):
    # issue 18: these raised int()'s bare ValueError, which the loader reported as an engine failure
    with pytest.raises(ProbeError):
        resolve(TABLE, path)


def test_plain_forms():
    class Colour(Enum):
        DARK_RED = 1

    assert plain(Card.parse("Q♠")) == "Qs"
    assert plain(Suit.SPADES) == "spades"
    assert plain(Category.FOUR_OF_A_KIND) == "four of a kind"
    assert plain(Colour.DARK_RED) == "dark red"
    assert plain(parse_cards("Jd Jc")) == ["Jd", "Jc"]
    assert plain(frozenset(parse_cards("Jd Jc"))) == ["Jc", "Jd"]
    assert plain({Suit.HEARTS: 2}) == {"hearts": 2}
    assert plain(TABLE.seats[1]) == str(TABLE.seats[1])
    assert plain(True) is True and plain(None) is None


def test_same_compares_as_a_teacher_would():
    assert same(142, 142) and not same(142, 141) and same(2.5, 2.5)
    assert not same(1, True) and not same(True, 1) and same(False, False)
    assert not same("142", 142) and not same(142, "142")
    assert same("Qs", "Q♠") and same("qs", "QS") and same("Four of a Kind", "four of a kind")
    assert same(["Jd", "Jc"], "Jd Jc") and not same(["Jd", "Jc"], "Jc Jd")
    assert same(["Jd", "Jc"], ("J♦", "J♣"))
    assert not same(["Jd"], ("Jd", "Jc"))
    assert same({"a": 1}, {"a": 1}) and not same({"a": 1}, {"a": 2}) and not same({"a": 1}, {"b": 1})
    assert not same(None, "x")


def test_compare_operators():
    dave = ["Jd", "Jc"]
    assert compare("cards", dave, "Jc Jd") and compare("cards", dave, ["J♣", "J♦"])
    assert not compare("cards", dave, "Jc")
    assert compare("length", dave, 2) and not compare("length", dave, 1)
    assert compare("includes", dave, "Jc") and not compare("includes", dave, "Jc Jc")
    assert compare("equals", dave, "Jd Jc")
    with pytest.raises(ProbeError, match="not a list of cards"):
        compare("cards", 142, "Jc")
    with pytest.raises(ProbeError, match="not a list of cards"):
        compare("cards", dave, "Jx")
    with pytest.raises(ProbeError, match="no length"):
        compare("length", 142, 1)
    with pytest.raises(ProbeError, match="needs a list"):
        compare("includes", 142, [1])
    with pytest.raises(ProbeError, match="unknown comparison"):
        compare("about", 1, 1)


def test_a_text_argument_that_reads_as_a_card_is_tried_as_a_card():
    from rules.games import get_family

    state = get_family("kings-pot").start("standard", {"players": ["Ann", "Ben", "Cleo"], "seed": 4})
    # kings-pot.txt § Backing a hand: a card backs the hand of its rank
    assert plain(resolve(state, "hand_backed_by(7c)")) == "seven"
    with pytest.raises(ProbeError, match=r"hand_backed_by\(Zz\) fails"):
        resolve(state, "hand_backed_by(Zz)")
