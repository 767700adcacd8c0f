"""Card notation (DESIGN: values are small and frozen, with a forgiving parser)."""

import pytest

from rules.cards import ALL_CARDS, JOKER, Card, Rank, Suit, counted, format_cards, make_deck, parse_cards, shuffled
from rules.errors import NotationError


@pytest.mark.parametrize("text", ["Qs", "qs", "QS", "Q♠", "q♤", " Qs "])
def test_queen_of_spades_spellings(text):
    assert Card.parse(text) == Card(Rank.QUEEN, Suit.SPADES)


@pytest.mark.parametrize("text", ["10s", "Ts", "ts", "10♠", "T♠"])
def test_ten_spellings(text):
    assert str(Card.parse(text)) == "Ts"


def test_every_card_round_trips_through_str_and_repr():
    for c in ALL_CARDS + (JOKER,):
        assert Card.parse(str(c)) == c
        assert eval(repr(c)) == c  # noqa: S307 - repr is documented to evaluate back


def test_52_distinct_cards_with_indices_0_to_51():
    assert len(set(ALL_CARDS)) == 52
    assert sorted(c.index for c in ALL_CARDS) == list(range(52))


@pytest.mark.parametrize("bad", ["", "Q", "1s", "Qx", "11h", "Q♠♠", "joke"])
def test_bad_cards_raise_notation_error_naming_the_token(bad):
    with pytest.raises(NotationError) as err:
        Card.parse(bad)
    assert err.value.token == bad


def test_card_list_error_names_position_and_token():
    with pytest.raises(NotationError, match=r"item 2.*'Zz'"):
        parse_cards("Qs Zz 2c")


def test_duplicate_refused_when_unique():
    with pytest.raises(NotationError, match="'qs' is given twice"):
        parse_cards("Qs 2c qs", unique=True)


def test_deck_sizes_and_reproducible_shuffle():
    assert len(make_deck()) == 52
    assert len(make_deck(packs=2)) == 104
    assert make_deck(jokers=2).count(JOKER) == 2
    assert shuffled(make_deck(), 7) == shuffled(make_deck(), 7)
    assert shuffled(make_deck(), 7) != shuffled(make_deck(), 8)
    assert sorted(shuffled(make_deck(), 7)) == sorted(make_deck())


def test_format_is_canonical():
    assert format_cards(parse_cards("10h q♠ 2C")) == "Th Qs 2c"


def test_presets_membership_and_unknown_name_message():
    from rules.core import Presets

    presets = Presets("demo", {"a": 1, "b": 2})
    assert "a" in presets and "zz" not in presets
    with pytest.raises(NotationError, match=r"unknown demo variant 'zz'; known: a, b"):
        presets["zz"]


def test_counted_puts_the_noun_in_the_number_a_person_writes():
    assert [counted(n, "card") for n in (0, 1, 4)] == ["0 cards", "1 card", "4 cards"]
    assert counted(1, "own-suit card") == "1 own-suit card"
    assert counted(2, "ox", "oxen") == "2 oxen"
