"""The first screen lists what this device keeps (issue 35, point 4: "the first screen offers ...
My studies, the table's saved rule sets"), and a rule set travels as a link (point 2: "a QR
code for any ... rule set"): scanned, it opens the same rules on another phone.

Expected values: the entries are the ones saved in the test (newest first, as the lists keep
them); the rules are Caron's preset with the house rules' four of a kind anytime
(palace-house-rules.txt § Card Values), an option Caron's own reading refuses
(palace-of-caron.txt § Playing the game 4, ruling caron-four-of-a-kind-placement).
"""

from __future__ import annotations

import json
import re

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.library import Library
from tutor.model.rule_link import RuleSetLinkError, read_rule_set_link, rule_set_link
from tutor.model.share import pack
from tutor.views.app import TutorView
from tutor.views.shelf import home_saved_html


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


@pytest.fixture
def app(catalog):
    model = TutorApp(catalog, library=Library(clock=lambda: 1_700_000_000.0))
    assert model.library.load("") and model.table_rules.load("")
    return model


def confirm(device_list) -> None:
    """The browser stored what the model asked it to (the bridge's 'written')."""
    device_list.written(device_list.stored)


def keep_rules(app, name: str, **options: str) -> str:
    rules = app.table_rules
    rules.rebase("palace", "caron")
    for option, choice in options.items():
        assert rules.choose(option, choice)
    assert rules.set_name(name)
    kept = rules.save()
    confirm(rules)
    return kept.id


def save_lesson(app, lesson: str, title: str) -> str:
    assert app.open_lesson(lesson)
    app.study.title = title
    entry = app.save_study(as_new=True)
    confirm(app.library)
    return entry.id


def assert_plain(text: str) -> None:
    """No engine key, token or source file in front of a person."""
    for engine in (".txt", "setup '", "valid:", "option jokers", "=", "§"):
        assert engine not in text, (engine, text)


def test_an_empty_device_lists_nothing_on_the_first_screen(app):
    assert app.shelf().empty and home_saved_html(app.shelf()) == ""


def test_the_first_screen_lists_saved_studies_and_rule_sets_newest_first_and_opens_each(app, catalog):
    first = catalog.lessons_for("palace-poker")[0].id
    older = save_lesson(app, first, "Tuesday")
    newer = save_lesson(app, first, "Friday night")
    rules_id = keep_rules(app, "Fours on anything", **{"four-of-a-kind": "anytime"})
    app.open_job("home")
    shelf = app.shelf()
    assert [s.title for s in shelf.studies] == ["Friday night", "Tuesday"]
    assert [(r.name, r.preset, r.changes) for r in shelf.rule_sets] == [
        ("Fours on anything", "Caron's rules", 1)]
    html = home_saved_html(shelf)
    assert html.count('data-act="open-saved"') == 2 and f'data-value="{newer}"' in html
    assert 'data-act="use-rules"' in html and "Fours on anything" in html

    # Open: the study, from the saved list, by its name
    assert app.open_saved(older) and app.job == "learn" and app.study.title == "Tuesday"
    assert "Tuesday" in app.notice.text
    # Deal a game: Play, dealt under the rule set (its options in the deal's setup)
    app.open_job("home")
    assert app.use_rule_set(rules_id)
    assert app.job == "play" and app.study.setup["options"] == {"four-of-a-kind": "anytime"}
    assert app.study.setup["rules_name"] == "Fours on anything" and app.study.variant == "caron"
    assert "Fours on anything" in app.notice.text


def test_more_than_five_of_a_kind_are_counted_not_listed(app, catalog):
    lesson = catalog.lessons_for("palace-poker")[0].id
    for n in range(7):
        save_lesson(app, lesson, f"Study {n}")
    shelf = app.shelf()
    assert len(shelf.studies) == 5 and shelf.more_studies == 2
    assert "And 2 more" in home_saved_html(shelf)


def test_the_page_sends_the_list_when_the_device_keeps_something_new(app):
    view = TutorView(app=app)
    assert view.shell.home_saved_html == ""
    keep_rules(app, "Our table")
    assert "Our table" in view.shell.home_saved_html
    view.shell._handle_msg({"act": "use-rules", "value": app.table_rules.saved[0].id})
    assert app.job == "play" and app.study.setup["rules_name"] == "Our table"


def test_a_damaged_rule_set_on_the_device_deals_nothing_and_says_why(app):
    stored = {"format": "palace-tutor-rule-sets", "version": 1, "rule_sets": [
        {"id": "r1", "name": "Broken", "game": "palace", "variant": "caron", "options": {"jokers": "99"}}]}
    assert app.table_rules.load(json.dumps(stored))
    assert not app.use_rule_set("r1")
    assert app.study is None and app.job == "home" and "cannot be played" in app.notice.text
    # the question in the form's words, not the engine's "option jokers: '99': ...; valid: ..."
    assert "\u201cHow many Jokers does each pack keep?\u201d takes a whole number from 0 to 2" in app.notice.text
    assert_plain(app.notice.text)


# -- a rule set as a link ----------------------------------------------------------------------
def test_a_rule_set_link_opens_the_same_rules_dealt_in_play_on_another_device(app, catalog):
    keep_rules(app, "Fours on anything", **{"four-of-a-kind": "anytime"})
    rules = app.table_rules
    link = rule_set_link(rules.game, rules.variant, rules.options, rules.rules_name)
    assert link.startswith("rs1.")
    other = TutorApp(catalog)
    other.start("#" + link)
    assert other.job == "play" and other.study is not None
    assert (other.table_rules.game, other.table_rules.variant, other.table_rules.options,
            other.table_rules.rules_name) == ("palace", "caron", {"four-of-a-kind": "anytime"}, "Fours on anything")
    assert other.study.setup["options"] == {"four-of-a-kind": "anytime"}
    assert "Fours on anything" in other.notice.text and "Keep" in other.notice.text


def test_the_rule_set_pane_shows_its_link_as_a_qr_code(app):
    view = TutorView(app=app)
    keep_rules(app, "Fours on anything", **{"four-of-a-kind": "anytime"})
    qr = view.rules_pane.qr
    assert qr.visible and qr.label == "these rules"
    found = read_rule_set_link(qr.fragment, app.catalog)
    assert (found.variant, found.options, found.name) == ("caron", (("four-of-a-kind", "anytime"),),
                                                          "Fours on anything")


def _packed(data) -> str:
    return "rs1." + pack(json.dumps(data))


GOOD = {"v": 1, "g": "palace", "r": "caron", "o": {}, "n": ""}


@pytest.mark.parametrize("fragment, words", [
    ("rs1.", "incomplete"),
    ("rs1.AAAAAAAAAAAAAAAA", "checksum"),
    ("rs1.abc$def", "'$'"),
    (_packed([1, 2]), "not in the expected form"),
    (_packed({**GOOD, "x": 1}), "does not know (x)"),
    (_packed({**GOOD, "v": 2}), "format 2"),
    (_packed({**GOOD, "v": True}), "format True"),
    (_packed({**GOOD, "g": "chess"}), "game this version does not know"),
    (_packed({**GOOD, "r": "nope"}), "rules this version does not know"),
    (_packed({**GOOD, "o": {"jokers": "99"}}), "\u201cHow many Jokers does each pack keep?\u201d takes"),
    (_packed({**GOOD, "o": {"no-such-option": "x"}}), "no question \u201cno-such-option\u201d"),
    (_packed({**GOOD, "o": {"ten-replays": "no", "jokers": "1"}}), "cannot be played together"),
    (_packed({**GOOD, "o": {"a": 1}}), "not in the expected form"),
    (_packed({**GOOD, "n": "x" * 61}), "at most 60"),
    (_packed({**GOOD, "n": "two\nlines"}), "one line"),
    ("rs1." + "[" * 20_000, "'['"),
    (_packed({"v": 1, "g": "palace", "r": "caron", "o": json.loads("[" * 50 + "]" * 50)}), "51 deep"),  # 50 + {
])
def test_a_bad_rule_set_link_is_refused_naming_what_is_wrong_and_changes_nothing(app, fragment, words):
    with pytest.raises(RuleSetLinkError) as err:
        read_rule_set_link(fragment, app.catalog)
    assert words in str(err.value) and str(err.value).endswith("Nothing was changed.")
    assert_plain(str(err.value))
    assert isinstance(err.value, ValueError)
    assert not app.open_link("#" + fragment)
    assert app.study is None and app.job == "home" and words in app.notice.text


def test_nesting_deeper_than_the_json_bound_is_refused_before_any_parse(app):
    deep = "rs1." + pack('{"v":1,"g":"palace","r":"caron","o":' + "[" * 20_000 + "]" * 20_000 + ',"n":""}')
    with pytest.raises(RuleSetLinkError) as err:
        read_rule_set_link(deep, app.catalog)
    assert re.search(r"deep|nested", str(err.value))


def _table_rules(app) -> tuple:
    rules = app.table_rules
    return rules.game, rules.variant, dict(rules.options), rules.rules_name


def test_a_refused_deal_puts_the_table_rules_back_as_they_were(app, monkeypatch):
    """'Nothing was changed' holds when the deal itself is refused, after the rule set was read:
    the table's rules go back (they were left as the rule set's)."""
    rules_id = keep_rules(app, "Fours on anything", **{"four-of-a-kind": "anytime"})
    app.table_rules.rebase("palace-poker", "no-limit")
    before = _table_rules(app)
    assert before == ("palace-poker", "no-limit", {}, "")
    monkeypatch.setattr(app, "new_deal", lambda **_kw: False)
    assert not app.use_rule_set(rules_id)
    assert _table_rules(app) == before
    assert not app.open_link("#" + _packed({**GOOD, "o": {"four-of-a-kind": "anytime"}}))
    assert _table_rules(app) == before
