"""The page people meet (issue 13), on a phone (390x844, touch) and a desktop (1280x900).

One loaded page per device for the module, walked through every view: the first
screen, Learn (with its drawer on a phone), Play and Settle a hand. On each view:
what a person must see is inside the viewport, axe-core finds no serious or
critical violation, and a screenshot is saved (test-results/screenshots/).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .a11y import assert_axe_clean, in_view, seen_unscrolled, shot
from .tutor_page import close_drawer, go, heading, link_value, open_drawer_tab, wait_settled


@pytest.fixture(scope="module", params=["phone", "desktop"])
def device(request):
    return request.param, request.getfixturevalue(f"{request.param}_page")


def tap(page, locator) -> None:
    """A finger on a phone, a mouse click on a desktop."""
    if page.viewport_size["width"] < 600:
        locator.tap()
    else:
        locator.click()


def test_the_first_screen_offers_the_three_jobs_and_a_guide_to_each_game(device):
    name, page = device
    assert page.locator('.pt-app[data-job="home"]').count() == 1
    for job in ("learn", "play", "settle"):
        assert in_view(page, page.locator(f".pt-top .job-{job}")), job          # the header's jobs
        assert page.locator(f".job-card-{job} h2").is_visible()
    assert in_view(page, page.locator(".job-card-learn .primary"))
    if name == "desktop":  # side by side: all three answers on the first screen
        for job in ("learn", "play", "settle"):
            assert in_view(page, page.locator(f".job-card-{job} .primary"))
    assert page.locator(".view-debug").is_hidden() and page.locator(".smoke").is_hidden()
    assert_axe_clean(page, f"first screen ({name})")
    shot(page, f"home-{name}")
    # a game's guide: how a game goes and the words the lessons use
    guide = page.locator(".guide-palace-poker")
    tap(page, guide.locator("summary"))
    banner = guide.locator("dt", has_text="banner").first
    banner.wait_for()
    banner.scroll_into_view_if_needed()
    assert in_view(page, banner) and "§ The Deal" in guide.locator("dd").first.inner_text()
    assert guide.locator(".how-to li").count() >= 5
    assert_axe_clean(page, f"first screen, a guide open ({name})")
    shot(page, f"home-guide-{name}")
    tap(page, guide.locator("summary"))


def test_learn_keeps_the_table_and_the_step_controls_on_screen(device):
    name, page = device
    tap(page, page.locator(".pt-top .job-learn"))  # the header's Learn: the lessons (the card starts a course)
    page.locator('.pt-app[data-job="learn"]').wait_for()
    page.locator(".narration .heading").wait_for()
    wait_settled(page)
    first = heading(page)
    for k in (1, 2, 3):
        tap(page, page.locator(".nav-next button"))
        page.locator(".where-text", has_text=f"Step {k} of ").wait_for()
        wait_settled(page)
        for part in (".nav-next button", ".nav-prev button", ".controls .where", ".narration .heading"):
            assert in_view(page, page.locator(part)), f"{part} after {k} steps ({name})"
        assert heading(page) != first
    assert in_view(page, page.locator(".game-table .instruction"))
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0   # the page itself never scrolls
    for button in page.locator(".controls button:visible").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44
    assert_axe_clean(page, f"Learn ({name})")
    shot(page, f"learn-{name}")
    open_drawer_tab(page, "steps")
    assert page.locator(".step-list .item.current").is_visible()
    assert_axe_clean(page, f"Learn, the steps ({name})")
    shot(page, f"learn-steps-{name}")
    open_drawer_tab(page, "lines")  # the tree is drawn the first time its tab shows (issue 17)
    expect(page.locator(".tree-list .item.current")).to_be_visible(timeout=30_000)
    assert_axe_clean(page, f"Learn, the lines ({name})")
    shot(page, f"learn-lines-{name}")
    open_drawer_tab(page, "share")
    expect(page.locator(".share-link")).to_be_visible(timeout=30_000)
    assert_axe_clean(page, f"Learn, sharing ({name})")
    shot(page, f"learn-share-{name}")
    if name == "phone":
        page.keyboard.press("Escape")
        page.locator(".pt-app.drawer-open").wait_for(state="detached")
    close_drawer(page)
    assert in_view(page, page.locator(".nav-next button"))


def test_play_deals_a_table_in_one_tap_and_says_who_does_what(device):
    name, page = device
    go(page, "play")
    page.locator(".game-table .instruction").wait_for()
    said = page.locator(".game-table .instruction").inner_text()
    assert ": " in said                                       # "Ann: buy a soldier, ..."
    assert in_view(page, page.locator(".new-deal"))
    assert "#" not in link_value(page)                        # a game on: no link (it would hold the deal)
    table = page.locator(".game-table .table-root")
    before = table.inner_text()
    tap(page, page.locator(".new-deal"))
    expect(table).not_to_have_text(before, timeout=60_000)     # another shuffle
    wait_settled(page)
    assert ": " in page.locator(".game-table .instruction").inner_text()   # dealt up to its first decision
    # the moves of the person to act are in sight without scrolling (on a phone the table's
    # window is short: the new position scrolls them in)
    moves = page.locator(".game-table .actions:not(.charts)").last
    expect(moves).to_be_visible()
    # the page brings them in at the next frame, and again 0.3 s later: a few seconds at most
    for _ in range(30):
        if seen_unscrolled(moves, min_height=10_000):
            break
        page.wait_for_timeout(100)
    assert seen_unscrolled(moves, min_height=10_000), "the table's moves are below its window"
    assert_axe_clean(page, f"Play ({name})")
    shot(page, f"play-{name}")
    tap(page, page.locator(".table-setup > summary"))
    assert page.locator(".free-players input").is_visible()
    assert_axe_clean(page, f"Play, the table setup ({name})")
    shot(page, f"play-setup-{name}")
    tap(page, page.locator(".table-setup > summary"))


def test_settle_a_hand_shows_the_checker(device):
    name, page = device
    go(page, "settle")
    assert in_view(page, page.locator(".view-settle h1"))
    page.locator(".checker").wait_for()
    assert page.locator(".checker").is_visible()
    assert_axe_clean(page, f"Settle a hand ({name})")
    shot(page, f"settle-{name}")
    go(page, "home")
    assert page.locator(".home-title").is_visible()


def test_the_four_colour_deck_is_one_tap_and_stays_on(desktop_page):
    page = desktop_page
    go(page, "learn")
    club = page.locator('.game-table .card.black[data-card$="c"]').first
    club.wait_for()
    two_colours = club.evaluate("el => getComputedStyle(el).color")
    page.locator(".deck-colours").click()
    assert page.locator(".deck-colours").get_attribute("aria-pressed") == "true"
    assert club.evaluate("el => getComputedStyle(el).color") == "rgb(20, 105, 47)" != two_colours
    assert page.evaluate("() => localStorage.getItem('pt-four-colour')") == "1"
    page.locator(".deck-colours").click()
    assert club.evaluate("el => getComputedStyle(el).color") == two_colours
