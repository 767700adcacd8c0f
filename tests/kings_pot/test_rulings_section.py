"""docs/rulings.md's King's Pot section says what the rulings in code say
(tests/test_rulings_doc.py only matches the keys): each entry carries the
ruling's question, source paraphrase and reading word for word, and the two
pictures in it (the max-buy table and the reveal labels) match the code.
"""

import re

import pytest
from rulings_md import DOC
from rulings_md import section as doc_section

import rules.kings_pot  # noqa: F401 - registers the rulings
from rules.kings_pot.tableau import RevealSchedule, max_buy
from rules.refs import RULINGS

HEADING = "## King's Pot (`kings-pot.txt`)"
KEYS = sorted(k for k in RULINGS if k.startswith("kings-pot-"))


def section():
    return doc_section(DOC.read_text(encoding="utf-8"), HEADING)


def entries():
    parts = re.split(r"^### +`?([a-z0-9-]+)`?\s*$", section(), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


@pytest.mark.parametrize("key", KEYS)
def test_each_kings_pot_entry_says_what_the_ruling_in_code_says(key):
    r = RULINGS[key]
    body = entries()[key]
    assert f"- **Question:** {r.question}\n" in body
    assert f"- **Source ({r.ref}):** it {r.source_says}.\n" in body
    assert f"- **Our reading:** {r.reading[0].upper()}{r.reading[1:]}." in body


def test_the_section_holds_exactly_the_kings_pot_rulings():
    assert sorted(entries()) == KEYS


# the source's list as printed: 5 players missing, 11 players under two rows
SOURCE_LIST = {3: "7", 4: "5", 5: "(missing)", 6: "3", 7: "3", 8: "2", 9: "2", 10: "2",
               11: "2 and 1", **{n: "1" for n in range(12, 23)}}


def test_the_max_buy_table_in_the_doc_matches_the_source_and_the_code():
    rows = re.findall(r"^  \| (\d+) \| ([^|]+) \| (\d+) \|$", entries()["kings-pot-max-buy"], re.M)
    assert [int(n) for n, _, _ in rows] == list(range(3, 23))
    for n, listed, ours in rows:
        assert listed.strip() == SOURCE_LIST[int(n)]
        assert int(ours) == max_buy(int(n))


def test_the_reveal_label_picture_in_the_doc_matches_the_code():
    block = re.search(r"```\n(.*?)```", entries()["kings-pot-reveal-order"], re.S).group(1)
    drawn = [line.split() for line in block.strip().splitlines()]
    labels = RevealSchedule().labels()
    expected = [["S" if labels[5 * r + c] == 0 else str(labels[5 * r + c]) for c in range(5)]
                for r in range(5)]
    assert drawn == expected
