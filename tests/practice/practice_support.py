"""Shared pieces of the practice tests: the clause matrices' rows, and the independent checks
each template's answer is compared with."""

from __future__ import annotations

import re
from pathlib import Path

from clause_matrices import tables

ROOT = Path(__file__).resolve().parents[2]
MATRICES = ("palace-house", "palace-caron", "palace-bga", "palace-poker", "kings-pot")
PREFIX = {"palace-poker": "PP-", "kings-pot": "KP-"}

# engine notation a person should never meet in a question or a choice: a card code (Qs, 10h,
# Jk), a seat number (@1), an action in notation (play 8c, bet @2)
NOTATION = re.compile(r"(?<![\w$])(?:(?:[2-9TJQKA]|10)[cdhs]|Jk|@\d)(?!\w)")


def matrix_ids(stem: str) -> list[str]:
    """The clause ids of a matrix, as practice names them (numbered rows get the game's prefix)."""
    out = []
    for header, rows in tables((ROOT / "docs" / "clauses" / f"{stem}.md").read_text(encoding="utf-8")):
        if header[0] in ("id", "#"):
            out += [PREFIX.get(stem, "") + row[0] for row in rows]
    return out
