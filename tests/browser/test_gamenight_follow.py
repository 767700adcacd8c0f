"""Follow along (issue 35, point 2) in the built site, at 390x844 (touch) and 1280x900: the QR
code of a lesson step, made in the page (offline), read back by a QR decoder (zxing-cpp, a test
dependency only) to the very link of that step, and that link opened in a fresh browser at the
same step; the same for a teacher's quiz (Practice): its code read back to its link, and the
phone that opens it gets the same questions. The dialog is axe-clean and large; screenshots
under test-results/screenshots/. How long the code took from the tap to its drawing is
printed (a figure, never asserted: ``python -m bench qr_page`` measures it).
"""

from __future__ import annotations

import time

import pytest

from practice.quiz import Quiz

from . import a11y
from .axe_support import DESKTOP, PHONE
from .gamenight import LESSON, catalog, decode, lesson_stops, press
from .tutor_page import link_value, open_drawer_tab, open_lesson, wait_heading, wait_notice, \
    wait_settled


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_steps_qr_code_reads_back_to_its_link_and_opens_there(open_app, site_url, device, label, report):
    stops = lesson_stops()
    page = open_app(device=device)
    open_lesson(page, catalog(), LESSON)
    for stop in (1, 2):
        press(page, page.locator(".nav-next button"))
        wait_heading(page, stops[stop][0])
    wait_settled(page)
    link = link_value(page)  # the share box's address of this step
    open_drawer_tab(page, "share")
    show = page.locator(".share-qr .qr-show")
    show.scroll_into_view_if_needed()
    t0 = time.perf_counter()
    press(page, show)
    code = page.locator("dialog.qr-dialog[open] .qr-code svg")
    code.wait_for(timeout=60_000)
    report(f"QR code of a lesson step, tap to drawn ({label}): {(time.perf_counter() - t0) * 1000:.0f} ms "
           f"(in the page's Python, load {open('/proc/loadavg').read().split()[0]})")
    box = page.locator("dialog.qr-dialog[open] .qr-code")
    assert a11y.in_view(page, box) and box.bounding_box()["width"] >= 0.6 * min(page.viewport_size.values())
    assert page.locator("dialog.qr-dialog[open] .qr-heading").inner_text() == "Scan to open this step"
    a11y.assert_axe_clean(page, f"QR code dialog ({label})")
    a11y.shot(page, f"gamenight-qr-{label}")
    texts = decode(box.screenshot())
    assert texts == [link] and box.get_attribute("data-text") == link
    assert link.startswith(site_url) and "#" in link
    press(page, page.locator("dialog.qr-dialog[open] .qr-close"))
    page.locator("dialog.qr-dialog[open]").wait_for(state="detached")

    # the phone that scanned it: a fresh browser, at the same step, told the link was shared
    other = open_app(link[len(site_url):], device=PHONE)
    wait_notice(other, "Opened the shared link")
    wait_heading(other, stops[2][0])


@pytest.mark.parametrize("device, label", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_quizs_qr_code_reads_back_to_its_link_and_gives_the_same_questions(open_app, site_url, device, label,
                                                                            report):
    """The teacher makes a quiz in Practice (the first rules ticked, shuffle number 42, three
    questions); its QR code, read back by the decoder, is the very link the page shows; the phone
    that scans it (a fresh browser) gets the questions of that quiz: the quiz of the rules ticked,
    that number and length (practice.quiz, under CPython), one after the other."""
    page = open_app(device=device)
    press(page, page.locator('.job-card button[data-act="job"][data-value="practice"]'))
    page.locator(".quiz-make").wait_for(timeout=120_000)
    ticked = page.locator(".quiz-rules input:checked")
    ticked.first.wait_for(timeout=30_000)
    clauses = [ticked.nth(i).get_attribute("value") for i in range(ticked.count())]
    page.locator('.quiz-maker input[name="seed"]').fill("42")
    page.locator('.quiz-maker input[name="length"]').fill("3")
    press(page, page.locator(".quiz-make"))
    show = page.locator(".quiz-qr .qr-show")
    show.wait_for(timeout=60_000)
    link = page.locator(".quiz-qr .share-link").input_value()
    quiz = Quiz.from_token(link.rsplit("#", 1)[1])
    assert (sorted(quiz.clauses), quiz.seed, quiz.length) == (sorted(clauses), 42, 3)
    show.scroll_into_view_if_needed()
    t0 = time.perf_counter()
    press(page, show)
    page.locator("dialog.qr-dialog[open] .qr-code svg").wait_for(timeout=60_000)
    report(f"QR code of a quiz, tap to drawn ({label}): {(time.perf_counter() - t0) * 1000:.0f} ms "
           f"(load {open('/proc/loadavg').read().split()[0]})")
    box = page.locator("dialog.qr-dialog[open] .qr-code")
    assert a11y.in_view(page, box)
    assert page.locator("dialog.qr-dialog[open] .qr-heading").inner_text() == "Scan to open this quiz"
    a11y.assert_axe_clean(page, f"quiz QR code dialog ({label})")
    a11y.shot(page, f"gamenight-quiz-qr-{label}")
    assert decode(box.screenshot()) == [link] and link.startswith(site_url)
    press(page, page.locator("dialog.qr-dialog[open] .qr-close"))

    # the phone that scanned it: a fresh browser, the same questions in the same order
    other = open_app(link[len(site_url):], device=PHONE)
    other.locator('.pt-app[data-job="practice"]').wait_for(timeout=60_000)
    drills = quiz.drills()
    for number, drill in enumerate(drills, 1):
        other.locator(".view-practice .practice-quiz-where",
                      has_text=f"Question {number} of {len(drills)}").wait_for(timeout=30_000)
        assert other.locator(".view-practice .practice-question").inner_text() == drill.question
        if number == 1:
            a11y.shot(other, f"gamenight-quiz-opened-{label}")
        first = drill.choices[0].key
        press(other, other.locator(f'.view-practice .practice-choice[data-value="{first}"]'))
        if drill.several:
            other.locator(f'.view-practice .practice-choice[data-value="{first}"][aria-pressed="true"]').wait_for(
                timeout=30_000)
            press(other, other.locator(".view-practice .practice-check"))
        other.locator(".view-practice .practice-verdict").wait_for(timeout=30_000)
        press(other, other.locator(".view-practice .practice-next"))
    other.locator(".view-practice .practice-quiz-where", has_text="Your score").wait_for(timeout=30_000)
