"""Words for the decisions of :mod:`rules.palace.decide`: a lookup of the code it returned."""

from __future__ import annotations

from ..refs import Verdict
from . import legality
from .legality import Placement
from .model import Position


def explain(st: Position, code, details: tuple) -> Verdict:
    """The verdict for a :func:`~rules.palace.decide.decide` result: the code's declared words,
    section and ruling (:mod:`rules.palace.verdicts`, :class:`~rules.palace.legality.Placement`)."""
    if type(code) is Placement:
        return legality.verdict(st.rules, code, *details)
    if code.wraps_placement:
        return legality.verdict(st.rules, details[0], *details[1:], ruling_=code.ruling)
    return Verdict(code.legal, code.words(st, details), st.rules.ref(code.ref_key), code.ruling)
