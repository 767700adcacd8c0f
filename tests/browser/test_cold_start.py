"""With ``SiteOptions.cold_snapshot`` (off in the shipped site: 15 MB before the first visit is
interactive instead of 9), a first visit starts from the build's memory snapshot, fetched from
the site (issue 17). This module builds and serves that site beside the harness's.

The worker fetches the snapshot's memory with brotli on the wire (``palace-tutor serve``
picks the precompressed copy), XORs the WebAssembly's data segment back into it
(``snapshot.js`` ``xorBasis``), restores it and sends the rendered page: no package
install, no import. What the memory does not hold comes while the page draws, so a
part of the app built at first use (the checker) imports its modules from those files.

A snapshot that is not this build's, not made for this WebAssembly or damaged is refused
with a console warning and the visit starts the normal way; from a host that sends the
memory plain, its gzipped copy is fetched instead and unzipped in the worker.
"""

from __future__ import annotations

import fcntl
import json

import pytest

from palace_tutor.site.browser import shadow_text, wait_shadow_text
from palace_tutor.site.build import SiteOptions, build_site, content_hash, read_build_info
from palace_tutor.site.serve import serve_process
from tutor.model.deal import DealtHand

from .conftest import ROOT, WARM, _finish, _open_app

pytestmark = pytest.mark.skipif(WARM, reason="a first visit's start")

FETCHED = "Restored from snapshot (fetched)"
SKIPPED = "not starting from the snapshot"
# the battle of tests/browser/test_checker.py (palace-poker.txt § Banner Suits): the attacker wins
DAVE, FRANK = "Jd | Js Jh 5d | Jc", "Qs | Qc Qd 8h | 8c"


COLD = SiteOptions(cold_snapshot=True)


@pytest.fixture(scope="module")
def site_dir():
    """The site with cold_snapshot (reused while built from the same sources; the snapshot and the
    compressed copies come from the build caches the harness's site filled)."""
    app, out = ROOT / "app.py", ROOT / ".cache" / "site-test-cold"
    out.parent.mkdir(exist_ok=True)
    with open(ROOT / ".cache" / "site-test.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        info = read_build_info(out)
        if not info or info.get("build") != content_hash(app, False, COLD, ROOT):
            build_site(out=out, app=app, options=COLD)
    return out


@pytest.fixture(scope="module")
def site_url(site_dir):
    server, url = serve_process(site_dir)
    yield url
    server.terminate()
    server.wait(10)


def _resources(page) -> list[dict]:
    """What the worker fetched, once the files a restore writes after the page are in."""
    return page.workers[0].evaluate(
        "async () => { await PalaceSnapshot.filesReady; return performance.getEntriesByType('resource').map("
        "(e) => ({name: e.name.split('/').pop(), encoded: e.encodedBodySize, decoded: e.decodedBodySize})); }")


def _deals_and_checks_as_cpython(page) -> None:
    page.locator(".smoke-deal button").click()
    wait_shadow_text(page, "smoke-hand", "t.startsWith('deal 2:')")
    assert shadow_text(page, "smoke-hand") == DealtHand(seed=2).summary()
    page.locator(".pt-top .job-settle").click()  # the checker is built when first shown: new imports
    page.locator(".checker-mode").first.wait_for(timeout=30_000)
    for field, hand in (("attacker-banner", DAVE), ("defender-banner", FRANK)):
        page.locator(f".field-{field} input").fill(hand)
        page.locator(f".field-{field} input").press("Enter")
    wait_shadow_text(page, "checker-verdict", "t.includes('The attacker wins')")


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
