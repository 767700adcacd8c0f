"""docs/rulings.md and the rulings in code are one list (DESIGN: Rulings).

Every `rules.refs.ruling(...)` the engines register must have a `### key`
entry in docs/rulings.md under some game, and every entry there must be a
ruling the code applies, so the document never describes a ruling the tutor
does not make, nor hides one it does.
"""

import re
from pathlib import Path

import pytest

from rules.games import game_ids, get_family
from rules.refs import RULINGS

DOC = Path(__file__).resolve().parents[1] / "docs" / "rulings.md"


@pytest.fixture(scope="module")
def registered():
    for gid in game_ids():
        get_family(gid)  # importing an engine registers its rulings
    return dict(RULINGS)


def doc_keys():
    return re.findall(r"^### +`?([a-z0-9][a-z0-9-]*)`?\s*$", DOC.read_text(encoding="utf-8"), re.M)


def test_every_ruling_in_code_is_documented(registered):
    missing = sorted(set(registered) - set(doc_keys()))
    assert not missing, f"rulings applied in code but absent from docs/rulings.md: {missing}"


def test_every_documented_ruling_exists_in_code(registered):
    stale = sorted(set(doc_keys()) - set(registered))
    assert not stale, f"docs/rulings.md entries no engine applies: {stale}"


def test_documented_keys_are_unique():
    keys = doc_keys()
    assert len(keys) == len(set(keys))


def test_every_ruling_cites_a_registered_section(registered):
    for r in registered.values():
        assert r.ref.summary  # RuleRef refuses unregistered sections at construction
        assert r.question and r.source_says and r.reading
