"""docs/rulings.md's Palace section is the Palace rulings in code, word for word
(regenerate it with ``python tests/palace/palace_rulings_section.py --write``)."""

from palace_rulings_section import HEADING, render
from rulings_md import DOC, section, split


def test_palace_rulings_section_matches_the_rulings_in_code():
    doc = section(DOC.read_text(encoding="utf-8"), HEADING)
    assert doc == render().strip(), "run: python tests/palace/palace_rulings_section.py --write"


def test_palace_rulings_section_is_only_the_palace_part():
    before, body, after = split(DOC.read_text(encoding="utf-8"), HEADING)
    assert before.endswith(HEADING) and after.startswith("\n## ")  # the next game's section follows
    assert "### house-ace-rank" in body and "palace-poker" not in body
