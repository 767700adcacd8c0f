"""Issue 9: card notation round trips, and fuzzed text never raises anything but NotationError."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, JOKER, Card, Rank, Suit, format_cards, parse_cards
from rules.errors import NotationError

every_card = st.sampled_from(ALL_CARDS + (JOKER,))
card_like = st.text(alphabet="23456789TJQKAtjqka10cdhsCDHS♠♣♥♦♤♧♡♢ ,;kKxX\t", max_size=12)


@settings(max_examples=300)
@given(st.lists(every_card, max_size=12))
def test_any_card_list_prints_and_parses_back_to_itself(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)


@settings(max_examples=200)
@given(every_card)
def test_every_spelling_of_a_card_parses_to_it(c):
    if c.is_joker:
        spellings = ["Jk", "jk", "JOKER"]
    else:
        suit = c.suit
        spellings = [str(c), str(c).lower(), str(c).upper(), c.rank.label + suit.symbol,
                     c.rank.char + suit.symbol, c.rank.label.lower() + suit.char.upper()]
    for text in spellings:
        assert Card.parse(text) == c
        assert eval(repr(Card.parse(text))) == c  # noqa: S307 - repr is documented to round-trip


@settings(max_examples=1000)
@given(st.one_of(st.text(max_size=20), card_like))
def test_fuzzed_card_text_parses_or_raises_notation_error_naming_the_token(text):
    try:
        c = Card.parse(text)
    except NotationError as err:
        assert err.token == text
        assert str(err)
    else:
        assert Card.parse(str(c)) == c


@settings(max_examples=1000)
@given(st.one_of(st.text(max_size=40), card_like))
def test_fuzzed_card_lists_parse_or_raise_notation_error(text):
    try:
        cards = parse_cards(text, unique=True)
    except NotationError as err:
        assert err.token is not None and err.token in text
    else:
        assert len(set(cards)) == len(cards)


@settings(max_examples=500)
@given(st.text(max_size=6))
def test_fuzzed_ranks_and_suits_raise_only_notation_error(text):
    for parse in (Rank.parse, Suit.parse):
        try:
            parse(text)
        except NotationError:
            pass
