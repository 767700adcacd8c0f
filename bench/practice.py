"""``python -m bench practice [--seeds N] [--clause ID ...] [--json]``: how long making a drill takes.

For every clause with a generator (or the ``--clause`` ones), makes the drills of seeds 0..N-1
(default 100) in CPython and reports per generator the median and the 95th percentile of the
time to make one drill (``practice.make_drill``), and separately of asking the engine its answer
(``drill.answer()``). The goal of issue 32: a drill made in at most 50 ms at the 95th percentile,
for every generator. Each generator's first drill (imports, caches) is made before timing.

The machine is shared and noisy, so the report also gives each p95 as a ratio to a fixed
pure-Python reference loop timed in the same run (shuffle and sort a 52-card list 1,000 times).
With ``--json`` the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

GOAL_MS = 50.0


def _reference_ms() -> float:
    rng = random.Random(1)
    cards = list(range(52))
    start = time.perf_counter()
    for _ in range(1000):
        rng.shuffle(cards)
        cards.sort()
    return (time.perf_counter() - start) * 1000


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def run(seeds: int, only: list[str] | None) -> dict:
    from practice import clauses, make_drill

    ref = statistics.median(_reference_ms() for _ in range(5))
    rows = []
    for c in clauses():
        if not c.drillable or (only and c.id not in only):
            continue
        make_drill(c.id, seed=10**6).answer()
        made, asked = [], []
        for seed in range(seeds):
            t0 = time.perf_counter()
            drill = make_drill(c.id, seed=seed)
            t1 = time.perf_counter()
            drill.answer()
            t2 = time.perf_counter()
            made.append((t1 - t0) * 1000)
            asked.append((t2 - t1) * 1000)
        p95 = _p95(made)
        rows.append({"clause": c.id, "kind": drill.kind, "make_median_ms": round(statistics.median(made), 2),
                     "make_p95_ms": round(p95, 2), "answer_p95_ms": round(_p95(asked), 2),
                     "p95_per_reference": round(p95 / ref, 3), "met": p95 <= GOAL_MS})
    worst = max(rows, key=lambda r: r["make_p95_ms"])
    return {"bench": "practice", "seeds": seeds, "python": sys.version.split()[0],
            "reference_ms": round(ref, 2), "goal_ms": GOAL_MS, "generators": len(rows),
            "met": sum(r["met"] for r in rows), "worst": worst, "rows": rows}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench practice", description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=100)
    p.add_argument("--clause", action="append")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    out = run(a.seeds, a.clause)
    for r in out["rows"]:
        flag = "" if r["met"] else "  OVER"
        print(f"{r['clause']:8} {r['kind']:8} make p50 {r['make_median_ms']:7.2f} ms  p95 {r['make_p95_ms']:7.2f} ms"
              f"  ({r['p95_per_reference']:.2f}x ref)  answer p95 {r['answer_p95_ms']:7.2f} ms{flag}")
    print(f"{out['met']} of {out['generators']} generators make a drill in <= {GOAL_MS:.0f} ms p95 "
          f"(worst {out['worst']['clause']}: {out['worst']['make_p95_ms']} ms); reference loop {out['reference_ms']} ms")
    if a.json:
        print(json.dumps(out))
    return 0
