"""Fixtures for the King's Pot tests; the stacked decks live in kp_decks.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from kp_decks import PLAYERS, make_deck  # noqa: E402

from rules.kings_pot import FAMILY  # noqa: E402


@pytest.fixture
def deal():
    """deal(rows, king, spares, variant="standard", **setup) -> initial state."""
    def _deal(rows, king, spares="", variant="standard", **setup):
        setup.setdefault("players", PLAYERS)
        return FAMILY.start(variant, {"deck": make_deck(rows, king, spares), **setup})
    return _deal


@pytest.fixture
def run():
    """run(state, "buy 1", "call", ...) -> (state, events of the last action)."""
    def _run(state, *texts):
        events = ()
        for text in texts:
            state, events = state.apply_text(text)
        return state, events
    return _run
