"""Only what starting the app imports goes into a first visit; the rest waits in one archive.

At build time Pyodide under Node starts the app (``probe_imports.mjs``) and
lists the modules it imported. Then:

* the code of a package that was not imported (``numpy.random``, ``panel.chat``,
  all of markdown or narwhals, ...) leaves it; files that are not code (data,
  templates, lessons) always stay, since a module may read them without
  importing the folder they are in;
* in the standard library, a top-level module or package that was not imported
  (``multiprocessing``, ``pydoc``, ...) leaves it;
* the app's own wheel stays whole (``whole``): it is small, and the first tap
  on Play imports the computer players, which would otherwise fetch and unpack
  the whole archive (3 MB over the wire) right then. For the same reason the
  probe then imports every module of the app's own packages (``OWN_MODULES``):
  what they import (another game's engine opens only with its first lesson, and
  it uses ``fractions``) stays too.

What leaves goes into ``pyodide/later/<sha256>.zip`` (paths from ``/``). The
worker's Python gets a finder first in ``sys.meta_path`` that, at the first
import of any of those names, fetches the archive synchronously (allowed in a
worker), checks its sha256, unpacks it in place and lets the normal finders
continue: the import succeeds, a little later. It is in the start-up snapshot
too, so a restored start fetches the rest the same way. The service worker
precaches the archive, so this also works offline.

First visit: 11 MB instead of 14 MB over the wire (figures: docs/speed.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from . import dataclass_code
from . import lock as lock_mod
from .wheels import BROWSER_PACKAGES

HERE = Path(__file__).parent
LATER_DIR = "later"
SITE_PACKAGES = "lib/python3.12/site-packages/"
STDLIB_DIR = "lib/python3.12/"  # on sys.path after the zip: the rest of the standard library goes here
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Split:
    archive: str  # site-relative path of the archive
    sha256: str
    roots: tuple[str, ...]  # module names whose import fetches it (and every name below them)
    untouched: tuple[str, ...]  # wheels none of whose modules a start imports (their code all waits)
    moved: int  # bytes (uncompressed) that left the first visit


@dataclass(frozen=True)
class Probe:
    modules: frozenset[str]  # what the app imports to start
    dataclass_table: bytes  # the dataclass methods it defines, compiled (dataclass_code.py)


# Run by the probe after the start: every module of the app's own packages, so that whatever the
# app's code imports at any time (another game's engine, and the standard library modules it uses)
# stays in the files a first visit loads: opening another game's lesson must not fetch the archive.
OWN_MODULES = """
import importlib, pkgutil
for top in %r:
    for info in pkgutil.walk_packages(importlib.import_module(top).__path__, top + "."):
        importlib.import_module(info.name)
"""


def probe(pyodide_dir: Path, worker_js: str, packages: list[str], cache: Path) -> Probe:
    """Start the app once under Pyodide in Node (cached by every input): what it imports, and
    the dataclass methods it compiles."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed to find what the app imports (apt-get install -y nodejs)")
    h = hashlib.sha256()
    for f in sorted(p for p in pyodide_dir.iterdir() if p.is_file()):
        h.update(f.name.encode() + b"\0" + lock_mod.sha256_file(f).encode())
    h.update((HERE / "probe_imports.mjs").read_bytes() + worker_js.encode() + json.dumps(packages).encode())
    own = OWN_MODULES % (BROWSER_PACKAGES,)
    h.update((dataclass_code.RECORDER + dataclass_code.TABLE + own).encode())
    hit = cache / "probe" / h.hexdigest()[:24]
    modules_file, table_file = hit.with_suffix(".json"), hit.with_suffix(".marshal")
    if modules_file.is_file() and table_file.is_file():
        return Probe(frozenset(json.loads(modules_file.read_text())), table_file.read_bytes())
    print("  finding what the app imports to start (Pyodide under Node)", flush=True)
    with tempfile.TemporaryDirectory(prefix="palace-tutor-probe-") as tmp:
        work = Path(tmp)
        (work / "worker.js").write_text(worker_js, encoding="utf-8")
        (work / "packages.json").write_text(json.dumps(packages))
        (work / "before.py").write_text(dataclass_code.RECORDER)
        (work / "after.py").write_text(dataclass_code.TABLE)
        (work / "also.py").write_text(own)
        proc = subprocess.run([node, str(HERE / "probe_imports.mjs"), str(pyodide_dir), str(work / "worker.js"),
                               str(work / "packages.json"), str(work / "modules.json"), str(work / "before.py"),
                               str(work / "after.py"), str(work / "table.marshal"), str(work / "also.py")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode:
            raise RuntimeError(f"running the app under Node failed:\n{proc.stdout[-4000:]}")
        modules = json.loads((work / "modules.json").read_text())
        table = (work / "table.marshal").read_bytes()
    hit.parent.mkdir(parents=True, exist_ok=True)
    for path, data in ((table_file, table), (modules_file, json.dumps(modules).encode())):
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # a build at the same time reads whole files
        tmp.write_bytes(data)
        tmp.replace(path)
    return Probe(frozenset(modules), table)


def _packages_in(names: list[str]) -> set[str]:
    """Folders of a zip that are Python packages (hold an ``__init__``)."""
    return {n.rsplit("/", 1)[0] for n in names if n.rsplit("/", 1)[-1] in ("__init__.py", "__init__.pyc")}


def _lazy_root(member: str, packages: set[str], imported: frozenset[str], min_depth: int) -> str | None:
    """The shallowest package folder above ``member`` (at least ``min_depth`` deep) that
    nothing imported, as a dotted name; None if the member stays."""
    parts = member.split("/")
    for depth in range(min_depth, len(parts)):
        folder = "/".join(parts[:depth])
        if folder in packages and folder.replace("/", ".") not in imported:
            return folder.replace("/", ".")
    return None


def _top_name(member: str) -> str:
    """The top-level module a zip member belongs to: ``numpy/x.pyc`` -> ``numpy``, ``six.py`` -> ``six``,
    ``_yaml.cpython-312-wasm32-emscripten.so`` -> ``_yaml``."""
    return member.split("/", 1)[0] if "/" in member else member.split(".", 1)[0]


def _is_metadata(member: str) -> bool:
    return member.split("/", 1)[0].endswith((".dist-info", ".data"))


def _rewrite(src: Path, keep: list[str], method: int) -> None:
    """``src`` with only the members ``keep`` (same order), zipped with ``method``."""
    tmp = src.with_suffix(".tmp")
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(tmp, "w", method) as zout:
        for info in zin.infolist():
            if info.filename in keep:
                out = zipfile.ZipInfo(info.filename, info.date_time)
                out.external_attr = info.external_attr
                zout.writestr(out, zin.read(info), method)
    tmp.replace(src)


CODE_SUFFIXES = (".py", ".pyc", ".so")


def _site_member_waits(member: str, packages: set[str], imported: frozenset[str]) -> str | None:
    """The lazy root a wheel member waits under, or None if it goes into the first visit.

    Only code waits (``.py``, ``.pyc``, ``.so``): files of any other kind are data that a
    module may read without importing the folder they are in (xyzservices reads its
    ``data/providers.json`` that way), so they always go into the first visit."""
    if _is_metadata(member) or not member.endswith(CODE_SUFFIXES):
        return None
    if "/" not in member:  # a top-level module: six.py, _yaml.so
        name = _top_name(member)
        return None if name in imported else name
    return _lazy_root(member, packages, imported, 1)


def split(pyodide_dir: Path, imported: frozenset[str], stored: bool = True,
          whole: frozenset[str] = frozenset()) -> Split | None:
    """Move what starting the app does not import from the site's wheels and standard library
    into ``pyodide/later/<sha256>.zip``; rewrites the lock. None if nothing moves. ``stored``:
    zip without compression (for a host that serves the precompressed copies), else deflate.
    ``whole``: the lock names of wheels that go into the first visit whole."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    moved: dict[str, bytes] = {}  # archive path -> bytes
    roots: set[str] = set()
    untouched = []  # wheels none of whose modules a start imports
    for name, entry in sorted(lock["packages"].items()):
        wheel = pyodide_dir / entry["file_name"]
        if not entry["file_name"].endswith(".whl") or name in ("micropip", "packaging") or name in whole:
            continue
        with zipfile.ZipFile(wheel) as z:
            members = [n for n in z.namelist() if not n.endswith("/")]
            packages = _packages_in(members)
            keep = []
            for n in members:
                root = _site_member_waits(n, packages, imported)
                if root is None:
                    keep.append(n)
                else:
                    roots.add(root)
                    moved[SITE_PACKAGES + n] = z.read(n)
        if not {_top_name(n) for n in members if not _is_metadata(n)} & imported:
            untouched.append(name)
        if len(keep) < len(members):
            _rewrite(wheel, keep, method)
            entry["sha256"] = lock_mod.sha256_file(wheel)
    stdlib = pyodide_dir / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as z:
        members = [n for n in z.namelist() if not n.endswith("/")]
        keep = []
        for n in members:
            # a whole top-level module or package waits: a package split between the zip and the
            # folder would have only the zip on its __path__
            top = _top_name(n)
            if top in imported or top.startswith("__"):  # dunder modules (__future__...) are tiny: keep
                keep.append(n)
            else:
                roots.add(top)
                moved[STDLIB_DIR + n] = z.read(n)
    if len(keep) < len(members):
        _rewrite(stdlib, keep, method)
    if not moved:
        return None
    later = pyodide_dir / LATER_DIR
    later.mkdir(exist_ok=True)
    tmp = later / "files.tmp"
    with zipfile.ZipFile(tmp, "w", method) as z:
        for path in sorted(moved):
            z.writestr(zipfile.ZipInfo(path, _ZIP_TIME), moved[path], method)
    sha = lock_mod.sha256_file(tmp)
    archive = later / f"{sha[:20]}.zip"
    tmp.replace(archive)
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    lock_mod.check_pyodide_dir(pyodide_dir)
    return Split(f"pyodide/{LATER_DIR}/{archive.name}", sha, tuple(sorted(roots)), tuple(untouched),
                 sum(len(b) for b in moved.values()))


# The finder, as Python source put at the top of the app's code in the worker (and so into
# the start-up snapshot). Plain ASCII with no backslash, backquote or dollar sign: it goes
# into a JavaScript template literal.
FINDER = '''
import sys as _pt_sys


class _PalaceLater:
    """The files a first visit does not load (palace_tutor/site/lazy.py): at the first import
    of a module among them, fetched and unpacked in place; the normal finders then find it.
    First in sys.meta_path, so that no finder sees a folder whose code has not arrived."""

    def __init__(self, url, sha256, roots):
        self.url, self.sha256, self.roots, self.done = url, sha256, frozenset(roots), False

    def find_spec(self, name, path=None, target=None):
        if self.done:
            return None
        parts = name.split(".")
        if any(".".join(parts[:i]) in self.roots for i in range(1, len(parts) + 1)):
            self.fetch()
        return None

    def fetch(self):
        import hashlib
        import importlib
        import io
        import zipfile
        from js import XMLHttpRequest
        req = XMLHttpRequest.new()
        req.open("GET", self.url, False)  # synchronous: an import cannot wait for a promise
        req.responseType = "arraybuffer"  # allowed for a synchronous request in a worker
        req.send(None)
        if req.status != 200:
            raise ImportError("could not load " + self.url + ": HTTP " + str(req.status))
        data = req.response.to_bytes()
        if hashlib.sha256(data).hexdigest() != self.sha256:
            raise ImportError(self.url + " is damaged (its sha256 differs from the build's)")
        zipfile.ZipFile(io.BytesIO(data)).extractall("/")
        self.done = True
        importlib.invalidate_caches()


_pt_sys.meta_path.insert(0, _PalaceLater(%(url)s, %(sha)s, %(roots)s))
del _pt_sys, _PalaceLater
'''


def finder_source(s: Split) -> str:
    return FINDER % {"url": json.dumps(s.archive), "sha": json.dumps(s.sha256), "roots": json.dumps(list(s.roots))}
