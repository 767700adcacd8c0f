"""Action notation (issue 9): canonical text round trips, forgiving spellings,
and fuzzed text that never raises anything but NotationError."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import NotationError
from rules.palace_poker import Action, Call, start

from palace_poker_support import EXAMPLE_SETUP, table, to_play


def positions():
    """A spread of positions from random play, in every phase."""
    out = []
    for variant in ("limit", "no-limit", "open-market", "points"):
        for seed in range(6):
            rng = random.Random(seed)
            state = start(variant, {"seats": [f"P{i}" for i in range(rng.randint(2, 6))], "seed": seed,
                                    "dealer": "draw" if seed == 0 else None})
            while not state.is_over:
                out.append(state)
                state = state.apply(rng.choice(state.legal_actions()))
    return out


POSITIONS = positions()


def test_every_candidate_action_prints_and_parses_back_to_itself():
    for state in POSITIONS[::3]:
        for action in state.candidate_actions():
            text = str(action)
            assert state.parse_action(text) == action, text
            assert eval(repr(action)) == Action.parse(text)  # noqa: S307 - repr round-trips


def test_actor_prefix_round_trips():
    state = start("limit", EXAMPLE_SETUP)
    action = state.parse_action("frank: ante")
    assert action.actor == state.seat_of("Frank") and str(action) == "@5: ante"
    assert state.parse_action(str(action)) == action


@pytest.mark.parametrize("text, canonical", [
    ("BUY", "buy"), ("draw", "buy"), ("  stay ", "stay"), ("battle B", "bet @1"), ("bet qs", "bet @1"),
    ("bet b $5", "bet @1 5"), ("call $15", "call 15"), ("Raise", "raise"), ("discard 9S", "discard 9s"),
    ("bet @1", "bet @1"), ("@0: bet @B", "@0: bet @1"),
])
def test_forgiving_spellings_read_to_the_canonical_action(text, canonical):
    state = table(palace={"A": "2c 3c 4c", "B": "5d 6d 7d"}, then=["9s"])
    if "discard" in text:
        state = state.apply_text("buy")[0]
    assert str(state.parse_action(text)) == canonical


@pytest.mark.parametrize("text, token", [
    ("", ""), ("jump", "jump"), ("bet", "bet"), ("bet Zed", "Zed"), ("bet 7h", "7h"), ("discard", "discard"),
    ("discard 9x", "9x"), ("discard 9s 9s", "9s"), ("call lots", "lots"), ("stay now", "now"),
    ("Zed: stay", "Zed"), ("raise -5", "-5"), ("bet @7", "@7"), ("@9: stay", "@9"),
])
def test_bad_action_text_raises_notation_error_naming_the_token(text, token):
    state = table(palace={"A": "2c 3c 4c", "B": "5d 6d 7d"})
    with pytest.raises(NotationError) as err:
        state.parse_action(text)
    assert err.value.token == token or token in str(err.value)
    assert "\n" not in str(err.value)


words = st.sampled_from(["bet", "call", "raise", "fold", "stay", "buy", "discard", "keep", "market", "deal",
                         "A", "B", "Qs", "Kh", "9s", "$5", "10", "-1", ":", "A:", "B:", " ", "♠", "joker"])


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.text(max_size=30), st.lists(words, max_size=6).map(" ".join)),
       st.integers(0, len(POSITIONS) - 1))
def test_fuzzed_action_text_parses_or_raises_notation_error(text, k):
    state = POSITIONS[k]
    try:
        action = state.parse_action(text)
    except NotationError as err:
        assert str(err)
        return
    assert state.parse_action(str(action)) == action
    verdict = state.explain(action)  # a parsed action always gets a verdict, never a crash
    assert verdict.reason and verdict.ref.source == "palace-poker.txt"


def test_every_verdict_carries_a_reason_and_a_registered_rule_reference():
    for state in POSITIONS[::2]:
        for action in state.candidate_actions():
            verdict = state.explain(action)
            assert verdict.reason and verdict.ref.summary
            if verdict.ruling is not None:
                assert verdict.ruling.key.startswith("palace-poker-")


def test_illegal_apply_raises_with_the_state_action_and_verdict():
    from rules.errors import IllegalActionError

    state = to_play(start("limit", EXAMPLE_SETUP))
    action = state.parse_action("call")
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.state is state and err.value.action == action
    assert not err.value.verdict.legal and "§ The Play" in str(err.value)
    assert Call() == action
