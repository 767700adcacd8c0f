"""A quiz for a table (issue 32, item 4) in the compiled app: a teacher's quiz link opened in a
fresh browser, at a phone size (touch) and a desktop size, gives the questions the practice
package makes from the link's token under CPython (same clauses, same seeds), one after the
other, and at the end the learner's own score."""

import pytest

from practice.quiz import Quiz

from .axe_support import DESKTOP, PHONE, axe_violations, save_shot

PART = ".view-practice"
TOKEN = Quiz.make(["H-T1", "H-A1", "H-D1"], seed=42, length=3).token


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_teachers_quiz_link_gives_the_same_questions_and_a_score(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    drills = Quiz.from_token(TOKEN).drills()
    page = open_app("#" + TOKEN, device=size)
    page.locator('.pt-app[data-job="practice"]').wait_for(timeout=60_000)
    right = 0
    for number, drill in enumerate(drills, 1):
        where = page.locator(f"{PART} .practice-quiz-where")
        where.filter(has_text=f"Question {number} of {len(drills)}").wait_for(timeout=30_000)
        assert page.locator(f"{PART} .practice-question").inner_text() == drill.question
        if number == 1:
            save_shot(page, f"table-quiz-{name}")
        first = drill.choices[0].key
        tap(page, page.locator(f'{PART} .practice-choice[data-value="{first}"]'), touch)
        if drill.several:  # the pick is drawn (the part is drawn again), then Check
            page.locator(f'{PART} .practice-choice[data-value="{first}"][aria-pressed="true"]').wait_for(
                timeout=30_000)
            tap(page, page.locator(f"{PART} .practice-check"), touch)
        page.locator(f"{PART} .practice-verdict").wait_for(timeout=30_000)
        right += drill.grade([first]).correct
        tap(page, page.locator(f"{PART} .practice-next"), touch)
    score = page.locator(f"{PART} .practice-quiz-where", has_text="Your score")
    score.wait_for(timeout=30_000)
    assert score.inner_text() == f"Your score: {right} of {len(drills)} right"
    save_shot(page, f"table-quiz-score-{name}")
    assert axe_violations(page, ["pt-app"]) == []
