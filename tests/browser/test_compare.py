"""Palace side by side (issue 13.6) in the compiled app, at a phone size (touch) and a
desktop size: the position of the one-position lessons (a 9♥ on the pile, Ann holds
2♣ 3♦ 7♠ 10♠ J♦) under the house, Caron and BGA rules in one view, each rule set's
legal plays and, for each play they disagree on, every rule set's verdict and reason.

The expected plays are the lessons' own quiz answers (pl-one-position-*.toml, checked
against each source's rules by the loader), not this code's output.
"""

import pytest

from tutor.model.catalog import Catalog
from tutor.model.share import encode_link
from tutor.model.study import Study

from .axe_support import DESKTOP, PHONE, axe_violations, in_viewport, save_shot
from .tutor_page import wait_notice, wait_settled


def accepted(catalog, lesson_id):
    return {a for step in catalog.lesson(lesson_id).steps if step.quiz for a in step.quiz.accepted}


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_one_position_under_three_rule_sets(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    catalog = Catalog.load()
    study = Study.from_lesson(catalog.lesson("pl-one-position-house"), catalog.family("palace"))
    page = open_app("#" + encode_link(study), device=size)
    wait_notice(page, "Opened the shared link")
    wait_settled(page)
    header = page.locator(".compare-pane .card-header")
    header.scroll_into_view_if_needed()
    header.tap() if touch else header.click()
    # the lesson asks what Ann may play here: the comparison waits until it is answered
    page.locator(".compare-body .compare-none", has_text="Answer the question first").wait_for(timeout=30_000)
    show = page.locator(".quiz-box .quiz-show")   # in the step bar
    show.scroll_into_view_if_needed()
    show.tap() if touch else show.click()
    view = page.locator(".compare-body .compare-view")
    view.wait_for(timeout=30_000)
    headline = page.locator(".compare-body .compare-headline")
    headline.scroll_into_view_if_needed()
    assert in_viewport(headline)
    assert headline.inner_text().startswith("House rules, Caron's rules and Online (BGA) rules disagree on 6 plays")
    header.scroll_into_view_if_needed()
    for key in ("house", "caron", "bga"):
        shown = page.locator(f".compare-body .rule-set-{key} li").all_inner_texts()
        assert len(shown) == len(accepted(catalog, f"pl-one-position-{key}")), key
    # every disagreement names each rule set's verdict with its reason and rule
    differences = page.locator(".compare-body .differences > li")
    assert differences.count() == 6
    first = differences.first.inner_text()
    # the rule by its section and rule book, never the source's file name (issue 34, point 2)
    assert first.count("allowed") >= 3 and "Palace as played on Board Game Arena" in first and ".txt" not in first
    save_shot(page, f"features-compare-{name}")
    view.scroll_into_view_if_needed()
    assert axe_violations(page, ["compare-pane"]) == []
