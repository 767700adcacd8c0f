"""Panel for the browser without the features the app never uses: imported at first use instead.

``import panel`` runs ``panel/__init__.py``, which imports every pane, widget and
layout Panel has (HoloViews, Vega, Plotly, VTK, chat, templates, tables, ...):
about 60 modules and their Bokeh models that the app never touches, a fifth of
importing Panel in the browser (Pyodide under Node: 1.8 -> 1.4 s; docs/speed.md).
A first visit pays for that import before the page can be used.

So the build rewrites four of Panel's package ``__init__`` files in the wheel the
site serves (never the installed Panel): each top-level ``from .x import Name``
whose module is in ``DEFERRED`` goes, and the package gets a module ``__getattr__``
(PEP 562) that imports ``x`` the first time ``Name`` is asked for, so
``pn.Tabs`` or ``from panel.widgets import Tabulator`` still work, a moment
later. The ``__getattr__`` goes first in the file: Panel's own circular imports
ask a package for names while it is still starting.

What an import did besides defining names is kept by construction: Panel picks
a pane for a plain object (``pn.panel(obj)``, a string in a Column) among every
pane class defined, so the first time it does, every deferred module is
imported first and the choice is the stock one. The app's own views name their
panes and widgets, so a start never gets there (``tests/site/test_deferred_imports.py``).

Only for the Panel release whose files were read (``DEFERRED_FOR``); any other is
left as it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

DEFERRED_FOR = "1.7.5"

# Panel's modules the app does not use (tutor/, players/ and app.py name neither these modules'
# classes nor anything that needs them; checked by the test), by the package whose __init__
# imports them
DEFERRED: dict[str, tuple[str, ...]] = {
    "panel.layout": ("accordion", "feed", "flex", "float", "grid", "gridstack", "modal", "swipe", "tabs"),
    "panel.widgets": ("codeeditor", "debugger", "file_selector", "player", "speech_to_text", "tables",
                      "terminal", "text_to_speech", "texteditor"),
    "panel.pane": ("alert", "deckgl", "echarts", "equation", "holoviews", "image", "ipywidget", "media",
                   "perspective", "placeholder", "plotly", "streamz", "textual", "vega", "vizzu", "vtk"),
    "panel": ("chat", "interact", "pipeline", "template"),
}
# rewritten in this order: a package's deferred names are known before a parent imports them
ORDER = ("panel.layout", "panel.widgets", "panel.pane", "panel")
# the file where pane choice is hooked (see the docstring)
PANES = "panel.pane"


def init_path(package: str) -> str:
    """The wheel member of ``package``'s ``__init__``."""
    return package.replace(".", "/") + "/__init__.py"


def _absolute(package: str, node: ast.ImportFrom) -> str:
    base = package.split(".")
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


_GETATTR = '''
# Palace Tutor's site build: names imported at first use (palace_tutor/site/deferred_imports.py)
_pt_deferred = %(deferred)r


def __getattr__(name):
    try:
        module, attr = _pt_deferred[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    import importlib
    value = importlib.import_module(module)
    if attr is not None:
        value = getattr(value, attr)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_pt_deferred))

'''

_PANE_HOOK = '''

# Palace Tutor's site build: before Panel first picks a pane for a plain object, every
# deferred module is imported, so that it picks among all of Panel's pane classes
def _pt_pick_among_all():
    import importlib

    from ..viewable import Viewable
    real = PaneBase.__dict__["get_pane_type"]

    def get_pane_type(cls, obj, **kwargs):
        if not isinstance(obj, Viewable):  # a Viewable is its own pane: no choice made
            PaneBase.get_pane_type = real
            for module in %(modules)r:
                importlib.import_module(module)
        return real.__func__(cls, obj, **kwargs)

    PaneBase.get_pane_type = classmethod(get_pane_type)


_pt_pick_among_all()
del _pt_pick_among_all
'''


def all_deferred_modules() -> tuple[str, ...]:
    return tuple(f"{package}.{m}" for package in ORDER for m in DEFERRED[package])


def rewrite(source: str, package: str, deferred_names: dict[str, set[str]]) -> tuple[str, dict]:
    """``package``'s ``__init__`` source with its deferred imports taken out and a module
    ``__getattr__`` put in; also the names deferred (name -> (module, attribute or None)).
    ``deferred_names``: the names already deferred in the packages rewritten before."""
    modules = set(all_deferred_modules())
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    later: dict[str, tuple[str, str | None]] = {}
    edits: list[tuple[int, int, str]] = []  # (first line, last line, replacement)
    for node in tree.body:
        if not (isinstance(node, ast.ImportFrom) and node.level >= 1):
            continue
        source_module = _absolute(package, node)
        keep, moved = [], []
        for alias in node.names:
            bound = alias.asname or alias.name
            if alias.name == "*":
                keep.append(alias)
            elif node.module is None and f"{source_module}.{alias.name}" in modules:
                later[bound] = (f"{source_module}.{alias.name}", None)  # from . import chat
                moved.append(alias)
            elif source_module in modules or alias.name in deferred_names.get(source_module, ()):
                later[bound] = (source_module, alias.name)  # from .chat import ChatFeed
                moved.append(alias)
            else:
                keep.append(alias)
        if not moved:
            continue
        text = ""
        if keep:
            text = ast.unparse(ast.ImportFrom(module=node.module, names=keep, level=node.level)) + "  # noqa\n"
        edits.append((node.lineno, node.end_lineno, text))
    for first, last, text in sorted(edits, reverse=True):
        lines[first - 1:last] = [text]
    # after the docstring and any __future__ import, before anything imports
    at = 0
    for node in tree.body:
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)) or (
                isinstance(node, ast.ImportFrom) and node.module == "__future__"):
            at = node.end_lineno
        else:
            break
    shift = sum(1 for first, _, _ in edits if first <= at)  # none: imports come after the docstring
    if shift:
        raise ValueError(f"{package}: a deferred import before the docstring ends")
    lines[at:at] = [_GETATTR % {"deferred": dict(sorted(later.items()))}]
    out = "".join(lines)
    if package == PANES:
        out += _PANE_HOOK % {"modules": all_deferred_modules()}
    return out, later


def rewrite_all(read) -> dict[str, str]:
    """The rewritten ``__init__`` sources, by wheel member; ``read(member)`` gives a file's text."""
    deferred_names: dict[str, set[str]] = {}
    out = {}
    for package in ORDER:
        member = init_path(package)
        out[member], later = rewrite(read(member), package, deferred_names)
        deferred_names[package] = set(later)
    return out


def panel_transform(src: Path):
    """A ``wheels.rewrite_wheel`` transform writing the four rewritten ``__init__`` files into a
    copy of Panel's wheel ``src``; None if it is not the release ``DEFERRED_FOR`` was read from."""
    import zipfile

    with zipfile.ZipFile(src) as z:
        if not any(n.startswith(f"panel-{DEFERRED_FOR}.dist-info/") for n in z.namelist()):
            return None
        new = rewrite_all(lambda member: z.read(member).decode("utf-8"))

    def transform(name: str, data: bytes) -> bytes:
        return new[name].encode("utf-8") if name in new else data

    return transform
