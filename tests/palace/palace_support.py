"""Helpers for the Palace tests: explicit positions and move-by-move play.

Expected values in the tests come from the documents (or a count by hand), never from
the engine's own output.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.cards import Card, parse_cards
from rules.palace import PalaceState, start

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(variant: str, hands: list[str], *, up: list[str] | None = None,
             down: list[str] | None = None, stock: str = "", pile: str = "", to_move: int = 0,
             **more) -> PalaceState:
    """An explicit position; seats are Ann, Ben, Cat... in order."""
    n = len(hands)
    setup = {"seats": NAMES[:n], "hands": hands, "face_up": up or [""] * n,
             "face_down": down or [""] * n, "stock": stock, "pile": pile, "to_move": to_move, **more}
    return start(variant, setup)


def run(state: PalaceState, *moves: str) -> tuple[PalaceState, list]:
    """Play each move (notation), checking it is legal and that no card is lost; returns the
    final state and every event."""
    total = state.all_cards()
    events = []
    for move in moves:
        action = state.parse_action(move)
        assert state.is_legal(action), f"{move} refused: {state.explain(action).reason}\n{state}"
        state, happened = state.play(action)
        events.extend(happened)
        assert state.all_cards() == total, f"cards changed after {move}"
    return state, events


def legal(state: PalaceState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ok(state: PalaceState, move: str) -> bool:
    return state.is_legal(state.parse_action(move))


def why(state: PalaceState, move: str):
    return state.explain(state.parse_action(move))


def hand(state: PalaceState, seat: int) -> list[str]:
    return sorted(str(c) for c in state.hands[seat])


def same_cards(got, text: str) -> bool:
    return sorted(str(c) for c in got) == sorted(str(c) for c in parse_cards(text))


def narrated_random_play(state: PalaceState, seed: int,
                         max_actions: int) -> Iterator[tuple[PalaceState, PalaceState, tuple]]:
    """A seeded random game from ``state`` with narration on: (before, after, events) per action."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if state.is_over:
            return
        actions = state.legal_actions()
        after, events = state.play(actions[int(rng.random() * len(actions))])
        yield state, after, events
        state = after
