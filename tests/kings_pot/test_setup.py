"""Starting a deal from plain data (rules.kings_pot.setup): every key, every refusal.

Player limits from kings-pot.txt § Players and cards (3 to 22); a stacked deck
lists the tableau row by row, the King's hand, then the spare cards (§ The
tableau, § Buying cards).
"""

from collections import Counter

import pytest

from rules.cards import ALL_CARDS, Card, parse_cards, shuffled
from rules.errors import NotationError
from rules.games import get_family
from rules.kings_pot import FAMILY, PRESETS, SETUP_KEYS, KingsPotRules, Phase, read_setup
from kp_decks import T1, T1_KING_TWO_PAIR, make_deck

BASE = {"players": ["Ana", "Ben", "Cleo"], "seed": 1}


def test_family_is_registered_under_kings_pot():
    fam = get_family("kings-pot")
    assert fam is FAMILY and fam.title == "King's Pot" and fam.sources == ("kings-pot.txt",)
    assert list(fam.presets) == ["standard", "flat-ante"]


def test_unknown_preset_is_refused_naming_it():
    with pytest.raises(NotationError, match="'nope'"):
        FAMILY.start("nope", BASE)


def test_stacked_deck_deals_tableau_row_by_row_then_kings_hand_then_spares():
    s = FAMILY.start("standard", {"players": BASE["players"],
                                  "deck": make_deck(T1, T1_KING_TWO_PAIR, "6d")})
    t = s.table
    assert t.tableau[:5] == parse_cards(T1[0]) and t.tableau[20:] == parse_cards(T1[4])
    assert t.kings_hand == parse_cards(T1_KING_TWO_PAIR)
    assert t.spare[0] == Card.parse("6d") and len(t.spare) == 22
    # the cards not given follow in pack order
    given = set(parse_cards(make_deck(T1, T1_KING_TWO_PAIR, "6d")))
    assert t.spare[1:] == tuple(c for c in ALL_CARDS if c not in given)
    assert len(set(t.deck)) == 52


def test_seeded_deal_is_reproducible_and_uses_the_whole_pack():
    a = FAMILY.start("standard", BASE)
    b = FAMILY.start("standard", BASE)
    assert a.table.deck == b.table.deck == shuffled(ALL_CARDS, 1)
    assert FAMILY.start("standard", {**BASE, "seed": "night-2"}).table.deck != a.table.deck


def test_defaults():
    s = FAMILY.start("standard", BASE)
    t = s.table
    assert (t.dealer, t.stacks, t.ante, t.min_bet, t.max_bet, t.kings_pot) == (0, (100,) * 3, 1, 1, 5, 0)
    assert s.phase is Phase.BUY and s.to_act == 1 and s.kings_pot == 0


@pytest.mark.parametrize("stacks, expected", [
    (50, (50, 50, 50)), ([10, 20, 30], (10, 20, 30)), ({"Cleo": 3, "Ana": 1, "Ben": 2}, (1, 2, 3))])
def test_stacks_as_one_number_a_list_or_a_table(stacks, expected):
    assert FAMILY.start("standard", {**BASE, "stacks": stacks}).table.stacks == expected


def test_as_setup_round_trips():
    for setup in (BASE, {"players": ["A", "B", "C", "D"], "dealer": "C", "stacks": [5, 6, 7, 8],
                         "ante": 2, "min_bet": 2, "max_bet": 4, "kings_pot": 9,
                         "deck": make_deck(T1, T1_KING_TWO_PAIR)}):
        t = FAMILY.start("standard", setup).table
        again = FAMILY.start("standard", t.as_setup()).table
        assert again == t


@pytest.mark.parametrize("setup, key", [
    ({**BASE, "colour": "red"}, "colour"),
    ({"seed": 1}, "players"),
    ({**BASE, "players": "Ana Ben Cleo"}, "players"),
    ({**BASE, "players": ["Ana", "Ben"]}, "players"),
    ({**BASE, "players": [f"P{i}" for i in range(23)]}, "players"),
    ({**BASE, "players": ["Ana", "Ana", "Ben"]}, "players"),
    ({**BASE, "players": ["Ana", "", "Ben"]}, "players"),
    ({**BASE, "players": ["Ana", 7, "Ben"]}, "players"),
    ({**BASE, "dealer": "Zed"}, "dealer"),
    ({**BASE, "dealer": 3}, "dealer"),
    ({**BASE, "dealer": True}, "dealer"),
    ({**BASE, "stacks": -1}, "stacks"),
    ({**BASE, "stacks": "lots"}, "stacks"),
    ({**BASE, "stacks": [1, 2]}, "stacks"),
    ({**BASE, "stacks": {"Ana": 1, "Ben": 2}}, "stacks"),
    ({**BASE, "stacks": {"Ana": 1, "Ben": 2, "Cleo": 3, "Zed": 4}}, "stacks"),
    ({**BASE, "stacks": 10**13}, "stacks"),
    ({**BASE, "ante": 1.5}, "ante"),
    ({**BASE, "min_bet": 0}, "min_bet"),
    ({**BASE, "min_bet": 3, "max_bet": 2}, "max_bet"),
    ({**BASE, "kings_pot": -5}, "kings_pot"),
    ({**BASE, "ante": 5, "stacks": [10, 4, 10]}, "stacks"),
    ({**BASE, "seed": 1.5}, "seed"),
    ({"players": BASE["players"]}, "seed"),
    ({**BASE, "deck": "As Ks"}, "deck"),
    ({"players": BASE["players"], "deck": 42}, "deck"),
    ({"players": BASE["players"], "deck": make_deck(T1, T1_KING_TWO_PAIR, "Jk")}, "deck"),
])
def test_bad_setup_is_refused_naming_the_key(setup, key):
    with pytest.raises(NotationError) as err:
        FAMILY.start("standard", setup)
    assert repr(key) in str(err.value) or key in str(err.value)
    assert "\n" not in str(err.value)


def test_unknown_key_error_names_the_key_and_lists_the_known_ones():
    with pytest.raises(NotationError) as err:
        FAMILY.start("standard", {**BASE, "stack": 5})
    assert err.value.token == "stack" and "kings_pot" in str(err.value)
    assert set(SETUP_KEYS) == {"players", "dealer", "stacks", "ante", "min_bet", "max_bet",
                               "kings_pot", "deck", "seed", "options", "rules_name"}


def test_bad_deck_cards_are_named():
    with pytest.raises(NotationError, match="'Zz'"):
        FAMILY.start("standard", {"players": BASE["players"], "deck": make_deck(T1, "Zz 2h 3h 4h 5h")})
    with pytest.raises(NotationError, match="'9c' is given twice"):
        FAMILY.start("standard", {"players": BASE["players"], "deck": make_deck(T1, "9c 2h 3h 4h 5h")})
    with pytest.raises(NotationError, match="at least"):
        FAMILY.start("standard", {"players": BASE["players"], "deck": list(T1)})
    rows = FAMILY.start("standard", {"players": BASE["players"], "deck": [*T1, T1_KING_TWO_PAIR]})
    assert rows.table.tableau == parse_cards(" ".join(T1))


def test_a_setup_must_be_a_mapping():
    with pytest.raises(NotationError):
        read_setup(PRESETS["standard"], ["players"])


def test_rules_config_fields_cite_their_sections():
    docs = KingsPotRules.field_docs()
    assert set(docs) == {"min_players", "max_players", "min_buy", "ante_per_card", "reveal", "raise_cap",
                         "ante", "min_bet", "max_bet", "buy_limit", "kings_pot_win"}
    from rules.refs import SECTIONS
    for meta in docs.values():
        assert meta["section"] in SECTIONS["kings-pot.txt"] and meta["doc"]


@pytest.mark.parametrize("kwargs", [dict(min_players=0), dict(max_players=23), dict(min_buy=0),
                                    dict(min_buy=2), dict(raise_cap=-1)])
def test_impossible_rule_configs_are_refused(kwargs):
    with pytest.raises(ValueError):
        KingsPotRules(**kwargs)


@pytest.mark.parametrize("n, ok", [(2, False), (3, True), (12, True), (22, True), (23, False)])
def test_three_to_twenty_two_players(n, ok):
    setup = {"players": [f"P{i}" for i in range(n)], "seed": 1}
    if ok:
        assert len(FAMILY.start("standard", setup).seats) == n
    else:
        with pytest.raises(NotationError, match=r"3 to 22 \[kings-pot.txt § Players and cards\]"):
            FAMILY.start("standard", setup)


@pytest.mark.parametrize("seed", [1, "night-2", 77])
def test_one_standard_52_card_pack_thirteen_ranks_in_four_suits(seed):
    deck = FAMILY.start("standard", {**BASE, "seed": seed}).table.deck
    assert len(deck) == 52 and len(set(deck)) == 52
    assert not any(c.is_joker for c in deck)
    ranks = Counter(str(c)[0] for c in deck)
    suits = Counter(str(c)[1] for c in deck)
    assert ranks == {r: 4 for r in "AKQJT98765432"}
    assert suits == {s: 13 for s in "cdhs"}


def test_one_pack_refuses_a_joker_or_a_card_given_twice_citing_the_rule():
    with pytest.raises(NotationError, match="Players and cards"):
        FAMILY.start("standard", {"players": BASE["players"], "deck": make_deck(T1, T1_KING_TWO_PAIR, "Jk")})
    with pytest.raises(NotationError, match="given twice"):
        FAMILY.start("standard", {"players": BASE["players"], "deck": make_deck(T1, T1_KING_TWO_PAIR, "9c")})
