"""docs/clauses/kings-pot.md cannot rot: every test it lists exists (file and
function, by node id), every code name imports, every section is one the
King's Pot references may cite, every ruling exists; and in the other
direction every registered section and every King's Pot ruling appears in it.
"""

from pathlib import Path

import pytest
from clause_matrices import defined_tests, resolve, tables, ticked

import rules.kings_pot  # noqa: F401 - registers the sections and rulings
from rules.refs import RULINGS, SECTIONS

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "clauses" / "kings-pot.md"
COLUMNS = ["#", "Section", "Code", "Tests", "Rulings"]


def rows():
    """The table rows as dicts: number, clause text, and backticked items per column."""
    out = []
    for header, body in tables(MATRIX.read_text(encoding="utf-8")):
        for cells in body:
            row = dict(zip(header, cells))
            out.append({"n": row["#"], "clause": cells[1], **{col: list(ticked(row[col])) for col in COLUMNS[1:]}})
    return out


ROWS = rows()


def test_the_matrix_has_every_column_and_numbered_rows():
    assert len(ROWS) >= 39
    assert [r["n"] for r in ROWS] == [str(i) for i in range(1, len(ROWS) + 1)]
    for r in ROWS:
        assert r["clause"] and r["Section"] and r["Code"] and r["Tests"], f"row {r['n']} has an empty cell"


@pytest.mark.parametrize("node_id", sorted({t for r in ROWS for t in r["Tests"]}))
def test_every_listed_test_exists(node_id):
    path, _, name = node_id.partition("::")
    assert name and "[" not in name, f"{node_id}: give file::function"
    assert (ROOT / path).is_file(), f"{node_id}: no such file"
    assert name in defined_tests(ROOT / path), f"{node_id}: no such test function"


@pytest.mark.parametrize("symbol", sorted({c for r in ROWS for c in r["Code"]}))
def test_every_listed_code_symbol_imports(symbol):
    assert symbol.startswith("rules."), f"{symbol}: code lives in rules/"
    assert resolve(symbol) is not None


def test_every_listed_section_is_registered_and_every_section_is_listed():
    registered = set(SECTIONS["kings-pot.txt"])
    listed = {s for r in ROWS for s in r["Section"]}
    assert listed <= registered, f"not registered: {sorted(listed - registered)}"
    assert registered <= listed, f"sections with no clause in the matrix: {sorted(registered - listed)}"


def test_every_listed_ruling_exists_and_every_kings_pot_ruling_is_listed():
    ours = {key for key in RULINGS if key.startswith("kings-pot-")}
    listed = {k for r in ROWS for k in r["Rulings"]}
    assert listed <= ours, f"unknown rulings: {sorted(listed - ours)}"
    assert ours <= listed, f"rulings no clause rests on: {sorted(ours - listed)}"


def test_the_resolver_refuses_a_name_that_does_not_exist():
    # the check above would be worthless if a typo resolved to something
    with pytest.raises(AttributeError):
        resolve("rules.kings_pot.tableau.no_such_name")
    with pytest.raises((ImportError, AttributeError)):
        resolve("rules.no_such_module.thing")
