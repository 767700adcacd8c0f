"""Practice in the compiled app (issue 32, item 2), at a phone size (touch) and a desktop size:
from the first screen, Practise; a drill from the generators asked in words; an answer judged
by the engine in the page (right or wrong, why, the section, the right choice marked), the
next drill. The drills are drawn from fresh seeds, so the test taps the first choice of each
one-answer drill until it has met both a wrong and a right verdict; what each verdict shows
is asserted on the page (the drills' answers themselves are tested under CPython against
independent checks: tests/practice, tests/tutor/test_practice_app.py)."""

import pytest

from .axe_support import DESKTOP, PHONE, axe_violations, save_shot, in_viewport

PART = ".view-practice"


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


def one_answer_drill(page, touch):
    """Next drills until one takes a single answer (no Check button)."""
    for _ in range(20):
        page.locator(f"{PART} .practice-question").wait_for(timeout=60_000)
        if page.locator(f"{PART} .practice-check").count() == 0:
            return
        tap(page, page.locator(f"{PART} .practice-choice").first, touch)   # a pick, then Check
        tap(page, page.locator(f"{PART} .practice-check"), touch)
        tap(page, page.locator(f"{PART} .practice-next"), touch)
        page.locator(f"{PART} .practice-verdict").wait_for(state="detached", timeout=30_000)
    raise AssertionError("no one-answer drill in 20")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_practice_a_wrong_answer_then_a_right_one(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    page = open_app("", device=size)
    tap(page, page.locator('.job-card button[data-act="job"][data-value="practice"]'), touch)
    page.locator('.pt-app[data-job="practice"]').wait_for(timeout=60_000)
    page.locator(f"{PART} .practice-known").wait_for(timeout=60_000)
    known = page.locator(f"{PART} .practice-known").inner_text()
    assert known.endswith("known") and " 0 of " in known
    save_shot(page, f"practice-drill-{name}")
    seen_wrong = seen_right = False
    for _ in range(16):
        one_answer_drill(page, touch)
        tap(page, page.locator(f"{PART} .practice-choice").first, touch)
        verdict = page.locator(f"{PART} .practice-verdict")
        verdict.wait_for(timeout=30_000)
        assert in_viewport(verdict)
        assert page.locator(f"{PART} .practice-ref").inner_text().startswith("Rule: ")
        if "wrong" in (verdict.get_attribute("class") or ""):
            assert verdict.inner_text() == "Not quite."
            assert page.locator(f"{PART} .practice-why").inner_text().strip()
            assert page.locator(f"{PART} .practice-choice.is-right").count() >= 1   # the answer, after
            if not seen_wrong:
                save_shot(page, f"practice-wrong-{name}")
            seen_wrong = True
        else:
            assert verdict.inner_text() == "Right."
            if not seen_right:
                save_shot(page, f"practice-right-{name}")
            seen_right = True
        if seen_wrong and seen_right:
            break
        tap(page, page.locator(f"{PART} .practice-next"), touch)
        page.locator(f"{PART} .practice-verdict").wait_for(state="detached", timeout=30_000)
    assert seen_wrong and seen_right
    assert axe_violations(page, [".pt-app"]) == []
