"""Fragments that are not links never stop the page (issue 18, point 2).

The page bridge decoded the address with ``decodeURIComponent``, which throws
on a malformed escape: ``#pt1.abc%`` stopped the page before Python was told
to start (no lesson, no notice), and the same in the hashchange handler and
in the part that writes the address (the page bridge now). Here each bad fragment is opened as
a person would (a first load with it in the address, then a change of the
address on an open study): the page starts (on its first screen, with the bad
link taken out of the address bar), says why the link did not open; on an
open study it keeps the study and puts the study's own link back in the
address bar.

Cost: one cold load and two reloads from the warm HTTP cache (about 30 s on
a quiet machine).
"""

from __future__ import annotations

from pathlib import Path

from palace_tutor.site import browser as B

from .tutor_page import go, heading, link_value, wait_notice, wait_settled

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"
BIG = "#pt1." + "A" * 300_000  # past the link limit (200,000 characters)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _in_viewport(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["width"] > 0


def _started_with_notice(page, says: str) -> None:
    """The page started on its first screen, says why the link did not open, and took
    the link out of the address bar (a reload or a copy of the address does not spread it)."""
    wait_notice(page, says, timeout_s=60)
    wait_settled(page)
    assert page.locator('.pt-app[data-job="home"]').count() == 1
    assert _in_viewport(page, ".notice-area .notice")
    page.wait_for_function("() => window.location.hash === ''", timeout=10_000)


def _reload_at(page, url: str) -> None:
    page.goto("about:blank")
    page.goto(url, wait_until="domcontentloaded")
    B.wait_interactive(page)


def test_bad_fragments_at_start_and_on_an_open_study(open_app, site_url):
    SHOTS.mkdir(parents=True, exist_ok=True)
    # a lone '%' (the example): the page starts, with a notice
    page = open_app("#pt1.abc%", viewport=PHONE)
    _started_with_notice(page, "contains '%'")
    page.screenshot(path=str(SHOTS / "bad-fragment-percent-phone.png"))

    # a cut-off multi-byte escape, then a 300 KB fragment: a fresh load each
    _reload_at(page, site_url + "#%E0%A4%A")
    _started_with_notice(page, "not a Palace Tutor study link")
    _reload_at(page, site_url + BIG)
    _started_with_notice(page, "the limit is 200,000")
    page.screenshot(path=str(SHOTS / "bad-fragment-300kb-phone.png"))

    # on an open study, moved on a step, at a desktop size: a bad address changes nothing
    page.set_viewport_size(DESKTOP)
    go(page, "learn")
    before = page.evaluate("() => window.location.hash")  # read before the tap: the address may change at once
    page.locator(".nav-next button").click()
    page.wait_for_function("(h) => window.location.hash !== h", arg=before, timeout=30_000)
    wait_settled(page)
    study_link, where = link_value(page), heading(page)
    for bad, says in (("#pt1.abc%", "contains '%'"), ("#%E0%A4%A", "not a Palace Tutor study link"),
                      (BIG, "the limit is 200,000")):
        page.evaluate("(h) => { window.location.hash = h; }", bad)
        wait_notice(page, says)
        wait_settled(page)
        assert heading(page) == where and link_value(page) == study_link
        assert _in_viewport(page, ".notice-area .notice")
        page.wait_for_function("(want) => window.location.href === want", arg=study_link, timeout=10_000)
    page.screenshot(path=str(SHOTS / "bad-fragment-hashchange-desktop.png"))
