"""Random valid rule sets for the tests that play games under them (``test_random_rule_sets``,
``test_one_check``): a preset with a random half of its options drawn."""

from __future__ import annotations

import random
from collections import Counter

from rules.options import RuleConflictError

# values to draw for options written freely (a new free option must be added here)
SAMPLES = {
    ("Palace Poker", "stakes"): ["1/2", "5/10", "4/4", "10/20"],
    ("Palace Poker", "ante"): ["0", "1", "7"],
    ("Palace Poker", "points-target"): ["10", "30"],
    ("Palace Poker", "raise-cap"): ["0", "1", "3"],
    ("King's Pot", "ante"): ["0", "1", "2"],
    ("King's Pot", "max-buy"): ["1", "2", "3", "7"],
    ("King's Pot", "min-bet"): ["1", "2"],
    ("King's Pot", "max-bet"): ["1", "5", "40"],
    ("King's Pot", "raise-cap"): ["0", "1", "3"],
    ("Palace", "jokers"): ["0", "1", "2"],
}


def random_rules(rng: random.Random, presets, refused: Counter):
    """A preset with a random half of its options drawn; conflicting draws are redrawn."""
    while True:
        base = presets[rng.choice(list(presets))]
        chosen = {}
        for opt in base.OPTIONS:
            if rng.random() < 0.5:
                continue
            tokens = [c.token for c in opt.choices]
            if opt.free is not None:
                tokens += SAMPLES[(base.OPTIONS.game, opt.name)]
            chosen[opt.name] = rng.choice(tokens)
        try:
            return base.with_options(chosen)
        except RuleConflictError as err:
            refused[err.settings] += 1
