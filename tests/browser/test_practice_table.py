"""Practice's drills answered on the table (issue 32) in the compiled app, at a phone size
(touch) and a desktop size: a teacher's quiz link of the house rules' "which may Ann play?"
clause opens a drill whose table shows Ann's cards, the stock and the pile; the learner taps
cards only. The first question: a card that may not be played, then Check: "Not quite.", that
card marked wrong with the engine's reason and rule in its name, the allowed ones marked. The
second: every allowed card, the pile and the stock tapped, then Check: "Right.", and the score.

What is right is computed here from the engine's list of legal moves in a state the test
rebuilds from the drill's position (not the one check the page asks)."""

import pytest

from lessons.model import action_key
from practice.quiz import Quiz
from tutor.model.drill_table import drill_table

from .axe_support import DESKTOP, PHONE, axe_violations, in_viewport, save_shot

PART = ".view-practice"
TOKEN = Quiz.make(["H-G2"], seed=7, length=2).token


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


def allowed(drill) -> set[str]:
    state = drill.position.state()
    legal = {action_key(a) for a in state.legal_actions()}
    return {c.key for c, move in zip(drill.choices, drill.probe) if action_key(state.parse_action(move)) in legal}


def card(key: str) -> str:
    return f'{PART} .practice-table .practice-card[data-value="{key}"]'


def tap_cards(page, keys, touch):
    for key in keys:
        tap(page, page.locator(card(key)).first, touch)
        page.locator(f'{card(key)}[aria-pressed="true"]').first.wait_for(timeout=30_000)   # the pick is drawn


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_drill_answered_by_tapping_the_table(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    first, second = Quiz.from_token(TOKEN).drills()
    page = open_app("#" + TOKEN, device=size)
    page.locator('.pt-app[data-job="practice"]').wait_for(timeout=60_000)
    page.locator(f"{PART} .practice-quiz-where", has_text="Question 1 of 2").wait_for(timeout=60_000)
    assert page.locator(f"{PART} .practice-question").inner_text() == first.question

    # Ann's hand as the question says it, each card a button, the pile and the stock too
    table = page.locator(f"{PART} .practice-table")
    assert in_viewport(table)
    hand = [s.card for z in drill_table(first).zones if z.name == "hand" for s in z.spots]
    drawn = page.locator(f"{PART} .zone-hand .card").evaluate_all("(els) => els.map(e => e.dataset.card)")
    assert drawn == [str(c) for c in hand]
    save_shot(page, f"practice-table-{name}")

    wrong = sorted(k for k in drill_table(first).keys() if k not in allowed(first))[0]
    tap_cards(page, [wrong], touch)
    tap(page, page.locator(f"{PART} .practice-check"), touch)
    verdict = page.locator(f"{PART} .practice-verdict")
    verdict.wait_for(timeout=30_000)
    assert verdict.inner_text() == "Not quite." and in_viewport(verdict)
    marked = page.locator(f"{card(wrong)}.is-wrong")
    label = marked.get_attribute("aria-label")
    reason = first.grade([wrong]).answer.said[wrong].reason
    assert "not allowed" in label and reason in label and "(rule: §" in label
    assert page.locator(f"{PART} .practice-table .practice-card.is-right").count() == len(
        allowed(first) & drill_table(first).keys())
    save_shot(page, f"practice-table-wrong-{name}")
    tap(page, page.locator(f"{PART} .practice-next"), touch)

    page.locator(f"{PART} .practice-quiz-where", has_text="Question 2 of 2").wait_for(timeout=30_000)
    right = allowed(second)
    assert right <= drill_table(second).keys(), "every allowed choice of this drill is on the table"
    tap_cards(page, sorted(right), touch)
    tap(page, page.locator(f"{PART} .practice-check"), touch)
    page.locator(f"{PART} .practice-verdict", has_text="Right.").wait_for(timeout=30_000)
    assert page.locator(f"{PART} .practice-table .practice-card.is-right").count() >= len(right)
    save_shot(page, f"practice-table-right-{name}")
    assert axe_violations(page, ["pt-app"]) == []
    tap(page, page.locator(f"{PART} .practice-next"), touch)
    page.locator(f"{PART} .practice-quiz-where", has_text="Your score: 1 of 2 right").wait_for(timeout=30_000)
