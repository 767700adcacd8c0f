"""Words for the decisions of :mod:`rules.palace.decide`: a lookup of the code it returned."""

from __future__ import annotations

from typing import Any

from ..refs import Verdict
from . import legality
from .legality import Placement
from .model import Position
from .verdicts import Code


def explain(st: Position, code: Code | Placement, details: tuple[Any, ...]) -> Verdict:
    """The verdict for a :func:`~rules.palace.decide.decide` result: the code's declared words,
    section and ruling (:mod:`rules.palace.verdicts`, :class:`~rules.palace.legality.Placement`)."""
    if isinstance(code, Placement):
        return legality.verdict(st.rules, code, *details)
    if code.wraps_placement:  # details: the placement answer, then its own (top, rank, count)
        placement, top, rank, count = details
        return legality.verdict(st.rules, placement, top, rank, count, ruling_=code.ruling)
    return Verdict(code.legal, code.words(st, details), st.rules.ref(code.ref_key), code.ruling)
