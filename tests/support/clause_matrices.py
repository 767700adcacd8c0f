"""Reading a clause matrix (docs/clauses/*.md) and checking what its rows name: the pieces the
clause-matrix tests of the engines (tests/<game>/test_clause_matrix.py) share. Each game's test
keeps its own columns and checks; imported by name (tests/conftest.py puts this folder on sys.path).
"""

from __future__ import annotations

import ast
import importlib
import re
from functools import lru_cache
from pathlib import Path


def cells(line: str) -> list[str]:
    """The stripped cells of one Markdown table line."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def ticked(cell: str) -> tuple[str, ...]:
    """The backticked items of a cell, in order."""
    return tuple(re.findall(r"`([^`]+)`", cell))


def tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every Markdown table in ``text`` as (header cells, body rows' cells); separator rows dropped."""
    out: list[tuple[list[str], list[list[str]]]] = []
    in_table = False
    for line in text.splitlines():
        if not line.startswith("|"):
            in_table = False
            continue
        row = cells(line)
        if not in_table:
            out.append((row, []))
            in_table = True
        elif not set("".join(row)) <= set("-: "):
            out[-1][1].append(row)
    return out


def resolve(dotted: str) -> object:
    """Import ``a.b.c.Name.attr``: the longest importable module, then attributes (an
    AttributeError names what is missing)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(f"cannot import {dotted!r}")


@lru_cache(maxsize=None)
def defined_tests(path: Path) -> frozenset[str]:
    """The tests a file defines, as a node id names them after ``::``: its module-level ``test_``
    functions and ``Class::test_`` methods (read by AST, not imported)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(f"{node.name}::{n.name}" for n in node.body
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test_"))
    return frozenset(names)
