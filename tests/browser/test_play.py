"""Play against the computer in the built site, on a phone (390x844, touch), issue 15:

* a whole game of Palace (house rules, heads-up) against the computer, played to the end by
  tapping: the computer's moves one tap each ("Ben's move"), the person's turns by tapping a
  card the page outlines as playable and its play button (or a legal action button), a hint
  shown and followed once ("Play it");
* the finished game is a study: Share gives its link, and the link opens the same study (the
  same moves in Lines) in a fresh page;
* pass-and-play between two people: after Ann's move a screen names Dave and covers the cards
  until Dave taps it;
* the computer's decision time in the compiled app (Pyodide worker) is printed per level.

Screenshots go to /tmp/play-shots/ (look at them). Costs about 2-4 min on the shared 2-core
machine (two page loads and a game of some 150 round trips to the worker).
"""

from __future__ import annotations

import statistics
from pathlib import Path

from .a11y import assert_axe_clean, in_view
from .axe_support import PHONE
from .tutor_page import go, link_value, open_drawer_tab, tree_labels, wait_settled

SHOTS = Path("/tmp/play-shots")
TOP_JS = """([x, y]) => {
  let el = document.elementFromPoint(x, y);
  while (el && el.shadowRoot) {            // down through the shadow roots to what is drawn there
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) { break; }
    el = inner;
  }
  return Boolean(el && el.closest('.handover'));
}"""
LIMIT = 600  # round trips: far more than a heads-up game takes


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def strip(page):
    return page.locator(".players-strip .strip-root")


def node(page) -> str:
    return strip(page).get_attribute("data-node")


def wait_moved(page, old: str) -> None:
    """Until both the table and the strip show a position other than ``old``."""
    page.locator(f'.players-strip .strip-root:not([data-node="{old}"])').wait_for(timeout=60_000)
    page.locator(f'.game-table .table-root:not([data-node="{old}"])').wait_for(timeout=60_000)
    new = node(page)
    page.locator(f'.game-table .table-root[data-node="{new}"]').wait_for(timeout=60_000)


def deal(page, names: list[str], levels: list[str], game: str = "palace", seed: int = 7) -> None:
    """A new table of ``game`` for ``names``, then who plays each seat, by taps."""
    go(page, "play")
    page.locator(".play-game select").select_option(game)
    page.locator(f".game-table.table-{game}").wait_for(timeout=60_000)
    wait_settled(page)
    page.locator(".table-setup > summary").tap()
    page.locator('input[name="players"]').fill(", ".join(names))
    page.locator('input[name="seed"]').fill(str(seed))       # the same shuffle every run
    page.locator(".free-start").tap()
    page.locator(f'.players-strip select.seat-level[data-seat="{len(names) - 1}"]').wait_for(state="attached")
    page.locator(f'.players-strip select.seat-level[data-seat="{len(names)}"]').wait_for(state="detached")
    wait_settled(page)
    page.locator(".players-setup > summary").tap()
    for seat, level in enumerate(levels):
        page.locator(f'.players-strip select.seat-level[data-seat="{seat}"]').select_option(level)
    shot(page, f"{game}-players-form")
    page.locator('.players-strip button[data-act="start"]').tap()
    page.locator('.players-strip .strip-root:not([data-turn="off"])').wait_for(timeout=60_000)
    wait_settled(page)


def person_taps_a_legal_play(page) -> None:
    """Whatever legal play the page offers: an outlined card and its play button, else a legal
    action button, else (choosing face-up cards) the coach's move."""
    old = node(page)
    card = page.locator(".game-table .seat.front button.card.playable")
    if card.count():
        card.first.tap()
        if page.locator(f'.game-table .table-root[data-node="{old}"]').count():
            go_on = page.locator(".game-table .actions .act.primary.legal")
            try:
                go_on.first.wait_for(timeout=20_000)
            except Exception:
                pass
            if page.locator(f'.game-table .table-root[data-node="{old}"]').count() and go_on.count():
                go_on.first.tap()
    elif page.locator(".game-table .actions .act.legal").count():
        page.locator(".game-table .actions .act.legal").first.tap()
    else:
        page.locator(".players-strip button.hint").tap()
        page.locator(".players-strip .follow-hint").tap()
    wait_moved(page, old)


def test_a_game_of_palace_against_the_computer_to_the_end_then_shared(open_app, report):
    page = open_app(device=PHONE)
    deal(page, ["Ann", "Ben"], ["person", "beginner"])
    shot(page, "palace-first-turn")
    hinted = computer = person = 0
    ms: list[float] = []
    for _ in range(LIMIT):
        turn = strip(page).get_attribute("data-turn")
        if turn == "over":
            break
        old = node(page)
        if turn == "computer":
            button = page.locator(".players-strip .their-move")
            assert in_view(page, button) and button.inner_text() == "Ben's move ▶"
            button.tap()
            wait_moved(page, old)
            ms.append(float(strip(page).get_attribute("data-decision-ms")))
            assert page.locator(".players-strip .last-move").inner_text().startswith("Ben: ")
            computer += 1
            if computer == 3:
                shot(page, "palace-after-computer-move")
        else:
            assert turn == "person"
            # Ann's own cards are shown (the legal ones outlined), Ben's hand is face down
            assert page.locator('.game-table .seat[data-seat="1"] .hand-zone .card.back').count() >= 0
            assert page.locator('.game-table .seat[data-seat="1"] .hand-zone .card:not(.back)').count() == 0
            if person == 4 and not hinted:
                page.locator(".players-strip button.hint").tap()
                text = page.locator(".players-strip .hint-text")
                text.wait_for(timeout=60_000)
                assert in_view(page, text) and len(text.inner_text()) > 20
                shot(page, "palace-hint")
                page.locator(".players-strip .follow-hint").tap()
                wait_moved(page, old)
                hinted += 1
            else:
                person_taps_a_legal_play(page)
            person += 1
            if person == 6:
                shot(page, "palace-person-turn")
    assert strip(page).get_attribute("data-turn") == "over", "the game did not end"
    assert hinted == 1 and computer > 5 and person > 5
    report(f"Palace house heads-up vs beginner: {person} taps of Ann, {computer} computer moves; "
           f"decision+play in the worker median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms")
    over = page.locator(".game-table .over")
    assert in_view(page, page.locator(".play-extra .open-share")) and over.count() == 1
    shot(page, "palace-over")
    assert_axe_clean(page, "Play against the computer, game over (phone)")

    page.locator(".play-extra .open-share").tap()
    page.locator('.tab-panel.on[data-tab-panel="share"]').wait_for()
    link = link_value(page)
    shot(page, "palace-share")
    open_drawer_tab(page, "lines")
    rows = tree_labels(page)
    assert len(rows) > computer + person
    fresh = open_app("#" + link.split("#", 1)[1], device=PHONE)
    fresh.locator(".game-table .over").wait_for(timeout=60_000)
    wait_settled(fresh)
    open_drawer_tab(fresh, "lines")
    assert tree_labels(fresh) == rows and link_value(fresh) == link
    assert fresh.locator(".game-table .over").inner_text() == over.inner_text()
    shot(fresh, "palace-link-opened")


def test_pass_and_play_hides_the_cards_until_the_next_person_taps(open_app):
    page = open_app(device=PHONE)
    deal(page, ["Ann", "Dave"], ["person", "person"])
    first = page.locator(".game-table .table-root").get_attribute("data-seat")
    for _ in range(60):
        old = node(page)
        person_taps_a_legal_play(page)
        if strip(page).get_attribute("data-turn") == "pass":
            break
        assert node(page) != old
    screen = page.locator(".players-strip .handover")
    assert screen.is_visible()
    name = "Dave" if first == "0" else "Ann"
    assert screen.locator("h2").inner_text() == f"Pass the phone to {name}"
    # the screen covers the cards: what is drawn where any card of the table is, is the screen
    for card in page.locator(".game-table .card").all()[:6]:
        b = card.bounding_box()
        if b is None or b["y"] > 844 or b["y"] + b["height"] < 0:
            continue
        covered = page.evaluate(TOP_JS, [b["x"] + b["width"] / 2, max(b["y"], 0) + 2])
        assert covered, f"a card at {b} is not covered by the hand-over screen"
    shot(page, "pass-the-phone")
    assert_axe_clean(page, "Pass-and-play hand-over (phone)")
    screen.locator("button.taken").tap()
    screen.wait_for(state="detached")
    page.locator(f'.game-table .table-root[data-seat="{1 - int(first)}"]').wait_for()
    assert strip(page).get_attribute("data-turn") == "person"
    shot(page, "pass-taken")


TIMED = (("palace", ["Ann", "Ben"]), ("palace-poker", ["Ann", "Ben"]), ("kings-pot", ["Ann", "Ben", "Cleo"]))
MOVES = 20  # computer moves timed per game and level


def test_the_computers_decision_time_in_the_worker(open_app, report):
    """Not a timed test: prints what each level takes in the compiled app (the model's own
    clock around one move: the seat's view, the decision and playing it into the study)."""
    page = open_app(device=PHONE)
    lines = []
    for game, names in TIMED:
        for level in ("beginner", "standard", "strong"):
            deal(page, names, [level] * len(names), game=game)
            ms = []
            moves = MOVES * (3 if game == "palace" else 1)  # Palace's costly decisions come after the opening
            for _ in range(3 * moves):
                if len(ms) == moves:
                    break
                if strip(page).get_attribute("data-turn") == "over":
                    if not page.locator(".play-extra .next-deal").count():
                        break
                    old = node(page)
                    page.locator(".play-extra .next-deal").tap()      # the next hand, same players
                    page.locator('.players-strip .strip-root:not([data-turn="over"])').wait_for(timeout=60_000)
                    continue
                old = node(page)
                page.locator(".players-strip .their-move").tap()
                wait_moved(page, old)
                ms.append(float(strip(page).get_attribute("data-decision-ms")))
            assert ms, f"{game}: the computer did not move"
            ms.sort()
            lines.append(f"{game}/{level}: {len(ms)} moves, median {statistics.median(ms):.0f} ms, "
                         f"max {ms[-1]:.0f} ms")
    shot(page, "kings-pot-all-computer")
    report("computer move in the worker (view + decision + play): " + "; ".join(lines))


def test_a_hand_of_palace_poker_and_a_deal_of_kings_pot_against_the_computer(open_app, report):
    """Short games of the other two against the computer: the person follows the coach each
    turn (Hint, then Play it), the computer's moves one tap each, to the end of the hand."""
    page = open_app(device=PHONE)
    for game, names, levels in (("palace-poker", ["Ann", "Ben"], ["person", "standard"]),
                                ("kings-pot", ["Ann", "Ben", "Cleo"], ["person", "beginner", "strong"])):
        deal(page, names, levels, game=game)
        taps = 0
        for _ in range(LIMIT):
            turn = strip(page).get_attribute("data-turn")
            if turn == "over":
                break
            old = node(page)
            if turn == "computer":
                page.locator(".players-strip .their-move").tap()
            else:
                assert turn == "person"
                page.locator(".players-strip button.hint").tap()
                page.locator(".players-strip .hint-text").wait_for(timeout=60_000)
                if taps == 1:
                    shot(page, f"{game}-hint")
                page.locator(".players-strip .follow-hint").tap()
            wait_moved(page, old)
            taps += 1
            if strip(page).get_attribute("data-turn") == "over" and taps < 8:
                assert in_view(page, page.locator(".play-extra .next-deal"))
                shot(page, f"{game}-over")
                page.locator(".play-extra .next-deal").tap()           # a short hand: play the next one too
                page.locator('.players-strip .strip-root:not([data-turn="over"])').wait_for(timeout=60_000)
        assert strip(page).get_attribute("data-turn") == "over", f"{game}: the hand did not end"
        assert in_view(page, page.locator(".play-extra .next-deal"))
        shot(page, f"{game}-over")
        report(f"{game}: played to the end of a hand in {taps} taps")
