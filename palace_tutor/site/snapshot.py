"""The worker's start-up snapshot: repeat visits skip Pyodide's start, the package
installs, the imports and building the page (issue 8, warm load).

At build time, Pyodide under Node installs the site's packages, runs the app's
code from the worker script up to the rendered document, and takes a memory
snapshot (``make_snapshot.mjs``; the restore side is ``snapshot.js``, shared by
both). The site serves it next to the wheels:

    pyodide/snapshot.json                 what the restore needs; the build id
    pyodide/snapshot-memory.bin           the WebAssembly memory, XORed with the data segment
                                          of pyodide.asm.wasm (snapshot.js xorBasis)
    pyodide/snapshot-libs.img             the shared libraries Python opened (numpy's)
    pyodide/snapshot-site-packages.img    the rest of site-packages as one image, less what
                                          a restored visit never reads (make_snapshot.mjs)

each with a gzipped copy (``.gz``) that a visit unzips itself where a host sends the
file plain; ``palace-tutor serve`` and the documented hosts send the brotli copy that
precompressing adds (the memory: about 7.7 MB instead of 12.4 gzipped).

A first visit fetches the memory and the libraries and starts from them
(``cold_snapshot``), the image on demand (``snapshot.js`` onDemandFiles); once the app
is interactive, the service worker stores all of them, the memory whole. A later visit's worker
finds them in that cache, named by the build, and restores; anything amiss and it
starts the normal way. Results are cached by the sha256 of every input, so a rebuild
of the same app and packages costs nothing.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from .site_image import BUILD_ONLY

HERE = Path(__file__).parent
META = "snapshot.json"
# what make_snapshot.mjs writes; the site serves each as snapshot-<part> (snapshot.js FILES)
# with a gzipped copy beside it
PARTS = ("memory.bin", "libs.img", "site-packages.img")
SERVED = tuple(f"snapshot-{part}" for part in PARTS)
GZIPPED = tuple(f"{name}.gz" for name in SERVED)


def _inputs_hash(pyodide_dir: Path, worker_js: str, packages: list[str]) -> str:
    h = hashlib.sha256()
    for f in sorted(p for p in pyodide_dir.iterdir() if p.is_file() and p.name not in (META, *SERVED, *GZIPPED)):
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    for f in ("snapshot.js", "make_snapshot.mjs", "snapshot.py"):  # all three shape what is cached
        h.update((HERE / f).read_bytes() + b"\0")
    h.update(worker_js.encode() + b"\0" + json.dumps(packages).encode() + b"\0" + BUILD_ONLY.pattern.encode())
    return h.hexdigest()[:20]


def make_snapshot(pyodide_dir: Path, worker_js: str, packages: list[str], cache: Path) -> Path:
    """The snapshot of the app in ``worker_js`` on the site's ``pyodide_dir`` (cached); returns its folder."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed to make the start-up snapshot (apt-get install -y nodejs)")
    target = cache / "snapshot" / _inputs_hash(pyodide_dir, worker_js, packages)
    if (target / META).is_file():
        return target
    print("  making the start-up snapshot (Pyodide under Node runs the app)", flush=True)
    (cache / "snapshot").mkdir(parents=True, exist_ok=True)
    for old in sorted((cache / "snapshot").iterdir(), key=lambda d: d.stat().st_mtime)[:-3]:
        shutil.rmtree(old, ignore_errors=True)  # the app changes with every edit: keep the last few
    with tempfile.TemporaryDirectory(prefix="palace-tutor-snapshot-", dir=cache) as tmp:
        work = Path(tmp)
        (work / "worker.js").write_text(worker_js, encoding="utf-8")
        (work / "packages.json").write_text(json.dumps(packages))
        proc = subprocess.run([node, str(HERE / "make_snapshot.mjs"), str(pyodide_dir), str(work / "worker.js"),
                               str(work / "packages.json"), str(work / "out"), BUILD_ONLY.pattern],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(proc.stdout.rstrip(), flush=True)
        if proc.returncode:
            raise RuntimeError(f"making the snapshot failed:\n{proc.stdout[-4000:]}")
        done = work / "done"
        done.mkdir()
        for part, served, gz in zip(PARTS, SERVED, GZIPPED):
            raw = (work / "out" / part).read_bytes()
            (done / served).write_bytes(raw)
            # mtime=0: the same snapshot gives the same file
            (done / gz).write_bytes(gzip.compress(raw, compresslevel=6, mtime=0))
        shutil.copy2(work / "out" / "meta.json", done / META)  # its checksums record each part's length
        try:
            done.rename(target)
        except OSError:  # another build made the same snapshot meanwhile (the cache is shared): keep that one
            if not (target / META).is_file():
                raise
    return target


def install_snapshot(made: Path, pyodide_out: Path, build: str) -> list[str]:
    """Copy a made snapshot into the site's ``pyodide/`` for build ``build``; returns the files (site-relative)."""
    for name in (*SERVED, *GZIPPED):
        shutil.copy2(made / name, pyodide_out / name)
    meta = json.loads((made / META).read_text())
    meta["build"] = build  # the worker uses a snapshot only of its own build
    (pyodide_out / META).write_text(json.dumps(meta))
    return [f"pyodide/{n}" for n in (*SERVED, META)]


def boot_js() -> str:
    """The restore code the build puts into the worker script."""
    return (HERE / "snapshot.js").read_text(encoding="utf-8")
