"""What the page shows before Python runs (issue 17): the first screen as plain HTML, a
status in words, and for a shared link the lesson and step it opens on. The worker script is
held back here, so the page stays as a person sees it while Python starts on a slow phone;
the expected narration is what the models say under CPython."""

from __future__ import annotations

import pytest

from palace_tutor.site import browser as B
from tutor.model.catalog import Catalog
from tutor.model.share import encode_link
from tutor.model.study import Study

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def before_python(chromium, site_url):
    """``open(fragment, device)``: the page with its worker script held back (Python never starts)."""
    contexts = []

    def _open(fragment: str = "", device: dict = PHONE):
        context = chromium.new_context(service_workers="block", **device)
        contexts.append(context)
        guard = B.OutsideGuard()
        guard.attach(context)
        context.route("**/app.js", lambda route: None)  # never answered: Python is still on its way
        page = context.new_page()
        page.goto(site_url + ("#" + fragment if fragment else ""), wait_until="domcontentloaded")
        page.palace_guard = guard
        return page

    yield _open
    for context in contexts:
        context.close()


def visible_in_viewport(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["width"] > 0 and 0 <= box["y"] < size["height"]


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_first_screen_and_a_status_in_words_are_painted_before_python(before_python, device):
    page = before_python(device=device)
    page.locator(".pt-home").wait_for(state="visible")
    status = page.locator("#pt-status")
    assert status.inner_text().startswith("Starting Python in this browser")
    assert visible_in_viewport(page, "#pt-status") and visible_in_viewport(page, ".pt-home")
    assert page.locator("#pt-app").evaluate("(el) => getComputedStyle(el).visibility") == "hidden"
    assert page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime > 0")


def test_a_lesson_link_shows_its_lesson_and_step_before_python(before_python):
    catalog = Catalog.load()
    lesson = catalog.lessons[0]
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    study.jump(2)
    said = study.narration()
    page = before_python(encode_link(study))
    card = page.locator("#pt-link-card")
    card.locator("h2").wait_for(state="visible", timeout=30_000)
    assert lesson.title in card.locator("h1").inner_text()
    assert card.locator("h2").inner_text() == said.heading
    assert said.text.split("\n\n")[0].strip() in card.inner_text()
    assert page.locator(".pt-home").is_hidden()
    assert visible_in_viewport(page, "#pt-link-card h1")


def test_a_lesson_link_shows_its_step_when_the_page_arrives_after_the_lesson_index(chromium, site_url):
    """On a slow line the lessons' index can come back before the rest of the page has
    arrived: the card is filled once it is there (it was left empty, a flake in CI).
    Here the page is held, by a script that blocks the parser, just before the card, until
    the index has been read."""
    catalog = Catalog.load()
    lesson = catalog.lessons[0]
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    study.jump(2)
    said = study.narration()
    context = chromium.new_context(service_workers="block", **PHONE)
    try:
        B.OutsideGuard().attach(context)
        context.route("**/app.js", lambda route: None)
        held = []
        context.route("**/hold-the-parser.js", lambda route: held.append(route))

        def page_with_a_hold(route):
            html = route.fetch().text()
            mark = '<div id="pt-link-card"'
            assert html.count(mark) == 1
            route.fulfill(status=200, content_type="text/html; charset=utf-8",
                          body=html.replace(mark, '<script src="hold-the-parser.js"></script>' + mark))

        context.route(site_url, page_with_a_hold)
        page = context.new_page()
        with page.expect_response(lambda r: r.url.endswith("/lessons.json")) as index:
            page.goto(site_url + "#" + encode_link(study), wait_until="commit")
        index.value.finished()
        page.wait_for_timeout(500)  # the index is read and the link decoded while the parser waits
        assert page.locator("#pt-link-card").count() == 0 and len(held) == 1
        held[0].fulfill(status=200, content_type="text/javascript", body="")
        card = page.locator("#pt-link-card")
        card.locator("h2").wait_for(state="visible", timeout=10_000)
        assert card.locator("h2").inner_text() == said.heading
        assert page.locator(".pt-home").is_hidden()
    finally:
        context.close()


def test_an_unreadable_link_leaves_the_plain_first_screen(before_python):
    page = before_python("pt1.this-is-not-a-study%")
    page.locator(".pt-home").wait_for(state="visible")
    page.wait_for_function("() => !document.documentElement.classList.contains('pt-link')")
    assert page.locator("#pt-link-card").is_hidden()
