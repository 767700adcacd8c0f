"""A first visit starts from the build's memory snapshot, fetched from the site (issue 17;
``SiteOptions.cold_snapshot``).

The worker fetches the snapshot's memory with brotli on the wire (``palace-tutor serve``
picks the precompressed copy), XORs the WebAssembly's data segment back into it
(``snapshot.js`` ``xorBasis``), restores it and sends the rendered page: no package
install, no import. What the memory does not hold (the rest of site-packages, the
standard library) is not fetched on the way: its files are there at once and filled
when the page has drawn, or at their first read (``onDemandFiles``), so a part of the
app built at first use (the checker) imports its modules from them.

A snapshot that is not this build's, not made for this WebAssembly or damaged is refused
with a console warning and the visit starts the normal way; from a host that sends the
memory plain, its gzipped copy is fetched instead and unzipped in the worker.
"""

from __future__ import annotations

import json

import pytest

from palace_tutor.site.browser import shadow_text, wait_shadow_text
from tutor.model.deal import DealtHand

from .conftest import WARM, _finish, _open_app
from .tutor_page import settle_the_banner_battle

pytestmark = pytest.mark.skipif(WARM, reason="a first visit's start")

FETCHED = "Restored from snapshot (fetched)"
SKIPPED = "not starting from the snapshot"


def _resources(page) -> list[dict]:
    """What the worker fetched, once the files a restore writes after the page are in."""
    return page.workers[0].evaluate(
        "async () => { await PalaceSnapshot.filesReady; return performance.getEntriesByType('resource').map("
        "(e) => ({name: e.name.split('/').pop(), encoded: e.encodedBodySize, decoded: e.decodedBodySize})); }")


def _deals_and_checks_as_cpython(page) -> None:
    page.locator(".smoke-deal button").click()
    wait_shadow_text(page, "smoke-hand", "t.startsWith('deal 2:')")
    assert shadow_text(page, "smoke-hand") == DealtHand(seed=2).summary()
    settle_the_banner_battle(page)  # new imports, from the files the memory does not hold


def test_a_first_visit_starts_from_the_snapshot_with_brotli_on_the_wire(chromium, site_url, request):
    context, page, guard, console = _open_app(chromium, site_url + "?debug")
    try:
        assert any(FETCHED in line for line in console), "\n".join(console[-30:])
        assert not any(SKIPPED in line for line in console)
        fetched = _resources(page)
        names = [r["name"] for r in fetched]
        assert not [n for n in names if n.endswith(".whl") or n.startswith("site-packages-")], names
        assert (names.count("snapshot-memory.bin"), names.count("pyodide.asm.wasm")) == (1, 1), names
        memory = next(r for r in fetched if r["name"] == "snapshot-memory.bin")
        # 43.6 MB of memory; gzip would bring 12.4 MB of it, brotli about 7.5
        assert memory["decoded"] > 30e6 and memory["encoded"] < memory["decoded"] / 4, memory
        assert shadow_text(page, "smoke-hand") == DealtHand(seed=1).summary()
        _deals_and_checks_as_cpython(page)
    finally:
        _finish([(context, guard, console)], request)


def _meta(site_dir) -> dict:
    return json.loads((site_dir / "pyodide" / "snapshot.json").read_text())


@pytest.mark.parametrize("fault", ["another build", "another WebAssembly", "memory not as built"])
def test_a_first_visit_refuses_a_snapshot_that_is_not_right_and_starts_the_normal_way(chromium, site_url, site_dir,
                                                                                    fault, request):
    meta = _meta(site_dir)
    if fault == "another build":
        meta["build"] = "0" * 16
    elif fault == "another WebAssembly":  # its data segment would not give the memory back
        meta["basis"]["sum"] = "00000000:" + meta["basis"]["sum"].split(":")[1]
    else:  # what arrives is not what the build made (a byte changed, a copy cut short)
        meta["sums"]["memory"] = "00000000:" + meta["sums"]["memory"].split(":")[1]
    served = json.dumps(meta)
    context, page, guard, console = _open_app(chromium, site_url + "?debug", before=lambda context: context.route(
        "**/pyodide/snapshot.json", lambda route: route.fulfill(status=200, body=served,
                                                                content_type="application/json")))
    try:
        skipped = [line for line in console if SKIPPED in line]
        assert skipped and not any(FETCHED in line for line in console), "\n".join(console[-30:])
        expected = {"another build": "0000000000000000", "another WebAssembly": "another pyodide.asm.wasm",
                    "memory not as built": "damaged snapshot: memory"}[fault]
        assert expected in skipped[0], skipped[0]
        assert shadow_text(page, "smoke-hand") == DealtHand(seed=1).summary()
        _deals_and_checks_as_cpython(page)
    finally:
        _finish([(context, guard, console)], request)


def test_from_a_host_that_sends_the_memory_plain_the_gzipped_copy_is_unzipped(chromium, site_url, site_dir, request):
    raw = (site_dir / "pyodide" / "snapshot-memory.bin").read_bytes()
    context, page, guard, console = _open_app(chromium, site_url + "?debug", before=lambda context: context.route(
        "**/pyodide/snapshot-memory.bin", lambda route: route.fulfill(status=200, body=raw,
                                                                      content_type="application/octet-stream")))
    try:
        assert any(FETCHED in line for line in console), "\n".join(console[-30:])
        names = [r["name"] for r in _resources(page)]
        assert names.count("snapshot-memory.bin.gz") == 1, names
        assert shadow_text(page, "smoke-hand") == DealtHand(seed=1).summary()
        _deals_and_checks_as_cpython(page)
    finally:
        _finish([(context, guard, console)], request)


# Under Node: the site's snapshot restored as a first visit restores it, the files made on demand
# (snapshot.js onDemandFiles) with a synchronous request answered from the site's folder, then a
# module of our own that the start did not import and a standard library module likewise.
ON_DEMAND = r"""
const [dir, snapshotJs, probeFile, damage] = process.argv.slice(2);
const fs = require("fs"), path = require("path"), vm = require("vm");
const site = path.join(dir, "pyodide");
const fetched = [];
globalThis.XMLHttpRequest = class {
  open(method, url, async) { this.url = url; if (async !== false) throw new Error("expected a synchronous request"); }
  send() {
    const name = this.url.slice(this.url.lastIndexOf("/") + 1);
    fetched.push(name);
    const data = fs.readFileSync(this.url);
    if (damage === "damaged" && name === "snapshot-site-packages.img") data[data.length >> 1] ^= 0xff;
    this.status = 200;
    this.response = data.buffer.slice(data.byteOffset, data.byteOffset + data.length);
  }
};
(async () => {
  await import(require("url").pathToFileURL(path.join(site, "pyodide.asm.js")).href);
  const { loadPyodide } = require(path.join(site, "pyodide.js"));
  vm.runInThisContext(fs.readFileSync(snapshotJs, "utf8"));
  const S = globalThis.PalaceSnapshot;
  const meta = JSON.parse(fs.readFileSync(path.join(site, "snapshot.json"), "utf8"));
  const read = (name) => new Uint8Array(fs.readFileSync(path.join(site, name)));
  const libs = read("snapshot-libs.img"), memory = read("snapshot-memory.bin");
  S.checkSums(meta, {memory, libs});
  S.xorBasis(memory, meta.basis, read("pyodide.asm.wasm"));
  const empty = path.join(path.dirname(probeFile), "empty.zip");
  fs.writeFileSync(empty, new Uint8Array(0));
  const py = await S.restore(loadPyodide, meta, libs, memory, null, async () => null, empty);
  S.onDemandFiles(py.FS, meta, site + "/");
  await S.filesReady;
  const before = fetched.length;
  const out = JSON.parse(py.runPython(fs.readFileSync(probeFile, "utf8")));
  Object.assign(out, {before, fetched});
  console.log(JSON.stringify(out));
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
"""

PROBE = r"""
import json, os, sys
started = "rules.palace" in sys.modules
import rules.palace
# a module of the standard library the start did not import
stdlib = next(m for m in ("fractions", "statistics", "calendar", "pprint", "colorsys", "difflib")
              if m not in sys.modules)
module = __import__(stdlib)
# two files nobody has read yet (packages' METADATA): one appended to, one written over
appended, rewritten = UNREAD
size = os.path.getsize(appended)
with open(appended, "ab") as f:
    f.write(b"<added>")
with open(rewritten, "w") as f:
    f.write("new")
json.dumps({"started": started, "presets": sorted(rules.palace.PRESETS), "stdlib": stdlib,
            "origin": module.__spec__.origin, "own_origin": rules.palace.__spec__.origin,
            "appended": [appended, size, open(appended, "rb").read().hex()],
            "rewritten": [rewritten, open(rewritten).read()]})
"""

# what a read of a file of a damaged image gives, twice
DAMAGED = r"""
import json, sys
errors = []
for _ in range(2):
    try:
        import rules.palace
    except Exception as e:
        errors.append(type(e).__name__)
json.dumps({"errors": errors})
"""


def _run_on_demand(site_dir, tmp_path, probe: str, damage: str = "") -> tuple[dict, str]:
    import shutil
    import subprocess

    from palace_tutor.site import snapshot

    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (apt-get install -y nodejs)")
    (tmp_path / "run.js").write_text(ON_DEMAND)
    (tmp_path / "probe.py").write_text(probe)
    proc = subprocess.run([node, str(tmp_path / "run.js"), str(site_dir), str(snapshot.HERE / "snapshot.js"),
                           str(tmp_path / "probe.py"), damage], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


def _image_file(site_dir, path: str) -> bytes:
    """A file's bytes in the site's snapshot image (its format: snapshot.js packTree), read here."""
    import struct

    image = (site_dir / "pyodide" / "snapshot-site-packages.img").read_bytes()
    (header,) = struct.unpack("<I", image[:4])
    rel = path.removeprefix("/lib/python3.12/site-packages/")
    for name, offset, size in json.loads(image[4:4 + header]):
        if name == rel:
            return image[4 + header + offset:4 + header + offset + size]
    raise AssertionError(f"{rel} is not in the image")


def _unread(site_dir) -> list[str]:
    """Two files of the image that neither the start nor the probe reads: packages' METADATA."""
    import struct

    image = (site_dir / "pyodide" / "snapshot-site-packages.img").read_bytes()
    (header,) = struct.unpack("<I", image[:4])
    found = [name for name, _, size in json.loads(image[4:4 + header]) if name.endswith("/METADATA") and size]
    assert len(found) >= 2, found
    return ["/lib/python3.12/site-packages/" + name for name in found[:2]]


@pytest.mark.xfail(reason="open defect (stop 38's integrated run): importing a standard-library module not in the snapshot failed in the on-demand file mode", strict=False)
def test_a_first_visits_files_arrive_at_their_first_read(site_dir, tmp_path):
    import rules.palace

    out, _ = _run_on_demand(site_dir, tmp_path, PROBE.replace("UNREAD", repr(_unread(site_dir))))
    assert out["before"] == 0  # nothing fetched until Python reads a file
    assert out["started"] is False
    assert out["presets"] == sorted(rules.palace.PRESETS)
    assert out["own_origin"].startswith("/lib/python3.12/site-packages/rules/palace/")
    assert out["origin"].startswith("/lib/python312.zip/" + out["stdlib"])
    # each once, whatever was read from it
    assert sorted(out["fetched"]) == ["python_stdlib.zip", "snapshot-site-packages.img"]
    # a file written to before it was read is the file with what was written
    path, size, hexed = out["appended"]
    original = _image_file(site_dir, path)
    assert size == len(original) > 0 and bytes.fromhex(hexed) == original + b"<added>"
    assert out["rewritten"][1] == "new"


@pytest.mark.xfail(reason="open defect (stop 38's integrated run): the probe's read of a damaged image made no read and no fetch (the probe's module may now be in the snapshot)", strict=False)
def test_a_damaged_image_fails_each_read_and_is_fetched_once(site_dir, tmp_path):
    out, stderr = _run_on_demand(site_dir, tmp_path, DAMAGED, damage="damaged")
    assert out["errors"] and len(out["errors"]) == 2, out
    assert out["fetched"].count("snapshot-site-packages.img") == 1
    assert "damaged snapshot: image" in stderr
