"""The showdown, the split and the King's pot (kings-pot.txt § Showdown,
§ Winning the King's pot; rulings kings-pot-cards-name-the-hand,
kings-pot-main-pot-winner, kings-pot-kings-hand-wins, kings-pot-odd-chips,
kings-pot-uncontested).

Players Ana (dealer), Ben, Cleo; ante 1 a card; 100 chips each; the King's pot
starts with 10 carried from an earlier deal. Expected winners come from the
hand-worked categories of the decks in kp_decks.py.
"""

import pytest

from kp_decks import T1, T1_KING_TWO_PAIR, T1_KING_WHEEL_FLUSH, T3, T3_KING_STRAIGHT
from rules.cards import parse_cards
from rules.errors import IllegalActionError
from rules.kings_pot import FAMILY, HandName, Phase

QUIET = ("check", "check", "check")  # a betting round where nobody bets


def to_showdown(state, run, *round1):
    """Play round 1 as given, check rounds 2 and 3, then the showdown."""
    s, _ = run(state, "reveal 1", *round1, "reveal 2", *QUIET, "reveal 3", *QUIET)
    assert s.phase is Phase.SHOWDOWN
    return run(s, "showdown")


def stacks(state):
    return {name: seat.stack for name, seat in zip(state.players, state.seats)}


def test_best_backed_hand_wins_not_the_best_hand_on_the_table(deal, run):
    # Ben backs Six's (pair of twos) and Two's (jack high), Cleo the King's (two pair),
    # Ana the Two's. The Ace's full house and the Eight's straight have no backer.
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s", kings_pot=10), "buy 2", "buy 1", "buy 1")
    s, events = to_showdown(s, run, "bet 2", "call", "call")
    out = s.outcome
    assert out.winning_hands == (HandName.KING,)
    assert [s.players[w] for w in out.winners] == ["Cleo"]
    assert stacks(s) == {"Ana": 100 - 1 - 2, "Ben": 100 - 2 - 4, "Cleo": 100 - 1 - 2 + 8}
    assert not out.kings_pot_won and out.carried == 10 + 4 and s.kings_pot == 14
    assert [e.kind for e in events][-2:] == ["pot-won", "kings-pot-carried"]
    assert s.phase is Phase.OVER and s.is_over and s.legal_actions() == ()


def test_bought_cards_only_name_the_hand_they_do_not_join_it(deal, run):
    # Ben holds 2h 2s: were they added to the Two's hand (2c 3d 6h 8s Jd) it would be
    # three twos and beat Cleo's King's hand (two pair). They are not.
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "2h 2s Ks 6d"), "buy 2", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, *QUIET)
    assert s.outcome.winning_hands == (HandName.KING,)
    assert s.outcome.hand(HandName.TWO).describe() == "high card, jack high"


def test_kings_hand_best_gives_both_pots_to_the_player_with_the_best_backed_hand(deal, run):
    # King's hand: straight flush to the five, above T1's full house. Ana backs the
    # Ace's hand (full house), the best a player holds: she takes both pots.
    s, _ = run(deal(T1, T1_KING_WHEEL_FLUSH, "6d 2s Ad", kings_pot=10), "buy 1", "buy 1", "buy 1")
    s, events = to_showdown(s, run, "bet 1", "call", "call")
    out = s.outcome
    assert out.kings_pot_won and [s.players[w] for w in out.winners] == ["Ana"]
    assert stacks(s) == {"Ana": 100 - 1 - 1 + 3 + 13, "Ben": 98, "Cleo": 98}
    assert s.kings_pot == 0 and out.carried == 0
    assert events[-1].kind == "kings-pot-won"


def test_a_backer_of_the_kings_hand_takes_both_pots_when_it_is_best(deal, run):
    s, _ = run(deal(T1, T1_KING_WHEEL_FLUSH, "6d Ks Ad", kings_pot=10), "buy 1", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, *QUIET)
    assert s.outcome.kings_pot_won
    assert s.outcome.winning_hands == (HandName.KING,)
    assert [s.players[w] for w in s.outcome.winners] == ["Cleo"]
    assert stacks(s)["Cleo"] == 99 + 13


def test_without_a_kings_backer_the_best_tableau_backer_takes_the_kings_pot(deal, run):
    # Ben: Six's (pair of twos); Cleo: Two's (jack high); Ana: Ten's (ace high)
    s, _ = run(deal(T1, T1_KING_WHEEL_FLUSH, "6d 2s Td", kings_pot=10), "buy 1", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, *QUIET)
    assert s.outcome.kings_pot_won and s.outcome.winning_hands == (HandName.SIX,)
    assert [s.players[w] for w in s.outcome.winners] == ["Ben"]


def test_kings_hand_tying_the_best_tableau_hand_does_not_win_the_kings_pot(deal, run):
    # T3: Eight's straight to the ten (Ana, 8c) ties the King's straight to the ten (Ben, Ks).
    # Both backed hands win: the pot of 3 splits 2 / 1, the odd chip to Ben, first from the
    # dealer's left. The King's pot carries.
    s, _ = run(deal(T3, T3_KING_STRAIGHT, "Ks 2s 8c", kings_pot=10), "buy 1", "buy 1", "buy 1")
    s, _ = run(s, "reveal 1", "bet 1", "call", "call", "reveal 2", *QUIET, "reveal 3",
               "check", "fold", "check", "showdown")
    out = s.outcome
    assert set(out.winning_hands) == {HandName.EIGHT, HandName.KING}
    assert out.pot_shares == ((1, 2), (0, 1))
    assert not out.kings_pot_won and s.kings_pot == 13


def test_players_backing_the_same_hand_split_evenly_one_share_each(deal, run):
    # Ben holds two aces, Cleo one: both back the Ace's full house, the best backed hand.
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "Ad Ah As 2s"), "buy 2", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, "bet 1", "call", "raise 1", "call", "call")
    assert s.outcome.pot == 8
    assert s.outcome.pot_shares == ((1, 4), (2, 4))


def test_last_player_holding_cards_wins_uncontested_and_the_kings_pot_carries(deal, run):
    s, _ = run(deal(T1, T1_KING_WHEEL_FLUSH, "6d Ks Ad", kings_pot=10), "buy 1", "buy 1", "buy 1")
    s, events = run(s, "reveal 1", "bet 3", "fold", "fold")
    out = s.outcome
    assert out.uncontested and s.is_over and [s.players[w] for w in out.winners] == ["Ben"]
    assert stacks(s)["Ben"] == 99  # got his own 3 back
    assert s.kings_pot == 13 and out.carried == 13  # the King's hand would have won, but no showdown
    assert [e.kind for e in events] == ["fold", "pot-won", "kings-pot-carried"]
    assert s.face_up == frozenset({0, 7, 14, 16, 23})  # nothing more is turned
    assert not s.is_legal(FAMILY.start("standard", {"players": ["a", "b", "c"], "seed": 1})
                          .legal_actions()[0])
    assert "over" in s.explain(s.parse_action("showdown")).reason


def test_showdown_events_turn_the_rest_and_show_every_hand(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d Ks 2s"), "buy 1", "buy 1", "buy 1")
    s, events = to_showdown(s, run, *QUIET)
    kinds = [e.kind for e in events]
    assert kinds.count("reveal") == 10 and kinds.count("hand") == 13 and kinds.count("show") == 3
    assert "kings-hand" in kinds
    ace = next(e for e in events if e.kind == "hand" and e.get("hand") is HandName.ACE)
    assert ace.text == "Ace's hand: full house, nines over fours"


def test_kings_pot_is_carried_into_the_next_deal_and_grows(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s", kings_pot=10), "buy 2", "buy 1", "buy 1")
    s, _ = to_showdown(s, run, "bet 2", "call", "call")
    assert s.kings_pot == 14
    nxt = s.next_setup(deck=" ".join(T1) + " " + T1_KING_WHEEL_FLUSH + " 6d 2s Ad")
    assert nxt["kings_pot"] == 14 and nxt["dealer"] == "Ben"
    assert nxt["stacks"] == [97, 94, 105]
    s2 = FAMILY.start("standard", nxt)
    assert s2.kings_pot == 14 and s2.players[s2.to_act] == "Cleo"
    s2, _ = run(s2, "buy 1", "buy 1", "buy 1")
    assert s2.kings_pot == 17  # it grows with the new antes
    s2, _ = to_showdown(s2, run, *QUIET)
    # Cleo (6d, pair of twos), Ana (2s), Ben (Ad, the Ace's full house): Ben takes the King's pot
    assert s2.outcome.kings_pot_won and [s2.players[w] for w in s2.outcome.winners] == ["Ben"]
    assert s2.seats[1].stack == 94 - 1 + 17
    assert s2.next_setup(seed=3)["kings_pot"] == 0


def test_next_deal_only_when_over_and_sits_out_the_broke(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, "6d Ks 2s 3s", players=["Ana", "Ben", "Cleo", "Dan"],
             stacks=[100, 100, 100, 1])
    with pytest.raises(IllegalActionError):
        s.next_setup(seed=1)
    s, _ = run(s, "buy 1", "buy 1", "buy 1", "buy 1", "reveal 1", "check", "check", "check",
               "check", "reveal 2", "bet 1", "fold", "fold", "fold")
    nxt = s.next_setup(seed=7)
    assert nxt["players"] == ["Ana", "Ben", "Cleo"]  # Dan spent his last chip on his card
    assert nxt["seed"] == 7 and "deck" not in nxt
    with pytest.raises(ValueError):
        s.next_setup()
    with pytest.raises(ValueError):
        s.next_setup(seed=1, deck="As")


def test_next_deal_needs_three_players_who_can_pay(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, "6d Ks 2s", stacks=[100, 1, 100])
    s, _ = run(s, "buy 1", "buy 1", "buy 1", "reveal 1", "check", "bet 1", "fold", "fold")
    with pytest.raises(IllegalActionError, match="only 2 players"):
        s.next_setup(seed=1)


def test_chips_add_up_after_every_step_of_a_deal(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s", kings_pot=10)
    total = 300 + 10
    for text in ["buy 2", "buy 1", "buy 1", "reveal 1", "bet 2", "raise 1", "call", "call",
                 "reveal 2", "fold 2h", "bet 1", "call", "call", "reveal 3", "check", "check",
                 "check", "showdown"]:
        s = s.apply(s.parse_action(text))
        assert s.total_chips == total


def test_odd_chips_go_one_each_from_the_dealers_left():
    from rules.kings_pot.showdown import split

    assert split(10, [2, 0, 1]) == ((2, 4), (0, 3), (1, 3))
    assert split(0, [1]) == ((1, 0),)
    with pytest.raises(ValueError):
        split(5, [])


def test_best_of_nothing_is_nothing():
    from rules.kings_pot.showdown import best_of

    assert best_of([]) == ()


# rows worked by hand: the Ace's hand A-2-3-4-5 is a straight with the ace low; the
# Two's hand and the Six's column and Jack's diagonal hold pairs of aces; no line makes
# more than two pair apart from the straight; the King's hand 2h 3d 4c 6c 8h is eight high.
ACE_LOW_ROWS = ["Ac 2d 3h 4s 5c", "Ad Ah 7c 8c 9d", "Kc Kd 7d 8d Ts", "Qc Jd 6h 9h 2s", "Js Th 6s 9s 3c"]
ACE_LOW_KING = "2h 3d 4c 6c 8h"


def test_aces_count_low_in_a_straight_at_the_showdown(deal, run):
    # Ben buys As (the Ace's hand), Cleo 5d (the Five's), Ana 9c (the Nine's)
    s, _ = run(deal(ACE_LOW_ROWS, ACE_LOW_KING, "As 5d 9c"), "buy 1", "buy 1", "buy 1")
    s, events = to_showdown(s, run, *QUIET)
    hands = {e.get("hand"): e for e in events if e.kind == "hand"}
    ace = hands[HandName.ACE]
    assert ace.text == "Ace's hand: straight to the five, the ace counting low"
    assert ace.ref.section == "Players and cards"
    assert hands[HandName.TWO].text == "Two's hand: one pair, aces" and hands[HandName.TWO].ref.section == "Showdown"
    assert s.outcome.winning_hands == (HandName.ACE,) and [s.players[w] for w in s.outcome.winners] == ["Ben"]


def test_showdown_turns_every_card_for_every_seat_and_active_players_show_theirs(deal, run):
    # Ana folds everything in round 1: she shows nothing; Ben and Cleo are active and show
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d 2h Ks 2s"), "buy 2", "buy 1", "buy 1")
    s, _ = run(s, "reveal 1", "check", "check", "fold")
    s, _ = to_showdown_from_round_2(s, run)
    for seat in range(3):
        v = s.view(seat)
        assert v.tableau == parse_cards(" ".join(T1))               # all 25 cells
        assert v.kings_hand == parse_cards(T1_KING_TWO_PAIR) and v.kings_face_up
        assert v.players[1].cards == parse_cards("6d 2h") and v.players[2].cards == parse_cards("Ks")
        if seat != 0:
            assert v.players[0].cards is None and v.players[0].folded is None


def to_showdown_from_round_2(state, run):
    return run(state, "reveal 2", "check", "check", "reveal 3", "check", "check", "showdown")
