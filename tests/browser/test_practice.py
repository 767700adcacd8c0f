"""Practice in the compiled app (issue 32, item 2), at a phone size (touch) and a desktop size:
from the first screen, Practise; a drill from the generators asked in words; an answer judged
by the engine in the page (right or wrong, why, the section, the right choice marked), the
next drill. The drills are drawn from fresh seeds, so the test taps the first choice of each
one-answer drill until it has met both a wrong and a right verdict; what each verdict shows
is asserted on the page (the drills' answers themselves are tested under CPython against
independent checks: tests/practice, tests/tutor/test_practice_app.py)."""

import json

import pytest

from palace_tutor.site import browser as B

from .axe_support import DESKTOP, PHONE, axe_violations, save_shot, in_viewport

PART = ".view-practice"


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


def answered_before(text: str) -> int:
    """How many rules of the file's mastery were answered (the file the page saved)."""
    return sum(1 for r in json.loads(text)["mastery"]["clauses"].values() if r.get("right", 0) + r.get("wrong", 0))


def one_answer_drill(page, touch):
    """Next drills until one takes a single answer (no Check button)."""
    for _ in range(20):
        page.locator(f"{PART} .practice-question").wait_for(timeout=60_000)
        if page.locator(f"{PART} .practice-check").count() == 0:
            return
        tap(page, page.locator(f"{PART} .practice-choice").first, touch)   # a pick, then Check
        page.locator(f'{PART} .practice-choice[aria-pressed="true"]').wait_for(timeout=30_000)
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
    assert axe_violations(page, ["pt-app"]) == []

    # the mastery map, under the drill: the rule set's rules, two of them answered
    answered = page.locator(".mastery-rules td", has_text="right, ")
    page.locator(".mastery-detail > summary").wait_for(timeout=60_000)
    tap(page, page.locator(".mastery-detail > summary"), touch)
    answered.first.wait_for(timeout=30_000)
    assert answered.count() >= 2
    save_shot(page, f"mastery-map-{name}")

    # progress saved as a file, a foreign file refused with why, the saved file loaded again
    with page.expect_download() as saved:
        page.locator(".mastery-export button, .mastery-export a").first.click()
    path = saved.value.path()
    text = open(path, encoding="utf-8").read()
    assert '"format": "palace-tutor-learning"' in text
    picker = page.locator(".mastery-import input[type=file]")
    picker.set_input_files(files=[{"name": "notes.json", "mimeType": "application/json",
                                   "buffer": b'{"format": "something else"}'}])
    refused = page.locator(".notice-home .notice.error")
    refused.wait_for(timeout=30_000)
    assert "cannot be loaded" in refused.inner_text() and "Nothing was changed" in refused.inner_text()
    picker.set_input_files(files=[{"name": "mine.json", "mimeType": "application/json",
                                   "buffer": text.encode("utf-8")}])
    page.locator(".notice-home .notice", has_text="Progress imported").wait_for(timeout=30_000)

    # a reload: the map is still there (kept in the browser)
    B.open_until_interactive(page, page.url.split("#")[0])
    tap(page, page.locator('.job-card button[data-act="job"][data-value="practice"]'), touch)
    page.locator(".mastery-detail > summary").wait_for(timeout=60_000)
    tap(page, page.locator(".mastery-detail > summary"), touch)
    page.locator(".mastery-rules td", has_text="right, ").first.wait_for(timeout=30_000)
    assert page.locator(".mastery-rules td", has_text="right, ").count() == answered_before(text)
