"""Hidden information: what a seat's view and its narration may reveal.

``state.view(seat)`` is what that seat may see; ``rules.refs.events_seen_by(events, seat)`` is
the narration that seat may hear. Hidden: other hands, every face-down card (but the one its
owner has looked at), the stock, the cards drawn in a refill, a chanced card that is not
played. Public: face-up cards, the pile, cleared cards, a face-down card once turned over, a
stock card shown to answer a flash. ``None`` is the teaching view, which sees everything.
"""

from __future__ import annotations

import random
import re

import pytest

from rules.cards import ALL_CARDS, JOKER
from rules.palace import start
from rules.palace.state import PLAY, PalaceState
from rules.refs import events_seen_by
from palace_support import narrated_random_play, position, run, same_cards

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|Jk)(?![A-Za-z0-9])")
# and as the narration says them, on their faces: "the Q♣", "the 10♠"
LABELS = {c.label: str(c) for c in (*ALL_CARDS, JOKER)}
CARD_WORDS = re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(re.escape(k) for k in sorted(LABELS, key=len, reverse=True))
                        + r")(?![A-Za-z0-9])")


def seen(state: PalaceState, seat: int) -> set[str]:
    """Every card ``seat`` can see in its view of ``state``."""
    view = state.view(seat)
    cards = set(view.pile) | set(view.cleared)
    for s in view.seats:
        cards |= set(s.face_up) | {c for c in s.face_down if c is not None} | set(s.hand or ())
    cards |= {view.drawn} if view.drawn is not None else set()
    cards |= set(view.quick_cards or ())
    return {str(c) for c in cards}


def cards_named(event) -> set[str]:
    """The cards an event names, in its words or its data."""
    out = set(CARD.findall(event.text)) | {LABELS[w] for w in CARD_WORDS.findall(event.text)}
    for _, value in event.data:
        values = value if isinstance(value, tuple) else (value,)
        out |= {str(v) for v in values if type(v).__name__ == "Card"}
    return out


# -- the events that carry hidden cards -------------------------------------------------------
def test_refill_cards_are_told_to_the_drawer_only():
    state = position("house", ["9c 5c 6c", "Kd Kc Ks"], stock="Jh Qh Kh", pile="4c")
    _, events = run(state, "play 9c")
    refill = next(e for e in events if e.kind == "refill")
    assert same_cards(refill.seen_by(0).get("cards"), "Jh")
    assert refill.seen_by(1).get("cards") is None and "Jh" not in refill.text
    assert refill.seen_by(None).get("cards") == refill.get("cards")  # the teaching view


def test_chance_card_stays_hidden_unless_played():
    state = position("house", ["5c 6c 7c", "Kd", "Qs"], stock="4h Qd", pile="9c", down=["", "3s", "3h"])
    drawn, events = run(state, "chance")
    chance = next(e for e in events if e.kind == "chance")
    assert str(chance.seen_by(0).get("card")) == "4h" and chance.seen_by(1).get("card") is None
    assert "4h" not in chance.text
    assert drawn.view(0).drawn is not None and drawn.view(1).drawn is None
    kept, events = run(drawn, "pickup")  # the 4 cannot beat the 9: kept, with the pile
    pickup = next(e for e in events if e.kind == "pickup")
    assert same_cards(pickup.seen_by(0).get("cards"), "9c 4h")
    assert pickup.seen_by(2).get("cards") is None and same_cards(pickup.seen_by(2).get("pile"), "9c")
    played, events = run(position("house", ["5c 6c 7c", "Kd"], stock="Qh 4d", pile="9c", down=["", "3s"]),
                         "chance", "play Qh")
    play = next(e for e in events if e.kind == "play")
    assert str(play.seen_by(1).get("cards")[0]) == "Qh"  # once played, everyone sees it


def test_turned_face_down_card_and_a_shown_stock_card_are_public():
    state = position("house", ["", "Kd Kc"], down=["4c 3c", "3s"], pile="8d 9d")
    _, events = run(state, "flip")
    assert all(e.seen_by(1) == e for e in events)  # the card was turned over for all to see
    flashed = position("caron", ["3h 5c 6c", "Kd Qd Jd", "9h 9d 9s"], stock="4c 7d 4h", pile="8c")
    _, events = run(flashed, "flash 3h @2", "check-stock")
    check = next(e for e in events if e.kind == "check-stock")
    assert str(check.seen_by(0).get("card")) == "7d"


def test_teaching_view_hears_every_event_whole():
    state = position("house", ["8h 8d 5c", "Kd Kc Ks"], stock="8s 6c Jd", pile="7c")
    _, events = run(state, "play 8h 8d", "quick 8s")
    assert events_seen_by(events, None) == tuple(events)


@pytest.mark.parametrize("variant, players", [("house", 3), ("caron", 4), ("bga", 3),
                                              ("house+jokers-reverse+last-card", 2)])
def test_no_event_tells_a_seat_a_card_it_cannot_see(variant, players):
    """Random games: for every action and every seat, each card named in the events that seat
    hears (words or data) is one it can see before or after the action, or one shown to all
    by that action (a face-down card turned over, a stock card shown to answer a flash)."""
    heard = 0
    for seed in range(4):
        for state, after, events in narrated_random_play(start(variant, {"players": players, "seed": seed}), seed, 400):
            shown = {str(e.get("card")) for e in events if e.kind in ("flip", "check-stock")}
            for seat in range(players):
                allowed = seen(state, seat) | seen(after, seat) | shown
                for event in events_seen_by(events, seat):
                    leaked = cards_named(event) - allowed
                    assert not leaked, (variant, seed, seat, event)
                    heard += bool(cards_named(event))
    assert heard > 200


def test_the_leak_check_catches_a_leak():
    state = position("house", ["9c 5c 6c", "Kd Kc Ks"], stock="Jh Qh Kh", pile="4c")
    after, events = run(state, "play 9c")
    refill = next(e for e in events if e.kind == "refill")
    assert cards_named(refill) - seen(state, 1) - seen(after, 1) == {"Jh"}  # what seat 1 must not hear


# -- the view ----------------------------------------------------------------------------------
def _hidden_slots(state: PalaceState, seat: int) -> list[tuple[str, int | None, int]]:
    """(field, seat or None, how many cards) of every zone ``seat`` cannot see."""
    slots = [("hands", s, len(state.hands[s])) for s in range(state.players) if s != seat]
    for s in range(state.players):
        keep = 1 if s == seat and state.peeked[s] else 0  # the card its owner looked at
        slots.append(("face_down", s, len(state.face_down[s]) - keep))
    return slots + [("stock", None, len(state.stock)), ("unused", None, len(state.unused))]


def _reshuffled(state: PalaceState, seat: int, rng: random.Random) -> PalaceState:
    """``state`` with the cards ``seat`` cannot see dealt again at random into the same places."""
    d = dict(state.__dict__)
    d.pop("_legal", None)
    pool = []
    for field, s, n in _hidden_slots(state, seat):
        zone = d[field] if s is None else d[field][s]
        pool.extend(zone[len(zone) - n:])
    rng.shuffle(pool)
    for field, s, n in _hidden_slots(state, seat):
        if s is None:
            d[field], pool = tuple(pool[:n]), pool[n:]
        else:
            zone = d[field][s]
            new = zone[:len(zone) - n] + tuple(pool[:n])
            pool = pool[n:]
            d[field] = d[field][:s] + (new,) + d[field][s + 1:]
    return PalaceState._make(d)


@pytest.mark.parametrize("variant", ["house", "caron", "bga"])
def test_a_seats_view_depends_only_on_what_it_may_see(variant):
    rng = random.Random(7)
    checked = changed = 0
    for seed in range(3):
        state = start(variant, {"players": 3, "seed": seed})
        for _ in range(300):
            if state.is_over:
                break
            if state.phase is PLAY and state.drawn is None and state.window is None:
                for seat in range(3):
                    other = _reshuffled(state, seat, rng)
                    assert other.view(seat) == state.view(seat), (variant, seed, seat)
                    changed += other.view(None) != state.view(None)  # the shuffle did move cards
                    checked += 1
            actions = state.legal_actions()
            state = state.apply(actions[int(rng.random() * len(actions))])
    assert checked > 100 and changed > checked // 2
