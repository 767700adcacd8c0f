"""The "Settle a hand" section in the compiled app (issues 7, 9 and 13), at a phone
size (touch) and a desktop size.

A battle settled after a typo: the bad card is named under its own field at
once, no verdict shows for a position nobody typed; corrected, the verdict
leads with one sentence in the players' names; any later edit clears it. Then
a tap on a card, and a showdown whose player name is HTML, shown as text and
never run. Expected verdicts are worked by hand from palace-poker.txt (see
tests/tutor/test_checker_model.py, which also checks them against the CLI).
"""

import pytest
from playwright.sync_api import expect

from .a11y import seen_unscrolled
from .axe_support import DESKTOP, PHONE, axe_violations, in_viewport, save_shot
from .tutor_page import go

DAVE = "Dave: Jd | Js Jh 5d | Jc"
FRANK = "Frank: Qs | Qc Qd 8h | 8c"
INJECTION = '<img src=x onerror="window.pwned=1">'
HEADLINE = ".checker-verdict .headline"
DAVE_WINS = "Dave wins: four jacks beat Frank's two pair (queens and eights)"


def open_checker(page):
    go(page, "settle")
    page.locator(".checker-mode").first.wait_for(timeout=30_000)


def field(page, key):
    return page.locator(f".field-{key} input")


def type_into(page, key, text, enter=True):
    box = field(page, key)
    box.fill(text)
    if enter:
        box.press("Enter")


def tap(page, locator, touch):
    locator.tap() if touch else locator.click()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_battle_settled_after_a_typo(open_app, size):
    page = open_app(device=size)
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    open_checker(page)
    # every question to check is on screen, whole (Bokeh's joined row ran past a phone's edge)
    width = page.viewport_size["width"]
    for button in page.locator(".checker-mode button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] >= 44, (button.inner_text(), box)

    # the attacker's side first, then the defender's with a typo: named under its field at once
    type_into(page, "attacker-banner", DAVE)
    # Enter spreads the side over its fields
    expect(field(page, "attacker-palace")).to_have_value("Js Jh 5d", timeout=30_000)
    type_into(page, "defender-banner", "Frank: Qs | Qc Qd 8x | 8c", enter=False)
    problem = page.locator(".problem-defender-banner")
    problem.filter(has_text="'8x'").wait_for(timeout=30_000)
    assert "unknown suit 'x'" in problem.inner_text()
    problem.scroll_into_view_if_needed()
    assert in_viewport(problem) and in_viewport(field(page, "defender-banner"))
    assert field(page, "defender-banner").get_attribute("aria-invalid") == "true"
    assert field(page, "defender-banner").input_value() == "Frank: Qs | Qc Qd 8x | 8c"   # nothing wiped
    assert page.locator(HEADLINE).count() == 0        # no verdict for a position nobody typed
    save_shot(page, f"features-checker-typo-{name}")

    # corrected: the verdict leads with one sentence in the players' names
    type_into(page, "defender-banner", FRANK)
    page.locator(HEADLINE, has_text=DAVE_WINS).wait_for(timeout=30_000)
    assert problem.inner_text() == "" and not problem.is_visible()
    expect(field(page, "defender-palace")).to_have_value("Qc Qd 8h", timeout=30_000)  # the side spread out
    expect(field(page, "defender-banner")).to_have_value("Qs", timeout=30_000)  # in the box typed in too
    headline = page.locator(HEADLINE)
    if not touch:   # on a desktop it comes in sight under the fields (a phone's one column is a screen down)
        assert seen_unscrolled(headline), "the verdict came out of sight"
    headline.scroll_into_view_if_needed()
    assert in_viewport(headline)
    # § Banner Suits: Frank's Q♦ is struck through; Dave's J♠ counts by the four-of-a-kind exception
    excluded = page.locator(".checker-verdict .card.excluded")
    assert excluded.count() == 1 and excluded.get_attribute("data-card") == "Qd"
    assert "line-through" in excluded.evaluate("el => getComputedStyle(el.querySelector('.rank')).textDecorationLine")
    assert "Frank's Q♦ doesn't count against Dave's diamond banner" in headline.inner_text()
    verdict = page.locator(".checker-verdict .verdict").inner_text()
    assert "Our reading:" in verdict and "palace-poker-four-of-a-kind-kicker" not in verdict
    save_shot(page, f"features-checker-verdict-{name}")

    # any edit clears the old verdict: take J♣ out by a tap, then back in
    tap(page, page.locator(".focus-attacker-soldiers"), touch)
    tap(page, page.locator('.card-picker button[data-key="Jc"]'), touch)
    page.locator(HEADLINE, has_text="Frank wins").wait_for(timeout=30_000)
    expect(field(page, "attacker-soldiers")).to_have_value("", timeout=30_000)
    tap(page, page.locator('.card-picker button[data-key="Jc"]'), touch)
    page.locator(HEADLINE, has_text=DAVE_WINS).wait_for(timeout=30_000)
    type_into(page, "attacker-palace", "Js Jh", enter=False)      # incomplete: the verdict goes at once
    page.locator(".checker-verdict .verdict.empty").wait_for(timeout=30_000)
    assert page.locator(HEADLINE).count() == 0
    assert "Attacker palace: 2 of 3 cards" in page.locator(".checker-message .msg").inner_text()

    assert axe_violations(page, ["checker"]) == []


def test_typing_key_by_key_stays_in_the_box_while_the_counts_change(app_page_shared):
    # every card typed changes the field's count ("(1/1)"): that redrew the boxes, the box being
    # typed in lost the keyboard and the rest of the side went nowhere (seen in a repeat visit)
    page = app_page_shared
    open_checker(page)
    page.locator(".checker-clear button").click()
    for key, side in (("attacker-banner", DAVE), ("defender-banner", FRANK)):
        box = field(page, key)
        box.click()
        box.press_sequentially(side, delay=40)  # a fast typist: the worker answers between keys
        assert box.evaluate("el => el.getRootNode().activeElement === el"), "the box lost the keyboard"
        box.press("Enter")
    page.locator(HEADLINE, has_text=DAVE_WINS).wait_for(timeout=30_000)
    expect(field(page, "defender-palace")).to_have_value("Qc Qd 8h", timeout=30_000)
    expect(field(page, "defender-banner")).to_have_value("Qs", timeout=30_000)
    expect(page.locator(".focus-defender-palace")).to_have_text("Tap cards in (3/3)")


def test_picked_cards_go_to_the_box_the_keyboard_is_in(app_page_shared):
    # a keyboard user moves from box to box, not by the "Tap cards in" buttons: the mark
    # "Cards go here" and the picked cards follow the box the keyboard goes into
    page = app_page_shared
    open_checker(page)
    page.locator(".checker-clear button").click()
    field(page, "attacker-banner").focus()
    expect(page.locator(".focus-attacker-banner")).to_have_text("Cards go here (0/1)", timeout=30_000)
    field(page, "defender-palace").focus()
    expect(page.locator(".focus-defender-palace")).to_have_text("Cards go here (0/3)", timeout=30_000)
    expect(page.locator(".focus-attacker-banner")).to_have_text("Tap cards in (0/1)")
    assert page.locator(".focus-defender-palace").get_attribute("aria-pressed") == "true"
    page.locator('.card-picker button[data-key="Qc"]').click()
    expect(field(page, "defender-palace")).to_have_value("Qc", timeout=30_000)


def test_a_showdown_name_that_looks_like_html_is_shown_as_text(app_page_shared):
    page = app_page_shared
    open_checker(page)
    page.locator(".checker-mode button", has_text="Showdown").click()
    page.locator(".field-p1-name input").wait_for(timeout=30_000)  # the showdown form replaced the battle's
    page.locator(".checker-example button").click()
    page.locator(HEADLINE, has_text="Elena wins").wait_for(timeout=30_000)
    type_into(page, "p1-name", INJECTION)
    page.locator(HEADLINE, has_text=INJECTION + " wins").wait_for(timeout=30_000)
    assert page.locator(".checker-verdict img").count() == 0
    assert page.evaluate("() => window.pwned") is None
