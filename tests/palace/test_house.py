"""The house rules (palace-house-rules.txt), clause by clause, through the engine."""

import pytest

from rules.cards import JOKER
from rules.errors import IllegalActionError
from rules.palace import Phase, start
from palace_support import kinds, legal, ok, position, run, same_cards, why

H = "house"


# -- Dealing ------------------------------------------------------------------
@pytest.mark.parametrize("players, packs", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_house_dealing_one_pack_with_jokers_per_two_players(players, packs):
    state = start(H, {"players": players, "seed": 1})
    assert sum(state.all_cards().values()) == packs * 54  # 52 cards and two Jokers a pack
    assert state.all_cards()[JOKER] == 2 * packs


def test_house_dealing_three_face_down_then_six_to_choose_from():
    state = start(H, {"players": 4, "seed": 7})
    assert state.phase is Phase.CHOOSE
    assert [len(d) for d in state.face_down] == [3, 3, 3, 3]
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert all(not up for up in state.face_up)
    # 108 cards: 36 dealt, one turned to start the pile, the rest is the pickup stack
    assert len(state.stock) == 108 - 36 - 1 and len(state.pile) == 1
    assert state.notes[0].kind == "deal" and state.notes[0].get("stock") == 108 - 36
    assert state.notes[0].ref.section == "Dealing"


def test_house_dealing_face_down_cards_stay_unseen():
    state = start(H, {"players": 3, "seed": 4})
    for seat in (0, 1, 2, None):
        seen = [c for s in state.view(seat).seats for c in s.face_down if c is not None]
        assert seen == ([] if seat is not None else [c for d in state.face_down for c in d])


def test_house_dealing_deals_one_at_a_time_from_dealers_left():
    deck = ("2c 3c 4c 5c 6c 7c "              # three face-down cards each, alternately
            "8c 9c Tc Jc Qc Kc 2d 3d 4d 5d 6d 7d "  # then six each to choose from
            "8d 9d")                         # the pickup stack; its top card starts the pile
    state = start(H, {"seats": ["Ann", "Ben"], "deck": deck, "dealer": 1})
    # seat 0 (Ann) is on the dealer's left: she gets the 1st, 3rd, 5th card
    assert same_cards(state.face_down[0], "2c 4c 6c") and same_cards(state.face_down[1], "3c 5c 7c")
    assert same_cards(state.hands[0], "8c Tc Qc 2d 4d 6d")
    assert same_cards(state.hands[1], "9c Jc Kc 3d 5d 7d")
    assert same_cards(state.pile, "8d") and same_cards(state.stock, "9d")


def test_house_first_card_ace_two_or_ten_goes_back_and_is_replaced():
    dealt = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 2d 3d 4d 5d 6d 7d"  # 18 cards for two players
    state = start(H, {"seats": ["Ann", "Ben"], "deck": dealt + " As 2s Ts Jk 9h 3h"})
    assert same_cards(state.pile, "9h")
    assert [str(c) for c in state.stock] == ["3h", "As", "2s", "Ts", "Jk"]  # sent under the stock
    assert [e.kind for e in state.notes] == ["deal"] + ["first-card-returned"] * 4 + ["first-card"]


# -- Getting Started ------------------------------------------------------------
def test_house_getting_started_players_put_three_of_six_face_up():
    state = start(H, {"players": 2, "seed": 3})
    six = state.hands[state.to_move]
    chosen = " ".join(str(c) for c in six[:3])
    after, _ = run(state, f"choose {chosen}")
    assert same_cards(after.face_up[0], chosen) and len(after.hands[0]) == 3
    assert not ok(after, "choose " + " ".join(str(c) for c in after.hands[1][:2]))  # three, not two


def test_house_worst_face_up_cards_start_counting_wilds_first():
    # Ann: one wild (2) + K Q; Ben: no wild, K Q J; Cat: no wild, K J 9 -> Cat is worst
    state = start(H, {"seats": ["Ann", "Ben", "Cat"], "hands": ["5h", "5d", "5c"],
                      "face_up": ["2s Kh Qh", "Ks Qs Js", "Kc Jc 9c"], "face_down": ["3h", "3d", "3c"]})
    assert state.to_move == 2


def test_house_worst_face_up_ten_and_joker_count_as_wilds():
    state = start(H, {"seats": ["Ann", "Ben"], "hands": ["5h", "5d"],
                      "face_up": ["Jk 3h 4h", "Ks Qs Js"], "face_down": ["3c", "3d"]})
    assert state.to_move == 1  # Ben has no wild at all


def test_house_play_goes_clockwise_from_the_starter():
    # seats are listed in clockwise order: after Ann comes Ben, then Cat, then Ann again
    state = position(H, ["4c 9c", "5c 9d", "6c 9h"], pile="", down=["3s", "3h", "3d"])
    order = []
    for move in ("play 4c", "play 5c", "play 6c"):
        order.append(state.to_move)
        state, _ = run(state, move)
    assert order == [0, 1, 2] and state.to_move == 0 and state.direction == 1


def test_house_dealer_left_starts_in_the_simple_alternative():
    state = start(H, {"seats": ["Ann", "Ben", "Cat"], "alternates": ["dealer-left"], "dealer": 1,
                      "hands": ["5h", "5d", "5c"], "face_up": ["2s Kh Qh", "Ks Qs Js", "Kc Jc 9c"],
                      "face_down": ["3h", "3d", "3c"]})
    assert state.to_move == 2


# -- Playing the Game 1, 2: match or beat; Kings high, 3s low; wilds ----------------
def test_house_play_equal_or_higher_than_the_top_card():
    state = position(H, ["7h 8d 9s", "Kc"], pile="8c", down=["", "3d"])
    assert not ok(state, "play 7h") and ok(state, "play 8d") and ok(state, "play 9s")
    assert why(state, "play 7h").ref.section == "Playing the Game 1"


def test_house_kings_highest_and_threes_lowest_of_the_ordinary_cards():
    state = position(H, ["3h Qd", "Kc"], pile="Ks", down=["", "3d"])
    assert not ok(state, "play Qd") and not ok(state, "play 3h")
    state = position(H, ["3h Qd", "Kc"], pile="3s", down=["", "3d"])
    assert ok(state, "play 3h") and ok(state, "play Qd")


@pytest.mark.parametrize("wild", ["2h", "Th", "Jk", "Ah"])
def test_house_wild_cards_can_always_be_played(wild):
    state = position(H, [f"{wild} 5c", "Kc"], pile="Ks", down=["", "3d"])
    assert ok(state, f"play {wild}") and not ok(state, "play 5c")


# -- Card Values: Aces ------------------------------------------------------------
def test_house_ace_forces_next_player_to_pick_up():
    state = position(H, ["Ah 5c 6c", "Kc Qd 2s", "9h 9d 9s"], stock="4h 4d 4s 4c", pile="8c")
    state, _ = run(state, "play Ah")
    assert state.to_move == 1
    assert legal(state) == {"pickup", "chance"}  # no Ace: take the pile (or chance it)
    assert not ok(state, "play Kc")
    state, events = run(state, "pickup")
    assert "pickup" in kinds(events) and same_cards(state.hands[1], "Kc Qd 2s 8c Ah")
    assert state.to_move == 2 and state.pile == ()  # the next player lays any card
    assert ok(state, "play 9h")


def test_house_ace_penalty_passes_on_to_the_player_who_cannot_answer():
    state = position(H, ["Ah 5c 6c", "Ad Qd 2s", "9h 9d 9s"], stock="4h 4d 4s 4c", pile="8c")
    state, _ = run(state, "play Ah", "play Ad")
    assert state.to_move == 2 and legal(state) == {"pickup", "chance"}
    state, _ = run(state, "pickup")
    assert same_cards(state.hands[2], "9h 9d 9s 8c Ah Ad")


def test_house_ace_penalty_passes_on_as_long_as_aces_come():
    # three Aces in a row: the fourth player, holding none, takes the pile with all three
    state = position(H, ["Ah 5c 6c", "Ad 7c 8c", "As 7d 8d", "Kc Qc Jc"], stock="4h 4d 4s 4c 5h 5d",
                     pile="9c")
    state, _ = run(state, "play Ah", "play Ad", "play As")
    assert state.to_move == 3 and legal(state) == {"pickup", "chance"}
    state, _ = run(state, "pickup")
    assert same_cards(state.hands[3], "Kc Qc Jc 9c Ah Ad As") and state.to_move == 0


def test_house_ace_only_an_ace_answers_an_ace():
    state = position(H, ["Ah 5c 6c", "Td 2d Jk", "9h 9d 9s"], stock="4h 4d 4s 4c", pile="8c")
    state, _ = run(state, "play Ah")
    for wild in ("Td", "2d", "Jk"):
        verdict = why(state, f"play {wild}")
        assert not verdict.legal and verdict.ruling.key == "house-ace-only-ace-answers"


def test_house_chance_against_an_ace_plays_only_a_drawn_ace():
    state = position(H, ["Ah 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4d As", pile="8c")
    state, _ = run(state, "play Ah")  # Ann draws the 4d
    assert why(state, "chance").ruling.key == "chance-against-ace"
    drawn, _ = run(state, "chance")  # Ben turns up the As
    assert legal(drawn) == {"play As", "pickup"}
    state = position(H, ["Ah 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4d 5d", pile="8c")
    drawn, _ = run(run(state, "play Ah")[0], "chance")
    assert legal(drawn) == {"pickup"}


def test_house_ace_plays_like_a_two_in_the_alternative():
    state = position(H, ["Ah 5c 6c", "Kd Qd Jd"], stock="4h 4d", pile="8c", alternates=["ace-like-two"])
    state, _ = run(state, "play Ah")
    assert state.to_move == 0 and state.again == "reset"  # its player goes again
    assert ok(state, "play 5c")


# -- Card Values: Tens and Jokers ------------------------------------------------------
@pytest.mark.parametrize("clear", ["Th", "Jk"])
def test_house_ten_and_joker_clear_the_pile_and_the_player_plays_again(clear):
    state = position(H, [f"{clear} 5c 6c", "Kd"], stock="4h 4d", pile="8c 9d Kc", down=["", "3s"])
    state, events = run(state, f"play {clear}")
    assert "clear" in kinds(events)
    assert state.pile == () and same_cards(state.cleared, f"8c 9d Kc {clear}")
    assert state.to_move == 0 and state.again == "clear"
    assert ok(state, "play 5c")


def test_house_ten_lets_a_short_hand_draw_before_the_next_card():
    # rule 1's note: three cards, a 10 goes down, a card is drawn before the next one is played
    state = position(H, ["Th 5c 6c", "Kd"], stock="9h 4d", pile="8c", down=["", "3s"])
    state, _ = run(state, "play Th")
    assert same_cards(state.hands[0], "5c 6c 9h") and state.to_move == 0


# -- Card Values: Twos ----------------------------------------------------------------
def test_house_two_resets_and_its_player_plays_any_card():
    state = position(H, ["2h 3c Kc", "Kd"], stock="9h 4d 5d", pile="Qc", down=["", "3s"])
    state, _ = run(state, "play 2h")
    assert state.to_move == 0 and state.again == "reset"
    assert ok(state, "play 3c") and ok(state, "play Kc")


def test_house_two_follow_up_may_turn_the_stock_top_onto_the_pile():
    state = position(H, ["2h 3c Kc", "Kd"], stock="9h 4d 5d", pile="Qc", down=["", "3s"])
    state, _ = run(state, "play 2h", "chance", "play 4d")  # after the refill the stock top was 4d
    assert [str(c) for c in state.pile][-2:] == ["2h", "4d"] and state.to_move == 1


def test_house_two_follow_up_keeping_the_stock_card_takes_the_pile():
    state = position(H, ["2h 3c Kc", "Kd"], stock="9h 4d 5d", pile="Qc", down=["", "3s"])
    state, _ = run(state, "play 2h", "chance", "pickup")
    assert same_cards(state.hands[0], "3c Kc 9h 4d Qc 2h") and state.to_move == 1


def test_house_two_follow_up_has_no_plain_pickup():
    state = position(H, ["2h 3c Kc", "Kd"], stock="9h 4d 5d", pile="Qc", down=["", "3s"])
    state, _ = run(state, "play 2h")
    verdict = why(state, "pickup")
    assert not verdict.legal and verdict.ruling.key == "two-follow-up-options"


# -- Playing the Game 1: refill ------------------------------------------------------------
def test_house_hand_is_refilled_to_three_after_a_play():
    state = position(H, ["9c 5c 6c", "Kd Kc Ks"], stock="Jh Qh Kh", pile="4c")
    state, events = run(state, "play 9c")
    assert same_cards(state.hands[0], "5c 6c Jh") and same_cards(state.stock, "Qh Kh")
    assert "refill" in kinds(events) and state.to_move == 1


# -- Playing the Game 3, 6: chance -------------------------------------------------------
def test_house_chance_draws_and_plays_a_card_that_beats():
    state = position(H, ["5c 6c 7c", "Kd"], stock="Qh 4d", pile="9c", down=["", "3s"])
    state, events = run(state, "chance")
    assert state.phase is Phase.REVEAL and state.drawn.rank.char == "Q"
    assert not ok(state, "play 5c")  # nothing else from the hand after a chance
    state, _ = run(state, "play Qh")
    assert state.to_move == 1 and same_cards(state.hands[0], "5c 6c 7c")


def test_house_chance_card_that_cannot_beat_is_taken_with_the_pile():
    state = position(H, ["5c 6c 7c", "Kd"], stock="4h Qd", pile="9c", down=["", "3s"])
    state, _ = run(state, "chance")
    assert legal(state) == {"pickup"}
    state, _ = run(state, "pickup")
    assert same_cards(state.hands[0], "5c 6c 7c 4h 9c") and state.to_move == 1


def test_house_chance_allowed_on_a_clear_board_or_with_a_playable_card():
    state = position(H, ["5c 6c 7c", "Kd"], stock="4h Qd", pile="", down=["", "3s"])
    assert ok(state, "chance")
    playable = position(H, ["Kc 6c 7c", "Kd"], stock="4h Qd", pile="9c", down=["", "3s"])
    assert ok(playable, "play Kc") and ok(playable, "chance")
    assert why(playable, "chance").ref.section == "Playing the Game 6"


def test_house_after_a_pickup_the_next_player_starts_a_new_pile():
    state = position(H, ["5c 6c 7c", "Kd 3d", "Qs"], stock="4h Qd", pile="9c", down=["", "3s", "3h"])
    state, _ = run(state, "chance", "pickup")  # the 4 cannot go on the 9: Ann takes the pile
    assert state.pile == () and state.to_move == 1
    assert ok(state, "play 3d") and ok(state, "play Kd")  # any card starts the new pile


def test_house_chanced_ten_clears_but_earns_no_replay():
    state = position(H, ["5c 6c 7c", "Kd 4c"], stock="Th Qd", pile="9c", down=["", "3s"])
    state, events = run(state, "chance", "play Th")
    assert state.pile == () and state.to_move == 1
    assert "no-replay" in kinds(events)


def test_house_no_chance_once_the_stock_is_empty():
    state = position(H, ["5c 6c 7c", "Kd"], pile="9c", down=["", "3s"])
    verdict = why(state, "chance")
    assert not verdict.legal and verdict.ruling.key == "chance-empty-stock"
    assert legal(state) == {"pickup"}  # nothing beats the 9: take the pile


def test_house_player_may_pick_up_the_pile_even_when_able_to_play():
    state = position(H, ["Kc 5c 6c", "Kd"], stock="4h", pile="9c", down=["", "3s"])
    assert ok(state, "play Kc") and ok(state, "pickup")
    assert why(state, "pickup").ref.section == "Tips for Developing Strategy"


def test_house_a_turn_cannot_be_skipped():
    state = position(H, ["Kc 5c 6c", "Kd"], stock="4h", pile="", down=["", "3s"])
    assert not ok(state, "pickup") and "pass" not in legal(state)


# -- Playing the Game 4, 5: multiples ---------------------------------------------------------
def test_house_multiples_next_player_only_has_to_match_the_rank():
    state = position(H, ["5c 5d 5h", "6d 9s 9d"], pile="4c", down=["3s", "3h"])
    state, _ = run(state, "play 5c 5d 5h")
    assert ok(state, "play 6d")


def test_house_legal_actions_list_every_count_of_a_rank():
    state = position(H, ["8c 8d 8h Kc", "6d"], pile="4c", down=["3s", "3h"])
    plays = {a for a in legal(state) if a.startswith("play 8")}
    assert plays == {"play 8c", "play 8c 8d", "play 8c 8d 8h"}
    assert ok(state, "play 8h") and ok(state, "play 8d 8h")  # any suits: the same play


def test_house_four_of_a_kind_across_players_clears_to_whoever_completes_it():
    # rule 5's example: a pair of 6s, then the next player's pair of 6s clears for that player
    state = position(H, ["6c 6d 9c", "6h 6s Kd", "Qc"], pile="4c", down=["3s", "3h", "3d"])
    state, events = run(state, "play 6c 6d", "play 6h 6s")
    assert "clear" in kinds(events) and state.pile == ()
    assert state.to_move == 1 and state.again == "clear"  # he can then play another card


def test_house_four_or_more_of_a_kind_can_be_played_at_any_time():
    state = position(H, ["5c 5d 5h 5s 6d", "Kd"], pile="Kc", down=["", "3h"])
    assert not ok(state, "play 5c") and ok(state, "play 5c 5d 5h 5s")
    state, events = run(state, "play 5c 5d 5h 5s")
    assert "clear" in kinds(events) and same_cards(state.cleared, "Kc 5c 5d 5h 5s")
    assert state.to_move == 0 and state.again == "clear" and ok(state, "play 6d")  # like a 2: again


# -- Playing the Game 7, 8: refill and the quick throw ------------------------------------------
def test_house_refill_draws_a_matching_eight_and_throws_it_quickly():
    # 3 cards, two 8s down, draw two: another 8 and a 6; throw the 8 and draw again
    state = position(H, ["8h 8d 5c", "Kd Kc Ks"], stock="8s 6c Jd 4h", pile="7c")
    state, _ = run(state, "play 8h 8d")
    assert state.phase is Phase.AFTER and state.to_move == 0
    assert same_cards(state.hands[0], "5c 8s 6c")
    assert legal(state) == {"quick 8s", "pass"}
    state, _ = run(state, "quick 8s")
    assert same_cards(state.hands[0], "5c 6c Jd") and state.to_move == 1
    assert same_cards(state.pile, "7c 8h 8d 8s") and str(state.pile[-1]) == "8s"


def test_house_quick_throw_only_for_cards_just_drawn():
    state = position(H, ["8h 8d 8c 5c", "Kd Kc Ks"], stock="8s 6c", pile="7c")
    state, _ = run(state, "play 8h 8d")
    assert why(state, "quick 8c").legal is False  # it was in hand already


def test_house_four_cards_in_hand_no_refill_and_turn_over():
    # rule 8's example: holding four, one card goes down, three remain and nothing is drawn
    state = position(H, ["9c 5c 6c 7c", "Kd Kc Ks"], stock="8s 6h", pile="4c")
    state, events = run(state, "play 9c")
    assert len(state.hands[0]) == 3 and len(state.stock) == 2 and "refill" not in kinds(events)
    assert state.to_move == 1


# -- Playing the Game 9 and Ending the Game ------------------------------------------------------
def test_house_original_six_untouched_until_hand_and_stock_are_gone():
    state = position(H, ["5c 6c 7c", "Kd"], up=["Ah Kh Qh", ""], down=["2c 3c 4c", "3s"], stock="9d",
                     pile="4d")
    verdict = why(state, "play Ah")
    assert not verdict.legal and verdict.ref.section == "Playing the Game 9"
    assert not ok(state, "flip")


def test_house_no_peeking_at_face_down_cards():
    state = position(H, ["5c 6c 7c", "Kd"], up=["Ah Kh Qh", ""], down=["2c 3c 4c", "3s"], stock="9d",
                     pile="4d")
    assert state.view(0).seats[0].face_down == (None, None, None)  # not even their owner
    assert state.view(1).seats[0].face_down == (None, None, None)


def test_house_face_up_cards_go_into_the_hand_once_hand_and_stock_are_empty():
    state = position(H, ["9c", "Kd Kc"], up=["Ah Kh Qh", ""], down=["2c 3c 4c", "3s"], pile="4d")
    state, events = run(state, "play 9c")
    assert "take-up" in kinds(events)
    assert same_cards(state.hands[0], "Ah Kh Qh") and state.face_up[0] == ()


def test_house_ending_2_face_down_cards_wait_for_the_face_up_and_picked_up_cards():
    state = position(H, ["9c", "Kd 5d 6d"], up=["4h", ""], down=["Qc Qd Qs", "3s"], pile="8d")
    state, _ = run(state, "play 9c")  # hand and stock empty: the face-up 4 joins the hand
    state, _ = run(state, "play Kd")
    verdict = why(state, "flip")  # the former face-up card is still in hand
    assert not verdict.legal and verdict.ref.section == "Ending the Game 2"
    state, _ = run(state, "pickup")  # the 4 cannot beat the King: Ann takes the pile
    assert same_cards(state.hands[0], "4h 8d 9c Kd") and not ok(state, "flip")
    emptied = position(H, ["", "5d 6d"], down=["Qc Qd Qs", "3s"], pile="8d")
    assert ok(emptied, "flip")  # only once every such card is gone


def test_house_face_down_card_that_beats_is_played_blind():
    state = position(H, ["", "Kd Kc"], down=["Qc 3c", "3s"], pile="9d")
    assert legal(state) >= {"flip"}
    assert why(state, "flip").ref.section == "Ending the Game 3a"
    assert state.view(0).seats[0].face_down == (None, None)  # blind: not seen before it is turned
    state, events = run(state, "flip")
    assert "flip" in kinds(events) and [str(c) for c in state.pile][-1] == "Qc"
    assert same_cards(state.face_down[0], "3c") and state.to_move == 1  # one card, then the turn ends


def test_house_face_down_card_that_cannot_beat_stays_in_hand_with_the_pile():
    state = position(H, ["", "Kd Kc"], down=["4c 3c", "3s"], pile="8d 9d")
    state, events = run(state, "flip")
    assert same_cards(state.hands[0], "8d 9d 4c") and same_cards(state.face_down[0], "3c")
    assert state.to_move == 1
    taken = next(e for e in events if e.kind == "pickup")
    assert taken.ref.section == "Ending the Game 3b" and same_cards(taken.get("cards"), "8d 9d 4c")


def test_house_no_face_down_card_while_the_hand_holds_cards():
    state = position(H, ["5c", "Kd Kc"], down=["4c 3c", "3s"], pile="8d")
    verdict = why(state, "flip")
    assert not verdict.legal


def test_house_next_face_down_card_of_the_same_rank_is_thrown_quickly():
    state = position(H, ["", "Kd Kc"], down=["9c 9h 4c", "3s"], pile="8d")
    state, _ = run(state, "flip")
    assert state.phase is Phase.AFTER and "quick flip" in legal(state)
    assert state.view(0).seats[0].face_down[0] is not None  # she looked at it
    assert state.view(1).seats[0].face_down[0] is None  # nobody else did
    state, _ = run(state, "quick flip")
    assert [str(c) for c in state.pile][-2:] == ["9c", "9h"] and state.to_move == 1


def test_house_ending_3e_the_second_face_down_card_follows_the_same_rules():
    state = position(H, ["", "Kd Kc 5s"], down=["9c 4c 3c", "3s"], pile="8d")
    state, events = run(state, "flip")  # the 9 beats the 8 and is played; Ann looks at the next
    assert next(e for e in events if e.kind == "flip").ref.section == "Ending the Game 3a"
    state, _ = run(state, "play Kd")
    state, events = run(state, "flip")  # the second card, the 4, cannot beat the King: as for the first
    assert next(e for e in events if e.kind == "flip").ref.section == "Ending the Game 3e"
    assert same_cards(state.hands[0], "8d 9c Kd 4c") and same_cards(state.face_down[0], "3c")
    assert not ok(state.apply(state.parse_action("play 5s")), "flip")  # 3c: hand first, again


def test_house_last_face_down_card_that_beats_wins():
    state = position(H, ["", "Kd Kc"], down=["Qc", "3s"], pile="9d")
    state, events = run(state, "flip")
    assert state.is_over and state.winner == 0 and "out" in kinds(events)


def test_house_last_face_down_card_that_fails_goes_back_face_down_to_be_played_last():
    state = position(H, ["", "Kd Kc"], down=["4c", "3s"], pile="9d")
    state, events = run(state, "flip")
    assert "returned" in kinds(events)
    assert same_cards(state.hands[0], "9d") and same_cards(state.face_down[0], "4c")
    assert not state.is_over and state.to_move == 1


def test_house_first_player_out_wins_and_the_game_ends():
    state = position(H, ["9c", "Kd Kc", "5h"], pile="4d")
    state, _ = run(state, "play 9c")
    assert state.is_over and state.winner == 0 and state.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        state.apply(state.parse_action("pickup"))


# -- Alternate Rules ---------------------------------------------------------------------------
def test_house_last_card_must_be_announced_or_the_pile_is_taken():
    state = position(H, ["", "Kd Kc 5s", "6d"], down=["9c 3c", "3s", "3d"], pile="8d",
                     alternates=["last-card"])
    state, _ = run(state, "flip")  # 9c is played; one face-down card left
    assert state.phase is Phase.AFTER and legal(state) == {"last-card", "pass"}
    silent, _ = run(state, "pass")
    assert "call-out @0" in legal(silent)
    caught, events = run(silent, "call-out @0")
    assert "call-out" in kinds(events) and same_cards(caught.hands[0], "8d 9c")
    assert caught.to_move == 1 and caught.pile == ()  # Ben goes on, on an empty pile
    called, _ = run(state, "last-card")
    assert "call-out @0" not in legal(called)


def test_house_last_card_call_also_after_a_failed_face_down_card():
    state = position(H, ["", "Kd Kc 5s", "6d"], down=["4c 3c", "3s", "3d"], pile="8d",
                     alternates=["last-card"])
    state, _ = run(state, "flip")  # the 4 cannot go on the 8: taken with the pile, one card left
    assert same_cards(state.hands[0], "8d 4c") and legal(state) == {"last-card", "pass"}
    state, _ = run(state, "last-card")
    assert state.to_move == 1 and "call-out @0" not in legal(state)


def test_house_last_card_call_is_off_by_default():
    state = position(H, ["", "Kd Kc"], down=["9c 3c", "3s"], pile="8d")
    state, _ = run(state, "flip")
    assert not ok(state, "last-card")


def test_house_jokers_reverse_instead_of_clearing():
    state = position(H, ["Jk 5c", "6c 6d", "Th 7h"], stock="4c 4d 4h 4s", pile="8c 9c",
                     alternates=["jokers-reverse"])
    state, events = run(state, "play Jk")
    assert "clear" not in kinds(events) and "reverse" in kinds(events)
    assert same_cards(state.pile, "8c 9c Jk") and state.cleared == ()
    assert state.to_move == 2 and state.top.char == "9"  # back the other way; the 9 still counts
    assert not ok(state, "play 7h") and ok(state, "play Th")
    plain = position(H, ["Jk 5c", "6c 6d", "Th 7h"], stock="4c 4d 4h 4s", pile="8c 9c")
    assert "clear" in kinds(run(plain, "play Jk")[1])  # without the option a Joker clears


def test_house_jokers_reverse_play_and_turn_an_ace_back_on_its_player():
    state = position(H, ["Ah 5c", "Jk 6c", "9h 9d"], stock="4c 4d 4h 4s 5s", pile="8c",
                     alternates=["jokers-reverse"])
    state, _ = run(state, "play Ah")
    verdict = why(state, "play Jk")
    assert verdict.legal and verdict.ruling.key == "house-joker-reverse"
    state, events = run(state, "play Jk")
    assert "reverse" in kinds(events) and state.direction == -1
    assert state.to_move == 0 and state.top.char == "A"  # the Ace still stands, now against Ann
    assert legal(state) == {"pickup", "chance"}
