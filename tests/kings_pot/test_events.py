"""Events for narration, per seat (DESIGN: hidden information goes through a
view; events for narration).

A card bought or folded singly is known to its holder only (kings-pot.txt
§ Backing a hand; § Cards of equal rank: folded cards stay face down), so the
``buy`` and ``fold-card`` events keep those cards as secret data that
``Event.seen_by(seat)`` drops for every other seat. Event texts never name a
hidden card. Outcome events name the winners by name as well as by seat.
"""

import random
import re

import pytest

from kp_decks import T1, T1_KING_TWO_PAIR, T1_KING_WHEEL_FLUSH
from rules.cards import ALL_CARDS, Card, parse_cards
from rules.kings_pot import FAMILY, Phase
from rules.kings_pot.actions import Action, Buy, FoldCard
from rules.refs import Event, events_seen_by

SPARES = "6d 2h Ks 2s"
QUIET = ("check", "check", "check")


def test_a_buy_event_shows_the_cards_bought_to_the_buyer_only(deal, run):
    s, events = run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2")   # Ben, seat 1
    (buy,) = events
    assert buy.kind == "buy"
    assert buy.seen_by(1).get("cards") == parse_cards("6d 2h")
    assert buy.seen_by(None).get("cards") == parse_cards("6d 2h")  # the teaching view
    for other in (0, 2):
        seen = buy.seen_by(other)
        assert seen.get("cards") is None and "cards" not in dict(seen.data)
        # what everyone may know stays: who bought, how many, for how much
        assert (seen.get("seat"), seen.get("name"), seen.get("count"), seen.get("chips")) == (1, "Ben", 2, 2)
        assert seen.text == buy.text
    assert not re.search(r"\b(6d|2h)\b|six of diamonds|two of hearts", buy.text)


def test_a_card_folded_singly_stays_face_down_for_the_others(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2", "buy 1", "buy 1", "reveal 1")
    s, (fold,) = run(s, "fold 2h")
    assert fold.kind == "fold-card" and fold.seen_by(1).get("card") == Card.parse("2h")
    assert fold.seen_by(0).get("card") is None and fold.seen_by(2).get("name") == "Ben"
    assert not re.search(r"\b2h\b|two of hearts", fold.text)
    # the action itself, as the others may be told of it
    assert FoldCard(Card.parse("2h")).public_text == "fold a card"
    assert Action.parse("buy 2").public_text == "buy 2" and Action.parse("fold").public_text == "fold"


def test_events_seen_by_filters_a_whole_batch(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, SPARES)
    events = []
    for text in ("buy 2", "buy 1", "buy 1"):
        s, got = run(s, text)
        events.extend(got)
    cleo = events_seen_by(events, 2)
    assert [e.kind for e in cleo] == ["buy", "buy", "buy", "buying-done"]
    assert [e.get("cards") for e in cleo] == [None, parse_cards("Ks"), None, None]
    assert events_seen_by(events, None) == tuple(events)


def test_public_events_are_the_same_for_every_seat():
    e = Event("bet", "Ben bets 2 a card", data=(("seat", 1), ("chips", 4)))
    assert e.seen_by(0) is e and e.seen_by(None) is e and e.seen_by("Cleo") is e
    with pytest.raises(ValueError):
        Event("buy", "x", data=(("cards", ()),), secret=("cards",))  # secret for nobody


def test_showdown_winners_are_named_in_the_outcome_events(deal, run):
    # T1 with the wheel flush as the King's hand: Cleo backs the King's hand (Ks) and
    # takes both pots (see test_showdown); Ben 6d, Ana Ad
    s, _ = run(deal(T1, T1_KING_WHEEL_FLUSH, "6d Ks Ad", kings_pot=10), "buy 1", "buy 1", "buy 1")
    s, events = run(s, "reveal 1", "bet 1", "call", "call", "reveal 2", *QUIET, "reveal 3", *QUIET,
                    "showdown")
    by_kind = {e.kind: e for e in events}
    pot, kings = by_kind["pot-won"], by_kind["kings-pot-won"]
    assert pot.get("names") == ("Cleo",) and pot.get("seats") == (2,)
    assert pot.get("named_shares") == (("Cleo", 3),)
    assert kings.get("names") == ("Cleo",) and kings.get("named_shares") == (("Cleo", 10 + 3),)
    show = [e for e in events if e.kind == "show"]
    assert [e.get("name") for e in show] == ["Ben", "Cleo", "Ana"]  # from the dealer's left
    # the narration names the cards on their faces, never in notation (Ben bought the 6d)
    assert "6♦" in show[0].text and not any(re.search(r"\b(10|[2-9TJQKA])[shdc]\b", e.text) for e in show)


def test_an_uncontested_winner_is_named_too(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d Ks Ad"), "buy 1", "buy 1", "buy 1")
    s, events = run(s, "reveal 1", "bet 2", "fold", "fold")
    won = next(e for e in events if e.kind == "pot-won")
    assert won.get("name") == "Ben" and won.get("names") == ("Ben",)
    assert won.get("named_shares") == (("Ben", 2),)


def test_betting_events_name_the_player(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, SPARES), "buy 2", "buy 1", "buy 1")
    s, events = run(s, "reveal 1")
    assert events[-1].kind == "betting-round" and events[-1].get("name") == "Ben"
    s, (bet,) = run(s, "bet 2")
    assert (bet.get("name"), bet.get("chips"), bet.get("per_card")) == ("Ben", 4, 2)
    s, (fold,) = run(s, "fold")
    assert fold.get("name") == "Cleo"


# -- an invariant over random deals: what each seat is told, it may know -----------------

CARD_WORDS = {c: re.compile(rf"\b{re.escape(str(c))}\b|{c.words}") for c in ALL_CARDS}


def hidden_from(state, seat):
    """Cards ``seat`` may not know after this action, counted from its view."""
    v = state.view(seat)
    known = {c for c in v.tableau + v.kings_hand if c is not None}
    for p in v.players:
        known.update(p.cards or ())
        known.update(p.folded or ())
    return set(ALL_CARDS) - known


def cards_in(value):
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from cards_in(item)


@pytest.mark.parametrize("seed", range(4))
def test_no_event_tells_a_seat_a_card_it_may_not_see(seed):
    rng = random.Random(seed)
    for deal_no in range(25):
        n = rng.choice([3, 4, 6])
        s = FAMILY.start("standard", {"players": [f"P{i}" for i in range(n)], "seed": seed * 1000 + deal_no})
        while not s.is_over:
            legal = s.legal_actions()
            singles = [a for a in legal if isinstance(a, FoldCard)]
            buys = [a for a in legal if isinstance(a, Buy)]
            # buy several cards and fold some singly, so the secrets are exercised
            pick = (rng.choice(buys) if buys else rng.choice(singles) if singles and rng.random() < 0.3
                    else rng.choice(legal))
            s, events = s.play(pick)
            for seat in range(n):
                hidden = hidden_from(s, seat)
                for e in events_seen_by(events, seat):
                    leaked = set(cards_in([v for _, v in e.data])) & hidden
                    assert not leaked, f"{e.kind} data tells seat {seat} {leaked}"
                    said = [c for c in hidden if CARD_WORDS[c].search(e.text)]
                    assert not said, f"{e.kind} text tells seat {seat} {said}: {e.text!r}"
        assert s.phase is Phase.OVER


def test_events_seen_by_leaves_out_an_event_a_subclass_hides_entirely():
    # the hook other engines may use: seen_by returning None hides the whole event
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class OnlyForAna(Event):
        def seen_by(self, viewer):
            return self if viewer in (None, "Ana") else None

    batch = (Event("public", "a"), OnlyForAna("private", "b"))
    assert [e.kind for e in events_seen_by(batch, "Ben")] == ["public"]
    assert [e.kind for e in events_seen_by(batch, "Ana")] == ["public", "private"]
