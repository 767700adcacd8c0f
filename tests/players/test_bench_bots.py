"""The bots bench in a few matches (issues 15 and 33): the output's shape and invariants, not win
rates (those need hundreds of matches: ``python -m bench bots --outside``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # bench/ is not installed: it runs from a checkout

from bench.bots import Match, Table, _score, main, tables, wilson, wilson_low  # noqa: E402
from rules.games import game_ids  # noqa: E402


def test_wilson_interval_matches_a_hand_count():
    # 7 of 10: p = 0.7, z = 1.96 -> (0.7 + 0.19208 -+ 1.96 * sqrt(0.021 + 0.0096040)) / 1.38416
    #        = 0.3968 and 0.8922
    assert abs(wilson_low(7, 10) - 0.3968) < 1e-3
    assert abs(wilson(7, 10)[1] - 0.8922) < 1e-3
    assert wilson_low(0, 10) == 0.0 and wilson_low(0, 0) == 0.0


def test_every_game_of_the_registry_is_measured():
    assert {t.game for t in tables().values()} == set(game_ids())


def test_a_deal_is_played_once_with_the_stronger_side_in_each_seat():
    heads_up, three = Table("g", "p", 2, 1), Table("g", "p", 3, 12)
    assert [(Match(heads_up, "a", "b", i).deal, Match(heads_up, "a", "b", i).levels) for i in range(4)] == [
        (0, ("a", "b")), (0, ("b", "a")), (1, ("a", "b")), (1, ("b", "a"))]
    assert [Match(three, "a", "b", i).levels for i in range(3)] == [("a", "b", "b"), ("b", "a", "b"),
                                                                    ("b", "b", "a")]
    assert {Match(three, "a", "b", i).deal for i in range(3)} == {0}


def test_a_tie_for_the_most_chips_is_shared():
    assert _score([5.0, 5.0, 2.0], [0]) == 0.5
    assert _score([5.0, 6.0], [0]) == 0.0 and _score([7.0, 6.0, 1.0], [0]) == 1.0


def _bench(capsys, *args: str) -> dict:
    # in this process (one job): a benchmark's own process may run at a lower priority
    assert main([*args, "--jobs", "1", "--json"]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_one_deal_at_every_table_gives_the_pair_times_and_ladder_in_the_json_line(capsys):
    # the quick pair at every table, a match of one deal (the strong level and the outside pairs: the next test)
    every = tables()
    result = _bench(capsys, "--games", "1", "--deals", "1", "--pair", "standard:beginner")
    pairs = {(p["game"], p["stronger"], p["weaker"]): p for p in result["pairs"]}
    assert set(pairs) == {(k, "standard", "beginner") for k in every}
    for (key, _, _), p in pairs.items():
        assert p["games"] == every[key].seats  # one deal, once per seat
        assert 0.0 <= p["ci_low"] <= p["win_rate"] <= p["ci_high"] <= 1.0
        assert p["fair"] == round(every[key].fair, 3)
    assert set(result["decision_ms"]) == {f"{k}/{level}" for k in every for level in ("beginner", "standard")}
    assert all(v["p95"] >= v["p50"] > 0 for v in result["decision_ms"].values())
    assert all({row["level"] for row in result["ladder"][k]} == {"beginner", "standard"} for k in every)
    assert result["duplicate_deals"] and result["interval"] == "95% Wilson score"


def test_the_outside_pairs_run_with_a_small_search(capsys):
    result = _bench(capsys, "--outside", "--games", "2", "--iterations", "2", "--deals", "1", "--only", "palace/bga",
                    "--pair", "strong:ismcts", "--pair", "standard:shedding")
    assert all(v["n"] > 0 for k, v in result["decision_ms"].items())
    assert {(p["stronger"], p["weaker"], p["games"]) for p in result["pairs"]} == {
        ("strong", "ismcts", 2), ("standard", "shedding", 2)}
    assert {row["level"] for row in result["ladder"]["palace/bga"]} == {"strong", "ismcts", "standard", "shedding"}
    assert result["ismcts_iterations"] == 2
