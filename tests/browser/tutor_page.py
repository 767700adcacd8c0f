"""Reading and driving the tutor page in the browser tests (shared by test_app_*.py).

Selectors are the classes the page gives its parts (tutor/views/frame.py documents
the frame's); text is read through open shadow roots, which Playwright's CSS
selectors pierce. The page opens on its first screen: ``go(page, job)`` opens
Learn, Play or Settle a hand (or the first screen, ``"home"``).
"""

from __future__ import annotations

from palace_tutor.site.browser import shadow_text, wait_shadow_text
from palace_tutor.site.browser import wait_settled  # noqa: F401  (the tests import it from here)
from tutor.model.study import Study
from tutor.views.tree import row_item

GAME_TITLES = {"palace-poker": "Palace Poker", "palace": "Palace", "kings-pot": "King's Pot"}


# -- reading the page ---------------------------------------------------------------------
def heading(page) -> str:
    return page.locator(".narration .heading").inner_text()


def narration_text(page) -> str:
    return page.locator(".narration .text").inner_text()


def ensure_tab_drawn(page, tab: str) -> None:
    """A drawer tab's part is drawn the first time its tab shows (issue 17). If it has not
    been yet, show the tab once as a person would, then put the drawer back as it was, so a
    test can read the part (hidden or not) wherever it is."""
    part = page.locator(f'.tab-panel[data-tab-panel="{tab}"] [data-child] > *')
    if part.count():
        return
    was_tab = page.locator(".drawer .tab[aria-current=true]").get_attribute("data-tab")
    was_open = page.locator(".pt-app.drawer-open").count() > 0
    open_drawer_tab(page, tab)
    part.first.wait_for(state="attached", timeout=30_000)
    wait_settled(page)
    if was_tab and was_tab != tab:
        page.locator(f".drawer .tab-{was_tab}").click()
    if not was_open:
        close_drawer(page)


def tree_labels(page) -> list[str]:
    ensure_tab_drawn(page, "lines")
    return [" ".join(t.split()) for t in page.locator(".tree-list .item").all_inner_texts()]


def current_row(page) -> str:
    ensure_tab_drawn(page, "lines")
    return page.locator(".tree-list .item.current").inner_text()


def notice(page) -> str:
    return page.locator(".notice-area .notice").inner_text() if page.locator(".notice-area .notice").count() else ""


def link_value(page) -> str:
    ensure_tab_drawn(page, "share")
    return page.locator(".share-link").input_value()


def wait_heading(page, text: str, timeout_s: float = 30) -> None:
    page.locator(".narration .heading", has_text=text).wait_for(timeout=timeout_s * 1000)
    assert heading(page) == text


def wait_notice(page, fragment: str, timeout_s: float = 30) -> str:
    page.locator(".notice-area .notice", has_text=fragment).wait_for(timeout=timeout_s * 1000)
    return notice(page)


def expected_rows(study: Study) -> list[str]:
    return [" ".join(row_item(r)["label"].split()) for r in study.tree.rows()]


def go(page, job: str) -> None:
    """Tap a job in the header (``learn``, ``play``, ``settle``; ``home``: the title) and wait for it."""
    if page.locator(f'.pt-app[data-job="{job}"]').count():
        return
    page.locator(".pt-top .brand" if job == "home" else f".pt-top .job-{job}").click()
    page.locator(f'.pt-app[data-job="{job}"]').wait_for(timeout=60_000)
    wait_settled(page)


def open_lesson(page, catalog, lesson_id: str) -> None:
    lesson = catalog.lesson(lesson_id)
    go(page, "learn")
    page.locator(".lesson-select select").select_option(label=lesson.title)
    wait_heading(page, lesson.title)
    wait_settled(page)


def open_drawer_tab(page, tab: str) -> None:
    """Show a tab of the drawer (steps, lines, share): a side column on a wide screen, a panel
    slid over the page on a phone."""
    wide = page.viewport_size["width"] >= 900
    if not wide and not page.locator(".pt-app.drawer-open").count():
        page.locator(".controls .where").click()
        page.locator(".pt-app.drawer-open").wait_for()
    page.locator(f".drawer .tab-{tab}").click()
    page.locator(f'.tab-panel.on[data-tab-panel="{tab}"]').wait_for()


def close_drawer(page) -> None:
    if page.locator(".pt-app.drawer-open").count():
        page.locator(".drawer-close").click()


def step_expectations(study: Study) -> list[tuple[str, str]]:
    """(heading, narration text) at each stop of the lesson, from the start."""
    study.to_start()
    out = [(study.narration().heading, study.narration().text)]
    while study.forward():
        out.append((study.narration().heading, study.narration().text))
    study.to_start()
    return out


# the battle of tests/browser/test_checker.py (palace-poker.txt § Banner Suits): the attacker wins
DAVE, FRANK = "Jd | Js Jh 5d | Jc", "Qs | Qc Qd 8h | 8c"


def settle_the_banner_battle(page) -> str:
    """Open Settle (the checker is built when first shown: it imports what the start did not)
    and check Dave's banner against Frank's; the verdict's text."""
    page.locator(".pt-top .job-settle").click()
    page.locator(".checker-mode").first.wait_for(timeout=30_000)
    for field, hand in (("attacker-banner", DAVE), ("defender-banner", FRANK)):
        page.locator(f".field-{field} input").fill(hand)
        page.locator(f".field-{field} input").press("Enter")
    wait_shadow_text(page, "checker-verdict", "t.includes('The attacker wins')")
    return shadow_text(page, "checker-verdict")
