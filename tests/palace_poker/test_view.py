"""Hidden information through ``state.view(seat)`` (DESIGN: views)."""

import pytest

from rules.cards import ALL_CARDS, parse_cards
from rules.errors import NotationError

from palace_poker_support import table


def position():
    return table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"},
                 then=["9s"]).apply_text("buy")[0]


def test_view_shows_own_palace_and_hides_the_others_and_the_deck():
    view = position().view("B")
    assert view.seat("B").palace == parse_cards("5d 6d 7d")
    assert view.seat("A").palace is None and view.seat("A").palace_count == 3
    assert view.seat("A").soldiers == parse_cards("9s") and view.seat("A").banner == parse_cards("Kh")[0]
    assert view.deck is None and view.discard is None and view.deck_count == 52 - 3 - 9 - 1
    assert view.legal == ()  # not B's move


def test_teaching_view_shows_everything():
    state = position()
    view = state.view(None)
    assert all(p.palace is not None for p in view.players)
    assert view.deck == state.deck and view.legal == tuple(str(a) for a in state.legal_actions())


def test_actor_view_lists_legal_actions():
    view = position().view("A")
    assert "keep" in view.legal and "discard 9s" in view.legal


def test_unseen_cards_are_everything_the_seat_cannot_see():
    view = position().view("B")
    seen = set(parse_cards("Kh Qs Jd 5d 6d 7d 9s"))
    assert set(view.unseen()) == set(ALL_CARDS) - seen


def test_showdown_reveals_the_palace_cards_to_everyone():
    state = position().apply_text("keep")[0]
    for text in ["B: stay", "C: stay", "A: stay"]:
        state = state.apply_text(text)[0]
    assert state.is_over
    view = state.view("C")
    assert view.seat("A").palace == parse_cards("2c 3c 4c")


def test_a_beaten_caller_sees_both_hands_and_shows_his_own_to_nobody():
    # § Call: B calls last, looks at A's trips, loses, and discards his palace unseen.
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "Ac Ad As", "B": "5d 6d 7d", "C": "8h 9h Th"})
    state = state.apply_text("bet B")[0].apply_text("call")[0]
    assert state.last_battle.winner.name == "A"
    assert state.view("B").last_battle is not None  # the caller saw A's cards
    assert state.view("A").last_battle is None      # ...but A never sees B's
    assert state.view("C").last_battle is None and state.view(None).last_battle is not None


def test_a_winning_caller_shows_his_cards_to_the_beaten_opponent_only():
    # § Call: a caller with the better hand passes his own palace cards over to confirm it.
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "5c 6c 7c", "B": "Ad Ac As", "C": "8h 9h Th"})
    state, events = state.apply_text("bet B")[0].apply_text("call")
    assert state.last_battle.winner.name == "B"
    assert state.view("A").last_battle is not None and state.view("B").last_battle is not None
    assert state.view(2).last_battle is None
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.get("ruling") == "palace-poker-battle-reveal"


def test_view_of_an_unknown_seat_is_refused():
    with pytest.raises(NotationError, match="Zed"):
        position().view("Zed")


def test_the_draw_for_dealer_is_dealt_face_up():
    from rules.palace_poker import start

    state = start("limit", {"seats": ["A", "B"], "dealer": "draw", "seed": 1, "draw_deck": ["Kc", "2d"]})
    state = state.apply_text("deal")[0]
    view = state.view("B")
    assert view.dealer_draw == (("A", parse_cards("Kc")[0]),) and view.legal == ()


def test_view_by_seat_number_matches_view_by_name():
    # the generic layers (tutor, lessons) address seats by number, like the other engines
    state = position()
    assert state.view(1) == state.view("B")
    with pytest.raises(NotationError, match="no seat 7"):
        state.view(7)


def test_a_tied_battle_is_seen_by_both_players():
    # A (Kh | Ks Ad 9d) and B (Kc | Kd As 9s): K K A 9 with one own-suit card each.
    state = table(banners=("Kh", "Kc", "Qs"), palace={"A": "Ks Ad 9d", "B": "Kd As 9s", "C": "2d 3d 4d"})
    state = state.apply_text("A: bet B")[0].apply_text("B: call")[0]
    assert state.last_battle.outcome.value == "both-fold"
    assert state.view("A").last_battle is not None and state.view("B").last_battle is not None


def test_points_game_the_defender_looks_and_a_beaten_defender_shows_nothing():
    state = table("points", banners=("Kh", "Qs", "Jd"), palace={"A": "Ac Ad As", "B": "5d 6d 7d", "C": "8h 9h Th"})
    state, events = state.apply_text("A: bet B")
    reveal = next(e for e in events if e.kind == "reveal")
    assert (reveal.get("seat"), reveal.get("to")) == ("A", "B")
    assert state.view("B").last_battle is not None and state.view("A").last_battle is None
