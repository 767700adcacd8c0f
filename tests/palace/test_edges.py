"""Edge cases: inputs in other shapes, refusals in every phase, generic options with custom values."""

import dataclasses

import pytest

from rules.cards import Card
from rules.errors import NotationError
from rules.palace import PRESETS, start
from rules.palace import actions as A
from rules.palace.checker import check_play, compare_play
from rules.palace.legality import run_length
from rules.palace.simulate import random_game
from rules.palace.state import remove_cards
from palace_support import cards, legal, position, run, same_cards, why


def test_setup_accepts_card_lists_as_well_as_strings():
    state = start("house", {"seats": ["Ann", "Ben"], "hands": [["5h", "6h"], "7c"], "stock": ["9d", "Td"],
                            "face_down": ["3c", ["3d"]], "to_move": 0, "alternates": "last-card"})
    assert same_cards(state.hands[0], "5h 6h") and same_cards(state.stock, "9d Td")
    assert state.rules.last_card_call


def test_setup_first_card_with_only_special_cards_left_starts_an_empty_pile():
    dealt = "4c 5c 6c 7c 8c 9c 4d 5d 6d 7d 8d 9d 4h 5h 6h 7h 8h 9h"
    state = start("house", {"seats": ["Ann", "Ben"], "deck": dealt + " As 2s"})
    assert state.pile == () and same_cards(state.stock, "As 2s")


def test_setup_refuses_a_card_lying_on_a_flash_and_a_mover_already_out():
    with pytest.raises(NotationError, match="flashed"):
        start("caron", {"players": 2, "hands": ["5c", "4c"], "pile": "3s 9c"})
    with pytest.raises(NotationError, match="already out"):
        start("bga", {"players": 3, "hands": ["", "4c", "5c"], "out": [0], "to_move": 0})


def test_lowest_in_hand_with_nothing_but_wilds_lets_the_dealers_left_open():
    state = start("bga", {"seats": ["Ann", "Ben"], "hands": ["2c 2d", "2h 2s"], "face_down": ["3c", "3d"]})
    assert state.to_move == 0 and state.opening is None


def test_only_face_down_cards_left_means_flip_not_play():
    state = position("bga", ["", "3c"], down=["4c", "3d"], pile="7c")
    assert "flip" in why(state, "play 4c").reason


def test_choosing_and_swapping_refusals():
    state = start("house", {"players": 2, "seed": 3})
    held = state.hands[0]
    missing = next(c for c in (Card.parse(x) for x in ("As", "Ks", "Qs", "Js", "Ts", "9s", "8s"))
                   if c not in held)
    bad = A.Choose((missing, held[0], held[1]))
    assert "not among" in state.explain(bad).reason
    assert not any(v.legal for v in state.card_verdicts().values())  # nothing is played in setup
    swap = start("bga", {"players": 2, "seed": 3})
    h, u = swap.hands[0][0], swap.face_up[0][0]
    assert "not among your hand" in swap.explain(A.Swap(u, h)).reason
    assert "not among your face-up" in swap.explain(A.Swap(h, h)).reason


def test_swap_of_identical_cards_changes_nothing():
    rules = dataclasses.replace(PRESETS["caron"], name="caron-swapping", face_up_choice="swap")
    state = start(rules, {"seats": ["Ann", "Ben"],
                          "deck": "4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c 9d 7c 7d 8c 8d 9c 9d 4h 4s"})
    same = state.face_up[0][0]
    assert same in state.hands[0]
    assert "changes nothing" in state.explain(A.Swap(same, same)).reason


def test_a_flash_cannot_be_answered_from_face_down_cards():
    state = position("caron", ["3h 5c", "", "9h"], down=["4c", "3s", "4d"], pile="8c")
    state, _ = run(state, "flash 3h @1")
    assert "blind" in why(state, "reflect 3s").reason and legal(state) == {"pickup"}


def test_rule_set_without_a_stock_check_refuses_it():
    rules = dataclasses.replace(PRESETS["caron"], name="caron-no-check", flash_check_stock=False)
    state = position(rules, ["3h 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4c 4d 4h", pile="8c")
    state, _ = run(state, "flash 3h @2")
    assert "does not let" in why(state, "check-stock").reason


def test_four_threes_without_a_replay_pass_the_turn():
    rules = dataclasses.replace(PRESETS["caron"], name="caron-no-replay", four_extra_turn=False)
    state = position(rules, ["3h 3d 6c", "Kd Qd Jd", "3s 3c 9s"], stock="4c 4d 4h 4s 5s 5d", pile="8c")
    state, _ = run(state, "flash 3h 3d @2", "reflect 3s 3c")
    assert state.pile == () and state.to_move == 0  # from Cat, the next player is Ann


def test_small_helpers():
    assert run_length(()) == 0
    assert A.Play(cards("8h 8d")).rank.char == "8" and A.Flash(cards("3s"), 1).rank.char == "3"
    with pytest.raises(ValueError):
        remove_cards(cards("8h"), cards("9h"))
    state = position("bga", ["Jc", "Kd 4c", "Qd 4d"], pile="8c")
    assert state.active == (0, 1, 2)
    after = run(state, "play Jc")[0]
    assert after.active == (1, 2) and after.source(0) == "none"
    assert state._advance(A.Play(cards("Jc")))[0].out == (0,)


def test_checker_refuses_non_text_and_describes_a_pickup_in_the_comparison():
    with pytest.raises(NotationError):
        check_play("house", pile=None, hand="9c")  # type: ignore[arg-type]
    assert "take the pile" in compare_play(pile="Qc", hand="9d").describe()


def test_random_game_refuses_an_unknown_player():
    with pytest.raises(ValueError, match="unknown policy"):
        random_game("house", 2, 0, policy="clever")
