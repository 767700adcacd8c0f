"""A ruling you can hand over (issue 34, point 4): its link opens the same question, rule set
and verdict elsewhere; a broken link is refused naming what is wrong and loses nothing; the
table's log of rulings is kept on the device (DeviceList), survives a reload and is exported.

The King's Pot deal is tests/tutor/test_settle_table_rules.py's, worked by hand from
kings-pot.txt over kp_decks.T3: under Friday's reading of "the winning hand" (option
kings-pot-win = best-backed-hand) Cleo takes both pots (40 + 30), as written only the 40.
The battle is palace-poker.txt § Banner Suits' Dave against Frank: Dave wins.
"""

import json

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.checker import Checker
from tutor.model.rulings import RULING_TAG, RulingLinkError, RulingLog
from tutor.model.share import pack

from .test_settle_table_rules import FRIDAY
from .test_settle_table_rules import kings_pot as kings_pot_deal


def kings_pot(checker):
    """The deal, judged under Friday's rules (named)."""
    form = kings_pot_deal(checker)
    checker.use_rules("kings-pot", "standard", FRIDAY, "Friday rules")
    return form


def battle(checker):
    checker.mode = "battle"
    checker.form.example()
    return checker.form


def crafted(**changes):
    """A ruling link of the battle with parts of its payload changed (None: left out)."""
    data = {"v": 1, "q": "battle", "t": {"attacker.banner": "Jd", "attacker.palace": "Js Jh 5d",
                                          "attacker.soldiers": "Jc", "defender.banner": "Qs",
                                          "defender.palace": "Qc Qd 8h", "defender.soldiers": "8c"},
            "s": {}, "r": ["", {}, ""], "h": ""}
    data.update(changes)
    data = {k: v for k, v in data.items() if v is not None}
    return RULING_TAG + pack(json.dumps(data))


# -- the link ----------------------------------------------------------------------------------------
def test_a_kings_pot_ruling_opens_with_its_rule_set_and_verdict_on_another_phone():
    here = Checker()
    form = kings_pot(here)
    assert form.verdict.paid()["Cleo"] == 70
    link = here.ruling_link()
    assert link.startswith(RULING_TAG)
    there = Checker()  # another phone: nothing typed, the rules as written
    said = there.open_ruling("https://example.org/palace/index.html#" + link)
    opened = there.form
    assert there.mode == "kings-pot" and opened.verdict.paid()["Cleo"] == 70
    assert opened.rules_title == "Friday rules" and opened.rules_options == FRIDAY
    assert opened.as_dict() == form.as_dict() and opened.headline() == form.headline()
    assert "King's Pot" in said and "Friday rules" in said and "verdict read" not in said


def test_every_question_travels_whole():
    here = Checker()
    here.mode = "showdown"
    here.form.kings_in_the_house = True
    here.form.add_player()
    for key, side in {"p1.name": "Elena: Jh | Kh Kc 9d | 8h", "p2.name": "Aaron: 5s | Kd Ks Jc | 9h 8s",
                      "p3.name": "Zoe: 2c | 3c 4d 7s | 6h"}.items():
        here.form.set_text(key, side)
        here.form.commit(key)
    here.mode = "play"
    here.form.example()
    there = Checker()
    for mode in ("showdown", "play"):
        here.mode = mode
        assert here.form.verdict is not None, here.form.hint
        there.open_ruling(here.ruling_link())
        assert there.mode == mode
        assert there.form.canonical_texts() == here.form.canonical_texts()
        assert there.form.describe() == here.form.describe()
    assert there.forms["showdown"].players == 3 and there.forms["showdown"].kings_in_the_house


@pytest.mark.parametrize("cut, why", [
    (lambda link: link[:-6], "cut short or changed"),
    (lambda link: link[:12] + ("A" if link[12] != "A" else "B") + link[13:], "cut short or changed"),
    (lambda link: link[:20] + "%" + link[21:], "'%'"),
    (lambda link: "rl1.", "cut short"),
    (lambda link: crafted(q="bluff"), "'bluff'"),
    (lambda link: crafted(v=2), "format 2"),
    (lambda link: crafted(x=1), "(x)"),
    (lambda link: crafted(t={"attacker.crown": "Kd"}), "'attacker.crown'"),
    (lambda link: crafted(s={"players": 3}), "'players'"),
    (lambda link: crafted(r=["", {"no-such-option": "yes"}, ""]), "no-such-option"),
    (lambda link: crafted(t={"attacker.banner": "Jd Jd"}), "cannot be judged"),
])
def test_a_broken_ruling_link_is_refused_naming_what_is_wrong_and_loses_nothing(cut, why):
    here = Checker()
    battle(here)
    link = cut(here.ruling_link())
    there = Checker()
    kings_pot(there)
    before = {mode: (f.texts, f.rules_options, f.rules_title) for mode, f in there.forms.items()}
    with pytest.raises(RulingLinkError) as err:
        there.open_ruling(link)
    assert why in str(err.value) and str(err.value).endswith("Nothing was changed.")
    assert there.mode == "kings-pot" and there.form.verdict.paid()["Cleo"] == 70
    assert {mode: (f.texts, f.rules_options, f.rules_title) for mode, f in there.forms.items()} == before


def test_a_verdict_that_reads_otherwise_now_says_both():
    there = Checker()
    said = there.open_ruling(crafted(h="Frank wins: so the link says"))
    assert "\u201cFrank wins: so the link says\u201d" in said and there.form.headline().startswith("The attacker wins")


def test_the_page_opens_a_ruling_in_settle_and_a_broken_one_changes_nothing():
    catalog = Catalog.load()
    here = Checker()
    battle(here)
    link = here.ruling_link()
    app = TutorApp(catalog)
    assert app.open_link("#" + link[:-4]) is False
    assert app.job == "home" and app.notice.kind == "error" and "Nothing was changed" in app.notice.text
    assert app.open_link("#" + link)
    assert app.job == "settle" and app.notice.kind == "info" and app.checker.mode == "battle"
    assert app.checker.form.headline() == here.form.headline()
    # a later broken link leaves the ruling shown as it is
    assert app.open_link("#" + link[:-4]) is False
    assert app.job == "settle" and app.checker.form.headline() == here.form.headline()


def test_a_pot_that_is_not_chips_and_an_unknown_rule_are_named_as_a_person_says_them():
    checker = Checker()
    form = kings_pot(checker)
    form.set_text("pot", "forty")
    assert form.problems == {"pot": "Betting pot (chips): 'forty' is not a whole number of chips (like 40)."}
    assert form.verdict is None
    form.set_text("pot", "40")
    checker.use_rules("kings-pot", "standard", {"who-deals": "me"}, "Odd rules")
    assert form.error == "Your table's rules name a rule this version does not know ('who-deals')."
    assert form.verdict is None and form.texts["pot"] == "40"


# -- the table's log ---------------------------------------------------------------------------------
def test_the_log_keeps_when_what_was_asked_the_verdict_and_the_rules_across_a_reload():
    checker = Checker(log=RulingLog(clock=lambda: 1_795_900_000.0))  # `date -u -d @1795900000`: 21:06:40
    checker.log.load("")
    form = kings_pot(checker)
    assert checker.keep_ruling()
    log = checker.log
    assert log.notice is None  # said once the device has stored it
    log.written(log.stored)
    assert log.notice.text == "Kept in the table's log on this device."
    battle(checker)
    assert checker.keep_ruling()
    log.written(log.stored)
    reloaded = RulingLog()
    assert reloaded.load(log.stored)
    newest, first = reloaded.entries
    assert newest.question == "Battle" and newest.verdict.startswith("Dave wins")
    assert first.when == "2026-11-28T21:06Z" and first.when_words == "28 Nov 2026, 21:06 UTC"
    assert first.question == "King's Pot" and "Friday rules" in first.rules
    assert "Cleo" in first.verdict and "Tableau: " in first.asked and "K♥" in first.asked
    opened = Checker()
    opened.open_ruling(first.link)
    assert opened.form.as_dict() == form.as_dict()
    text = reloaded.export_text()
    for part in ("28 Nov 2026, 21:06 UTC: King's Pot", "Verdict: " + first.verdict, first.rules,
                 "#" + first.link, "Battle"):
        assert part in text
    assert text.index("Battle") < text.index("King's Pot")  # newest first


def test_a_damaged_entry_is_set_aside_and_written_back_as_it_was():
    checker = Checker()
    battle(checker)
    assert not checker.keep_ruling() and "not been read" in checker.log.notice.text  # before the device answers
    assert not checker.log.load("{not json") and not checker.log.writable
    assert not checker.keep_ruling() and checker.log.stored == ""  # never written over what it cannot read
    damaged = {"id": "x", "when": "yesterday", "question": "Battle"}
    text = json.dumps({"format": "palace-tutor-rulings", "version": 1, "rulings": [damaged]})
    log = RulingLog()
    assert log.load(text) and log.entries == () and "entry 1" in log.notice.text
    checker = Checker(log=log)
    battle(checker)
    assert checker.keep_ruling()
    kept = json.loads(log.stored)["rulings"]
    assert damaged in kept and len(kept) == 2
    checker.mode = "play"
    checker.form.clear()
    assert not checker.keep_ruling() and "no verdict" in log.notice.text


# -- the views (thin: they show the model) ----------------------------------------------------------
def test_the_handover_shows_only_under_a_verdict_and_the_log_escapes_what_was_typed():
    from tutor.views.checker import CheckerView
    from tutor.views.rulings import log_html

    checker = Checker()
    checker.log.load("")
    view = CheckerView(checker=checker)
    view.open()
    form_view = view._views["battle"]
    assert not form_view._handover._layout.visible and form_view._handover.qr.fragment == ""
    checker.form.set_text("attacker.banner", "<b>Dave</b> & co: Jd | Js Jh 5d | Jc")
    checker.form.set_text("defender.banner", "Frank: Qs | Qc Qd 8h | 8c")
    assert checker.form.verdict is not None
    assert form_view._handover._layout.visible and form_view._handover.qr.fragment == checker.ruling_link()
    assert form_view._handover.qr.label == "this ruling"
    form_view._handover.keep()
    html = log_html(checker.log)
    assert "&lt;b&gt;Dave&lt;/b&gt; &amp; co wins" in html and 'href="#rl1.' in html and "<b>Dave" not in html
