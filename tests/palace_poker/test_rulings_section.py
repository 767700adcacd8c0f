"""docs/rulings.md's Palace Poker section is the rulings in code, word for word
(regenerate it with ``python tests/palace_poker/rulings_section.py --write``)."""

from rulings_md import DOC, section
from rulings_section import HEADING, render


def test_rulings_section_matches_the_rulings_in_code():
    doc = section(DOC.read_text(encoding="utf-8"), HEADING)
    assert doc == render().strip(), "run: python tests/palace_poker/rulings_section.py --write"
