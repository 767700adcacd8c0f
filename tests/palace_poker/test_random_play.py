"""Issue 9: invariants over seeded random play, for every preset.

After every action: all 52 cards are accounted for exactly once (deck, discard
pile, set-aside cards, the draw for dealer, banners, palace cards, soldiers),
the chips add up (stacks + pot), a live position has a legal action, the
chosen action's text parses back to it, and ``apply`` accepts exactly what
``is_legal`` accepts (every step applies one illegal candidate, which must be
refused, and legal ones, which must go through; ``legal_actions`` is by
construction the candidates ``is_legal`` accepts). Every game must end. 10,200 games per run in all.

Two random players are mixed: one picks a kind of action first (so battles,
raises and buys are common), the other buys and keeps soldiers greedily (so
decks run out, discard piles are reshuffled and the five-soldier limit bites).
"""

import random

import pytest

from rules.errors import IllegalActionError
from rules.palace_poker import PRESETS, Kind, start

GAMES_PER_CHUNK = 340
CHUNKS = 5  # x 6 presets x 340 = 10,200 games
STEP_LIMIT = 5000

GREEDY = {Kind.BUY: 6, Kind.MARKET: 3, Kind.KEEP: 6, Kind.DISCARD: 1, Kind.STAY: 1, Kind.BET: 1,
          Kind.FOLD: 0.2, Kind.CALL: 2, Kind.RAISE: 1}


def choose(rng, actions, greedy):
    by_kind = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    kinds = list(by_kind)
    if greedy:
        weights = [GREEDY.get(k, 1) for k in kinds]
        kind = rng.choices(kinds, weights)[0] if sum(weights) else rng.choice(kinds)
    else:
        kind = rng.choice(kinds)
    return rng.choice(by_kind[kind])


def play_one(variant, seed):
    rng = random.Random(f"{variant}/{seed}")
    n = rng.randint(2, 10)
    greedy = rng.random() < 0.15
    setup = {"seats": [f"P{i}" for i in range(n)], "seed": seed,
             "stacks": rng.choice([20, 60, 200, 1000]) if not greedy else rng.choice([40, 80])}
    if rng.random() < 0.1:
        setup["dealer"] = "draw"
    state = start(variant, setup)
    steps = 0
    while not state.is_over:
        assert state.accounted(), (variant, seed, steps)
        candidates = state.candidate_actions()
        legal = state.legal_actions()
        assert legal, (variant, seed, steps, str(state))
        # apply refuses what is_legal refuses (one illegal candidate per step) and
        # accepts what it accepts (the action played, and one other legal one)
        legal_set = set(legal)
        illegal = [a for a in candidates if a not in legal_set]
        if illegal:
            with pytest.raises(IllegalActionError):
                state.apply(rng.choice(illegal))
        action = choose(rng, legal, greedy)
        if len(legal) > 1 and rng.random() < 0.25:
            state.apply(rng.choice(legal))
        assert state.parse_action(str(action)) == action, str(action)
        state = state.apply(action)
        steps += 1
        assert steps < STEP_LIMIT, (variant, seed)
    assert state.accounted() and state.pot == 0
    assert state.result is not None
    return state


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", list(PRESETS))
def test_random_play_keeps_every_card_and_chip_and_always_ends(variant, chunk):
    hows = set()
    for k in range(GAMES_PER_CHUNK):
        end = play_one(variant, chunk * GAMES_PER_CHUNK + k)
        hows.add(end.result.how)
    assert "showdown" in hows or "same suit showdown" in hows
