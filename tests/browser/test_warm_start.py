"""A repeat visit starts from the build's memory snapshot (issue 8, warm load).

The first visit starts from the snapshot fetched from the site (test_cold_start.py); its
service worker then caches the site and the start-up snapshot made at build
time (``palace_tutor/site/snapshot.py``). The second visit restores that
snapshot: the app must be the same app, answer the same way, and import what
it had not imported yet (the checker is built on first open, from files the
restore writes while the page draws). A damaged snapshot, or one of another
build, is skipped with a console warning and the visit starts as a first visit does
(from the site's snapshot, or the normal way when that one is foreign too).

Each test visits twice in one context (service workers allowed), under the
harness's guard: no request leaves the machine, no console error.
"""

from __future__ import annotations

import json

import pytest

from palace_tutor.site import browser as B
from palace_tutor.site.browser import shadow_text, wait_shadow_text
from palace_tutor.site.build import SW_CACHE_PREFIX, read_build_info
from tutor.model.deal import DealtHand

from .conftest import ConsoleLog
from .tutor_page import heading, link_value, settle_the_banner_battle, wait_settled

RESTORED = "Restored from snapshot (cached)"
FETCHED = "Restored from snapshot (fetched)"  # a first visit's start (test_cold_start.py)
SKIPPED = "not starting from the snapshot"


@pytest.fixture
def context(chromium, site_url, request):
    context = chromium.new_context(viewport={"width": 1000, "height": 800})  # service workers allowed
    guard = B.OutsideGuard()
    guard.attach(context)
    consoles: list[ConsoleLog] = []
    context.palace_consoles = consoles
    yield context
    context.close()
    problems = guard.problems() + [line for c in consoles for line in c.page_errors()]
    if problems:
        pytest.fail("the site did something it must not:\n" + "\n".join(problems), pytrace=False)


def visit(context, url, wait_for_cache: bool = True):
    page = context.new_page()
    console = ConsoleLog()
    console.attach(page)
    context.palace_consoles.append(console)
    page.palace_console = console
    page.palace_timing = B.open_until_interactive(page, url)
    if wait_for_cache:  # the service worker is active once the site and the snapshot are cached
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    return page


def said(page, text: str) -> bool:
    return any(text in line for line in page.palace_console)


def walk_through(page) -> list[str]:
    """What a learner sees: three steps of the first lesson, a deal, a checked battle."""
    try:
        return _walk_through(page)
    except Exception as e:  # a timeout says nothing of why: show what the page and worker said
        raise AssertionError("\n".join(page.palace_console[-40:])) from e


def _walk_through(page) -> list[str]:
    seen = []
    page.locator(".pt-top .job-learn").click()
    page.locator(".narration .heading").wait_for(timeout=60_000)
    for _ in range(3):
        page.locator(".nav-next button").click()
        wait_settled(page)
        seen.append(heading(page))
    page.locator(".pt-top .brand").click()  # the self-check (?debug) is on the first screen
    page.locator(".smoke-deal button").click()
    wait_shadow_text(page, "smoke-hand", "t.startsWith('deal 2:')")
    seen.append(shadow_text(page, "smoke-hand"))
    seen.append(settle_the_banner_battle(page))  # new imports after the restore
    return seen


def test_a_repeat_visit_starts_from_the_snapshot_and_behaves_as_the_first(context, site_url, report):
    site_url += "?debug"  # the walk drives the developer self-check too
    first = visit(context, site_url)
    assert said(first, FETCHED) and not said(first, RESTORED)
    cold = first.palace_timing.interactive_s
    seen_first = walk_through(first)
    first.close()

    again = visit(context, site_url)
    assert said(again, RESTORED), "\n".join(again.palace_console[-30:])
    assert not said(again, SKIPPED)
    warm = again.palace_timing.interactive_s
    # Pyodide's large files cross from the cache once each (Pyodide once fetched its
    # WebAssembly a second time beside the one the restore compiles)
    # (once the files a restore writes after the page are in: the zip is read then)
    names = [url.rsplit("/", 1)[-1] for url in again.workers[0].evaluate(
        "async () => { await PalaceSnapshot.filesReady; "
        "return performance.getEntriesByType('resource').map((e) => e.name); }")]
    assert (names.count("pyodide.asm.wasm"), names.count("python_stdlib.zip")) == (1, 1), names
    assert shadow_text(again, "smoke-hand") == DealtHand(seed=1).summary()  # as CPython computes it
    assert walk_through(again) == seen_first
    assert seen_first[3] == DealtHand(seed=2).summary()
    report(f"page -> interactive: first visit {cold:.2f} s, repeat visit (snapshot) {warm:.2f} s")


def test_a_share_link_opens_on_a_repeat_visit(context, site_url):
    first = visit(context, site_url)
    first.locator(".pt-top .job-learn").click()
    first.locator(".narration .heading").wait_for(timeout=60_000)
    for _ in range(2):
        first.locator(".nav-next button").click()
        wait_settled(first)
    link, shown = link_value(first), heading(first)
    assert "#" in link
    first.close()

    again = visit(context, link)
    assert said(again, RESTORED)
    again.locator(".narration .heading", has_text=shown).wait_for(timeout=30_000)
    wait_settled(again)
    assert heading(again) == shown and link_value(again) == link


def _cache_name(site_url: str, site_dir) -> str:
    return SW_CACHE_PREFIX + read_build_info(site_dir)["build"]


@pytest.mark.parametrize("damage", ["garbage memory", "one byte changed", "another build"])
def test_a_damaged_or_foreign_snapshot_is_skipped_and_the_app_starts_normally(context, site_url, site_dir, damage):
    site_url += "?debug"  # it deals with the developer self-check
    first = visit(context, site_url)
    name = _cache_name(site_url, site_dir)
    if damage == "garbage memory":
        first.evaluate("""async (name) => {
            const c = await caches.open(name);
            await c.put('pyodide/stored/snapshot-memory.bin', new Response(new Uint8Array(4096).fill(7)));
        }""", name)
    elif damage == "one byte changed":  # same length: only the checksum tells
        first.evaluate("""async (name) => {
            const c = await caches.open(name);
            const mem = new Uint8Array(await (await c.match('pyodide/stored/snapshot-memory.bin')).arrayBuffer());
            mem[mem.length >> 1] ^= 0xff;
            await c.put('pyodide/stored/snapshot-memory.bin', new Response(mem));
        }""", name)
    else:
        meta = first.evaluate("""async (name) => {
            const c = await caches.open(name);
            return await (await c.match('pyodide/stored/snapshot.json')).json();
        }""", name)
        meta["build"] = "0" * 16
        first.evaluate("""async ([name, text]) => {
            const c = await caches.open(name);
            await c.put('pyodide/stored/snapshot.json', new Response(text));
        }""", [name, json.dumps(meta)])
    first.close()

    again = visit(context, site_url, wait_for_cache=False)
    # then it starts as a first visit does: from the site's own snapshot, which is right
    assert said(again, SKIPPED) and not said(again, RESTORED), "\n".join(again.palace_console[-30:])
    assert said(again, FETCHED), "\n".join(again.palace_console[-30:])
    if damage == "another build":
        assert any("0000000000000000" in line for line in again.palace_console if SKIPPED in line)
    again.locator(".smoke-deal button").click()
    wait_shadow_text(again, "smoke-hand", "t.startsWith('deal 2:')")
    assert shadow_text(again, "smoke-hand") == DealtHand(seed=2).summary()
