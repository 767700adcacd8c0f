"""Wheels for the browser: the project's own, and slimmed copies of big ones.

A wheel is a zip with a ``RECORD`` of every file's hash. Rewriting one keeps
the format valid (new RECORD, fixed timestamps so the same input gives the
same bytes and so the same sha256 in ``pyodide-lock.json``).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Callable

# What goes to the browser: the layers (the computer players too: play runs in the page), never
# the host tooling.
BROWSER_PACKAGES = ("rules", "players", "practice", "lessons", "tutor")
_PROJECT_FILES = ("pyproject.toml", "README.md")
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite_wheel(src: Path, dst: Path, keep: Callable[[str], bool],
                  transform: Callable[[str, bytes], bytes] | None = None) -> list[str]:
    """Copy wheel ``src`` to ``dst`` without the members ``keep`` rejects; returns the dropped names.

    RECORD is regenerated. Files are stored in name order with a fixed
    timestamp, so the output depends only on the kept contents.
    """
    dropped: list[str] = []
    with zipfile.ZipFile(src) as zin:
        names = sorted(zin.namelist())
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        entries: list[tuple[str, bytes]] = []
        for n in names:
            if n == record or n.endswith("/"):
                continue
            if not keep(n):
                dropped.append(n)
                continue
            data = zin.read(n)
            entries.append((n, transform(n, data) if transform else data))
    tmp = dst.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zout:
        lines = []
        for n, data in entries:
            zout.writestr(zipfile.ZipInfo(n, _ZIP_TIME), data, zipfile.ZIP_DEFLATED)
            lines.append(_record_line(n, data))
        lines.append(f"{record},,")
        zout.writestr(zipfile.ZipInfo(record, _ZIP_TIME), "\n".join(lines) + "\n", zipfile.ZIP_DEFLATED)
    tmp.replace(dst)
    return dropped


def _browser_member(name: str) -> bool:
    top = name.split("/", 1)[0]
    if top.endswith(".dist-info"):
        # console scripts name host tooling (palace_tutor.cli), which is not shipped
        return not name.endswith("/entry_points.txt")
    return top in BROWSER_PACKAGES and "/__pycache__/" not in name


def _unpinned_requirements(name: str, data: bytes) -> bytes:
    """In the browser the page's Panel/Bokeh are what the converter chose (pinned in
    pyproject for the host); exact pins in the wheel would only make micropip refuse
    a compatible param that the CDN build's panel already pulled in.

    The extras' requirements (tests, the build) and the long description (the README) are
    left out: nothing in the browser reads them, and with them an edit of the README or of
    a test dependency changed the wheel, and so the start-up snapshot, which a build then
    made again."""
    if not name.endswith(".dist-info/METADATA"):
        return data
    head = data.decode("utf-8").split("\n\n", 1)[0]
    lines = []
    for line in head.split("\n"):
        if line.startswith(("Provides-Extra: ", "Description-Content-Type: ")) or (
                line.startswith("Requires-Dist: ") and "extra ==" in line):
            continue
        if line.startswith("Requires-Dist: ") and ";" not in line:
            line = "Requires-Dist: " + re.split(r"[=<>!~ \[]", line[len("Requires-Dist: "):], maxsplit=1)[0]
        lines.append(line)
    return ("\n".join(lines) + "\n").encode("utf-8")


# The build backend's hook, called as pip calls it (PEP 517), in a Python that sees only the
# standard library (-S) and the backend's own wheels (PYTHONPATH)
_BUILD_HOOK = """
import importlib, sys, tomllib
with open("pyproject.toml", "rb") as f:
    name = tomllib.load(f)["build-system"]["build-backend"]
backend = importlib.import_module(name.partition(":")[0])
print("built:", backend.build_wheel(sys.argv[1]))
"""


def _backend_env(find_links: Path) -> Path:
    """The build backend's wheels (``fetch.build_requirements``) unpacked once, beside them."""
    wheels = sorted(find_links.glob("*.whl"))
    stamp = "\n".join(w.name for w in wheels)
    env = find_links / "unpacked"
    if (env / ".done").is_file() and (env / ".done").read_text() == stamp:
        return env
    tmp = Path(tempfile.mkdtemp(prefix="unpacking-", dir=find_links))
    for w in wheels:
        with zipfile.ZipFile(w) as z:
            z.extractall(tmp)
    (tmp / ".done").write_text(stamp)
    shutil.rmtree(env, ignore_errors=True)
    try:
        tmp.rename(env)
    except OSError:  # another build unpacked it meanwhile
        shutil.rmtree(tmp, ignore_errors=True)
    return env


def build_project_wheel(root: Path, out_dir: Path, find_links: Path) -> Path:
    """Build the project's wheel from ``pyproject.toml``, holding only the browser layers.

    The build runs on a clean copy of those folders (no stale ``build/`` or
    host tooling can leak in), with the build backend from ``find_links``
    (see ``fetch.build_requirements``), unpacked there once: the hook is called
    directly (PEP 517) in an isolated Python, as pip would after making a fresh
    environment and installing the backend into it, which took four times longer.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="palace-tutor-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for f in _PROJECT_FILES:
            shutil.copy2(root / f, src / f)
        for pkg in BROWSER_PACKAGES:
            shutil.copytree(root / pkg, src / pkg,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        dist = Path(tmp) / "dist"
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env["PYTHONPATH"] = str(_backend_env(find_links).resolve())
        proc = subprocess.run([sys.executable, "-S", "-c", _BUILD_HOOK, str(dist)], cwd=src, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode:
            raise RuntimeError(f"building the project wheel failed:\n{proc.stdout[-4000:]}")
        (built,) = dist.glob("*.whl")
        dst = out_dir / built.name
        rewrite_wheel(built, dst, _browser_member, _unpinned_requirements)
    with zipfile.ZipFile(dst) as z:
        tops = {n.split("/", 1)[0] for n in z.namelist() if not n.split("/", 1)[0].endswith(".dist-info")}
    if not tops <= set(BROWSER_PACKAGES) or "rules" not in tops:
        raise RuntimeError(f"the browser wheel must hold only {BROWSER_PACKAGES}, found {sorted(tops)}")
    return dst


def strip_bundled_assets(src: Path, dst: Path) -> list[str]:
    """Copy the panel or bokeh wheel without the JS/CSS the page already loads.

    ``panel/dist`` (about 100 MB unpacked) and ``bokeh/server/static`` are
    what a server would hand to the browser; in the worker nothing reads them,
    because the page gets BokehJS and Panel's JS/CSS from the site itself.
    Panel's few ``.css`` files that Python inlines are under ``panel/theme``
    and ``panel/styles``, kept here.
    """
    def keep(name: str) -> bool:
        return not name.startswith(("panel/dist/", "bokeh/server/static/"))

    return rewrite_wheel(src, dst, keep)


def stored_copy(src: Path, dst: Path) -> Path:
    """``src`` (a wheel or zip) with every member stored uncompressed, same names, order and bytes.

    Deflate inside the zip hides the redundancy between files from the brotli or
    gzip coding of the whole download: stored, Pyodide's wheels and standard
    library come to 11.0 MB over the wire with brotli instead of 15.5 MB
    deflated (and unpack without inflating). Only for a host that serves the
    site's precompressed copies (``compress.py``): served raw, they are 2.7x larger.
    """
    tmp = dst.with_suffix(".tmp")
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            out = zipfile.ZipInfo(info.filename, info.date_time)
            out.external_attr = info.external_attr
            zout.writestr(out, zin.read(info), zipfile.ZIP_STORED)
    tmp.replace(dst)
    return dst
