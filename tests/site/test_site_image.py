"""The first visit's site-packages image (``site_image.py``) and Panel's quick import
(``quick_import.py``), without a browser: what goes into the image, how the worker
script fetches and falls back, and that the quick import leaves Bokeh as a normal
import does (checked against a normal import in a second interpreter)."""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from palace_tutor.site import localize, quick_import, site_image

from .test_site_build import converted  # noqa: F401  (the fixture: panel convert's output)

SNAPSHOT_JS = Path(site_image.__file__).with_name("snapshot.js")


def _lock(tmp_path, packages: dict[str, tuple[dict[str, bytes], list[str]]]):
    entries = {}
    for name, (files, depends) in packages.items():
        wheel = tmp_path / f"{name}-1.0-py3-none-any.whl"
        with zipfile.ZipFile(wheel, "w") as z:
            for path, data in files.items():
                z.writestr(path, data)
        entries[name] = {"file_name": wheel.name, "depends": depends}
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"packages": entries}))
    return tmp_path


def _files_of(image: bytes) -> dict[str, bytes]:
    """The files of an image, read by the format's description (u32 header length, JSON header, bytes)."""
    (length,) = struct.unpack_from("<I", image)
    base = 4 + length
    return {path: image[base + offset: base + offset + size] for path, offset, size in json.loads(image[4:base])}


def test_the_image_holds_every_file_the_app_can_read_of_the_packages_and_their_dependencies_only(tmp_path):
    pyodide_dir = _lock(tmp_path, {
        "app": ({"app/__init__.py": b"import lib\n", "app-1.0.dist-info/METADATA": b"Name: app\n"}, ["lib"]),
        "lib": ({"lib/__init__.py": b"X = 1\n", "lib/data/table.json": b"[1, 2]", "lib/data/cuts.tsv": b"1\t2",
                 # never read while the app runs: left out
                 "lib/__init__.pyi": b"X: int\n", "lib/include/lib.h": b"int x;", "lib/models/card.ts": b"let x",
                 "lib/_speedups.c": b"int y;", "lib-1.0.data/data/share/lib/table.json": b"[1, 2]"}, []),
        "unused": ({"unused.py": b"pass\n"}, []),
    })
    made = site_image.make(pyodide_dir, ["app"])
    image = (pyodide_dir / made.path.removeprefix("pyodide/")).read_bytes()
    assert _files_of(image) == {"app/__init__.py": b"import lib\n", "app-1.0.dist-info/METADATA": b"Name: app\n",
                                "lib/__init__.py": b"X = 1\n", "lib/data/table.json": b"[1, 2]",
                                "lib/data/cuts.tsv": b"1\t2"}
    assert made.sha256 == hashlib.sha256(image).hexdigest() and made.path.endswith(made.sha256[:20] + ".img")
    assert (made.files, made.size) == (5, len(image))


def test_the_snapshot_builder_reads_the_left_out_pattern_as_python_does():
    # make_snapshot.mjs gets site_image.BUILD_ONLY's text and compiles it with JavaScript's RegExp
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    paths = ["numpy/__init__.pyi", "numpy/__init__.py", "panel/models/card.ts", "panel/dist/card.js",
             "numpy/_core/include/numpy/ndarraytypes.h", "x-1.0.data/data/share/a.json", "x/data/a.json",
             "x/y-1.0.data/z.py", "x/readme.c.txt", "x/lib.a", "x/a.tsv", "x/c.cpp", "x/d.pxd"]
    script = ("const re = new RegExp(process.argv[1]); "
              "console.log(JSON.stringify(JSON.parse(process.argv[2]).map((p) => re.test(p))));")
    out = subprocess.run(["node", "-e", script, site_image.BUILD_ONLY.pattern, json.dumps(paths)],
                         capture_output=True, text=True, check=True).stdout
    in_python = [bool(site_image.BUILD_ONLY.search(p)) for p in paths]
    assert json.loads(out) == in_python
    # and the pattern says what its comment says (so that agreeing is not agreeing on nothing)
    assert in_python == [True, False, True, False, True, True, False, False, False, True, False, True, True]


def test_a_new_image_replaces_the_old_one_and_a_file_two_wheels_write_is_refused(tmp_path):
    pyodide_dir = _lock(tmp_path, {"a": ({"a.py": b"1"}, [])})
    first = site_image.make(pyodide_dir, ["a"])
    _lock(tmp_path, {"a": ({"a.py": b"2"}, [])})
    second = site_image.make(pyodide_dir, ["a"])
    assert first.path != second.path
    assert [p.name for p in pyodide_dir.glob("site-packages-*.img")] == [second.path.rsplit("/", 1)[1]]
    _lock(tmp_path, {"a": ({"same.py": b"1"}, ["b"]), "b": ({"same.py": b"2"}, [])})
    with pytest.raises(ValueError, match="same.py is in both"):
        site_image.make(pyodide_dir, ["a"])
    _lock(tmp_path, {"a": ({"a.py": b"1"}, ["c"])})
    with pytest.raises(KeyError, match="'c' is needed"):
        site_image.make(pyodide_dir, ["a"])


@pytest.mark.parametrize("path", ["/etc/passwd", "pkg/../../up.py", "pkg/a..b.py"])
def test_a_file_the_workers_reader_would_refuse_fails_the_build_instead(tmp_path, path):
    pyodide_dir = _lock(tmp_path, {"a": ({path: b"1"}, [])})
    with pytest.raises(ValueError, match="outside its folder"):
        site_image.make(pyodide_dir, ["a"])


# snapshot.js's reader and writer under Node, on an image from pack(): the files a fake
# file system received, or the reader's error
_READ_WITH_SNAPSHOT_JS = r"""
const fs = require("fs"), vm = require("vm");
vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8"));
const image = new Uint8Array(fs.readFileSync(process.argv[2]));
const written = {};
const FS = {mkdirTree() {}, writeFile(path, data) { written[path] = Buffer.from(data).toString("latin1"); }};
try {
  PalaceSnapshot.unpackTree(FS, image);
  console.log(JSON.stringify(written));
} catch (e) {
  console.log(JSON.stringify({error: e.message}));
}
"""


def _read_with_snapshot_js(tmp_path, image: bytes) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (apt-get install -y nodejs)")
    (tmp_path / "image.img").write_bytes(image)
    out = subprocess.run([node, "-e", _READ_WITH_SNAPSHOT_JS, str(SNAPSHOT_JS), str(tmp_path / "image.img")],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_workers_reader_writes_every_file_of_a_packed_image_and_refuses_a_cut_one(tmp_path):
    files = {"pkg/__init__.py": b"x = 1\n", "pkg/data.bin": bytes(range(256)), "top.py": b""}
    image = site_image.pack(list(files.items()))
    written = _read_with_snapshot_js(tmp_path, image)
    assert written == {"/lib/python3.12/site-packages/" + path: data.decode("latin1") for path, data in files.items()}
    assert _read_with_snapshot_js(tmp_path, image[:-1]) == {"error": "damaged site-packages image"}


def _worker(js: str, snapshot: bool) -> str:
    js = localize.boot_helpers(localize.lock_loader(localize.localize_urls(js), ["panel", "palace-tutor"]),
                               "/* snapshot.js */\n"
                               "root.PalaceSnapshot = api;\n")
    if snapshot:
        js = localize.snapshot_boot(js, "cache", "build")
    return localize.site_image(js, "pyodide/site-packages-abc.img", "ab" * 32)


@pytest.mark.parametrize("snapshot", [False, True])
def test_the_worker_fetches_the_image_while_pyodide_starts_and_keeps_the_wheels_as_its_fallback(converted, snapshot):
    _, js = converted
    worker = _worker(js, snapshot)
    fetch = worker.index('PalaceSnapshot.fetchImage("pyodide/site-packages-abc.img", "' + "ab" * 32 + '")')
    assert fetch < worker.index("await loadPyodide()") < worker.index("PalaceSnapshot.installImage(self.pyodide, "
                                                                     "__ptImage, () => self.pyodide.loadPackage(")
    assert 'loadPackage(["palace-tutor", "panel"], {checkIntegrity: true}))' in worker
    if snapshot:  # a start from the snapshot fetches no image and installs nothing
        assert "const __ptImage = __ptStarted ? null : PalaceSnapshot.fetchImage(" in worker
        assert "if (!__ptStarted) await PalaceSnapshot.installImage(" in worker


def test_the_snapshot_start_needs_the_helpers_first(converted):
    _, js = converted
    with pytest.raises(ValueError, match="boot_helpers first"):
        localize.snapshot_boot(localize.lock_loader(localize.localize_urls(js), ["panel"]), "cache", "build")
    with pytest.raises(ValueError, match="package loader"):
        localize.site_image(js, "pyodide/x.img", "0" * 64)  # panel convert's micropip loop: no lock loader


def test_the_quick_import_goes_in_just_before_the_apps_first_import_of_panel(converted):
    _, js = converted
    worker = localize.quick_panel_import(localize.lock_loader(js, ["panel"]), quick_import.source())
    code = worker[worker.index("const code = `"):]
    assert code.index("_pt_import_panel(") < code.index("from panel.io.pyodide import init_doc, write_doc")
    assert "\\n" in code[code.index("def _pt_import_panel"):code.index("del _pt_import_panel")]  # one line, escaped


# run in a fresh interpreter each: what a normal and a quick import of Panel leave in Bokeh
_BOKEH_STATE = """
import json, sys
quick = sys.argv[1] == "quick"
if quick:
    exec(sys.argv[2])
else:
    import panel
import bokeh
from bokeh.model import Model
from bokeh.models import Button, Div
hook = Model.__dict__["__init_subclass__"].__func__
print(json.dumps({
    "bokeh": bokeh.__version__,
    "models": sorted(Model.model_class_reverse_map),
    "hook": hook.__module__ + "." + hook.__qualname__,
    "div": sorted(Div(text="x").properties_with_values(include_defaults=False)),
    "signature": "__signature__" in Button.__init__.__dict__,
}))
"""


def _bokeh_state(how: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _BOKEH_STATE, how, quick_import.source()],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_quick_import_leaves_the_same_models_and_bokehs_own_hook_and_skips_only_the_ide_help():
    normal, quick = _bokeh_state("normal"), _bokeh_state("quick")
    assert normal["bokeh"] == quick_import.QUICK_FOR  # the release whose hook was read is the one installed
    assert quick["models"] == normal["models"] and len(normal["models"]) > 300
    assert quick["hook"] == normal["hook"] == "bokeh.model.model.Model.__init_subclass__"  # put back
    assert quick["div"] == normal["div"] == ["text"]
    assert normal["signature"] is True and quick["signature"] is False  # what was skipped


def test_a_plain_host_gets_the_wheels_since_the_image_served_raw_would_be_four_times_larger():
    from palace_tutor.site.build import SiteOptions

    assert SiteOptions().site_image and not SiteOptions.plain_host().site_image
    assert not SiteOptions.stock().site_image and not SiteOptions.stock().quick_import
    with pytest.raises(ValueError, match="precompressed copies"):
        SiteOptions(precompress=False, stored_zips=False)
    with pytest.raises(ValueError, match="lock loader"):
        SiteOptions(loader="stock", drop=(), lazy=False, snapshot=False, site_image=True)


# in a fresh interpreter: the quick import's source with stand-ins for pyodide_http and requests
_HTTP_PATCHES = """
import json, sys
sys.path.insert(0, sys.argv[1])
exec(sys.argv[2])
import pyodide_http
calls = pyodide_http.CALLS
pyodide_http.patch_all()  # what Panel's worker code does as it imports
pyodide_http.patch_all()  # twice: still one hook
out = {"after_patch_all": list(calls), "requests_imported": "requests" in sys.modules}
if sys.argv[3] == "looked for first":  # a check that requests is there, without importing it
    import importlib.util
    out["found"] = importlib.util.find_spec("requests") is not None
    out["after_look"] = list(calls)
import requests
out["after_import"] = list(calls)
out["patched_after_its_code_ran"] = requests.SEEN_BY_PATCH
import requests  # a second import patches nothing more
out["after_second_import"] = list(calls)
print(json.dumps(out))
"""


@pytest.mark.parametrize("before", ["imported at once", "looked for first"])
def test_pyodide_http_patches_urllib_at_once_and_requests_only_after_its_first_import(tmp_path, before):
    (tmp_path / "pyodide_http").mkdir()
    (tmp_path / "pyodide_http" / "__init__.py").write_text(
        "CALLS = []\n"
        "def patch_urllib(continue_on_import_error=False):\n    CALLS.append('urllib')\n"
        "def patch_requests(continue_on_import_error=False):\n"
        "    import requests\n    requests.SEEN_BY_PATCH = requests.READY\n    CALLS.append('requests')\n"
        "def patch_all():\n    raise AssertionError('the stock patch_all imports requests')\n")
    (tmp_path / "requests").mkdir()
    (tmp_path / "requests" / "__init__.py").write_text("SEEN_BY_PATCH = None\nREADY = True\n")
    run = subprocess.run([sys.executable, "-c", _HTTP_PATCHES, str(tmp_path), quick_import.source(), before],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["after_patch_all"] == ["urllib", "urllib"] and not out["requests_imported"]
    if before == "looked for first":  # found, not run, not patched yet; the import then patches it
        assert out["found"] is True and out["after_look"] == ["urllib", "urllib"]
    assert out["after_import"] == ["urllib", "urllib", "requests"]
    assert out["patched_after_its_code_ran"] is True
    assert out["after_second_import"] == out["after_import"]
