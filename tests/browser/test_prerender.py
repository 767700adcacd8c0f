"""The pre-rendered first screen (issue 17's hook) is the page the app then shows, with no jump.

``palace_tutor.site.prerender`` renders at build time, from the live views' own state and
the page's own code for it (``shell_ui.mjs``), the markup the page paints before any script
runs. Here that markup, alone in a page with no script at all, is laid out by Chromium next
to the live app at the same size, and the parts a person sees first sit at the same place (to a pixel): the
header and the three jobs, the first screen's title, cards and guides; for a
lesson link, the step bar, the narration, the table's felt and a seat.
"""

from __future__ import annotations

import pytest

from palace_tutor.site.prerender import first_screen_html, study_screen_html
from tutor.model.catalog import Catalog
from tutor.model.share import encode_link
from tutor.model.study import Study

from .axe_support import DESKTOP, PHONE
from .tutor_page import wait_settled

HOME_PARTS = (".pt-top", ".pt-top .job-learn", ".pt-top .job-settle", ".home-title", ".job-card-learn",
              ".job-card-settle .primary", ".guide-kings-pot summary")
STUDY_PARTS = (".study-top", ".lesson-select select", ".controls .where", ".nav-next button", ".narration .heading",
               ".narration .text", ".game-table .felt", '.game-table .seat[data-player="Frank"]')
PAGE = ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<style>html, body { margin: 0; padding: 0; }</style></head><body>{body}</body></html>")


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def boxes(page, parts) -> dict[str, tuple[float, ...]]:
    out = {}
    for part in parts:
        found = page.locator(part).first.bounding_box()
        assert found is not None, f"{part} is not shown"
        out[part] = tuple(round(found[k], 0) for k in ("x", "y", "width", "height"))
    return out


def static_boxes(chromium, device, body: str, parts) -> dict[str, tuple[float, ...]]:
    context = chromium.new_context(**device, java_script_enabled=False)
    try:
        page = context.new_page()
        page.set_content(PAGE.replace("{body}", body))
        return boxes(page, parts)
    finally:
        context.close()


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_first_screen_and_a_lesson_link_paint_where_the_app_then_shows_them(open_app, chromium, catalog, device):
    page = open_app(device=device)
    wait_settled(page)
    live = boxes(page, HOME_PARTS)
    assert static_boxes(chromium, device, first_screen_html(catalog), HOME_PARTS) == live

    lesson = catalog.lesson("pp-first-round")
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    study.jump(3)
    fragment = encode_link(study)
    page.evaluate("(h) => { window.location.hash = h; }", fragment)
    page.locator(".game-table .table-root[data-step='3']").wait_for(timeout=60_000)
    wait_settled(page)
    live = boxes(page, STUDY_PARTS)
    painted = study_screen_html(fragment, catalog)
    assert static_boxes(chromium, device, painted, STUDY_PARTS) == live

