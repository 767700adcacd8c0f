"""Palace as played on Board Game Arena (palace-bga.txt), clause by clause, and its worked
example of play, through the engine."""

import pytest

from rules.cards import JOKER
from rules.palace import Phase, start
from palace_support import kinds, legal, ok, position, run, same_cards, why

B = "bga"


# -- Deal and number of players ------------------------------------------------------------
@pytest.mark.parametrize("players, each", [(2, 6), (3, 4), (4, 3)])
def test_bga_number_of_players_sets_the_cards_each(players, each):
    state = start(B, {"players": players, "seed": 5})
    assert sum(state.all_cards().values()) == 52 and state.all_cards()[JOKER] == 0
    assert [len(x) for x in state.face_down] == [each] * players
    assert [len(x) for x in state.face_up] == [each] * players
    assert [len(x) for x in state.hands] == [each] * players
    assert len(state.stock) == 52 - 3 * each * players


@pytest.mark.parametrize("players, each", [(2, 6), (3, 4)])
def test_bga_number_of_players_sets_the_refill_size(players, each):
    hands = ["9c " + " ".join(f"{r}h" for r in "23456"[:each - 1]), "Kd", "Ks"][:players]
    state = position(B, hands, stock="Qs Qd Qc Js Jd", pile="8c", down=["3c", "3d", "3s"][:players])
    state, _ = run(state, "play 9c")  # one card short: drawn back up to the table's number
    assert len(state.hands[0]) == each and len(state.stock) == 4


def test_bga_one_pack_for_two_to_four_players_only():
    with pytest.raises(ValueError, match="2 to 4 players"):
        start(B, {"players": 5})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bga_short_game_three_each_and_a_16_card_deck(players):
    state = start(B, {"players": players, "seed": 5, "alternates": ["short-game"]})
    assert [len(x) for x in state.hands] == [3] * players
    assert len(state.stock) == 16 and len(state.unused) == 52 - 9 * players - 16
    assert state.view(0).unused_size == len(state.unused)


def test_bga_deal_face_down_cards_are_secret_from_every_player():
    state = start(B, {"players": 4, "seed": 2})
    for seat in range(4):
        assert all(c is None for s in state.view(seat).seats for c in s.face_down)  # the owner too
        assert state.view(seat).seats[(seat + 1) % 4].face_up == state.face_up[(seat + 1) % 4]
    assert state.notes[0].kind == "deal" and state.notes[0].ref.section == "Deal"
    assert state.notes[0].get("stock") == 52 - 36


def test_bga_deal_face_down_then_face_up_then_hand():
    deck = ("2c 2d 3c 3d 4c 4d "  # three face-down each (two players, six each, so 12)
            "5c 5d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc Jd Qc Qd Kc Kd Ac Ad 2h 2s 3h 3s 4h 4s 5h 5s 6h 6s")
    state = start(B, {"seats": ["Ann", "Ben"], "deck": deck})
    assert same_cards(state.face_down[0], "2c 3c 4c 5c 6c 7c")
    assert same_cards(state.face_up[0], "8c 9c Tc Jc Qc Kc")
    assert same_cards(state.hands[1], "Ad 2s 3s 4s 5s 6s")


# -- Exchange of cards, start ---------------------------------------------------------------
def test_bga_players_may_swap_hand_and_face_up_cards_before_play():
    state = start(B, {"players": 2, "seed": 9})
    assert state.phase is Phase.SWAP
    h, u = state.hands[0][0], state.face_up[0][0]
    after, _ = run(state, f"swap {h} {u}")
    assert u in after.hands[0] and h in after.face_up[0] and after.to_move == 0
    after, _ = run(after, "ready", "ready")
    assert after.phase is Phase.PLAY


def test_bga_lowest_card_in_hand_starts_and_must_be_played():
    state = start(B, {"seats": ["Ann", "Ben", "Cat"], "hands": ["2c 5h 9h", "4d Kd Ks", "6c 7c Ac"],
                      "face_up": ["Qh", "Qd", "Qc"], "face_down": ["Jh", "Jd", "Jc"]})
    assert state.to_move == 1  # Ann's 2 does not count: Ben's 4 is the lowest
    assert legal(state) == {"play 4d"}
    assert why(state, "play Kd").ruling.key == "bga-lowest-card-tie"


def test_bga_lowest_card_tie_is_broken_at_random_reproducibly():
    base = {"seats": ["Ann", "Ben", "Cat"], "hands": ["3c 5h 9h", "3d Kd Ks", "6c 7c Ac"],
            "face_up": ["Qh", "Qd", "Qc"], "face_down": ["Jh", "Jd", "Jc"]}
    starters = {start(B, {**base, "seed": s}).to_move for s in range(20)}
    assert starters == {0, 1}  # either 3-holder, never Cat
    assert start(B, {**base, "seed": 4}).to_move == start(B, {**base, "seed": 4}).to_move


# -- Playing cards ------------------------------------------------------------------------
def test_bga_each_card_must_be_at_least_as_high_as_the_last():
    state = position(B, ["7h 8d Ah", "Kc"], pile="8c", down=["", "3d"])
    assert not ok(state, "play 7h") and ok(state, "play 8d") and ok(state, "play Ah")  # Ace high


def test_bga_two_goes_on_anything_and_anything_goes_on_a_two():
    state = position(B, ["2h 8d", "3c"], pile="Ac", down=["", "3d"])
    assert ok(state, "play 2h") and not ok(state, "play 8d")
    state, _ = run(state, "play 2h")
    assert state.to_move == 1 and ok(state, "play 3c")  # no extra turn for a 2 here


def test_bga_nine_the_next_player_must_go_lower_or_play_a_nine():
    state = position(B, ["5h 9d Kd Td 2d", "3c"], pile="8c 9c", down=["", "3d"])
    assert ok(state, "play 5h") and ok(state, "play 9d") and ok(state, "play 2d")
    assert not ok(state, "play Kd") and not ok(state, "play Td")
    assert why(state, "play Kd").ref.section == "Special cards: 9"


def test_bga_ten_burns_the_stack_and_grants_another_turn():
    state = position(B, ["Td 5h", "3c"], pile="8c 9h", stock="4c 4d", down=["", "3d"])
    assert not ok(state, "play Td")  # a 10 is higher than the 9
    state = position(B, ["Td 5h", "3c"], pile="8c", stock="4c 4d", down=["", "3d"])
    state, events = run(state, "play Td")
    assert "clear" in kinds(events) and same_cards(state.cleared, "8c Td")
    assert state.to_move == 0 and state.pile == ()


def test_bga_ten_not_playable_on_queen():
    state = position(B, ["9d Td", "3c"], pile="Qc", down=["", "3d"])
    verdict = why(state, "play Td")
    assert not verdict.legal and verdict.ruling.key == "bga-ten-not-wild"
    assert legal(state) == {"pickup"}


def test_bga_fourth_card_of_a_rank_burns_whoever_plays_it():
    state = position(B, ["7c Kc", "7d 7h 7s", "Qd"], pile="6c", stock="", down=["3c", "3d", "3h"])
    state, events = run(state, "play 7c", "play 7d 7h 7s")
    assert "clear" in kinds(events) and state.to_move == 1 and state.again == "clear"


def test_bga_four_of_a_kind_is_not_playable_on_a_higher_card():
    state = position(B, ["5c 5d 5h 5s", "Kd"], pile="Kc", down=["", "6s"])
    assert not ok(state, "play 5c 5d 5h 5s")


def test_bga_player_who_will_not_play_picks_up_and_play_moves_on():
    state = position(B, ["Kd 5h", "3c"], pile="8c 9d", down=["", "3d"])
    assert ok(state, "play 5h") and ok(state, "pickup")
    state, events = run(state, "pickup")
    assert same_cards(state.hands[0], "Kd 5h 8c 9d") and state.to_move == 1 and state.pile == ()


def test_bga_no_chance_in_this_version():
    state = position(B, ["Kd 5h 6h", "3c"], stock="4c", pile="8c", down=["", "3d"])
    assert not ok(state, "chance")


def test_bga_hands_are_refilled_to_three_while_the_deck_lasts():
    state = position(B, ["Kd 5h 6h", "3c 4c 5c", "3s 4s 5s", "Ah Ac As"], stock="4d Jc", pile="4h",
                     down=["3h", "3d", "7h", "7d"])  # four players: three cards each
    state, _ = run(state, "play 5h")
    assert len(state.hands[0]) == 3 and same_cards(state.stock, "Jc")


def test_bga_face_up_cards_follow_an_empty_hand_and_deck_several_of_a_rank_at_once():
    state = position(B, ["", "3c"], up=["8h 8d Kd", ""], down=["4c 5c 6c", "3d"], pile="7c")
    assert {"play 8d", "play 8d 8h", "play Kd"} <= legal(state)
    assert not ok(state, "flip")


def test_bga_multiples_from_hand_or_face_up_but_not_both():
    state = position(B, ["8h", "3c"], up=["8d 8c", ""], down=["4c", "3d"], pile="7c")
    verdict = why(state, "play 8h 8d")
    assert not verdict.legal and verdict.ref.section == "Playing cards: multiples"
    assert ok(state, "play 8h")  # from the hand alone
    table = position(B, ["", "3c"], up=["8d 8c Kd", ""], down=["4c", "3d"], pile="7c")
    assert ok(table, "play 8c 8d")  # or from the face-up cards alone


def test_bga_face_down_card_that_is_illegal_is_taken_with_the_stack():
    state = position(B, ["", "3c"], down=["4c 5c", "3d"], pile="7c 8h")
    assert legal(state) == {"flip", "pickup"}
    state, _ = run(state, "flip")
    assert same_cards(state.hands[0], "7c 8h 4c") and state.to_move == 1


def test_bga_one_face_down_card_per_turn():
    state = position(B, ["", "3c 5c"], down=["Qc Qd 4c", "3d"], pile="7c")
    assert why(state, "flip").ref.section == "Playing cards: table cards"
    state, _ = run(state, "flip")  # the Queen is played; the next Queen waits for the next turn
    assert same_cards(state.pile, "7c Qc") and len(state.face_down[0]) == 2 and state.to_move == 1
    assert legal(state) >= {"pickup"} and "quick flip" not in legal(state)


def test_bga_last_face_down_card_that_is_illegal_is_taken_too():
    state = position(B, ["", "3c"], down=["4c", "3d"], pile="7c")
    state, _ = run(state, "flip")
    assert same_cards(state.hands[0], "7c 4c") and state.face_down[0] == ()


def test_bga_a_pickup_forfeits_the_turn():
    state = position(B, ["5h 6h", "3c 4c"], pile="Kc", down=["3d", "3h"])
    state, events = run(state, "pickup")
    assert kinds(events) == ["pickup"] and state.to_move == 1  # no card goes down after it
    assert same_cards(state.hands[0], "5h 6h Kc")


def test_bga_after_a_pickup_the_hand_is_played_before_the_table_cards():
    state = position(B, ["", "3c"], up=["Kd", ""], down=["4c", "3d"], pile="Ac")
    state, _ = run(state, "pickup")
    state, _ = run(state, "play 3c")  # Ben
    assert not ok(state, "play Kd") and ok(state, "play Ac")
    assert why(state, "play Kd").ref.section == "Playing cards: after a pickup"


def test_bga_players_go_out_and_the_last_one_left_loses():
    state = position(B, ["Jc", "Kd 4c", "Qd 4d"], pile="8c")
    state, events = run(state, "play Jc")
    assert 0 in state.out and not state.is_over and "out" in kinds(events)
    assert state.to_move == 1
    state, _ = run(state, "play Kd", "pickup", "play 4c")  # Cat takes the pile; Ben plays his last card
    assert state.is_over and state.loser == 2 and state.out == (0, 1)


def test_bga_out_player_with_an_extra_turn_just_goes_out():
    state = position(B, ["Tc", "Kd 4c", "Qd 4d"], pile="8c")
    state, _ = run(state, "play Tc")
    assert 0 in state.out and state.to_move == 1


# -- Example of Play -------------------------------------------------------------------------
EXAMPLE = {
    "seats": ["PlayerA", "PlayerB", "PlayerC", "PlayerD"],
    "hands": ["3c 3d 4c 4d", "", "8c 8d 8s 6c 6d 6h 6s", "9d Ts"],
    "face_up": ["Kc Kd", "8h Jc Jd", "Tc Td Th", "Ks Qh Jh"],
    "face_down": ["5c 5d 5h", "7c 7d 7h", "Qc 9c 9h", "5s 7s 2h"],
    "stock": "",                # the deck is already empty
    "pile": "Kh 2c",            # a 2 lies on top when the example begins
    "to_move": 0,
}


def test_bga_example_of_play():
    state = start(B, EXAMPLE)
    # PlayerA plays two 3s
    state, _ = run(state, "play 3c 3d")
    # PlayerB has no cards in hand and plays one of her face-up cards, an 8
    assert state.to_move == 1 and state.source() == "face-up"
    state, _ = run(state, "play 8h")
    # PlayerC plays three more 8s: four in a row burn the stack and she plays again
    state, events = run(state, "play 8c 8d 8s")
    assert "clear" in kinds(events) and state.pile == () and state.to_move == 2
    assert same_cards(state.cleared, "Kh 2c 3c 3d 8h 8c 8d 8s")
    # four 6s burn again and give yet another turn; her hand is now empty
    state, events = run(state, "play 6c 6d 6h 6s")
    assert "clear" in kinds(events) and state.to_move == 2 and state.hands[2] == ()
    # three face-up 10s burn the (empty) stack
    state, events = run(state, "play Tc Td Th")
    assert "clear" in kinds(events) and state.to_move == 2 and state.face_up[2] == ()
    # a face-down card: a Queen
    state, events = run(state, "flip")
    assert [str(c) for c in state.pile] == ["Qc"] and state.to_move == 3
    # PlayerD holds only a 9 and a 10: neither goes on the Queen, so he picks up
    assert legal(state) == {"pickup"}
    assert not ok(state, "play 9d") and not ok(state, "play Ts")
    state, _ = run(state, "pickup")
    assert same_cards(state.hands[3], "9d Ts Qc")  # luckily only a Queen
    # PlayerA finds the stack empty again and plays two 4s
    assert state.to_move == 0 and state.pile == ()
    state, _ = run(state, "play 4c 4d")
    assert same_cards(state.pile, "4c 4d") and state.to_move == 1
