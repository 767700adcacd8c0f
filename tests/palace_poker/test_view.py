"""Hidden information through ``state.view(seat)`` (DESIGN: views)."""

import random
import re

import pytest

from rules.cards import ALL_CARDS, Card, parse_cards
from rules.errors import NotationError
from rules.refs import Event, events_seen_by

from palace_poker_support import table


def position():
    return table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"},
                 then=["9s"]).apply_text("buy")[0]


def test_view_shows_own_palace_and_hides_the_others_and_the_deck():
    view = position().view("B")
    assert view.player("B").palace == parse_cards("5d 6d 7d")
    assert view.player("A").palace is None and view.player("A").palace_count == 3
    assert view.player("A").soldiers == parse_cards("9s") and view.player("A").banner == parse_cards("Kh")[0]
    assert view.deck is None and view.discard is None and view.deck_count == 52 - 3 - 9 - 1
    assert view.legal == ()  # not B's move


def test_teaching_view_shows_everything():
    state = position()
    view = state.view(None)
    assert all(p.palace is not None for p in view.players)
    assert view.deck == state.deck and view.legal == state.legal_actions()


def test_actor_view_lists_legal_actions():
    view = position().view("A")
    legal = [str(a) for a in view.legal]
    assert "keep" in legal and "discard 9s" in legal


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
    assert view.player("A").palace == parse_cards("2c 3c 4c")


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
    assert view.dealer_draw == ((state.seat_of("A"), parse_cards("Kc")[0]),) and view.legal == ()


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
    assert (reveal.get("name"), reveal.get("to_name")) == ("A", "B")
    assert state.view("B").last_battle is not None and state.view("A").last_battle is None


# -- events, per seat ---------------------------------------------------------------------------

def mentions(event, card):
    """Whether an event's text or data names ``card`` (any spelling the engine writes)."""
    text = event.text
    if re.search(rf"(?<![\w♣♦♥♠]){re.escape(str(card))}(?![\w])", text) or card.label in text or card.words in text:
        return True
    return any(card == v or (isinstance(v, tuple) and card in v) for _, v in event.data) or any(
        hasattr(v, "attacker") for _, v in event.data)  # a whole battle verdict holds both hands


def test_a_palace_card_event_names_the_card_to_its_receiver_only(example_start, play, example_steps):
    state, _ = play(example_start, example_steps["deal"][:14])
    dealt = []
    for _ in range(18):
        state, events = state.play(state.parse_action("deal"))
        dealt.append(events[0])
    first = dealt[0]  # Aaron's first palace card, 4s (§ Palace Cards: from the dealer's left)
    assert first.get("name") == "Aaron" and first.get("card") == Card.parse("4s")
    for seat, sees in (("Aaron", True), ("aaron", True), (0, True), ("Brad", False), (5, False), (None, True)):
        (told,) = state.events_for([first], seat)
        assert (told.get("card") == Card.parse("4s")) is sees, seat
        assert told.text == first.text and told.get("name") == "Aaron"
    for event in dealt:
        assert not mentions(Event(event.kind, event.text), event.get("card"))  # the text never names it


def test_battle_hands_are_narrated_only_to_who_saw_them(example_start, play, example_steps):
    # Brad calls last and loses to Frank's trips (§ Raise): Brad saw both hands, Frank
    # only his own, Aaron neither. Everyone learns who won.
    state, _ = play(example_start, example_steps["deal"] + example_steps["one"][:6])
    state, events = state.apply_text("Brad: call")
    brad_cards, frank_cards = parse_cards("Ac Ah 9d"), parse_cards("Qc Qd 8h")
    for seat, may_see in (("Brad", brad_cards + frank_cards), ("Frank", frank_cards), ("Aaron", ())):
        told = state.events_for(events, seat)
        won = next(e for e in told if e.kind == "battle-won")
        assert (won.get("winner_name"), won.get("loser_name")) == ("Frank", "Brad")
        for card in brad_cards + frank_cards:
            if card not in may_see:
                assert not any(mentions(e, card) for e in told), (seat, card)
        assert ("three of a kind" in won.text) is (seat == "Brad")
    assert [e.kind for e in state.events_for(events, "Frank") if e.kind == "excluded"] == ["excluded"]  # his 8h
    assert state.events_for(events, None) == events
    # the one call the tutor uses for every engine gives the same, by seat number
    for seat, name in enumerate(state.names):
        assert events_seen_by(events, seat) == state.events_for(events, name)


def test_points_are_scored_with_a_rule_reference():
    state = table("points", banners=("Kh", "Qs"), palace={"A": "Ac Ad As", "B": "2d 3d 4d"}, scores={"A": 95})
    state, events = state.apply_text("A: bet B")
    scored = next(e for e in events if e.kind == "scored")
    assert (scored.get("points"), scored.get("total")) == (10, 105)
    assert str(scored.ref) == "palace-poker.txt § Palace Poker without money (score)"
    won = next(e for e in events if e.kind == "game-won")
    assert won.get("name") == "A" and won.ref.clause == "target"
    assert "next-dealer" not in [e.kind for e in events]  # the game is over


def test_a_seat_view_says_what_it_hides_and_why():
    view = position().view("B")
    assert {ref.section for _, ref in view.hidden} == {"Palace Cards", "Buy"}
    assert position().view(None).hidden == ()


def _named_cards(event):
    """Every card an event's text or data names, verdicts included."""
    found = set()
    for card in ALL_CARDS:
        if re.search(rf"(?<![\w♣♦♥♠]){re.escape(str(card))}(?![\w])", event.text) or card.label in event.text:
            found.add(card)
    for _, value in event.data:
        values = value if isinstance(value, tuple) else (value,)
        for v in values:
            if isinstance(v, Card):
                found.add(v)
            elif hasattr(v, "attacker"):  # a battle verdict: both holdings
                found.update(v.attacker.holding.cards + v.defender.holding.cards)
    return found


@pytest.mark.parametrize("variant", ["limit", "no-limit", "points", "kings-in-the-house"])
def test_random_play_tells_no_seat_a_palace_card_it_may_not_see(variant):
    # After every action, each seat's events may name another player's palace card only
    # if that seat may now see it: shown at a showdown, or the two hands of a battle the
    # seat looked at (ruling palace-poker-battle-reveal).
    from rules.palace_poker import start

    for seed in range(12):
        rng = random.Random(seed)
        state = start(variant, {"seats": [f"P{i}" for i in range(rng.randint(2, 6))], "seed": seed})
        while not state.is_over:
            before = state
            state, events = state.play(rng.choice(state.legal_actions()))
            for seat, me in enumerate(state.players):
                others = {c for s in (before, state) for i, p in enumerate(s.players) if i != seat for c in p.palace}
                view = state.view(seat)
                allowed = {c for p in view.players for c in (p.palace or ())}
                if state.last_battle is not before.last_battle and seat in state.battle_seen:
                    allowed |= set(state.last_battle.attacker.holding.cards + state.last_battle.defender.holding.cards)
                for event in state.events_for(events, seat):
                    leaked = (_named_cards(event) & others) - allowed
                    assert not leaked, (variant, seed, me.name, event.kind, event.text, leaked)
