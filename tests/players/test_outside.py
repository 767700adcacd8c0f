"""The outside-style players (issue 33, item 6): ISMCTS for every game, the shedding heuristic
for Palace. ISMCTS runs at a small budget here (the bench runs it at its real one)."""

from __future__ import annotations

import math
import random

import pytest

from players import OUTSIDE, player_for
from players.outside.ismcts import EXPLORATION, Node, _ucb, search
from players.outside.palace import payoff as palace_payoff
from players.outside.palace import shedding_choice
from rules.palace import Chance, Pickup, Play, start

from .positions import GAMES, POSITIONS, sample_other_than

SMALL = 12
"""Iterations a decision in these tests."""


def _ismcts(game: str, seed: object):
    bot = player_for(game, "ismcts", seed=seed)
    bot.budget = SMALL
    return bot


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_only_legal_moves_with_a_reason(game):
    for label, state in POSITIONS[game][::4]:
        decision = _ismcts(game, label).decide(state.view(state.mover))
        assert state.is_legal(decision.action), (label, decision)
        assert decision.reason[0].isupper() and decision.reason.endswith(".") and "@" not in decision.reason


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_replays_from_its_seed_and_reads_only_the_view(game):
    # the same seed on the same view decides the same; a position that differs only in where the
    # cards the seat cannot see lie (a reshuffle) gives the same view, so the same decision
    changed = 0
    for label, state in POSITIONS[game][1::4]:
        seat = state.mover
        sample = sample_other_than(state, seat)
        changed += sample != state
        real = _ismcts(game, label).decide(state.view(seat))
        again = _ismcts(game, label).decide(state.view(seat))
        other = _ismcts(game, label).decide(sample.view(seat))
        assert real == again == other, (label, real, other)
    assert changed >= 2  # the test did reshuffle hidden cards


def test_ismcts_answers_the_most_visited_move_of_the_root():
    _, state = POSITIONS["palace-poker"][0]
    found = search(state.view(state.mover), 60, random.Random(3), player_for("palace-poker", "ismcts").payoff)
    assert sum(v for _, v, _ in found.visits) == 60  # every iteration goes through one move of the root
    assert found.action in {a for a, v, _ in found.visits if v == max(v for _, v, _ in found.visits)}


def test_ucb1_counts_a_move_by_the_iterations_it_was_available_in():
    # two moves tried: a won 3 of 4 over 10 iterations it was available in, b 1 of 1 over 2.
    # results range 0..1 (no scaling). By hand with c = 0.7:
    #   a: 0.75 + 0.7 * sqrt(ln 10 / 4) = 0.75 + 0.7 * 0.7587 = 1.2811
    #   b: 1.0  + 0.7 * sqrt(ln 2 / 1)  = 1.0  + 0.7 * 0.8326 = 1.5828
    node = Node(None)
    for key, visits, available, total in (("a", 4, 10, 3.0), ("b", 1, 2, 1.0)):
        child = node.children[key] = Node(0)
        child.visits, child.available, child.total = visits, available, total
    assert EXPLORATION == 0.7
    assert _ucb(node, {"a": "a", "b": "b"}, 0.0, 1.0, EXPLORATION) == "b"
    # b seen as available 60 times: 1.0 + 0.7 * sqrt(ln 60) = 1.0 + 0.7 * 2.0234 = 2.416 > a still;
    # with a's result 4 of 4 and b's 0 of 1: a 1.0 + 0.531 = 1.531, b 0.0 + 0.7 * 0.8326 = 0.583
    node.children["a"].total, node.children["b"].total = 4.0, 0.0
    assert _ucb(node, {"a": "a", "b": "b"}, 0.0, 1.0, EXPLORATION) == "a"
    assert math.isclose(0.7 * math.sqrt(math.log(2)), 0.5828, abs_tol=1e-4)


def test_the_palace_result_is_a_win_for_everyone_but_the_last_with_cards():
    last = start("house", {"seats": ["Ann", "Ben"], "hands": ["9c", "5h"], "face_up": ["", ""],
                           "face_down": ["", ""], "pile": "4c", "to_move": 0})
    over = last.apply(last.parse_action("play 9c"))
    assert over.is_over and over.winner == 0  # the house rules end the game at the first player out
    assert palace_payoff(over, over) == (1.0, 0.0)
    last = start("bga", {"seats": ["Ann", "Ben"], "hands": ["9c", "5h"], "face_up": ["", ""],
                         "face_down": ["", ""], "pile": "4c", "to_move": 0})
    over = last.apply(last.parse_action("play 9c"))
    assert over.is_over and over.loser == 1  # BGA plays on: Ben is the last with cards
    assert palace_payoff(over, over) == (1.0, 0.0)


def test_shedding_and_ismcts_are_named_and_refused_where_they_do_not_exist():
    assert OUTSIDE == ("ismcts", "shedding")
    with pytest.raises(ValueError, match="no shedding player for 'kings-pot'"):
        player_for("kings-pot", "shedding")
    with pytest.raises(ValueError, match="'minimax'"):
        player_for("palace", "minimax")


# -- the shedding heuristic, clause by clause --------------------------------------------------
def _turn(hand: str, pile: str, variant: str = "house"):
    state = start(variant, {"seats": ["Ann", "Ben"], "hands": [hand, "5c 6c 7c"], "pile": pile, "to_move": 0,
                            "face_up": ["Jc Jd Jh", "Qc Qd Qh"], "face_down": ["3c 3d 3h", "4c 4d 4h"]})
    return state, state.view(0)


def test_shedding_sheds_the_lowest_plain_set_every_copy():
    # house: 3 is the lowest rank, 2, 10, Ace and Joker are special; on a 4, the 5s and the 9 go
    state, view = _turn("5d 5h 9c 2h", "4s")
    action, _ = shedding_choice(view)
    assert action == Play(tuple(sorted(state.parse_action("play 5d 5h").cards)))


def test_shedding_keeps_the_specials_while_a_plain_card_goes():
    state, view = _turn("9c Th Ah 2h", "6s")
    assert shedding_choice(view)[0] == state.parse_action("play 9c")


def test_shedding_burns_a_big_pile():
    state, view = _turn("9c Th", "4s 5s 6s 7s 8s 8d")  # six cards: a ten clears them
    assert shedding_choice(view)[0] == state.parse_action("play Th")


def test_shedding_spends_one_special_when_only_specials_go():
    state, view = _turn("2h 2d", "Ks")
    action = shedding_choice(view)[0]
    assert isinstance(action, Play) and len(action.cards) == 1 and action.cards[0].rank.value == 2


def test_shedding_takes_the_pile_only_when_stuck():
    _, view = _turn("5h 6h", "Ks")  # nothing goes on a King, and the stock is empty
    assert isinstance(shedding_choice(view)[0], Pickup)
    stocked = start("house", {"seats": ["Ann", "Ben"], "hands": ["5h 6h 7h", "5c 6c 7c"], "pile": "Ks",
                              "to_move": 0, "stock": "8d 9d", "face_up": ["Jc Jd Jh", "Qc Qd Qh"],
                              "face_down": ["3c 3d 3h", "4c 4d 4h"]})
    assert {str(a) for a in stocked.legal_actions()} == {"pickup", "chance"}
    assert isinstance(shedding_choice(stocked.view(0))[0], Chance)  # a drawn card may still go


def test_the_shedding_player_decides_from_the_view_with_a_reason():
    _, view = _turn("5d 5h 9c", "4s")
    decision = player_for("palace", "shedding", seed=1).decide(view)
    assert decision.reason == "Play the two fives: shed the lowest plain set."
