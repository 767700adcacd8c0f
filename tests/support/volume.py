"""How much of a long random run a test run does: CI's share, and the nightly whole.

The random-play volumes the issues promise (issue 9: at least 10,000 games per engine family;
issue 16: 10,000 games under random rule sets; issue 18: the monkey's 2,000 actions) cost more
than half of a CI run's CPU on two cores (issue 36: the whole run under 20 minutes). So each
volume is cut in chunks as before, and a CI run (``./dev test``) plays the first ``ci`` of them;
the rest are marked ``nightly`` and run with ``./dev test --nightly`` (``.ci/nightly``), which
plays the whole promised volume. The chunks are the same games either way: CI's share is the
first chunks of the nightly run, never other seeds, so a failure seen at night replays by its
chunk's id.
"""

from __future__ import annotations

import pytest


def chunks(total: int, ci: int) -> list:
    """``range(total)`` as pytest params: the first ``ci`` run in CI, the others only at night."""
    assert 0 < ci <= total
    return [pytest.param(i, marks=() if i < ci else pytest.mark.nightly) for i in range(total)]
