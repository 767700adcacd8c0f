"""Saved studies: a list of studies kept on this device, to find again offline.

A teacher prepares studies for game night and opens them at the table with no
network. Each entry is plain data: a name, what it is (the lesson, or free
play), the study's share link (which holds everything: lines, notes, where
the learner was), when it was saved and how many positions it has. The list
is kept in the browser's storage by a small bridge component in the views;
this model holds it, reads and writes it as JSON text, and never imports
Panel. Opening an entry goes through the share link's full check
(``TutorApp.open_link``), so a damaged entry changes nothing.

Storage text that cannot be read as such a list (another program's, cut short)
is never overwritten: saving stays off until the learner chooses to start a
new list, and the message says why. Within a readable list nothing is lost
(:mod:`.device_store`): a damaged entry is set aside by name and kept as it is,
unknown fields (a newer version's) are written back, an edit is replayed on
what another tab stored meanwhile, and a save the browser refused says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

import param

from .device_model import DeviceListModel
from .device_store import DeviceList, ListFormat
from .params import TupleOf
from .study import Notice, Study

FORMAT = "palace-tutor-studies"
VERSION = 1
STORAGE_KEY = "palace-tutor.saved-studies"
TITLE_LIMIT = 200
MAX_STUDIES = 500
LINK_LIMIT = 2_000_000  # characters of one link; the browser's storage holds about 5 MB in all


@dataclass(frozen=True)
class SavedStudy:
    """One saved study (see the module docstring); ``saved`` is seconds since 1970."""

    id: str
    title: str
    game: str
    what: str
    link: str
    saved: float
    positions: int


class LibraryError(ValueError):
    """Storage text that cannot be read as a list of saved studies; the message says why."""


def describe_study(study: Study, rules: str = "") -> str:
    """What a study is, in words: its lesson's title, or free play and ``rules`` (the rules as a
    person calls them: the table's rule set's name, else the preset's title)."""
    if study.lesson is not None:
        return study.lesson.title
    name = study.setup.get("rules_name") if isinstance(study.setup, dict) else None
    return f"Free play ({rules or (name if isinstance(name, str) and name else study.variant)})"


def _entry(raw: Any, index: int) -> SavedStudy:
    if not isinstance(raw, dict):
        raise LibraryError("is not a study")
    try:
        entry = SavedStudy(**{k: raw[k] for k in SavedStudy.__dataclass_fields__})
    except KeyError as err:
        raise LibraryError(f"has no {err.args[0]!r}") from None
    texts = (entry.id, entry.title, entry.game, entry.what, entry.link)
    if not all(isinstance(t, str) for t in texts) or not entry.id or not entry.link.startswith("pt"):
        raise LibraryError("is not a saved study")
    if not isinstance(entry.saved, (int, float)) or isinstance(entry.saved, bool) \
            or not isinstance(entry.positions, int) or isinstance(entry.positions, bool):
        raise LibraryError("has a bad date or size")
    if len(entry.title) > TITLE_LIMIT or len(entry.link) > LINK_LIMIT:
        raise LibraryError("is too long")
    return entry


LIST_FORMAT: ListFormat[SavedStudy] = ListFormat(FORMAT, VERSION, "studies", "studies", _entry, asdict,
                                                 lambda e: e.id, LibraryError)


def read_library(text: str) -> tuple[SavedStudy, ...]:
    """Every saved study in storage text ('' is an empty list), or LibraryError naming the first
    entry that cannot be read (the device's list sets such entries aside instead: :class:`Library`)."""
    store = DeviceList(LIST_FORMAT)
    entries = store.read(text)
    if store.aside:
        first = store.aside[0]
        raise LibraryError(f"{first.name} {first.why}" if first.name.startswith("entry") else
                           f"entry {first.place + 1}, {first.name}: {first.why}")
    return entries


def write_library(entries: tuple[SavedStudy, ...]) -> str:
    return DeviceList(LIST_FORMAT).text(entries)


class Library(DeviceListModel, param.Parameterized):
    """The saved studies of this device, newest first (see the module docstring). A write confirmed
    and one edit said once stored are :class:`~.device_model.DeviceListModel`'s; reading, another
    tab's list and a refused write are its own (the open study, a new list after an unreadable one)."""

    entries: tuple[SavedStudy, ...] = TupleOf(SavedStudy, doc="The saved studies, newest first.")
    loaded: bool = param.Boolean(default=False, doc="True once the device's list has been read.")
    writable: bool = param.Boolean(default=True, doc="False while the stored text could not be read (kept as it is).")
    open_id: str = param.String(default="", doc="The entry the open study was opened from or saved as ('' none).")
    stored: str = param.String(default="", doc="The list as storage text: what the bridge writes to the device.")
    notice: Notice | None = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                 doc="What the last save, rename, delete or load did, or why it could not.")
    deleted: tuple[SavedStudy, int] | None = param.Tuple(default=None, length=2, allow_None=True,
                                                         doc="The last deleted entry and its place, for Undo.")

    def __init__(self, clock: Callable[[], float] = time.time, **params: Any):
        super().__init__(**params)
        self._clock = clock
        self._count = 0
        self._device: DeviceList[SavedStudy] = DeviceList(LIST_FORMAT)
        self._said: Notice | None = None  # what the last edit says once the device confirms it

    # -- the device's storage ------------------------------------------------------------
    def load(self, text: str) -> bool:
        """Read the device's stored text (on start). Unreadable text is kept, untouched; a damaged
        entry is set aside (kept as it is) and named while the others load."""
        text = text if isinstance(text, str) else ""
        try:
            entries = self._device.read(text)
        except LibraryError as err:
            self.param.update(loaded=True, writable=False, notice=Notice(
                "error", f"The studies saved on this device could not be read: {err}. They are left as they "
                         "are; to save here anyway, start a new list (the old one is then replaced)."))
            return False
        aside = self._device.aside_words()
        self.param.update(entries=entries, loaded=True, writable=True, stored=text,
                          notice=Notice("error", aside) if aside else None)
        return True

    def start_new_list(self) -> None:
        """Give up an unreadable stored list: the next save replaces it."""
        self._device.read("")
        self.param.update(entries=(), writable=True, notice=Notice("info", "A new, empty list of saved studies."))

    def changed(self, text: str) -> None:
        """Another tab stored ``text``: its list, with this tab's edits not yet stored replayed on it."""
        try:
            entries, stored = self._device.changed(text if isinstance(text, str) else "")
        except LibraryError as err:
            self.param.update(writable=False, notice=Notice(
                "error", f"Another tab left the saved studies unreadable ({err}); they are left as they are."))
            return
        known = {e.id for e in entries}
        self.param.update(entries=entries, stored=stored, open_id=self.open_id if self.open_id in known else "")

    def storage_failed(self, message: str) -> None:
        """The browser refused to write (storage full or switched off): the list is what is
        stored, and the message says what was not kept. The open study stays open."""
        entries = self._device.failed()
        known = {e.id for e in entries}
        what = self._said.text if self._said is not None else ""
        self._said = None
        self.param.update(entries=entries, stored=self._device.disk,
                          open_id=self.open_id if self.open_id in known else "",
                          notice=Notice("error", "Not saved: this device did not keep the change (" + message[:200]
                                        + "). The study is still open: export it as a file or copy its link to "
                                        "keep it." + (f" (It would have said: {what})" if what else "")))

    # -- editing ---------------------------------------------------------------------------
    def entry(self, entry_id: str) -> SavedStudy:
        for e in self.entries:
            if e.id == entry_id:
                return e
        raise KeyError(entry_id)

    def save(self, study: Study, link: str, *, as_new: bool = False, rules: str = "") -> SavedStudy | None:
        """Save the open study: over the entry it came from (``open_id``), or as a new one;
        ``rules``: its rules in words (see :func:`describe_study`)."""
        if not self._ready():
            return None
        what = describe_study(study, rules)
        title = (study.title.strip() or what)[:TITLE_LIMIT]
        now = self._clock()
        old = None if as_new or not self.open_id else next((e for e in self.entries if e.id == self.open_id), None)
        if old is None and len(self.entries) >= MAX_STUDIES:
            self.notice = Notice("error", f"This device keeps at most {MAX_STUDIES} studies: delete one first.")
            return None
        made = SavedStudy(old.id if old else self._new_id(now), title, study.game, what, link,
                          now, len(study.tree))
        self._store(lambda entries: (made,) + tuple(e for e in entries if e.id != made.id), Notice(
            "info", f"Saved \u201c{made.title}\u201d on this device" + (" (replacing the earlier save)." if old else ".")),
            open_id=made.id)
        return made

    def rename(self, entry_id: str, title: str) -> bool:
        title = " ".join((title or "").split())[:TITLE_LIMIT]
        if not self._ready():
            return False
        if not title:
            self.notice = Notice("error", "A saved study needs a name. Nothing was changed.")
            return False
        old = self._known(entry_id)
        if old is None:
            return False
        self._store(lambda entries: tuple(replace(e, title=title) if e.id == entry_id else e for e in entries),
                    Notice("info", f"Renamed \u201c{old.title}\u201d to \u201c{title}\u201d."))
        return True

    def delete(self, entry_id: str) -> bool:
        """Delete an entry; Undo (:meth:`undo_delete`) puts it back where it was."""
        old = self._known(entry_id) if self._ready() else None
        if old is None:
            return False
        self._remove(old, Notice("info", f"Deleted \u201c{old.title}\u201d from this device. Undo brings it back."),
                     open_id="" if self.open_id == entry_id else self.open_id)
        return True

    def _back_words(self, entry: SavedStudy) -> str:
        return f"\u201c{entry.title}\u201d is back."

    # -- internals ---------------------------------------------------------------------------
    def _ready(self) -> bool:
        if not self.writable:
            self.notice = Notice("error", "The studies saved on this device could not be read, so nothing is "
                                          "saved over them. Start a new list to save here.")
            return False
        return True

    def _known(self, entry_id: str) -> SavedStudy | None:
        try:
            return self.entry(entry_id)
        except KeyError:
            self.notice = Notice("error", "That study is no longer in the list. Nothing was changed.")
            return None

    def _new_id(self, now: float) -> str:
        self._count += 1
        known = {e.id for e in self.entries}
        made = f"s{int(now * 1000):x}-{self._count}"
        while made in known:
            self._count += 1
            made = f"s{int(now * 1000):x}-{self._count}"
        return made
