"""Fuzzed bad input (issue 9): setups and checker text either work or raise
NotationError with a one-line message; a refused action changes nothing."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalActionError, NotationError
from rules.kings_pot import FAMILY
from rules.kings_pot.checker import check_tableau

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**13) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8)
KEYS = st.sampled_from(["players", "dealer", "stacks", "ante", "min_bet", "max_bet", "kings_pot",
                        "deck", "seed", "bogus"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(KEYS, JSONISH, max_size=5))
def test_fuzzed_setups_start_or_raise_notation_error_only(setup):
    setup.setdefault("players", ["Ana", "Ben", "Cleo"])
    try:
        state = FAMILY.start("standard", setup)
    except NotationError as err:
        assert "\n" not in str(err)
        return
    assert state.legal_actions()


CARDISH = st.lists(st.sampled_from(["As", "Ks", "10h", "Th", "2c", "Jk", "Zz", "1s", "Q♠", "qs", ",",
                                    "", "7", "h"]), max_size=32).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(CARDISH, CARDISH)
def test_fuzzed_checker_text_works_or_raises_one_line_notation_error(tableau, kings):
    try:
        check_tableau(tableau, kings)
    except NotationError as err:
        assert "\n" not in str(err) and err.token is not None


def test_a_refused_action_leaves_the_state_untouched():
    # compare with a twin started from the same setup (comparing the state with
    # itself could never fail), then check the refused state still plays on
    setup = {"players": ["Ana", "Ben", "Cleo"], "seed": 4}
    s, twin = FAMILY.start("standard", setup), FAMILY.start("standard", setup)
    s, _ = s.apply_text("buy 2")
    twin, _ = twin.apply_text("buy 2")
    with pytest.raises(IllegalActionError):
        s.apply_text("buy 9")
    with pytest.raises(NotationError):
        s.apply_text("buy nine")
    with pytest.raises(IllegalActionError):
        s.apply_text("reveal 1")
    assert s == twin and s.history == twin.history and len(s.history) == 1
    assert (s.to_act, s.dealt, s.kings_pot) == (2, 2, 2)  # Cleo next; Ben's 2 cards and 2 antes
    after, _ = s.apply_text("buy 1")
    assert after.dealt == 3 and after.to_act == 0
