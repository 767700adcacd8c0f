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
(``.cache/compressed``): a rebuild compresses only what changed.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preferred first
# what compresses (.bin: the start-up snapshot's memory); images, fonts in woff2 and .gz files do not
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".whl", ".zip", ".txt",
                          ".ttf", ".otf", ".eot", ".woff", ".webmanifest", ".map", ".xml", ".img", ".bin"})
MIN_SIZE = 1024
MIN_SAVING = 0.10


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


def _compressed(data: bytes, encoding: str, cache: Path, on_demand: bool) -> bytes | None:
    key = hashlib.sha256(data).hexdigest()[:32]
    q = _br_quality(len(data), on_demand) if encoding == "br" else {}
    tag = f"{encoding}-{q.get('quality', 9)}-{q.get('lgwin', 0)}"
    hit = cache / f"{key}.{tag}"
    if hit.is_file():
        return hit.read_bytes()
    if encoding == "br":
        brotli = _brotli()
        if brotli is None:
            return None
        out = brotli.compress(data, **q)
    else:
        out = gzip.compress(data, compresslevel=9, mtime=0)  # mtime 0: same input, same bytes
    cache.mkdir(parents=True, exist_ok=True)
    tmp = hit.with_suffix(".tmp")
    tmp.write_bytes(out)
    tmp.replace(hit)
    return out


def is_compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE and not path.name.endswith(".gz")


def precompress(site: Path, cache: Path, on_demand: tuple[str, ...] = ("panel-dist/bundled/",)) -> Compressed:
    """Write ``.br``/``.gz`` copies beside every compressible file of ``site`` worth it.

    Files under ``on_demand`` prefixes (loaded only by widgets that need them) get a
    faster brotli level."""
    files = raw = br_total = gz_total = 0
    for f in sorted(site.rglob("*")):
        if not f.is_file() or not is_compressible(f) or f.stat().st_size < MIN_SIZE:
            continue
        rel = f.relative_to(site).as_posix()
        lazy = rel.startswith(on_demand)
        data = f.read_bytes()
        kept = {}
        for encoding, suffix in ENCODINGS:
            out = _compressed(data, encoding, cache, lazy)
            if out is not None and len(out) <= (1 - MIN_SAVING) * len(data):
                f.with_name(f.name + suffix).write_bytes(out)
                kept[encoding] = len(out)
        if kept:
            files += 1
            raw += len(data)
            gz_total += kept.get("gzip", len(data))
            br_total += kept.get("br", kept.get("gzip", len(data)))
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

