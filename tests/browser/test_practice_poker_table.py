"""Palace Poker's practice table (issue 32) in the compiled app, at a phone size (touch) and a
desktop size, through a teacher's quiz link of two clauses: the banner-exclude drill (PP-36:
which of her cards do not count in this battle?) and a "which may she do now?" drill after a
buy (PP-17). The first question (banner-exclude) is answered wrong by taps: one card of the
opponent's banner suit left untapped and her own banner tapped, then Check: "Not quite.", the
banner marked with the engine's reason and rule. The second (after a buy): every allowed move,
the cards on the table and "keep" from the list of words under it: "Right.". The third
(banner-exclude): every card that does not count tapped: "Right.", and the score.

What is right is computed here, not asked of the page's one check: for the banner-exclude
drill from the source's rule read afresh (§ Banner Suits: a card of the opponent's banner suit
does not count, save the four of a four of a kind), for the moves drill from the engine's list
of legal moves in a state the test rebuilds from the drill's position."""

from collections import Counter

import pytest

from practice.quiz import Quiz
from rules.cards import Card
from tutor.model.drill_table import drill_table

from .axe_support import DESKTOP, PHONE, axe_violations, in_viewport, save_shot
from .test_practice_table import allowed, card, tap   # the helpers of Palace's practice table

PART = ".view-practice"
QUIZ = Quiz.make(["PP-17", "PP-36"], seed=31, length=3)


def left_out(drill) -> set[str]:
    """§ Banner Suits, read here: her cards of the opponent's banner suit, less a four of a kind."""
    attacker, defender, side, *cards = drill.probe
    theirs = defender if side == "attacker" else attacker
    against = Card.parse(theirs.split(":", 1)[1].split("|")[0].strip()).suit
    mine = [Card.parse(c) for c in cards]
    four = {r for r, n in Counter(c.rank for c in mine).items() if n == 4}
    return {c.key for c, card in zip(drill.choices, mine) if card.suit is against and card.rank not in four}


def pick(page, keys, drill, touch):
    """Tap each key: its card on the table, else its button in the list of words."""
    on_table = drill_table(drill).keys()
    for key in keys:
        where = card(key) if key in on_table else f'{PART} .practice-choice[data-value="{key}"]'
        tap(page, page.locator(where).first, touch)
        page.locator(f'{where}[aria-pressed="true"]').first.wait_for(timeout=30_000)   # the pick is drawn


def check(page, touch, words):
    tap(page, page.locator(f"{PART} .practice-check"), touch)
    verdict = page.locator(f"{PART} .practice-verdict", has_text=words)
    verdict.wait_for(timeout=30_000)
    return verdict


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_palace_poker_drills_answered_by_tapping_the_table(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    first, second, third = QUIZ.drills()
    assert (first.kind, second.kind, third.kind) == ("excluded", "moves", "excluded")
    page = open_app("#" + QUIZ.token, device=size)
    page.locator('.pt-app[data-job="practice"]').wait_for(timeout=60_000)
    page.locator(f"{PART} .practice-quiz-where", has_text="Question 1 of 3").wait_for(timeout=60_000)
    assert page.locator(f"{PART} .practice-question").inner_text() == first.question
    assert page.locator(f"{PART} .practice-hint", has_text="Tap every card that does not count").is_visible()

    # the opponent's banner, then hers: every card the question names, each of hers a button
    table = page.locator(f"{PART} .practice-table")
    assert in_viewport(table)
    drawn = page.locator(f"{PART} .practice-table .card").evaluate_all("(els) => els.map(e => e.dataset.card)")
    assert drawn == [str(s.card) for z in drill_table(first).zones for s in z.spots]
    assert page.locator(f"{PART} .practice-table .practice-card").count() == len(first.choices)
    save_shot(page, f"practice-poker-table-{name}")

    right = sorted(left_out(first))
    banner = first.choices[0].key                         # her own banner: it always counts
    pick(page, right[1:] + [banner], first, touch)
    verdict = check(page, touch, "Not quite.")
    assert in_viewport(verdict)
    label = page.locator(f"{card(banner)}.is-wrong").get_attribute("aria-label")
    assert "counts" in label and "(rule: §" in label
    assert page.locator(f"{PART} .practice-table .practice-card.is-right").count() == len(right)
    save_shot(page, f"practice-poker-table-wrong-{name}")
    tap(page, page.locator(f"{PART} .practice-next"), touch)

    page.locator(f"{PART} .practice-quiz-where", has_text="Question 2 of 3").wait_for(timeout=30_000)
    pick(page, sorted(allowed(second)), second, touch)
    check(page, touch, "Right.")
    tap(page, page.locator(f"{PART} .practice-next"), touch)

    page.locator(f"{PART} .practice-quiz-where", has_text="Question 3 of 3").wait_for(timeout=30_000)
    pick(page, sorted(left_out(third)), third, touch)
    check(page, touch, "Right.")
    assert page.locator(f"{PART} .practice-table .practice-card.is-right").count() == len(left_out(third))
    save_shot(page, f"practice-poker-table-right-{name}")
    assert axe_violations(page, ["pt-app"]) == []
    tap(page, page.locator(f"{PART} .practice-next"), touch)
    page.locator(f"{PART} .practice-quiz-where", has_text="Your score: 2 of 3 right").wait_for(timeout=30_000)
