"""Computer players (issue 15): every level of every game plays legal moves, decides from its
seat's view alone, and replays exactly from a seed.

Positions are seeded random games of each game and rule set (as in tests/test_contract.py),
taken where a seat has a real choice. Costs about 20 s (the strong players look ahead).
"""

from __future__ import annotations

import pickle
from dataclasses import fields, is_dataclass, replace

import pytest

from players import LEVELS, Decision, player_for
from rules.games import get_family

from .positions import GAMES, POSITIONS, sample_other_than

@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_every_level_plays_a_legal_move_with_a_reason(game, level):
    for label, state in POSITIONS[game]:
        seat = state.mover
        decision = player_for(game, level, seed=label).decide(state.view(seat))
        assert isinstance(decision, Decision)
        assert state.is_legal(decision.action), (label, decision)
        assert decision.reason and decision.reason[0].isupper() and decision.reason.endswith("."), decision
        assert "@" not in decision.reason, decision.reason  # words, not engine notation


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_reshuffling_the_unseen_cards_never_changes_a_decision(game, level):
    changed = 0
    for label, state in POSITIONS[game]:
        seat = state.mover
        sample = sample_other_than(state, seat)
        changed += sample != state
        real = player_for(game, level, seed=label).decide(state.view(seat))
        other = player_for(game, level, seed=label).decide(sample.view(seat))
        assert real == other, (label, real, other)
    assert changed >= len(POSITIONS[game]) // 2  # the test did reshuffle hidden cards


def _without_history(view):
    # Palace Poker keeps the last battle for whoever saw it; a sample does not carry history
    return replace(view, last_battle=None) if is_dataclass(view) and any(
        f.name == "last_battle" for f in fields(view)) else view


@pytest.mark.parametrize("game", GAMES)
def test_a_view_holds_nothing_that_tells_where_the_unseen_cards_are(game):
    # everything a player given a view can reach (the view's whole object graph, pickled) is the
    # same for two positions that differ only in where the unseen cards lie
    for label, state in POSITIONS[game]:
        seat = state.mover
        sample = sample_other_than(state, seat)
        if sample == state:
            continue
        assert pickle.dumps(_without_history(state.view(seat))) == pickle.dumps(_without_history(sample.view(seat))), label


@pytest.mark.parametrize("game", GAMES)
def test_a_player_refuses_a_state_and_the_teaching_view(game):
    _, state = POSITIONS[game][0]
    bot = player_for(game, "standard", seed=1)
    with pytest.raises(TypeError, match="view"):
        bot.decide(state)
    with pytest.raises(ValueError, match="teaching view"):
        bot.decide(state.view(None))
    idle = next(s for s in range(len(state.names)) if s != state.mover)
    with pytest.raises(ValueError, match="not seat"):
        bot.decide(state.view(idle))


def _play(game, variant, setup, levels, seed, cap=400):
    family = get_family(game)
    state = family.start(variant, {**setup, "seed": seed})
    bots = [player_for(game, level, seed=f"{seed}/{i}") for i, level in enumerate(levels)]
    moves = []
    while not state.is_over and len(moves) < cap:
        seat = state.mover
        legal = state.legal_actions()
        action = legal[0] if seat is None or len(legal) == 1 else bots[seat].act(state.view(seat))
        moves.append(str(action))
        state = state.apply(action)
    return moves


REPLAY = {"palace": ("house", {"players": 3}), "palace-poker": ("no-limit", {"seats": ["Ann", "Bob", "Cy"]}),
          "kings-pot": ("standard", {"players": ["Ada", "Ben", "Cleo"]})}


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seeds_replay_the_same_game(game):
    # one seat of each level; the strong players' samples come from their seeds too
    variant, setup = REPLAY[game]
    first = _play(game, variant, setup, LEVELS, 7, cap=120)
    again = _play(game, variant, setup, LEVELS, 7, cap=120)
    assert first == again and len(first) > 10


def test_unknown_game_or_level_is_refused_by_name():
    with pytest.raises(ValueError, match="'chess'"):
        player_for("chess", "standard")
    with pytest.raises(ValueError, match="'expert'"):
        player_for("palace", "expert")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_act_chooses_what_decide_chooses_without_putting_the_reason_into_words(game, level, monkeypatch):
    # a computer seat's move in a game: nobody reads its reason, so act() does not make one
    from players import base

    made = []
    built = base.Decision.__init__
    monkeypatch.setattr(base.Decision, "__init__",
                        lambda self, *a, **k: (made.append(bool(a[1:] or k.get("reason"))), built(self, *a, **k))[1])
    for label, state in POSITIONS[game]:
        view = state.view(state.mover)
        made.clear()
        action = player_for(game, level, seed=label).act(view)
        assert made and not any(made), (label, made)   # decisions made, none with words
        assert action == player_for(game, level, seed=label).decide(view).action
