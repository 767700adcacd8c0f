"""Journeys of issue 13 in the built offline site, asserting what a person sees.

* A lesson learnt to the end with the keyboard on a desktop, and with taps on a
  phone: every step's heading is the one CPython's study gives, and Next, the
  counter and the narration stay inside the screen; focus is visible.
* Six Palace Poker seats fit a phone screen at every step of a lesson.
* King's Pot on a phone: the grid numbers rows and columns as the narration
  counts them ("row 1, column 1" is where row 1 meets column 1), every badge is
  explained by a legend, nothing is cut off at the right edge.
* Play: a finished King's Pot deal offers the next deal, which carries the
  stacks and the King's pot that nobody won (kings-pot.txt § Winning the King's pot).

One page per device for the module (a cold load costs seconds): about 25 s of
loading and 40-60 s of stepping on the 2-core machine.
"""

from __future__ import annotations

import random

import pytest

from tutor.model.catalog import Catalog
from tutor.model.share import encode_link
from tutor.model.study import Study

from .a11y import assert_axe_clean, box, in_view, seen_unscrolled, shot
from .tutor_page import heading, open_lesson, step_expectations, wait_heading, wait_settled

FOCUSED_OUTLINE_JS = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; }
  const s = getComputedStyle(el);
  return {text: el.textContent.trim(), outline: s.outlineStyle, width: parseFloat(s.outlineWidth)};
}"""


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def replica(catalog, lesson_id: str, step: int | None = None) -> Study:
    lesson = catalog.lesson(lesson_id)
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    if step is not None:
        study.jump(step)
    return study


def open_link(page, study: Study, ready: str) -> None:
    page.evaluate("(h) => { window.location.hash = h; }", encode_link(study))
    page.locator(ready).first.wait_for(timeout=60_000)
    wait_settled(page)


def controls_in_view(page, where: str) -> None:
    for part in (".nav-next button", ".controls .where"):
        assert in_view(page, page.locator(part)), f"{part} is off screen {where}"
    # the step's words start in sight in the bar (or the question asked there, which comes first)
    question = page.locator(".quiz-box .quiz-question")
    assert seen_unscrolled(page.locator(".narration .heading")) or (
        question.is_visible() and seen_unscrolled(question)), f"the narration is scrolled out of sight {where}"
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0, f"the page scrolled {where}"


def test_learn_a_lesson_to_the_end_with_the_keyboard(desktop_page, catalog):
    page = desktop_page
    lesson_id = "pl-bga-example"
    open_lesson(page, catalog, lesson_id)
    stops = step_expectations(replica(catalog, lesson_id))
    page.keyboard.press("ArrowRight")
    wait_heading(page, stops[1][0])
    page.locator(".nav-prev button").focus()
    page.keyboard.press("Tab")                              # to the counter, which opens the steps
    focused = page.evaluate(FOCUSED_OUTLINE_JS)
    assert focused["text"].startswith("Step 1 of") and focused["outline"] != "none" and focused["width"] >= 2
    for k in range(2, len(stops)):
        page.keyboard.press("ArrowRight")
        wait_heading(page, stops[k][0])
        assert page.locator(".narration .text").inner_text() == stops[k][1]
        controls_in_view(page, f"at step {k}")
    assert page.locator(".where-text").inner_text() == f"Step {len(stops) - 1} of {len(stops) - 1}"
    assert page.locator(".nav-next button").is_disabled()
    page.locator(".nav-prev button").focus()
    page.keyboard.press("Enter")                            # a focused button works with Enter
    wait_heading(page, stops[-2][0])
    page.keyboard.press("ArrowLeft")
    wait_heading(page, stops[-3][0])
    assert_axe_clean(page, "Learn, a Palace lesson (desktop)")
    shot(page, "learn-palace-desktop")


def test_learn_a_lesson_to_the_end_with_taps_and_six_seats_fit_a_phone(phone_page, catalog):
    page = phone_page
    lesson_id = "pp-first-round"
    open_lesson(page, catalog, lesson_id)
    stops = step_expectations(replica(catalog, lesson_id))
    for k in range(0, len(stops)):
        if k:
            page.locator(".bar-scroll").evaluate("e => { e.scrollTop = e.scrollHeight; }")  # read to the end
            page.locator(".nav-next button").tap()
            wait_heading(page, stops[k][0])
        controls_in_view(page, f"at stop {k}")
        seats = page.locator(".game-table .seat")
        assert seats.count() == 6
        top = box(page.locator(".table-slot"))["y"]
        bar = box(page.locator(".bar"))["y"]
        for i in range(6):
            seat = box(seats.nth(i))
            assert seat["y"] >= top - 0.5 and seat["y"] + seat["height"] <= bar + 0.5, \
                f"seat {i} is not on the screen at stop {k}: {seat}, table from {top} to {bar}"
            assert seat["x"] >= 0 and seat["x"] + seat["width"] <= 390
        if k == 6:
            shot(page, "learn-poker-battle-phone")
    assert page.locator(".nav-next button").is_disabled()
    assert_axe_clean(page, "Learn, a Palace Poker lesson (phone)")


def test_kings_pot_names_rows_and_columns_as_the_narration_does_and_nothing_is_cut_off(phone_page, catalog):
    page = phone_page
    study = replica(catalog, "kp-full-deal", 5)                 # the first reveal: "Row 1, column 1: five of clubs"
    open_link(page, study, '.table-kings-pot .cell.face-up[data-cell="0"]')
    told = " ".join(e.text for e in study.events_seen())
    assert "Row 1, column 1" in told                              # the engine's words for cell 0
    row1 = page.locator('.table-kings-pot .line-name[aria-label^="row 1,"]')
    col1 = page.locator('.table-kings-pot .line-name[aria-label^="column 1,"]')
    # in words, as the narration says them, over the hand's card (row 1 is the Ace's, column 1 the Six's)
    assert row1.locator(".num").inner_text() == "Row 1" and col1.locator(".num").inner_text() == "Column 1"
    assert row1.locator(".hand").inner_text() == "Ace" and col1.locator(".hand").inner_text() == "Six"
    cell = box(page.locator('.table-kings-pot .cell[data-cell="0"]'))
    r, c = box(row1), box(col1)
    middle = (cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    assert c["x"] <= middle[0] <= c["x"] + c["width"] and r["y"] <= middle[1] <= r["y"] + r["height"]
    for selector in (".cell", ".cell .label", ".line-name"):
        for el in page.locator(f".table-kings-pot {selector}").all():
            b = box(el)
            assert b["x"] >= 0 and b["x"] + b["width"] <= 390, f"{selector} cut off: {b}"
    assert seen_unscrolled(page.locator(".game-table .instruction")), "what to do is out of sight"
    # a tapped line name says the line's hand where it can be read: the grid fills the table's
    # part of a phone's screen and the reason line under it was out of sight
    said = page.locator(".table-kings-pot .reason-line")
    assert said.inner_text() == ""
    row1.tap()
    assert said.inner_text().startswith("Row 1, the ") and "face down" in said.inner_text()
    assert seen_unscrolled(said), "the reason for a tapped line is out of sight"
    shot(page, "learn-kings-pot-line-tapped-phone")
    # by keyboard too: a line name is in the tab order, and focused it says the line's hand
    page.locator(".table-kings-pot .line-name").first.focus()  # the Jack's diagonal, then Tab
    page.keyboard.press("Tab")
    assert col1.evaluate("e => e.matches(':focus-visible')"), "Tab did not go on to column 1"
    assert said.inner_text().startswith("Column 1, the ") and "face down" in said.inner_text()
    assert seen_unscrolled(col1), "the focused line name is out of sight"
    shot(page, "learn-kings-pot-line-focus-phone")
    page.locator(".table-kings-pot .legend summary").tap()
    for meaning in ("the reveal round that turns this cell", "turned only at the showdown", "already face up"):
        assert page.locator(".table-kings-pot .legend dd", has_text=meaning).is_visible()
    assert_axe_clean(page, "Learn, King's Pot (phone)")
    shot(page, "learn-kings-pot-phone")


def finished_kings_pot_table(catalog, seed: int = 5) -> Study:
    """A free King's Pot deal of four played to the end by random legal moves."""
    study = Study.from_setup(catalog.family("kings-pot"), "standard",
                             {"players": ["Ann", "Ben", "Cleo", "Dev"], "seed": seed})
    rng = random.Random(seed)
    while not study.state.is_over:
        assert study.play(rng.choice(study.state.legal_actions())).legal
    return study


def test_a_finished_deal_offers_the_next_deal_which_carries_the_chips(desktop_page, catalog):
    page = desktop_page
    study = finished_kings_pot_table(catalog)
    final = study.state.view(None)
    carried = 0 if final.outcome.kings_pot_won else final.kings_pot
    open_link(page, study, ".play-extra .next-deal")
    assert page.locator('.pt-app[data-job="play"]').count() == 1
    assert in_view(page, page.locator(".play-extra .next-deal"))
    shot(page, "play-deal-over-desktop")
    page.locator(".play-extra .next-deal").click()
    page.locator(".table-kings-pot .badge.kings-pot", has_text=f"King's pot {carried}").wait_for()
    wait_settled(page)
    for seen in final.players:
        money = page.locator(f'.table-kings-pot .seat[data-player="{seen.name}"] .money').inner_text()
        assert money.startswith(f"stack {seen.stack} ")
    assert "buy" in page.locator(".game-table .instruction").inner_text()
    assert seen_unscrolled(page.locator(".game-table .instruction")), "what to do is out of sight"
    assert seen_unscrolled(page.locator(".game-table button.act").first)
    assert heading(page) == "Start"
    assert_axe_clean(page, "Play, King's Pot (desktop)")
