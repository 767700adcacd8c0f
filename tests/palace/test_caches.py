"""Palace's caches are bounded and live outside its values (issue 14): a state and a rule set
hold only their fields after any amount of asking. About 1 s."""

import dataclasses
import random

from rules.palace import PRESETS, start
from rules.palace import state as state_module
from rules.palace.legality import CACHE_BOUND, allowed_tables


def test_states_and_rule_sets_hold_only_their_fields_after_play():
    rules_before = {name: set(PRESETS[name].__dict__) for name in PRESETS}
    rng = random.Random(3)
    for name in PRESETS:
        state = start(name, {"players": 3, "seed": 1})
        for _ in range(150):
            if state.is_over:
                break
            actions = state.legal_actions()
            state.check(actions[0])
            assert set(state.__dict__) == set(state_module.FIELDS)
            state = state.apply(rng.choice(actions))
    assert {name: set(PRESETS[name].__dict__) for name in PRESETS} == rules_before


def test_the_legal_actions_memory_stays_within_its_bound():
    state = start("house", {"players": 4, "seed": 2})
    rng = random.Random(5)
    for _ in range(state_module.LEGAL_BOUND * 2):
        if state.is_over:
            state = start("house", {"players": 4, "seed": rng.randrange(1000)})
        state = state.apply(rng.choice(state.legal_actions()))
        assert len(state_module._LEGAL) <= state_module.LEGAL_BOUND


def test_the_per_rule_set_tables_stay_within_their_bound():
    # a session that builds many variations keeps only the last few rule sets' tables
    from rules.palace import legality
    made = [dataclasses.replace(PRESETS["house"], name=f"house-{i}") for i in range(CACHE_BOUND * 2)]
    for rules in made:
        assert allowed_tables(rules) == allowed_tables(PRESETS["house"])
    assert len(legality._ALLOWED) <= CACHE_BOUND
