"""Reveal rounds and betting (kings-pot.txt § First reveal and betting, § Second
reveal, § Third reveal, § Cards of equal rank; rulings kings-pot-bet-sizes,
kings-pot-folding-some-cards, kings-pot-no-all-in, kings-pot-turn-order).

The deck is T1 with spare cards 6d 2h (Ben), Ks (Cleo), 2s (Ana): Ben holds two
cards, the others one each. Ante 1 a card, stacks 100, bets 1 to 5 a card.
"""

import pytest

from kp_decks import HAND_CELLS, T1, T1_KING_TWO_PAIR, cells_of
from rules.cards import Card, parse_cards
from rules.errors import IllegalActionError
from rules.kings_pot import Bet, Call, Check, Fold, FoldCard, Phase, Raise, Reveal, Showdown

SPARES = "6d 2h Ks 2s"


@pytest.fixture
def betting(deal, run):
    """After the buying and the first reveal: Ben to act first."""
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2", "buy 1", "buy 1", "reveal 1")
    return s


def names(state):
    return state.players[state.to_act]


def test_reveal_turns_the_cells_labelled_one_in_order(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2", "buy 1", "buy 1")
    assert not s.is_legal(Reveal(2)) and "round 1, not 2" in s.explain(Reveal(2)).reason
    s, events = run(s, "reveal 1")
    shown = [e.get("card") for e in events if e.kind == "reveal"]
    # cells 0, 7, 14, 16, 23 of T1 by hand: 9c (r1c1), 6h (r2c3), Kd (r3c5), 5d (r4c2), Th (r5c4)
    assert shown == list(parse_cards("9c 6h Kd 5d Th"))
    assert s.face_up == frozenset({0, 7, 14, 16, 23})
    assert s.explain(Reveal(1)).legal is False


def test_a_betting_round_follows_each_reveal_and_starts_left_of_the_dealer(betting, run):
    assert betting.phase is Phase.BET and names(betting) == "Ben"
    s, events = run(betting, "check", "check", "check")
    assert events[-1].kind == "round-over"
    assert s.phase is Phase.REVEAL and names(s) == "Ana"  # the dealer turns round 2
    s, _ = run(s, "reveal 2")
    assert names(s) == "Ben"
    s, _ = run(s, "check", "check", "check", "reveal 3", "check", "check", "check")
    assert s.phase is Phase.SHOWDOWN
    assert not s.is_legal(Reveal(3)) and s.is_legal(Showdown())


def test_amount_due_is_per_card_held(betting, run):
    s, _ = run(betting, "bet 2")
    assert s.seats[1].stack == 98 - 2 * 2           # Ben: 2 cards at 2
    assert s.due(2) == 2 and s.explain(Call()).reason.endswith("2 chips")
    s, _ = run(s, "call", "raise 1")                  # Cleo pays 2; Ana raises to 3 on 1 card
    assert s.level == 3 and s.seats[0].stack == 99 - 3
    assert s.due(1) == (3 - 2) * 2                   # Ben owes 1 more a card on 2 cards
    s, _ = run(s, "call", "call")
    assert s.pot == 4 + 2 + 3 + 2 + 1
    assert s.phase is Phase.REVEAL


def test_check_is_refused_when_something_is_due(betting, run):
    s, _ = run(betting, "bet 2")
    verdict = s.explain(Check())
    assert not verdict.legal and "Cleo owes 2 a card on 1 card (2 chips)" in verdict.reason


def test_call_bet_and_raise_need_the_right_situation(betting, run):
    assert "no bet to call" in betting.explain(Call()).reason
    assert "no bet to raise" in betting.explain(Raise(1)).reason
    s, _ = run(betting, "bet 1")
    assert "already a bet of 1" in s.explain(Bet(1)).reason


@pytest.mark.parametrize("action", [Bet(6), Bet(0), Raise(6)])
def test_bets_and_raises_stay_between_min_and_max_per_card(betting, run, action):
    s = betting if isinstance(action, Bet) else run(betting, "bet 1")[0]
    verdict = s.explain(action)
    assert not verdict.legal and "1 to 5 chips a card" in verdict.reason
    assert verdict.ruling.key == "kings-pot-bet-sizes"


def test_at_most_three_raises_a_round(betting, run):
    s, _ = run(betting, "bet 1", "raise 1", "raise 1", "raise 1")
    verdict = s.explain(Raise(1))
    assert not verdict.legal and "3 raises" in verdict.reason
    assert s.is_legal(Call())


def test_raise_is_by_an_amount_per_card(betting, run):
    s, events = run(betting, "bet 2", "raise 3")
    assert s.level == 5 and events[0].get("chips") == 5  # Cleo, one card, to 5
    assert str(Raise(3)) == "raise 3"


def test_folding_one_card_keeps_the_turn_and_lowers_what_is_due(betting, run):
    s, events = run(betting, "fold 2h")
    assert names(s) == "Ben" and events[0].kind == "fold-card"
    assert s.seats[1].live == (Card.parse("6d"),) and s.seats[1].folded == (Card.parse("2h"),)
    s, _ = run(s, "bet 2")
    assert s.seats[1].stack == 98 - 2  # now one card


def test_chips_paid_on_a_folded_card_stay_in_the_pot(betting, run):
    s, _ = run(betting, "bet 1", "call", "call", "reveal 2")
    pot, stack = s.pot, s.seats[1].stack
    s, _ = run(s, "fold 2h")
    assert (s.pot, s.seats[1].stack) == (pot, stack)
    assert s.explain(FoldCard(Card.parse("2h"))).reason == "Ben has already folded the 2♥"


def test_two_cards_of_one_rank_can_be_folded_down_to_one(deal, run):
    # Ben buys 6d 6s: both back the Six's hand; folding one saves paying twice
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 6s Ks 2s"), "buy 2", "buy 1", "buy 1", "reveal 1")
    verdict = s.explain(FoldCard(Card.parse("6s")))
    assert verdict.legal and "Six's hand" in verdict.reason
    assert verdict.ref.section == "Cards of equal rank"


def test_the_last_card_cannot_be_folded_singly(betting, run):
    s, _ = run(betting, "check")  # Cleo, one card
    verdict = s.explain(FoldCard(Card.parse("Ks")))
    assert not verdict.legal and "last card" in verdict.reason
    assert verdict.ruling.key == "kings-pot-folding-some-cards"
    assert "does not hold the 9♠" in s.explain(FoldCard(Card.parse("9s"))).reason


def test_folding_everything_leaves_the_deal_and_skips_the_player(betting, run):
    s, events = run(betting, "fold")
    assert events[0].kind == "fold" and not s.seats[1].in_deal
    assert s.seats[1].folded == parse_cards("6d 2h") and s.seats[1].live == ()
    s, _ = run(s, "check", "check", "reveal 2")
    assert names(s) == "Cleo"  # Ben is skipped


def test_no_all_in_a_short_stack_must_fold_cards_or_fold(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES, stacks=[100, 100, 5]),
               "buy 2", "buy 1", "buy 1", "reveal 1", "bet 5")
    verdict = s.explain(Call())
    assert not verdict.legal and "Cleo has 4" in verdict.reason
    assert verdict.ruling.key == "kings-pot-no-all-in"
    assert [str(a) for a in s.legal_actions()] == ["fold"]
    assert "that costs" in s.explain(Raise(1)).reason


def test_a_bet_beyond_the_stack_is_refused(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES, stacks=[100, 8, 100]), "buy 2", "buy 1", "buy 1",
               "reveal 1")
    assert s.is_legal(Bet(3)) and not s.is_legal(Bet(4))  # 6 chips left, 2 cards


def test_betting_actions_wait_for_a_betting_round(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, SPARES)
    assert "still buying" in s.explain(Check()).reason
    s, _ = run(s, "buy 2", "buy 1", "buy 1")
    assert "turn the cells labelled 1" in s.explain(Bet(1)).reason
    assert "not finished" in run(s, "reveal 1")[0].explain(Reveal(2)).reason
    assert "after the third betting round" in s.explain(Showdown()).reason


def test_illegal_action_raises_with_reason_and_context(betting):
    with pytest.raises(IllegalActionError) as err:
        betting.apply(Call())
    assert err.value.state is betting and err.value.action == Call()
    assert "no bet to call" in str(err.value) and "kings-pot.txt" in str(err.value)


def test_not_an_action_is_refused(betting):
    assert not betting.is_legal("call")


def test_legal_actions_on_a_betting_turn(betting, run):
    assert [str(a) for a in betting.legal_actions()] == [
        "check", "bet 1", "bet 2", "bet 3", "bet 4", "bet 5", "fold", "fold 6d", "fold 2h"]
    s, _ = run(betting, "bet 5")
    assert [str(a) for a in s.legal_actions()] == [
        "call", "raise 1", "raise 2", "raise 3", "raise 4", "raise 5", "fold"]
    assert Fold() in s.legal_actions()


def test_bets_go_to_a_pot_separate_from_the_kings_pot(betting, run):
    kings = betting.kings_pot
    s, _ = run(betting, "bet 1", "call", "call")
    assert s.kings_pot == kings and s.pot == 2 + 1 + 1
    assert s.view(0).pot == 4 and s.view(0).kings_pot == kings


def shown_per_hand(view):
    """Independent count over the hand-written lines: face-up cards of each hand."""
    up = {i for i, c in enumerate(view.tableau) if c is not None}
    return {name: len(up & set(cells_of(name))) for name in HAND_CELLS}


def test_first_reveal_shows_one_card_of_every_tableau_hand_and_none_of_the_kings(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2", "buy 1", "buy 1", "reveal 1")
    for seat in range(3):
        v = s.view(seat)
        assert shown_per_hand(v) == {name: 1 for name in HAND_CELLS}
        assert v.kings_hand == (None,) * 5 and not v.kings_face_up
    assert s.phase is Phase.BET  # a betting round follows


def test_second_reveal_shows_a_second_card_of_every_tableau_hand(betting, run):
    s, _ = run(betting, *["check"] * 3, "reveal 2")
    for seat in range(3):
        v = s.view(seat)
        assert shown_per_hand(v) == {name: 2 for name in HAND_CELLS}
        assert v.kings_hand == (None,) * 5
    assert s.phase is Phase.BET and s.reveals == 2


def test_third_reveal_shows_three_cards_of_every_tableau_hand_then_a_third_betting_round(betting, run):
    s, _ = run(betting, *["check"] * 3, "reveal 2", *["check"] * 3, "reveal 3")
    for seat in range(3):
        v = s.view(seat)
        assert shown_per_hand(v) == {name: 3 for name in HAND_CELLS}
        assert v.kings_hand == (None,) * 5
    assert s.phase is Phase.BET and s.reveals == 3
    s, _ = run(s, *["check"] * 3)
    assert s.phase is Phase.SHOWDOWN  # no fourth reveal: the showdown is next
    assert not s.is_legal(Reveal(4)) and not s.is_legal(Reveal(3))
