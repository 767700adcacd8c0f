"""The game tables in the compiled app (issue 7: see the table, see why, branch by clicking).

One page for the module (each cold load costs many seconds); every test opens its
position by putting a share link in the address, as a learner pasting a link
would. Expected values come from the engines run by CPython on the host for the
same lesson position: the Palace highlight is compared with the plays the engine
accepts card by card, the battle with the document's first battle (Brad's heart
banner knocks out Frank's 8♥). Timings are printed, never asserted.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from rules.cards import Card
from rules.palace_poker.odds import battle_odds
from tutor.model.share import encode_link

from ..tutor.tables_support import expected_playable, lesson_study
from .tutor_page import wait_settled

ODDS_DATA_JS = """() => {
  for (const doc of Bokeh.documents) {
    for (const m of doc.all_models) {
      if (m.data && m.data.win_to !== undefined) {
        return {opponent: Array.from(m.data.opponent), win_from: Array.from(m.data.win_from),
                win_to: Array.from(m.data.win_to)};
      }
    }
  }
  return null;
}"""

PALACE = ".table-palace"
POKER = ".table-palace-poker"
KINGS = ".table-kings-pot"


def open_position(page, study, ready_selector: str) -> float:
    """Put the study's link in the address; wait until ``ready_selector`` shows and the page has
    settled. Seconds taken (until the selector showed)."""
    t0 = time.perf_counter()
    page.evaluate("(h) => { window.location.hash = h; }", encode_link(study))
    page.locator(ready_selector).first.wait_for(timeout=60_000)
    taken = time.perf_counter() - t0
    # the selector may already show from the position before (the same lesson at another
    # step): a press before the new position lands would be undone by its redraw
    wait_settled(page)
    return taken


def cards(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def test_palace_highlight_is_the_engines_legal_plays_and_a_tap_says_why(app_page_shared, report):
    page = app_page_shared
    study = lesson_study("pl-one-position-house")   # Ann: 2c 3d 7s Ts Jd against a 9h
    state = study.state
    hand = f'{PALACE} .seat[data-seat="{state.to_move}"] .hand-zone'
    opened = open_position(page, study, f'{hand} .card[data-card="Jd"]')
    # the lesson asks what Ann may play here: the table glows once the answer is shown
    page.locator(".quiz-box .quiz-show").click()
    page.locator(f"{hand} .card.playable").first.wait_for(timeout=30_000)

    expected = sorted(str(c) for c in expected_playable(state).elements())
    assert sorted(cards(page, f"{hand} .card.playable")) == expected
    dimmed = sorted(cards(page, f"{hand} .card.dimmed"))
    assert dimmed == sorted(str(c) for c in state.hands[state.to_move] if str(c) not in expected)
    assert dimmed  # the position has both kinds

    # hover text and tap text are the engine's reason
    verdicts = state.card_verdicts()
    low = dimmed[0]
    card = page.locator(f'{hand} .card[data-card="{low}"]')
    assert verdicts[Card.parse(low)].reason in card.get_attribute("title")
    t0 = time.perf_counter()
    card.click()
    page.locator(f"{PALACE} .reason-line", has_text=verdicts[Card.parse(low)].reason).wait_for(timeout=30_000)
    page.locator(f'{hand} .card.selected[data-card="{low}"]').wait_for(timeout=30_000)
    tap_ms = (time.perf_counter() - t0) * 1000

    # trying it anyway: the engine refuses, nothing changes
    page.locator(f"{PALACE} .act.primary").click()
    page.locator(".notice-area .notice.refused").wait_for(timeout=30_000)
    assert verdicts[Card.parse(low)].reason in page.locator(".notice-area .notice.refused").inner_text()
    assert page.locator(f"{PALACE} .pile-zone .card").count() == len(state.pile)

    # a legal play: pick J♦ (the pick starts afresh: another rank), play it, the table moves on
    jack = next(c for c in state.hands[state.to_move] if str(c) == "Jd")
    after = state.apply(state.parse_action("play Jd"))
    page.locator(f'{hand} .card[data-card="Jd"]').click()
    page.locator(f'{hand} .card.selected[data-card="Jd"]').wait_for(timeout=30_000)
    assert cards(page, f"{hand} .card.selected") == ["Jd"]
    t0 = time.perf_counter()
    page.locator(f"{PALACE} .act.primary", has_text=f"Play {jack.label}").click()
    page.locator(f'{PALACE} .pile-zone .card.pile-top[data-card="Jd"]').wait_for(timeout=30_000)
    play_ms = (time.perf_counter() - t0) * 1000
    assert page.locator(f"{PALACE} .pile-zone .card").count() == len(after.pile)
    assert f"{after.names[after.to_move]} to move" in page.locator(f"{PALACE} .status").inner_text()
    report(f"palace table: link -> table {opened:.2f} s; tap -> reason + pick {tap_ms:.0f} ms; "
           f"play -> next position {play_ms:.0f} ms")


def test_a_battle_strikes_through_the_card_the_opponents_banner_excludes(app_page_shared, report):
    page = app_page_shared
    study = lesson_study("pp-first-round")
    study.jump(6)                                   # Brad has called: the battle is decided
    frank = f'{POKER} .last .side[data-player="Frank"]'
    opened = open_position(page, study, f"{frank} .card.excluded")

    # § Banner Suits: Brad's banner is a heart, so Frank's 8♥ does not count
    assert cards(page, f"{frank} .card.excluded") == ["8h"]
    struck = page.locator(f"{frank} .card.excluded .rank").evaluate("el => getComputedStyle(el).textDecorationLine")
    assert "line-through" in struck
    assert "excluded: Brad's banner is ♥" in page.locator(f"{frank} .excluded-line").inner_text()
    best = sorted(cards(page, f"{frank} .card.best-five"))
    assert best == sorted(str(c) for c in study.state.last_battle.defender.best)

    # the odds chart appears on request, with the engine's exact odds computed in the browser
    t0 = time.perf_counter()
    page.locator(f"{POKER} .odds-button").click()
    page.locator(".odds-chart canvas").first.wait_for(timeout=60_000)
    odds_ms = (time.perf_counter() - t0) * 1000
    drawn = page.evaluate(ODDS_DATA_JS)
    expected = battle_odds(study.state, "Frank")
    assert drawn["opponent"] == [o.opponent for o in expected]
    assert [b - a for a, b in zip(drawn["win_from"], drawn["win_to"])] == pytest.approx(
        [float(o.win) for o in expected], abs=1e-9)

    # the four-of-a-kind exception, called out (pp-four-jacks, the last battle)
    jacks = lesson_study("pp-four-jacks")
    jacks.to_end()
    open_position(page, jacks, f'{POKER} .last .card.quad-exception[data-card="Js"]')
    assert "four-of-a-kind exception" in page.locator(f"{POKER} .last .exception-line").inner_text().lower()
    report(f"poker table: link -> battle {opened:.2f} s; odds button -> chart {odds_ms:.0f} ms")


def test_kings_pot_tableau_lines_labels_and_leader(app_page_shared):
    page = app_page_shared
    study = lesson_study("kp-full-deal")
    study.jump(5)                                   # the first reveal is done
    open_position(page, study, f'{KINGS} .cell.face-up[data-cell="7"]')
    labels = page.locator(f"{KINGS} .cell").evaluate_all("els => els.map(e => e.dataset.label)")
    assert sorted(labels) == sorted(["1"] * 5 + ["2"] * 5 + ["3"] * 5 + ["showdown"] * 10)
    assert page.locator(f"{KINGS} svg.lines line").count() == 12
    board = study.state.board(None)
    leading = page.locator(f"{KINGS} svg.lines line.leading").evaluate_all("els => els.map(e => e.dataset.hand)")
    assert sorted(leading) == sorted(h.key for h in board.leader.hands)
    assert board.leader.reason in page.locator(f"{KINGS} .leader").inner_text()



def test_next_keeps_what_the_person_opened_and_where_the_keyboard_is(app_page_shared):
    """A step redraws the table in place: the list the person opened stays open and
    keeps the keyboard while they step on with the arrow key and the cards move on
    (the table's HTML used to be swapped whole: the list closed and the keyboard fell
    back to the page at every step)."""
    page = app_page_shared
    study = lesson_study("kp-full-deal")
    study.jump(10)                                  # Next turns the second five cards up
    open_position(page, study, f'{KINGS} .cell.face-up[data-cell="7"]')
    page.locator(f"{KINGS} details.hands summary").click()   # opened, and it has the keyboard
    assert page.locator(f"{KINGS} .hands-list li").first.is_visible()

    study.forward()                                 # what the next step shows, as CPython plays it
    face_up = sorted(str(c.index) for c in study.state.board(None).cells if c.face_up)
    page.keyboard.press("ArrowRight")               # Next, from the keyboard
    page.locator(".narration .heading", has_text=study.narration().heading).wait_for(timeout=30_000)
    shown = page.locator(f"{KINGS} .cell.face-up")
    expect(shown).to_have_count(len(face_up), timeout=30_000)
    assert sorted(shown.evaluate_all("els => els.map(e => e.dataset.cell)")) == face_up
    assert page.locator(f"{KINGS} details.hands").evaluate("el => el.open")
    assert page.locator(f"{KINGS} .hands-list li").first.is_visible()
    focused = page.evaluate("""() => { let el = document.activeElement;
                                     while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
                                     return el ? el.tagName : null; }""")
    assert focused == "SUMMARY"


def test_a_player_name_that_looks_like_html_is_shown_as_text(app_page_shared):
    from rules.palace_poker import FAMILY
    from tutor.model.study import Study

    page = app_page_shared
    evil = '<img src=x onerror="window.pwned=1">'
    study = Study.from_setup(FAMILY, "limit", {"seats": [evil, "Ben", "Cleo"], "seed": 3})
    open_position(page, study, f'{POKER} .seat[data-player="Ben"]')
    names = page.locator(f"{POKER} .seat-name").evaluate_all("els => els.map(e => e.textContent)")
    assert names[0] == evil
    assert page.locator(f"{POKER} img").count() == 0
    assert page.evaluate("() => window.pwned") is None
