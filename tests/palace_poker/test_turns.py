"""Turns (§ The Play, § Buy, § Discard, § Stay, § Fold on a turn, § Open Market Rule)."""

import pytest

from rules.cards import Card, parse_cards
from rules.errors import IllegalActionError
from rules.palace_poker import Phase, Status, start

from palace_poker_support import table, to_play

PALACE2 = {"A": "2c 3c 4c", "B": "5d 6d 7d"}


def test_turns_go_clockwise_from_the_dealers_left():
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8s 9s Ts"})
    seen = []
    for _ in range(3):
        seen.append(state.to_act)
        state = state.apply_text("buy")[0].apply_text("keep")[0]
    assert seen == ["A", "B", "C"] and state.to_act == "A"


def test_buy_costs_one_small_bet_and_top_card_becomes_a_soldier():
    state = table(palace=PALACE2, then=["9s", "8s"])
    pot, stack = state.pot, state.player("A").stack
    state, events = state.apply_text("buy")
    assert state.pot == pot + 5 and state.player("A").stack == stack - 5
    assert state.player("A").soldiers == (Card.parse("9s"),)
    assert events[0].kind == "bought" and events[0].get("card") == Card.parse("9s")
    assert state.phase is Phase.AFTER_BUY and state.to_act == "A"  # may discard on the same turn


def test_bought_card_may_be_discarded_on_the_same_turn():
    state = table(palace=PALACE2, then=["9s"]).apply_text("buy")[0]
    state, events = state.apply_text("discard 9s")
    assert state.player("A").soldiers == () and state.discard[-1] == Card.parse("9s")
    assert state.to_act == "B"


def test_buying_with_five_soldiers_forces_a_discard():
    state = table(palace=PALACE2, then=["9s", "8s", "7s", "6s", "5s", "4s"])
    for _ in range(5):
        state = state.apply_text("A: buy")[0].apply_text("A: keep")[0].apply_text("B: stay")[0]
    assert len(state.player("A").soldiers) == 5
    state = state.apply_text("A: buy")[0]
    assert len(state.player("A").soldiers) == 6
    verdict = state.explain(state.parse_action("keep"))
    assert not verdict.legal and "must discard" in verdict.reason and verdict.ref.section == "Buy"
    assert state.is_legal(state.parse_action("discard 4s"))
    assert state.is_legal(state.parse_action("discard 9s 8s 7s 6s 5s 4s"))  # one to all of them


def test_discard_turn_pays_nothing_draws_nothing():
    state = table(palace=PALACE2, then=["9s", "8s"])
    state = state.apply_text("buy")[0].apply_text("keep")[0]  # A has a soldier
    state = state.apply_text("B: buy")[0].apply_text("B: keep")[0]
    stack, deck = state.player("A").stack, len(state.deck)
    state, events = state.apply_text("A: discard 9s")
    assert state.player("A").stack == stack and len(state.deck) == deck
    assert state.player("A").soldiers == () and events[0].kind == "discarded"
    assert state.to_act == "B" and not state.is_over


def test_discard_needs_soldiers_of_ones_own():
    state = table(palace=PALACE2)
    verdict = state.explain(state.parse_action("discard 2c"))  # a palace card, not a soldier
    assert not verdict.legal and "not one of A's soldiers" in verdict.reason
    assert not any(a.kind.value == "discard" for a in state.legal_actions())


def test_stay_passes_the_turn_without_paying():
    state = table(palace=PALACE2)
    after, events = state.apply_text("stay")
    assert after.pot == state.pot and after.to_act == "B" and events[0].kind == "stay"


def test_turn_fold_discards_all_cards():
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8s 9s Ts"})
    verdict = state.explain(state.parse_action("fold"))
    assert verdict.legal and verdict.ruling.key == "palace-poker-turn-fold"
    state, events = state.apply_text("fold")
    a = state.player("A")
    assert a.status is Status.FOLDED and a.cards == ()
    assert set(parse_cards("Kh 2c 3c 4c")) <= set(state.discard)
    assert state.to_act == "B" and state.accounted()


def test_empty_deck_reshuffles_discard_pile_only_when_someone_buys():
    state = table(palace=PALACE2, reshuffles=[["Ah"]])
    assert len(state.deck) == 44
    for _ in range(44):
        state = state.apply_text("buy")[0]
        state = state.apply_text(f"discard {state.players[state.actor].soldiers[-1]}")[0]
    assert state.deck == () and len(state.discard) == 44  # not reshuffled yet
    state, events = state.apply_text("buy")
    assert events[0].kind == "reshuffle" and events[0].ref.section == "Buy"
    assert state.player("A").soldiers[-1] == Card.parse("Ah")  # the stacked reshuffle's top card
    assert len(state.deck) == 43 and state.discard == () and state.accounted()


def test_buy_unavailable_when_deck_and_discard_both_empty():
    names = [f"P{i}" for i in range(10)]
    state = to_play(start("limit", {"seats": names, "seed": 8}))
    assert len(state.deck) == 12 and state.discard == ()
    for _ in range(12):
        state = state.apply_text("buy")[0].apply_text("keep")[0]
    assert state.deck == () and state.discard == ()
    verdict = state.explain(state.parse_action("buy"))
    assert not verdict.legal and "both empty" in verdict.reason
    with pytest.raises(IllegalActionError, match="nothing to buy"):
        state.apply_text("buy")
    assert state.legal_actions()  # staying is always possible


def test_open_market_buys_the_top_discard_for_a_big_bet():
    state = table("open-market", palace=PALACE2, then=["9s", "8s"])
    state = state.apply_text("A: buy")[0].apply_text("A: discard 9s")[0]
    pot, stack = state.pot, state.player("B").stack
    verdict = state.explain(state.parse_action("market"))
    assert verdict.legal and verdict.ruling.key == "palace-poker-open-market-face-down"
    state, events = state.apply_text("B: market")
    assert state.player("B").soldiers == (Card.parse("9s"),)
    assert state.pot == pot + 10 and state.player("B").stack == stack - 10
    assert state.phase is Phase.AFTER_BUY and state.discard == ()


def test_open_market_needs_the_variation_and_a_discard_pile():
    plain = table(palace=PALACE2)
    assert not plain.explain(plain.parse_action("market")).legal
    market = table("open-market", palace=PALACE2)
    verdict = market.explain(market.parse_action("market"))
    assert not verdict.legal and "empty" in verdict.reason


def test_name_prefix_must_be_the_player_to_act():
    state = table(palace=PALACE2)
    verdict = state.explain(state.parse_action("B: buy"))
    assert not verdict.legal and "A's move" in verdict.reason


def test_short_stack_cannot_buy():
    state = table(palace=PALACE2, stacks=[6, 100])  # 2 for the ante leaves A 4, less than a small bet
    verdict = state.explain(state.parse_action("buy"))
    assert not verdict.legal and verdict.ruling.key == "palace-poker-short-stacks"


def test_a_turn_is_one_of_buy_discard_bet_stay_or_fold():
    # § The Play: five choices on a turn (discard needs a soldier to throw away).
    state = table(palace=PALACE2, then=["9s", "8s"])
    state = state.apply_text("A: buy")[0].apply_text("A: keep")[0].apply_text("B: stay")[0]
    assert state.to_act == "A" and state.player("A").soldiers
    kinds = {a.kind.value for a in state.legal_actions()}
    assert kinds == {"buy", "discard", "bet", "stay", "fold"}
    for text in ("call", "raise", "keep", "market"):
        verdict = state.explain(state.parse_action(text))
        assert not verdict.legal


def test_discard_pile_is_face_down_in_every_seat_view():
    # § Buy: the discard pile is always face down, even to the player who threw the card.
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8s 9s Ts"},
                  then=["9h"])
    state = state.apply_text("A: buy")[0].apply_text("A: discard 9h")[0]
    assert state.discard == (Card.parse("9h"),)
    for seat in ("A", "B", "C"):
        view = state.view(seat)
        assert view.discard is None and view.discard_count == 1
        assert Card.parse("9h") in view.unseen()
    assert state.view(None).discard == (Card.parse("9h"),)  # the teaching view shows everything


def test_turns_proceed_clockwise_so_a_move_out_of_turn_cites_whose_turn_it_is():
    # § The Play: play goes round clockwise, the dealer's left-hand neighbour first. A move
    # named for another seat is refused on that clause in every part of a turn (the
    # buy, its discards, the soldiers won in a battle), never on § Fold; inside a
    # battle the two fighters answer each other (§ Raise).
    palace = {"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8s 9s Ts"}
    state = table(banners=("Kh", "Qs", "Jd"), palace=palace, then=["9h"])
    bought = state.apply_text("A: buy")[0]
    battle = bought.apply_text("A: keep")[0].apply_text("B: bet A")[0]
    spoils = battle.apply_text("A: fold")[0]
    cases = [(state, "B: stay", "The Play"), (bought, "C: stay", "The Play"),
             (battle, "B: call", "Raise"), (spoils, "A: keep", "The Play")]
    assert [s.phase for s, _, _ in cases] == [Phase.TURN, Phase.AFTER_BUY, Phase.BATTLE, Phase.SPOILS]
    for position, text, section in cases:
        verdict = position.explain(position.parse_action(text))
        assert not verdict.legal and "move, not" in verdict.reason
        assert verdict.ref.section == section, (text, str(verdict.ref))
        assert verdict.ref.section != "Fold"


def test_a_move_of_another_part_of_the_turn_is_refused_in_words_naming_who_does_what():
    # § The Play (one of five things on a turn), § Buy (after buying, keep or discard soldiers),
    # § Raise (a bet is answered by fold, call or raise): a move of another part of the turn is
    # refused by saying who is doing what now, with no internal phase names.
    palace = {"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8s 9s Ts"}
    state = table(banners=("Kh", "Qs", "Jd"), palace=palace, then=["9h"])
    bought = state.apply_text("A: buy")[0]
    battle = bought.apply_text("A: keep")[0].apply_text("B: bet A")[0]
    spoils = battle.apply_text("A: fold")[0]
    cases = [(state, "keep", "it is A's turn, to buy, discard, bet, stay or fold"),
             (bought, "stay", "A has just bought and now keeps the soldiers or discards some"),
             (battle, "stay", "A answers the bet: fold, call or raise"),
             (spoils, "buy", "B won the battle and now keeps the soldiers or discards some")]
    for position, text, words in cases:
        verdict = position.explain(position.parse_action(text))
        assert not verdict.legal and verdict.reason == f"'{text}' is not possible now: {words}"
        assert not any(key in verdict.reason for key in ("spoils", "after buying", "market"))
