"""Variety (issue 32): each generator gives at least 50 distinct positions over seeds 0-999, or
every one that exists where there are fewer."""

import pytest
from practice_support import MATRICES

from practice import clauses, make_drill

# clauses whose drills have fewer than 50 positions in all: the count is the document's
# (the square has 25 cells, a diagonal 5, there are 13 hands) or the table sizes asked about
ALL_THAT_EXIST = {"KP-9": 25, "KP-10": 25, "KP-11": 5, "KP-12": 5, "KP-14": 13, "KP-2": 9, "KP-16": 5, "PP-1": 12}


@pytest.mark.slow
@pytest.mark.parametrize("stem", MATRICES)
def test_each_generator_gives_fifty_distinct_positions(stem):
    short = []
    for c in clauses():
        if c.matrix != stem or not c.drillable:
            continue
        want = ALL_THAT_EXIST.get(c.id, 50)
        seen = set()
        for seed in range(1000):
            d = make_drill(c.id, seed=seed)
            seen.add((d.position, d.probe))
            if len(seen) >= want:
                break
        if len(seen) < want:
            short.append(f"{c.id}: {len(seen)} of {want}")
    assert not short, short
