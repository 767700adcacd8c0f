"""Your table's rules (tutor.model.table_rules, tutor.views.table_rules): the form
comes from the game's declared options, a clash keeps the previous rules and
names the clashing question, a rule set is kept on the device and dealt under.

Expected values come from the sources: Caron's four of a kind must beat the
top card as we read it (ruling caron-four-of-a-kind-placement), the house
rules play it anytime (palace-house-rules.txt § Card Values); Caron's rank
order has no Joker (palace-of-caron.txt § Card Values (3)).
"""

from __future__ import annotations

import json

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.share import decode_link
from tutor.model.table_rules import RuleSetStoreError, TableRules, preset_title, read_rule_sets

FOURS = {"seats": ["Ann", "Ben"], "hands": ["5c 5d 5h 5s 9c", "6h 7h"], "pile": "Kh"}


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def caron(catalog) -> TableRules:
    rules = TableRules(catalog, clock=lambda: 1_700_000_000.0)
    rules.rebase("palace", "caron")
    return rules


def test_the_form_is_the_games_declared_options_with_the_preset_marked(catalog):
    rules = caron(catalog)
    rows = {r.name: r for r in rules.rows()}
    from rules.palace import PalaceRules
    assert list(rows) == list(PalaceRules.OPTIONS.names())
    four = rows["four-of-a-kind"]
    assert four.preset == four.current == "match-or-beat"   # Caron as we read it
    assert [c.token for c in four.choices if c.preset] == ["match-or-beat"]
    assert "Playing the game 4" in four.cite and ".txt" not in four.cite
    assert rows["jokers"].free and not rows["jokers"].choices
    assert four.preset_mark == "our reading"                   # ruling caron-four-of-a-kind-placement
    rules.rebase("palace", "house")
    house_four = {r.name: r for r in rules.rows()}["four-of-a-kind"]
    assert house_four.preset == "anytime" and house_four.preset_mark == "as written"   # § Card Values
    for game, variant in (("palace-poker", next(iter(catalog.family("palace-poker").presets))),
                          ("kings-pot", next(iter(catalog.family("kings-pot").presets)))):
        rules.rebase(game, variant)
        assert rules.rows() and rules.options == {} and rules.rules_name == ""


def test_a_choice_builds_the_rules_and_a_clash_keeps_the_previous_ones(catalog):
    rules = caron(catalog)
    assert rules.choose("four-of-a-kind", "anytime")
    assert rules.options == {"four-of-a-kind": "anytime"} and rules.rules().four_anytime
    assert not rules.choose("jokers", "1")                  # Caron's rank order has no Joker
    assert "How many Jokers does each pack keep?" in rules.notice.text
    assert "Your rules are as they were" in rules.notice.text and ".txt" not in rules.notice.text
    assert rules.options == {"four-of-a-kind": "anytime"}
    assert not rules.choose("jokers", "nine")
    assert "a whole number from 0 to 2" in rules.notice.text and rules.options == {"four-of-a-kind": "anytime"}
    assert rules.choose("four-of-a-kind", "match-or-beat") and rules.options == {}   # back to the preset


def test_a_name_is_one_short_line_and_the_rule_set_is_kept_and_picked_again(catalog):
    rules = caron(catalog)
    assert rules.rules_name == "" and not rules.is_custom()
    assert rules.save() is None and "name" in rules.notice.text
    rules.choose("four-of-a-kind", "anytime")
    assert not rules.set_name("x" * 61) and rules.rules_name == ""
    assert rules.set_name("  Fours   on anything ") and rules.rules_name == "Fours on anything"
    kept = rules.save()
    assert kept is not None and json.loads(rules.stored)["rule_sets"][0]["options"] == {"four-of-a-kind": "anytime"}
    again = TableRules(catalog)
    assert again.load(rules.stored) and again.pick(kept.id)
    assert (again.game, again.variant, again.options, again.rules_name) == (
        "palace", "caron", {"four-of-a-kind": "anytime"}, "Fours on anything")
    assert again.delete(kept.id) and again.saved == ()


def test_unreadable_storage_is_left_alone(catalog):
    rules = TableRules(catalog)
    assert not rules.load("{not json")
    assert not rules.writable and rules.stored == ""
    rules.rebase("palace", "caron")
    rules.set_name("Ours")
    assert rules.save() is None
    with pytest.raises(RuleSetStoreError):
        read_rule_sets(json.dumps({"format": "palace-tutor-rule-sets", "version": 1, "rule_sets": [{"id": 1}]}))


def test_a_deal_under_the_rule_set_carries_it_in_its_link_and_accepts_what_the_preset_refuses(catalog):
    rules = caron(catalog)
    rules.choose("four-of-a-kind", "anytime")
    rules.set_name("Fours on anything")
    app = TutorApp(catalog)
    app.game = "palace"
    assert app.open_setup("caron", {**rules.setup_extra(), **FOURS})
    fives = app.study.state.parse_action("play 5c 5d 5h 5s")
    assert app.study.state.check(fives).legal
    opened = decode_link(app.link(), catalog).study()
    assert opened.setup["rules_name"] == "Fours on anything"
    assert opened.state.check(fives).legal
    app.open_setup("caron", FOURS)                               # the preset as we read it
    assert not app.study.state.check(fives).legal


def test_the_view_drives_the_model_and_the_table_names_the_rule_set(catalog):
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    view.shell.press("play-game", "palace")
    view.shell.press("variant", "caron")
    form = view.rules_pane.form
    assert form.preset == "Caron's rules" and any(r["name"] == "four-of-a-kind" for r in form.rows)
    form.press("choose", "four-of-a-kind", "anytime")
    form.press("choose", "jokers", "1")
    assert form.notice_kind == "error" and view.table_rules.options == {"four-of-a-kind": "anytime"}
    assert form.rules_name == "" and form.custom   # an option chosen, no name yet
    form.press("name", value="Fours on anything")
    assert form.title == form.rules_name == "Fours on anything"
    view.shell.press("setup", json.dumps({"variant": "caron", "players": "", "seed": "", "json": json.dumps(FOURS)}))
    study = view.app.study
    assert study.setup["options"] == {"four-of-a-kind": "anytime"}
    assert "Fours on anything" in view.shell.title_text and "Fours on anything" in view.shell.play_html
    view.shell.press("new-deal")                                 # another shuffle keeps the table's rules
    assert view.app.study.setup.get("rules_name") == "Fours on anything"


def test_the_settle_checker_says_what_the_other_reading_gives(catalog):
    """Four fives on a King (palace-of-caron.txt § Playing the game 4): Caron as we read it
    refuses them, the other reading allows them; the house rules play them anytime, and a
    table reading it Caron's way would refuse them. The checker shows both, in words."""
    from rules.palace import compare_play
    from tutor.model.compare import play_comparison
    from tutor.views.compare import comparison_html

    comparison = play_comparison(compare_play(pile="Kh", hand="5c 5d 5h 5s 9c"))
    by_rules = {line.split(",", 1)[0]: line for line in comparison.readings}
    assert set(by_rules) == {"House rules", "Caron's rules", "Online (BGA) rules"}
    assert "not allowed." in by_rules["Caron's rules"] and "There this would be allowed" in by_rules["Caron's rules"]
    assert "There this would not be allowed" in by_rules["House rules"]
    import html as html_text
    html = html_text.unescape(comparison_html(comparison))
    assert "Under your table's reading" in html and "four-of-a-kind" not in html
    quiet = play_comparison(compare_play(pile="5h 9c", hand="2c 9d 7s Th"))   # no verdict rests on an option
    assert quiet.readings == () and "Under your table" not in comparison_html(quiet)


def test_the_next_deal_goes_on_under_the_tables_rules(catalog):
    """A game that goes on (Palace Poker, King's Pot) deals its next hand under the same rule set."""
    from types import SimpleNamespace

    from tutor.model.play import next_deal_setup

    app = TutorApp(catalog)
    assert app.open_lesson("pp-four-jacks")
    app.study.to_end()
    table = {"options": {"betting": "no-limit"}, "rules_name": "Friday game"}
    ended = SimpleNamespace(game="palace-poker", state=app.study.state, setup={**app.study.setup, **table})
    setup = next_deal_setup(ended, seed=3)
    assert {k: setup[k] for k in table} == table
    plain = SimpleNamespace(game="palace-poker", state=app.study.state, setup=dict(app.study.setup))
    assert "options" not in next_deal_setup(plain, seed=3)


def test_the_kings_pot_tableau_says_who_takes_the_kings_pot_under_each_reading():
    """kings-pot.txt § Winning the King's pot: whoever holds 'the winning hand' takes both pots.
    A King's hand with nothing (9 J K 8 10, no pair, mixed suits) loses to this grid's four sixes
    (row 5), so as we read it the King's pot carries over; the other reading could still give it
    to the King's hand's backers if no better hand is backed."""
    import html as html_text

    from rules.kings_pot.checker import check_tableau
    from tutor.model.table_rules import kings_pot_readings
    from tutor.views.checker import tableau_html

    grid = "2c 3d 4h 5s 7c 2d 3h 4s 5c 7d 2h 3s 4c 5d 7h 2s 3c 4d 5h 7s 6c 6d 6h 6s 8c"
    weak = check_tableau(grid, "9c Jd Kh 8d Th")
    ours, other = kings_pot_readings(weak)
    assert "would carry over" in ours and "only when it beats all twelve" in ours
    assert "best hand that players back" in other and "only if no better hand is backed" in other
    shown = html_text.unescape(tableau_html(weak))
    assert "Under your table's reading" in shown and "kings-pot-win" not in shown.split("Under your table")[1]


def test_a_preset_is_named_in_words_not_by_its_key():
    # the Palace titles are the game's own (rules.palace PRESETS.titles); the others are
    # their names in words
    catalog = Catalog.load()
    assert preset_title(catalog, "palace", "caron") == "Caron's rules"
    assert preset_title(catalog, "palace-poker", "no-pot-sharing") == "No pot sharing"
    assert preset_title(catalog, "kings-pot", "flat-ante") == "Flat ante"
