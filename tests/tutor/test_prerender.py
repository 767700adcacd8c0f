"""The pre-render (palace_tutor/site/prerender.py): the live page's own state put on the
frame's markup by the page's own code (shell_ui.mjs, under Node). That the browser lays it
out where the app then shows it is tests/browser/test_prerender.py."""

import pytest

pytest.importorskip("panel")

from tutor.model.share import encode_link  # noqa: E402
from tutor.model.study import Study  # noqa: E402
from tutor.views.lesson import narration_html, step_counter  # noqa: E402
from palace_tutor.site.prerender import first_screen_html, static_page, study_screen_html  # noqa: E402
from tutor.views.prerender import page_state  # noqa: E402

from . import toygame  # noqa: E402
from .tables_support import catalog as real_catalog  # noqa: E402

INJECTION = '<img src=x onerror="window.pwned=1">'


def test_the_first_screen_is_the_live_frame_on_the_first_screen():
    state = page_state("", toygame.catalog())
    assert state.ui["job"] == "home" and state.table_html == ""
    html = first_screen_html(toygame.catalog())
    assert html.startswith("<style>") and '<div class="pt-host">' in html
    assert static_page(state) in html and 'data-job="home"' in html
    assert html.count("<main") == 1 and html.count("<header") == 1


def test_a_lesson_link_paints_its_step_with_the_controls_as_the_page_sets_them():
    lesson = toygame.lesson()
    study = Study.from_lesson(lesson, toygame.FAMILY)
    study.jump(1)
    study.title = INJECTION
    html = study_screen_html(encode_link(study), toygame.catalog(lesson))
    assert 'data-job="learn"' in html and f'<span class="where-text">{step_counter(study)}</span>' in html
    assert narration_html(study) in html
    assert 'data-value="learn" aria-current="page"' in html
    assert '<option value="race-basics" selected="">' in html
    assert INJECTION not in html and "&lt;img src=x" in html          # the learner's title, escaped


def test_at_the_start_of_a_lesson_back_is_disabled_and_next_is_not():
    lesson = toygame.lesson()
    html = study_screen_html(encode_link(Study.from_lesson(lesson, toygame.FAMILY)), toygame.catalog(lesson))
    assert '<button type="button" data-act="prev" title="Previous step (← key)" disabled="">' in html
    assert 'data-act="next" title="Next step (→ key)">' in html


def test_a_real_table_sits_in_a_declarative_shadow_root_with_its_stylesheet():
    catalog = real_catalog()
    lesson = catalog.lesson("pl-one-position-house")
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    html = study_screen_html(encode_link(study), catalog)
    assert html.count('<template shadowrootmode="open">') == 1
    assert 'class="table-root"' in html and ".card {" in html and ".ring {" in html


def test_a_link_that_does_not_open_paints_the_first_screen_saying_why():
    html = study_screen_html("pt1.AAAA", toygame.catalog())
    assert 'data-job="home"' in html and 'class="notice error" role="alert"' in html
