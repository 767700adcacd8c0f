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


def test_legal_actions_are_remembered_for_the_last_state_asked_only():
    first = start("house", {"players": 4, "seed": 2})
    second = first.apply(first.legal_actions()[0])
    actions = second.legal_actions()
    assert state_module._ASKED == (second, actions)
    # the first state's answer is gone, and asking again gives an equal answer
    assert set(first.legal_actions()) == {a for a in first.candidate_actions() if first.check(a).legal}


def test_the_per_rule_set_tables_stay_within_their_bound():
    # a session that builds many variations keeps only the last few rule sets' tables
    from rules.palace import legality
    made = [dataclasses.replace(PRESETS["house"], name=f"house-{i}") for i in range(CACHE_BOUND * 2)]
    for rules in made:
        assert allowed_tables(rules) == allowed_tables(PRESETS["house"])
    assert len(legality._ALLOWED) <= CACHE_BOUND
