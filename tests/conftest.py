"""Puts tests/support (helpers shared by several test folders) on sys.path: with
--import-mode=importlib the test folders are not packages, so shared helpers are imported by name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "support"))
