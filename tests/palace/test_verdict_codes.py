"""Palace's legality answers are declared values (issue 14): the check returns one of them, and
the verdict is its lookup. About 2 s."""

import random

import pytest

from rules.palace import PRESETS, start
from rules.palace import legality
from rules.palace import verdicts as V
from rules.palace.decide import decide
from rules.palace.explain import explain

DECLARED = (*V.declared(), *legality.PLACEMENTS)


def test_every_answer_has_its_own_name():
    names = [code.name for code in DECLARED]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_answer_cites_a_section_each_preset_knows(preset):
    rules = PRESETS[preset]
    for code in DECLARED:
        assert rules.ref(code.ref_key).section, code  # KeyError on a key the preset cannot cite


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_check_answers_only_with_declared_codes_and_the_verdict_is_their_lookup(preset):
    # Every candidate action (legal or not) of a few random games: the decision is a declared
    # value, and the verdict says what that value says (legal or not, its section, its ruling).
    declared = {id(code) for code in DECLARED}
    rng = random.Random(14)
    seen = set()
    for game in range(6):
        state = start(preset, {"players": 2 + game % 3, "seed": game})
        for _ in range(400):
            if state.is_over:
                break
            for action in state.candidate_actions():
                code, details = decide(state, action)
                assert id(code) in declared, (action, code)
                verdict = explain(state, code, details)
                assert verdict.legal is code.legal
                if not getattr(code, "wraps_placement", False):
                    assert verdict.ref == state.rules.ref(code.ref_key)
                    if code.ruling is not None:
                        assert verdict.ruling is code.ruling
                seen.add(code.name)
            state = state.apply(rng.choice(state.legal_actions()))
    # the games reach refusals and acceptances of many kinds, so the test is not vacuous
    assert len(seen) >= 15, sorted(seen)
