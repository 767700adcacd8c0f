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
    assert len(found) >= 12  # counted in the views: the game table's Board, ItemList, PageBridge, QrBox, ...
    assert [c.__name__ for c in found if not issubclass(c, PlainJSComponent)] == []


# -- the code comes from files (issue 31) ------------------------------------------------------
def _components():
    for info in pkgutil.walk_packages(tutor.views.__path__, "tutor.views."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, PlainJSComponent) and value.__module__ == module.__name__
                    and "_esm" in vars(value)):
                yield value


def test_every_component_s_code_is_a_module_file_beside_its_python():
    from tutor.views.esm import module_text

    for component in _components():
        folder = pathlib.Path(importlib.import_module(component.__module__).__file__).parent
        files = {module_text(f): f.name for f in folder.glob("*.mjs")}
        assert component._esm in files, f"{component.__name__}: its _esm is not one of {sorted(files.values())}"


def test_every_component_s_code_as_the_page_gets_it_is_one_valid_module(tmp_path):
    # our own modules put in place must not clash with the names of the file that imports them
    import shutil
    import subprocess

    node = shutil.which("node")
    assert node, "node is needed (./dev setup)"
    for component in _components():
        path = tmp_path / f"{component.__name__}.mjs"
        path.write_text(component._esm, encoding="utf-8")
        proc = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, f"{component.__name__}: {proc.stderr[-2000:]}"
        assert "\nimport " not in "\n" + component._esm, component.__name__  # self-contained: nothing to fetch


def test_a_module_s_imports_of_our_own_modules_are_put_in_place_once(tmp_path):
    from tutor.views.esm import module_text, script_text

    (tmp_path / "a.mjs").write_text("export function a() { return 1; }\nexport const A = 2;\n")
    (tmp_path / "b.mjs").write_text("import { a } from './a.mjs';\nexport function b() { return a(); }\n")
    (tmp_path / "main.mjs").write_text("import { a, A } from './a.mjs';\nimport { b } from './b.mjs';\n"
                                        "export function render() { return a() + A + b(); }\n")
    text = module_text(tmp_path / "main.mjs")
    assert text.count("function a()") == 1 and "export function a" not in text and "export const" not in text
    assert text.index("function a()") < text.index("function b()") < text.index("export function render()")
    (tmp_path / "page.mjs").write_text("import { b } from './b.mjs';\nb();\n")
    script = script_text(tmp_path / "page.mjs")
    assert script.startswith("(function () {\n") and script.rstrip().endswith("})();") and "export" not in script


def test_a_module_form_that_is_not_put_together_is_refused_with_the_file_and_line(tmp_path):
    import pytest

    from tutor.views.esm import ModuleError, module_text, script_text

    (tmp_path / "a.mjs").write_text("export function a() {}\nexport default a;\n")
    cases = {"bare.mjs": ("import x from './a.mjs';\n", "bare.mjs:1"),
             "remote.mjs": ("import { a } from 'https://cdn.example/a.mjs';\n", "remote.mjs:1"),
             "missing.mjs": ("import { c } from './a.mjs';\n", "does not export it"),
             "gone.mjs": ("import { a } from './nowhere.mjs';\n", "which is not there"),
             "default.mjs": ("import { a } from './a.mjs';\n", "exports declarations only")}
    for name, (text, said) in cases.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(ModuleError, match=re.escape(said)):
            module_text(tmp_path / name)
    (tmp_path / "exports.mjs").write_text("export function run() {}\n")
    with pytest.raises(ModuleError, match="exports nothing"):
        script_text(tmp_path / "exports.mjs")
