"""The Palace Poker section of docs/rulings.md, written from the rulings in code.

``python tests/palace_poker/rulings_section.py --write`` rewrites that section
(and only it) from ``rules.refs.RULINGS``; ``test_rulings_section.py`` fails
when the two differ, so a ruling changed in code cannot leave the document
behind. Entries are in key order, one per ``palace-poker-*`` ruling
(tests/support/rulings_md.py does the rest).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: put the shared helpers and the repo on the path
    sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "support"), str(Path(__file__).resolve().parents[2])]

import rulings_md  # noqa: E402

HEADING = "## Palace Poker (`palace-poker.txt`)"
PREFIX = "palace-poker-"


def render() -> str:
    import rules.palace_poker  # noqa: F401  (importing the engine registers its rulings)
    from rules.refs import RULINGS

    keys = (k for k in RULINGS if k.startswith(PREFIX))
    return rulings_md.render(keys, lambda r: f"it {r.source_says}.", lambda r: f"{r.reading}.")


if __name__ == "__main__":
    rulings_md.main(HEADING, render)
