"""docs/clauses/palace-poker.md cannot rot.

The matrix lists, per clause of ``palace-poker.txt``: the section, the code that
applies it, the RuleRef that code cites, the tests named after it and the
rulings it rests on. These tests hold every row to what the code and the test
files really contain:

* every code item imports (a module, or a dotted attribute path inside one);
* every RuleRef names a registered section, and one of the row's code items
  cites it: its source (or, for a value, its repr) quotes the section title and
  the clause;
* every test exists (file, then a top-level ``test_`` function, by AST);
* every ruling exists;
* every registered section has a row, every Palace Poker ruling is used by a
  row, and every test in the clause test files is listed.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest
from clause_matrices import defined_tests, resolve, tables, ticked

import rules.palace_poker  # noqa: F401  (registers the sections and the rulings)
from rules.refs import RULINGS, SECTIONS

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "clauses" / "palace-poker.md"
SOURCE = "palace-poker.txt"
HEADER = ["#", "Clause (our words)", "Section", "Code", "RuleRef", "Tests", "Rulings"]
# test files whose every test is about a clause, so each must be in the matrix
CLAUSE_FILES = ("test_deal.py", "test_turns.py", "test_betting.py", "test_battle.py", "test_end_of_hand.py",
                "test_points_game.py", "test_worked_example.py")
NOT_CLAUSES = {
    "test_stacked_deck_may_be_partial_and_the_rest_follows_the_seed": "setup tooling for lessons, not a rule",
    "test_fast_value_used_by_the_odds_agrees_with_the_full_evaluation": "checks the odds' fast path (row 70) "
                                                                        "against evaluate_side",
}


@dataclass(frozen=True)
class Row:
    number: str
    clause: str
    sections: tuple[str, ...]
    code: tuple[str, ...]
    refs: tuple[str, ...]
    tests: tuple[str, ...]
    rulings: tuple[str, ...]


def parse_matrix(text: str) -> list[Row]:
    """The rows of the table whose header is ``HEADER``."""
    body = next(body for header, body in tables(text) if header == HEADER)
    rows = []
    for cells in body:
        assert len(cells) == len(HEADER), f"row with {len(cells)} cells: {'|'.join(cells)[:70]}"
        number, clause, section, code, refs, tests, rulings = cells
        rows.append(Row(number, clause, ticked(section), ticked(code), ticked(refs), ticked(tests), ticked(rulings)))
    return rows


ROWS = parse_matrix(MATRIX.read_text(encoding="utf-8"))
IDS = [r.number for r in ROWS]


def split_ref(text: str) -> tuple[str, str]:
    """``§ Bet (or battle) (same suit)`` -> ("Bet (or battle)", "same suit"): the
    section is the longest registered title the text starts with."""
    assert text.startswith("§ "), text
    body = text[2:]
    titles = sorted((t for t in SECTIONS[SOURCE] if body == t or body.startswith(t + " (")), key=len)
    assert titles, f"{text!r} names no registered section of {SOURCE}"
    section = titles[-1]
    rest = body[len(section):].strip()
    assert rest == "" or (rest.startswith("(") and rest.endswith(")")), text
    return section, rest[1:-1]


@lru_cache(maxsize=None)
def cited_text(path: str) -> str:
    """What a code item says: its source, or the repr of a value."""
    obj = resolve(path)
    target = obj.fget if isinstance(obj, property) else obj
    try:
        return inspect.getsource(target)
    except TypeError:
        return repr(obj)


def quoted(text: str, words: str) -> bool:
    return f'"{words}"' in text or f"'{words}'" in text


def functions_in(file: str) -> frozenset[str]:
    """The tests defined in ``file`` (a path from the repository root)."""
    return defined_tests(ROOT / file)


def test_matrix_has_numbered_rows_with_every_column_filled():
    assert [int(r.number) for r in ROWS] == list(range(1, len(ROWS) + 1))
    for r in ROWS:
        assert r.clause and r.sections and r.code and r.refs and r.tests, f"row {r.number} has an empty column"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_every_section_is_registered(row):
    for section in row.sections:
        assert section in SECTIONS[SOURCE], f"row {row.number}: {section!r} is not a registered section"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_every_code_item_imports(row):
    for path in row.code:
        assert path.startswith("rules."), f"row {row.number}: {path} is not engine code"
        resolve(path)


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_every_rule_ref_is_cited_by_the_rows_code(row):
    for text in row.refs:
        section, clause = split_ref(text)
        citing = [p for p in row.code if quoted(cited_text(p), section) and (not clause or quoted(cited_text(p), clause))]
        assert citing, f"row {row.number}: none of {row.code} cites {text!r}"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_every_listed_test_exists(row):
    for node in row.tests:
        file, sep, name = node.partition("::")
        assert sep and file.startswith("tests/") and (ROOT / file).is_file(), f"row {row.number}: no file {file}"
        assert name in functions_in(file), f"row {row.number}: {file} has no {name}"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_every_listed_ruling_exists(row):
    for key in row.rulings:
        assert key in RULINGS and key.startswith("palace-poker-"), f"row {row.number}: unknown ruling {key}"


def test_every_registered_section_has_a_row():
    covered = {s for r in ROWS for s in r.sections}
    assert not set(SECTIONS[SOURCE]) - covered, sorted(set(SECTIONS[SOURCE]) - covered)


def test_every_palace_poker_ruling_is_used_by_a_row():
    used = {k for r in ROWS for k in r.rulings}
    mine = {k for k in RULINGS if k.startswith("palace-poker-")}
    assert not mine - used, sorted(mine - used)


def test_every_test_in_the_clause_files_is_in_the_matrix():
    listed = {t for r in ROWS for t in r.tests}
    for name in CLAUSE_FILES:
        file = f"tests/palace_poker/{name}"
        for fn in functions_in(file):
            if fn not in NOT_CLAUSES:
                assert f"{file}::{fn}" in listed, f"{file}::{fn} is not in docs/clauses/palace-poker.md"


def test_the_checks_catch_a_broken_row():
    # the checks themselves can fail: a made-up symbol, test, section and citation
    with pytest.raises((ImportError, AttributeError)):
        resolve("rules.palace_poker.flow._no_such_function")
    assert "test_no_such_test" not in functions_in("tests/palace_poker/test_deal.py")
    with pytest.raises(AssertionError):
        split_ref("§ No Such Section")
    assert not quoted(cited_text("rules.palace_poker.flow._ante"), "Open Market Rule")
