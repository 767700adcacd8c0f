"""The engine contract (issue 14, ``rules.core``) held by all three games alike.

Random positions of every game and rule set (seeded), and at each:

* actions are ``rules.core.Action`` values whose text parses back to them, whose
  ``key()`` drops only the asserted actor, and that a person reads in words
  (``describe``) without engine notation;
* ``try_play`` gives the verdict of ``check`` and the state and events of ``play``;
* ``view(seat)`` offers the seat's legal actions exactly when it is its move;
* ``view(seat).determinize(rng)`` is a full, valid position that the seat cannot
  tell from the real one (its own view of the sample is the same view), that
  holds the same cards, and that play can go on from;
* sampling spreads the unseen cards evenly over the places the seat cannot see.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields, replace

import pytest

from rules.core import Action, GameView, Tried
from rules.games import game_ids, get_family

SETUPS = {
    "palace-poker": [("limit", {"seats": ["Ann", "Bob", "Cy"]}), ("no-limit", {"seats": ["Ann", "Bob"]}),
                     ("open-market", {"seats": ["Ann", "Bob", "Cy", "Dee"]}), ("points", {"seats": ["Ann", "Bob"]})],
    "palace": [("house", {"players": 3}), ("caron", {"players": 4}), ("bga", {"players": 2}),
               ("house", {"players": 2, "alternates": ["jokers-reverse", "last-card"]}),
               ("bga", {"players": 3, "alternates": ["short-game"]})],
    "kings-pot": [("standard", {"players": ["Ada", "Ben", "Cleo"]}),
                  ("flat-ante", {"players": ["Ada", "Ben", "Cleo", "Dev"]})],
}


def positions(game: str, every: int = 7, limit: int = 400):
    """(variant, state) at every ``every``-th step of seeded random games."""
    family = get_family(game)
    out = []
    for k, (variant, setup) in enumerate(SETUPS[game]):
        for seed in range(2):
            rng = random.Random(f"{game}/{k}/{seed}")
            state = family.start(variant, {**setup, "seed": seed})
            for step in range(limit):
                if state.is_over:
                    break
                if step % every == 0:
                    out.append((variant, state))
                state = state.apply(rng.choice(state.legal_actions()))
    return out


POSITIONS = {game: positions(game) for game in ("palace-poker", "palace", "kings-pot")}


def cards_of(state) -> list[int]:
    """Every card of a position, as sorted card indexes."""
    if hasattr(state, "card_indexes"):
        return state.card_indexes()
    if hasattr(state, "card_zones"):
        return sorted(c.index for zone in state.card_zones().values() for c in zone)
    return sorted(c.index for c in state.table.deck)


def comparable(view):
    """A view's fields as the seat reads them (the Palace Poker record of the last battle is
    history, which a sample does not keep: ruling palace-poker-odds-unseen)."""
    return {f.name: getattr(view, f.name) for f in fields(view) if f.name != "last_battle"}


def test_every_game_follows_the_contract():
    assert set(game_ids()) == set(SETUPS)
    for game in game_ids():
        assert POSITIONS[game], game


@pytest.mark.parametrize("game", list(SETUPS))
def test_actions_are_values_with_text_a_key_and_words(game):
    for _, state in POSITIONS[game][::2]:
        for action in state.candidate_actions():
            assert isinstance(action, Action), (game, action)
            assert state.parse_action(str(action)) == action, str(action)
            assert action.key() == action.key().key() and hash(action.key()) is not None
            words = state.describe(action)
            assert words and "@" not in words and words != str(action) or str(action) in ("stay", "check", "call"), \
                (game, str(action), words)
            for seat in range(len(state.names)):
                assert state.describe(action, seat)


def test_palace_poker_actor_is_asserted_by_the_text_and_dropped_by_the_key():
    _, state = next((v, s) for v, s in POSITIONS["palace-poker"] if s.mover is not None)
    name = state.names[state.mover]
    action = state.parse_action(f"{name}: {state.legal_actions()[0]}")
    assert action.actor == state.mover and str(action).startswith(f"@{state.mover}: ")
    assert action.key() == state.legal_actions()[0] and action != action.key()
    other = (state.mover + 1) % len(state.names)
    refused = state.check(replace(action, actor=other))
    assert not refused.legal and f"{name}'s move" in refused.reason
    assert refused.ref.clause in ("whose turn it is", "who answers a bet", "the dealer", "first dealer")


@pytest.mark.parametrize("game", list(SETUPS))
def test_try_play_is_check_and_play_in_one_call(game):
    for _, state in POSITIONS[game][::3]:
        for action in state.candidate_actions()[:12]:
            tried = state.try_play(action)
            assert isinstance(tried, Tried) and tried.verdict == state.check(action)
            if tried.legal:
                after, events = state.play(action)
                assert cards_of(tried.state) == cards_of(after) and tried.events == events
                assert tried.state.view(None) == after.view(None)
            else:
                assert tried.state is None and tried.events == ()


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_view_offers_the_seats_legal_actions_only_on_its_move(game):
    for _, state in POSITIONS[game][::2]:
        assert tuple(state.view(None).legal_actions()) == tuple(state.legal_actions())
        for seat in range(len(state.names)):
            view = state.view(seat)
            assert isinstance(view, GameView) and view.seat == seat and view.mover == state.mover
            expected = state.legal_actions() if seat == state.mover else ()
            assert tuple(view.legal_actions()) == tuple(expected)


@pytest.mark.parametrize("game", list(SETUPS))
def test_every_sample_agrees_with_the_view_and_is_a_valid_position(game):
    rng = random.Random(game)
    for _, state in POSITIONS[game]:
        for seat in range(len(state.names)):
            view = state.view(seat)
            unseen = view.unseen()
            assert list(unseen) == sorted(unseen, key=lambda c: c.index)
            for _ in range(2):
                sample = view.determinize(rng)
                assert comparable(sample.view(seat)) == comparable(view), (game, seat)
                if hasattr(view, "remembered"):  # Palace: what the seat watched go into hidden places
                    assert sample.view(seat).remembered() == view.remembered(), (game, seat)
                assert sample.view(seat).unseen() == unseen
                assert cards_of(sample) == cards_of(state)
                assert sample.mover == state.mover and sample.legal_actions() or sample.is_over
                # play goes on from a sample: a few random moves, each checked by the engine
                for _ in range(5):
                    if sample.is_over:
                        break
                    sample = sample.apply(rng.choice(sample.legal_actions()))
        assert state.view(None).determinize(rng) is state.view(None)._masked


@pytest.mark.parametrize("game", list(SETUPS))
def test_sampling_spreads_the_unseen_cards_evenly(game):
    # In one position with many unseen cards, the card dealt to the first place the seat
    # cannot see follows the uniform law over the unseen cards: a chi-square test over
    # 3000 seeded samples (the 0.999 quantile bound, so a fair sampler fails 1 time in 1000).
    variant, state = max(POSITIONS[game], key=lambda vs: len(vs[1].view(0).unseen()))
    view = state.view(0)
    unseen = view.unseen()
    kinds = Counter(unseen)
    rng = random.Random(f"uniform/{game}")
    seen_first = Counter()
    n = 3000
    for _ in range(n):
        sample = view.determinize(rng)
        seen_first[first_hidden_card(game, sample, 0)] += 1
    assert set(seen_first) <= set(kinds)
    chi2 = sum((seen_first[c] - n * k / len(unseen)) ** 2 / (n * k / len(unseen)) for c, k in kinds.items())
    dof = len(kinds) - 1
    bound = dof + 3.1 * (2 * dof) ** 0.5 + 10  # above the 0.999 quantile for these sizes
    assert chi2 < bound, (game, variant, chi2, bound)


def first_hidden_card(game, sample, seat):
    """The card in the first place ``seat`` cannot see (engine order of places)."""
    if game == "palace":
        from rules.palace.view import _card_at, hidden_cards
    elif game == "palace-poker":
        from rules.palace_poker.view import _card_at, unseen_cards as hidden_cards
    else:
        from rules.kings_pot.view import hidden_cards

        places = hidden_cards(sample, seat)[1]
        return sample.table.deck[places[0]]
    slots = hidden_cards(sample, seat)[1]
    return _card_at(sample, slots[0])
