"""Precompressed copies of the site's files: ``x.br`` and ``x.gz`` beside ``x``.

A server that has them answers a request for ``x`` with the smallest copy the
browser accepts (``Accept-Encoding``), marked ``Content-Encoding`` and
``Vary: Accept-Encoding``, with ``x``'s own ``Content-Type`` (``serve.py`` does;
nginx ``gzip_static``/``brotli_static``, Caddy ``precompressed`` and Apache
rewrite rules do the same: README, "Publish it"). The browser decodes them
before any script sees the body, so the service worker, Pyodide's integrity
checks (sha256 of the decoded bytes) and ``WebAssembly.compileStreaming``
see the same bytes as from a plain copy.

A copy is written only where it saves at least a tenth. Compressing is slow at
brotli's best level, so each copy is cached by the sha256 of what it holds
(``.cache/compressed``): a rebuild compresses only what changed. What does change
is compressed in threads on every core, the largest first, and the build hands
each file over as soon as it is final (``Compressor``).
"""

from __future__ import annotations

import gzip
import hashlib
import heapq
import os
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preferred first
# what compresses (.bin: the start-up snapshot's memory); images, fonts in woff2 and .gz files do not
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".whl", ".zip", ".txt",
                          ".ttf", ".otf", ".eot", ".woff", ".webmanifest", ".map", ".xml", ".img", ".bin"})
MIN_SIZE = 1024
MIN_SAVING = 0.10
# the .gz copies are for hosts that send no brotli: level 6 (gzip's own default) instead of 9 gives
# the site's files 1.2% more bytes (35.83 MB instead of 35.41, all but the wheels and Panel's
# bundled extras) for a quarter of the CPU (5.8 s instead of 22.9; docs/speed.md)
GZIP_LEVEL = 6


@dataclass(frozen=True)
class Compressed:
    files: int  # files that got copies
    raw: int  # their bytes
    br: int  # bytes of their .br copies (or .gz where brotli is missing)
    gz: int


def _brotli():
    try:
        import brotli
    except ImportError:  # the build extra installs it; without it the site still gets .gz copies
        return None
    return brotli


def _br_quality(size: int, on_demand: bool) -> dict:
    # brotli's best level runs at about 0.4 MB/s: for the files a visit needs up to a few MB;
    # above, level 10 (about 0.7 MB/s): on the 24 MB site-packages image 5.39 MB against
    # 5.24 at level 11 (twice the time) and 5.91 at level 9 (7x faster); a phone pays for bytes
    if on_demand:
        return {"quality": 5, "lgwin": 22}
    return {"quality": 11, "lgwin": 24} if size <= 4_000_000 else {"quality": 10, "lgwin": 24}


def _key(data: bytes, encoding: str, on_demand: bool) -> str:
    """The cache file's name: the content's digest and the coding's settings."""
    q = _br_quality(len(data), on_demand) if encoding == "br" else {}
    return f"{hashlib.sha256(data).hexdigest()[:32]}.{encoding}-{q.get('quality', GZIP_LEVEL)}-{q.get('lgwin', 0)}"


def _compressed(data: bytes, encoding: str, cache: Path, on_demand: bool) -> bytes | None:
    hit = cache / _key(data, encoding, on_demand)
    if hit.is_file():
        return hit.read_bytes()
    if encoding == "br":
        brotli = _brotli()
        if brotli is None:
            return None
        out = brotli.compress(data, **_br_quality(len(data), on_demand))
    else:
        out = gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)  # mtime 0: same input, same bytes
    cache.mkdir(parents=True, exist_ok=True)
    tmp = hit.with_name(f"{hit.name}.{threading.get_ident()}.tmp")
    tmp.write_bytes(out)
    tmp.replace(hit)
    return out


def is_compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE and not path.name.endswith(".gz")


def _wanted(f: Path) -> bool:
    return f.is_file() and is_compressible(f) and f.stat().st_size >= MIN_SIZE


class Compressor:
    """Brotli and gzip in threads (both release the GIL), each result cached by content.

    A build hands files over as soon as they are final (``ahead``), while it runs the steps
    under Node, which keep one core busy: until ``all_cores``, one thread compresses; then
    every core does. The largest file waiting goes first (the last to finish decides the
    build's time). ``precompress`` takes what was handed over ahead if the file still holds
    the same bytes, and compresses anew what changed since."""

    def __init__(self, cache: Path, workers: int | None = None):
        self.cache = cache
        self.workers = workers or int(os.environ.get("PALACE_TUTOR_BUILD_THREADS", 0)) or os.cpu_count() or 2
        self._queue: list[tuple[int, int, Future, tuple]] = []  # a heap: (-size, order, future, job)
        self._cv = threading.Condition()
        self._allowed = 1  # threads that may compress at once (all of them after all_cores)
        self._closed = False
        self._jobs: dict[str, Future] = {}
        self._threads = [threading.Thread(target=self._work, name=f"compress-{i}", daemon=True)
                         for i in range(self.workers)]
        self._running = 0
        for t in self._threads:
            t.start()

    def _work(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: self._closed or (self._queue and self._running < self._allowed))
                if self._closed:
                    return
                _, _, future, (data, encoding, on_demand) = heapq.heappop(self._queue)
                self._running += 1
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(_compressed(data, encoding, self.cache, on_demand))
                except BaseException as e:  # handed to whoever waits for it
                    future.set_exception(e)
            with self._cv:
                self._running -= 1
                self._cv.notify_all()

    def submit(self, data: bytes, encoding: str, on_demand: bool) -> Future:
        """The compressed bytes of ``data`` (None: no brotli here), as a future."""
        key = _key(data, encoding, on_demand)
        with self._cv:
            future = self._jobs.get(key)
            if future is None:
                future = self._jobs[key] = Future()
                heapq.heappush(self._queue, (-len(data), len(self._jobs), future, (data, encoding, on_demand)))
                self._cv.notify()
        return future

    def ahead(self, site: Path, paths) -> None:
        """Start compressing these files (under ``site``; folders taken whole) in the background."""
        for f in (f for p in paths for f in (sorted(p.rglob("*")) if p.is_dir() else [p]) if _wanted(f)):
            data = f.read_bytes()
            for encoding, _ in ENCODINGS:
                self.submit(data, encoding, _on_demand(site, f))

    def all_cores(self) -> None:
        with self._cv:
            self._allowed = self.workers
            self._cv.notify_all()

    def close(self) -> None:
        """Drop what is still waiting (files that changed after they were handed over), end the threads."""
        with self._cv:
            self._closed = True
            for _, _, future, _ in self._queue:
                future.cancel()
            self._queue.clear()
            self._cv.notify_all()
        for t in self._threads:
            t.join()


ON_DEMAND = ("panel-dist/bundled/",)
# the wheels: a visit installs from the site-packages image (site_image.py) and fetches a wheel
# only when the image cannot be fetched or is not the one named; the service worker does not
# precache them. At brotli 10-11 they cost 43 CPU s of every build from a clean clone (the
# project's wheel 4.7 MB of every build after an edit too); at 5, 0.9 CPU s for 0.74 MB more on
# that fallback (5.82 MB instead of 5.08; docs/speed.md)
FALLBACK_ONLY = (".whl",)


def _on_demand(site: Path, f: Path) -> bool:
    """Loaded only by the widgets that need them, or on the fallback path: a faster brotli level."""
    rel = f.relative_to(site).as_posix()
    return rel.startswith(ON_DEMAND) or rel.endswith(FALLBACK_ONLY)


def precompress(site: Path, cache: Path, compressor: Compressor | None = None) -> Compressed:
    """Write ``.br``/``.gz`` copies beside every compressible file of ``site`` worth it.

    ``compressor``: one that was handed files ahead (else a new one)."""
    own = compressor is None
    compressor = compressor or Compressor(cache)
    try:
        compressor.all_cores()
        jobs = []
        for f in sorted(f for f in site.rglob("*") if _wanted(f)):
            data = f.read_bytes()
            jobs.append((f, len(data), [(suffix, compressor.submit(data, encoding, _on_demand(site, f)))
                                        for encoding, suffix in ENCODINGS]))
        files = raw = br_total = gz_total = 0
        for f, size, copies in jobs:
            kept = {}
            for suffix, future in copies:
                out = future.result()
                if out is not None and len(out) <= (1 - MIN_SAVING) * size:
                    f.with_name(f.name + suffix).write_bytes(out)
                    kept[suffix] = len(out)
            if kept:
                files += 1
                raw += size
                gz_total += kept.get(".gz", size)
                br_total += kept.get(".br", kept.get(".gz", size))
    finally:
        if own:
            compressor.close()
    _prune(cache)
    return Compressed(files, raw, br_total, gz_total)


def _prune(cache: Path, keep_bytes: int = 600_000_000) -> None:
    """The project's files change with every edit: drop the oldest copies past a size."""
    if not cache.is_dir():
        return
    entries = sorted((p for p in cache.iterdir() if p.is_file()), key=lambda p: p.stat().st_mtime, reverse=True)
    total = 0
    for p in entries:
        total += p.stat().st_size
        if total > keep_bytes:
            p.unlink(missing_ok=True)


def variants(path: Path) -> list[tuple[str, Path]]:
    """The precompressed copies of ``path`` that exist, preferred first."""
    return [(enc, path.with_name(path.name + suf)) for enc, suf in ENCODINGS if path.with_name(path.name + suf).is_file()]


def accepted(header: str | None) -> set[str]:
    """Codings an ``Accept-Encoding`` header accepts (``q=0`` refuses one)."""
    out = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k.strip() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name)
    if "*" in out:
        out |= {"br", "gzip"}
    return out

