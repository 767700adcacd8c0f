"""Settle's views for issue 34: the rule set picker (point 2: the table's rules, named, switched
in place), the verdict saying which rules it is under, and the command line behind an "As a
command" switch (point 5)."""

import pytest

from tutor.model.catalog import Catalog
from tutor.model.checker import Checker
from tutor.model.table_rules import SavedRuleSet, TableRules
from tutor.views.checker import CheckerView, command_html, verdict_html


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def friday(catalog):
    table = TableRules(catalog, clock=lambda: 1_700_000_000.0)
    table.rebase("kings-pot", "standard")
    assert table.choose("kings-pot-win", "best-backed-hand") and table.set_name("Friday rules")
    return table


def test_settle_judges_under_the_rule_set_the_table_chose_and_names_it(catalog):
    table = friday(catalog)
    view = CheckerView(checker=Checker(mode="kings-pot"), table_rules=table)
    view.open()
    form = view.checker.form
    assert (form.rules_variant, form.rules_options, form.rules_title) == \
        ("standard", {"kings-pot-win": "best-backed-hand"}, "Friday rules")
    assert view._rules.value == "Friday rules (set up in Play)"
    form.example()
    assert "\u201cFriday rules\u201d (Standard rules, 1 changed)" in verdict_html(form)
    assert "--rule kings-pot-win=best-backed-hand" in form.command_line()


def test_a_saved_rule_set_is_listed_and_switches_in_place(catalog):
    table = friday(catalog)
    table.saved = (SavedRuleSet("s1", "Sunday", "kings-pot", "flat-ante", ()),
                   SavedRuleSet("s2", "Poker night", "palace-poker", "points", ()))
    view = CheckerView(checker=Checker(mode="kings-pot"), table_rules=table)
    view.open()
    assert view._rules.options == ["The rules as written", "Friday rules (set up in Play)", "Sunday"]
    form = view.checker.form
    form.example()
    view._rules.value = "Sunday"
    assert (form.rules_variant, form.rules_title) == ("flat-ante", "Sunday") and form.verdict is not None
    assert "Sunday" in verdict_html(form)
    view._rules.value = "The rules as written"
    assert (form.rules_variant, form.rules_options, form.rules_title) == ("", {}, "")
    assert "Under the rules as written." in verdict_html(form)
    view.checker.mode = "battle"  # another game's question lists that game's rule sets
    assert view._rules.options == ["The rules as written", "Poker night"]


def test_the_command_line_is_behind_an_as_a_command_switch():
    checker = Checker(mode="battle")
    checker.form.example()
    html = command_html(checker.form)
    assert html.startswith("<details") and "<summary>As a command</summary>" in html and " open" not in html
    assert "palace-tutor check battle" in html


@pytest.mark.parametrize("mode, variant, said", [
    ("play", "bga", "Under the Online (BGA) rules as written."),
    ("play", "caron", "Under the Caron's rules as written."),
    ("kings-pot", "flat-ante", "Under the Flat ante rules as written.")])
def test_the_verdict_names_the_preset_in_words_not_its_key(mode, variant, said):
    """'Under the bga rules as written' showed the preset's key in the verdict and the table's log."""
    form = Checker(mode=mode).form
    form.use_rules(variant, {})
    assert form.rules_words() == said
