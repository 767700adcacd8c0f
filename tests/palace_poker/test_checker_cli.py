"""The ``palace-tutor check battle|showdown`` contract (issue 3), end to end.

Run through ``palace_tutor.cli.main`` (with capsys), and once as a real
subprocess. Bad input must exit 2 with ONE line on stderr naming the token
and the rule, and no traceback.
"""

import json
import subprocess
import sys

import pytest

from palace_tutor.cli import main

DAVE = "Jd | Js Jh 5d | Jc"
FRANK = "Qs | Qc Qd 8h | 8c"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_battle_json_contract_for_the_four_jacks_example(capsys):
    code, out, err = run(capsys, "check", "battle", "--attacker", DAVE, "--defender", FRANK, "--json")
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    data = json.loads(out)
    assert set(data) == {"winner", "attacker", "defender"}
    assert data["winner"] == "attacker"
    for side in ("attacker", "defender"):
        assert set(data[side]) == {"best", "category", "excluded"}
    assert sorted(data["attacker"]["best"]) == sorted(["Jd", "Js", "Jh", "Jc", "5d"])
    assert data["attacker"]["category"] == "four of a kind"
    assert data["attacker"]["excluded"] == []
    assert data["defender"]["category"] == "two pair"
    assert data["defender"]["excluded"] == ["Qd"]


def test_battle_plain_output_explains_in_words(capsys):
    code, out, _ = run(capsys, "check", "battle", "--attacker", DAVE, "--defender", FRANK)
    assert code == 0
    assert "four of a kind" in out and "two pair" in out
    assert "Q♦" in out and "§ Banner Suits" in out


def test_empty_soldiers_field_is_allowed(capsys):
    code, out, _ = run(capsys, "check", "battle", "--attacker", "3h | Ac Ah 9d |",
                       "--defender", "Qs | Qc Qd 8h |", "--json")
    assert code == 0 and json.loads(out)["winner"] == "defender"


def test_last_two_complete_tie_splits_otherwise_both_fold(capsys):
    a, d = "Kh | Ks As Qd | 9d", "Kc | Kd Ad Qs | 9s"
    _, out, _ = run(capsys, "check", "battle", "--attacker", a, "--defender", d, "--json")
    assert json.loads(out)["winner"] == "both-fold"
    _, out, _ = run(capsys, "check", "battle", "--attacker", a, "--defender", d, "--last-two", "--json")
    assert json.loads(out)["winner"] == "split"


def test_kings_in_the_house_variant_makes_the_wheel(capsys):
    a, d = "5h | Kh 2c 3c | 4c", "Qs | Qd 9s 8s |"
    _, out, _ = run(capsys, "check", "battle", "--attacker", a, "--defender", d, "--json")
    assert json.loads(out)["winner"] == "defender"  # pair of queens beats king high
    _, out, _ = run(capsys, "check", "battle", "--attacker", a, "--defender", d, "--json",
                    "--variant", "kings-in-the-house")
    data = json.loads(out)
    assert data["winner"] == "attacker" and data["attacker"]["category"] == "straight"


def test_showdown_json_names_elena_winner_on_own_suit(capsys):
    # § Winning the Pot: Elena (Jh banner) and Aaron (5s banner) both have kings with J 9 8.
    code, out, _ = run(capsys, "check", "showdown", "--hand", "Elena: Jh | Kh Kc 9d 8h",
                       "--hand", "Aaron: 5s | Kd Ks Jc 9h 8s", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["winner"] == ["Elena"]
    assert set(data["players"]) == {"Elena", "Aaron"}
    assert sorted(data["players"]["Aaron"]["best"]) == sorted(["Kd", "Ks", "Jc", "9h", "8s"])
    assert data["players"]["Aaron"]["excluded"] == []  # no suit exclusions at a showdown
    assert all(p["category"] == "one pair" for p in data["players"].values())
    # the per-player fields are also keyed by name at the top, as battle keys them by role
    assert data["Elena"] == data["players"]["Elena"] and data["Aaron"]["category"] == "one pair"


def test_showdown_refuses_a_player_named_like_an_output_key(capsys):
    code, _, err = run(capsys, "check", "showdown", "--hand", "winner: Jh | Kh Kc 9d 8h",
                       "--hand", "Aaron: 5s | Kd Ks Jc 9h 8s", "--json")
    assert code == 2 and "'winner'" in err and len(err.strip().splitlines()) == 1


def test_showdown_split_lists_every_winner(capsys):
    _, out, _ = run(capsys, "check", "showdown", "--hand", "A: Kh | Ks As Qd 9d",
                    "--hand", "B: Kc | Kd Ad Qs 9s", "--json")
    assert json.loads(out)["winner"] == ["A", "B"]


@pytest.mark.parametrize("argv, token", [
    (["battle", "--attacker", "Jd | Js Jh 5x | Jc", "--defender", FRANK], "5x"),
    (["battle", "--attacker", DAVE, "--defender", "Qs | Qc Jh 8h | 8c"], "Jh"),
    (["battle", "--attacker", DAVE, "--defender", "Qd | Qc Qs 8h | 8c"], "Qd"),
    (["battle", "--attacker", "Jd | Js Jh 5d", "--defender", FRANK], "Jd | Js Jh 5d"),
    (["battle", "--attacker", "Jd | Js Jh 5d | Jc | 2c", "--defender", FRANK], "2c"),
    (["battle", "--attacker", "Jd 2c | Js Jh 5d | Jc", "--defender", FRANK], "Jd 2c"),
    (["battle", "--attacker", "Jd | Js Jh | Jc", "--defender", FRANK], "Js Jh"),
    (["battle", "--attacker", "Jd | Js Jh 5d | Jc 2c 3c 4c 5c 6c", "--defender", FRANK], "Jc 2c 3c 4c 5c 6c"),
    (["battle", "--attacker", DAVE, "--defender", FRANK, "--variant", "texas"], "texas"),
    (["battle", "--attacker", "Jd | Js Jh Jd | Jc", "--defender", FRANK], "Jd"),
    (["showdown", "--hand", "Elena Jh | Kh Kc 9d 8h", "--hand", "Aaron: 5s | Kd Ks Jc 9h 8s"], "Elena Jh"),
    (["showdown", "--hand", "Elena: Jh | Kh Kc 9d 8h", "--hand", "Aaron: 5s | Kd Kh Jc 9h 8s"], "Kh"),
    (["showdown", "--hand", "Elena: Jh | Kh Kc 9d 8h"], "Elena"),
    (["showdown", "--hand", "E: Jh | Kh Kc", "--hand", "A: 5s | Kd Ks Jc 9h 8s"], "Kh Kc"),
    (["showdown", "--hand", "E: Jh | Kh Kc 9d", "--hand", "e: 5s | Kd Ks Jc"], "e"),
    (["showdown", "--hand", "E: Jh | Kh Kc 9d", "--hand", "A: 5s | Kd Ks Jc",
      "--variant", "kings-in-the-house"], "Kh Kc 9d"),
])
def test_bad_input_exits_2_with_one_line_naming_the_token(capsys, argv, token):
    code, out, err = run(capsys, "check", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("palace-tutor: ")
    assert token in err
    assert "Traceback" not in err


def test_same_banner_suit_message_names_the_rule(capsys):
    _, _, err = run(capsys, "check", "battle", "--attacker", DAVE, "--defender", "Qd | Qc Qs 8h | 8c")
    assert "§ Bet (or battle)" in err and "diamonds" in err


def test_cli_as_a_real_process():
    ok = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "check", "battle", "--attacker", DAVE,
                         "--defender", FRANK, "--json"], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and json.loads(ok.stdout.strip().splitlines()[-1])["winner"] == "attacker"
    bad = subprocess.run([sys.executable, "-m", "palace_tutor.cli", "check", "battle", "--attacker", "Jd | Js",
                          "--defender", FRANK], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_battle_sides_may_be_named_and_the_reasons_say_the_names(capsys):
    # the same four-jacks battle, told with the players' names (issue 13: verdicts in names)
    code, out, err = run(capsys, "check", "battle", "--attacker", "Dave: " + DAVE, "--defender", "Frank: " + FRANK)
    assert code == 0 and err == ""
    assert "Dave wins the battle: four of a kind, jacks" in out
    assert "like Dave's banner: Q♦" in out and "the attacker" not in out
    code, out, _ = run(capsys, "check", "battle", "--attacker", "Dave: " + DAVE, "--defender", FRANK, "--json")
    assert code == 0 and json.loads(out)["winner"] == "attacker"   # the JSON keys stay the roles


@pytest.mark.parametrize("attacker, defender, token", [
    ("Dave: " + DAVE, "dave: " + FRANK, "'Dave'"),       # one name for both sides
    (": " + DAVE, FRANK, "a name before the colon"),       # a colon with no name
])
def test_bad_battle_names_are_one_line_naming_the_token(capsys, attacker, defender, token):
    code, out, err = run(capsys, "check", "battle", "--attacker", attacker, "--defender", defender)
    assert code == 2 and out == "" and err.count("\n") == 1 and token in err
