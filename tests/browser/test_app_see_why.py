""""See why" in the compiled app (issue 7), one cold load:

* Palace: at the same position under the three presets (the "one position"
  lessons), the cards of the mover's hand shown ``playable`` are exactly those
  some legal action of the engine uses, the others are ``dimmed`` with a
  reason; the three presets disagree, and the page follows each.
* At a phone's width (390 px) the page is one column, nothing overflows
  sideways, and the step buttons are at least 44 px.
* Palace Poker: in the battle of ``pp-first-round`` (Brad calls Frank), the
  card the engine excludes (its ``excluded`` event) is drawn struck through,
  saying whose banner excludes it, and nothing else is.

Expected values come from the engine run by CPython on the same lessons.
The table markup read here is the contract documented in tutor/views/cards.py.
"""

from __future__ import annotations

import pytest

from lessons.loader import replay
from tutor.model.catalog import Catalog
from tutor.model.study import Study

from .tutor_page import open_drawer_tab, open_lesson, wait_heading, wait_settled


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def engine_playable(state) -> set[str]:
    """Hand cards that some legal action of the engine uses (by rank: suits never matter in Palace)."""
    ranks = {card.rank for action in state.legal_actions() for card in getattr(action, "cards", ())}
    return {str(card) for card in state.hands[state.to_move] if card.rank in ranks}


def shown(page, cls: str) -> set[str]:
    return set(page.eval_on_selector_all(
        f".table-palace .board-body .card.{cls}[data-zone='hand']", "els => els.map(e => e.dataset.card)"))


def test_palace_highlights_and_battle_exclusions(app_page, catalog, report):
    page = app_page

    # -- Palace: one position, three presets --------------------------------------------------
    answers = {}
    for lesson_id in ("pl-one-position-house", "pl-one-position-caron", "pl-one-position-bga"):
        open_lesson(page, catalog, lesson_id)
        lesson = catalog.lesson(lesson_id)
        state = Study.from_lesson(lesson, catalog.family("palace")).state
        hand = {str(c) for c in state.hands[state.to_move]}
        want = engine_playable(state)
        assert want and want != hand, "the position should have both playable and unplayable cards"
        # the lesson asks what Ann may play here: the table glows once the answer is shown
        page.locator(".quiz-box .quiz-show").click()
        page.locator(".table-palace .board-body .card.playable").first.wait_for()
        assert shown(page, "playable") == want
        assert shown(page, "dimmed") == hand - want
        reasons = page.eval_on_selector_all(".table-palace .board-body .card.dimmed[data-zone='hand']",
                                            "els => els.map(e => e.dataset.reason || '')")
        assert all("rule:" in r for r in reasons), reasons
        answers[lesson.variant] = want
        report(f"{lesson_id}: playable {sorted(want)}")
    assert len({frozenset(v) for v in answers.values()}) > 1, "the presets should disagree here"

    # -- Palace Poker: the battle's excluded card ---------------------------------------------------
    lesson_id = "pp-first-round"
    open_lesson(page, catalog, lesson_id)
    steps = replay(catalog.lesson(lesson_id))
    battle = next(s for s in steps if any(e.kind == "battle-won" for e in s.events))
    excluded = [e for e in battle.events if e.kind == "excluded"]
    assert excluded, "this battle should exclude a card"
    want = {str(card) for e in excluded for card in e.get("cards")}
    open_drawer_tab(page, "steps")
    page.locator(".step-list .item").nth(battle.number).click()  # item 0 is the introduction
    wait_heading(page, f"Step {battle.number} of {len(steps)}")
    wait_settled(page)
    struck = page.locator(".table-palace-poker .board-body .card.excluded")
    assert set(struck.evaluate_all("els => els.map(e => e.dataset.card)")) == want
    verdict = next(e.get("verdict") for e in battle.events if e.kind == "battle-won")
    sides = {verdict.attacker.name: verdict.attacker, verdict.defender.name: verdict.defender}
    for e in excluded:
        opponent = next(name for name in sides if name != e.get("seat"))
        banner = sides[opponent].holding.suit
        for card in e.get("cards"):
            one = page.locator(f".table-palace-poker .board-body .card.excluded[data-card='{card}']").first
            reason = one.get_attribute("data-reason") or one.get_attribute("title")
            assert opponent in reason and banner.symbol in reason, reason
            decoration = one.locator(".rank").evaluate("e => getComputedStyle(e).textDecorationLine")
            assert "line-through" in decoration
    report(f"{lesson_id} step {battle.number}: struck through {sorted(want)}")

    # -- and the same page at a phone's width (same load: loads are slow) ------------------------
    check_phone_width(page)


def check_phone_width(page):
    """At a phone's width the page reflows to one column: nothing wider than the
    screen, the step buttons large enough to tap (44 px), and the step bar under
    the table instead of beside it."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.documentElement.clientWidth === 390")
    page.wait_for_timeout(300)  # one relayout
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for name in ("nav-prev", "nav-next"):
        box = page.locator(f".{name} button").bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44 and box["x"] + box["width"] <= 390
    table = page.locator(".table-slot").bounding_box()
    narration = page.locator(".narration-pane").bounding_box()
    assert narration["y"] >= table["y"] + table["height"] - 1  # stacked, not side by side
