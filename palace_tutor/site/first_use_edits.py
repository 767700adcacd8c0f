"""Bokeh, Panel and numpy for the browser with a few start-up steps moved to their first use.

Importing Panel compiles 23 Jinja templates (Bokeh's page, notebook and
server templates, Panel's login and error pages), imports PyYAML (Bokeh's
settings and themes, to read files a browser never has) and xyzservices
(Bokeh's map tiles); numpy imports ``numpy.linalg`` and its compiled library
(for a matrix's ``**`` and polynomial fits). Together about a tenth of the
app's start in Pyodide, for things the app never uses. The build edits those
lines in the wheels the site serves (never the installed packages) so that:

* a module-level template is a ``LazyTemplate``: a real ``jinja2.Template``
  (so ``isinstance`` checks and ``{% extends %}`` still work) whose source is
  compiled the first time anything of it is read;
* ``yaml``, ``xyzservices`` and ``numpy.linalg`` are imported inside the
  functions that use them.

Each edit is an exact text that must occur once in the file, or the build
stops: a new release of any of the three is read again, not edited blindly.
Only the releases the edits were read from (``EDITED_FOR``) are edited; any
other is left as it is, and Panel's templates then compile at once. Tests:
``tests/site/test_first_use_edits.py``; numpy's in ``tests/browser/test_lazy_files.py``.
"""

from __future__ import annotations

from pathlib import Path

EDITED_FOR = {"bokeh": "3.7.3", "panel": "1.7.5", "numpy": "2.0.2"}

# the class put at the end of Bokeh's templates module; Panel's edits import it from there
_LAZY_TEMPLATE = '''

# Palace Tutor's site build: templates compiled at first use (palace_tutor/site/first_use_edits.py)
class LazyTemplate(Template):
    """A template whose source is compiled the first time any of it is read."""

    def __new__(cls, load: Callable[[], Template]) -> "LazyTemplate":
        self = object.__new__(cls)
        self.__dict__["_pt_load"] = load
        return self

    def __getattr__(self, name: str) -> Any:  # only for what the instance does not have yet
        load = self.__dict__.get("_pt_load")
        if load is None:
            raise AttributeError(name)
        compiled = load()  # a template that fails to load fails again, with its own error, next time
        del self.__dict__["_pt_load"]
        self.__dict__.update(compiled.__dict__)
        return getattr(self, name)
'''

# in place of ``from numpy.linalg import eigvals, lstsq, inv`` (numpy.lib's polynomials)
_LATER_LINALG = """
# Palace Tutor's site build: numpy.linalg imported at first use
def eigvals(*args, **kwargs):
    from numpy.linalg import eigvals
    return eigvals(*args, **kwargs)


def lstsq(*args, **kwargs):
    from numpy.linalg import lstsq
    return lstsq(*args, **kwargs)


def inv(*args, **kwargs):
    from numpy.linalg import inv
    return inv(*args, **kwargs)
"""

# Panel's edits take Bokeh's class; with a Bokeh that was not edited (another release), they
# compile at once, as before
_PANEL_LAZY = """try:
    from bokeh.core.templates import LazyTemplate as _LazyTemplate
except ImportError:  # Bokeh was not edited: compile now
    def _LazyTemplate(load):
        return load()
"""

# wheel member -> [(text, replacement)]; each text must occur exactly once
EDITS: dict[str, dict[str, list[tuple[str, str]]]] = {
    "bokeh": {
        "bokeh/core/templates.py": [
            ("        return _templates[name]()\n",
             "        return LazyTemplate(_templates[name])\n"),
            ("#-----------------------------------------------------------------------------\n"
             "# Code\n"
             "#-----------------------------------------------------------------------------\n",
             "#-----------------------------------------------------------------------------\n"
             "# Code\n"
             "#-----------------------------------------------------------------------------\n"
             + _LAZY_TEMPLATE),
        ],
        "bokeh/settings.py": [
            ("\nimport yaml\n", "\n"),
            ("            with Path(location).absolute().open() as f:\n"
             "                self._config_override = yaml.load(",
             "            with Path(location).absolute().open() as f:\n"
             "                import yaml\n"
             "                self._config_override = yaml.load("),
            ("                with location.open() as f:\n"
             "                    return yaml.load(",
             "                with location.open() as f:\n"
             "                    import yaml\n"
             "                    return yaml.load("),
        ],
        "bokeh/themes/theme.py": [
            ("\nimport yaml\n", "\n"),
            ("            with open(filename, \"rb\") as f:\n"
             "                json = yaml.safe_load(f)",
             "            with open(filename, \"rb\") as f:\n"
             "                import yaml\n"
             "                json = yaml.safe_load(f)"),
        ],
        "bokeh/models/plots.py": [
            ("\nimport xyzservices\n", "\n"),
            ("        if not isinstance(tile_source, TileSource):\n",
             "        import xyzservices\n"
             "        if not isinstance(tile_source, TileSource):\n"),
        ],
    },
    "panel": {
        "panel/io/resources.py": [
            ("INDEX_TEMPLATE = _env.get_template('convert_index.html')\n"
             "BASE_TEMPLATE = _env.get_template('base.html')\n"
             "ERROR_TEMPLATE = _env.get_template('error.html')\n"
             "LOGOUT_TEMPLATE = _env.get_template('logout.html')\n"
             "BASIC_LOGIN_TEMPLATE = _env.get_template('basic_login.html')\n",
             _PANEL_LAZY +
             "INDEX_TEMPLATE = _LazyTemplate(lambda: _env.get_template('convert_index.html'))\n"
             "BASE_TEMPLATE = _LazyTemplate(lambda: _env.get_template('base.html'))\n"
             "ERROR_TEMPLATE = _LazyTemplate(lambda: _env.get_template('error.html'))\n"
             "LOGOUT_TEMPLATE = _LazyTemplate(lambda: _env.get_template('logout.html'))\n"
             "BASIC_LOGIN_TEMPLATE = _LazyTemplate(lambda: _env.get_template('basic_login.html'))\n"),
            ("JS_RESOURCES = _env.get_template('js_resources.html')\n",
             "JS_RESOURCES = _LazyTemplate(lambda: _env.get_template('js_resources.html'))\n"),
        ],
        "panel/io/notebook.py": [
            ('DOC_NB_JS: Template = _env.get_template("doc_nb_js.js")\n'
             'AUTOLOAD_NB_JS: Template = _env.get_template("autoload_panel_js.js")\n'
             "NB_TEMPLATE_BASE: Template = _env.get_template('nb_template.html')\n",
             _PANEL_LAZY +
             'DOC_NB_JS: Template = _LazyTemplate(lambda: _env.get_template("doc_nb_js.js"))\n'
             'AUTOLOAD_NB_JS: Template = _LazyTemplate(lambda: _env.get_template("autoload_panel_js.js"))\n'
             "NB_TEMPLATE_BASE: Template = _LazyTemplate(lambda: _env.get_template('nb_template.html'))\n"),
        ],
    },
    "numpy": {
        # numpy.linalg (and its compiled library) only for a matrix's ``**``; the name stays importable
        "numpy/matrixlib/defmatrix.py": [
            ("# While not in __all__, matrix_power used to be defined here, so we import\n"
             "# it for backward compatibility.\n"
             "from numpy.linalg import matrix_power\n",
             "# While not in __all__, matrix_power used to be defined here, so it stays importable\n"
             "# (Palace Tutor's site build: numpy.linalg imported at first use)\n"
             "def __getattr__(name):\n"
             "    if name == \"matrix_power\":\n"
             "        from numpy.linalg import matrix_power\n"
             "        return matrix_power\n"
             "    raise AttributeError(f\"module {__name__!r} has no attribute {name!r}\")\n"),
            ("    def __pow__(self, other):\n"
             "        return matrix_power(self, other)\n",
             "    def __pow__(self, other):\n"
             "        from numpy.linalg import matrix_power\n"
             "        return matrix_power(self, other)\n"),
        ],
        "numpy/lib/_polynomial_impl.py": [
            ("from numpy.linalg import eigvals, lstsq, inv\n", _LATER_LINALG),
        ],
    },
}


def edit(member: str, text: str, edits: list[tuple[str, str]]) -> str:
    """``text`` (the file ``member``) with ``edits`` made; ValueError if a text is not there exactly once."""
    for old, new in edits:
        count = text.count(old)
        if count != 1:
            raise ValueError(f"{member}: expected the text to edit once, found it {count} times: {old[:80]!r}")
        text = text.replace(old, new)
    return text


def project_of(wheel: Path) -> str | None:
    """The project (``bokeh``, ``panel``, ``numpy``) whose edits apply to ``wheel``, if any."""
    for project, version in EDITED_FOR.items():
        if wheel.name.startswith(f"{project}-{version}-"):
            return project
    return None


def transform_for(project: str):
    """A ``wheels.rewrite_wheel`` transform making ``project``'s edits."""
    edits = EDITS[project]

    def transform(name: str, data: bytes) -> bytes:
        if name not in edits:
            return data
        return edit(name, data.decode("utf-8"), edits[name]).encode("utf-8")

    return transform


def check_all_present(names: list[str], project: str) -> None:
    """Every file ``project``'s edits name is in the wheel (``names``)."""
    missing = sorted(set(EDITS[project]) - set(names))
    if missing:
        raise ValueError(f"{project}'s wheel has none of {missing}")
