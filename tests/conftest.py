"""Shared test set-up.

* Puts tests/support (helpers shared by several test folders) on sys.path: with
  --import-mode=importlib the test folders are not packages, so shared helpers are imported by name.
* Hypothesis runs without its per-example deadline and without the too-slow health check: CI
  machines are shared and noisy, and a property test must fail on a wrong answer, never on a slow
  moment (speed is measured by the benches, not by tests).
* The longest test files run first (durations.json): below.
"""

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent / "support"))

settings.register_profile("palace-tutor", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("palace-tutor")


# -- the longest test files start first ------------------------------------------------------------
# ./dev test runs the browser tests with --dist loadscope --no-loadscope-reorder: each file is one
# unit of work for a worker, handed out in this order. Started last, the monkey's 367 s kept one
# worker busy while the other waited (xdist's own reorder puts files of one test last). The
# seconds are a past run's (tools/test_durations.py writes them); a file not listed counts as
# UNLISTED seconds. Only the order changes, never which tests run.
DURATIONS = Path(__file__).parent / "durations.json"
UNLISTED = 10


def pytest_collection_modifyitems(config, items):
    try:
        seconds = json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        return
    root = Path(str(config.rootpath))

    def module(item) -> str:
        path = Path(str(item.fspath))
        return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()

    # stable: a file's tests keep their order, files of equal weight their collection order
    items.sort(key=lambda item: (-seconds.get(module(item), UNLISTED), module(item)))
