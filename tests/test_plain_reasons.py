"""Engine reasons a person reads show cards on their faces, never in notation.

Every verdict (of every candidate action) and every event of seeded random games of every
registered game, in every preset, at two to four seats: no reason or event text holds a card
written the engine's way (``3c``, ``Th``, ``Jk``); the faces (``3♣``, ``10♥``) and words are
what a learner meets (COMMON standards: words in front of a person are plain).
"""

from __future__ import annotations

import random
import re

import pytest

from rules.errors import NotationError
from rules.games import game_ids, get_family

# a rank character then a suit letter, standing alone: "3c", "Th", "10s", and the joker "Jk";
# not "As", which is also an English word (the ace of spades in notation goes uncaught)
NOTATION = re.compile(r"(?<![\w♠♥♦♣])(?!As\b)(?:10|[2-9TJQKA])[cdhs](?!\w)|(?<!\w)Jk(?!\w)")
NAMES = ("Ann", "Bob", "Cy", "Dee")
# one thing counted as many: "the pile (1 cards) leaves the game"
ONE_MANY = re.compile(r"(?<![\d.])1 (cards|chips|players|soldiers)\b")


def test_the_pattern_finds_notation_and_passes_faces_and_words():
    for text in ("3c is on the table", "Ann discards Jh 3s face down", "Cy shows 10h", "the Jk", "Ad"):
        assert NOTATION.search(text), text
    for text in ("3♣ is on the table", "Ann discards J♥ and 3♠ face down", "As the pile is empty",
                 "two sevens", "10♥ and Joker", "Ann has 3 chips"):
        assert not NOTATION.search(text), text


def _tables(game: str):
    family = get_family(game)
    for variant in family.presets:
        for seats in (2, 3, 4):
            names = list(NAMES[:seats])
            for seed in range(2):
                setup = {family.players_key: names, "seed": seed}
                try:
                    yield variant, seed, family.start(variant, setup)
                except (NotationError, ValueError):
                    break  # this preset does not seat this many


@pytest.mark.parametrize("game", game_ids())
def test_no_reason_or_event_text_shows_a_card_in_notation(game):
    found: dict[str, str] = {}
    played = 0
    for variant, seed, state in _tables(game):
        rng = random.Random(f"{game}/{variant}/{seed}")
        for _ in range(400):
            if state.is_over:
                break
            for action in state.candidate_actions():
                reason = state.check(action).reason
                if NOTATION.search(reason):
                    found.setdefault(f"verdict of {action}", reason)
            tried = state.try_play(rng.choice(state.legal_actions()))
            for event in tried.events:
                if NOTATION.search(event.text) or ONE_MANY.search(event.text):
                    found.setdefault(f"event {event.kind}", event.text)
            state = tried.state
            played += 1
    assert played > 100, game
    assert not found, found
