"""Random play (issue 9): every preset at every table size, invariants after every action.

After each action: every card is somewhere (stock, hands, table cards, pile, cleared cards, cards
set aside, a card held during a chance); a live turn has legal actions; ``legal_actions()`` is
exactly the candidates ``check`` accepts; ``play`` refuses every candidate ``is_legal`` refuses.
Games end, or stop at the documented cap (``rules.palace.simulate.MAX_ACTIONS``) and say so.
"""

import random
import pytest

from rules.palace import actions as A
from rules.palace import start
from rules.palace.simulate import MAX_ACTIONS, POLICIES, InvariantError, _check, random_game

TABLES = [(v, p) for v in ("house", "caron", "bga") for p in range(2, 7) if not (v == "bga" and p > 4)]
ALTERNATES = [("house", ["ace-like-two"]), ("house", ["jokers-reverse"]), ("house", ["last-card"]),
              ("house", ["dealer-left", "jokers-reverse", "last-card"]), ("caron", ["five-skips"]),
              ("caron", ["four-reverses"]), ("caron", ["five-skips", "four-reverses"]),
              ("bga", ["short-game"])]


@pytest.mark.parametrize("variant, players", TABLES)
@pytest.mark.parametrize("policy", POLICIES)
def test_random_games_keep_every_invariant_after_every_action(variant, players, policy):
    for seed in range(3):
        record = random_game(variant, players, seed, policy=policy, check=True, max_actions=1500)
        assert record.reason in ("over", "cap")
        if record.reason == "over":
            assert record.final.is_over and record.final.legal_actions() == ()


@pytest.mark.parametrize("variant, alternates", ALTERNATES)
def test_random_games_with_the_alternate_rules_keep_every_invariant(variant, alternates):
    for seed in range(4):
        for players in (2, 3, 4):
            random_game(variant, players, seed, alternates=alternates, policy="low-first", check=True)
        random_game(variant, 3, seed, alternates=alternates, policy="uniform", check=True, max_actions=800)


@pytest.mark.parametrize("variant, players", TABLES)
def test_random_games_end(variant, players):
    records = [random_game(variant, players, seed, policy="low-first") for seed in range(40)]
    capped = [r.seed for r in records if r.reason == "cap"]
    assert len(capped) <= 1, capped  # a capped game says so; almost all games reach their end
    ended = [r for r in records if r.reason == "over"]
    for r in ended:
        final = r.final
        if final.rules.ending == "first-out-wins":
            assert final.winner is not None and final.out == (final.winner,)
        else:
            assert final.loser is not None and len(final.out) == players - 1


def test_uniform_random_games_stop_at_the_cap_with_the_reason():
    record = random_game("bga", 2, 0, policy="uniform", max_actions=25)
    assert record.reason == "cap" and record.actions == 25 and not record.final.is_over
    assert MAX_ACTIONS == 5000


def test_any_suits_of_a_listed_multiple_are_legal_too():
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        state = start("caron", {"players": 3, "seed": seed})
        for _ in range(300):
            if state.is_over:
                break
            for action in state.legal_actions():
                if type(action) is A.Play and state.phase.value == "play" and state.source() == "hand":
                    rank = action.cards[0].rank
                    same = [c for c in state.hands[state.to_move] if c.rank == rank]
                    other = tuple(rng.sample(same, len(action.cards)))
                    assert state.is_legal(A.Play(other)), (action, other)
                    checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_invariant_checker_catches_a_lost_card():
    state = start("house", {"players": 2, "seed": 1})
    total = sorted(state.card_indexes() + [state.stock[0].index])
    with pytest.raises(InvariantError, match="not conserved"):
        _check(state, state.legal_actions(), total, "test", True)


# the 10,000 games below: every table at seeds 1000 .. 1000 + ROUNDS - 1 (13 tables x 770 rounds =
# 10,010 games), in chunks of rounds so that the test workers share them
ROUNDS = -(-10_000 // len(TABLES))
TEN_THOUSAND_CHUNKS = 8


def test_the_chunks_of_ten_thousand_games_cover_every_round_once():
    rounds = [r for chunk in range(TEN_THOUSAND_CHUNKS) for r in _rounds(chunk)]
    assert rounds == list(range(ROUNDS)) and len(rounds) * len(TABLES) >= 10_000


def _rounds(chunk: int) -> range:
    return range(chunk * ROUNDS // TEN_THOUSAND_CHUNKS, (chunk + 1) * ROUNDS // TEN_THOUSAND_CHUNKS)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(TEN_THOUSAND_CHUNKS))
def test_ten_thousand_random_games_keep_the_invariants(chunk):
    """Issue 9's volume: 10,000 seeded games over every preset and table size, every action
    checked for conservation and a non-empty action list, the full comparison of
    ``legal_actions`` with ``check`` (and of ``play`` with ``is_legal``) every 25th action."""
    for seed in _rounds(chunk):
        for variant, players in TABLES:
            record = random_game(variant, players, 1000 + seed, policy="low-first", check=True,
                                 deep_every=25)
            assert record.reason in ("over", "cap")


def test_invariant_checker_catches_each_kind_of_failure():
    state = start("bga", {"players": 2, "seed": 1})
    state = state.apply(A.READY).apply(A.READY)
    total = state.card_indexes()
    actions = state.legal_actions()
    illegal = next(a for a in state.candidate_actions() if not state.is_legal(a))
    for bad, message in (((), "no legal action"), (actions + actions[:1], "duplicate"),
                         (actions + (illegal,), "disagree")):
        with pytest.raises(InvariantError, match=message):
            _check(state, bad, total, "test", True)
    over = random_game("house", 2, 0, policy="low-first").final
    with pytest.raises(InvariantError, match="after the end"):
        _check(over, actions, over.card_indexes(), "test", True)
