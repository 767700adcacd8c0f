"""Bret Caron's two-deck version (palace-of-caron.txt), clause by clause, through the engine."""

import pytest

from rules.cards import JOKER
from rules.errors import NotationError
from rules.palace import Phase, start
from palace_support import kinds, legal, ok, position, run, same_cards, why

C = "caron"


# -- Dealing, Getting Started ---------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
def test_caron_dealing_two_packs_without_jokers(players):
    state = start(C, {"players": players, "seed": 2})
    total = state.all_cards()
    assert sum(total.values()) == 104 and total[JOKER] == 0
    assert all(n == 2 for n in total.values())  # every card twice
    assert state.phase is Phase.CHOOSE and [len(h) for h in state.hands] == [6] * players
    assert state.pile == ()  # no first card is turned in this version
    assert len(state.stock) == 104 - 9 * players  # the rest is the pickup stack


def test_caron_dealing_three_face_down_cards_unseen_then_six_more():
    state = start(C, {"players": 3, "seed": 6})
    assert [len(d) for d in state.face_down] == [3, 3, 3] and [len(h) for h in state.hands] == [6, 6, 6]
    for seat in (0, 1, 2):
        assert all(c is None for s in state.view(seat).seats for c in s.face_down)


@pytest.mark.parametrize("players", [1, 7])
def test_caron_dealing_seats_two_to_six_players(players):
    with pytest.raises(NotationError, match="2 to 6") as err:
        start(C, {"players": players})
    assert "palace-of-caron.txt § Dealing" in str(err.value)


def test_caron_getting_started_three_of_the_six_go_face_up():
    state = start(C, {"seats": ["Ann", "Ben"], "seed": 3})
    six = state.hands[state.to_move]
    chosen = " ".join(str(c) for c in six[3:])
    after, _ = run(state, f"choose {chosen}")
    assert same_cards(after.face_up[0], chosen) and same_cards(after.hands[0], " ".join(map(str, six[:3])))
    assert why(after, "choose " + " ".join(str(c) for c in after.hands[1][:4])).legal is False  # three


def test_caron_getting_started_play_goes_to_the_left():
    state = position(C, ["4c 9c", "5c 9d", "6c 9h"], pile="", down=["5s", "5h", "5d"])
    seen = []
    for move in ("play 4c", "play 5c", "play 6c"):
        seen.append(state.to_move)
        state, _ = run(state, move)
    assert seen == [0, 1, 2] and state.to_move == 0


def test_caron_getting_started_worst_face_up_goes_first():
    # 3, 2 and 10 are the wilds here: Ben has none and the lowest highest card
    state = start(C, {"seats": ["Ann", "Ben", "Cat"], "hands": ["5h", "5d", "5c"],
                      "face_up": ["3s 4h 5h", "Ks Qs Js", "Ts Jh Jd"],
                      "face_down": ["6h", "6d", "6c"]})
    assert state.to_move == 1


# -- Card Values --------------------------------------------------------------------
@pytest.mark.parametrize("pile", ["Ac", "6c 7c", "Kc"])
def test_caron_three_is_the_highest_card_and_goes_on_anything(pile):
    state = position(C, ["3h 5c", "Kd", "9h"], stock="4c 4d", pile=pile, down=["", "6s", "6h"])
    assert ok(state, "flash 3h @1") and ok(state, "flash 3h @2")


def test_caron_three_is_flashed_at_a_chosen_player_who_picks_up():
    state = position(C, ["3h 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4c 4d 4h 4s 5s", pile="8c")
    assert not ok(state, "play 3h")  # a 3 is shown to someone
    assert why(state, "play 3h").ref.section == "Card Values (3)"
    state, events = run(state, "flash 3h @2")
    assert "flash" in kinds(events) and state.phase is Phase.FLASH and state.to_move == 2
    assert legal(state) == {"check-stock", "pickup"}
    state, _ = run(state, "pickup")
    assert same_cards(state.hands[2], "9h 9d 9s 8c 3h")
    assert state.to_move == 1  # play goes on after the flasher (Ann): Ben, on an empty pile


def test_caron_three_reflected_back_makes_the_flasher_pick_up():
    state = position(C, ["3h 5c 6c", "Kd Qd Jd", "3s 9d 9s"], stock="4c 4d 4h 4s 5s", pile="8c")
    state, _ = run(state, "flash 3h @2", "reflect 3s")
    assert state.phase is Phase.FLASH and state.to_move == 0
    state, _ = run(state, "pickup")
    assert same_cards(state.hands[0], "5c 6c 4c 8c 3h 3s")
    assert state.to_move == 1  # Ann's flash was her turn; Ben is next


def test_caron_three_reflection_chain_goes_on_until_no_more_threes():
    state = position(C, ["3h 3d 6c", "Kd Qd Jd", "3s 9d 9s"], stock="4c 4d 4h 4s 5s 5d", pile="8c")
    state, _ = run(state, "flash 3h @2", "reflect 3s", "reflect 3d")
    assert state.to_move == 2 and legal(state) == {"check-stock", "pickup"}


def test_caron_flashed_player_without_a_three_may_check_the_stock():
    state = position(C, ["3h 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4c 3d 4h", pile="8c")
    state, _ = run(state, "flash 3h @2")  # Ann refills the 4c: the stock's top is now the 3d
    verdict = why(state, "check-stock")
    assert verdict.legal and verdict.ruling.key == "caron-check-stock-for-three"
    state, events = run(state, "check-stock")
    assert "reflect" in kinds(events) and state.to_move == 0  # the 3d goes back at Ann
    assert same_cards(state.stock, "4h")


def test_caron_checked_stock_card_that_is_not_a_three_stays_and_the_pile_is_taken():
    state = position(C, ["3h 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4c 7d 4h", pile="8c")
    state, _ = run(state, "flash 3h @2", "check-stock")
    assert same_cards(state.stock, "7d 4h") and legal(state) == {"pickup"}
    assert not ok(state, "check-stock")


def test_caron_no_stock_check_while_holding_a_three():
    state = position(C, ["3h 5c 6c", "Kd Qd Jd", "3s 9d 9s"], stock="4c 3d 4h", pile="8c")
    state, _ = run(state, "flash 3h @2")
    assert not ok(state, "check-stock") and ok(state, "reflect 3s")


def test_caron_four_threes_in_a_row_clear_and_end_the_flash():
    state = position(C, ["3h 3d 6c", "Kd Qd Jd", "3s 3c 9s"], stock="4c 4d 4h 4s 5s 5d", pile="8c")
    state, events = run(state, "flash 3h 3d @2", "reflect 3s 3c")
    assert "clear" in kinds(events) and state.pile == ()
    assert state.phase is Phase.PLAY and state.to_move == 2 and state.again == "clear"


def test_caron_two_resets_and_its_player_plays_again():
    state = position(C, ["2h 4c Kc", "Kd"], stock="9h 4d 5d", pile="Qc", down=["", "6s"])
    state, _ = run(state, "play 2h")
    assert state.to_move == 0 and state.again == "reset" and ok(state, "play 4c")
    assert not ok(state, "pickup")


def test_caron_two_follow_up_may_take_the_stock_card_or_keep_it_with_the_pile():
    state = position(C, ["2h 4c Kc", "Kd"], stock="9h 4d 5d", pile="Qc", down=["", "6s"])
    state, _ = run(state, "play 2h", "chance")
    assert legal(state) == {"play 4d", "pickup"}


@pytest.mark.parametrize("pile", ["Ac", "Kc", "6c 7c"])
def test_caron_two_is_wild_second_only_to_the_three(pile):
    state = position(C, ["2h 5c", "Kd"], stock="4c 4d", pile=pile, down=["", "6s"])
    assert ok(state, "play 2h")
    assert ok(state, "play 5c") is (pile == "6c 7c")  # an ordinary 5 goes only under the 7
    flashed = position(C, ["2h 5c", "Kd", "9h"], stock="4c 4d", pile="8c 3s", down=["", "6s", "6h"],
                       flashed_by=1)
    assert not ok(flashed, "reflect 2h") and ok(flashed, "pickup")  # only a 3 answers a 3


def test_caron_two_left_on_top_lets_any_card_follow():
    state = position(C, ["5c 6c 7c", "4d Kd"], stock="2d 9h", pile="9c", down=["", "6s"])
    state, events = run(state, "chance", "play 2d")  # a chanced 2: played, but no replay (rule 5)
    assert "no-replay" in kinds(events) and state.to_move == 1 and str(state.pile[-1]) == "2d"
    verdict = why(state, "play 4d")
    assert verdict.legal and verdict.ruling.key == "two-left-on-top"


@pytest.mark.parametrize("pile", ["Ac", "Kc", "8c 9c"])
def test_caron_ten_is_the_lowest_wild_and_goes_on_any_card(pile):
    state = position(C, ["Th 5c", "Kd"], stock="4c 4d", pile=pile, down=["", "6s"])
    assert ok(state, "play Th")


def test_caron_ten_clears_and_the_turn_passes():
    state = position(C, ["Th 4c Kc", "Kd 5d"], stock="9h 8d", pile="Qc Kh", down=["", "6s"])
    verdict = why(state, "play Th")
    assert verdict.legal and verdict.ref.section == "Playing the game 2"
    state, events = run(state, "play Th")
    assert "clear" in kinds(events) and same_cards(state.cleared, "Qc Kh Th")
    assert state.to_move == 1 and state.again == ""


def test_caron_seven_only_on_a_seven_lower_card_clear_board_or_two():
    for pile, allowed in (("7c", True), ("6c", True), ("", True), ("2c", True), ("8c", False),
                          ("Kc", False)):
        state = position(C, ["7h", "Kd"], pile=pile, down=["5s", "6s"], again="reset" if pile == "2c" else "")
        assert ok(state, "play 7h") is allowed, pile


def test_caron_seven_forces_lower():
    state = position(C, ["5h 7d 8c", "Kd"], pile="6c 7c", down=["5s", "6s"])
    assert ok(state, "play 5h") and ok(state, "play 7d") and not ok(state, "play 8c")
    assert why(state, "play 8c").ref.section == "Card Values (7)"


@pytest.mark.parametrize("wild", ["Th", "2h"])
def test_caron_seven_forces_lower_but_a_wild_still_goes(wild):
    state = position(C, [f"{wild} 8c", "Kd"], pile="6c 7c", down=["5s", "6s"])
    assert ok(state, f"play {wild}")


def test_caron_rank_order_ace_above_king_and_four_lowest():
    state = position(C, ["Ah 4c", "Kd"], pile="Kc", down=["5s", "6s"])
    verdict = why(state, "play Ah")
    assert verdict.legal and verdict.ruling.key == "caron-rank-order"
    assert not ok(state, "play 4c")


# -- Playing the game ---------------------------------------------------------------------
def test_caron_a_turn_cannot_be_skipped():
    state = position(C, ["Kc 5c 6c", "Kd"], stock="4h", pile="", down=["", "6s"])
    assert not ok(state, "pickup") and "pass" not in legal(state)
    assert why(state, "pickup").ref.section == "Playing the game"


def test_caron_play_equal_or_higher_than_the_top_card():
    state = position(C, ["8h 9d Jc 6s", "Kd"], pile="9c", down=["", "6s"])
    assert not ok(state, "play 8h") and ok(state, "play 9d") and ok(state, "play Jc")
    assert why(state, "play 8h").ref.section == "Playing the game 1"


@pytest.mark.parametrize("wild", ["2h", "Th"])
def test_caron_wild_cards_can_always_be_played(wild):
    state = position(C, [f"{wild} 5c", "Kd"], pile="Ks", down=["", "6s"])
    verdict = why(state, f"play {wild}")
    assert verdict.legal and verdict.ref.section == "Playing the game 2" and not ok(state, "play 5c")


def test_caron_multiples_next_player_only_has_to_match_the_rank():
    state = position(C, ["5c 5d 5h", "6d 9s"], pile="4c", down=["6s", "6h"])
    assert {"play 5c", "play 5c 5d", "play 5c 5d 5h"} <= legal(state)
    state, _ = run(state, "play 5c 5d 5h")
    assert ok(state, "play 6d") and why(state, "play 6d").legal


def test_caron_four_of_a_kind_clears_and_its_player_plays_another_card():
    state = position(C, ["6c 6d Kc", "6h 6s Qd", "Jd"], pile="4c", down=["5s", "5h", "5d"])
    state, events = run(state, "play 6c 6d", "play 6h 6s")
    assert "clear" in kinds(events) and state.to_move == 1 and state.again == "clear"


def test_caron_four_of_a_kind_is_not_playable_on_a_higher_card():
    state = position(C, ["5c 5d 5h 5s", "Kd"], pile="Kc", down=["", "6s"])
    assert not ok(state, "play 5c 5d 5h 5s")


def test_caron_chance_card_is_played_or_taken_with_the_pile():
    state = position(C, ["5c 6c 4c", "Kd"], stock="Qh 4d", pile="9c", down=["", "6s"])
    drawn, _ = run(state, "chance")
    assert legal(drawn) == {"play Qh", "pickup"}
    state = position(C, ["5c 6c 4c", "Kd"], stock="8h 4d", pile="9c", down=["", "6s"])
    drawn, _ = run(state, "chance")
    assert legal(drawn) == {"pickup"}


def test_caron_drawn_card_kept_means_taking_the_pile_with_it():
    state = position(C, ["Kc 6c 4c", "Kd"], stock="Qh 4d", pile="9c", down=["", "6s"])
    drawn, _ = run(state, "chance")
    assert not ok(drawn, "play Kc")  # the drawn card is dealt with before anything else
    kept, _ = run(drawn, "pickup")  # keeping it, even a playable Queen, takes the pile too
    assert same_cards(kept.hands[0], "Kc 6c 4c Qh 9c") and kept.to_move == 1


def test_caron_chance_allowed_even_when_able_to_play():
    state = position(C, ["Kc 5c 6c", "Kd"], stock="4h", pile="9c", down=["", "6s"])
    assert ok(state, "play Kc") and ok(state, "chance")
    assert why(state, "chance").ref.section == "Playing the game 5"


def test_caron_after_a_chance_nothing_else_is_played_that_turn():
    state = position(C, ["5c 6c 7c", "Kd 4c"], stock="Th Qd", pile="9c", down=["", "6s"])
    drawn, _ = run(state, "chance")
    assert legal(drawn) == {"play Th", "pickup"}
    state, events = run(drawn, "play Th")
    assert "clear" in kinds(events) and state.to_move == 1 and same_cards(state.hands[0], "5c 6c 7c")


def test_caron_pile_is_taken_only_when_nothing_can_be_played():
    state = position(C, ["Kc 5c 6c", "Kd"], stock="4h", pile="9c", down=["", "6s"])
    verdict = why(state, "pickup")
    assert not verdict.legal and verdict.ruling.key == "caron-no-voluntary-pickup"
    stuck = position(C, ["4c 5c 6c", "Kd"], stock="4h", pile="9c", down=["", "6s"])
    assert ok(stuck, "pickup") and ok(stuck, "chance")


def test_caron_refill_and_quick_throw_of_a_drawn_matching_card():
    state = position(C, ["8h 8d 5c", "Kd Kc Ks"], stock="8s 6c Jd", pile="6c")
    state, _ = run(state, "play 8h 8d")
    assert same_cards(state.hands[0], "5c 8s 6c")  # back to three from the stock
    assert legal(state) == {"quick 8s", "pass"}
    state, _ = run(state, "quick 8s")
    assert same_cards(state.hands[0], "5c 6c Jd") and state.to_move == 1


def test_caron_more_than_three_cards_means_no_draw():
    state = position(C, ["9c 5c 6c 7c", "Kd Kc Ks"], stock="8s 6h", pile="4c")
    state, _ = run(state, "play 9c")
    assert len(state.hands[0]) == 3 and len(state.stock) == 2


def test_caron_original_six_untouched_until_hand_and_stock_are_gone():
    state = position(C, ["5c 6c 7c", "Kd"], up=["Ah Kh Qh", ""], down=["2c 4c 4d", "6s"], stock="9d",
                     pile="4h")
    verdict = why(state, "play Ah")
    assert not verdict.legal and verdict.ref.section == "Playing the game 8"
    assert not ok(state, "flip") and not ok(state, "take-up")
    assert state.view(0).seats[0].face_down == (None, None, None)  # no peeking


# -- End Game -------------------------------------------------------------------------------
def test_caron_face_up_cards_may_be_taken_into_the_hand_or_played_from_the_table():
    state = position(C, ["", "Kd Kc"], up=["9h 9d 4c", ""], down=["5c 6c 7c", "6s"], pile="8d")
    assert {"take-up", "play 9d", "play 9d 9h"} <= legal(state)
    taken, events = run(state, "take-up")
    assert same_cards(taken.hands[0], "9h 9d 4c") and taken.to_move == 0 and "take-up" in kinds(events)
    played, _ = run(state, "play 9h 9d")
    assert same_cards(played.face_up[0], "4c")


def test_caron_end_game_2_face_down_cards_wait_for_face_up_and_picked_up_cards():
    state = position(C, ["", "Kd 5d"], up=["9h 4h", ""], down=["5c 6c 7c", "6s"], pile="Kc")
    verdict = why(state, "flip")
    assert not verdict.legal and verdict.ref.section == "End Game 2"
    state, _ = run(state, "pickup")  # neither face-up card beats the King: Ann takes the pile
    state, _ = run(state, "play 5d")
    assert same_cards(state.hands[0], "Kc") and same_cards(state.face_up[0], "9h 4h")
    assert not ok(state, "flip") and not ok(state, "play 9h")  # the picked-up King goes first
    assert why(state, "flip").ref.section == "End Game 2"


def test_caron_face_down_cards_one_at_a_time():
    state = position(C, ["", "Kd Kc"], down=["9c 5c 6c", "6s"], pile="8d")
    assert why(state, "flip").ref.section == "End Game 3.1"
    state, _ = run(state, "flip")
    assert len(state.face_down[0]) == 2 and state.to_move == 1  # one card, then the next player


def test_caron_no_face_down_card_while_the_hand_holds_cards():
    state = position(C, ["", "Kd Kc"], down=["4c 5c", "6s"], pile="8d")
    state, _ = run(state, "flip", "play Kd")  # the 4 goes into the hand with the pile
    verdict = why(state, "flip")
    assert not verdict.legal and verdict.ref.section == "End Game 3.3"


def test_caron_face_down_card_that_cannot_beat_stays_in_hand_with_the_pile():
    state = position(C, ["", "Kd Kc"], down=["4c 5c", "6s"], pile="8d 9d")
    state, _ = run(state, "flip")
    assert same_cards(state.hands[0], "8d 9d 4c") and same_cards(state.face_down[0], "5c")


def test_caron_after_a_face_down_card_is_played_its_owner_looks_at_the_next():
    state = position(C, ["", "Kd Kc"], down=["9c 9h 5c", "6s"], pile="8d")
    state, _ = run(state, "flip")
    assert state.view(0).seats[0].face_down[0] is not None
    assert "quick flip" not in legal(state) and state.to_move == 1  # no quick throw in this version


def test_caron_end_game_3_5_later_face_down_cards_follow_the_same_rules():
    state = position(C, ["", "Kd Kc 5s"], down=["9c 4c 5c", "6s"], pile="8d")
    state, _ = run(state, "flip", "play Kd")
    state, events = run(state, "flip")  # the second card cannot beat the King either way
    assert next(e for e in events if e.kind == "flip").ref.section == "End Game 3.5"
    assert same_cards(state.hands[0], "8d 9c Kd 4c") and same_cards(state.face_down[0], "5c")


def test_caron_face_down_three_is_flashed_at_a_chosen_player():
    state = position(C, ["", "Kd Qd", "9h"], down=["3c 5c", "4s", "4h"], pile="8c")
    state, _ = run(state, "flip")
    assert state.phase is Phase.REVEAL and legal(state) == {"flash 3c @1", "flash 3c @2"}
    assert why(state, "flash 3c @1").ruling.key == "caron-face-down-three"
    assert "must be played" in why(state, "pickup").reason
    state, _ = run(state, "flash 3c @1")
    assert state.phase is Phase.FLASH and state.to_move == 1


def test_caron_last_face_down_card_that_fails_goes_back_face_down():
    state = position(C, ["", "Kd Kc"], down=["4c", "6s"], pile="9d")
    state, _ = run(state, "flip")
    assert same_cards(state.face_down[0], "4c") and same_cards(state.hands[0], "9d")


def test_caron_first_out_wins():
    state = position(C, ["", "Kd Kc"], down=["Qc", "6s"], pile="9d")
    state, _ = run(state, "flip")
    assert state.is_over and state.winner == 0


# -- Extra Rules ---------------------------------------------------------------------------
def test_caron_five_skips_one_player_per_five():
    hands = ["5c 5d Kc", "Qd", "Qh", "Qs", "Jd"]
    down = ["6s", "6h", "6d", "6c", "7s"]
    state = position(C, hands, pile="4c", down=down, alternates=["five-skips"])
    state, events = run(state, "play 5c 5d")
    assert kinds(events).count("skip") == 2 and state.to_move == 3
    plain = position(C, hands, pile="4c", down=down)
    assert run(plain, "play 5c 5d")[0].to_move == 1  # without the extra rule


def test_caron_four_reverses_the_direction_of_play():
    hands = ["4c 4d Kc", "Qd", "Qh", "Qs"]
    state = position(C, hands, pile="", down=["6s", "6h", "6d", "6c"], alternates=["four-reverses"])
    state, events = run(state, "play 4c 4d")
    assert "reverse" in kinds(events) and state.direction == -1 and state.to_move == 3
    assert why(state, "play Qs").legal
