"""The table's rules on one page (issue 35, point 3), printed by Chromium: every preset of every
game, with a long table name and every option changed, is one A4 page and one Letter page;
the page is axe-clean and readable on a phone and a desktop screen (screenshots looked at).

The sheet is the page ``palace-tutor sheet --out`` writes and the app opens (the same
``sheet_html``), so this needs Chromium but not the built site.
"""

from __future__ import annotations

import re

import pytest

from rules.games import game_ids, get_family
from rules.options import MAX_NAME
from tutor.model.rules_sheet import rules_sheet
from tutor.views.sheet import sheet_html

from . import a11y
from .axe_support import DESKTOP, PHONE


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF as Chromium writes it: one ``/Type /Page`` object each (``/Pages`` is the tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def every_option_changed(game: str, variant: str) -> dict[str, str]:
    """As many options as go together changed from the preset, each to its longest-worded other choice."""
    preset = get_family(game).presets[variant]
    chosen: dict[str, str] = {}
    for opt in type(preset).OPTIONS:
        book = opt.token(opt.value_of(preset))
        others = sorted((c for c in opt.choices if c.token != book), key=lambda c: -len(c.meaning))
        for choice in others[:1]:
            try:
                preset.with_options({**chosen, opt.name: choice.token})
            except ValueError:  # it conflicts with a choice already made
                continue
            chosen[opt.name] = choice.token
    return chosen


SHEETS = [(game, variant) for game in game_ids() for variant in get_family(game).presets]


@pytest.fixture(scope="module")
def page(chromium):
    context = chromium.new_context(viewport={"width": 700, "height": 990})  # an A4 page inside its margins
    page = context.new_page()
    page.emulate_media(media="print")
    yield page
    context.close()


@pytest.mark.parametrize("game, variant", SHEETS)
def test_the_sheet_prints_on_one_page(page, game, variant):
    for options, name in (({}, ""), (every_option_changed(game, variant), "W" * MAX_NAME)):
        page.set_content(sheet_html(rules_sheet(game, variant, options, name)))
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "wider than the paper"
        for paper in ("A4", "Letter"):
            pages = pdf_pages(page.pdf(format=paper))
            assert pages == 1, f"{game} {variant} {options or 'as written'} on {paper}: {pages} pages"


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_sheet_on_screen_is_readable_and_axe_clean(chromium, device, label):
    context = chromium.new_context(**device)
    try:
        page = context.new_page()
        page.set_content(sheet_html(rules_sheet("palace", "caron", {"four-of-a-kind": "anytime"}, "Friday table")))
        heading = page.get_by_role("heading", level=1)
        assert heading.inner_text() == "Palace: Friday table" and a11y.in_view(page, heading)
        assert a11y.in_view(page, page.get_by_role("button", name="Print this page"))
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        a11y.assert_axe_clean(page, f"rules sheet ({label})")
        a11y.shot(page, f"gamenight-sheet-{label}")
    finally:
        context.close()


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_play_setup_opens_the_sheet_of_the_rules_being_set_up(open_app, device, label):
    from .tutor_page import go, wait_settled

    page = open_app(device=device)
    go(page, "play")
    page.locator(".play-game select").select_option("palace")
    page.locator(".table-palace").wait_for(timeout=60_000)
    wait_settled(page)
    page.locator(".table-setup > summary").click()
    page.locator(".table-setup[open] .setup-form").wait_for(timeout=30_000)
    page.locator(".free-variant select").select_option("caron")
    link = page.locator(".rules-sheet a.sheet-link[href^='blob:']")
    link.wait_for(timeout=30_000)
    wait_settled(page)
    link.scroll_into_view_if_needed()
    assert link.inner_text() == "The rules on one page (to print)" and a11y.in_view(page, link)
    a11y.shot(page, f"gamenight-sheet-link-{label}")
    with page.context.expect_page() as opened:
        link.click()
    sheet = opened.value
    sheet.wait_for_load_state()
    # palace-of-caron.txt § Card Values (3): the three is shown to a player, who may send it back
    assert sheet.get_by_role("heading", level=1).inner_text().startswith("Palace: ")
    assert "shown to a chosen player" in sheet.locator("main").inner_text()
    assert pdf_pages(sheet.pdf(format="A4")) == 1
