"""The bots bench in a few matches (issues 15 and 33): the output's shape and invariants, not win
rates (those need hundreds of matches: ``python -m bench bots --outside``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # bench/ is not installed: it runs from a checkout

from bench.bots import Match, Table, _score, tables, wilson, wilson_low  # noqa: E402
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


def test_one_deal_a_pair_gives_every_pair_level_and_ladder_in_the_json_line():
    # the levels at every table, a match of one deal (the outside pairs: the next test)
    every = tables()
    out = subprocess.run([sys.executable, "-m", "bench", "bots", "--games", "1", "--deals", "1", "--jobs", "2",
                          "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=600)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    pairs = {(p["game"], p["stronger"], p["weaker"]): p for p in result["pairs"]}
    assert set(pairs) == {(k, s, w) for k in every for s, w in (("standard", "beginner"), ("strong", "standard"),
                                                                 ("strong", "beginner"))}
    for (key, _, _), p in pairs.items():
        assert p["games"] == every[key].seats  # one deal, once per seat
        assert 0.0 <= p["ci_low"] <= p["win_rate"] <= p["ci_high"] <= 1.0
        assert p["fair"] == round(every[key].fair, 3)
    assert set(result["decision_ms"]) == {f"{k}/{level}" for k in every for level in ("beginner", "standard",
                                                                                         "strong")}
    assert all(v["p95"] >= v["p50"] > 0 for v in result["decision_ms"].values())
    assert {row["level"] for row in result["ladder"][next(iter(every))]} == {"beginner", "standard", "strong"}
    assert result["duplicate_deals"] and result["interval"] == "95% Wilson score"


def test_the_outside_pairs_run_with_a_small_search():
    out = subprocess.run([sys.executable, "-m", "bench", "bots", "--outside", "--games", "2", "--jobs", "1",
                          "--iterations", "2", "--deals", "1", "--only", "palace/bga", "--pair", "strong:ismcts",
                          "--pair", "standard:shedding", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=600)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert {(p["stronger"], p["weaker"], p["games"]) for p in result["pairs"]} == {
        ("strong", "ismcts", 2), ("standard", "shedding", 2)}
    assert {row["level"] for row in result["ladder"]["palace/bga"]} == {"strong", "ismcts", "standard", "shedding"}
    assert result["ismcts_iterations"] == 2
