"""The checker section under CPython: it renders the model's verdict with the
engine's marks, routes taps and typing to the model, and escapes names.
The compiled app is driven in tests/browser/test_checker.py."""

import pytest

pn = pytest.importorskip("panel")

from tutor.model.checker import Checker  # noqa: E402
from tutor.views.checker import CheckerView, FormView, picker_html  # noqa: E402

INJECTION = '<img src=x onerror="window.pwned=1">'


@pytest.fixture
def section():
    view = CheckerView(checker=Checker())
    view._card.collapsed = False  # the content is built on first opening
    return view


def open_mode(section, mode):
    section.checker.mode = mode
    return section._views[mode]


def test_nothing_is_built_until_the_section_opens():
    view = CheckerView()
    assert view._views == {} and view._mode is None
    view._card.collapsed = False
    assert list(view._views) == ["battle"]


def test_the_mode_picker_switches_forms(section):
    section._mode.value = "play"
    assert section.checker.mode == "play" and section._holder.objects == [section._views["play"].__panel__()]


def test_battle_verdict_strikes_through_the_excluded_card_saying_whose_banner(section):
    view = open_mode(section, "battle")
    view.form.example()
    html = view._verdict.object
    assert "Winner: the attacker" in html
    assert 'class="card face red excluded" data-card="Qd"' in html
    assert "attacker&#x27;s banner is ♦ (diamonds)" in html
    assert 'quad-exception best-five" data-card="Js"' in html        # the four-of-a-kind exception
    assert "Rule: palace-poker.txt § Call" in html
    assert view._message.object == ""
    assert "check battle --attacker &#x27;Jd | Js Jh 5d | Jc&#x27;" in view._command.object


def test_kings_in_the_house_marks_the_wild_card(section):
    view = open_mode(section, "battle")
    view.form.set_text("attacker.banner", "5h | Kh 2c 3c | 4c")
    view.form.set_text("defender.banner", "Qs | Qd 9s 8s |")
    view.form.kings_in_the_house = True
    assert 'class="card face red wild best-five" data-card="Kh"' in view._verdict.object


def test_typing_in_a_box_reaches_the_model_and_is_shown_canonically(section):
    view = open_mode(section, "battle")
    view._inputs["attacker.palace"].value = "10h q♠ 9c"
    assert view.form.texts["attacker.palace"] == "Th Qs 9c"
    assert view._inputs["attacker.palace"].value == "Th Qs 9c"


def test_a_bad_token_is_shown_and_the_verdict_stays(section):
    view = open_mode(section, "battle")
    view.form.example()
    verdict = view._verdict.object
    view._inputs["attacker.palace"].value = "Js Zz 5d"
    assert "&#x27;Zz&#x27;" in view._message.object and 'role="alert"' in view._message.object
    assert view._verdict.object == verdict
    assert view._inputs["attacker.palace"].value == "Js Zz 5d"  # left for the player to correct
    view._picker._handle_msg({"key": "2c"})                    # the next good edit resyncs the box
    assert view._inputs["attacker.palace"].value == "Js Jh 5d"


def test_picker_taps_go_to_the_focused_field(section):
    view = open_mode(section, "battle")
    view._focus["defender.banner"].clicks += 1
    assert view.form.focus == "defender.banner" and view._focus["defender.banner"].button_type == "primary"
    view._picker._handle_msg({"key": "Qs"})
    assert view.form.texts["defender.banner"] == "Qs"
    assert view.form.focus == "defender.palace"
    assert 'class="card face black here" data-card="Qs"' not in view._picker.html  # focus moved on
    assert 'used" data-card="Qs"' in view._picker.html
    view._picker._handle_msg({"key": "<script>"})  # junk from the page: refused, named, escaped
    assert "cannot read card" in view.form.error and view.form.texts["defender.banner"] == "Qs"
    assert "&#x27;&lt;script&gt;&#x27;" in view._message.object and "<script>" not in view._message.object


def test_picker_offers_the_joker_only_for_palace():
    checker = Checker()
    assert 'data-card="Jk"' in picker_html(checker.forms["play"])
    assert 'data-card="Jk"' not in picker_html(checker.forms["battle"])
    assert picker_html(checker.forms["kings-pot"]).count("<button") == 52


def test_names_are_shown_as_text_never_html(section):
    view = open_mode(section, "showdown")
    view.form.example()
    view._inputs["p1.name"].value = INJECTION
    assert view.form.as_dict()["winner"] == [INJECTION]
    for html in (view._verdict.object, view._command.object, view._message.object):
        assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;" in view._verdict.object


def test_showdown_rows_follow_the_player_count(section):
    view = open_mode(section, "showdown")
    view.form.add_player()
    assert "p3.banner" in view._inputs and len(view._fields.objects) == 12
    view.form.remove_player()
    assert "p3.banner" not in view._inputs


@pytest.mark.parametrize("mode, expected", [
    ("play", "under each rule set"),
    ("kings-pot", "Best hand: the"),
    ("showdown", "Winner: Elena"),
])
def test_each_mode_renders_its_verdict(section, mode, expected):
    view = open_mode(section, mode)
    view.form.example()
    assert expected in view._verdict.object and view.form.error == ""


def test_palace_verdict_shows_the_three_presets_side_by_side(section):
    view = open_mode(section, "play")
    view.form.example()
    html = view._verdict.object
    for preset in ("house", "caron", "bga"):
        assert f"preset preset-{preset}" in html
    # one row per card of the hand, one column per preset
    assert html.count('<td class="yes">') + html.count('<td class="no">') == 4 * 3


def test_a_stale_verdict_says_which_position_it_is_for(section):
    view = open_mode(section, "battle")
    view.form.example()
    view.form.clear("defender.palace")
    assert "this verdict is still for" in view._verdict.object
    assert "Still to fill in" in view._message.object


def test_the_page_has_the_section():
    from tutor.views.app import TutorView
    from tutor.model.app import TutorApp
    from . import toygame
    page = TutorView(app=TutorApp(toygame.catalog(toygame.lesson())))
    assert isinstance(page.checker, CheckerView)
    assert isinstance(FormView(form=Checker().forms["kings-pot"]), FormView)
