"""Present mode (issue 35, point 1) in the built site, at 390x844 (touch) and 1280x900: the
table and the narration fill the screen in big type, the header, the setup row, the drawer and
the teacher's note stay off it; a clicker's keys (Page Down, space, the arrows, Page Up) step
through the lesson to the steps the engine's own replay gives; Escape leaves and the page is
as it was. axe-core clean while presenting; screenshots under test-results/screenshots/.
"""

from __future__ import annotations

import pytest


from . import a11y
from .axe_support import DESKTOP, PHONE
from .gamenight import LESSON, catalog, lesson_stops, press
from .tutor_page import close_drawer, open_drawer_tab, open_lesson, wait_heading, wait_settled

NOTE = "Ask the room who holds the jacks"


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_present_mode_steps_with_a_clickers_keys_and_escape_leaves(open_app, device, label):
    page = open_app(device=device)
    stops = lesson_stops()
    open_lesson(page, catalog(), LESSON)
    open_drawer_tab(page, "lines")  # the teacher's note on this position
    page.locator(".note-input input").fill(NOTE)
    page.locator(".note-save button").click()
    page.locator(".narration .note", has_text=NOTE).wait_for()
    close_drawer(page)

    press(page, page.locator(".present-open"))
    page.locator(".pt-app.presenting").wait_for()
    for hidden in (".pt-top", ".study-top", ".drawer", ".narration .note", ".controls .where"):
        assert not page.locator(hidden).first.is_visible(), f"{hidden} is on the big screen"
    for shown in (".narration .heading", ".nav-next button", ".present-leave"):
        assert a11y.in_view(page, page.locator(shown)), f"{shown} is off the screen"
    table = page.locator('.table-slot [data-child="table"]')
    box, size = table.bounding_box(), page.viewport_size
    assert box["width"] >= 0.9 * size["width"], "the table spans the screen"
    type_px = page.locator(".narration .text").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert type_px >= (19 if label == "phone" else 27), f"narration in {type_px}px type"
    a11y.assert_axe_clean(page, f"present mode ({label})")
    a11y.shot(page, f"gamenight-present-{label}")

    for key, stop in (("PageDown", 1), ("Space", 2), ("ArrowRight", 3), ("PageUp", 2), ("ArrowLeft", 1)):
        page.keyboard.press(key)
        wait_heading(page, stops[stop][0])
        assert page.locator(".pt-app.presenting").count() == 1, f"{key} left present mode"
    wait_settled(page)
    a11y.shot(page, f"gamenight-present-step-{label}")

    page.keyboard.press("Escape")
    page.locator(".pt-app:not(.presenting)").wait_for()
    assert a11y.in_view(page, page.locator(".pt-top .brand")) and page.locator(".study-top").is_visible()
    assert page.evaluate("() => document.documentElement.dataset.ptPresent === undefined")
    assert page.locator(".present-open").get_attribute("aria-pressed") == "false"
    page.keyboard.press("PageDown")  # outside present mode a clicker's key is the page's again
    page.keyboard.press("ArrowRight")
    wait_heading(page, stops[2][0])
