"""Hidden information, per-card verdicts for the app, events and wrong-phase explanations."""

import pytest

from rules.errors import IllegalActionError
from rules.palace import Phase, start
from rules.palace.actions import parse_action
from palace_support import kinds, legal, position, run, why


def test_view_hides_other_hands_face_down_cards_and_stock_order():
    state = start("bga", {"players": 3, "seed": 4})
    view = state.view(1)
    assert view.seats[1].hand == state.hands[1]
    assert view.seats[0].hand is None and view.seats[0].hand_size == len(state.hands[0])
    assert all(c is None for seat in view.seats for c in seat.face_down)
    assert view.seats[2].face_up == state.face_up[2]  # face-up cards are public
    assert view.stock is None and view.stock_size == len(state.stock)
    full = state.view(None)
    assert full.stock == state.stock and full.seats[0].hand == state.hands[0]
    assert full.seats[0].face_down == state.face_down[0]


def test_view_chance_card_is_seen_only_by_its_drawer():
    state = position("house", ["5c 6c 7c", "Kd"], stock="Qh 4d", pile="9c", down=["", "3s"])
    state, _ = run(state, "chance")
    assert state.view(0).drawn is not None and state.view(1).drawn is None


def test_view_quick_cards_shown_to_their_owner_only():
    state = position("house", ["8h 8d 5c", "Kd Kc Ks"], stock="8s 6c Jd", pile="7c")
    state, _ = run(state, "play 8h 8d")
    assert state.view(0).quick_cards and state.view(1).quick_cards is None


def test_card_verdicts_dim_and_highlight_each_card_with_its_reason():
    state = position("house", ["3c 9d Th", "Kd"], up=["Ah", ""], down=["2c", "3s"], stock="4c", pile="8c")
    verdicts = state.card_verdicts()
    assert verdicts[state.hands[0][0]].legal is False  # 3 on an 8
    assert verdicts[state.hands[0][1]].legal and verdicts[state.hands[0][2]].legal
    table = verdicts[state.face_up[0][0]]
    assert not table.legal and "table" in table.reason


def test_card_verdicts_in_a_flash_and_a_quick_window():
    state = position("caron", ["3h 5c 6c", "Kd Qd Jd", "3s 9d 9s"], stock="4c 4d 4h 4s 5s", pile="8c")
    assert state.card_verdicts()[state.hands[0][0]].legal  # a 3 is flashed at the next player
    flashed, _ = run(state, "flash 3h @2")
    verdicts = {str(c): v.legal for c, v in flashed.card_verdicts().items()}
    assert verdicts == {"3s": True, "9d": False, "9s": False}
    quick = position("house", ["8h 8d 5c", "Kd Kc Ks"], stock="8s 6c Jd", pile="7c")
    quick, _ = run(quick, "play 8h 8d")
    marks = {str(c): v.legal for c, v in quick.card_verdicts().items()}
    assert marks == {"5c": False, "8s": True, "6c": False}
    drawn, _ = run(position("house", ["5c 6c 7c", "Kd"], stock="Qh 4d", pile="9c", down=["", "3s"]), "chance")
    assert [v.legal for v in drawn.card_verdicts().values()] == [True]


def test_candidate_actions_include_illegal_plays_with_reasons():
    state = position("house", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    candidates = {str(a) for a in state.candidate_actions()}
    assert {"play 3c", "play 9d", "pickup", "chance", "flip"} <= candidates
    assert legal(state) < candidates


@pytest.mark.parametrize("preset, absent", [
    ("house", {"take-up", "last-card", "call-out @1"}),  # face-up cards go to the hand by themselves
    ("bga", {"take-up", "chance", "last-card", "call-out @1"}),
    ("caron", {"last-card", "call-out @1"}),
])
def test_candidate_actions_leave_out_moves_the_rule_set_does_not_have(preset, absent):
    # issue 32: a question in the online rules offered 'take a chance' and 'announce the last
    # card', moves of other rule books; a move the rules never allow is not worth asking about
    state = position(preset, ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    candidates = {str(a) for a in state.candidate_actions()}
    assert not absent & candidates
    assert {"play 3c", "play 9d", "pickup", "flip"} <= candidates
    with_call = position("house+last-card", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    assert {"last-card", "call-out @1"} <= {str(a) for a in with_call.candidate_actions()}


@pytest.mark.parametrize("move", ["choose 3c 9d 4c", "swap 3c 9d", "ready", "reflect 3s", "check-stock",
                                  "quick 9d", "quick flip", "pass"])
def test_actions_of_another_phase_are_refused_with_the_phase_named(move):
    state = position("house", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    verdict = state.explain(parse_action(move))
    assert not verdict.legal and "not possible now" in verdict.reason
    with pytest.raises(IllegalActionError) as err:
        state.play(parse_action(move))
    assert err.value.verdict == verdict and err.value.state is state


def test_apply_refuses_what_is_legal_refuses():
    state = position("house", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    with pytest.raises(IllegalActionError, match="lower than an eight"):
        state.apply(parse_action("play 3c"))
    assert state.apply(parse_action("play 9d")).to_move == 1


def test_events_narrate_a_clear_and_a_replay():
    state = position("bga", ["Td 5h", "3c"], pile="8c", stock="4c 4d", down=["", "3d"])
    _, events = run(state, "play Td")
    assert kinds(events) == ["play", "clear", "refill", "extra-turn"]
    assert all(e.text and e.ref is not None for e in events)
    assert events[1].get("cards") == state.pile + (state.hands[0][0],)


def test_state_is_immutable_and_has_a_readable_text():
    state = position("house", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"])
    with pytest.raises(AttributeError):
        state.pile = ()
    assert "pile: 8c" in str(state) and "Ann" in str(state) and "house" in repr(state)


@pytest.mark.parametrize("move, fragment", [
    ("play 9d 3c", "single rank"),
    ("play Qs", "not among your hand"),
    ("flip", "face-down cards stay untouched while the stock lasts"),
    ("take-up", "not taken into the hand"),
    ("last-card", "not part of this rule set"),
    ("call-out @1", "not part of this rule set"),
    ("flash 9d @1", "not one"),
])
def test_illegal_moves_explain_themselves(move, fragment):
    state = position("house", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    verdict = why(state, move)
    assert not verdict.legal and fragment in verdict.reason


def test_caron_explanations_for_flash_moves():
    state = position("caron", ["3h 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4c", pile="8c")
    assert "name one" in why(state, "play 3h").reason
    assert "another player" in why(state, "flash 3h @0").reason
    assert "another player" in state.explain(parse_action("flash 3h @9")).reason  # no seat 9
    flashed, _ = run(state, "flash 3h @2")
    assert "only a flash card" in why(flashed, "reflect 9h").reason
    stockless = position("caron", ["3h 5c", "Kd Qd Jd", "9h 9d 9s"], pile="8c")
    flashed, _ = run(stockless, "flash 3h @2")
    assert "stock is empty" in why(flashed, "check-stock").reason
    assert "not among" in why(flashed, "reflect 3c").reason


def test_reveal_plays_only_the_drawn_card():
    state = position("house", ["5c 6c 7c", "Kd"], stock="Qh 4d", pile="9c", down=["", "3s"])
    state, _ = run(state, "chance")
    assert "just turned up" in why(state, "play 5c").reason


def test_after_window_explanations():
    state = position("house", ["8h 8d 5c", "Kd Kc Ks"], stock="8s 6c Jd", pile="7c")
    state, _ = run(state, "play 8h 8d")
    assert "only the rank just played" in why(state, "quick 5c").reason
    assert "cannot be thrown" in why(state, "quick flip").reason
    assert why(state, "pass").legal


def test_a_refused_move_changes_nothing():
    state = position("house", ["3c 9d", "Kd"], pile="8c", down=["2c", "3s"], stock="4c")
    before = (state.view(None), state.legal_actions(), state.card_indexes())
    for move in ("play 3c", "flip", "choose 3c 9d 4c", "play Qs"):
        with pytest.raises(IllegalActionError):
            state.apply(parse_action(move))
    assert (state.view(None), state.legal_actions(), state.card_indexes()) == before
