"""docs/rulings.md's Palace Poker section is the rulings in code, word for word
(regenerate it with ``python tests/palace_poker/rulings_section.py --write``)."""

from rulings_section import DOC, render, section


def test_rulings_section_matches_the_rulings_in_code():
    doc = section(DOC.read_text(encoding="utf-8"))
    assert doc == render().strip(), "run: python tests/palace_poker/rulings_section.py --write"
