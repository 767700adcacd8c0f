"""Saved work is safe (issue 35, point 6), in the model, against a device that behaves as the
browser's storage does: shared by tabs, each tab's bridge (tutor/views/library_store.mjs)
written over in Python below step by step, with ``storage`` events delivered when the test
says (so a tab can be stale), and a quota.

What must hold comes from the issue: a refused write says so and keeps the study open; tabs
never undo each other's saves, renames or deletes; a damaged entry is set aside by name while
the good ones load; fields this version does not know survive it."""

from __future__ import annotations

import json

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.library import STORAGE_KEY, Library
from tutor.model.table_rules import STORAGE_KEY as RULES_KEY
from tutor.model.table_rules import TableRules


class Device:
    """localStorage of one site: text by key, a quota in characters, the tabs open on it."""

    def __init__(self, quota: int = 10**9):
        self.data: dict[str, str] = {}
        self.quota = quota
        self.events: list[tuple[object, str, str]] = []   # (writer, key, new text), not yet delivered

    def set(self, writer, key, text):
        if sum(len(v) for k, v in self.data.items() if k != key) + len(text) > self.quota:
            raise OSError("QuotaExceededError")
        self.data[key] = text
        self.events.append((writer, key, text))

    def deliver(self, tabs):
        """The ``storage`` event, in every other tab."""
        events, self.events = self.events, []
        for writer, key, text in events:
            for tab in tabs:
                if tab is not writer and tab.key == key:
                    tab.storage_event(text)


class Bridge:
    """library_store.mjs, step for step: read on start, write on each change of ``stored``
    unless another tab wrote since (then ``changed``), read back, answer ``written`` or ``error``."""

    def __init__(self, device: Device, model, key: str):
        self.device, self.model, self.key = device, model, key
        self.known = device.data.get(key, "")
        model.load(self.known)
        model.param.watch(lambda e: self.write(e.new), ["stored"])

    def write(self, text):
        disk = self.device.data.get(self.key, "")
        if disk != self.known:
            self.known = disk
            self.model.changed(disk)
            return
        if disk != text:
            try:
                self.device.set(self, self.key, text)
            except OSError as err:
                self.model.storage_failed(str(err))
                return
        self.known = text
        self.model.written(text)

    def storage_event(self, disk):
        if disk != self.known:
            self.known = disk
            self.model.changed(disk)


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def tab(catalog, device):
    app = TutorApp(catalog, library=Library())
    bridge = Bridge(device, app.library, STORAGE_KEY)
    return app, bridge


def lesson(app, index=0):
    game = app.catalog.game_ids()[0]
    assert app.open_lesson(app.catalog.lessons_for(game)[index].id)
    return app.study


def titles(library):
    return sorted(e.title for e in library.entries)


def test_a_save_the_device_refuses_says_so_and_the_study_stays_open(catalog):
    device = Device(quota=100)
    app, _ = tab(catalog, device)
    study = lesson(app)
    study.forward()
    assert app.save_study() is not None
    assert app.study is study and app.study.current == study.current     # still open, where it was
    assert app.library.notice.kind == "error" and app.library.notice.text.startswith("Not saved")
    assert "QuotaExceededError" in app.library.notice.text
    assert app.library.entries == () and STORAGE_KEY not in device.data  # the list shows what is kept
    reloaded, _ = tab(catalog, device)
    assert reloaded.library.entries == ()


def test_a_rename_the_device_refuses_says_so_and_keeps_the_old_name(catalog):
    device = Device()
    app, _ = tab(catalog, device)
    lesson(app)
    made = app.save_study()
    assert app.library.notice.text.startswith("Saved")
    device.quota = len(device.data[STORAGE_KEY]) + 2
    assert app.library.rename(made.id, "The banner deal as we played it on Friday night, with Ann and Ben")
    assert app.library.notice.text.startswith("Not saved")
    assert app.library.entry(made.id).title == made.title
    assert json.loads(device.data[STORAGE_KEY])["studies"][0]["title"] == made.title


def test_two_tabs_never_undo_each_other(catalog):
    device = Device()
    one, b1 = tab(catalog, device)
    two, b2 = tab(catalog, device)
    lesson(one, 0)
    first = one.save_study()
    device.deliver([b1, b2])
    assert titles(two.library) == [first.title]                 # the other tab sees it at once
    lesson(two, 1)
    second = two.save_study()                                   # tab one has not heard yet:
    assert one.library.rename(first.id, "Friday")               # its write finds the list changed
    assert titles(one.library) == sorted(["Friday", second.title])
    device.deliver([b1, b2])
    assert titles(two.library) == sorted(["Friday", second.title])
    assert two.library.delete(second.id)                        # a delete in one, a save in the other
    lesson(one, 2)
    third = one.save_study(as_new=True)
    device.deliver([b1, b2])
    for app in (one, two):
        assert titles(app.library) == sorted(["Friday", third.title])
    stored = json.loads(device.data[STORAGE_KEY])["studies"]
    assert sorted(e["title"] for e in stored) == sorted(["Friday", third.title])


def test_a_damaged_entry_is_set_aside_by_name_and_kept_while_the_good_ones_load(catalog):
    device = Device()
    app, _ = tab(catalog, device)
    lesson(app)
    good = app.save_study()
    data = json.loads(device.data[STORAGE_KEY])
    damaged = {"id": "s-old", "title": "Friday's argument", "game": "palace", "link": 12}
    data["studies"].insert(0, damaged)
    device.data[STORAGE_KEY] = json.dumps(data)
    again, _ = tab(catalog, device)
    assert [e.id for e in again.library.entries] == [good.id]
    notice = again.library.notice.text
    assert "\u201cFriday's argument\u201d" in notice and "set aside" in notice
    lesson(again, 1)
    again.save_study(as_new=True)                               # a save keeps the damaged one as it was
    assert damaged in json.loads(device.data[STORAGE_KEY])["studies"]


def test_fields_of_a_newer_version_survive_this_one(catalog):
    device = Device()
    app, _ = tab(catalog, device)
    lesson(app)
    made = app.save_study()
    data = json.loads(device.data[STORAGE_KEY])
    data["version"] = 3
    data["sync"] = {"device": "tablet"}
    data["studies"][0]["colour"] = "green"
    device.data[STORAGE_KEY] = json.dumps(data)
    newer_text = device.data[STORAGE_KEY]
    again, _ = tab(catalog, device)
    assert device.data[STORAGE_KEY] == newer_text               # a normal start writes nothing
    assert again.library.rename(made.id, "Renamed")
    kept = json.loads(device.data[STORAGE_KEY])
    assert kept["version"] == 3 and kept["sync"] == {"device": "tablet"}
    assert kept["studies"][0]["colour"] == "green" and kept["studies"][0]["title"] == "Renamed"


def test_a_rule_set_is_kept_only_when_the_device_keeps_it(catalog):
    device = Device(quota=50)
    rules = TableRules(catalog)
    Bridge(device, rules, RULES_KEY)
    game = catalog.game_ids()[0]
    rules.rebase(game, next(iter(catalog.family(game).presets)))
    rules.set_name("Our table")
    assert rules.save() is not None
    assert rules.notice.text.startswith("Not kept") and rules.saved == ()
    device.quota = 10**9
    assert rules.save() is not None and rules.notice.text.startswith("Kept")
    other = TableRules(catalog)
    Bridge(device, other, RULES_KEY)
    assert [e.name for e in other.saved] == ["Our table"]
