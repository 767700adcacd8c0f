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
    # named as a person counts (issue 34, point 5: "the first palace card", not "item 1")
    with pytest.raises(NotationError, match=r"palace, the second card: .*'Zz'") as err:
        parse_cards("Qs Zz 2c", what="palace")
    assert err.value.token == "Zz" and "item" not in str(err.value)


@pytest.mark.parametrize("text, card", [
    ("king of clubs", "Kc"), ("King of Clubs", "Kc"), ("K clubs", "Kc"), ("k of c", "Kc"), ("10h", "Th"),
    ("ten of hearts", "Th"), ("10 of hearts", "Th"), ("queen spade", "Qs"), ("ace of diamonds", "Ad"),
    ("two of spades", "2s"), ("9 ♥", "9h"),
])
def test_cards_as_people_say_them(text, card):
    # issue 34, point 5: "king of clubs", "K clubs", "10h"
    assert str(Card.parse(text)) == card
    assert format_cards(parse_cards(text)) == card


def test_a_list_mixes_spellings_and_counts_cards_not_words():
    assert format_cards(parse_cards("king of clubs, 9 hearts 10 h Qs K clubs")) == "Kc 9h Th Qs Kc"
    with pytest.raises(NotationError, match=r"the third card: cannot read card '8x'"):
        parse_cards("king of clubs 10 h 8x")


@pytest.mark.parametrize("typed, meant", [
    ("8x", "8c"),            # x sits next to c on the keyboard (the example)
    ("Qa", "Qs"),            # a next to s
    ("1h", "Th"),            # the 1 of a 10 whose 0 was lost
    ("Wh", "Qh"),            # w next to q
    ("king of clbs", "Kc"),  # a word misspelt
    ("kign of hearts", "Kh"),
])
def test_a_near_miss_is_refused_with_the_card_probably_meant(typed, meant):
    with pytest.raises(NotationError) as err:
        Card.parse(typed)
    assert str(err.value.suggestion) == meant
    assert f"did you mean {Card.parse(meant).label}?" in str(err.value)


@pytest.mark.parametrize("typed", ["Zz", "11h", "joke", "king", "clubs", "8m"])
def test_no_suggestion_where_nothing_is_near(typed):
    with pytest.raises(NotationError) as err:
        Card.parse(typed)
    assert err.value.suggestion is None and "did you mean" not in str(err.value)


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
