"""Action notation: canonical text, round trips, and fuzzed input (issue 9)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, JOKER, Card
from rules.errors import NotationError
from rules.palace import actions as A
from rules.palace import start
from rules.palace.actions import parse_action
from palace_support import position

from rules.palace.actions import Flash

SAMPLES = [
    "play 8h", "play 8h 8d", "flip", "pickup", "chance", "flash 3s @2", "flash 3s 3h @0", "reflect 3h",
    "check-stock", "quick 8c", "quick flip", "pass", "take-up", "choose Ks Qh Ac", "swap 4h Ks", "ready",
    "last-card", "call-out @1", "play Jk",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_notation_every_action_round_trips_through_str_and_repr(text):
    action = parse_action(text)
    assert parse_action(str(action)) == action
    names = {**vars(A), "Card": Card}  # repr() evaluates back with the action classes in scope
    assert eval(repr(action), names) == action  # noqa: S307 - documented to evaluate back


def test_notation_cards_are_canonical_whatever_the_order_or_spelling():
    assert str(parse_action("play 8h, 8D")) == "play 8d 8h"
    assert parse_action("PLAY 10h") == parse_action("play Th") == parse_action("play T♥")
    assert str(parse_action("pick-up")) == "pickup" and str(parse_action("quick-flip")) == "quick flip"


def test_notation_seats_by_number_or_name():
    state = position("caron", ["3h 5c", "Kd", "9h"], down=["", "4c", "4d"], pile="")
    assert state.parse_action("flash 3h @Cat") == state.parse_action("flash 3h @2") == Flash(
        (Card.parse("3h"),), 2)
    with pytest.raises(NotationError, match="@Zed"):
        state.parse_action("flash 3h @Zed")
    with pytest.raises(NotationError, match="@5"):
        state.parse_action("call-out @5")


@pytest.mark.parametrize("bad, token", [
    ("", ""), ("dance", "dance"), ("play", "play"), ("play 8h Zz", "Zz"), ("flip 8h", "8h"),
    ("flash 3s", "flash 3s"), ("flash @2 3s", "flash @2 3s"), ("swap 4h", "swap 4h"),
    ("call-out", "call-out"), ("call-out 2", "2"), ("flash 3s @", "@"),
])
def test_notation_bad_text_raises_notation_error_naming_the_token(bad, token):
    with pytest.raises(NotationError) as err:
        parse_action(bad)
    assert err.value.token == token and str(err.value)


def test_notation_every_single_card_play_parses():
    for card in ALL_CARDS + (JOKER,):
        assert parse_action(f"play {card}").cards == (card,)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=40))
def test_notation_fuzzed_text_never_raises_anything_but_notation_error(text):
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action


_TOKENS = st.sampled_from(["play", "flip", "flash", "reflect", "quick", "swap", "choose", "call-out", "@1",
                           "@x", "@", "8h", "3s", "10d", "Jk", "Q♠", "zz", ",", " ", "pass", "flip", "1"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_TOKENS, max_size=6))
def test_notation_fuzzed_token_soup_never_raises_anything_but_notation_error(tokens):
    state = start("caron", {"players": 3, "seed": 1})
    try:
        action = state.parse_action(" ".join(tokens))
    except NotationError:
        return
    assert state.parse_action(str(action)) == action
    state.explain(action)  # any parsed action gets a verdict, legal or not


def test_notation_non_text_is_refused():
    with pytest.raises(NotationError):
        parse_action(None)  # type: ignore[arg-type]


def test_notation_empty_card_list_in_constructor():
    with pytest.raises(NotationError):
        A.Play(())
    with pytest.raises(NotationError):
        A.Flash((), 1)
