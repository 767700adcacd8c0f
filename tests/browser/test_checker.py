"""The "Check a disputed hand" section in the compiled app (issues 7 and 9).

One page for the module: a battle typed in, its excluded card struck through;
a card tapped out and back in; a bad card named with the old verdict kept;
then a showdown whose player name is HTML, shown as text and never run.
Expected verdicts are worked by hand from palace-poker.txt (see
tests/tutor/test_checker_model.py, which also checks them against the CLI).
"""

import time

from palace_tutor.site.browser import shadow_text, wait_shadow_text

DAVE = "Jd | Js Jh 5d | Jc"
FRANK = "Qs | Qc Qd 8h | 8c"
INJECTION = '<img src=x onerror="window.pwned=1">'
ATTACKER_WINS = "t.includes('Winner: the attacker')"


def open_checker(page):
    if page.locator('.pt-app[data-job="settle"]').count() == 0:
        page.locator(".pt-top .job-settle").click()
    if page.locator(".checker-mode").count() == 0:
        page.locator(".checker .card-header").first.click()
    page.locator(".checker-mode").first.wait_for(timeout=30_000)


def type_into(page, field, text):
    box = page.locator(f".field-{field} input")
    box.fill(text)
    box.press("Enter")


def test_battle_typed_and_tapped_shows_the_excluded_card_and_survives_a_bad_card(app_page_shared, report):
    page = app_page_shared
    open_checker(page)
    t0 = time.perf_counter()
    type_into(page, "attacker-banner", DAVE)
    type_into(page, "defender-banner", FRANK)
    wait_shadow_text(page, "checker-verdict", ATTACKER_WINS)
    typed_ms = (time.perf_counter() - t0) * 1000

    # § Banner Suits: the defender's Q♦ does not count against the attacker's diamond banner
    excluded = page.locator(".checker-verdict .card.excluded")
    assert excluded.count() == 1 and excluded.get_attribute("data-card") == "Qd"
    struck = excluded.evaluate("el => getComputedStyle(el.querySelector('.rank')).textDecorationLine")
    assert "line-through" in struck
    verdict = shadow_text(page, "checker-verdict")
    assert "attacker's banner is ♦ (diamonds)" in verdict  # the reason names whose banner
    assert "four of a kind" in verdict  # J♠ kept by the four-of-a-kind exception
    assert page.locator(".checker-verdict .card.quad-exception").get_attribute("data-card") == "Js"

    # tap J♣ out of the attacker's soldiers, then back in
    page.locator(".focus-attacker-soldiers button").click()
    t0 = time.perf_counter()
    page.locator('.card-picker button[data-key="Jc"]').click()
    wait_shadow_text(page, "checker-verdict", "t.includes('Winner: the defender')")
    tap_ms = (time.perf_counter() - t0) * 1000
    assert page.locator(".field-attacker-soldiers input").input_value() == ""
    page.locator('.card-picker button[data-key="Jc"]').click()
    wait_shadow_text(page, "checker-verdict", ATTACKER_WINS)

    # a bad card: named, and the verdict (with its struck-through card) stays
    type_into(page, "attacker-palace", "Js Zz 5d")
    wait_shadow_text(page, "checker-message", "t.includes(\"'Zz'\")")
    assert "Nothing was changed" in shadow_text(page, "checker-message")
    assert "Winner: the attacker" in shadow_text(page, "checker-verdict")
    assert page.locator(".checker-verdict .card.excluded").get_attribute("data-card") == "Qd"
    report(f"checker: typed battle -> verdict {typed_ms:.0f} ms; card tap -> new verdict {tap_ms:.0f} ms")


def test_a_showdown_name_that_looks_like_html_is_shown_as_text(app_page_shared):
    page = app_page_shared
    open_checker(page)
    page.locator(".checker-mode button", has_text="Showdown").click()
    page.locator(".field-p1-name input").wait_for(timeout=30_000)  # the showdown form replaced the battle's
    page.locator(".checker-example button").click()
    wait_shadow_text(page, "checker-verdict", "t.includes('Winner: Elena')")
    type_into(page, "p1-name", INJECTION)
    wait_shadow_text(page, "checker-verdict", f"t.includes('Winner: ' + {INJECTION!r})")
    assert page.locator(".checker-verdict img").count() == 0
    assert page.evaluate("() => window.pwned") is None
