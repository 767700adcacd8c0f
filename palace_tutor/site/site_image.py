"""A first visit writes site-packages from one image instead of installing each wheel.

``loadPackage`` installs a wheel by unzipping it with Python's ``zipfile`` inside
Pyodide (file by file, in WebAssembly), and it starts only once Pyodide has
started, since it runs in Pyodide; it then compiles every shared library of a
package, used or not (numpy has nine; the app opens three). The image is the same
files laid out once at build time: the worker fetches it while Pyodide starts
(one request; the server's brotli copy is smaller than the wheels' together)
and writes it into the file system with ``PalaceSnapshot.unpackTree``, the
writer the start-up snapshot uses (no unzipping, no copy). Python opens each
shared library at its first import, as any module.

The format is ``snapshot.js``'s image (``packTree``): a little-endian u32 header
length, a JSON header ``[[path below site-packages, offset, size], ...]``, the
files' bytes. The worker checks the image's sha256 (named in the worker script)
and, if it cannot fetch it or it differs, installs the wheels as before, with a
warning. What ``loadPackage`` adds besides the files (an ``INSTALLER`` record in
each ``.dist-info``, ``pyodide.loadedPackages``) nothing in the app reads.

Figures: docs/speed.md.
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from . import lock as lock_mod

PREFIX = "site-packages-"  # pyodide/site-packages-<sha256 head>.img

# Files a wheel installs that Python never reads while the app runs, left out of both
# images (this one and the snapshot's, make_snapshot.mjs): type stubs, C and Cython
# sources, headers and archives, the TypeScript sources of Panel's models (built into
# panel.min.js), and a wheel's ``<name>.data/`` folder (files meant for other places:
# a Jupyter extension, a data copy). Paths are below site-packages; the pattern is also
# read by JavaScript, so it keeps to what both regex dialects mean alike.
BUILD_ONLY = re.compile(r"\.(pyi|ts|h|hpp|c|cpp|pxd|pxi|a)$|^[^/]+\.data/")


@dataclass(frozen=True)
class SiteImage:
    path: str  # site-relative: pyodide/site-packages-....img
    sha256: str
    files: int
    size: int  # bytes, uncompressed


def pack(members: list[tuple[str, bytes]]) -> bytes:
    """The image of ``members`` (path below site-packages, bytes), in their order."""
    header, offset = [], 0
    for path, data in members:
        header.append([path, offset, len(data)])
        offset += len(data)
    head = json.dumps(header, separators=(",", ":")).encode()
    return b"".join([struct.pack("<I", len(head)), head, *(data for _, data in members)])


def _check_path(path: str, wheel: str) -> None:
    """The worker's reader (``readImage``) refuses a path that starts with / or holds "..": so does the build."""
    if path.startswith("/") or ".." in path:
        raise ValueError(f"{wheel} has a file outside its folder: {path}")


def make(pyodide_dir: Path, packages: list[str], extra: Sequence[tuple[str, bytes]] = ()) -> SiteImage:
    """Write the image of what ``loadPackage(packages)`` would install from ``pyodide_dir``'s
    lock, less what the app never reads (``BUILD_ONLY``), and the files ``extra`` (path below
    site-packages, bytes: the build's own, e.g. dataclass_code.FILE)."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    members: list[tuple[str, bytes]] = []
    seen: dict[str, str] = {}

    def add(path: str, data: bytes, source: str) -> None:
        _check_path(path, source)
        if path in seen:  # two sources writing one file: the install order would decide
            raise ValueError(f"{path} is in both {seen[path]} and {source}")
        seen[path] = source
        members.append((path, data))

    for name in sorted(lock_mod.closure(lock["packages"], packages)):
        entry = lock["packages"][name]
        if entry.get("install_dir", "site") != "site":  # loadPackage would put it elsewhere
            raise ValueError(f"{name} installs into {entry['install_dir']!r}, not site-packages")
        wheel = pyodide_dir / entry["file_name"]
        with zipfile.ZipFile(wheel) as z:
            for info in z.infolist():
                if not (info.is_dir() or BUILD_ONLY.search(info.filename)):
                    add(info.filename, z.read(info), wheel.name)
    for path, data in extra:
        add(path, data, "the build")
    image = pack(members)
    sha = hashlib.sha256(image).hexdigest()
    for old in pyodide_dir.glob(PREFIX + "*.img"):
        old.unlink()
    name = f"{PREFIX}{sha[:20]}.img"
    (pyodide_dir / name).write_bytes(image)
    return SiteImage(f"pyodide/{name}", sha, len(members), len(image))
