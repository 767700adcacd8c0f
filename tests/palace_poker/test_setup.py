"""Setup from plain data: documented keys only, and clear errors that name the key or token."""

import pytest

from rules.errors import NotationError
from rules.games import get_family
from rules.palace_poker import FAMILY, PRESETS, SETUP_KEYS, start


def test_family_is_registered_with_presets_and_start():
    fam = get_family("palace-poker")
    assert fam is FAMILY and fam.sources == ("palace-poker.txt",)
    assert list(fam.presets) == ["limit", "no-limit", "no-pot-sharing", "open-market", "kings-in-the-house",
                                 "points"]
    state = fam.start("no-limit", {"seats": ["A", "B"], "seed": 4})
    assert state.rules.no_limit and state.variant == "no-limit"


def test_setup_keys_are_documented_in_the_start_docstring():
    from rules.palace_poker import setup as module

    for key in SETUP_KEYS:
        assert f"``{key}``" in module.__doc__


@pytest.mark.parametrize("setup, token", [
    ({"seats": ["A", "B"], "seed": 1, "colour": "red"}, "colour"),
    ({"seed": 1}, "seats"),
    ({"seats": ["A", "B"]}, "deck"),
    ({"seats": ["A"], "seed": 1}, "1"),
    ({"seats": [f"P{i}" for i in range(11)], "seed": 1}, "11"),
    ({"seats": ["A", "a"], "seed": 1}, "a"),
    ({"seats": ["A", "Qs"], "seed": 1}, "Qs"),
    ({"seats": ["A", "B:C"], "seed": 1}, "B:C"),
    ({"seats": ["A", "42"], "seed": 1}, "42"),
    ({"seats": ["A", ""], "seed": 1}, ""),
    ({"seats": ["A", "B"], "seed": 1, "dealer": "Zed"}, "Zed"),
    ({"seats": ["A", "B"], "seed": 1, "stacks": {"Zed": 5}}, "Zed"),
    ({"seats": ["A", "B"], "seed": 1, "stacks": [10]}, "1"),
    ({"seats": ["A", "B"], "seed": 1, "stacks": 1}, "A"),
    ({"seats": ["A", "B"], "seed": 1, "stakes": "five/ten"}, "five/ten"),
    ({"seats": ["A", "B"], "seed": 1, "stakes": "10/5"}, "10"),
    ({"seats": ["A", "B"], "seed": 1, "rules": {"wild_twos": True}}, "wild_twos"),
    ({"seats": ["A", "B"], "seed": 1, "rules": {"ante": "two"}}, "two"),
    ({"seats": ["A", "B"], "seed": 1, "draw_deck": ["Kc"]}, "draw_deck"),
    ({"seats": ["A", "B"], "deck": ["Kh", "Zz"]}, "Zz"),
    ({"seats": ["A", "B"], "deck": ["Kh", "Kh"]}, "Kh"),
    ({"seats": ["A", "B"], "deck": ["Kh", "Qs"], "palace_deck": ["Qs"]}, "Qs"),
    ({"seats": ["A", "B"], "seed": True}, "True"),
    ({"seats": ["A", "B"], "seed": 1, "hand": 0}, "0"),
])
def test_bad_setup_raises_notation_error_naming_the_token(setup, token):
    with pytest.raises(NotationError) as err:
        start("limit", setup)
    assert err.value.token == token or token in str(err.value)
    assert "\n" not in str(err.value)


def test_unknown_variant_lists_the_presets():
    with pytest.raises(NotationError, match="known: limit, no-limit"):
        start("texas", {"seats": ["A", "B"], "seed": 1})


def test_stacks_default_to_a_hundred_big_bets_and_can_be_given_per_player():
    assert [p.stack for p in start("limit", {"seats": ["A", "B"], "seed": 1}).players] == [1000, 1000]
    state = start("limit", {"seats": ["A", "B", "C"], "seed": 1, "stacks": {"b": 40}})
    assert [p.stack for p in state.players] == [1000, 40, 1000]
    assert [p.stack for p in start("limit", {"seats": ["A", "B"], "seed": 1, "stacks": [7, 9]}).players] == [7, 9]
    assert [p.stack for p in start("points", {"seats": ["A", "B"], "seed": 1}).players] == [0, 0]


def test_stakes_and_rule_options_change_the_preset():
    state = start("no-limit", {"seats": ["A", "B"], "seed": 1, "stakes": [10, 20], "rules": {"raise_cap": 3}})
    assert (state.rules.small_bet, state.rules.big_bet, state.rules.raise_cap) == (10, 20, 3)
    assert state.rules.no_limit
    assert PRESETS["no-limit"].small_bet == 5  # presets themselves are untouched


def test_setup_is_plain_data_so_the_same_setup_gives_the_same_hand():
    setup = {"seats": ["A", "B", "C"], "seed": "game night"}
    assert start("limit", setup) == start("limit", dict(setup))


@pytest.mark.parametrize("players", [2, 5, 10])
def test_two_to_ten_players(players):
    state = start("limit", {"seats": [f"P{i}" for i in range(players)], "seed": players})
    assert len(state.players) == players


@pytest.mark.parametrize("players", [1, 11])
def test_two_to_ten_players_fewer_or_more_are_refused_citing_the_overview(players):
    with pytest.raises(NotationError, match=r"2 to 10 players.*palace-poker\.txt § Palace Poker\)"):
        start("limit", {"seats": [f"P{i}" for i in range(players)], "seed": 1})


def test_stakes_are_a_small_bet_and_a_big_bet_small_first():
    # § The Deal quotes stakes as small/big ($5/$10, ante $2); limit is the default.
    state = start("limit", {"seats": ["A", "B"], "seed": 1, "stakes": "$10/$20"})
    assert (state.rules.small_bet, state.rules.big_bet, state.rules.ante_amount) == (10, 20, 5)
    assert not state.rules.no_limit and start("no-limit", {"seats": ["A", "B"], "seed": 1}).rules.no_limit
    with pytest.raises(NotationError, match=r"at most the big bet \(palace-poker\.txt § The Deal \(stakes\)\)"):
        start("limit", {"seats": ["A", "B"], "seed": 1, "stakes": "20/10"})
