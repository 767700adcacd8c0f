"""``palace-tutor practice list|make`` (issue 32 item 5): listing with the reasons, one drill with
the engine's answer, and bad input exits 2 with one line naming it and the nearest valid ones."""

import json

import pytest

from palace_tutor.cli import main


def test_practice_list_names_clauses_with_and_without_drills(capsys):
    assert main(["practice", "list", "palace-poker", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["with_drill"] + out["without"] == 71
    missing = [r for r in out["clauses"] if not r["drill"]]
    assert missing and all(r["why_not"] for r in missing)


def test_practice_list_by_variant(capsys):
    assert main(["practice", "list", "palace", "--variant", "caron"]) == 0
    text = capsys.readouterr().out
    assert "C-3a" in text and "H-A1" not in text and "no drill" in text


def test_practice_make_gives_the_drill_and_the_engines_answer(capsys):
    assert main(["practice", "make", "H-A1", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["token"] == "H-A1~house~3" and out["answer"] and out["question"]
    assert set(out["answer"]) <= {c["key"] for c in out["choices"]}
    assert main(["practice", "make", "H-A1", "--seed", "3"]) == 0
    assert "Answer:" in capsys.readouterr().out


def test_practice_make_follows_the_tables_rules(capsys):
    assert main(["practice", "make", "H-P5c", "--seed", "1", "--rule", "four-of-a-kind=match-or-beat",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"four-of-a-kind": "match-or-beat"}


@pytest.mark.parametrize("argv, words", [
    (["practice", "make", "H-A9", "--seed", "1"], ["H-A9", "nearest", "H-A5"]),
    (["practice", "make", "H-A1", "--seed", "one"], ["seed", "'one'"]),
    (["practice", "make", "H-A1", "--seed", "1", "--variant", "carron"], ["carron", "caron"]),
    (["practice", "make", "H-A1", "--seed", "1", "--rule", "four-of-a-kid=anytime"], ["four-of-a-kid"]),
    (["practice", "list", "palace-pokr"], ["palace-pokr", "palace-poker"]),
    (["practice", "make", "PP-70", "--seed", "1"], ["PP-70", "no drill"]),
])
def test_practice_bad_input_exits_2_with_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for w in words:
        assert w in err
