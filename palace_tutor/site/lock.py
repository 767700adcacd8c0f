"""The site's ``pyodide/`` folder: the Pyodide core, the wheels, and a lock listing exactly them.

Pyodide resolves ``loadPackage("panel")`` (and micropip resolves a bare
``panel``) through ``pyodide-lock.json``. We start from the official 0.27.7
lock (npm), keep the official entries whose file we hold with the official
sha256, add or replace entries for the pure wheels, and keep only the
dependency closure of what the app needs. The lock then lists exactly the
files in the folder, and every dependency it names is in it.
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import shutil
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

CORE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")

# Marker environment of Pyodide 0.27 (Python 3.12 on emscripten), for Requires-Dist markers.
PYODIDE_MARKERS = {
    **default_environment(),
    "sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.12",
    "python_full_version": "3.12.7", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "platform_machine": "wasm32",
    "os_name": "posix", "extra": "",
}


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


@dataclass(frozen=True)
class WheelInfo:
    name: str  # canonical
    version: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]  # canonical names, markers evaluated for Pyodide


def wheel_info(path: Path) -> WheelInfo:
    """Name, version, top-level import names and run-time dependencies of a wheel."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        msg = email.parser.Parser().parsestr(z.read(meta).decode("utf-8"))
        top_level = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top_level:
            tops = {t.strip() for t in z.read(top_level[0]).decode().splitlines() if t.strip()}
        else:
            tops = set()
            for n in names:
                first = n.split("/", 1)[0]
                if first.endswith((".dist-info", ".data")):
                    continue
                if "/" in n:
                    tops.add(first)
                elif n.endswith(".py"):
                    tops.add(n[:-3])
    deps = set()
    for text in msg.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(PYODIDE_MARKERS):
            deps.add(canonicalize_name(req.name))
    return WheelInfo(canonicalize_name(msg["Name"]), msg["Version"], tuple(sorted(tops)), tuple(sorted(deps)))


@dataclass
class SiteLock:
    """The lock being assembled, and where each listed file comes from."""

    lock: dict
    sources: dict[str, Path] = field(default_factory=dict)  # package name -> file to copy

    @property
    def packages(self) -> dict[str, dict]:
        return self.lock["packages"]


def start_lock(core_dir: Path, wasm_dir: Path) -> tuple[SiteLock, list[str]]:
    """The official lock, restricted to the entries whose file ``wasm_dir`` holds with the official sha256.

    Returns the lock and the names of files rejected for a sha256 mismatch.
    """
    lock = json.loads((core_dir / "pyodide-lock.json").read_text())
    site = SiteLock(lock)
    rejected: list[str] = []
    for name, entry in list(lock["packages"].items()):
        f = wasm_dir / entry["file_name"]
        if f.is_file() and sha256_file(f) == entry["sha256"]:
            site.sources[name] = f
        else:
            if f.is_file():
                rejected.append(f.name)
            del lock["packages"][name]
    return site, rejected


def add_wheel(site: SiteLock, path: Path, depends_drop: Iterable[str] = ()) -> WheelInfo:
    """Add (or replace) the entry for a pure wheel."""
    info = wheel_info(path)
    drop = set(depends_drop)
    site.packages[info.name] = {
        "name": info.name, "version": info.version, "file_name": path.name,
        "install_dir": "site", "sha256": sha256_file(path), "package_type": "package",
        "imports": list(info.imports), "depends": [d for d in info.depends if d not in drop],
        "unvendored_tests": False, "shared_library": False,
    }
    site.sources[info.name] = path
    return info


def closure(packages: dict[str, dict], roots: Iterable[str]) -> set[str]:
    """Names reachable from ``roots`` through ``depends``."""
    keep: set[str] = set()
    todo = [canonicalize_name(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        if name not in packages:
            raise KeyError(f"package {name!r} is needed but the site has no file for it")
        keep.add(name)
        todo.extend(packages[name]["depends"])
    return keep


def restrict(site: SiteLock, roots: Iterable[str], drop: Iterable[str] = ()) -> list[str]:
    """Keep the closure of ``roots``, leaving out ``drop`` (and removing it from every ``depends``).

    Returns the names removed. Raises if a kept package depends on something absent.
    """
    drop = {canonicalize_name(d) for d in drop}
    for entry in site.packages.values():
        entry["depends"] = [d for d in entry["depends"] if d not in drop]
    keep = closure(site.packages, roots) - drop
    removed = sorted(k for k in site.packages if k not in keep)
    for k in removed:
        del site.packages[k]
        site.sources.pop(k, None)
    return removed


def write_pyodide_dir(site: SiteLock, core_dir: Path, out: Path, core_files: dict[str, Path] | None = None) -> None:
    """Copy the core files (``core_files`` replaces some) and every listed wheel into ``out``; write the lock."""
    out.mkdir(parents=True, exist_ok=True)
    for f in CORE_FILES:
        shutil.copy2((core_files or {}).get(f, core_dir / f), out / f)
    for name, entry in site.packages.items():
        src = site.sources[name]
        shutil.copy2(src, out / entry["file_name"])
        if sha256_file(out / entry["file_name"]) != entry["sha256"]:
            raise RuntimeError(f"{entry['file_name']}: sha256 differs from its lock entry")
    (out / "pyodide-lock.json").write_text(json.dumps(site.lock, indent=1, sort_keys=True) + "\n")


def check_pyodide_dir(out: Path) -> None:
    """The lock lists exactly the wheels in the folder, with matching sha256, and its depends resolve."""
    lock = json.loads((out / "pyodide-lock.json").read_text())
    listed = {e["file_name"]: e for e in lock["packages"].values()}
    present = {p.name for p in out.iterdir() if p.suffix in (".whl", ".zip", ".tar") and p.name not in CORE_FILES}
    if set(listed) != present:
        raise RuntimeError(f"lock and folder differ: only listed {sorted(set(listed) - present)}, "
                           f"only present {sorted(present - set(listed))}")
    for fname, e in listed.items():
        if sha256_file(out / fname) != e["sha256"]:
            raise RuntimeError(f"{fname}: sha256 differs from the lock")
        for d in e["depends"]:
            if d not in lock["packages"]:
                raise RuntimeError(f"{e['name']} depends on {d}, which the site does not hold")
