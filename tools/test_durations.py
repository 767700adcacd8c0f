"""Write tests/durations.json, the seconds each test file took, from junit reports.

The test run starts the longest files first (tests/conftest.py reads the file): with
``--dist loadscope`` a file is one unit of work, and a long one started last keeps one
worker busy while the other waits (stop 37's CI: the monkey's 367 s began near the end).
Only the order depends on these figures, never a result, so a stale file costs time, not
truth; refresh it from a whole run now and then::

    python tools/test_durations.py test-results/junit/python.xml test-results/junit/browser.xml

``--replay REPORT [--workers N]`` replays a junit report's per-test seconds through xdist's
loadscope scheduling on two (or N) workers (a file or a test class is a unit; a worker takes
the next when it has two tests or fewer left), the seconds as measured (on N workers a test
takes longer when the cores were busy: the replay does not know), once in xdist's own order (files with more tests first) and once in this
file's, and prints when each worker ends: what the order is worth, without a run.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "durations.json"


def _file_of(classname: str) -> str:
    """The test file of a junit classname (``tests.browser.test_monkey.TestMonkeyShard1``: a class
    in a file), from the repository's root; "" when there is none."""
    parts = classname.split("::")[0].split(".")
    while parts and not parts[-1].startswith("test_"):  # a test class: its file is above it
        parts.pop()
    return "/".join(parts) + ".py" if parts else ""


def module_seconds(reports: list[Path]) -> dict[str, int]:
    """Seconds per test file (its path from the repository's root), summed over its test cases."""
    seconds: dict[str, float] = {}
    for report in reports:
        for case in ET.parse(report).getroot().iter("testcase"):
            module = _file_of(case.get("classname") or "")
            if module:
                seconds[module] = seconds.get(module, 0.0) + float(case.get("time") or 0)
    return {m: round(s) for m, s in sorted(seconds.items(), key=lambda kv: -kv[1]) if round(s) >= 1}


def _replay(units: list[list[float]], workers: int = 2) -> list[float]:
    queue, clocks = [list(u) for u in units], [0.0] * workers
    pending: list[list[float]] = [queue.pop(0) if queue else [] for _ in range(workers)]
    while any(pending):
        w = min((k for k in range(workers) if pending[k]), key=lambda k: clocks[k] + pending[k][0])
        clocks[w] += pending[w].pop(0)
        if len(pending[w]) <= 2 and queue:
            pending[w].extend(queue.pop(0))
    return clocks


def replay(report: Path, workers: int = 2) -> str:
    files: dict[str, list[float]] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        files.setdefault(case.get("classname") or "", []).append(float(case.get("time") or 0))
    seconds = json.loads(OUT.read_text())
    alpha = sorted(files)
    theirs = sorted(alpha, key=lambda m: -len(files[m]))
    ours = sorted(alpha, key=lambda m: (-seconds.get(_file_of(m), 10), m))
    total = sum(map(sum, files.values()))
    lines = [f"{report}: the tests' seconds {total:.0f} (over {workers} workers: {total / workers:.0f})"]
    for name, order in (("xdist's order (more tests first)", theirs), ("longest file first", ours)):
        ends = _replay([files[m] for m in order], workers)
        lines.append(f"{name:34} workers end at " + " s, ".join(f"{c:.0f}" for c in ends) + " s")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) in (2, 4) and argv[0] == "--replay":
        workers = int(argv[3]) if len(argv) == 4 and argv[2] == "--workers" else 2
        print(replay(Path(argv[1]), workers))
        return 0
    if not argv:
        print(__doc__)
        return 2
    OUT.write_text(json.dumps(module_seconds([Path(a) for a in argv]), indent=0) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
