"""Starting a game from plain data: seeded and stacked deals, explicit positions, bad keys."""

import pytest

from rules.errors import NotationError
from rules.games import get_family
from rules.palace import FAMILY, SETUP_KEYS, Phase, start
from palace_support import legal, run, same_cards


def test_family_is_registered_with_its_presets():
    family = get_family("palace")
    assert family is FAMILY and family.id == "palace"
    assert list(family.presets) == ["house", "caron", "bga"]
    assert family.sources == ("palace-house-rules.txt", "palace-of-caron.txt", "palace-bga.txt")


def test_seeded_deal_is_reproducible():
    a = start("house", {"players": 4, "seed": 11})
    b = start("house", {"players": 4, "seed": 11})
    c = start("house", {"players": 4, "seed": 12})
    assert a == b and a != c


WORST_FACE_UP_RULES = {"house": ({"A", "2", "T", "Jk"}, "3456789JQK"), "caron": ({"3", "2", "T"}, "456789JQKA")}


@pytest.mark.parametrize("variant", ["house", "caron"])
def test_setup_phase_choosing_then_worst_face_up_starts(variant):
    state = start(variant, {"seats": ["Ann", "Ben", "Cat"], "seed": 3, "dealer": 2})
    assert state.phase is Phase.CHOOSE and state.to_move == 0  # the dealer's left chooses first
    seen = []
    while state.phase is Phase.CHOOSE:
        seen.append(state.to_move)
        state, events = run(state, sorted(legal(state))[0])
    assert seen == [0, 1, 2]
    assert state.phase is Phase.PLAY and events[-1].kind == "starter"
    # recount from the documents: the wilds (house: A, 2, 10, Joker; Caron: 3, 2, 10) first, then
    # the other cards from the highest down, in the document's order (house: 3 low, K high; Caron:
    # 4 low, A high); a tie goes to the first seat from the dealer's left
    wild, order = WORST_FACE_UP_RULES[variant]
    keys = []
    for s in range(3):
        up = [c.rank.char for c in state.face_up[s]]
        keys.append((sum(r in wild for r in up), sorted((order.index(r) for r in up if r not in wild),
                                                        reverse=True), s))
    assert state.to_move == min(keys)[2]


def test_setup_phase_bga_swapping_then_lowest_card_starts():
    state = start("bga", {"players": 3, "seed": 8})
    assert state.phase is Phase.SWAP
    state, _ = run(state, "ready", "ready", "ready")
    assert state.phase is Phase.PLAY and state.opening is not None
    lows = []
    for s in range(3):
        ranks = [c.rank for c in state.hands[s] if c.rank.char != "2"]
        lows.append(min(ranks) if ranks else 99)
    assert lows[state.to_move] == min(lows)
    assert all(a.cards[0].rank == state.opening for a in state.legal_actions())


def test_stacked_deck_reaches_the_setup_phase():
    deck = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 2d 3d 4d 5d 6d 7d 8d 9d"
    state = start("caron", {"seats": ["Ann", "Ben"], "deck": deck})
    assert state.phase is Phase.CHOOSE and same_cards(state.stock, "8d 9d")


def test_explicit_position_without_to_move_uses_the_starting_rule():
    state = start("bga", {"seats": ["Ann", "Ben"], "hands": ["9c Kd", "5h Ah"], "face_down": ["3c", "3d"]})
    assert state.to_move == 1 and state.opening is not None


def test_explicit_position_takes_house_face_up_cards_into_an_empty_hand():
    state = start("house", {"seats": ["Ann", "Ben"], "hands": ["", "4c"], "face_up": ["Kc Kd", ""],
                            "face_down": ["3c", "3d"], "to_move": 0})
    assert same_cards(state.hands[0], "Kc Kd") and state.face_up[0] == ()


def test_variant_name_may_carry_alternates():
    state = start("caron+five-skips", {"players": 3})
    assert state.rules.name == "caron+five-skips" and state.rules.skip


def test_setup_keys_are_documented():
    assert {"seats", "seed", "deck", "hands", "face_up", "face_down", "stock", "pile", "to_move"} <= SETUP_KEYS
    doc = __import__("rules.palace.setup", fromlist=["x"]).__doc__
    assert all(f"``{key}``" in doc for key in SETUP_KEYS)


@pytest.mark.parametrize("setup, key", [
    ({"players": 4, "colour": "red"}, "colour"),
    ({"players": 4, "seed": 1.5}, "seed"),
    ({"players": "four"}, "players"),
    ({"seats": ["Ann", "ann"]}, "seats"),
    ({"seats": "Ann Ben"}, "seats"),
    ({"players": 4, "dealer": 9}, "dealer"),
    ({"players": 4, "alternates": ["wild-jacks"]}, "wild-jacks"),
    ({"players": 4, "alternates": 3}, "alternates"),
    ({"players": 2, "deck": "2c 3c"}, "deck"),
    ({"players": 2, "deck": "2c 2c"}, "2c"),
    ({"players": 2, "packs": 0}, "packs"),
    ({"players": 2, "deck": "2c", "hands": ["", ""]}, "deck"),
    ({"players": 2, "pile": "5c"}, "pile"),
    ({"players": 2, "hands": ["5c"]}, "hands"),
    ({"players": 2, "hands": [5, "4c"]}, "hands"),
    ({"players": 2, "hands": ["5c", "4c"], "stock": 7}, "stock"),
    ({"players": 2, "hands": ["5c", "4c"], "to_move": 2}, "to_move"),
    ({"players": 2, "hands": ["5c", "4c"], "again": "twice"}, "again"),
    ({"players": 2, "hands": ["5c", "4c"], "direction": 0}, "direction"),
    ({"players": 3, "hands": ["5c", "4c", ""], "out": [2, 7]}, "out"),
    ({"players": 3, "hands": ["5c", "4c", "6c"], "out": [2]}, "out"),
    ({"players": 3, "hands": ["5c", "", ""], "out": [1, 2]}, "out"),
    ({"players": 2, "hands": ["", "4c"], "to_move": 0}, "to_move"),
    ({"players": 2, "hands": ["", "4c"], "stock": "9h", "to_move": 1}, "hands"),
    ({"players": 2, "hands": ["5c", "4c"], "pile": "7c 8d"}, "8d"),
])
def test_bad_setup_raises_notation_error_naming_the_key(setup, key):
    with pytest.raises(NotationError) as err:
        start("caron" if "7c" in str(setup) else "house", setup)
    assert key in str(err.value)


def test_bga_seats_at_most_four():
    with pytest.raises(NotationError, match="2 to 4"):
        start("bga", {"players": 5})


def test_flash_position_needs_its_flasher():
    with pytest.raises(NotationError, match="flashed_by"):
        start("caron", {"players": 2, "hands": ["5c", "4c"], "pile": "3s"})
    with pytest.raises(NotationError, match="flashed_by"):
        start("caron", {"players": 2, "hands": ["5c", "4c"], "pile": "9s", "flashed_by": 1})
    with pytest.raises(NotationError, match="flashed_by"):
        start("caron", {"players": 2, "hands": ["5c", "4c"], "pile": "3s", "flashed_by": 0, "to_move": 0})
    state = start("caron", {"players": 2, "hands": ["5c", "4c"], "pile": "3s", "flashed_by": 1, "to_move": 0})
    assert state.phase is Phase.FLASH and legal(state) == {"pickup"}


def test_unknown_variant_is_refused_by_name():
    with pytest.raises(NotationError, match="'uno'"):
        start("uno", {"players": 2})
    with pytest.raises(NotationError):
        start(7, {"players": 2})  # type: ignore[arg-type]
