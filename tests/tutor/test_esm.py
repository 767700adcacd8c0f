"""Our custom components' code reaches the page as it is (tutor/views/esm.py).

Panel transforms each component's code as TypeScript in the page unless the
component names a bundle; ours name one each. These tests read the pinned
Panel's own page code for that rule, and check that every component of the
page names a bundle of its own.
"""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import re
import textwrap

import panel
from bokeh.document import Document
from panel.custom import JSComponent

import tutor.views
from tutor.views.components import ItemList, PageBridge
from tutor.views.esm import BUNDLE_PREFIX, PlainJSComponent

PANEL_ESM_TS = pathlib.Path(panel.__file__).parent / "models" / "reactive_esm.ts"


def test_the_pinned_panel_imports_the_code_of_a_component_that_names_a_bundle_as_it_is():
    source = PANEL_ESM_TS.read_text(encoding="utf-8")
    compile_fn = re.search(r"compile\(\): string \| null \{(.*?)\n  \}", source, re.S)
    assert compile_fn is not None, "Panel's ReactiveESMView.compile() moved"
    body = compile_fn.group(1)
    # the named bundle returns the code before the transform is reached
    assert body.index("if (this.bundle != null)") < body.index("return this.esm") < body.index("transform(")
    # and the module cache is keyed by the bundle's name
    assert "(this.bundle || `${this.class_name}-${this.esm.length}`)" in source


def _model(component):
    return component.get_root(Document())


def test_each_component_names_a_bundle_of_its_own_and_keeps_it():
    a, b = _model(ItemList()), _model(ItemList())
    other = _model(PageBridge())
    assert a.bundle.startswith(BUNDLE_PREFIX + "ItemList:")
    assert a.bundle == b.bundle  # one module for one code
    assert other.bundle.startswith(BUNDLE_PREFIX + "PageBridge:") and other.bundle != a.bundle
    assert a.esm.strip() == textwrap.dedent(ItemList._esm).strip()  # the code itself, only dedented by Panel


def test_every_custom_component_of_the_views_is_a_plain_one():
    found = []
    for info in pkgutil.walk_packages(tutor.views.__path__, "tutor.views."):  # the tables' folder too
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, JSComponent) and value.__module__ == module.__name__:
                found.append(value)
    assert len(found) >= 12  # counted in the views: the game table's Board, ItemList, PageBridge, LinkBox, ...
    assert [c.__name__ for c in found if not issubclass(c, PlainJSComponent)] == []
