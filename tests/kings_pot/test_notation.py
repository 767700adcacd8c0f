"""Action notation: canonical str, repr that round-trips, forgiving parser, and
nothing but NotationError on bad text (issue 9)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, Card
from rules.errors import NotationError
from rules.kings_pot.actions import (CALL, CHECK, FOLD, SHOWDOWN, Action, Bet, Buy, FoldCard, Raise,
                                     Reveal)

ALL_KINDS = [Buy(1), Buy(7), Reveal(1), Reveal(3), CHECK, CALL, Bet(1), Bet(5), Raise(2), FOLD,
             SHOWDOWN, *(FoldCard(c) for c in ALL_CARDS)]


@pytest.mark.parametrize("action", ALL_KINDS, ids=str)
def test_every_action_round_trips_through_str_and_repr(action):
    assert Action.parse(str(action)) == action
    assert eval(repr(action)) == action  # noqa: S307 - repr is documented to evaluate back


@pytest.mark.parametrize("text, canonical", [
    ("BUY 3", "buy 3"), ("  raise   2 ", "raise 2"), ("Fold All", "fold"), ("fold 10h", "fold Th"),
    ("fold Q♠", "fold Qs"), ("Showdown", "showdown"), ("reveal 02", "reveal 2")])
def test_forgiving_spellings_have_one_canonical_form(text, canonical):
    assert str(Action.parse(text)) == canonical


@pytest.mark.parametrize("text, token", [
    ("", ""), ("   ", "   "), ("buy", "buy"), ("buy two", "two"), ("buy -1", "-1"), ("buy 1 2", "buy 1 2"),
    ("check now", "now"), ("fold 7h 8h", "7h 8h"), ("fold zz", "zz"), ("raise 1234567890", "1234567890"),
    ("stand", "stand"), ("bet ２", "２"), ("bet 1.5", "1.5")])
def test_bad_action_text_names_the_token(text, token):
    with pytest.raises(NotationError) as err:
        Action.parse(text)
    assert err.value.token == token
    assert "\n" not in str(err.value)


def test_non_text_is_a_notation_error():
    with pytest.raises(NotationError):
        Action.parse(3)  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=30))
def test_fuzzed_text_parses_or_raises_notation_error_only(text):
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert Action.parse(str(action)) == action


WORDS = st.sampled_from(["buy", "reveal", "check", "call", "bet", "raise", "fold", "showdown", "all",
                         "7h", "10s", "Q♠", "0", "3", "99", "-", "x", "", "  "])


@settings(max_examples=400, deadline=None)
@given(st.lists(WORDS, max_size=4).map(" ".join))
def test_fuzzed_near_misses_parse_or_raise_notation_error_only(text):
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert Action.parse(str(action)) == action


def test_fold_card_holds_a_card_value():
    assert Action.parse("fold 7h").card == Card.parse("7h")
