"""Write tests/durations.json, the seconds each test file took, from junit reports.

The test run starts the longest files first (tests/conftest.py reads the file): with
``--dist loadscope`` a file is one unit of work, and a long one started last keeps one
worker busy while the other waits (stop 37's CI: the monkey's 367 s began near the end).
Only the order depends on these figures, never a result, so a stale file costs time, not
truth; refresh it from a whole run now and then::

    python tools/test_durations.py test-results/junit/python.xml test-results/junit/browser.xml
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "durations.json"


def module_seconds(reports: list[Path]) -> dict[str, int]:
    """Seconds per test file (its path from the repository's root), summed over its test cases."""
    seconds: Counter[str] = Counter()
    for report in reports:
        for case in ET.parse(report).getroot().iter("testcase"):
            module = (case.get("classname") or "").split("::")[0]
            parts = module.split(".")
            while parts and not parts[-1].startswith("test_"):  # a test class: its file is above it
                parts.pop()
            if parts:
                seconds["/".join(parts) + ".py"] += float(case.get("time") or 0)
    return {m: round(s) for m, s in sorted(seconds.items(), key=lambda kv: -kv[1]) if round(s) >= 1}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    OUT.write_text(json.dumps(module_seconds([Path(a) for a in argv]), indent=0) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
