"""Parts drawn when first shown (issue 17): a start builds the first screen's parts only;
the drawer's tabs, Play's players and table rules and the checker come when a person
opens them, on a phone (390x844, touch) and a desktop. The address bar follows the
study from the start, before Share is ever opened (its bridge is always on the page)."""

from __future__ import annotations

import time

import pytest

from .a11y import in_view
from .axe_support import DESKTOP, PHONE, save_shot
from .tutor_page import close_drawer, go, link_value, open_drawer_tab, wait_settled

LATER = (".tree-pane", ".link-box", ".library-list", ".players-strip", ".rules-form", ".checker-fields")


def drawn(page, selector: str) -> int:
    return page.locator(selector).count()


def address_fragment(page) -> str:
    return page.evaluate("() => decodeURIComponent(location.hash.slice(1))")


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_each_part_is_drawn_when_first_shown_and_the_address_follows_from_the_start(open_app, device, report):
    page = open_app(device=device)
    name = "phone" if device is PHONE else "desktop"
    assert [drawn(page, s) for s in LATER] == [0] * len(LATER)
    assert all(drawn(page, s) > 0 for s in (".page-bridge", ".library-store", ".rules-store"))

    go(page, "learn")
    assert drawn(page, ".tree-pane") == 0  # the drawer shows the steps (a column on a desktop, shut on a phone)
    before = address_fragment(page)
    assert before.startswith("pt1.")  # written by the bridge: Share was never opened
    close_drawer(page)
    page.locator(".controls [data-act=next]").first.click()
    page.wait_for_function("(old) => decodeURIComponent(location.hash.slice(1)) !== old", arg=before)
    assert drawn(page, ".link-box") == 0

    started = time.perf_counter()
    open_drawer_tab(page, "lines")
    rows = page.locator(".tree-pane .tree-list").first
    rows.wait_for(state="visible", timeout=30_000)
    lines_s = time.perf_counter() - started
    assert in_view(page, page.locator('.tab-panel.on[data-tab-panel="lines"] h2'))
    assert drawn(page, ".link-box") == 0 and drawn(page, ".library-list") == 0

    open_drawer_tab(page, "share")
    page.locator(".share-link").first.wait_for(state="visible", timeout=30_000)
    assert link_value(page).endswith("#" + address_fragment(page))
    save_shot(page, f"later-{name}-share")

    open_drawer_tab(page, "saved")
    page.locator(".library-list").first.wait_for(state="visible", timeout=30_000)
    close_drawer(page)

    started = time.perf_counter()
    page.locator(".pt-top .job-play").click()
    strip = page.locator(".players-strip").first
    strip.wait_for(state="visible", timeout=30_000)
    play_s = time.perf_counter() - started
    wait_settled(page)
    assert drawn(page, ".rules-form") == 0  # the table setup is folded: its rules form waits
    page.locator(".table-setup > summary").click()
    page.locator(".rules-form").first.wait_for(state="visible", timeout=30_000)
    wait_settled(page)
    save_shot(page, f"later-{name}-play-setup")

    go(page, "settle")
    page.locator(".checker-fields").first.wait_for(state="visible", timeout=30_000)
    assert in_view(page, page.locator(".view-settle h1"))
    report(f"parts drawn when first shown ({name}): Lines tab -> tree {lines_s * 1000:.0f} ms; "
           f"Play -> players {play_s * 1000:.0f} ms (the page asks, Python builds, the page draws)")
