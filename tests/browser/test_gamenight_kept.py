"""What a device keeps, met from the first screen (issue 35, points 4 and 2), in the built site at
390x844 (touch) and 1280x900.

The device already keeps two studies, one damaged entry between them and a field a newer
version wrote, and a rule set of the table's (made under CPython by the models' own writers,
then damaged by hand). The first screen lists the two good studies and the rule set; Open opens
a study at its saved step, said as one of the saved studies; "Deal a game" deals under the rule
set in Play; the rule set's QR code, read back by zxing-cpp, opens the same rules on another
phone. The damaged entry and the unknown field are still stored after the page wrote the list
(nothing lost). axe-clean first screen and QR dialog; screenshots under test-results/screenshots/.
"""

from __future__ import annotations

import json

import pytest

from palace_tutor.site import browser as B
from tutor.model.library import STORAGE_KEY as STUDIES_KEY, Library
from tutor.model.rule_link import read_rule_set_link
from tutor.model.share import encode_link
from tutor.model.study import Study
from tutor.model.table_rules import STORAGE_KEY as RULES_KEY, TableRules

from . import a11y
from .axe_support import DESKTOP, PHONE, axe_violations
from .gamenight import LESSON, catalog, decode, lesson_stops, press
from .tutor_page import go, open_drawer_tab, wait_heading, wait_notice, wait_settled

OTHER = "pl-house-multiples"
TITLES = {LESSON: "Friday's four jacks", OTHER: "Multiples for Ben"}
RULES = "Fours on anything"
DAMAGED = {"id": "broken-1", "title": 5}
NEWER = {"colour": "green"}


def kept_studies() -> tuple[str, list[str]]:
    """The saved studies' stored text (two studies at their step 1, a damaged entry between
    them, a newer version's field on the first) and the titles as listed, newest first."""
    library = Library(clock=lambda: 1_700_000_000.0)
    library.load("")
    for lesson_id, title in TITLES.items():
        lesson = catalog().lesson(lesson_id)
        study = Study.from_lesson(lesson, catalog().family(lesson.game))
        study.forward()
        study.title = title
        library.save(study, encode_link(study), as_new=True)
        library.written(library.stored)
    data = json.loads(library.stored)
    data["studies"].insert(1, DAMAGED)
    data["studies"][0].update(NEWER)
    return json.dumps(data), [e.title for e in library.entries]


def kept_rules() -> str:
    rules = TableRules(catalog())
    rules.load("")
    rules.rebase("palace", "caron")
    assert rules.choose("four-of-a-kind", "anytime") and rules.set_name(RULES)
    rules.save()
    rules.written(rules.stored)
    return rules.stored


def open_device(open_app, device, studies: str, rules: str):
    """A browser whose storage holds these lists, at the app's first screen."""
    page = open_app(device=device)
    page.evaluate("([k1, v1, k2, v2]) => { localStorage.setItem(k1, v1); localStorage.setItem(k2, v2); }",
                  [STUDIES_KEY, studies, RULES_KEY, rules])
    page.reload()
    B.wait_interactive(page)
    wait_settled(page)
    return page


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_first_screen_offers_what_the_device_keeps_and_a_rule_set_hands_over(open_app, site_url, device, label):
    studies, titles = kept_studies()
    page = open_device(open_app, device, studies, kept_rules())
    shelf = page.locator(".home-saved .shelf")
    shelf.wait_for(timeout=60_000)
    # the shelf is drawn once either list is read: wait for both, as a person would
    page.locator(".shelf-rules .shelf-name", has_text=RULES).wait_for(timeout=30_000)
    page.locator(".shelf-study .shelf-name").nth(len(titles) - 1).wait_for(timeout=30_000)
    assert page.locator(".shelf-study .shelf-name").all_inner_texts() == titles  # the damaged one set aside
    assert page.locator(".shelf-rules .shelf-name").all_inner_texts() == [RULES]
    assert "Caron" in page.locator(".shelf-rules .shelf-what").inner_text()
    first_open = page.locator(".shelf-study .shelf-open").first
    first_open.scroll_into_view_if_needed()
    assert a11y.in_view(page, first_open) and first_open.bounding_box()["height"] >= 44
    a11y.assert_axe_clean(page, f"first screen with what the device keeps ({label})")
    a11y.shot(page, f"gamenight-kept-home-{label}")

    # Open: the study at the step it was saved at, said as a saved study
    newest = next(lesson for lesson, title in TITLES.items() if title == titles[0])
    press(page, first_open)
    page.locator('.pt-app[data-job="learn"]').wait_for(timeout=60_000)
    wait_notice(page, f"\u201c{titles[0]}\u201d from your saved studies")
    wait_heading(page, lesson_stops(newest)[1][0])
    wait_settled(page)
    a11y.shot(page, f"gamenight-kept-opened-{label}")

    # Deal a game: Play, dealt under the table's rule set
    go(page, "home")
    press(page, page.locator(".shelf-rules .shelf-use"))
    page.locator('.pt-app[data-job="play"]').wait_for(timeout=60_000)
    page.locator(".play-extra .table-rules-name", has_text=RULES).wait_for(timeout=60_000)
    wait_settled(page)

    # its QR code (in the table setup), read back to a link that opens the same rules elsewhere
    if not page.locator(".table-setup[open]").count():
        press(page, page.locator(".table-setup > summary"))
    show = page.locator(".rules-qr .qr-show")
    show.wait_for(timeout=60_000)
    show.scroll_into_view_if_needed()
    press(page, show)
    box = page.locator("dialog.qr-dialog[open] .qr-code")
    page.locator("dialog.qr-dialog[open] .qr-code svg").wait_for(timeout=60_000)
    assert page.locator("dialog.qr-dialog[open] .qr-heading").inner_text() == "Scan to open these rules"
    assert a11y.in_view(page, box)
    # the new parts (the rules pane and its dialog) clean of every finding; the Play page around
    # them is test_page's (on a phone the step bar behind the open table setup is a scroll region
    # with nothing to focus: a finding of the Play view's, not of these parts)
    assert axe_violations(page, ["table-rules-pane"], impacts=("minor", "moderate", "serious", "critical")) == []
    a11y.shot(page, f"gamenight-kept-rules-qr-{label}")
    [text] = decode(box.screenshot())
    assert text.startswith(site_url + "#rs1.") and box.get_attribute("data-text") == text
    found = read_rule_set_link(text, catalog())
    assert (found.game, found.variant, found.options, found.name) == (
        "palace", "caron", (("four-of-a-kind", "anytime"),), RULES)
    press(page, page.locator("dialog.qr-dialog[open] .qr-close"))

    other = open_app(text[len(site_url):], device=PHONE)
    wait_notice(other, f"\u201c{RULES}\u201d")
    other.locator(".play-extra .table-rules-name", has_text=RULES).wait_for(timeout=60_000)
    assert other.locator('.pt-app[data-job="play"]').count() == 1

    # nothing lost: save once more (the list is written), and the damaged entry and the newer
    # version's field are still in what the device stores
    go(page, "home")
    press(page, page.locator(".shelf-study .shelf-open").last)
    page.locator('.pt-app[data-job="learn"]').wait_for(timeout=60_000)
    wait_settled(page)
    open_drawer_tab(page, "saved")
    page.locator(".library-save").wait_for(timeout=60_000)
    page.locator(".library-save").click()
    page.locator(".library-notice", has_text="Saved").wait_for(timeout=30_000)
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", STUDIES_KEY))
    assert DAMAGED in stored["studies"]
    assert any(entry.get("colour") == "green" for entry in stored["studies"])
    assert sorted(e["title"] for e in stored["studies"] if e is not None and isinstance(e.get("title"), str)) \
        == sorted(titles)
