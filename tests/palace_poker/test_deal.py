"""The deal (§ The Deal, § Palace Cards): first dealer, ante, banner groups, reshuffles."""

import random

import pytest

from rules.cards import Card, parse_cards
from rules.palace_poker import Phase, start


def deal_events(state):
    events = []
    while state.phase in (Phase.DEALER_DRAW, Phase.ANTE, Phase.BANNERS, Phase.SHUFFLE):
        state, evs = state.play(state.candidate_actions()[0])
        events.extend(evs)
    return state, events


@pytest.mark.parametrize("stakes, ante", [("5/10", 2), ("3/6", 1), ("7/14", 3), ("10/20", 5), ("1/2", 0)])
def test_ante_is_half_a_small_bet_rounded_down(stakes, ante):
    state = start("limit", {"seats": ["A", "B", "C"], "seed": 1, "stakes": stakes})
    assert state.rules.ante_amount == ante
    if ante:
        after = state.apply_text("ante")[0]
        assert after.pot == 3 * ante
    else:  # nothing to pay: the deal starts with the banners
        assert state.phase is Phase.BANNERS


def test_ante_can_be_set_by_the_table():
    state = start("limit", {"seats": ["A", "B"], "seed": 1, "rules": {"ante": 4}})
    assert state.apply_text("ante")[0].pot == 8


def test_first_dealer_by_high_card_ties_draw_again():
    # A and B tie with kings, C is out; on the second round B's nine beats A's three.
    state = start("limit", {"seats": ["A", "B", "C"], "dealer": "draw", "seed": 5,
                            "draw_deck": ["Kc", "Ks", "5d", "3h", "9c"]})
    assert state.phase is Phase.DEALER_DRAW and state.dealer is None
    kinds = []
    for _ in range(5):
        state, events = state.apply_text("deal")
        kinds += [e.kind for e in events]
    assert kinds.count("dealer-draw") == 5 and "dealer-tie" in kinds and "dealer" in kinds
    assert state.dealer_name == "B"
    assert state.phase is Phase.ANTE and state.to_act == "B"
    assert [state.players[i].name for i in state.deal_order] == ["C", "A", "B"]  # C sits at B's left
    assert len(state.deck) == 52 and state.accounted()


def test_explicit_dealer_and_seats_read_clockwise():
    state = start("limit", {"seats": ["A", "B", "C", "D"], "dealer": "b", "seed": 2})
    assert state.dealer_name == "B"
    assert [state.players[i].name for i in state.deal_order] == ["C", "D", "A", "B"]


def test_banner_suits_distinct_within_seats_1_to_4_5_to_8_and_9_to_10():
    for seed in range(40):
        n = random.Random(seed).randint(2, 10)
        state, _ = deal_events(start("limit", {"seats": [f"P{i}" for i in range(n)], "seed": seed}))
        order = [state.players[i] for i in state.deal_order]
        for group in (order[0:4], order[4:8], order[8:10]):
            suits = [p.banner.suit for p in group]
            assert len(set(suits)) == len(suits), (seed, [str(p.banner) for p in order])
        assert state.accounted()


def test_fifth_player_may_share_a_suit_with_the_first_group():
    # The fifth banner (a new group) may repeat a suit of seats 1-4.
    state = start("limit", {"seats": list("ABCDE"), "deck": ["Kh", "Qs", "Jd", "Tc", "9h"], "seed": 1})
    state, events = deal_events(state)
    assert [str(p.banner) for p in state.players] == ["Kh", "Qs", "Jd", "Tc", "9h"]
    assert not [e for e in events if e.kind == "banner-rejected"]


def test_banner_deal_reshuffles_set_aside_cards_when_deck_runs_out():
    # Ten players. Seats 1-3 get clubs, hearts, diamonds; seat 4 must have spades and the
    # deck holds every other club, heart and diamond before the spades, so 36 are set aside.
    # Seat 5 takes a spade; seat 6 needs another suit but only spades are left: they are
    # all set aside, the deck runs out, and the set-aside cards are shuffled to go on.
    others = list(parse_cards("Ac Ah Ad"))
    rest = [Card.parse(r + s) for s in "chd" for r in "KQJT98765432"]
    spades = [Card.parse(r + "s") for r in "AKQJT98765432"]
    deck = [str(c) for c in others + rest + spades]
    assert len(deck) == 52
    state = start("limit", {"seats": [f"P{i}" for i in range(10)], "deck": deck, "seed": 3})
    state, events = deal_events(state)
    kinds = [e.kind for e in events]
    assert "reshuffle" in kinds
    first_reshuffle = kinds.index("reshuffle")
    assert kinds[:first_reshuffle].count("banner-kept") == 5
    order = [state.players[i] for i in state.deal_order]
    assert str(order[3].banner) == "As" and str(order[4].banner) == "Ks"
    # the deal goes on with the player the dealer had reached: the sixth from his left
    after = events[first_reshuffle + 1]
    assert after.kind in ("banner-kept", "banner-rejected") and after.get("name") == order[5].name
    assert events[first_reshuffle].ref.section == "The Deal"
    for group in (order[0:4], order[4:8], order[8:10]):
        assert len({p.banner.suit for p in group}) == len(group)
    assert state.accounted()


def test_extras_go_back_and_deck_is_reshuffled_before_the_palace_deal():
    state = start("limit", {"seats": ["A", "B"], "deck": ["Kh", "Qh", "Qs"], "seed": 9})
    state, events = deal_events(state)
    assert [e.kind for e in events][-1] == "shuffle"
    assert len(state.deck) == 50 and Card.parse("Qh") in state.deck and state.set_aside == ()


def test_palace_cards_three_each_one_at_a_time_from_the_dealers_left():
    state = start("limit", {"seats": ["A", "B", "C"], "dealer": "A", "deck": ["Kh", "Qs", "Jd"],
                            "palace_deck": "2c 3c 4c 5c 6c 7c 8c 9c Tc", "seed": 1})
    state, _ = deal_events(state)
    got = []
    for _ in range(9):
        state, events = state.apply_text("deal")
        got.append((events[0].get("name"), str(events[0].get("card"))))
    assert got == [("B", "2c"), ("C", "3c"), ("A", "4c"), ("B", "5c"), ("C", "6c"), ("A", "7c"),
                   ("B", "8c"), ("C", "9c"), ("A", "Tc")]
    assert state.phase is Phase.TURN and state.to_act == "B"
    assert all(len(p.palace) == 3 for p in state.players)


def test_stacked_deck_may_be_partial_and_the_rest_follows_the_seed():
    setup = {"seats": ["A", "B"], "deck": ["Kh", "Qs"], "seed": 11}
    a, b = start("limit", setup), start("limit", setup)
    assert a.deck == b.deck and a.deck[:2] == parse_cards("Kh Qs")
    other = start("limit", {**setup, "seed": 12})
    assert other.deck[:2] == a.deck[:2] and other.deck != a.deck


def test_one_standard_52_card_pack_without_jokers():
    # § The Cards: one ordinary pack. The expected pack is spelled out here, rank by
    # rank and suit by suit, not taken from the engine's own list.
    expected = {Card.parse(r + s) for r in "23456789TJQKA" for s in "cdhs"}
    assert len(expected) == 52
    state = start("limit", {"seats": ["A", "B", "C"], "seed": 4})
    while state.phase is not Phase.TURN:
        state = state.apply(state.candidate_actions()[0])
        held = [c for zone in state.card_zones().values() for c in zone]
        assert len(held) == 52 and set(held) == expected
        assert not any(c.is_joker for c in held)


def test_draw_for_dealer_suits_do_not_break_a_tie():
    # § The Deal: no suit ranks, so As and Ah tie; both draw again and B's 3d beats A's 2c.
    state = start("limit", {"seats": ["A", "B"], "dealer": "draw", "seed": 1,
                            "draw_deck": ["As", "Ah", "2c", "3d"]})
    state, events = state.apply_text("deal")
    state, events = state.apply_text("deal")
    assert [e.kind for e in events] == ["dealer-draw", "dealer-tie"] and state.dealer is None
    state, _ = state.apply_text("deal")
    state, events = state.apply_text("deal")
    assert state.dealer_name == "B" and "dealer" in [e.kind for e in events]
    assert all(e.ref.section == "The Deal" for e in events)
