"""The coach (issue 15): a hint in words for the seat to act, its reason from that seat's view,
and the source section when a rule is the reason. Costs about 3 s."""

from __future__ import annotations

import random

import pytest

from players.coach import Hint, hint
from rules.games import get_family

HOUSE = "palace-house-rules.txt"


def _house(**position):
    return get_family("palace").start("house", {"players": 2, "to_move": 0, **position})


def test_keep_the_special_cards_play_the_weakest_that_goes():
    # house rules, "Card Values": the 2 and the 10 are special; "Playing the Game" point 1: play a
    # card equal to or greater than the top one, so the 4 and the 7 both go on a 3, the 4 is lower
    h = hint(_house(hands=["4c Th 7d 2s", "9s 9h 9d"], pile="3s"))
    assert isinstance(h, Hint) and h.seat == 0
    assert str(h.action) == "play 4c"
    assert h.text.startswith("Play the 4♣: it is the weakest card you hold that goes")
    assert (h.ref.source, h.ref.section) == (HOUSE, "Playing the Game 1")


def test_finish_four_of_a_kind_to_burn_the_pile():
    # house rules, "Playing the Game" point 5 (Rule of Multiples): four of a kind clears the board
    h = hint(_house(hands=["5c 8h", "9s 9h 9d"], pile="5s 5h 5d"))
    assert str(h.action) == "play 5c"
    assert "four of a kind" in h.text and "pile of 3 cards" in h.text
    assert (h.ref.source, h.ref.section) == (HOUSE, "Playing the Game 5")


def test_a_two_when_nothing_plain_goes():
    # a King on top: the 8 does not go; the 2 goes on anything and its player goes again
    h = hint(_house(hands=["8h 2c Th", "9s 9h 9d"], pile="3s 4s 5s 6s Ks Kh"))
    assert str(h.action) == "play 2c"
    assert "play again" in h.text
    assert h.ref.section == "Card Values: Twos"


def test_palace_poker_battle_hint_names_the_opponent_and_the_odds():
    state = get_family("palace-poker").start("limit", {"seats": ["Ann", "Bob"], "seed": 4})
    rng = random.Random(2)
    while state.phase.value != "battle":
        legal = state.legal_actions()
        bets = [a for a in legal if type(a).__name__ == "Bet"]
        state = state.apply(bets[0] if bets else legal[0] if len(legal) == 1 else rng.choice(legal))
    h = hint(state)
    attacker = state.names[1 - h.seat]
    assert attacker in h.text and "%" in h.text and "possible palace sets" in h.text
    assert h.ref is not None and h.ref.source == "palace-poker.txt"


@pytest.mark.parametrize("game, variant, setup", [
    ("palace", "caron", {"players": 3}), ("palace-poker", "no-limit", {"seats": ["Ann", "Bob", "Cy"]}),
    ("kings-pot", "standard", {"players": ["Ada", "Ben", "Cleo"]})])
def test_a_hint_comes_from_the_seats_view_alone(game, variant, setup):
    state = get_family(game).start(variant, {**setup, "seed": 3})
    rng = random.Random(5)
    asked = 0
    for step in range(300):
        if state.is_over:
            state = get_family(game).start(variant, {**setup, "seed": step})
        seat = state.mover
        if seat is not None and len(state.legal_actions()) > 1 and step % 5 == 0 and asked < 8:
            h = hint(state)
            assert state.is_legal(h.action) and h.text.endswith(".") and "@" not in h.text
            sample = state.view(seat).determinize(random.Random(step))
            assert hint(sample, seat) == h == hint(state.view(seat))
            asked += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert asked >= 3


def test_no_hint_when_nobody_is_to_decide():
    state = get_family("kings-pot").start("standard", {"players": ["Ada", "Ben", "Cleo"], "seed": 1})
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError):
        hint(state)
