"""The installed site: its web manifest (issue 13.10) and how a new version reaches a returning
user (issue 18.3).

* The page links a manifest (name, start URL, standalone display, 192 and 512 px icons) that
  Chromium finds installable, with the icons and the manifest precached, so the installed app
  opens at the game table with no network.
* Site updates: two builds of the site (the session's, and one with another title), served in
  turn from one address. A visitor of the first returns after the second is published: the
  page still runs the first (a tab never switches under its own feet), says "a new version is
  ready", and its Reload brings a clean run of the second: every file from the second build,
  the first build's cache gone once no tab runs it, the app working.

Each test uses its own browser profile (service workers allowed), under the harness's guard.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from palace_tutor.site import browser as B
from palace_tutor.site.build import SW_CACHE_PREFIX, SiteOptions, build_if_changed, read_build_info
from palace_tutor.site.serve import serve_process
from tutor.model.deal import DealtHand

from .conftest import ROOT, ConsoleLog

NEXT_TITLE = "Palace Tutor (next)"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SHOTS = ROOT / ".cache" / "screenshots"


@pytest.fixture(scope="module")
def next_site(site_dir) -> Path:
    """A second build of the same app: another title, so another build id and page."""
    if os.environ.get("PALACE_TUTOR_SITE"):
        pytest.skip("builds a second version from the working tree")
    out = ROOT / ".cache" / "site-test-next"
    build_if_changed(out, ROOT / "app.py", SiteOptions(title=NEXT_TITLE))
    return out


@pytest.fixture
def profile(playwright_instance, tmp_path, request):
    """A persistent Chromium profile (installability needs one), guarded and checked after the test."""
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=B.CHROMIUM, headless=True, args=B.CHROMIUM_ARGS,
        viewport=PHONE, has_touch=True, is_mobile=True)
    guard = B.OutsideGuard()
    guard.attach(ctx)
    consoles: list[ConsoleLog] = []
    ctx.palace_consoles = consoles
    yield ctx
    ctx.close()
    problems = guard.problems() + [line for c in consoles for line in c.page_errors()]
    if problems:
        pytest.fail("the site did something it must not:\n" + "\n".join(problems), pytrace=False)


def visit(ctx, url: str):
    page = ctx.new_page()
    console = ConsoleLog()
    console.attach(page)
    ctx.palace_consoles.append(console)
    page.palace_console = console
    try:
        B.open_until_interactive(page, url)
    except Exception as e:
        raise AssertionError("\n".join(console[-40:])) from e
    return page


def caches(page) -> list[str]:
    return sorted(page.evaluate("async () => await caches.keys()"))


def build_of(page) -> str:
    return page.evaluate("() => document.querySelector('meta[name=\"palace-tutor-build\"]').content")


def in_viewport(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (box is not None and box["width"] > 0 and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"])


def test_the_manifest_makes_the_site_installable_and_it_opens_offline(profile, site_url, site_dir):
    page = visit(profile, site_url)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Palace Tutor" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = {icon["sizes"]: icon["src"] for icon in manifest["icons"]}
    for size in ("192x192", "512x512"):
        width = page.evaluate("""async (src) => { const img = new Image(); img.src = src; await img.decode();
                                 return [img.naturalWidth, img.naturalHeight]; }""",
                              href.rsplit("/", 1)[0] + "/" + sizes[size])
        assert width == [int(size.split("x")[0])] * 2
    cdp = profile.new_cdp_session(page)
    app = cdp.send("Page.getAppManifest")
    assert app["errors"] == [] and app["url"] == href
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # the installed app opens its start URL with no network at all
    precached = page.evaluate("""async () => { const c = await caches.open((await caches.keys())
                                 .find((k) => k.startsWith('palace-tutor-') && !k.endsWith('clients')));
                                 return (await c.keys()).map((r) => new URL(r.url).pathname.split('/').pop()); }""")
    assert {"manifest.webmanifest", "icon-192.png", "icon-512.png"} <= set(precached)
    page.close()
    profile.set_offline(True)
    start = visit(profile, site_url + manifest["start_url"] + "?debug")  # ?debug: the self-check to click
    start.locator(".smoke-deal button").click()
    B.wait_shadow_text(start, "smoke-hand", "t.startsWith('deal 2:')")
    assert B.shadow_text(start, "smoke-hand") == DealtHand(seed=2).summary()


def test_a_returning_visitor_is_told_of_a_new_version_and_reloads_into_a_clean_run_of_it(
        profile, site_dir, next_site, tmp_path, report):
    first_build, next_build = read_build_info(site_dir)["build"], read_build_info(next_site)["build"]
    assert first_build != next_build
    published = tmp_path / "published"  # the address serves whatever this link points at
    published.symlink_to(site_dir, target_is_directory=True)
    server, url = serve_process(published)
    try:
        first = visit(profile, url)
        first.evaluate("async () => { await navigator.serviceWorker.ready; }")
        assert caches(first) == sorted([SW_CACHE_PREFIX + first_build, SW_CACHE_PREFIX + "clients"])
        first.close()

        published.unlink()
        published.symlink_to(next_site, target_is_directory=True)  # the new version is published

        # the returning visitor: still the version they had (from the cache), told of the new one
        back = visit(profile, url)
        other_tab = visit(profile, url)
        assert build_of(back) == first_build and back.title() == "Palace Tutor"
        notice = back.locator("#pt-update")
        notice.wait_for(state="visible", timeout=180_000)  # the new build is precached meanwhile
        assert notice.inner_text().startswith("A new version of Palace Tutor is ready.")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            back.set_viewport_size(size)
            assert in_viewport(back, "#pt-update") and in_viewport(back, "#pt-update button"), name
            back.screenshot(path=str(SHOTS / f"update-notice-{name}.png"))
        assert set(caches(back)) == {SW_CACHE_PREFIX + first_build, SW_CACHE_PREFIX + next_build,
                                     SW_CACHE_PREFIX + "clients"}

        with back.expect_navigation(timeout=120_000):
            back.locator("#pt-update button").click()
        B.wait_interactive(back)
        # a clean run of the new version: its page, its worker, its cache only once no tab runs the old one
        assert build_of(back) == next_build and back.title() == NEXT_TITLE
        assert back.locator("#pt-update").is_hidden()
        back.evaluate("async () => { await navigator.serviceWorker.ready; }")
        assert SW_CACHE_PREFIX + first_build in caches(back), "the other tab still runs the first version"
        other_tab.close()
        last = visit(profile, url + "?debug")  # ?debug: the self-check to click
        assert build_of(last) == next_build
        last.wait_for_function(f"async () => !(await caches.keys()).includes({json.dumps(SW_CACHE_PREFIX + first_build)})",
                               timeout=30_000)
        assert caches(last) == sorted([SW_CACHE_PREFIX + next_build, SW_CACHE_PREFIX + "clients"])
        served = last.evaluate("""async (name) => { const c = await caches.open(name);
                                  const r = await c.match('app.js'); return await r.text(); }""",
                               SW_CACHE_PREFIX + next_build)
        assert served == (next_site / "app.js").read_text()
        last.locator(".smoke-deal button").click()
        B.wait_shadow_text(last, "smoke-hand", "t.startsWith('deal 2:')")
        assert B.shadow_text(last, "smoke-hand") == DealtHand(seed=2).summary()
        report(f"site update: notice shown, reload ran build {next_build} (was {first_build})")
    finally:
        server.terminate()
        server.wait(10)
