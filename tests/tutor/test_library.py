"""Saved studies (issue 13.5): a list kept on the device, to find a study again offline.

The model is plain data in, storage text out; the pane is driven here under
CPython with the messages its browser components send. The compiled app keeps
the list across a reload (tests/browser/test_saved_and_undo.py).
"""

import json

import pytest

from tutor.model.app import TutorApp
from tutor.model.library import FORMAT, Library, LibraryError, SavedStudy, read_library, write_library

from . import toygame
from .toygame import Add


class Clock:
    def __init__(self):
        self.now = 1_700_000_000.0

    def __call__(self):
        self.now += 60
        return self.now


@pytest.fixture
def app():
    model = TutorApp(toygame.catalog(toygame.lesson()), library=Library(clock=Clock()))
    model.start("")
    model.open_job("learn")
    return model


def kept(lib):
    """The browser's store answers that it wrote the list (tutor/views/library_store.mjs)."""
    lib.written(lib.stored)
    return lib


@pytest.fixture
def library():
    lib = Library(clock=Clock())
    assert lib.load("")
    return lib


def test_saving_keeps_the_study_link_name_and_size_and_writes_storage_text(app, library):
    app.study.jump(0)
    app.study.play(Add(1))
    made = library.save(app.study, app.link())
    assert (made.title, made.what, made.game, made.positions) == ("Race basics", "Race basics", "race", 5)
    assert made.link == app.link() and library.open_id == made.id
    assert read_library(library.stored) == (made,)
    assert library.notice is None  # said once the device has it
    assert kept(library).notice.text == "Saved \u201cRace basics\u201d on this device."


def test_save_replaces_the_entry_the_study_came_from_and_save_as_new_adds_one(app, library):
    first = library.save(app.study, app.link())
    app.study.title = "Friday's hand"
    again = library.save(app.study, app.link())
    kept(library)
    assert again.id == first.id and len(library.entries) == 1 and again.title == "Friday's hand"
    assert "replacing the earlier save" in library.notice.text
    other = library.save(app.study, app.link(), as_new=True)
    assert other.id != first.id and [e.id for e in library.entries] == [other.id, first.id]  # newest first


def test_rename_and_delete_with_undo(app, library):
    one = library.save(app.study, app.link())
    two = library.save(app.study, app.link(), as_new=True)
    assert library.rename(one.id, "  Game   night  ")
    assert library.entry(one.id).title == "Game night"
    assert not library.rename(one.id, "   ") and "needs a name" in library.notice.text
    assert library.delete(one.id)
    assert [e.id for e in library.entries] == [two.id] and "Undo brings it back" in kept(library).notice.text
    assert library.undo_delete()
    assert [e.id for e in library.entries] == [two.id, one.id] and library.entry(one.id).title == "Game night"
    assert read_library(library.stored) == library.entries
    assert not library.delete("gone") and "no longer in the list" in library.notice.text


def test_the_storage_text_round_trips_and_bad_text_is_refused_naming_why(library, app):
    library.save(app.study, app.link())
    text = library.stored
    again = Library()
    assert again.load(text) and again.entries == library.entries
    data = json.loads(text)
    for bad, why in [("{", "not readable"), ('{"format": "x"}', "not written by Palace Tutor"),
                     (json.dumps(dict(data, studies=[{"id": 1}])), "entry 1"),
                     (json.dumps(dict(data, studies=data["studies"] * 2)), "another entry's")]:
        with pytest.raises(LibraryError, match=why):
            read_library(bad)


def test_unreadable_storage_is_never_overwritten_until_a_new_list_is_asked_for(app):
    lib = Library()
    assert not lib.load('{"format": "palace-tutor-studies", "version": 1, "studies": 5}')
    assert not lib.writable and "could not be read" in lib.notice.text and lib.stored == ""
    assert lib.save(app.study, app.link()) is None and lib.stored == ""   # the old text stays on the device
    lib.start_new_list()
    assert lib.save(app.study, app.link()) is not None and json.loads(lib.stored)["format"] == FORMAT


def test_write_library_is_plain_json():
    entry = SavedStudy("s1", "A", "race", "Race basics", "pt1.x", 1.5, 2)
    assert json.loads(write_library((entry,)))["studies"] == [
        {"id": "s1", "title": "A", "game": "race", "what": "Race basics", "link": "pt1.x", "saved": 1.5,
         "positions": 2}]


# -- the pane, driven by the messages of its browser components ------------------------------------
pn = pytest.importorskip("panel")


@pytest.fixture
def pane(app):
    from tutor.views.library import SavedStudiesPane
    view = SavedStudiesPane(app=app)
    view.store._handle_msg({"kind": "loaded", "value": ""})
    return view


def test_the_pane_saves_opens_renames_and_deletes(pane, app):
    pane._list._handle_msg({"kind": "save", "id": "", "value": ""})
    [saved] = pane._list.entries
    assert saved["title"] == "Race basics" and saved["open"] and pane.store.stored == pane.library.stored
    app.study.jump(0)
    app.study.play(Add(2))                      # more work, not saved
    pane._list._handle_msg({"kind": "open", "id": saved["id"], "value": ""})
    assert app.study.state.total == 0 and len(app.study.tree) == 4 and app.notice.kind == "info"
    assert pane.library.open_id == saved["id"] and app.study.title == "Race basics"
    pane._list._handle_msg({"kind": "rename", "id": saved["id"], "value": "Warm-up"})
    assert pane._list.entries[0]["title"] == "Warm-up"
    pane._list._handle_msg({"kind": "delete", "id": saved["id"], "value": ""})
    assert pane._list.entries == [] and pane._list.can_undo == "Warm-up"
    pane._list._handle_msg({"kind": "undo-delete", "id": "", "value": ""})
    assert [e["title"] for e in pane._list.entries] == ["Warm-up"]


def test_opening_another_lesson_makes_the_next_save_a_new_entry(pane, app):
    pane._list._handle_msg({"kind": "save", "id": "", "value": ""})
    app.open_setup("ten", {"total": 2})
    assert pane.library.open_id == ""
    pane._list._handle_msg({"kind": "save", "id": "", "value": ""})
    # the rules as a person calls them (the toy game's preset 'ten' has no title: its name in words)
    assert [e["what"] for e in pane._list.entries] == ["Free play (Ten)", "Race basics"]


def test_a_saved_game_names_its_rules_in_words_not_the_presets_key():
    """A saved free game of Palace Poker's 'no-pot-sharing' preset reads 'No pot sharing' on the
    first screen's My studies (the key was shown there twice)."""
    from tutor.model.app import TutorApp
    from tutor.model.catalog import Catalog

    app = TutorApp(Catalog.load())
    assert app.new_deal(game="palace-poker", variant="no-pot-sharing", names=["Ann", "Ben"], seed=3)
    while app.study.state.legal_actions() and not app.study.state.is_over:
        app.study.play(app.study.state.legal_actions()[0])
    saved = app.save_study()
    assert saved is not None and saved.what == "Free play (No pot sharing)"


def test_a_damaged_saved_link_changes_nothing(pane, app):
    text = write_library((SavedStudy("s1", "Bad", "race", "Race basics", "pt1.AAAA", 1.0, 1),))
    pane.library.load(text)
    study = app.study
    pane._list._handle_msg({"kind": "open", "id": "s1", "value": ""})
    assert app.study is study and app.notice.kind == "error" and pane.library.open_id == ""


def test_the_device_list_is_read_once_and_a_refusal_to_write_is_said(pane):
    pane.store._handle_msg({"kind": "loaded", "value": "{"})   # a repeated report: ignored
    assert pane.library.writable
    pane.store._handle_msg({"kind": "error", "value": "QuotaExceededError"})
    assert "QuotaExceededError" in pane._list.notice and pane._list.notice_kind == "error"
    pane._list._handle_msg({"kind": "bogus", "id": "", "value": ""})
    pane._list._handle_msg({"kind": "open", "id": 3, "value": ""})
