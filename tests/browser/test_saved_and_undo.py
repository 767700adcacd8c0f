"""Nothing lost (issue 13.5) in the compiled app, at a phone size (touch) and a desktop size.

A study opened from a link (a Palace lesson with a variation of our own and a
note on it, made under CPython). On the table, a second variation is made
(back one step, "Pick up the pile" instead), deleted and brought back by Undo.
Then the noted variation is deleted, the notice quotes the note, Undo brings
the line and its note back, Redo deletes it again and Undo once more. Then the study is saved on the device, the page is reloaded
on another lesson, and the saved study is found in the list and reopened,
variation and note included.
"""

import pytest

from palace_tutor.site import browser as B
from tutor.model.catalog import Catalog
from tutor.model.share import encode_link
from tutor.model.study import Study

from .axe_support import DESKTOP, PHONE, axe_violations, in_viewport, save_shot
from .tutor_page import (close_drawer, expected_rows, go, open_drawer_tab, tree_labels, wait_heading, wait_notice,
                         wait_settled)

NOTE = "keep the 2 for later"


def study_with_a_variation():
    catalog = Catalog.load()
    lesson = catalog.lesson("pl-house-multiples")
    study = Study.from_lesson(lesson, catalog.family("palace"))
    study.jump(0)
    start = study.current
    legal = [a for a in study.state.legal_actions() if study.tree.child_with(start, a) is None]
    study.play(legal[0])
    study.set_note(NOTE)
    return study


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_delete_undo_redo_then_a_saved_study_reopens_after_a_reload(open_app, size, site_url):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    model = study_with_a_variation()
    page = open_app("#" + encode_link(model), device=size)
    wait_notice(page, "Opened the shared link")
    wait_heading(page, "Your line")
    wait_settled(page)
    with_note = expected_rows(model)
    assert tree_labels(page) == with_note and any(NOTE in row for row in with_note)
    noted = model.current

    # branch on the table: back one step, then pick up the pile instead; delete it; undo
    tap(page, page.locator(".nav-prev button"), touch)
    wait_settled(page)
    tap(page, page.locator(".game-table button.act", has_text="Pick up the pile"), touch)
    wait_heading(page, "Your line")
    wait_settled(page)
    model.back()
    model.play(model.state.parse_action("pickup"))
    with_branch = expected_rows(model)
    assert tree_labels(page) == with_branch and len(with_branch) == len(with_note) + 1
    open_drawer_tab(page, "lines")
    tap(page, page.locator(".tree-delete button"), touch)
    wait_notice(page, "Deleted 1 position. Undo brings it back.")
    wait_settled(page)
    assert tree_labels(page) == with_note
    tap(page, page.locator(".tree-undo button"), touch)
    wait_notice(page, "Undone: delete 1 position")
    wait_settled(page)
    assert tree_labels(page) == with_branch
    model.goto(noted)

    # delete the noted variation (from its row): the notice says what went and quotes the note
    tap(page, page.locator(".tree-list .item", has_text=NOTE), touch)
    wait_settled(page)
    tap(page, page.locator(".tree-delete button"), touch)
    shown = wait_notice(page, "Undo brings them back")
    assert f"\u201c{NOTE}\u201d" in shown
    wait_settled(page)
    assert not any(NOTE in row for row in tree_labels(page))
    close_drawer(page)
    with_note = with_branch   # from here on the study has both variations
    notice = page.locator(".notice-area .notice")
    notice.scroll_into_view_if_needed()
    assert in_viewport(notice)
    save_shot(page, f"features-deleted-{name}")

    # undo: the line and its note are back, the cursor on it; redo deletes again; undo once more
    open_drawer_tab(page, "lines")
    tap(page, page.locator(".tree-undo button"), touch)
    wait_notice(page, "Undone: delete 1 position")
    wait_heading(page, "Your line")
    wait_settled(page)
    assert tree_labels(page) == with_note
    tap(page, page.locator(".tree-redo button"), touch)
    wait_notice(page, "Redone: delete 1 position")
    wait_settled(page)
    assert not any(NOTE in row for row in tree_labels(page))
    tap(page, page.locator(".tree-undo button"), touch)
    wait_notice(page, "Undone")
    wait_settled(page)
    assert tree_labels(page) == with_note
    assert page.locator(".tree-redo button").is_enabled()
    save_shot(page, f"features-undone-{name}")

    # save it on this device (the Saved tab)
    open_drawer_tab(page, "saved")
    tap(page, page.locator(".library-save"), touch)
    page.locator(".library-item .library-title", has_text=model.lesson.title).wait_for(timeout=30_000)
    # the item shows as soon as the list is edited; "Saved" only once the device confirms the write
    page.locator(".library-notice", has_text="Saved").wait_for(timeout=30_000)
    save_shot(page, f"features-saved-{name}")
    assert axe_violations(page, ["saved-studies", "tree-pane"]) == []

    # a reload on the first screen (no link in the address): the list is still there
    page.goto("about:blank")
    page.goto(site_url)
    B.wait_interactive(page)
    wait_settled(page)
    go(page, "learn")
    assert model.lesson.title not in page.locator(".narration .heading").inner_text()
    open_drawer_tab(page, "saved")
    item = page.locator(".library-item", has_text=model.lesson.title)
    item.wait_for(timeout=30_000)
    assert "position" in item.locator(".library-meta").inner_text()
    tap(page, item.locator(".library-open"), touch)
    wait_notice(page, "from your saved studies")  # issue 35: a saved study is not a shared link
    wait_heading(page, "Your line")
    wait_settled(page)
    assert tree_labels(page) == with_note
    page.locator(".library-item.open").wait_for(timeout=30_000)
    save_shot(page, f"features-reopened-{name}")
