"""The checker section under CPython: it renders the model's verdict with the
engine's marks, routes taps and typing to the model, and escapes names.
The compiled app is driven in tests/browser/test_checker.py."""

import pytest

pn = pytest.importorskip("panel")

from tutor.model.checker import Checker  # noqa: E402
from tutor.views.checker import CheckerView, FormView, picker_html  # noqa: E402

INJECTION = '<img src=x onerror="window.pwned=1">'


def headline(html):
    """The text of the verdict's lead sentence, as a person reads it."""
    import html as H
    import re
    start = re.search(r'<p class="[^"]*\bheadline\b', html).start()
    return H.unescape(re.sub(r"<[^>]+>", "", html[start:html.index("</p>", start)]))


@pytest.fixture
def section():
    view = CheckerView(checker=Checker())
    view.open()  # the content is built the first time the Settle view is shown
    return view


def open_mode(section, mode):
    section.checker.mode = mode
    return section._views[mode]


def test_nothing_is_built_until_the_section_opens():
    view = CheckerView()
    assert view._views == {} and view._mode is None
    view.open()
    assert list(view._views) == ["battle"] and "<h2>Palace Poker: a battle</h2>" in view._title.object


def test_the_mode_picker_switches_forms(section):
    section._mode.value = "play"
    assert section.checker.mode == "play" and section._holder.objects == [section._views["play"].__panel__()]


def type_in(view, key, text):
    """What the page sends while typing, then on Enter."""
    view._fields._handle_msg({"kind": "input", "key": key, "value": text})
    view._fields._handle_msg({"kind": "commit", "key": key, "value": text})


def test_battle_verdict_leads_with_the_names_and_strikes_through_the_excluded_card(section):
    view = open_mode(section, "battle")
    view.form.example()
    html = view._verdict.html
    assert html.index('class="headline"') < html.index('class="sides"')
    assert headline(html).startswith("Dave wins: four jacks beat Frank's two pair")
    assert 'class="card face red excluded" data-card="Qd"' in html
    assert "Dave&#x27;s banner is ♦ (diamonds)" in html
    assert 'quad-exception best-five" data-card="Js"' in html        # the four-of-a-kind exception
    assert "Rule: § Call — Palace Poker" in html and ".txt" not in html
    # the ruling the exception rests on: its plain question and our reading, never its key
    assert "may the fifth card be of that suit too?" in html and "Our reading: " in html
    assert "the fifth card (the kicker) must be one that counts anyway" in html
    assert "palace-poker-four-of-a-kind-kicker" not in html
    assert view._message.object == ""
    assert "check battle --attacker &#x27;Dave: Jd | Js Jh 5d | Jc&#x27;" in view._command.object


def test_kings_in_the_house_marks_the_wild_card(section):
    view = open_mode(section, "battle")
    view.form.set_text("attacker.banner", "5h | Kh 2c 3c | 4c")
    view.form.set_text("defender.banner", "Qs | Qd 9s 8s |")
    view.form.kings_in_the_house = True
    assert 'class="card face red wild best-five" data-card="Kh"' in view._verdict.html


def test_typing_reaches_the_model_at_once_and_is_shown_canonically_when_done(section):
    view = open_mode(section, "battle")
    view._fields._handle_msg({"kind": "input", "key": "attacker.palace", "value": "10h q♠ 9c"})
    assert view.form.texts["attacker.palace"] == "10h q♠ 9c" and view._fields.texts["attacker.palace"] == "10h q♠ 9c"
    view._fields._handle_msg({"kind": "commit", "key": "attacker.palace", "value": "10h q♠ 9c"})
    assert view.form.texts["attacker.palace"] == "Th Qs 9c" == view._fields.texts["attacker.palace"]


def test_each_message_is_answered_with_its_number_after_the_texts_it_changed(section):
    """The box writes Python's text in only once every message it sent is answered
    (tests/js/fields_echo.test.mjs): the number comes after the texts, never before."""
    view = open_mode(section, "battle")
    order = []
    view._fields.param.watch(lambda e: order.append((e.name, e.new if e.name == "answered" else
                                                     e.new.get("attacker.palace"))), ["texts", "answered"])
    view._fields._handle_msg({"kind": "input", "key": "attacker.palace", "value": "10h q♠", "seq": 7})
    view._fields._handle_msg({"kind": "commit", "key": "attacker.palace", "value": "10h q♠", "seq": 8})
    view._fields._handle_msg({"kind": "focus", "key": "defender.banner"})  # not numbered: no answer
    view._fields._handle_msg({"kind": "input", "key": "attacker.palace", "value": "Th", "seq": True})  # not a number
    assert order[:2] == [("texts", "10h q♠"), ("answered", 7)]
    assert order[2:4] == [("texts", "Th Qs"), ("answered", 8)]
    assert order[-1] == ("texts", "Th") and view._fields.answered == 8


def test_a_bad_token_is_named_at_its_field_and_the_old_verdict_is_gone(section):
    view = open_mode(section, "battle")
    view.form.example()
    view._fields._handle_msg({"kind": "input", "key": "defender.palace", "value": "Qc Qd 8x"})
    assert "&#x27;8x&#x27;" not in view._message.object                   # not in a far-away message ...
    assert "'8x'" in view._fields.problems["defender.palace"]              # ... but under its own field
    assert view._fields.texts["defender.palace"] == "Qc Qd 8x"            # left for the player to correct
    assert "verdict empty" in view._verdict.html and view._command.object == ""
    type_in(view, "defender.palace", "Qc Qd 8h")
    assert view._fields.problems == {} and "Dave wins" in view._verdict.html


def test_picker_taps_go_to_the_focused_field(section):
    view = open_mode(section, "battle")
    view._fields._handle_msg({"kind": "focus", "key": "defender.banner"})
    assert view.form.focus == "defender.banner" and view._fields.focus == "defender.banner"
    view._picker._handle_msg({"key": "Qs"})
    assert view.form.texts["defender.banner"] == "Qs"
    assert view.form.focus == "defender.palace"
    assert 'class="card face black here" data-card="Qs"' not in view._picker.html  # focus moved on
    assert 'used" data-card="Qs"' in view._picker.html
    assert view._fields.counts["defender.banner"] == "(1/1)"
    assert view._fields.counts["defender.palace"] == "(0/3)"
    view._picker._handle_msg({"key": "<script>"})  # junk from the page: refused, named, escaped
    assert "cannot read card" in view.form.error and view.form.texts["defender.banner"] == "Qs"
    assert "&#x27;&lt;script&gt;&#x27;" in view._message.object and "<script>" not in view._message.object


def test_messages_about_fields_that_are_gone_are_ignored(section):
    view = open_mode(section, "showdown")
    view._fields._handle_msg({"kind": "input", "key": "p9.banner", "value": "Qs"})
    view._fields._handle_msg({"kind": "bogus", "key": "p1.banner", "value": "Qs"})
    assert view.form.texts["p1.banner"] == ""


def test_picker_offers_the_joker_only_for_palace():
    checker = Checker()
    assert 'data-card="Jk"' in picker_html(checker.forms["play"])
    assert 'data-card="Jk"' not in picker_html(checker.forms["battle"])
    assert picker_html(checker.forms["kings-pot"]).count("<button") == 52


def test_names_are_shown_as_text_never_html(section):
    view = open_mode(section, "showdown")
    view.form.example()
    type_in(view, "p1.name", INJECTION)
    assert view.form.as_dict()["winner"] == [INJECTION]
    for html in (view._verdict.html, view._command.object, view._message.object):
        assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;" in view._verdict.html


def test_showdown_rows_follow_the_player_count(section):
    view = open_mode(section, "showdown")
    view.form.add_player()
    keys = [f["key"] for f in view._fields.fields]
    assert "p3.banner" in keys and len(keys) == 12
    view.form.remove_player()
    assert "p3.banner" not in [f["key"] for f in view._fields.fields]


@pytest.mark.parametrize("mode, expected", [
    ("play", "disagree on 3 plays"),  # the 7♠, the 10♥ and taking the pile (issue 34, point 6)
    ("kings-pot", "is the best hand with"),
    ("showdown", "Elena wins: Elena and Aaron both make a pair of kings"),
])
def test_each_mode_leads_with_one_sentence(section, mode, expected):
    view = open_mode(section, mode)
    view.form.example()
    html = view._verdict.html
    assert expected in headline(html)
    assert view.form.error == "" and "kings-pot-" not in html   # rulings by question, not key


def test_palace_verdict_shows_the_three_rule_sets_side_by_side_and_why_they_differ(section):
    view = open_mode(section, "play")
    view.form.example()
    html = view._verdict.html
    for preset in ("house", "caron", "bga"):
        assert f"rule-set rule-set-{preset}" in html
    # palace-bga.txt § Special cards: 9: after a nine, a nine or lower; the house 10 is wild
    # and taking the pile while a card could be played: house and BGA allow it, Caron not
    assert html.count('<li class="yes">') + html.count('<li class="no">') == 3 * 3   # three plays, three each
    assert "the 7♠" in html and "the 10♥" in html and "taking the pile" in html


def test_the_page_has_the_section():
    from tutor.views.app import TutorView
    from tutor.model.app import TutorApp
    from . import toygame
    page = TutorView(app=TutorApp(toygame.catalog(toygame.lesson())))
    assert isinstance(page.checker, CheckerView) and page.checker._mode is None   # not built at page load
    page.shell.press("job", "settle")
    assert page.checker._mode is not None and list(page.checker._views) == ["battle"]
    assert isinstance(FormView(form=Checker().forms["kings-pot"]), FormView)


def test_the_options_are_labelled_check_boxes_that_judge_again(section):
    view = open_mode(section, "battle")
    assert [o["label"] for o in view._fields.options] == ["Play the Kings in the House variation",
                                                          "The two are the last players in the hand"]
    view.form.set_text("attacker.banner", "5h | Kh 2c 3c | 4c")
    view.form.set_text("defender.banner", "Qs | Qd 9s 8s |")
    assert view.form.as_dict()["winner"] == "defender"
    view._fields._handle_msg({"kind": "option", "key": "kings_in_the_house", "value": True})
    assert view.form.as_dict()["winner"] == "attacker"
    assert view._fields.options[0]["value"] is True
    view._fields._handle_msg({"kind": "option", "key": "texts", "value": True})   # not an option: ignored
    view._fields._handle_msg({"kind": "option", "key": "last_two", "value": "yes"})  # not a bool: ignored
    assert view.form.last_two is False


def test_typing_keeps_the_boxes_and_changes_only_their_counts(section):
    # a change of ``fields`` rebuilds the boxes in the page (the one typed in loses the keyboard)
    view = open_mode(section, "battle")
    shape = view._fields.fields
    for text in ("J", "Jd", "Jd | Js Jh 5d | Jc"):
        view._fields._handle_msg({"kind": "input", "key": "attacker.banner", "value": text})
    assert view._fields.fields is shape
    assert view._fields.counts["attacker.banner"] == "(1/1)"
    view._fields._handle_msg({"kind": "commit", "key": "attacker.banner", "value": "Jd | Js Jh 5d | Jc"})
    assert view._fields.fields is shape and view._fields.counts["attacker.palace"] == "(3/3)"
