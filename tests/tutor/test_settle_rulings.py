"""A ruling you can hand over (issue 34, point 4): its link opens the same question, rule set
and verdict elsewhere; a broken link is refused naming what is wrong and loses nothing; the
table's log of rulings is kept on the device (DeviceList), survives a reload and is exported.

The King's Pot deal is tests/tutor/test_settle_table_rules.py's, worked by hand from
kings-pot.txt over kp_decks.T3: under Friday's reading of "the winning hand" (option
kings-pot-win = best-backed-hand) Cleo takes both pots (40 + 30), as written only the 40.
The battle is palace-poker.txt § Banner Suits' Dave against Frank: Dave wins.
"""

import json
from pathlib import Path

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.checker import Checker
from tutor.model.rulings import RULING_TAG, RulingLinkError, RulingLog
from tutor.model.share import pack
from tutor.views import rulings as ruling_log

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
    shown = view.log_pane._list.entries  # set as text in the browser (textContent), never as markup
    assert len(shown) == 1 and shown[0]["verdict"].startswith("<b>Dave</b> & co wins")
    assert shown[0]["link"] == checker.log.entries[0].link and shown[0]["link"].startswith("rl1.")
    assert "innerHTML" not in Path(ruling_log.__file__).with_name("ruling_log.mjs").read_text()


def test_the_log_pane_deletes_with_undo_and_adds_a_pasted_log_keeping_a_refused_one():
    from tutor.views.rulings import RulingLogPane

    checker = two_kept()
    pane = RulingLogPane(checker=checker)
    text = checker.log.export_text()
    battle_ruling, pot_ruling = checker.log.entries
    pane._list._handle_msg({"kind": "delete", "id": battle_ruling.id})
    assert [e["id"] for e in pane._list.entries] == [pot_ruling.id]
    assert pane._list.can_undo == "28 Nov 2026, 21:07 UTC"
    pane._list._handle_msg({"kind": "undo-delete", "id": ""})
    assert [e["id"] for e in pane._list.entries] == [battle_ruling.id, pot_ruling.id] and pane._list.can_undo == ""
    pane._paste.value = text.replace("Link: #rl1.", "Link: rl1.")
    pane._add_text()
    assert pane._list.notice_kind == "error" and "should be the \u201cLink: #...\u201d line" in pane._list.notice
    assert pane._paste.value.startswith("Palace Tutor")  # what was pasted is still there, to mend
    other = Checker()
    other.log.load("")
    pane = RulingLogPane(checker=other)
    pane._paste.value = text
    pane._add_text()
    assert pane._paste.value == "" and len(pane._list.entries) == 2
    pane._file._handle_msg({"name": "big.txt", "text": None})
    assert "too large" in pane._list.notice and len(pane._list.entries) == 2


# -- deleting one ruling (with Undo) and adding an exported log ----------------------------------------
def two_kept(clock=1_795_900_000.0):
    """A log holding the King's Pot ruling (kept first) and the battle (kept a minute later)."""
    times = iter([clock, clock + 60])
    checker = Checker(log=RulingLog(clock=lambda: next(times, clock + 120)))
    checker.log.load("")
    kings_pot(checker)
    assert checker.keep_ruling()
    battle(checker)
    assert checker.keep_ruling()
    checker.log.written(checker.log.stored)
    return checker


def test_one_ruling_is_deleted_and_undo_puts_it_back_where_it_was():
    checker = two_kept()
    log = checker.log
    battle_ruling, pot_ruling = log.entries
    assert log.delete(pot_ruling.id)
    assert log.entries == (battle_ruling,) and log.deleted == (pot_ruling, 1)
    log.written(log.stored)
    assert log.notice.text == "Deleted the ruling of 28 Nov 2026, 21:06 UTC from the log. Undo brings it back."
    assert RulingLog().load(log.stored) and len(json.loads(log.stored)["rulings"]) == 1  # gone on the device too
    assert log.undo_delete()
    log.written(log.stored)
    assert log.entries == (battle_ruling, pot_ruling) and log.deleted is None
    assert log.notice.text == "The ruling of 28 Nov 2026, 21:06 UTC is back in the log."
    assert not log.undo_delete() and not log.delete("no-such-ruling")
    reloaded = RulingLog()
    assert reloaded.load(log.stored) and reloaded.entries == (battle_ruling, pot_ruling)


def test_an_exported_log_read_back_adds_each_ruling_once():
    here = two_kept()
    text = here.log.export_text()
    there = Checker(log=RulingLog())
    there.log.load("")
    assert there.add_rulings(text) == 2
    there.log.written(there.log.stored)
    assert there.log.notice.text == "Added 2 rulings to the table's log."
    kept = [(e.when, e.question, e.asked, e.verdict, e.rules, e.link) for e in here.log.entries]
    assert [(e.when, e.question, e.asked, e.verdict, e.rules, e.link) for e in there.log.entries] == kept
    assert there.log.entries[1].when == "2026-11-28T21:06Z" and there.log.entries[0].when == "2026-11-28T21:07Z"
    assert len({e.id for e in there.log.entries}) == 2
    opened = Checker()
    opened.open_ruling(there.log.entries[1].link)  # the King's Pot ruling still opens: Cleo takes both pots
    assert opened.form.verdict.paid()["Cleo"] == 70
    # the same file again adds nothing; a log holding one of them gets the other, in front
    assert there.add_rulings(text) == 0 and "already in the table's log (2)" in there.log.notice.text
    battle_ruling, pot_ruling = there.log.entries
    assert there.log.delete(battle_ruling.id) and there.log.entries == (pot_ruling,)
    assert there.log.deleted is not None and there.add_rulings(text) == 1
    assert there.log.deleted is None  # Undo now would bring the battle in twice
    assert there.log.notice is None  # said once stored
    there.log.written(there.log.stored)
    assert there.log.notice.text == "Added 1 ruling to the table's log (1 already in it)."
    assert [e.verdict for e in there.log.entries] == [battle_ruling.verdict, pot_ruling.verdict]
    assert there.log.entries[1] == pot_ruling  # the one kept is left as it was


@pytest.mark.parametrize("change, named", [
    (lambda t: "Our rulings\n" + t, "it should start with \u201cPalace Tutor: our table's rulings\u201d, not "
                                    "\u201cOur rulings\u201d"),
    (lambda t: "", "(it is empty)"),
    (lambda t: t.replace("28 Nov 2026, 21:06 UTC:", "28 Nov 2026 at 21:06:"), "\u201c28 Nov 2026 at 21:06: King's Pot\u201d, "
                                                                               "should start a ruling"),
    (lambda t: t.replace("28 Nov 2026, 21:06", "31 Nov 2026, 21:06"), "Line 11, \u201c31 Nov 2026, 21:06 UTC: King's "
                                                                     "Pot\u201d, should start a ruling"),
    (lambda t: t.replace("  Verdict: Dave", "  Verdict Dave"), "\u201cVerdict Dave wins"),
    (lambda t: t.rstrip("\n").rsplit("\n", 1)[0], "ends before its \u201cLink: #...\u201d line"),
    (lambda t: t.replace("Link: #rl1.", "Link: #rl1.x"), "Line 9: the link of the ruling of 28 Nov 2026, 21:07 UTC "
                                                         "cannot be opened"),
    (lambda t: t + "  a note we added\n", "\u201ca note we added\u201d, comes after the link"),
])
def test_a_log_that_cannot_be_read_names_the_line_and_adds_nothing(change, named):
    text = change(two_kept().log.export_text())
    checker = two_kept(clock=1_796_000_000.0)  # 30 Nov 2026: a log already holding two rulings
    log = checker.log
    before, stored = log.entries, log.stored
    assert checker.add_rulings(text) == 0
    assert named in log.notice.text and log.notice.text.endswith("Nothing was added: the log is as it was.")
    assert log.notice.kind == "error" and log.entries == before and log.stored == stored
