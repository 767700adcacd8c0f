"""Pick up where you left off (issue 35, point 4) in the built site, at 390x844 (touch) and
1280x900: the browser's Back and Forward move between the app's views and a lesson's steps
and back into the app; a reload comes back to the same step without calling it a shared link;
the first screen then offers Continue, which opens that step. axe-clean first screen with its
Continue; screenshots under test-results/screenshots/.
"""

from __future__ import annotations

import pytest

from palace_tutor.site import browser as B

from . import a11y
from .axe_support import DESKTOP, PHONE
from .gamenight import LESSON, catalog, lesson_stops, press
from .tutor_page import go, notice, open_lesson, wait_heading, wait_settled


def entry(page) -> tuple[str, str]:
    """The history entry the page is on: its view and its address's link."""
    return tuple(page.evaluate("() => [history.state && history.state.job, location.hash]"))


def wait_entry(page, job: str, before: str | None = None) -> str:
    """Wait until the page has written an entry for ``job`` (with a new address, if ``before``)."""
    page.wait_for_function("([job, before]) => history.state && history.state.pt === 1 && history.state.job === job"
                           " && (before === null || location.hash !== before)", arg=[job, before], timeout=30_000)
    return entry(page)[1]


def no_shared_notice(page) -> None:
    assert "shared" not in notice(page) and "shared" not in page.locator(".notice-home").inner_text()


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_back_forward_reload_and_continue(open_app, site_url, device, label):
    lesson, stops = catalog().lesson(LESSON), lesson_stops()
    page = open_app(device=device)
    assert page.locator(".continue-card").is_hidden()  # a first visit: nothing to continue
    open_lesson(page, catalog(), LESSON)
    at = wait_entry(page, "learn")
    for stop in (1, 2):
        press(page, page.locator(".nav-next button"))
        wait_heading(page, stops[stop][0])
        at = wait_entry(page, "learn", at)
    step_two = at
    go(page, "settle")
    wait_entry(page, "settle")

    # Back: the lesson at step 2, then step 1; Forward: step 2, then Settle; Back into the app
    page.go_back()
    page.locator('.pt-app[data-job="learn"]').wait_for()
    wait_heading(page, stops[2][0])
    page.go_back()
    wait_heading(page, stops[1][0])
    assert page.locator('.pt-app[data-job="learn"]').count() == 1
    page.go_forward()
    wait_heading(page, stops[2][0])
    page.go_forward()
    page.locator('.pt-app[data-job="settle"]').wait_for()
    page.go_back()
    page.locator('.pt-app[data-job="learn"]').wait_for()
    wait_heading(page, stops[2][0])
    wait_settled(page)
    no_shared_notice(page)
    assert entry(page) == ("learn", step_two)

    # a reload: the same step, and no "Opened the shared link"
    page.reload()
    B.wait_interactive(page)
    wait_heading(page, stops[2][0])
    wait_settled(page)
    no_shared_notice(page)

    # the app opened again at its plain address: the first screen offers Continue to that step
    page.goto(site_url)
    B.wait_interactive(page)
    wait_settled(page)
    card = page.locator(".continue-card")
    card.wait_for()
    assert lesson.title in card.inner_text() and "step 2 of" in card.inner_text()
    assert a11y.in_view(page, card.locator("button.continue"))
    a11y.assert_axe_clean(page, f"first screen with Continue ({label})")
    a11y.shot(page, f"gamenight-continue-{label}")
    press(page, card.locator("button.continue"))
    page.locator('.pt-app[data-job="learn"]').wait_for()
    wait_heading(page, stops[2][0])
    wait_settled(page)
    no_shared_notice(page)
    a11y.shot(page, f"gamenight-continued-{label}")
