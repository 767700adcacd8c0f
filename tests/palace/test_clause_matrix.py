"""The clause matrices (docs/clauses/palace-*.md) cannot rot.

Each matrix lists, per clause of one document: the section, the code that applies it, the rule
references the engine cites for it and the tests that check it. These tests hold every row to
what the code and the test files really contain: every section of the document has a row, every
code symbol imports (``PalaceRules.<field>`` is a field of the rule set), every ``ref:<key>``
resolves for the preset and points at the row's own section, every ``alt:<name>`` is an optional
rule of the preset citing that section, every ``ruling:<key>`` exists, every test node exists,
each row names at least one test of its document (``test_<preset>_...``), and every such test is
listed somewhere in its document's matrix.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import pytest
from clause_matrices import defined_tests, tables, ticked
from clause_matrices import resolve as import_dotted

from rules.palace import PRESETS, PalaceRules
from rules.refs import RULINGS, SECTIONS

ROOT = Path(__file__).resolve().parents[2]
MATRICES = {"house": "palace-house.md", "caron": "palace-caron.md", "bga": "palace-bga.md"}
HEADER = ["id", "clause (our words)", "section", "code", "RuleRef", "tests"]


@dataclass(frozen=True)
class Row:
    id: str
    clause: str
    section: str
    code: tuple[str, ...]
    refs: tuple[str, ...]
    tests: tuple[str, ...]


def parse_matrix(text: str) -> list[Row]:
    """The rows of the tables whose header is ``HEADER`` (other tables are notes)."""
    rows: list[Row] = []
    for header, body in tables(text):
        if header != HEADER:
            continue
        for cells in body:
            assert len(cells) == len(HEADER), f"row with {len(cells)} cells: {'|'.join(cells)[:60]}"
            rows.append(Row(cells[0], cells[1], cells[2], ticked(cells[3]), ticked(cells[4]), ticked(cells[5])))
    return rows


def _rows(preset: str) -> list[Row]:
    return parse_matrix((ROOT / "docs" / "clauses" / MATRICES[preset]).read_text(encoding="utf-8"))


def resolve(symbol: str) -> object:
    """Import ``rules.palace.module.name[.attr...]``, or check ``PalaceRules.<field>``."""
    if symbol.startswith("PalaceRules."):
        field = symbol.split(".", 1)[1]
        names = {f.name for f in dataclasses.fields(PalaceRules)}
        if field not in names:
            raise LookupError(f"PalaceRules has no field {field!r}")
        return field
    return import_dotted(symbol)


def node_exists(node: str) -> bool:
    path, _, name = node.partition("::")
    file = ROOT / path
    return file.is_file() and name in defined_tests(file)


def problems(preset: str, rows: list[Row]) -> list[str]:
    """Everything wrong with one matrix (empty when it matches the code and the tests)."""
    rules = PRESETS[preset]
    sections = SECTIONS[rules.source]
    alternates = {name: ref for name, _, ref in rules.alternates}
    out: list[str] = []
    seen_ids: set[str] = set()
    for row in rows:
        where = f"{preset} {row.id}"
        if row.id in seen_ids:
            out.append(f"{where}: id used twice")
        seen_ids.add(row.id)
        if not row.clause:
            out.append(f"{where}: no clause text")
        if row.section not in sections:
            out.append(f"{where}: {row.section!r} is not a registered section of {rules.source}")
        if not row.code:
            out.append(f"{where}: no code")
        for symbol in row.code:
            try:
                resolve(symbol)
            except (LookupError, AttributeError, ImportError) as err:
                out.append(f"{where}: code {symbol!r}: {err}")
        cites_section = False
        for token in row.refs:
            kind, _, key = token.partition(":")
            if kind == "ref":
                try:
                    ref = rules.ref(key)
                except KeyError:
                    out.append(f"{where}: {preset} has no rule reference {key!r}")
                    continue
                if ref.section != row.section:
                    out.append(f"{where}: ref:{key} cites {ref.section!r}, not the row's section")
                cites_section = True
            elif kind == "alt":
                if key not in alternates:
                    out.append(f"{where}: {preset} has no alternate rule {key!r}")
                elif alternates[key].section != row.section:
                    out.append(f"{where}: alt:{key} cites {alternates[key].section!r}")
                else:
                    cites_section = True
            elif kind == "ruling":
                if key not in RULINGS:
                    out.append(f"{where}: no ruling {key!r}")
            else:
                out.append(f"{where}: unknown reference kind {token!r}")
        if not cites_section:
            out.append(f"{where}: no RuleRef to its section")
        if not row.tests:
            out.append(f"{where}: no test")
        for node in row.tests:
            if not node_exists(node):
                out.append(f"{where}: no test {node}")
        if not any(node.partition("::")[2].startswith(f"test_{preset}_") for node in row.tests):
            out.append(f"{where}: no test named after a {preset} clause (test_{preset}_...)")
    missing = sorted(set(sections) - {row.section for row in rows})
    if missing:
        out.append(f"{preset}: sections with no clause row: {missing}")
    listed = {node.partition("::")[2] for row in rows for node in row.tests}
    for file in sorted((ROOT / "tests" / "palace").glob("test_*.py")):
        for name in sorted(defined_tests(file)):
            if name.startswith(f"test_{preset}_") and name not in listed:
                out.append(f"{preset}: {file.name}::{name} is named after a clause but is in no row")
    return out


@pytest.mark.parametrize("preset", list(MATRICES))
def test_clause_matrix_matches_code_and_tests(preset):
    rows = _rows(preset)
    assert len(rows) >= 30, f"{preset}: only {len(rows)} rows parsed"
    found = problems(preset, rows)
    assert not found, "\n".join(found)


def test_clause_matrix_checker_catches_rot():
    rows = _rows("bga")
    good = rows[0]
    broken = [
        dataclasses.replace(good, code=("rules.palace.turns._no_such_function",)),
        dataclasses.replace(good, code=("PalaceRules.no_such_field",)),
        dataclasses.replace(good, refs=("ref:pickup",)),  # another section's reference
        dataclasses.replace(good, refs=("ruling:no-such-ruling", "ref:aim")),
        dataclasses.replace(good, tests=("tests/palace/test_bga.py::test_bga_does_not_exist",)),
        dataclasses.replace(good, tests=("tests/palace/test_setup.py::test_seeded_deal_is_reproducible",)),
        dataclasses.replace(good, section="Chapter 99"),
    ]
    for row in broken:
        assert [p for p in problems("bga", rows[1:] + [row]) if good.id in p], row
    assert any("sections with no clause row" in p for p in problems("bga", [r for r in rows if r.section != "Deal"]))
    assert any("is in no row" in p for p in problems("bga", [r for r in rows if r.id != "B-P3b"]))


def test_clause_matrix_counts():
    """The totals quoted in docs/palace.md."""
    counts = {preset: len(_rows(preset)) for preset in MATRICES}
    doc = (ROOT / "docs" / "palace.md").read_text(encoding="utf-8")
    for preset, n in counts.items():
        assert f"`{preset}`: {n} clauses" in doc, (preset, n)
