"""``palace-tutor rules GAME [--variant V] [--json]`` and ``--rule NAME=VALUE`` on every
``check`` subcommand (issue 16, point 5), run through ``palace_tutor.cli.main``.

An unknown name or value exits 2 with one line on stderr naming it and listing
the valid ones. Expected verdicts come from the sources (see each test).
"""

from __future__ import annotations

import json

import pytest

from palace_tutor.cli import main

T1 = ("9c 9d 9h 4s 4c 2c 3d 6h 8s Jd 5c 7d Ts Qs Kd 3c 5d 8h Js Ac 2d 6c 7h Th Qc")  # kp_decks.T1
KING_TWO_PAIR = "Kc Kh 5h 5s 3h"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game, variant, names", [
    ("palace", "caron", {"four-of-a-kind", "answer-a-forcing-card", "take-the-pile", "ten-replays", "jokers"}),
    ("palace-poker", "limit", {"stakes", "betting", "ante", "pot-sharing", "open-market", "kings-in-the-house",
                               "scoring", "points-target", "raise-cap", "kings-in-the-house-scope",
                               "short-stack", "four-of-a-kind-kicker", "small-raise",
                               "tied-last-battle"}),
    ("kings-pot", "standard", {"ante", "ante-pays-for", "max-buy", "min-bet", "max-bet", "raise-cap",
                               "kings-pot-win"}),
])
def test_rules_json_lists_each_option_with_default_choices_section_and_question(capsys, game, variant, names):
    code, out, err = run(capsys, "rules", game, "--variant", variant, "--json")
    assert code == 0 and err == "" and out.count("\n") == 1
    data = json.loads(out)
    assert data["game"] == game and data["variant"] == variant
    assert {o["name"] for o in data["options"]} == names
    for o in data["options"]:
        assert set(o) == {"name", "default", "choices", "section", "question"}
        assert o["question"].endswith("?") and " § " in o["section"] and o["choices"]


def test_rules_defaults_follow_the_variant(capsys):
    # house § Playing the Game 5: four of a kind "at any time"; Caron § Playing the game 4 does not say so
    for variant, default in (("house", "anytime"), ("caron", "match-or-beat")):
        _, out, _ = run(capsys, "rules", "palace", "--variant", variant, "--json")
        four = next(o for o in json.loads(out)["options"] if o["name"] == "four-of-a-kind")
        assert four["default"] == default


def test_rules_text_shows_questions_and_meanings(capsys):
    code, out, _ = run(capsys, "rules", "kings-pot")
    assert code == 0 and "kings-pot-win = beats-every-hand" in out
    assert "best-backed-hand: when it is the one best hand that players back" in out


@pytest.mark.parametrize("argv, named", [
    (["rules", "chess"], "'chess'"),
    (["rules", "palace", "--variant", "street"], "'street'"),
])
def test_rules_unknown_game_or_variant_exits_2_naming_it(capsys, argv, named):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and named in err


def test_check_play_rule_four_of_a_kind_anytime_allows_four_fives_on_a_king(capsys):
    argv = ["check", "play", "--variant", "caron", "--pile", "Kc", "--hand", "5c 5d 5h 5s", "--json"]
    _, out, _ = run(capsys, *argv)
    assert json.loads(out)["legal"] == []  # Caron as we read it: match or beat
    code, out, _ = run(capsys, *argv, "--rule", "four-of-a-kind=anytime")
    assert code == 0 and json.loads(out)["legal"] == ["5c 5d 5h 5s"]


def test_check_play_says_what_the_other_reading_gives(capsys):
    _, out, _ = run(capsys, "check", "play", "--variant", "house", "--pile", "8d Ah", "--hand", "2c")
    assert "the other way: wild cards" in out and "There this would be allowed" in out


def test_check_battle_and_showdown_take_rules(capsys):
    # § Kings in the House Rule: Kh in the palace is the ace of a wheel; with the scope
    # "battles" it is an ordinary king at a showdown (ruling palace-poker-kings-in-the-house-scope)
    hands = ["--hand", "A: 5h | Kh 2c 3c | 4c", "--hand", "B: Qs | Qd 9s 8s |"]
    _, out, _ = run(capsys, "check", "showdown", *hands, "--variant", "kings-in-the-house", "--json")
    assert json.loads(out)["winner"] == ["A"]
    _, out, _ = run(capsys, "check", "showdown", *hands, "--variant", "kings-in-the-house", "--json",
                    "--rule", "kings-in-the-house-scope=battles")
    assert json.loads(out)["winner"] == ["B"]  # B's pair of queens beats A's king high
    code, _, _ = run(capsys, "check", "battle", "--attacker", "Kh | Ks Ah Qd | 9d 4d",
                     "--defender", "Kc | Kd As Qc | 9c 3c", "--rule", "betting=no-limit")
    assert code == 0


def test_check_kings_pot_takes_the_kings_pot_win_rule(capsys):
    code, out, _ = run(capsys, "check", "kings-pot", "--tableau", T1, "--kings-hand", KING_TWO_PAIR,
                       "--rule", "kings-pot-win=best-backed-hand")
    assert code == 0 and "option kings-pot-win" in out


@pytest.mark.parametrize("rule, named, listed", [
    ("four=anytime", "'four'", "four-of-a-kind, answer-a-forcing-card, take-the-pile"),
    ("four-of-a-kind=sometimes", "'sometimes'", "anytime | match-or-beat"),
    ("four-of-a-kind", "'four-of-a-kind'", "NAME=VALUE"),
])
def test_check_rule_unknown_name_or_value_exits_2_in_one_line_listing_the_valid_ones(capsys, rule, named, listed):
    code, out, err = run(capsys, "check", "play", "--variant", "caron", "--pile", "Kc", "--hand", "5c",
                         "--rule", rule)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert named in err and listed in err


@pytest.mark.parametrize("argv, listed", [
    (["check", "battle", "--attacker", "Kh | Ks Ah Qd | 9d 4d", "--defender", "Kc | Kd As Qc | 9c 3c"],
     "stakes, betting"),
    (["check", "showdown", "--hand", "A: 5h | Kh 2c 3c | 4c", "--hand", "B: Qs | Qd 9s 8s |"], "stakes, betting"),
    (["check", "kings-pot", "--tableau", T1, "--kings-hand", KING_TWO_PAIR], "ante, ante-pays-for"),
])
def test_every_check_subcommand_refuses_an_unknown_rule(capsys, argv, listed):
    code, _, err = run(capsys, *argv, "--rule", "colour=red")
    assert code == 2 and "'colour'" in err and listed in err and err.count("\n") == 1
