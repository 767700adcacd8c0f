"""Links and study files made before the engine contract (issue 14) still open.

``data/links_from_main.json`` was written by ``data/make_links_from_main.py``
run on ``main`` at efe03c4, before actions named seats by index: lesson studies
with a branch off the main line and random custom games of every game and
rule set, Palace Poker moves typed with players' names (``Bob: bet Ann``,
``ann: Fold``), Caron flashes at ``@N``, King's Pot cards folded one by one.
Each must open as the same tree: as many positions, each reaching the same
position (a few facts per game recorded then), the cursor where it was.
"""

import json
from functools import lru_cache
from pathlib import Path

import pytest

from tutor.model.catalog import Catalog
from tutor.model.share import decode_link, import_text

RECORDS = json.loads((Path(__file__).parent / "data" / "links_from_main.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return Catalog.load()


def facts(game: str, st) -> list:
    """What the generator recorded for each position (see make_links_from_main.py)."""
    if game == "palace-poker":
        return [st.phase.value, st.mover, st.pot, [p.stack for p in st.players], [len(p.soldiers) for p in st.players]]
    if game == "palace":
        return [st.phase.value, st.mover, len(st.pile), [len(h) for h in st.hands]]
    return [st.phase.value, st.mover, st.pot, st.kings_pot]


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
@pytest.mark.parametrize("how", ["link", "file"])
def test_a_study_shared_by_the_old_main_opens_as_the_same_tree(record, how):
    opened = (decode_link(record["link"], catalog()) if how == "link"
              else import_text(record["file"], catalog()))
    study = opened.study()
    tree = study.tree
    assert len(tree) == record["positions"]
    assert [facts(record["game"], tree[i].state) for i in tree.preorder()] == record["states"]
    assert study.current == record["current"]
