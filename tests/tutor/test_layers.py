"""Layers (BRIEF: tutor.model has no panel import; it must run without a page)."""

import subprocess
import sys


def test_importing_the_models_does_not_import_panel_or_bokeh():
    code = ("import importlib, pkgutil, sys, tutor.model as m\n"
            "for info in pkgutil.iter_modules(m.__path__):\n"
            "    importlib.import_module('tutor.model.' + info.name)\n"
            "print(sorted(n for n in sys.modules if n.split('.')[0] in ('panel', 'bokeh')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
