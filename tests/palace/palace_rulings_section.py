"""The Palace section of docs/rulings.md, written from the rulings in code.

``python tests/palace/palace_rulings_section.py --write`` rewrites that section (and only it)
from ``rules.refs.RULINGS``; ``test_rulings_section.py`` fails when the two differ, so a ruling
changed in code cannot leave the document behind. The Palace rulings are those citing one of the
three Palace documents; entries are in key order (tests/support/rulings_md.py does the rest).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: put the shared helpers and the repo on the path
    sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "support"), str(Path(__file__).resolve().parents[2])]

import rulings_md  # noqa: E402

HEADING = "## Palace (`palace-house-rules.txt`, `palace-of-caron.txt`, `palace-bga.txt`)"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def render() -> str:
    from rules.palace import sections as S  # importing the engine registers its rulings
    from rules.refs import RULINGS

    keys = (k for k, r in RULINGS.items() if r.ref.source in (S.HOUSE, S.CARON, S.BGA))
    return rulings_md.render(keys, lambda r: _sentence(r.source_says), lambda r: _sentence(r.reading))


if __name__ == "__main__":
    rulings_md.main(HEADING, render)
