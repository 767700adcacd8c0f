"""Compile the site's Python to bytecode for the browser's Python (3.12), at build time.

Pyodide otherwise compiles every imported module from source on every visit,
which is most of the time spent importing Panel and Bokeh. The host runs 3.11,
whose bytecode Pyodide cannot use, so the compiling happens inside Pyodide
itself under Node (``compile_pyc.py``). Results are cached by the input's
sha256, so only the first build pays.

Third-party wheels and the standard library become sourceless (``x.pyc`` in
place of ``x.py``), as in Pyodide's own compiled distribution; the project's
wheel keeps its sources beside ``__pycache__`` so its tracebacks stay readable.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from .lock import sha256_file

SITE_PACKAGES = "/lib/python3.12/site-packages/"
STDLIB_ZIP = "/lib/python312.zip/"


def _prune(pyc_dir: Path, keep: int = 6) -> None:
    """The project's wheel changes with every edit: keep only its latest compiled copies."""
    own = sorted(pyc_dir.glob("*-beside"), key=lambda d: d.stat().st_mtime, reverse=True)
    for old in own[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def compile_archives(core_dir: Path, cache: Path, archives: list[tuple[Path, str, str]]) -> dict[Path, Path]:
    """``archives``: (path, mode, prefix). Returns path -> compiled copy (cached)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed to compile the site's Python (apt-get install -y nodejs)")
    out: dict[Path, Path] = {}
    jobs = []
    pyc_dir = cache / "pyc"
    with tempfile.TemporaryDirectory(prefix="palace-tutor-pyc-", dir=cache) as tmp:
        work = Path(tmp)
        for i, (src, mode, prefix) in enumerate(archives):
            target = pyc_dir / f"{sha256_file(src)[:20]}-{mode}" / src.name
            out[src] = target
            if target.is_file():
                continue
            shutil.copy2(src, work / f"in{i}-{src.name}")
            jobs.append({"src": f"/work/in{i}-{src.name}", "dst": f"/work/out{i}-{src.name}",
                         "mode": mode, "prefix": prefix, "target": str(target)})
        if not jobs:
            return out
        _prune(pyc_dir)
        (work / "jobs.json").write_text(json.dumps(jobs))
        print(f"  compiling {len(jobs)} archives to Python 3.12 bytecode inside Pyodide", flush=True)
        proc = subprocess.run([node, str(Path(__file__).parent / "run_pyodide.mjs"), str(core_dir),
                               str(Path(__file__).parent / "compile_pyc.py"), str(work)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode:
            raise RuntimeError(f"compiling in Pyodide failed:\n{proc.stderr[-4000:]}")
        for job in jobs:
            target = Path(job["target"])
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(work / Path(job["dst"]).name, target)
    return out
