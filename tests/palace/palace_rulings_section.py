"""The Palace section of docs/rulings.md, written from the rulings in code.

``python tests/palace/palace_rulings_section.py --write`` rewrites that section (and only it)
from ``rules.refs.RULINGS``; ``test_rulings_section.py`` fails when the two differ, so a ruling
changed in code cannot leave the document behind. The Palace rulings are those citing one of the
three Palace documents; entries are in key order.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
HEADING = "## Palace (`palace-house-rules.txt`, `palace-of-caron.txt`, `palace-bga.txt`)"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def render() -> str:
    from rules.palace import sections as S  # importing the engine registers its rulings
    from rules.refs import RULINGS

    entries = []
    for key in sorted(k for k, r in RULINGS.items() if r.ref.source in (S.HOUSE, S.CARON, S.BGA)):
        r = RULINGS[key]
        entries.append(f"### {key}\n\n- **Question:** {r.question}\n- **Source ({r.ref}):** "
                       f"{_sentence(r.source_says)}\n- **Our reading:** {_sentence(r.reading)}\n")
    return "\n".join(entries)


def split(text: str) -> tuple[str, str, str]:
    """(up to the section's heading, the entries, from the next game's heading on)."""
    start = text.index(HEADING) + len(HEADING)
    end = text.find("\n## ", start)
    end = len(text) if end < 0 else end
    return text[:start], text[start:end], text[end:]


def section(text: str) -> str:
    return split(text)[1].strip()


def write() -> bool:
    """Rewrite the section in place; True when something changed."""
    text = DOC.read_text(encoding="utf-8")
    before, _, after = split(text)
    new = before + "\n\n" + render().strip() + "\n" + after
    if new != text:
        DOC.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    sys.path.insert(0, str(DOC.parents[1]))
    if "--write" in sys.argv:
        print("rewritten" if write() else "already in sync")
    else:
        print(render())
