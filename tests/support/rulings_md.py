"""docs/rulings.md, one game's section at a time: find it, render it from the rulings in code, rewrite it.

Each game's section lists its rulings in key order as ``### key`` entries (question, what the
source says, our reading); the per-game scripts (tests/palace/palace_rulings_section.py,
tests/palace_poker/rulings_section.py) pick the rulings and how each game words the two lines.
Imported by name: tests/conftest.py puts this folder on sys.path (the suite runs with
--import-mode=importlib, so test folders are not packages).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"


def split(text: str, heading: str) -> tuple[str, str, str]:
    """(up to the section's heading, the entries, from the next game's heading on)."""
    start = text.index(heading) + len(heading)
    end = text.find("\n## ", start)
    end = len(text) if end < 0 else end
    return text[:start], text[start:end], text[end:]


def section(text: str, heading: str) -> str:
    return split(text, heading)[1].strip()


def render(keys: Iterable[str], source: Callable, reading: Callable) -> str:
    """The entries for ``keys`` in key order; ``source(r)`` and ``reading(r)`` word a ruling's lines."""
    from rules.refs import RULINGS

    entries = []
    for key in sorted(keys):
        r = RULINGS[key]
        entries.append(f"### {key}\n\n- **Question:** {r.question}\n- **Source ({r.ref}):** {source(r)}\n"
                       f"- **Our reading:** {reading(r)}\n")
    return "\n".join(entries)


def write(heading: str, rendered: str) -> bool:
    """Rewrite the section in place; True when something changed."""
    text = DOC.read_text(encoding="utf-8")
    before, _, after = split(text, heading)
    new = before + "\n\n" + rendered.strip() + "\n" + after
    if new != text:
        DOC.write_text(new, encoding="utf-8")
    return new != text


def main(heading: str, render_section: Callable[[], str]) -> None:
    """A per-game script's command line: print the section, or ``--write`` it into the document."""
    if "--write" in sys.argv:
        print("rewritten" if write(heading, render_section()) else "already in sync")
    else:
        print(render_section())
