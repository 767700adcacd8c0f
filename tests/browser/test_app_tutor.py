"""The tutor in the compiled app (issues 7 and 9), driven as a learner would.

One cold load carries most checks (a load costs 10-30 s): a lesson stepped
with the buttons, the ← → keys and the step list; a branch made by clicking an
action on the table, navigated, sent back to the main line and promoted; an
illegal click and typed notation that does not parse, both refused with
nothing changed; user text that looks like HTML shown as text; export, a bad
import, a good import; truncated, tampered, other-version and foreign links
refused. A second load opens the copied link and must show the same study; a
malformed link typed into the address bar then changes nothing.

Expected values come from CPython running the same models on the same lesson
(the point is that the browser shows exactly what the engine decides), except
the error wording, which is the codec's own contract.
"""

from __future__ import annotations

import time

import pytest

from palace_tutor.site import browser as B
from tutor.model.catalog import Catalog
from tutor.model.share import encode_link, export_text
from tutor.model.study import Study
from tutor.views.tree import row_item

from .tutor_page import (current_row, expected_rows, go, heading, link_value, narration_text, open_drawer_tab,
                         open_lesson, step_expectations, tree_labels, wait_heading, wait_notice, wait_settled)

LESSON = "kp-full-deal"
INJECTION = '<img src=x onerror="window.__pwned=1">'


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def replica(catalog, lesson_id: str) -> Study:
    lesson = catalog.lesson(lesson_id)
    return Study.from_lesson(lesson, catalog.family(lesson.game))


# -- the test ----------------------------------------------------------------------------
def test_lesson_branch_share_and_bad_input(app_page, catalog, report):
    page = app_page
    open_lesson(page, catalog, LESSON)
    model = replica(catalog, LESSON)
    stops = step_expectations(model)

    # -- the lesson's questions: wrong, then right; a wrong move says why ---------------------
    intro = model.quiz.quiz  # asked at the introduction, before step 1's action
    assert intro is not None
    for typed in ("6", "five"):
        expected = model.quiz.answer(typed)
        page.locator(".quiz-box .quiz-typed").fill(typed)
        page.locator(".quiz-box .quiz-submit").click()
        page.locator(".quiz-box .quiz-verdict", has_text=expected.reason[:40]).wait_for()
        assert page.locator(".quiz-box .quiz-verdict").inner_text() == expected.reason
    model.forward()
    page.locator(".nav-next button").click()
    wait_heading(page, stops[1][0])
    # how many cards may Ada buy: every amount the engine considers, the allowed ones picked together
    for picks in (("buy 6",), ("buy 6", "buy 1", "buy 2", "buy 3", "buy 4", "buy 5")):
        for key in picks:   # toggles: the second round takes "buy 6" back out
            model.quiz.toggle(key)
            page.locator(f'.quiz-box .quiz-option[data-key="{key}"]').click()
        page.locator(f'.quiz-box .quiz-option[data-key="{picks[-1]}"][aria-pressed="true"]').wait_for()
        expected = model.quiz.answer()
        page.locator(".quiz-box .quiz-check").click()
        page.locator(".quiz-box .quiz-verdict", has_text=expected.reason[:40]).wait_for()
        assert page.locator(".quiz-box .quiz-verdict").inner_text() == expected.reason
        assert page.locator(".quiz-box .quiz-why li").all_inner_texts() == list(expected.why)
    assert expected.correct
    model.to_start()
    page.locator(".nav-start button").click()
    wait_heading(page, stops[0][0])

    # -- step forward and back: buttons, keys, step list ------------------------------------
    for k in (1, 2, 3):
        page.locator(".nav-next button").click()
        wait_heading(page, stops[k][0])
        assert narration_text(page) == stops[k][1]
    page.locator(".nav-prev button").click()
    wait_heading(page, stops[2][0])
    page.keyboard.press("ArrowRight")
    wait_heading(page, stops[3][0])
    page.keyboard.press("ArrowLeft")
    wait_heading(page, stops[2][0])
    open_drawer_tab(page, "steps")
    page.locator(".step-list .item").nth(6).click()   # the introduction, then steps 1..: index 6 is step 6
    wait_heading(page, stops[6][0])
    assert page.locator(".step-list .item.current").inner_text().startswith("6.")
    page.locator(".step-list .item").nth(3).click()
    wait_heading(page, stops[3][0])
    wait_settled(page)

    # -- branch by clicking an action on the table -------------------------------------------
    model.jump(2)  # step 3 of the lesson, where the page is
    lesson_next = model.tree[model.node.children[0]].text
    legal = [str(a) for a in model.state.legal_actions() if str(a) != lesson_next]
    assert legal, "the lesson position offers no alternative move"
    choice = legal[0]
    branch_point = model.current
    page.locator(f'.game-table button.act.legal[data-key$="|do|{choice}"]').click()
    wait_heading(page, "Your line")
    model.play(model.state.parse_action(choice))
    branch = model.current
    assert tree_labels(page) == expected_rows(model)
    assert current_row(page) == row_item(next(r for r in model.tree.rows() if r.node.id == branch))["label"]
    report(f"branch: clicked {choice!r} at step 3; the tree shows {current_row(page)!r} indented")

    # navigate: to the lesson's own move, and back to the variation
    open_drawer_tab(page, "lines")
    main_label = row_item(next(r for r in model.tree.rows() if r.node.id == model.tree[branch_point].children[0]))
    page.locator(".tree-list .item", has_text=main_label["label"]).first.click()
    wait_heading(page, stops[4][0])
    page.locator(".tree-list .item.variation").first.click()
    wait_heading(page, "Your line")

    # back to the main line in one click, then return and promote
    page.locator(".tree-main button").click()
    wait_heading(page, stops[3][0])
    page.locator(".tree-list .item.variation").first.click()
    wait_heading(page, "Your line")
    page.locator(".tree-promote button").click()
    model.promote(branch)
    wait_settled(page)
    assert tree_labels(page) == expected_rows(model)
    assert model.tree.on_main_line(branch)
    assert page.locator(".tree-promote button").is_disabled()

    # -- an illegal click is refused with the engine's reason; nothing changes -----------------
    illegal = [a for a in model.state.candidate_actions() if not model.state.check(a).legal]
    rows_before, link_before = tree_labels(page), link_value(page)
    if illegal:
        verdict = model.state.check(illegal[0])
        page.locator(f'.game-table button.act.illegal[data-key$="|do|{illegal[0]}"]').click()
        shown = wait_notice(page, "not allowed")
        assert verdict.reason in shown and verdict.ref.words in shown
        assert tree_labels(page) == rows_before and link_value(page) == link_before

    # -- typed notation that does not parse ---------------------------------------------------
    page.locator(".typed summary").click()
    page.locator(".typed-action input").fill("buy lots")
    page.locator(".typed-play").click()
    shown = wait_notice(page, "Could not read that action")
    assert "'buy lots'" in shown and "Nothing was changed" in shown
    assert tree_labels(page) == rows_before and link_value(page) == link_before
    assert heading(page) == model.narration().heading == "Main line"  # the promoted line is the main line now

    # -- user text is text, never HTML --------------------------------------------------------
    page.evaluate("() => { window.__pwned = undefined; }")
    open_drawer_tab(page, "share")
    page.locator(".study-title input").fill(INJECTION)
    page.locator(".study-title input").press("Enter")
    page.locator(".study-heading", has_text=INJECTION).wait_for()
    open_drawer_tab(page, "lines")
    page.locator(".note-input input").fill(INJECTION)
    page.locator(".note-save button").click()
    page.locator(".narration .note", has_text=INJECTION).wait_for()
    model.title = INJECTION
    model.set_note(INJECTION)
    wait_settled(page)
    assert current_row(page).endswith(INJECTION)
    for where in (".study-heading", ".narration", ".tree-list", ".notice-area"):
        assert page.locator(f"{where} img").count() == 0, f"an <img> was created in {where}"
    assert page.evaluate("() => window.__pwned") is None
    good_link = link_value(page)
    assert good_link.endswith("#" + encode_link(model))

    # -- export, a bad import, a good import ---------------------------------------------------
    open_drawer_tab(page, "share")
    with page.expect_download() as download:
        page.locator(".export-file button").click()
    exported = open(download.value.path(), encoding="utf-8").read()
    assert exported == export_text(model)
    bad = exported.replace("\ncurrent: ", "\ncolour: red\ncurrent: ")
    page.locator(".import-file input[type=file]").set_input_files(
        files=[{"name": "bad.palace-tutor.txt", "mimeType": "text/plain", "buffer": bad.encode()}])
    shown = wait_notice(page, "is not a field, a position or a note")
    assert "Line " in shown and "Nothing was changed" in shown
    assert link_value(page) == good_link and tree_labels(page) == expected_rows(model)
    page.locator(".import-file input[type=file]").set_input_files(
        files=[{"name": "good.palace-tutor.txt", "mimeType": "text/plain", "buffer": exported.encode()}])
    wait_notice(page, "Opened the shared file")
    wait_settled(page)
    assert link_value(page) == good_link

    # -- links that must be refused, pasted into the open-link box --------------------------------
    fragment = good_link.split("#", 1)[1]
    cut = len(fragment) // 2
    tampered = fragment[:cut] + ("A" if fragment[cut] != "A" else "B") + fragment[cut + 1:]
    for bad_link, says in ((good_link[:-7], "cut short"), ("#" + tampered, "checksum does not match"),
                           ("#pt2." + fragment[4:], "newer version"), ("#hello", "not a Palace Tutor study link")):
        page.locator(".open-link-input input").fill(bad_link)
        page.locator(".open-link button").click()
        shown = wait_notice(page, says)
        assert "Nothing was changed" in shown
        wait_settled(page)
        assert link_value(page) == good_link and heading(page) == "Main line"

    # -- the copied link reopens the same study (a second load) -----------------------------------
    t0 = time.perf_counter()
    page.goto("about:blank")
    page.goto(good_link)
    B.wait_interactive(page)
    wait_notice(page, "Opened the shared link", timeout_s=60)
    report(f"copied link reopened in {time.perf_counter() - t0:.1f} s (second load, warm cache)")
    wait_settled(page)
    assert heading(page) == "Main line"
    assert tree_labels(page) == expected_rows(model)
    assert current_row(page).endswith(INJECTION)
    assert page.locator(".study-heading .heading").inner_text().startswith(INJECTION)
    assert link_value(page) == good_link

    # -- a malformed link typed into the address bar changes nothing ------------------------------
    page.evaluate("() => { window.location.hash = '#pt1.this-is-not-a-study'; }")
    wait_notice(page, "checksum does not match")
    wait_settled(page)
    assert heading(page) == "Main line" and tree_labels(page) == expected_rows(model)
    page.wait_for_function("(want) => window.location.href === want", arg=good_link, timeout=10_000)


    # -- names typed for a free-play table are text too -------------------------------------------
    page.evaluate("() => { window.__pwned = undefined; }")
    go(page, "play")
    page.locator(".table-setup > summary").click()
    page.locator(".free-players input").fill(f"Ann, {INJECTION}, Cleo")
    page.locator(".free-start").click()
    page.locator(".game-table .seat-name", has_text=INJECTION).first.wait_for()
    wait_settled(page)
    assert INJECTION in page.locator(".game-table .board-body").inner_text()
    assert page.locator(".game-table img").count() == 0
    assert page.evaluate("() => window.__pwned") is None
