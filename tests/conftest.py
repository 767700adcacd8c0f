"""Shared test set-up.

* Puts tests/support (helpers shared by several test folders) on sys.path: with
  --import-mode=importlib the test folders are not packages, so shared helpers are imported by name.
* Hypothesis runs without its per-example deadline and without the too-slow health check: CI
  machines are shared and noisy, and a property test must fail on a wrong answer, never on a slow
  moment (speed is measured by the benches, not by tests).
"""

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent / "support"))

settings.register_profile("palace-tutor", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("palace-tutor")
