"""Antes, buying and backing (kings-pot.txt § Antes and the King's pot, § Buying
cards, § Backing a hand; rulings kings-pot-ante-buys-cards, kings-pot-max-buy,
kings-pot-buying-order, kings-pot-turn-order)."""

import pytest

from kp_decks import T1, T1_KING_TWO_PAIR
from rules.cards import parse_cards
from rules.errors import IllegalActionError
from rules.kings_pot import Buy, Phase, Reveal


def test_buying_starts_left_of_the_dealer_and_ends_with_the_dealer(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, dealer="Ana")
    order = []
    while s.phase is Phase.BUY:
        order.append(s.players[s.to_act])
        s = s.apply(Buy(1))
    assert order == ["Ben", "Cleo", "Ana"]
    assert s.phase is Phase.REVEAL and s.players[s.to_act] == "Ana"  # the dealer turns the cards


def test_dealer_given_as_seat_index(deal):
    s = deal(T1, T1_KING_TWO_PAIR, dealer=2)
    assert s.players[s.to_act] == "Ana"  # left of Cleo is the first seat again


def test_ante_is_paid_per_card_bought_into_the_kings_pot(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, ante=2, kings_pot=10)
    s, events = run(s, "buy 3")
    ben = s.seats[1]
    assert ben.stack == 100 - 3 * 2
    assert s.kings_pot == 10 + 6
    assert s.pot == 0  # buying money is not part of the betting pot
    assert events[0].kind == "buy" and events[0].get("chips") == 6


def test_flat_ante_preset_charges_one_ante_per_player_whatever_they_buy(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, variant="flat-ante", ante=3)
    s, _ = run(s, "buy 3", "buy 1")
    assert [seat.stack for seat in s.seats] == [100, 97, 97]
    assert s.kings_pot == 6


def test_bought_cards_come_off_the_spare_pile_in_buying_order(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s")
    s, _ = run(s, "buy 2", "buy 1", "buy 1")
    assert s.seats[1].live == parse_cards("6d 2h")   # Ben bought first
    assert s.seats[2].live == parse_cards("Ks")      # then Cleo
    assert s.seats[0].live == parse_cards("2s")      # the dealer last
    assert s.dealt == 4 and len(s.spare_left) == 22 - 4


def test_every_player_buys_at_least_one_card(deal):
    s = deal(T1, T1_KING_TWO_PAIR)
    verdict = s.explain(Buy(0))
    assert not verdict.legal and "at least 1 card" in verdict.reason
    assert verdict.ruling.key == "kings-pot-ante-buys-cards"


@pytest.mark.parametrize("players, limit", [(3, 7), (4, 5), (5, 4), (11, 2), (12, 1), (22, 1)])
def test_max_buy_per_table_size_is_enforced(players, limit):
    from rules.kings_pot import FAMILY

    names = [f"P{i}" for i in range(players)]
    s = FAMILY.start("standard", {"players": names, "seed": 5})
    assert s.is_legal(Buy(limit))
    verdict = s.explain(Buy(limit + 1))
    assert not verdict.legal
    assert f"at most {limit}" in verdict.reason
    assert verdict.ruling.key == "kings-pot-max-buy"
    with pytest.raises(IllegalActionError):
        s.apply(Buy(limit + 1))


def test_a_full_table_of_22_uses_every_spare_card():
    from rules.kings_pot import FAMILY

    s = FAMILY.start("standard", {"players": [f"P{i}" for i in range(22)], "seed": 9})
    while s.phase is Phase.BUY:
        s = s.apply(Buy(1))
    assert s.spare_left == ()
    assert sum(len(seat.live) for seat in s.seats) == 22


def test_buying_more_than_one_can_pay_for_is_refused(deal):
    s = deal(T1, T1_KING_TWO_PAIR, ante=10, stacks=[100, 25, 100])
    verdict = s.explain(Buy(3))
    assert not verdict.legal and "30 chips" in verdict.reason and "Ben has 25" in verdict.reason


def test_no_reveal_until_everyone_has_bought(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR), "buy 1")
    verdict = s.explain(Reveal(1))
    assert not verdict.legal and "Cleo still has to buy" in verdict.reason


def test_no_buying_after_the_first_reveal(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR), "buy 1", "buy 1", "buy 1")
    verdict = s.explain(Buy(1))
    assert not verdict.legal and verdict.ruling.key == "kings-pot-buying-order"
    s, _ = run(s, "reveal 1")
    assert not s.is_legal(Buy(1))


def test_candidates_show_one_buy_too_many_so_the_tutor_can_explain_it(deal):
    s = deal(T1, T1_KING_TWO_PAIR)
    assert [str(a) for a in s.candidate_actions()] == [f"buy {n}" for n in range(1, 9)]
    assert [str(a) for a in s.legal_actions()] == [f"buy {n}" for n in range(1, 8)]


@pytest.mark.parametrize("count", range(1, 8))
def test_players_receive_as_many_cards_as_they_paid_for(deal, run, count):
    # three players: up to 7 each; ante 2 a card into the King's pot
    s, events = run(deal(T1, T1_KING_TWO_PAIR, ante=2, kings_pot=5), f"buy {count}")
    ben = s.seats[1]
    assert len(ben.live) == count and ben.bought == count
    assert ben.stack == 100 - 2 * count and s.kings_pot == 5 + 2 * count
    assert events[0].get("count") == count and len(events[0].get("cards")) == count


def test_the_ante_is_a_forced_bet_nobody_plays_without_paying(deal):
    s = deal(T1, T1_KING_TWO_PAIR, ante=3)
    # nothing but buying (at least one card, at least one ante) is open before the reveal
    assert all(isinstance(a, Buy) and a.count >= 1 for a in s.legal_actions())
    assert not s.is_legal(Buy(0))
    # the flat-ante preset charges the ante even for the one card everybody must take
    flat = deal(T1, T1_KING_TWO_PAIR, variant="flat-ante", ante=3)
    assert flat.apply(Buy(1)).seats[1].stack == 97
    # a player who cannot pay one ante cannot sit down (ruling kings-pot-ante-buys-cards)
    from rules.errors import NotationError
    with pytest.raises(NotationError, match="Antes and the King's pot"):
        deal(T1, T1_KING_TWO_PAIR, ante=3, stacks=[100, 2, 100])
