"""Layers (BRIEF: tutor.model has no panel import; it must run without a page)."""

import subprocess
import sys


def test_importing_the_models_does_not_import_panel_or_bokeh():
    code = ("import sys, tutor.model, tutor.model.app, tutor.model.share; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('panel', 'bokeh')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
