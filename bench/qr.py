"""``python -m bench qr [--json]``: how long a QR code of a real link takes (issue 35, point 2).

Makes the QR code (``tutor.model.qr.make_qr``, segno, as the page does) of the share link of
every stop of every shipped lesson, put behind a site address, and of the longest link one
code holds (2,953 bytes), under this Python (CPython; the page's Pyodide is slower: the
browser test ``tests/browser/test_gamenight_follow.py`` prints the tap-to-drawn time in the
built site). Each code is timed in CPU time of this process (``time.process_time``: on a
shared, loaded machine the wall clock measures the other work), and in wall time beside it.
Prints p50/p95/max per kind, and their ratio to the goal. Goal: <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from tutor.model.catalog import Catalog
from tutor.model.qr import MAX_BYTES, make_qr
from tutor.model.share import encode_link
from tutor.model.study import Study

GOAL_MS = 100.0
SITE = "https://palace-tutor.example.org/"


def _links() -> list[str]:
    catalog = Catalog.load()
    links = []
    for lesson in catalog.lessons:
        study = Study.from_lesson(lesson, catalog.family(lesson.game))
        links.append(SITE + "#" + encode_link(study))
        while study.forward():
            links.append(SITE + "#" + encode_link(study))
    return links


def _time(text: str) -> tuple[float, float]:
    """(CPU ms, wall ms) of one code."""
    cpu, wall = time.process_time(), time.perf_counter()
    make_qr(text)
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench qr")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    links = _links()
    fitting = [t for t in links if len(t.encode()) <= MAX_BYTES]
    longest = SITE + "#pt1." + "A" * (MAX_BYTES - len(SITE) - 5)
    timed = {"lesson steps": [_time(t) for t in fitting],
             "longest link one code holds": [_time(longest) for _ in range(5)]}
    out = {}
    print(f"load {open('/proc/loadavg').read().split()[0]}")
    for kind, pairs in timed.items():
        ms, wall = [p[0] for p in pairs], [p[1] for p in pairs]
        q = statistics.quantiles(ms, n=20) if len(ms) >= 2 else ms * 19
        out[kind] = {"n": len(ms), "p50_ms": statistics.median(ms), "p95_ms": q[18], "max_ms": max(ms),
                     "max_vs_goal": max(ms) / GOAL_MS, "wall_p50_ms": statistics.median(wall)}
        print(f"{kind:28s} n={len(ms):4d}  CPU p50 {out[kind]['p50_ms']:6.1f} ms  p95 {out[kind]['p95_ms']:6.1f} ms  "
              f"max {max(ms):6.1f} ms = {max(ms) / GOAL_MS:.2f} x the {GOAL_MS:.0f} ms goal  "
              f"(wall p50 {statistics.median(wall):.1f} ms)")
    too_long = len(links) - len(fitting)
    print(f"links of lesson steps: {len(links)}, longest {max(len(t.encode()) for t in links):,} bytes; "
          f"too long for one code: {too_long}")
    if args.json:
        print(json.dumps(out))
    return 0 if all(v["max_ms"] <= GOAL_MS for v in out.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
