"""Code that starting the app does not import waits in one archive (``lazy.py``): what moves,
what stays, and the lock that results. The finder's round trip inside real Pyodide is in
``tests/browser/test_lazy_files.py`` (it needs the built site)."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

from palace_tutor.site import lazy, lock


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def _site(tmp_path: Path) -> Path:
    d = tmp_path / "pyodide"
    d.mkdir()
    wheel = _zip(d / "pkg-1.0-py3-none-any.whl", {
        "pkg/__init__.pyc": b"init", "pkg/used.pyc": b"used", "pkg/sub/__init__.pyc": b"sub",
        "pkg/sub/deep.pyc": b"deep", "pkg/sub/_ext.cpython-312-wasm32-emscripten.so": b"\0asm",
        "pkg/data/__init__.pyc": b"d", "pkg/data/providers.json": b"{}", "pkg/templates/page.html": b"<p>",
        "pkg-1.0.dist-info/METADATA": b"Name: pkg\n", "pkg-1.0.dist-info/RECORD": b""})
    idle = _zip(d / "idle-1.0-py3-none-any.whl", {
        "idle/__init__.pyc": b"i", "idle/core.pyc": b"c", "idle/style.css": b"a{}", "solo.pyc": b"s",
        "idle-1.0.dist-info/METADATA": b"Name: idle\n"})
    _zip(d / "python_stdlib.zip", {"json/__init__.pyc": b"j", "json/decoder.pyc": b"jd", "pydoc.pyc": b"p",
                                   "multiprocessing/__init__.pyc": b"m", "multiprocessing/pool.pyc": b"mp",
                                   "__future__.pyc": b"f"})
    packages = {name: {"name": name, "version": "1.0", "file_name": w.name, "install_dir": "site",
                       "sha256": lock.sha256_file(w), "package_type": "package", "imports": [name],
                       "depends": [], "unvendored_tests": False, "shared_library": False}
                for name, w in (("pkg", wheel), ("idle", idle))}
    (d / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": packages}))
    return d


def test_code_of_what_a_start_does_not_import_waits_and_everything_else_stays(tmp_path):
    d = _site(tmp_path)
    split = lazy.split(d, frozenset({"pkg", "pkg.used", "json", "json.decoder"}))
    with zipfile.ZipFile(d / "pkg-1.0-py3-none-any.whl") as z:
        kept = set(z.namelist())
    # the imported package, data files (even in an unimported package) and metadata stay
    assert kept == {"pkg/__init__.pyc", "pkg/used.pyc", "pkg/data/providers.json", "pkg/templates/page.html",
                    "pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/RECORD"}
    with zipfile.ZipFile(d / "idle-1.0-py3-none-any.whl") as z:
        assert set(z.namelist()) == {"idle/style.css", "idle-1.0.dist-info/METADATA"}
    with zipfile.ZipFile(d / "python_stdlib.zip") as z:
        assert set(z.namelist()) == {"json/__init__.pyc", "json/decoder.pyc", "__future__.pyc"}
    archive = tmp_path / split.archive
    assert split.archive.startswith("pyodide/later/") and archive.is_file()
    assert split.sha256 == hashlib.sha256(archive.read_bytes()).hexdigest()
    with zipfile.ZipFile(archive) as z:
        assert set(z.namelist()) == {
            "lib/python3.12/site-packages/pkg/sub/__init__.pyc", "lib/python3.12/site-packages/pkg/sub/deep.pyc",
            "lib/python3.12/site-packages/pkg/sub/_ext.cpython-312-wasm32-emscripten.so",
            "lib/python3.12/site-packages/pkg/data/__init__.pyc",
            "lib/python3.12/site-packages/idle/__init__.pyc", "lib/python3.12/site-packages/idle/core.pyc",
            "lib/python3.12/site-packages/solo.pyc",
            # a whole stdlib package waits: split, only the zip would be on its __path__
            "lib/python3.12/pydoc.pyc", "lib/python3.12/multiprocessing/__init__.pyc",
            "lib/python3.12/multiprocessing/pool.pyc"}
        assert z.read("lib/python3.12/site-packages/pkg/sub/deep.pyc") == b"deep"
    assert set(split.roots) == {"pkg.sub", "pkg.data", "idle", "solo", "pydoc", "multiprocessing"}
    assert split.untouched == ("idle",)
    lock.check_pyodide_dir(d)  # the lock names the rewritten wheels with their new sha256


def test_nothing_to_leave_makes_no_archive(tmp_path):
    d = _site(tmp_path)
    everything = frozenset({"pkg", "pkg.used", "pkg.sub", "pkg.sub.deep", "pkg.sub._ext", "pkg.data", "idle",
                            "idle.core", "solo", "json", "json.decoder", "pydoc", "multiprocessing"})
    assert lazy.split(d, everything) is None
    assert not (d / "later").exists()


def test_the_finder_goes_into_a_template_literal_unchanged():
    source = lazy.finder_source(lazy.Split("pyodide/later/ab.zip", "0" * 64, ("numpy.random",), (), 1))
    assert not any(c in source for c in ("\\", "`", "${"))
    compile(source, "finder", "exec")


def test_for_a_plain_host_what_is_rewritten_stays_deflated(tmp_path):
    d = _site(tmp_path)
    split = lazy.split(d, frozenset({"pkg", "pkg.used", "json", "json.decoder"}), stored=False)
    for path in (d / "pkg-1.0-py3-none-any.whl", d / "python_stdlib.zip", tmp_path / split.archive):
        with zipfile.ZipFile(path) as z:
            assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_DEFLATED}, path.name


def test_a_wheel_named_whole_goes_into_the_first_visit_whole(tmp_path):
    # the app's own wheel (build.py): the first tap on Play must not wait for the archive
    d = _site(tmp_path)
    before = (d / "idle-1.0-py3-none-any.whl").read_bytes()
    split = lazy.split(d, frozenset({"pkg", "pkg.used", "json", "json.decoder"}), whole=frozenset({"idle"}))
    assert (d / "idle-1.0-py3-none-any.whl").read_bytes() == before
    with zipfile.ZipFile(tmp_path / split.archive) as z:
        assert not [n for n in z.namelist() if "/idle/" in n or n.endswith("/solo.pyc")]
    assert not {"idle", "solo"} & set(split.roots)
    lock.check_pyodide_dir(d)
