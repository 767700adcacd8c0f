"""Precompressed copies (``compress.py``) and how ``palace-tutor serve`` answers with them:
by ``Accept-Encoding``, with the file's own type, ``Vary``, validators, under a sub-path."""

from __future__ import annotations

import brotli
import gzip
import http.client
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from palace_tutor.site import compress, wheels
from palace_tutor.site.serve import serve_in_thread

# text that compresses, as JS and WebAssembly do
BODY = b"function palace(pile) { return pile.filter((c) => c.rank >= 7); }\n" * 400


def _get(url: str, path: str, headers: dict | None = None):
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("GET", parts.path + path, headers=headers or {})
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(BODY)
    (tmp_path / "app.js").write_bytes(BODY)
    (tmp_path / "tiny.js").write_bytes(b"x=1")
    (tmp_path / "pyodide" / "snapshot-memory.bin.gz").write_bytes(gzip.compress(BODY))
    return tmp_path


@pytest.fixture
def served(site):
    compress.precompress(site, site.parent / "compressed-cache")
    server, url = serve_in_thread(site)
    yield url
    server.shutdown()
    server.server_close()


def test_precompress_writes_both_copies_only_where_they_save(site, tmp_path):
    done = compress.precompress(site, tmp_path / "cache")
    wasm = site / "pyodide" / "pyodide.asm.wasm"
    assert brotli.decompress((site / "pyodide" / "pyodide.asm.wasm.br").read_bytes()) == BODY
    assert gzip.decompress(wasm.with_name(wasm.name + ".gz").read_bytes()) == BODY
    assert not (site / "tiny.js.br").exists()  # too small to be worth it
    assert not (site / "pyodide" / "snapshot-memory.bin.gz.br").exists()  # already compressed
    assert done.files == 2 and done.raw == 2 * len(BODY) and done.br < done.gz < done.raw


def test_a_second_run_reuses_the_cached_copies(site, tmp_path, monkeypatch):
    compress.precompress(site, tmp_path / "cache")
    monkeypatch.setattr(compress, "_brotli", lambda: pytest.fail("compressed again"))
    monkeypatch.setattr(compress.gzip, "compress", lambda *a, **k: pytest.fail("compressed again"))
    compress.precompress(site, tmp_path / "cache")


@pytest.mark.parametrize("accept, coding", [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"),
                                            ("br;q=0, gzip", "gzip"), ("", None), ("identity", None)])
def test_server_answers_with_the_best_copy_the_browser_accepts(served, accept, coding):
    resp, body = _get(served, "pyodide/pyodide.asm.wasm", {"Accept-Encoding": accept})
    assert resp.status == 200
    assert resp.headers["Content-Type"] == "application/wasm"  # streaming compile needs it, coded or not
    assert resp.headers["Content-Encoding"] == coding
    assert resp.headers["Vary"] == "Accept-Encoding"
    assert int(resp.headers["Content-Length"]) == len(body)
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda b: b}[coding](body)
    assert decoded == BODY


def test_a_gzip_file_of_its_own_is_served_as_it_is(served):
    resp, body = _get(served, "pyodide/snapshot-memory.bin.gz", {"Accept-Encoding": "gzip, br"})
    assert resp.headers["Content-Encoding"] is None and resp.headers["Content-Type"] == "application/gzip"
    assert gzip.decompress(body) == BODY
    resp, _ = _get(served, "pyodide/snapshot-memory.bin", {"Accept-Encoding": "gzip"})
    assert resp.status == 404  # a copy is only ever served for a file that exists


def test_revalidation_answers_304_per_coding(served):
    first, _ = _get(served, "app.js", {"Accept-Encoding": "br"})
    again, body = _get(served, "app.js", {"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status == 304 and body == b"" and again.headers["Vary"] == "Accept-Encoding"
    other, _ = _get(served, "app.js", {"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]})
    assert other.status == 200 and other.headers["Content-Encoding"] == "gzip"


def test_site_served_under_a_sub_path(site):
    server, url = serve_in_thread(site, base="/user/palace-tutor")
    try:
        assert url.endswith(":%d/user/palace-tutor/" % server.server_address[1])
        resp, body = _get(url, "")
        assert resp.status == 200 and b"<title>t</title>" in body
        resp, _ = _get(url.rstrip("/"), "")
        assert resp.status == 301 and resp.headers["Location"] == "/user/palace-tutor/"
        root = url[: url.index("/user/")] + "/"
        assert _get(root, "index.html")[0].status == 404  # nothing outside the base
    finally:
        server.shutdown()
        server.server_close()


def test_accept_encoding_parsing():
    assert compress.accepted("gzip, deflate, br, zstd") >= {"gzip", "br"}
    assert compress.accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    assert compress.accepted("*") >= {"br", "gzip"}
    assert compress.accepted(None) == set()


def test_stored_copy_keeps_every_member_byte_for_byte(tmp_path):
    src = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("demo/__init__.pyc", BODY)
        z.writestr("demo-1.0.dist-info/RECORD", "demo/__init__.pyc,,\n")
    out = wheels.stored_copy(src, tmp_path / "out.whl")
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(out) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in b.infolist())
        assert all(a.read(n) == b.read(n) for n in a.namelist())
    assert len(brotli.compress(out.read_bytes())) < len(src.read_bytes())


def test_a_file_handed_over_ahead_then_changed_gets_copies_of_its_final_bytes(site, tmp_path):
    changed = BODY.replace(b"palace", b"castle")
    compressor = compress.Compressor(tmp_path / "cache", workers=2)
    try:
        compressor.ahead(site, [site / "app.js", site / "pyodide"])
        (site / "app.js").write_bytes(changed)
        done = compress.precompress(site, tmp_path / "cache", compressor=compressor)
    finally:
        compressor.close()
    assert brotli.decompress((site / "app.js.br").read_bytes()) == changed
    assert gzip.decompress((site / "app.js.gz").read_bytes()) == changed
    assert brotli.decompress((site / "pyodide" / "pyodide.asm.wasm.br").read_bytes()) == BODY
    assert done.files == 2 and done.raw == len(BODY) + len(changed)
