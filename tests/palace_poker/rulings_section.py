"""The Palace Poker section of docs/rulings.md, written from the rulings in code.

``python tests/palace_poker/rulings_section.py --write`` rewrites that section
(and only it) from ``rules.refs.RULINGS``; ``test_rulings_section.py`` fails
when the two differ, so a ruling changed in code cannot leave the document
behind. Entries are in key order, one per ``palace-poker-*`` ruling.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
HEADING = "## Palace Poker (`palace-poker.txt`)"
PREFIX = "palace-poker-"


def render() -> str:
    import rules.palace_poker  # noqa: F401  (importing the engine registers its rulings)
    from rules.refs import RULINGS

    entries = []
    for key in sorted(k for k in RULINGS if k.startswith(PREFIX)):
        r = RULINGS[key]
        entries.append(f"### {key}\n\n- **Question:** {r.question}\n- **Source ({r.ref}):** it {r.source_says}.\n"
                       f"- **Our reading:** {r.reading}.\n")
    return "\n".join(entries)


def split(text: str) -> tuple[str, str, str]:
    """(before the section's entries, the entries, from the next game's heading on)."""
    start = text.index(HEADING) + len(HEADING)
    end = text.find("\n## ", start)
    end = len(text) if end < 0 else end
    return text[:start], text[start:end], text[end:]


def section(text: str) -> str:
    return split(text)[1].strip()


def write() -> bool:
    """Rewrite the section in place; True when something changed."""
    text = DOC.read_text(encoding="utf-8")
    before, body, after = split(text)
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
