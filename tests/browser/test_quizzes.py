"""Quizzes that ask (issue 13.3) in the compiled app, at a phone size (touch) and a
desktop size: each kind of question answered wrong, then right, with nothing on
screen giving the answer away before.

Each question is opened from a link made under CPython at its position (the
stop before the step it asks about): the first in the address, the others
pasted into the Share tab's open-link box, so one page load serves the four
kinds:

* choice: "How much does each player ante at $5/$10?" (pp-banner-deal), while
  the table would have offered "Everyone antes 2";
* several moves picked together: "What may Ann do ...?" (pl-one-position-house);
* battle-winner with options: "Frank calls. Who wins ...?" (pp-four-jacks),
  while the table would have said "If called now: ...";
* outcome, typed: "How much must she put in to call?" (pp-no-limit-call).

The right answers come from the lessons (checked against the engine by the
loader), the wrong ones are the lesson's other options.
"""

import pytest

from tutor.model.catalog import Catalog
from tutor.model.share import encode_link
from tutor.model.study import Study

from .axe_support import DESKTOP, PHONE, axe_violations, save_shot
from .a11y import seen_unscrolled
from .tutor_page import close_drawer, open_drawer_tab, wait_settled

QUIZ = ".quiz-box"
GIVEAWAYS = ".game-table .legal, .game-table .illegal, .game-table .playable, .game-table .pending, " \
            ".game-table button.act[data-key*='|do|']"


def link_at_question(lesson_id, step):
    catalog = Catalog.load()
    lesson = catalog.lesson(lesson_id)
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    study.jump(step - 1) if step else study.jump(-1)
    assert study.quiz.step == step
    return "#" + encode_link(study), lesson.steps[step].quiz, study


def open_question(page, lesson_id, step):
    link, quiz, study = link_at_question(lesson_id, step)
    open_drawer_tab(page, "share")
    page.locator(".open-link-input input").fill(link)
    page.locator(".open-link button").click()
    close_drawer(page)
    page.locator(f"{QUIZ} .quiz-question", has_text=quiz.question[:40]).wait_for(timeout=30_000)
    wait_settled(page)
    return quiz, study


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


def nothing_given_away(page, study, step):
    """While the question is open: no move, mark or verdict on the table, the asked step hidden."""
    assert page.locator(GIVEAWAYS).count() == 0
    table = page.locator(".game-table .board-body").text_content()
    assert "If called now" not in table and "Everyone antes" not in table
    assert "Answer the question first" in table
    asked = page.locator(f'.step-list .item[data-key="{step}"]')   # in the drawer's Steps tab
    assert asked.text_content() == f"{step + 1}. (answer the question first)"
    told = [s.label for s in Study.from_lesson(study.lesson, Catalog.load().family(study.game)).step_items()]
    assert told[step + 1].split(". ", 1)[1] not in page.locator(".step-list").text_content()


def verdict(page, cls):
    box = page.locator(f"{QUIZ} .quiz-verdict.{cls}")
    box.wait_for(timeout=30_000)
    return box.inner_text()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_kind_of_question_wrong_then_right(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    # -- choice: the ante ----------------------------------------------------------------------
    link, quiz, study = link_at_question("pp-banner-deal", 0)
    page = open_app(link, device=size)
    page.locator(f"{QUIZ} .quiz-question", has_text=quiz.question[:40]).wait_for(timeout=60_000)
    wait_settled(page)
    nothing_given_away(page, study, 0)
    question = page.locator(f"{QUIZ} .quiz-question")
    # the question shows in the step bar as the lesson opens, not below its narration's fold
    assert seen_unscrolled(question), "the question is out of sight in the step bar"
    assert seen_unscrolled(page.locator(f'{QUIZ} .quiz-option').first)
    where = page.locator(".controls .where")   # "Start · 14 steps", whole beside Back and Next
    assert where.evaluate("e => e.scrollWidth <= e.clientWidth"), where.inner_text()
    save_shot(page, f"features-quiz-choice-{name}")
    tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="$2.50"]'), touch)
    said = verdict(page, "wrong")
    assert "Try again" in said and "$2" not in said            # the answer is not told
    tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="$2"]'), touch)
    assert verdict(page, "right").startswith("Right.")
    page.locator(".game-table button.act", has_text="Everyone antes 2").wait_for(timeout=30_000)  # moves back
    assert "Score: 0 of 1 right first time" in page.locator(f"{QUIZ} .quiz-score").inner_text()

    # -- several moves picked together -----------------------------------------------------------
    quiz, study = open_question(page, "pl-one-position-house", 0)
    nothing_given_away(page, study, 0)
    options = page.locator(f"{QUIZ} .quiz-option")
    assert options.count() == len(study.quiz.options) > len(quiz.accepted)
    save_shot(page, f"features-quiz-moves-{name}")
    for key in ("play Jd", "play 3d"):
        tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="{key}"]'), touch)
    page.locator(f'{QUIZ} .quiz-option[data-key="play 3d"][aria-pressed="true"]').wait_for(timeout=30_000)
    tap(page, page.locator(f"{QUIZ} .quiz-check"), touch)
    said = verdict(page, "wrong")
    assert "3 allowed moves are still missing" in said
    why = page.locator(f"{QUIZ} .quiz-why li").all_inner_texts()
    assert len(why) == 1 and "lower than a nine" in why[0]      # the engine's reason for the wrong pick
    save_shot(page, f"features-quiz-moves-wrong-{name}")
    for key in ("play 3d", "play 2c", "play Ts", "pickup"):
        tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="{key}"]'), touch)
    page.locator(f'{QUIZ} .quiz-option[data-key="pickup"][aria-pressed="true"]').wait_for(timeout=30_000)
    tap(page, page.locator(f"{QUIZ} .quiz-check"), touch)
    assert verdict(page, "right").startswith("Right: those are all the moves allowed here.")
    page.locator(".game-table .playable").first.wait_for(timeout=30_000)   # the legal glow is back

    # -- battle winner, from options --------------------------------------------------------------
    quiz, study = open_question(page, "pp-four-jacks", 19)
    nothing_given_away(page, study, 19)
    save_shot(page, f"features-quiz-battle-{name}")
    tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="Frank"]'), touch)
    assert "Try again" in verdict(page, "wrong")
    tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="Dave"]'), touch)
    assert verdict(page, "right").startswith("Right.")
    page.locator(".game-table .battle.pending").wait_for(timeout=30_000)

    # -- outcome, typed; then the answer shown on request -----------------------------------------
    quiz, study = open_question(page, "pp-no-limit-call", 2)
    nothing_given_away(page, study, 2)
    typed = page.locator(f"{QUIZ} .quiz-typed")
    typed.fill("100")
    typed.press("Enter")
    assert "Try again" in verdict(page, "wrong")
    typed.fill("$90")
    tap(page, page.locator(f"{QUIZ} .quiz-submit"), touch)
    assert verdict(page, "right").startswith("Right.")
    tap(page, page.locator(f"{QUIZ} .quiz-again"), touch)
    page.locator(f"{QUIZ} .quiz-show").wait_for(timeout=30_000)
    tap(page, page.locator(f"{QUIZ} .quiz-show"), touch)
    page.locator(f"{QUIZ} .quiz-verdict", has_text="The answer is $90.").wait_for(timeout=30_000)
    save_shot(page, f"features-quiz-shown-{name}")
    assert axe_violations(page, ["quiz-box", "step-list"]) == []
