"""Palace Poker without money (§ Palace Poker without money)."""

import pytest

from rules.palace_poker import PRESETS, Phase

from palace_poker_support import table

PALACE2 = {"A": "Ac Ad As", "B": "2d 3d 4d"}


def test_points_game_buying_and_attacking_are_free():
    three = dict(banners=("Kh", "Qs", "Jd"), palace={"A": "Ac Ad As", "B": "2d 3d 4d", "C": "5c 6c 7c"})
    state = table("points", then=["9s", "8s"], **three)
    assert state.pot == 0 and state.rules.ante_amount == 0
    state, events = state.apply_text("A: buy")
    assert state.pot == 0 and state.player("A").stack == 0 and events[0].get("amount") == 0
    state = state.apply_text("A: keep")[0].apply_text("B: stay")[0].apply_text("C: stay")[0]
    paying = state.explain(state.parse_action("bet B 5"))  # an attack with chips is refused
    assert not paying.legal and paying.ref.section == "Palace Poker without money"
    state, events = state.apply_text("A: bet B")
    assert next(e for e in events if e.kind == "bet").get("amount") == 0
    assert state.pot == 0 and all(p.stack == 0 and p.paid == 0 for p in state.players)


def test_points_game_attack_is_settled_at_once_without_calling_or_raising():
    state = table("points", banners=("Kh", "Qs", "Jd"), palace={"A": "Ac Ad As", "B": "2d 3d 4d", "C": "5c 6c 7c"})
    verdict = state.explain(state.parse_action("bet B"))
    assert verdict.legal and "at once" in verdict.reason
    assert not state.explain(state.parse_action("bet B 5")).legal
    state, events = state.apply_text("bet B")
    assert "battle-won" in [e.kind for e in events]
    assert state.phase is Phase.SPOILS and state.last_battle.winner.name == "A"
    assert not [e for e in events if e.kind in ("call", "raise")]


@pytest.mark.parametrize("soldiers, points", [(0, 10), (2, 8), (5, 5)])
def test_points_game_winner_scores_ten_minus_soldiers(soldiers, points):
    # § Palace Poker without money: 10 less the soldiers held, so from 5 to 10.
    state = table("points", palace=PALACE2, then=["9s", "8s", "7s", "6s", "5s"])
    for _ in range(soldiers):
        for text in ["A: buy", "A: keep", "B: stay"]:
            state = state.apply_text(text)[0]
    assert len(state.player("A").soldiers) == soldiers
    state = state.apply_text("A: bet B")[0]
    assert state.is_over and state.winner_names == ("A",)
    assert dict(state.result.named_points) == {"A": points}
    assert state.player("A").score == points


def test_points_game_first_to_100_points_by_default():
    assert PRESETS["points"].target == 100
    for before, done in ((90, True), (89, False)):
        state = table("points", palace=PALACE2, scores={"A": before})
        state = state.apply_text("A: bet B")[0]  # no soldiers: 10 points
        assert state.player("A").score == before + 10
        assert state.game_winner == ("A" if done else None)


def test_points_game_same_suit_survivors_show_down():
    banners = ("Kh", "Qs", "Jd", "Tc", "9h")
    palace = {n: c for n, c in zip("ABCDE", ["2c 3c 4c", "5d 6d 7d", "8s 9s Ts", "2h 3h 4h", "5c 6c 7c"])}
    state = table("points", banners=banners, palace=palace)
    for text in ["A: stay", "B: fold", "C: fold", "D: fold"]:
        state = state.apply_text(text)[0]
    assert state.result.how == "same suit showdown" and state.winner_names == ("A",)
    assert dict(state.result.named_points) == {"A": 10}


def test_points_game_absolute_tie_scores_nothing():
    state = table("points", banners=("Kh", "Kc"), palace={"A": "Ks Ad 9d", "B": "Kd As 9s"})
    state = state.apply_text("A: bet B")[0]
    assert state.is_over and state.winner_names == () and state.result.points == ()
    assert state.result.ruling.key == "palace-poker-points-absolute-tie"
    quiet = table("points", banners=("Kh", "Kc"), palace={"A": "Ks Ad 9d", "B": "Kd As 9s"})
    quiet = quiet.apply_text("stay")[0].apply_text("stay")[0]
    assert quiet.winner_names == () and all(p.score == 0 for p in quiet.players)


def test_points_game_free_buy_still_breaks_the_run():
    state = table("points", banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"})
    for text in ["A: stay", "B: stay", "C: buy", "C: keep", "A: stay", "B: stay"]:
        state = state.apply_text(text)[0]
    assert not state.is_over
    state, events = state.apply_text("C: stay")
    assert state.is_over
    run = next(e for e in events if e.kind == "run-complete")
    assert run.get("ruling") == "palace-poker-points-no-money-put-in"


def test_points_game_first_to_the_target_wins_the_game():
    state = table("points", palace=PALACE2, rules={"target": 15})
    state = state.apply_text("A: bet B")[0]
    assert state.player("A").score == 10 and state.game_winner is None
    second = state.next_hand({"deck": ["Kh", "Qs"], "palace_deck": "2d 3d 4d Ac Ad As"})
    assert second.dealer_name == "A" and second.to_act is not None
    second = second.apply_text("ante")[0] if second.phase is Phase.ANTE else second
    while second.phase is not Phase.TURN:
        second = second.apply(second.candidate_actions()[0])
    assert second.to_act == "B" and second.player("A").score == 10
    over = second.apply_text("B: stay")[0].apply_text("A: bet B")[0]
    assert over.player("A").score == 20 and over.game_winner == "A"
    with pytest.raises(ValueError, match="game is over"):
        over.next_hand()
