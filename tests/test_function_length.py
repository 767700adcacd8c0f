"""No function in rules/ is longer than 80 lines (issue 14): past that it is probably two things.

Read with ``ast`` (a function's lines run from its ``def`` or first decorator to its last
statement, nested functions included in their parent). Costs well under a second.
"""

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "rules"
LIMIT = 80


def function_lengths(source: str) -> list[tuple[str, int, int]]:
    """(qualified name, first line, length in lines) of every function in ``source``."""
    found = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                found.append((prefix + child.name, first, child.end_lineno - first + 1))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def test_the_measure_counts_a_long_function_and_a_method():
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    source = f"def long():\n{body}\n\nclass C:\n    @staticmethod\n    def short():\n        return 1\n"
    assert function_lengths(source) == [("long", 1, LIMIT + 1), ("C.short", LIMIT + 4, 3)]


@pytest.mark.parametrize("path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES)))
def test_no_function_in_rules_is_longer_than_80_lines(path):
    too_long = [f"{name} (line {line}: {n} lines)" for name, line, n in function_lengths(path.read_text())
                if n > LIMIT]
    assert not too_long, f"{path.relative_to(RULES.parent)}: " + "; ".join(too_long)
