"""The contract's ending (issue 31, rules.core): the outcome, the next deal, the steps nobody
decides and the pots, the same way for every game. Expected figures come from the sources'
worked examples (the lessons that follow them) or are counted independently here."""

from __future__ import annotations

import random

import pytest

from lessons.loader import load_lessons
from rules.games import game_ids, get_family

SHIPPED = ("palace-poker", "palace", "kings-pot")
NAMES = ["Ann", "Ben", "Cleo", "Dev"]


def _lesson_end(lesson_id):
    lesson = load_lessons().by_id(lesson_id)
    from lessons.loader import replay

    return lesson, replay(lesson)[-1].after


def _random_game(game, variant, seed, setup=None):
    family = get_family(game)
    state = family.start(variant, {family.players_key: NAMES, "seed": seed, **(setup or {})})
    rng = random.Random(seed)
    automatic = 0
    while not state.is_over:
        auto = state.automatic()
        legal = state.legal_actions()
        if auto is not None:
            assert legal == (auto,), "a step nobody decides is the one legal action"
            automatic += 1
        state = state.apply(auto if auto is not None else rng.choice(legal))
    return state, automatic


@pytest.mark.parametrize("game", SHIPPED)
def test_every_finished_game_has_an_outcome_and_a_live_one_none(game):
    family = get_family(game)
    for seed in range(6):
        state, _ = _random_game(game, next(iter(family.presets)), seed)
        outcome = state.game_outcome()
        assert outcome is not None and outcome.winners and outcome.how and outcome.ref.section
        placed = [seat for group in outcome.placings for seat in group]
        assert sorted(placed) == list(range(len(state.names))), "every seat has one place"
        assert outcome.placings[0][0] in outcome.winners
        if game == "palace-poker":
            assert sum(outcome.chips) == 0, "chips only change hands"
            assert all(outcome.chips[w] >= 0 for w in outcome.winners)
    start = family.start(next(iter(family.presets)), {family.players_key: NAMES, "seed": 1})
    assert start.game_outcome() is None


def test_palace_is_one_game_and_the_first_player_out_wins():
    state, automatic = _random_game("palace", "house", 3)
    outcome = state.game_outcome()
    assert automatic == 0, "in Palace every step is a player's decision"
    assert outcome.winners == (state.winner,) and not outcome.goes_on and outcome.chips == ()
    assert state.next_deal({}, 1) is None and state.pots() == ()


def test_bga_palace_plays_on_to_the_last_player_who_loses():
    state, _ = _random_game("palace", "bga", 2)
    outcome = state.game_outcome()
    assert outcome.placings[-1] == (state.loser,) and state.loser not in outcome.winners
    assert [g[0] for g in outcome.placings[:-1]] == list(state.out)


def test_kings_pot_chips_add_up_with_the_kings_pot_carried():
    # King's Pot: the stacks' gains and losses plus the growth of the King's pot make nothing
    for seed in range(6):
        state, _ = _random_game("kings-pot", "standard", seed)
        grown = state.kings_pot - state.table.kings_pot
        assert sum(state.game_outcome().chips) + grown == 0


def test_a_deal_not_over_has_no_next_deal_yet():
    for game in SHIPPED:
        family = get_family(game)
        state = family.start(next(iter(family.presets)), {family.players_key: NAMES, "seed": 1})
        with pytest.raises(ValueError, match="not over"):
            state.next_deal({}, 1)


def test_the_next_palace_poker_hand_of_the_example_passes_to_aaron():
    """palace-poker.txt § Example Game Continued: Frank dealt, the next deal is Aaron's; the
    example's pot came to $142 (§ Example Game)."""
    _, end = _lesson_end("pp-four-jacks")
    assert end.pots()[0].chips == 142
    nxt = end.next_deal({"seats": list(end.names)}, 9)
    assert nxt.dealer == "Aaron" and nxt.setup["dealer"] == "Aaron" and nxt.sitting_out == ()
    again = get_family("palace-poker").start(end.variant, nxt.setup)
    assert again.players == nxt.state.players and again.dealer == nxt.state.dealer
    assert [p.stack for p in nxt.state.players] == [p.stack for p in end.players]


def test_the_next_kings_pot_deal_carries_the_kings_pot_and_sits_out_the_broke():
    """Figures of the lesson 'kp-full-deal' (counted by its author): stacks 39, 23, 25, 26 and 13
    chips in the King's pot after the deal, which passes from Dev to Ada."""
    _, end = _lesson_end("kp-full-deal")
    nxt = end.next_deal({"options": {"max-buy": "3"}, "rules_name": "Friday"}, 4)
    assert nxt.setup["stacks"] == [39, 23, 25, 26] and nxt.setup["kings_pot"] == 13
    assert nxt.setup["dealer"] == 0 and nxt.dealer == "Ada"
    assert nxt.setup["options"] == {"max-buy": "3"} and nxt.setup["rules_name"] == "Friday"
    assert [(p.label, p.chips) for p in nxt.carried] == [("King's pot", 13)] and "13" in nxt.text


def test_every_automatic_step_is_the_only_legal_action_and_poker_deals_by_itself():
    _, automatic = _random_game("palace-poker", "limit", 5)
    assert automatic >= 1 + 4 + 12, "an ante, four banners and twelve palace cards at least"


@pytest.mark.parametrize("game", SHIPPED)
def test_the_pots_keep_their_names_through_a_game(game):
    family = get_family(game)
    state = family.start(next(iter(family.presets)), {family.players_key: NAMES, "seed": 2})
    names = [p.label for p in state.pots()]
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(state.automatic() or rng.choice(state.legal_actions()))
        assert [p.label for p in state.pots()] == names


def test_the_registry_lists_the_shipped_games():
    assert set(SHIPPED) <= set(game_ids())
