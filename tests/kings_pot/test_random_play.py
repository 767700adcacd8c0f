"""Random-play invariants for King's Pot (issue 9): seeded random deals, checking
after every action that all 52 cards are accounted for, chips are conserved,
``apply`` accepts exactly what ``is_legal`` accepts, ``legal_actions()`` is
non-empty on a live turn, nobody sees a card they should not, and every deal
ends. Deals chain: each next deal inherits the stacks and the King's pot.

10,000 deals run per CI run in total: 9,000 in the fast test (the full
apply/is_legal cross-check on one deal in ten, the cheap invariants on all) and
1,000 in the slow test with the full cross-check on every action.
"""

import random
from collections import Counter

import pytest

from rules.cards import ALL_CARDS
from rules.errors import IllegalActionError
from rules.kings_pot import FAMILY, Phase
from rules.kings_pot.actions import (CALL, CHECK, FOLD, SHOWDOWN, Bet, Buy, Fold, FoldCard, Raise,
                                     Reveal)

PACK = sorted(c.index for c in ALL_CARDS)  # 0..51, each once
# actions from every phase, offered in every position: most are illegal at any one time
FOREIGN = (Buy(0), Buy(1), Buy(8), Reveal(1), Reveal(2), Reveal(3), SHOWDOWN, CHECK, CALL, Bet(1),
           Bet(9), Raise(1), Raise(9), FOLD, FoldCard(ALL_CARDS[0]), FoldCard(ALL_CARDS[51]))


def random_setup(rng, seed):
    n = rng.choice([3, 3, 4, 5, 6, 8, 11, 22]) if rng.random() < 0.9 else rng.randint(3, 22)
    ante = rng.choice([0, 1, 1, 2])
    return {
        "players": [f"P{i}" for i in range(n)],
        "dealer": rng.randrange(n),
        "stacks": [rng.choice([ante + 1, 5, 20, 60, 200]) for _ in range(n)],
        "ante": ante,
        "min_bet": 1,
        "max_bet": rng.choice([1, 3, 5]),
        "kings_pot": rng.choice([0, 0, 7]),
        "seed": seed,
    }


def choose(rng, state, legal):
    """A random legal action, weighted so that most deals reach the showdown."""
    if state.phase is not Phase.BET:
        return rng.choice(legal)
    r = rng.random()
    kinds = {}
    for a in legal:
        kinds.setdefault(type(a).__name__, []).append(a)
    if r < 0.04 and "Fold" in kinds:
        return FOLD
    if r < 0.12 and "FoldCard" in kinds:
        return rng.choice(kinds["FoldCard"])
    if r < 0.30 and ("Bet" in kinds or "Raise" in kinds):
        return rng.choice(kinds.get("Bet", []) + kinds.get("Raise", []))
    for k in ("Check", "Call"):
        if k in kinds:
            return kinds[k][0]
    return rng.choice(legal)


def check_invariants(state, total, full):
    # every card of the one pack is somewhere, exactly once
    where = [c.index for c in state.table.tableau + state.table.kings_hand + state.spare_left]
    for seat in state.seats:
        where.extend(c.index for c in seat.live + seat.folded)
    where.sort()
    assert where == PACK
    assert state.total_chips == total
    assert all(seat.stack >= 0 for seat in state.seats)
    legal = state.legal_actions()
    if state.is_over:
        assert legal == () and state.to_act is None and state.pot == 0
    else:
        assert legal, f"no legal action in a live position: {state.phase}"
        if state.phase is Phase.BET:
            assert state.seats[state.to_act].in_deal
    if full:
        assert legal == tuple(a for a in state.candidate_actions() if state.is_legal(a))
        for action in set(state.candidate_actions()) | set(FOREIGN):
            ok = state.is_legal(action)
            try:
                state.apply(action)
            except IllegalActionError:
                assert not ok, f"apply refused a legal {action}"
            else:
                assert ok, f"apply accepted an illegal {action}"
        # a seat never sees another's live cards before the showdown, nor the King's hand
        if not state.is_over:
            seat = state.to_act if state.to_act is not None else 0
            v = state.view(seat)
            assert all(p.cards is None for i, p in enumerate(v.players) if i != seat)
            assert v.kings_hand == (None,) * 5
    return legal


def play_deals(first_seed, deals, full_every):
    rng = random.Random(first_seed)
    stats = Counter()
    setup = None
    for d in range(deals):
        seed = first_seed * 100_003 + d
        if setup is None:
            setup = random_setup(rng, seed)
        state = FAMILY.start(rng.choice(["standard", "standard", "flat-ante"]), setup)
        total = state.total_chips
        full = d % full_every == 0
        for _ in range(2_000):
            legal = check_invariants(state, total, full)
            if state.is_over:
                break
            state = state.apply(choose(rng, state, legal))
        else:  # pragma: no cover - a deal that never ends is the failure this test looks for
            pytest.fail(f"deal {d} of seed {first_seed} did not end")
        out = state.outcome
        stats["uncontested" if out.uncontested else "showdown"] += 1
        stats["kings-pot-won"] += out.kings_pot_won
        stats["split"] += len(out.winners) > 1
        # the next deal inherits stacks and King's pot, unless too few can pay
        try:
            setup = state.next_setup(seed=seed + 1) if rng.random() < 0.7 else None
        except IllegalActionError:
            setup = None
        if setup is not None:
            assert setup["kings_pot"] == out.carried
    return stats


@pytest.mark.slow  # 9,000 deals: the full suite's, not the quick loop's
@pytest.mark.parametrize("chunk", range(9))
def test_random_deals_keep_every_invariant(chunk):
    stats = play_deals(chunk + 1, 1_000, full_every=10)
    assert stats["showdown"] + stats["uncontested"] == 1_000
    # the weighting must exercise every ending, or the invariants prove little
    assert stats["showdown"] > 300 and stats["uncontested"] > 50
    assert stats["kings-pot-won"] > 0 and stats["split"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
def test_random_deals_with_the_full_apply_check_on_every_action(chunk):
    stats = play_deals(1_000 + chunk, 500, full_every=1)
    assert stats["showdown"] + stats["uncontested"] == 500
