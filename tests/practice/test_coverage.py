"""Coverage (issue 32): every clause of every clause matrix has a drill generator, or the reason
it has none; at least 90% of each matrix has one."""

import pytest
from practice_support import MATRICES, matrix_ids

from practice import clauses


@pytest.mark.parametrize("stem", MATRICES)
def test_every_clause_of_the_matrix_is_declared_once(stem):
    declared = [c.id for c in clauses() if c.matrix == stem]
    assert declared == matrix_ids(stem)


@pytest.mark.parametrize("stem", MATRICES)
def test_at_least_nine_in_ten_clauses_have_a_generator(stem):
    rows = [c for c in clauses() if c.matrix == stem]
    made = [c for c in rows if c.drillable]
    assert len(made) / len(rows) >= 0.9, f"{stem}: {len(made)} of {len(rows)}"


def test_a_clause_without_a_drill_says_why_in_a_sentence():
    for c in clauses():
        if not c.drillable:
            assert len(c.why_not.split()) >= 6, c.id
