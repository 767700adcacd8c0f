"""Bokeh's and Panel's start-up steps moved to first use (``first_use_edits.py``): the edit
itself on small texts, then the installed Bokeh and Panel with the edits, in a fresh interpreter
(their edited files served from memory; numpy's edits, for the release Pyodide ships, are checked
in Pyodide: tests/browser/test_lazy_files.py), against the stock import: the app's start compiles no
template and imports neither PyYAML nor xyzservices, and what those served gives the same
output as stock (a page saved by Bokeh and by Panel, a theme and a settings file read from
YAML, a map tile picked by name)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import bokeh
import panel
import pytest

from palace_tutor.site import first_use_edits as F

ROOT = Path(__file__).resolve().parents[2]
SITE_PACKAGES = Path(bokeh.__file__).parent.parent


def test_an_edit_is_made_where_its_text_is_found_once():
    assert F.edit("m.py", "a = 1\nb = 2\n", [("b = 2\n", "b = 3\n")]) == "a = 1\nb = 3\n"


@pytest.mark.parametrize("text, found", [("a = 1\n", 0), ("b = 2\nb = 2\n", 2)])
def test_an_edit_whose_text_is_missing_or_twice_stops_the_build_naming_the_file(text, found):
    with pytest.raises(ValueError, match=rf"m\.py: expected the text to edit once, found it {found} times: 'b = 2"):
        F.edit("m.py", text, [("b = 2\n", "b = 3\n")])


def test_edits_apply_only_to_the_releases_they_were_read_from():
    assert F.project_of(Path("bokeh-3.7.3-py3-none-any.whl")) == "bokeh"
    assert F.project_of(Path("panel-1.7.5-py3-none-any.whl")) == "panel"
    assert F.project_of(Path("bokeh-3.8.0-py3-none-any.whl")) is None
    assert F.project_of(Path("param-2.2.1-py3-none-any.whl")) is None


# In a fresh interpreter: Bokeh and Panel with the edited files (on standard input: JSON of
# module -> [path, source]) or stock, the app started, then what the checks need, as JSON.
_PROBE = r"""
import importlib.abc, importlib.util, io, json, os, re, sys, tempfile
sources = json.loads(sys.stdin.read())

class Edited(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        if name not in sources:
            return None
        return importlib.util.spec_from_loader(name, self, origin=sources[name][0])
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        origin, text = sources[module.__name__]
        module.__file__ = origin
        exec(compile(text, origin, "exec"), module.__dict__)

if sources:
    sys.meta_path.insert(0, Edited())
sys.path.insert(0, sys.argv[1])
import jinja2
import panel as pn
from bokeh.document import Document
from tutor.views.app import build
pn.extension(design=None)
build().__panel__().get_root(Document())
out = {"yaml": "yaml" in sys.modules, "xyzservices": "xyzservices" in sys.modules}
import bokeh.core.templates as bt, panel.io.resources as pr, panel.io.notebook as pnb
# what the start compiled: the templates in Bokeh's and Panel's environments, read before any
# template is looked at here
out["compiled_at_start"] = sorted(name for env in (bt.get_env(), pr._env)
                                 for _loader, name in (env.cache or {}).keys())  # keys: (loader, name)
templates = [getattr(bt, n) for n in bt.__all__ if n.isupper()] + [
    pr.INDEX_TEMPLATE, pr.BASE_TEMPLATE, pr.ERROR_TEMPLATE, pr.LOGOUT_TEMPLATE, pr.BASIC_LOGIN_TEMPLATE,
    pr.JS_RESOURCES, pnb.DOC_NB_JS, pnb.AUTOLOAD_NB_JS, pnb.NB_TEMPLATE_BASE]
out["all_templates"] = all(isinstance(t, jinja2.Template) for t in templates)

def plain(text):  # ids and uuids differ from run to run
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\bp\d{4,}\b", "ID", text)

from bokeh.embed import file_html
from bokeh.plotting import figure
from bokeh.resources import CDN
out["bokeh_page"] = plain(file_html(figure(title="a"), resources=CDN, title="t"))
buffer = io.StringIO()
pn.Column("# Hello", pn.widgets.Button(name="Go")).save(buffer, resources="cdn", title="t")
out["panel_page"] = plain(buffer.getvalue())
from types import SimpleNamespace
bundle = SimpleNamespace(js_urls=["a.js"], js_modules=[], js_module_exports={}, css_urls=[], js_raw=[], css_raw=[])
out["notebook_js"] = plain(pnb._autoload_js(bundle=bundle, configs=[], requirements={}, exports={},
                                            skip_imports={}, ipywidget=False))
folder = tempfile.mkdtemp()
with open(os.path.join(folder, "theme.yaml"), "w") as f:
    f.write("attrs:\n  Plot:\n    background_fill_color: '#123456'\n")
from bokeh.themes import Theme
plot = figure()
Theme(filename=os.path.join(folder, "theme.yaml")).apply_to_model(plot)
out["theme"] = plot.background_fill_color
with open(os.path.join(folder, "bokeh.yaml"), "w") as f:
    f.write("log_level: debug\n")
from bokeh.settings import settings
settings.load_config(os.path.join(folder, "bokeh.yaml"))
out["settings"] = settings.log_level()
out["tile"] = figure().add_tile("osm").tile_source.url
print(json.dumps(out))
"""


def _edited_sources() -> dict[str, list[str]]:
    out = {}
    for project in ("bokeh", "panel"):  # the installed numpy is not the release Pyodide ships
        for member, edits in F.EDITS[project].items():
            path = SITE_PACKAGES / member
            out[member[:-len(".py")].replace("/", ".")] = [str(path), F.edit(member, path.read_text("utf-8"), edits)]
    return out


def _probe(sources: dict) -> dict:
    run = subprocess.run([sys.executable, "-c", _PROBE, str(ROOT)], input=json.dumps(sources),
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def both():
    # the releases whose files were read are the ones installed
    assert (bokeh.__version__, panel.__version__) == (F.EDITED_FOR["bokeh"], F.EDITED_FOR["panel"])
    return _probe({}), _probe(_edited_sources())


def test_the_apps_start_compiles_no_template_and_imports_neither_yaml_nor_xyzservices(both):
    stock, edited = both
    assert stock["yaml"] and stock["xyzservices"]  # the stock start does import both
    assert not edited["yaml"] and not edited["xyzservices"]
    # the stock start compiles Panel's nine module-level templates and the Bokeh ones its modules
    # import by name; the edited start compiles none
    assert len(stock["compiled_at_start"]) >= 9 and "base.html" in stock["compiled_at_start"]
    assert edited["compiled_at_start"] == []


def test_what_the_edited_lines_serve_gives_the_stock_output(both):
    stock, edited = both
    assert edited["all_templates"] and stock["all_templates"]  # still jinja2 templates for isinstance
    for key in ("bokeh_page", "panel_page", "notebook_js", "theme", "settings", "tile"):
        assert edited[key] == stock[key], key
    assert stock["theme"] == "#123456" and stock["settings"] == "debug" and "openstreetmap" in stock["tile"]
    assert "<html" in stock["bokeh_page"].lower() and "Hello" in stock["panel_page"]
