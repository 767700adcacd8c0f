"""The bots bench in a few matches (issue 15): the output's shape and invariants, not win rates
(those need hundreds of matches: ``python -m bench bots``). Costs about 25 s on a loaded 2-core machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # bench/ is not installed: it runs from a checkout

from bench.bots import GAMES, PAIRS, wilson_low  # noqa: E402


def test_wilson_lower_bound_matches_a_hand_count():
    # 7 of 10: p = 0.7, z = 1.96 -> (0.7 + 0.19208 - 1.96 * sqrt(0.021 + 0.0096040)) / 1.38416 = 0.3968
    assert abs(wilson_low(7, 10) - 0.3968) < 1e-3
    assert wilson_low(0, 10) == 0.0 and wilson_low(0, 0) == 0.0


def test_one_match_a_pair_gives_every_pair_and_level_in_the_json_line():
    out = subprocess.run([sys.executable, "-m", "bench", "bots", "--games", "1", "--jobs", "2", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=600)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    pairs = {(p["game"], p["stronger"], p["weaker"]): p for p in result["pairs"]}
    assert set(pairs) == {(g, s, w) for g in GAMES for s, w in PAIRS}
    for (game, _, _), p in pairs.items():
        assert p["games"] == 1
        assert 0.0 <= p["ci_low"] <= p["win_rate"] <= 1.0
        assert p["fair"] == round(GAMES[game][3], 3)
    assert set(result["decision_ms_p95"]) == {f"{g}/{level}" for g in GAMES for level in ("beginner", "standard",
                                                                                             "strong")}
    assert all(ms > 0 for ms in result["decision_ms_p95"].values())
    assert result["interval"] == "95% Wilson score"
