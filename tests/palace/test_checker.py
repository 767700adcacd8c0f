"""The checker (`palace-tutor check play`) and the side-by-side comparison, end to end."""

import json

import pytest

from palace_tutor.cli import main
from rules.errors import NotationError
from rules.palace.checker import check_play, compare_play, compare_position


def run_cli(capsys, *args):
    code = main(["check", "play", *args])
    out, err = capsys.readouterr()
    return code, out, err


# -- the contract -------------------------------------------------------------------------
def test_checker_json_contract_bga_ten_on_a_queen(capsys):
    code, out, err = run_cli(capsys, "--variant", "bga", "--pile", "8c Qh", "--hand", "9d Td 2s Ks Kd",
                             "--json")
    assert code == 0 and err == ""
    data = json.loads(out.strip().splitlines()[-1])
    assert set(data) == {"legal", "must_pick_up", "reasons"}
    # on a Queen: the 2 (goes on anything) and the Kings; not the 9, not the 10 (example of play)
    assert set(data["legal"]) == {"2s", "Ks", "Kd", "Kd Ks"}
    assert data["must_pick_up"] is False
    assert set(data["reasons"]) == {"9d", "Td", "2s", "Ks", "Kd"}
    assert "queen" in data["reasons"]["Td"]


def test_checker_every_legal_single_card_appears():
    result = check_play("house", pile="5c", hand="8c 8d 8h 3s")
    singles = {p for p in result.legal if " " not in p}
    assert singles == {"8c", "8d", "8h"}
    assert {"8c 8d", "8c 8d 8h"} <= set(result.legal)


def test_checker_must_pick_up_when_nothing_goes():
    result = check_play("bga", pile="Qc", hand="9d Td")
    assert result.must_pick_up and result.legal == ()
    assert "takes the pile" in result.describe()


def test_checker_caron_seven_demands_lower(capsys):
    code, out, _ = run_cli(capsys, "--variant", "caron", "--pile", "6c 7c", "--hand", "5h 8d 3s", "--json")
    data = json.loads(out)
    assert set(data["legal"]) == {"5h", "3s"} and "eight is higher" in data["reasons"]["8d"]


def test_checker_caron_three_on_top_is_a_flash_to_answer():
    result = check_play("caron", pile="6c 3s", hand="9c 3h")
    assert result.legal == ("3h",)


def test_checker_house_ace_on_top_allows_only_an_ace():
    result = check_play("house", pile="5c Ah", hand="Ad Th 2c Kc")
    assert result.legal == ("Ad",)
    assert dict(result.reasons)["Th"].ruling.key == "house-ace-only-ace-answers"


def test_checker_house_four_of_a_kind_at_any_time():
    result = check_play("house", pile="Kc", hand="5c 5d 5h 5s")
    assert result.legal == ("5c 5d 5h 5s",)


def test_checker_empty_pile_everything_goes(capsys):
    code, out, _ = run_cli(capsys, "--variant", "house", "--pile", "", "--hand", "3c Kd")
    assert code == 0 and "Legal plays: 3c; Kd." in out


def test_checker_plain_output_cites_the_rule(capsys):
    code, out, _ = run_cli(capsys, "--variant", "bga", "--pile", "8c Qh", "--hand", "Td")
    assert "palace-bga.txt § Special cards: 10" in out and "bga-ten-not-wild" in out


# -- bad input: one line naming the token and the rule, exit 2 ----------------------------------
@pytest.mark.parametrize("args, token", [
    (["--variant", "poker", "--pile", "", "--hand", "9c"], "'poker'"),
    (["--variant", "house", "--pile", "", "--hand", "9c Zz"], "'Zz'"),
    (["--variant", "house", "--pile", "5c 1h", "--hand", "9c"], "'1h'"),
    (["--variant", "house", "--pile", "5s Th", "--hand", "9c"], "Th"),
    (["--variant", "bga", "--pile", "", "--hand", "9c 9c"], "9c"),
    (["--variant", "caron", "--pile", "7c 8d", "--hand", "9c"], "8d"),
    (["--variant", "bga", "--pile", "6c 6d 6h 6s", "--hand", "9c"], "6s"),
    (["--variant", "house", "--pile", "Ah 5c", "--hand", "9c"], "5c"),
    (["--variant", "house", "--pile", "", "--hand", ""], "hand"),
])
def test_checker_bad_input_is_one_line_naming_the_token(capsys, args, token):
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and "Traceback" not in err


def test_checker_impossible_pile_message_names_the_rule():
    with pytest.raises(NotationError) as err:
        check_play("caron", pile="7c 8d", hand="9c")
    assert err.value.token == "8d" and "palace-of-caron.txt" in str(err.value)


# -- side by side -------------------------------------------------------------------------------
def test_compare_play_gives_each_preset_its_verdict():
    result = compare_play(pile="6c 7c", hand="8d 5h")
    data = result.as_dict()
    assert data["house"]["legal"] == ["8d"] and data["bga"]["legal"] == ["8d"]
    assert data["caron"]["legal"] == ["5h"]  # the Caron 7 calls for a lower card
    assert "caron: legal: 5h" in result.describe()


def test_compare_play_reports_a_pile_impossible_under_one_preset():
    result = compare_play(pile="7c 8d", hand="9c")
    data = result.as_dict()
    assert "error" in data["caron"] and data["house"]["legal"] == ["9c"]
    assert "impossible" in result.describe()


def test_compare_play_still_refuses_unreadable_cards():
    with pytest.raises(NotationError):
        compare_play(pile="7c", hand="9x")


def test_compare_position_plays_one_position_under_all_three_presets():
    setup = {"seats": ["Ann", "Ben"], "hands": ["Td 5h Kh", "4c"], "pile": "6c 9c", "to_move": 0}
    results = {r.variant: r for r in compare_position(setup, "play Td")}
    assert results["house"].verdict.legal and results["caron"].verdict.legal  # a wild there
    assert not results["bga"].verdict.legal  # a 10 is not wild, and a 9 wants lower
    assert "play 5h" in results["bga"].legal and "play 5h" not in results["house"].legal
    bad = compare_position({"players": 6}, None)
    assert {r.variant: bool(r.error) for r in bad} == {"house": False, "caron": False, "bga": True}


def test_checker_house_repeated_card_implies_a_bigger_table():
    # § Dealing (house): more players play with more packs, so a second 8h is possible;
    # one pack (bga) holds it once, and no house table holds five copies.
    result = check_play("house", pile="8h 8d", hand="8h 9c")
    assert set(result.as_dict()["legal"]) == {"8h", "9c"}
    with pytest.raises(NotationError, match="8h"):
        check_play("bga", pile="8h 8d", hand="8h 9c")
    with pytest.raises(NotationError, match="8h appears 5 times"):
        check_play("house", pile="8h 8d 8c", hand="8h 8h 8h 8h")


# -- one position set up again under other rules (the tutor's side-by-side view) ------------
def test_position_setup_restarts_the_same_position_under_the_same_rules():
    import random

    from rules.palace import PRESETS, start
    from rules.palace.setup import position_setup
    from rules.palace.state import FLASH, PLAY

    rng = random.Random(13)
    seen = 0
    for variant in PRESETS:
        state = start(variant, {"players": 3, "seed": variant})
        for _ in range(400):
            if state.is_over:
                break
            flash = state.flash
            fresh_flash = flash is None or (not flash.checked and flash.origin == flash.flasher)
            if state.phase in (PLAY, FLASH) and state.window is None and state.drawn is None \
                    and not any(state.peeked) and fresh_flash and state.opening is None:
                again = start(variant, position_setup(state))
                assert sorted(map(str, again.legal_actions())) == sorted(map(str, state.legal_actions()))
                assert (again.hands, again.pile, again.stock, again.to_move) == \
                    (state.hands, state.pile, state.stock, state.to_move)
                seen += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen > 100


def test_position_setup_refuses_a_deal_in_progress():
    from rules.palace import start
    from rules.palace.setup import position_setup

    with pytest.raises(NotationError, match="only a position in play"):
        position_setup(start("caron", {"players": 3, "seed": 1}))   # still choosing face-up cards
