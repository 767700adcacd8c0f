"""Pick up where you left off (issue 35, point 4): a reload or Back into the page is not a
shared link, a saved study says it is one, Back and Forward go to a view and a step as they
were (in the same study: its notes kept), the study's name is said once, and the first
screen's Continue opens the last study without calling it shared."""

from __future__ import annotations

import json

import pytest

from tutor.model.app import TutorApp
from tutor.model.library import Library
from tutor.views.app import TutorView, continue_label

from . import toygame

SHARED = "Opened the shared link."


@pytest.fixture
def app():
    model = TutorApp(toygame.catalog(), library=Library())
    assert model.library.load("")
    model.start("")
    model.open_job("learn")
    return model


def test_a_sent_link_says_it_was_shared_and_a_reload_of_ones_own_says_nothing(app):
    app.study.forward()
    link = app.link()
    sent = TutorApp(app.catalog)
    sent.start("#" + link)
    assert sent.notice.text == SHARED
    reloaded = TutorApp(app.catalog)
    reloaded.start("#" + link, resumed=True)
    assert reloaded.study is not None and reloaded.study.current == app.study.current
    assert reloaded.notice is None and reloaded.job == "learn"


def test_a_reloaded_link_that_is_damaged_still_says_why(app):
    reloaded = TutorApp(app.catalog)
    reloaded.start("#pt1.not-a-study", resumed=True)
    assert reloaded.study is None and "Nothing was changed" in reloaded.notice.text


def test_a_saved_study_opened_says_so_by_its_name_not_shared(app):
    app.study.forward()
    app.study.title = "Friday's lesson"
    entry = app.save_study()
    app.open_job("home")
    app.open_lesson(app.lesson_id)  # another study open meanwhile
    assert app.open_saved(entry.id)
    assert app.notice.text == "Opened \u201cFriday's lesson\u201d from your saved studies."
    assert SHARED not in app.notice.text


def test_back_to_an_earlier_step_moves_in_the_same_study_and_keeps_its_notes(app):
    study = app.study
    first = app.link()
    study.forward()
    study.forward()
    study.set_note("two moves in")
    app.open_job("settle")
    app.visit("learn", "#" + first)
    assert app.job == "learn" and app.study is study and app.study.current == study.tree.root.id
    assert any(node.note == "two moves in" for node in (study.tree[i] for i in study.tree.preorder()))
    assert app.notice is None


def test_back_and_forward_through_views(app):
    app.study.forward()
    where = app.link()
    app.open_job("settle")
    app.visit("home", where)
    assert app.job == "home"
    app.visit("learn", "#" + where)
    assert app.job == "learn" and app.link() == where
    app.visit("settle", where)
    assert app.job == "settle"
    app.visit("cook", where)  # not a view of the app: nothing changes
    assert app.job == "settle"


def test_back_to_a_position_of_another_study_opens_it_quietly(app):
    app.study.forward()
    link = app.link()
    app.open_job("play")  # a dealt table: Play's study
    app.visit("learn", "#" + link)
    assert app.job == "learn" and app.link() == link and app.notice is None


def test_the_study_name_is_said_once():
    model = TutorApp(toygame.catalog())
    page = TutorView(app=model)
    model.open_job("learn")
    lesson = model.study.lesson.title
    model.study.title = lesson  # a saved lesson keeps its lesson's name
    assert page.shell.heading_html == ""
    assert page.shell.title_text.count(lesson) == 1
    model.study.title = "Friday"
    assert page.shell.heading_html.count("Friday") == 1 and page.shell.heading_html.count(lesson) == 1


def test_continue_words_and_the_bridge_keep_the_view_and_the_last_study():
    model = TutorApp(toygame.catalog())
    page = TutorView(app=model)
    model.open_job("learn")
    model.study.forward()
    assert page.bridge.job == "learn" and page.bridge.fragment == model.link()
    assert page.bridge.label == continue_label(model)
    assert model.study.lesson.title in page.bridge.label and "step 1 of" in page.bridge.label
    model.open_job("settle")
    assert page.bridge.job == "settle"
    page.shell.press("job", "home")
    where = model.link()
    fresh = TutorApp(model.catalog)
    fresh_page = TutorView(app=fresh)
    fresh_page.shell.press("continue", where)  # the first screen's Continue
    assert fresh.job == "learn" and fresh.link() == where and fresh.notice is None


def test_the_page_reports_back_and_forward_as_history(monkeypatch):
    model = TutorApp(toygame.catalog())
    page = TutorView(app=model)
    model.open_job("learn")
    first = model.link()
    model.study.forward()
    page.bridge._handle_msg({"kind": "history", "value": json.dumps({"job": "learn", "link": first})})
    assert model.link() == first and model.notice is None
    for bad in ("[" * 5000, "{}", '{"job": 3, "link": ""}', "x" * 300_000):
        page.bridge._handle_msg({"kind": "history", "value": bad})  # nothing happens, nothing breaks
    assert model.link() == first
