"""Reading and driving the tutor page in the browser tests (shared by test_app_*.py).

Selectors are the classes the shell gives its parts (tutor/views); text is
read through open shadow roots, which Playwright's CSS selectors pierce.
"""

from __future__ import annotations

from palace_tutor.site.browser import wait_settled  # noqa: F401  (the tests import it from here)
from tutor.model.study import Study
from tutor.views.tree import row_item

GAME_TITLES = {"palace-poker": "Palace Poker", "palace": "Palace", "kings-pot": "King's Pot"}


# -- reading the page ---------------------------------------------------------------------
def heading(page) -> str:
    return page.locator(".narration .heading").inner_text()


def narration_text(page) -> str:
    return page.locator(".narration .text").inner_text()


def tree_labels(page) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(".tree-list .item").all_inner_texts()]


def current_row(page) -> str:
    return page.locator(".tree-list .item.current").inner_text()


def notice(page) -> str:
    return page.locator(".notice-area .notice").inner_text() if page.locator(".notice-area .notice").count() else ""


def link_value(page) -> str:
    return page.locator(".share-link").input_value()


def wait_heading(page, text: str, timeout_s: float = 30) -> None:
    page.locator(".narration .heading", has_text=text).wait_for(timeout=timeout_s * 1000)
    assert heading(page) == text


def wait_notice(page, fragment: str, timeout_s: float = 30) -> str:
    page.locator(".notice-area .notice", has_text=fragment).wait_for(timeout=timeout_s * 1000)
    return notice(page)


def expected_rows(study: Study) -> list[str]:
    return [" ".join(row_item(r)["label"].split()) for r in study.tree.rows()]


def open_lesson(page, catalog, lesson_id: str) -> None:
    lesson = catalog.lesson(lesson_id)
    page.locator(".game-select select").select_option(label=GAME_TITLES[lesson.game])
    wait_settled(page)
    page.locator(".lesson-select select").select_option(label=lesson.title)
    wait_heading(page, lesson.title)
    wait_settled(page)


def step_expectations(study: Study) -> list[tuple[str, str]]:
    """(heading, narration text) at each stop of the lesson, from the start."""
    study.to_start()
    out = [(study.narration().heading, study.narration().text)]
    while study.forward():
        out.append((study.narration().heading, study.narration().text))
    study.to_start()
    return out
