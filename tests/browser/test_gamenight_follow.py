"""Follow along (issue 35, point 2) in the built site, at 390x844 (touch) and 1280x900: the QR
code of a lesson step, made in the page (offline), read back by a QR decoder (zxing-cpp, a test
dependency only) to the very link of that step, and that link opened in a fresh browser at the
same step. The dialog is axe-clean and large; screenshots under test-results/screenshots/.
How long the code took from the tap to its drawing is printed (a figure, never asserted).
"""

from __future__ import annotations

import time

import pytest


from . import a11y
from .axe_support import DESKTOP, PHONE
from .gamenight import LESSON, catalog, decode, lesson_stops, press
from .tutor_page import link_value, open_drawer_tab, open_lesson, wait_heading, wait_notice, \
    wait_settled


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_steps_qr_code_reads_back_to_its_link_and_opens_there(open_app, site_url, device, label, report):
    stops = lesson_stops()
    page = open_app(device=device)
    open_lesson(page, catalog(), LESSON)
    for stop in (1, 2):
        press(page, page.locator(".nav-next button"))
        wait_heading(page, stops[stop][0])
    wait_settled(page)
    link = link_value(page)  # the share box's address of this step
    open_drawer_tab(page, "share")
    show = page.locator(".share-qr .qr-show")
    show.scroll_into_view_if_needed()
    t0 = time.perf_counter()
    press(page, show)
    code = page.locator("dialog.qr-dialog[open] .qr-code svg")
    code.wait_for(timeout=60_000)
    report(f"QR code of a lesson step, tap to drawn ({label}): {(time.perf_counter() - t0) * 1000:.0f} ms "
           f"(in the page's Python, load {open('/proc/loadavg').read().split()[0]})")
    box = page.locator("dialog.qr-dialog[open] .qr-code")
    assert a11y.in_view(page, box) and box.bounding_box()["width"] >= 0.6 * min(page.viewport_size.values())
    assert page.locator("dialog.qr-dialog[open] .qr-heading").inner_text() == "Scan to open this step"
    a11y.assert_axe_clean(page, f"QR code dialog ({label})")
    a11y.shot(page, f"gamenight-qr-{label}")
    texts = decode(box.screenshot())
    assert texts == [link] and box.get_attribute("data-text") == link
    assert link.startswith(site_url) and "#" in link
    press(page, page.locator("dialog.qr-dialog[open] .qr-close"))
    page.locator("dialog.qr-dialog[open]").wait_for(state="detached")

    # the phone that scanned it: a fresh browser, at the same step, told the link was shared
    other = open_app(link[len(site_url):], device=PHONE)
    wait_notice(other, "Opened the shared link")
    wait_heading(other, stops[2][0])
