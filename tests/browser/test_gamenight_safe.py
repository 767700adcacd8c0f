"""Saved work is safe, and no input kills the page (issue 35, points 6 and 7), in the built site at
390x844 (touch) and 1280x900.

* Two tabs of one browser share the device's storage: a study saved in one shows on the other's
  first screen without a reload, a study saved in the other joins the first one's list, and the
  stored list holds both (neither tab wrote over the other). Then the storage is full: Save as new
  says "Not saved", the study stays open, and the stored list is the two studies as before.
* Twenty thousand brackets (and other hostile text) at every parser a person or a link reaches:
  Play's table setup, a study link, a rule set link and a ruling link in the address, a study
  file imported, and the device's stored lists and progress read at start. Each is refused with
  the app's own words, and the page still answers: a lesson's Next steps after all of them.
Screenshots under test-results/screenshots/.
"""

from __future__ import annotations

import json

import pytest

from palace_tutor.site import browser as B
from tutor.model.library import STORAGE_KEY as STUDIES_KEY
from tutor.model.share import pack
from tutor.model.table_rules import STORAGE_KEY as RULES_KEY

from . import a11y
from .axe_support import DESKTOP, PHONE
from .gamenight import LESSON, catalog, lesson_stops, press
from .tutor_page import go, open_drawer_tab, open_lesson, wait_heading, wait_notice, wait_settled

OTHER = "pl-house-multiples"
DEEP = "[" * 20_000
FULL_JS = """() => { Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"""


def stored_titles(page) -> list[str]:
    text = page.evaluate("(k) => localStorage.getItem(k)", STUDIES_KEY)
    return sorted(entry["title"] for entry in json.loads(text)["studies"]) if text else []


def save(page, what: str = ".library-save") -> None:
    open_drawer_tab(page, "saved")
    button = page.locator(what)
    button.wait_for(timeout=60_000)
    press(page, button)


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_two_tabs_and_a_full_storage_lose_nothing(open_app, site_url, device, label):
    first, other = catalog().lesson(LESSON).title, catalog().lesson(OTHER).title
    page = open_app(device=device)
    tab = page.context.new_page()
    B.open_until_interactive(tab, site_url)
    wait_settled(tab)

    open_lesson(page, catalog(), LESSON)
    save(page)
    page.locator(".library-notice", has_text="Saved").wait_for(timeout=30_000)
    # the other tab's first screen lists it, told by the storage event (no reload)
    tab.locator(".shelf-study .shelf-name", has_text=first).wait_for(timeout=60_000)
    open_lesson(tab, catalog(), OTHER)
    save(tab)
    tab.locator(".library-notice", has_text="Saved").wait_for(timeout=30_000)
    page.locator(".library-item .library-title", has_text=other).wait_for(timeout=60_000)
    assert stored_titles(page) == sorted([first, other])
    tab.close()

    # the storage is full: the save is refused, said so, the study stays open, nothing else changes
    page.evaluate(FULL_JS)
    save(page, ".library-save-new")
    said = page.locator(".library-notice.error", has_text="Not saved")
    said.wait_for(timeout=30_000)
    assert "full" in said.inner_text()
    wait_heading(page, lesson_stops()[0][0])
    assert stored_titles(page) == sorted([first, other])
    assert page.locator(".library-item").count() == 2
    a11y.shot(page, f"gamenight-safe-full-{label}")


def refused_in_address(page, fragment: str, words: str) -> None:
    page.evaluate("(f) => { location.hash = f; }", fragment)
    page.locator(".notice-area .notice", has_text=words).wait_for(timeout=60_000)
    wait_settled(page)


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_nested_and_huge_input_at_every_parser_leaves_the_page_answering(open_app, site_url, device, label):
    page = open_app(device=device)
    # the device's stored lists and progress, read at start: damaged, huge and nested
    stored = [STUDIES_KEY, RULES_KEY, "palace-tutor-course-progress", "palace-tutor-mastery",
              "palace-tutor-rulings", "pt-continue"]
    page.evaluate("([keys, deep]) => { for (const k of keys) { localStorage.setItem(k, deep); } }", [stored, DEEP])
    page.reload()
    B.wait_interactive(page)
    wait_settled(page)
    assert page.locator(".continue-card").is_hidden()   # nothing to continue from a nested record
    # each list refused and kept as it was: nothing written over what the person may still mend
    assert page.evaluate("(keys) => keys.map((k) => localStorage.getItem(k))", stored) == [DEEP] * len(stored)

    # Play's table setup, the whole setup as JSON
    go(page, "play")
    if not page.locator(".table-setup[open]").count():
        press(page, page.locator(".table-setup > summary"))
    page.locator('.setup-form [name="json"]').fill(DEEP)
    press(page, page.locator(".setup-form button.free-start"))
    shown = wait_notice(page, "The setup nests brackets 20,000 deep", timeout_s=60)
    assert "Nothing was changed" in shown
    a11y.shot(page, f"gamenight-safe-nested-setup-{label}")

    # links in the address: a study, a rule set, a ruling, each nested 20,000 deep
    refused_in_address(page, "#pt1." + pack(DEEP), "The link cannot be read: its content nests brackets 20,000 deep")
    refused_in_address(page, "#rs1." + pack(DEEP), "The rule set link cannot be read: its content nests")
    refused_in_address(page, "#rl1." + pack(DEEP), "The ruling link cannot be read: its content nests")
    refused_in_address(page, "#pt1." + "A" * 300_000, "The link is 300,004 characters long")

    # a study file whose setup is nested 20,000 deep
    open_lesson(page, catalog(), LESSON)
    open_drawer_tab(page, "share")
    page.locator(".import-file input[type=file]").set_input_files(files=[{
        "name": "deep.palace-tutor.txt", "mimeType": "text/plain",
        "buffer": f"format: 1\ngame: palace\nvariant: house\nsetup: {DEEP}\n".encode()}])
    wait_notice(page, "Line 4 of the file: the setup nests brackets 20,000 deep", timeout_s=60)

    # the saved studies read at start were refused and kept as they were
    open_drawer_tab(page, "saved")
    page.locator(".library-notice.error", has_text="could not be read").wait_for(timeout=60_000)
    assert page.evaluate("(k) => localStorage.getItem(k)", STUDIES_KEY) == DEEP

    # and the page still answers: the lesson steps on
    page.locator(".drawer-close").click() if page.locator(".pt-app.drawer-open").count() else None
    stops = lesson_stops()
    press(page, page.locator(".nav-next button"))
    wait_heading(page, stops[1][0])
    a11y.shot(page, f"gamenight-safe-still-answering-{label}")
