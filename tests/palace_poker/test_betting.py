"""Bets, calls and raises (§ Bet (or battle), § Call, § Raise) through the engine."""

import pytest

from rules.cards import Card, parse_cards
from rules.palace_poker import Phase, Status

from palace_poker_support import table

PALACE2 = {"A": "2c 3c 4c", "B": "5d 6d 7d"}
SPARE = ["9s", "8s", "7s", "6s", "5s", "4s", "3s", "2s", "Ts", "Js"]


def buys(state, plan):
    """Play turns: for each letter, that player buys and keeps; '.' means stay."""
    for who in plan:
        if who == ".":
            state = state.apply_text("stay")[0]
        else:
            state = state.apply_text(f"{who}: buy")[0].apply_text(f"{who}: keep")[0]
    return state


def test_cannot_bet_against_same_banner_suit():
    # Five players: E (a new banner group) holds hearts like A.
    state = table(banners=("Kh", "Qs", "Jd", "Tc", "9h"),
                  palace={n: c for n, c in zip("ABCDE", ["2c 3c 4c", "5d 6d 7d", "8s 9s Ts", "2h 3h 4h", "5c 6c 7c"])})
    state = buys(state, "ABCD")
    assert state.to_act == "E"
    verdict = state.explain(state.parse_action("bet A"))
    assert not verdict.legal and "same suit" in verdict.reason and verdict.ref.section == "Bet (or battle)"
    assert state.is_legal(state.parse_action("bet B"))
    assert "bet @0" in {str(a) for a in state.candidate_actions()}  # shown, dimmed, with the reason
    assert "bet A" not in {str(a) for a in state.legal_actions()}


def test_bet_names_the_opponent_by_name_or_banner_card():
    state = table(palace=PALACE2)
    assert state.parse_action("bet Qs") == state.parse_action("bet b") == state.parse_action("battle B")
    assert str(state.parse_action("bet qs")) == "bet @1" and state.names[1] == "B"


def test_limit_bet_is_face_up_cards_times_small_bet():
    state = buys(table(palace=PALACE2, then=SPARE), "ABA")  # A: two soldiers, B: one
    assert state.to_act == "B"
    state = state.apply_text("stay")[0]
    assert not state.is_legal(state.parse_action("bet B 10"))
    before = state.pot
    state, events = state.apply_text("bet B 15")  # banner + 2 soldiers = 3 x $5
    assert state.pot - before == 15 and events[0].get("owed") == 10  # B calls his own 2 face-up cards


def test_limit_call_is_own_face_up_cards_times_small_bet():
    # § Call: the defender pays for his own face-up cards, not the attacker's bet.
    state = buys(table(palace=PALACE2, then=SPARE), "AB.B")  # B has two soldiers, A one
    assert state.to_act == "A"
    state = state.apply_text("bet B")[0]  # A: 2 face-up -> $10
    assert state.call_amount == 15
    before = state.player("B").paid
    state = state.apply_text("call 15")[0]
    assert state.player("B").paid - before == 15


def test_no_limit_call_adjusts_by_soldier_difference_90_and_105():
    # § Call: $5/$10 no-limit, Dave has three soldiers and bets $100. Christine with one
    # soldier calls $90; with four soldiers she would call $105.
    for christine_buys, owed in ((1, 90), (4, 105)):
        state = table("no-limit", banners=("Ts", "Jd"), names=["Christine", "Dave"],
                      palace={"Christine": "6d 6c 8d", "Dave": "Js Jh 5d"}, then=SPARE[:8])
        plan = []
        for k in range(4):
            plan.append("Christine" if k < christine_buys else ".")
            plan.append("Dave" if k < 3 else ".")
        for who in plan[:-1]:  # Dave's fourth turn is the bet
            if who == ".":
                state = state.apply_text("stay")[0]
            else:
                state = state.apply_text(f"{who}: buy")[0].apply_text(f"{who}: keep")[0]
        assert state.to_act == "Dave"
        assert len(state.player("Dave").soldiers) == 3 and len(state.player("Christine").soldiers) == christine_buys
        assert state.bet_cost("Dave", "Christine")[0] == 20  # "he needed to bet at least $20"
        state = state.apply_text("Dave: bet Christine 100")[0]
        assert state.call_amount == owed
        before = state.player("Christine").paid
        after, events = state.apply_text(f"Christine: call {owed}")
        assert after.player("Christine").paid - before == owed and events[0].get("amount") == owed


def test_no_limit_bet_is_at_least_face_up_cards_times_small_bet():
    state = table("no-limit", palace=PALACE2)
    bad = state.explain(state.parse_action("bet B 4"))
    assert not bad.legal and "least" in bad.reason
    assert state.is_legal(state.parse_action("bet B 5")) and state.is_legal(state.parse_action("bet B 250"))
    too_much = state.explain(state.parse_action("bet B 5000"))
    assert not too_much.legal and too_much.ruling.key == "palace-poker-short-stacks"


def test_defender_without_soldiers_raises_only_a_small_bet_later_raises_are_big_bets():
    # § Raise and the example: Frank (no soldiers) calls $5 and raises $5; Brad re-raises
    # a big bet ($10); Frank's next raise is a big bet too.
    state = table(palace=PALACE2).apply_text("bet B")[0]
    assert not state.is_legal(state.parse_action("raise 10"))
    state, events = state.apply_text("raise 5")
    assert events[0].get("amount") == 10
    verdict = state.explain(state.parse_action("raise"))
    assert verdict.legal and verdict.ruling.key == "palace-poker-later-raises"
    state, events = state.apply_text("A: raise")
    assert events[0].get("amount") == 15 and state.call_amount == 10
    state, events = state.apply_text("B: raise")
    assert events[0].get("amount") == 20


def test_limit_defender_with_soldiers_raises_one_big_bet():
    state = buys(table(palace=PALACE2, then=SPARE), ".B")  # B has a soldier
    state = state.apply_text("A: bet B")[0]
    assert state.call_amount == 10
    assert not state.is_legal(state.parse_action("raise 5"))
    state, events = state.apply_text("raise")
    assert events[0].get("amount") == 20 and state.call_amount == 10


def test_no_limit_raise_at_least_a_big_bet_or_a_small_bet_without_soldiers():
    state = table("no-limit", palace=PALACE2).apply_text("bet B 5")[0]
    assert state.is_legal(state.parse_action("raise 5"))  # B has no soldiers
    state = state.apply_text("raise 5")[0]
    assert not state.is_legal(state.parse_action("A: raise 5"))  # later raises: a big bet at least
    assert state.is_legal(state.parse_action("A: raise 10")) and state.is_legal(state.parse_action("A: raise 300"))
    with_soldier = buys(table("no-limit", palace=PALACE2, then=SPARE), ".B").apply_text("bet B 5")[0]
    assert not with_soldier.is_legal(with_soldier.parse_action("raise 5"))
    assert with_soldier.is_legal(with_soldier.parse_action("raise 10"))


def test_raise_cap_option_limits_raises_in_a_battle():
    state = table(palace=PALACE2, rules={"raise_cap": 1}).apply_text("bet B")[0].apply_text("raise")[0]
    verdict = state.explain(state.parse_action("raise"))
    assert not verdict.legal and verdict.ruling.key == "palace-poker-raise-cap"
    uncapped = table(palace=PALACE2).apply_text("bet B")[0]
    for _ in range(8):
        uncapped = uncapped.apply_text("raise")[0]
    assert uncapped.phase is Phase.BATTLE  # no cap by default


def test_raised_attacker_may_fold_call_or_reraise():
    state = table(palace=PALACE2).apply_text("bet B")[0].apply_text("raise")[0]
    assert state.to_act == "A"
    assert {str(a) for a in state.legal_actions()} == {"fold", "call", "raise"}


def test_attacker_fold_after_raise_gives_defender_the_banner_and_soldiers():
    state = buys(table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"},
                       then=SPARE), "A..")
    assert state.to_act == "A"
    state = state.apply_text("bet B")[0].apply_text("raise")[0]
    verdict = state.explain(state.parse_action("fold"))
    assert verdict.ruling.key == "palace-poker-attacker-fold"
    state, events = state.apply_text("fold")
    assert state.player("A").status is Status.FOLDED
    assert state.player("B").soldiers == parse_cards("Kh 9s")
    assert state.phase is Phase.SPOILS and state.to_act == "B"
    state = state.apply_text("keep")[0]
    assert state.to_act == "B"  # the turn passes on from the attacker's seat: B sits at A's left


def test_defender_fold_attacker_takes_banner_and_soldiers_keeping_at_most_five():
    names = ["A", "B", "C"]
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"},
                  then=SPARE)
    state = buys(state, "AB." "AB." "A.." "A..")  # A: 4 soldiers, B: 2
    assert state.to_act == "A" and len(state.player("A").soldiers) == 4
    state = state.apply_text("bet B")[0]
    paid = state.player("B").paid
    state = state.apply_text("B: fold")[0]
    assert state.player("B").paid == paid  # a folding defender pays nothing more
    a = state.player("A")
    assert len(a.soldiers) == 4 + 1 + 2 and Card.parse("Qs") in a.soldiers
    assert state.player("B").status is Status.FOLDED and state.player("B").cards == ()
    assert set(parse_cards("5d 6d 7d")) <= set(state.discard)
    assert not state.is_legal(state.parse_action("keep"))
    assert not state.is_legal(state.parse_action(f"discard {a.soldiers[0]}"))  # six would be left
    assert state.is_legal(state.parse_action(f"discard {a.soldiers[0]} {a.soldiers[1]}"))
    assert state.is_legal(state.parse_action("discard " + " ".join(map(str, a.soldiers))))


def test_called_battle_loser_discards_palace_and_winner_takes_banner_and_soldiers():
    # A: Kh | 2c 3c 4c; B: Qs | 5d 6d 7d. Against each other: A has king high (2c 3c 4c Kh),
    # B has queen high: A wins.
    state = buys(table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"},
                       then=["9s", "8s"]), ".B.")
    state = state.apply_text("A: bet B")[0].apply_text("B: call")[0]
    assert state.last_battle.winner.name == "A"
    assert state.player("A").soldiers == parse_cards("Qs 9s")
    assert state.player("B").status is Status.BEATEN
    assert state.discard[-3:] == parse_cards("5d 6d 7d")


def test_short_stack_may_call_all_in():
    state = table(palace=PALACE2, stacks=[100, 16])  # B has 14 left after the ante
    state = state.apply_text("bet B")[0].apply_text("raise")[0]  # B pays 5 + 5, 4 left
    state = state.apply_text("A: raise")[0]  # B now owes 10
    assert state.call_amount == 10 and state.player("B").stack == 4
    call = state.explain(state.parse_action("call"))
    assert call.legal and call.ruling.key == "palace-poker-short-stacks" and "all in" in call.reason
    assert not state.is_legal(state.parse_action("raise"))
    assert not state.is_legal(state.parse_action("call 10"))
    state = state.apply_text("call 4")[0]
    assert state.player("B").stack == 0 and state.accounted()
    assert state.last_battle is not None  # the battle is settled as usual


@pytest.mark.parametrize("soldiers, cost", [(0, 5), (5, 30)])
def test_limit_bet_with_no_soldiers_is_one_small_bet_and_with_five_is_six(soldiers, cost):
    # § Bet (or battle): the document's own two figures, at $5 a small bet.
    state = buys(table(palace=PALACE2, then=SPARE), "A." * soldiers)
    assert state.to_act == "A" and len(state.player("A").soldiers) == soldiers
    verdict = state.explain(state.parse_action("bet B"))
    assert verdict.legal and verdict.ref.section == "Bet (or battle)"
    before = state.player("A").stack
    state = state.apply_text("bet B")[0]
    assert before - state.player("A").stack == cost


def test_defender_first_bet_against_may_fold_call_or_raise():
    state = table(palace=PALACE2).apply_text("bet B")[0]
    assert state.to_act == "B" and state.phase is Phase.BATTLE
    assert {a.kind.value for a in state.legal_actions()} == {"fold", "call", "raise"}
    for text in ("stay", "buy", "keep"):
        assert not state.is_legal(state.parse_action(text))


def test_raising_defender_first_meets_the_call_then_adds_the_raise():
    # B holds two soldiers: calling A's bet costs B 3 x $5 = $15 (§ Call); a limit raise
    # then adds one big bet, $10 (§ Raise): $25 in all, and A owes the $10 raise.
    state = buys(table(palace=PALACE2, then=SPARE), ".B.B")
    assert state.to_act == "A" and len(state.player("B").soldiers) == 2
    state = state.apply_text("A: bet B")[0]
    before = state.player("B").stack
    state, events = state.apply_text("B: raise")
    assert before - state.player("B").stack == 25
    assert (events[0].get("call"), events[0].get("raised")) == (15, 10)
    assert state.call_amount == 10 and state.to_act == "A"


def test_whoever_calls_last_sees_the_other_players_cards_first():
    # The defender calls: the attacker shows first. The attacker calls a raise: the
    # defender shows first (the example: Brad calls last and sees Frank's cards).
    three = dict(banners=("Kh", "Qs", "Jd"), palace={"A": "Ac Ad As", "B": "5d 6d 7d", "C": "8h 9h Th"})
    for steps, shower, caller in ((["A: bet B", "B: call"], "A", "B"),
                                  (["A: bet B", "B: raise", "A: call"], "B", "A")):
        state = table(**three)
        for text in steps:
            state, events = state.apply_text(text)
        reveal = next(e for e in events if e.kind == "reveal")
        assert (reveal.get("name"), reveal.get("to_name")) == (shower, caller)
        assert reveal.ref.section == "Raise"
