"""Fixtures for the Palace Poker tests; the helpers live in palace_poker_support."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from palace_poker_support import DEAL, EXAMPLE_SETUP, ROUND_ONE, ROUND_THREE, ROUND_TWO, replay  # noqa: E402

from rules.palace_poker import start  # noqa: E402


@pytest.fixture
def example_start():
    return start("limit", EXAMPLE_SETUP)


@pytest.fixture
def play():
    return replay


@pytest.fixture
def example_steps():
    return {"deal": DEAL, "one": ROUND_ONE, "two": ROUND_TWO, "three": ROUND_THREE}
