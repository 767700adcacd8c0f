"""Panel's unused features imported at first use (``deferred_imports.py``): the rewrite on small
sources, then the installed Panel rewritten in a fresh interpreter (its four ``__init__`` files
served from memory), checked against the stock import: every name is the same object, the app's
start imports none of the features it does not use, and Panel picks the stock pane for a plain
object."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import panel
import pytest

from palace_tutor.site import deferred_imports as D

ROOT = Path(__file__).resolve().parents[2]
PANEL_DIR = Path(panel.__file__).parent


def _exec_package(tmp_path: Path, files: dict[str, str], package: str, sources: dict[str, str]):
    """Import a toy package from ``tmp_path`` with some ``__init__`` files rewritten."""
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    for rel, text in sources.items():
        (tmp_path / rel).write_text(text)
    sys.path.insert(0, str(tmp_path))
    try:
        importlib.invalidate_caches()
        return importlib.import_module(package)
    finally:
        sys.path.remove(str(tmp_path))


def test_a_deferred_import_goes_and_its_names_come_at_first_use(tmp_path, monkeypatch):
    init = ('"""Doc."""\nfrom __future__ import annotations\n'
            "from .light import Light\nfrom .heavy import Heavy, other as renamed\nfrom . import sub\n"
            "from .light import (Light2,\n    Heavy2)\n")
    files = {"toypkg/light.py": "class Light: pass\nclass Light2: pass\nfrom .heavy import Heavy as Heavy2\n",
             "toypkg/heavy.py": "class Heavy: pass\nother = 5\n",
             "toypkg/sub.py": "import toypkg\nVALUE = toypkg.Light\n"}
    monkeypatch.setattr(D, "all_deferred_modules", lambda: ("toypkg.heavy", "toypkg.sub"))
    # Heavy2: a name that the package toypkg.light itself defers (as a parent sees it)
    new, later = D.rewrite(init, "toypkg", {"toypkg.light": {"Heavy2"}})
    assert later == {"Heavy": ("toypkg.heavy", "Heavy"), "renamed": ("toypkg.heavy", "other"),
                     "sub": ("toypkg.sub", None), "Heavy2": ("toypkg.light", "Heavy2")}
    tree = ast.parse(new)
    assert ast.get_docstring(tree) == "Doc."  # the docstring stays first
    assert "from .heavy" not in new and "from . import sub" not in new
    assert "from .light import Light2  # noqa" in new  # only the deferred names leave a line
    mod = _exec_package(tmp_path, files, "toypkg", {"toypkg/__init__.py": new})
    try:
        assert "toypkg.heavy" in sys.modules  # light imports heavy itself: deferring is per name, not a block
        assert "toypkg.sub" not in sys.modules and "Heavy" not in vars(mod)
        assert mod.renamed == 5 and mod.Heavy.__name__ == "Heavy" and mod.Heavy2 is mod.Heavy
        assert "Heavy" in vars(mod)  # kept once looked up
        assert mod.sub.VALUE is mod.Light and "sub" in dir(mod)
        with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
            mod.nothing  # noqa: B018
    finally:
        for name in [m for m in sys.modules if m == "toypkg" or m.startswith("toypkg.")]:
            del sys.modules[name]


# In a fresh interpreter: Panel imported with the rewritten __init__ files (argv[1]: JSON of
# module -> source) or the stock way, then what the checks need, as JSON.
_PROBE = r"""
import importlib, importlib.abc, importlib.util, json, sys
sources = json.loads(sys.argv[1])
what = sys.argv[2]

class Rewritten(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        if name not in sources:
            return None
        origin, _ = sources[name]
        spec = importlib.util.spec_from_loader(name, self, origin=origin, is_package=True)
        spec.submodule_search_locations = [origin.rsplit("/", 1)[0]]
        return spec
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        origin, text = sources[module.__name__]
        exec(compile(text, origin, "exec"), module.__dict__)

if sources:
    sys.meta_path.insert(0, Rewritten())
import panel as pn
out = {}
def where(obj):
    if isinstance(obj, type(sys)):
        return obj.__name__
    if hasattr(obj, "__qualname__"):
        return obj.__module__ + "." + obj.__qualname__
    return "an instance of " + where(type(obj))
if what == "names":
    out = {pkg: {name: where(getattr(importlib.import_module(pkg), name)) for name in names}
           for pkg, names in json.loads(sys.argv[3]).items()}
elif what == "start":
    sys.path.insert(0, sys.argv[3])
    from bokeh.document import Document
    from bokeh.plotting import figure
    from tutor.views.app import build
    pn.extension(design=None)
    build().__panel__().get_root(Document())
    out["imported_at_start"] = sorted(m for m in sys.modules if m.startswith("panel."))
    objects = {"text": "some *text* and $x^2$", "dict": {"data": [], "layout": {}}, "figure": figure(),
               "html": "<b>bold</b>", "number": 3.5, "path": "picture.png"}
    out["picked"] = {key: pn.pane.PaneBase.get_pane_type(obj).__name__ for key, obj in objects.items()}
    out["imported_after"] = sorted(m for m in sys.modules if m.startswith("panel."))
print(json.dumps(out))
"""


def _rewritten_sources() -> dict[str, list[str]]:
    new = D.rewrite_all(lambda member: (PANEL_DIR.parent / member).read_text(encoding="utf-8"))
    return {member[: -len("/__init__.py")].replace("/", "."): [str(PANEL_DIR.parent / member), text]
            for member, text in new.items()}


def _probe(sources: dict, what: str, arg: str = "") -> dict:
    run = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(sources), what, arg],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def rewritten():
    assert panel.__version__ == D.DEFERRED_FOR  # the release whose files were read is the one installed
    return _rewritten_sources()


def _deferred_names(sources: dict) -> dict[str, list[str]]:
    names = {}
    for package, (_, text) in sources.items():
        tree = ast.parse(text)
        table = next(n.value for n in tree.body if isinstance(n, ast.Assign)
                     and getattr(n.targets[0], "id", "") == "_pt_deferred")
        names[package] = sorted(ast.literal_eval(table))
    return names


def test_every_deferred_name_is_the_object_the_stock_import_gives(rewritten):
    names = _deferred_names(rewritten)
    assert sum(map(len, names.values())) > 60  # panes, widgets, layouts and the top level's names
    stock = _probe({}, "names", json.dumps(names))
    deferred = _probe(rewritten, "names", json.dumps(names))
    assert deferred == stock


def test_the_apps_start_imports_none_of_the_deferred_features_and_panes_are_picked_as_stock(rewritten):
    stock = _probe({}, "start", str(ROOT))
    slim = _probe(rewritten, "start", str(ROOT))
    not_at_start = set(D.all_deferred_modules()) - set(slim["imported_at_start"])
    # Panel's own kept modules still import a few (the theme imports Tabulator and Accordion)
    for feature in ("panel.chat", "panel.template", "panel.pane.holoviews", "panel.pane.vega", "panel.pane.plotly",
                    "panel.pane.vtk", "panel.pane.deckgl", "panel.widgets.terminal", "panel.widgets.codeeditor"):
        assert feature in not_at_start
    assert len(slim["imported_at_start"]) < len(stock["imported_at_start"]) - 40
    # the first pane chosen for a plain object: among every pane class, as the stock import
    assert slim["picked"] == stock["picked"]
    assert set(D.all_deferred_modules()) <= set(slim["imported_after"])


def _app_names() -> set[str]:
    """Panel names the app's code uses: pn.X, pn.widgets.X, pn.pane.X, pn.layout.X, from panel... import X."""
    used = set()
    files = [ROOT / "app.py", *(ROOT / "tutor").rglob("*.py"), *(ROOT / "players").rglob("*.py")]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                chain, inner = [node.attr], node.value
                while isinstance(inner, ast.Attribute):
                    chain.append(inner.attr)
                    inner = inner.value
                if isinstance(inner, ast.Name) and inner.id == "pn":
                    used.add(chain[0])
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("panel"):
                used.update(alias.name for alias in node.names)
                used.add(node.module)
    return used


def test_the_app_uses_nothing_that_is_deferred(rewritten):
    """A deferred feature would still work in the app, a moment later at its first use, after the
    archive of code left for later is fetched (lazy.py): name it here and take it out of DEFERRED."""
    deferred = {name for names in _deferred_names(rewritten).values() for name in names}
    used = _app_names()
    assert {"Column", "HTML", "Button", "TextInput"} <= used  # the scan sees the app's names
    assert not (used & deferred)
    assert not (used & set(D.all_deferred_modules()))
