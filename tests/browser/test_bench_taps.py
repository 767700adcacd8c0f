"""``python -m bench taps`` (issue 36, the heavier taps) in one round on the test site: the
output's shape, not its times (those are the bench's to report, never a test's to assert)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # bench/ is not installed: it runs from a checkout

from bench.taps import GOAL_MS, summarize  # noqa: E402

REPEATED = ("switch lesson", "branch from a position", "Check a battle")


def test_percentiles_are_over_the_taps_given():
    # five taps by hand: sorted 100 200 300 400 1000; median 300, nearest-rank p95 index round(0.95*4)=4
    rows = {"t": [{"dom_ms": ms - 10, "painted_ms": ms, "worker_ms": ms / 2, "messages": 2, "bytes": 100}
                  for ms in (300, 100, 1000, 200, 400)]}
    got = summarize(rows)["t"]
    assert (got["painted_p50_ms"], got["painted_p95_ms"]) == (300, 1000)
    assert (got["dom_p50_ms"], got["worker_p95_ms"]) == (290, 500)
    assert got["taps"] == 5 and got["goal_met"] is (1000 <= GOAL_MS)


def test_one_round_times_every_heavier_tap(site_dir):
    # in a process of its own, as it is run: Playwright's sync API cannot start inside a test
    # worker whose browser fixtures already run one (its event loop is running)
    done = subprocess.run([sys.executable, "-m", "bench", "taps", "--rounds", "1", "--repeat", "1",
                           "--site", str(site_dir), "--json"], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["bench"] == "taps" and out["viewport"] == "390x844 touch" and out["goal_p95_ms"] == 500
    taps = out["taps"]
    # one fresh page: Learn is its first tap, then Play and Settle the first time, each job again
    assert set(taps) == {"first tap: open learn", "open learn, the first time", "open play, the first time",
                         "open settle, the first time", "open learn again", "open play again",
                         "open settle again", *REPEATED}
    for name, row in taps.items():
        assert row["taps"] == 1, name
        assert 0 < row["dom_p50_ms"] <= row["painted_p50_ms"], name
        assert row["painted_ms_by_tap"] == [row["painted_p50_ms"]], name
        assert row["messages_mean"] >= 1 and row["bytes_mean"] > 0, name  # every answer came from the worker
        assert all(isinstance(f, str) and f for f in row["fetched_during"]), name
        assert row["worker_p50_ms"] is not None and row["worker_p50_ms"] <= row["painted_p50_ms"], name
