"""A list kept in the browser's storage that loses nothing (issue 35, point 6).

The saved studies (:mod:`.library`) and the table's rule sets (:mod:`.table_rules`) are each
a JSON list of entries with an ``id`` under one storage key. :class:`DeviceList` is what both
share, so that:

* **a damaged entry is set aside, not fatal**: each entry is read on its own; one that cannot
  be read is kept in the text exactly as it was (written back untouched) and named, while
  the good ones load;
* **unknown fields are kept**: fields this version does not know, on an entry or on the list,
  and a newer format version number, are written back as they were read, so data from a newer
  version survives an older one opening it;
* **a change is a change of entries, replayed on what is stored**: each edit is an operation
  on the list (save this entry, rename that one, delete one), kept until the browser confirms
  the write. When another tab wrote meanwhile (the ``storage`` event, or the stored text is
  not what this tab last saw when it comes to write), the edits still unconfirmed are
  replayed on the other tab's list, so neither tab's work is undone silently;
* **a write that failed says so**: the bridge reports the browser's refusal (storage full or
  off), the list goes back to what is really stored, and the caller says what was not kept.

The bridge (``tutor.views.library.LibraryStore``) writes ``text`` and answers ``written``
(with the text it wrote), ``changed`` (the stored text, written by another tab) or ``error``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rules.errors import NotationError
from rules.jsontext import JsonBoundsError, read_json

T = TypeVar("T")
Op = Callable[[tuple[Any, ...]], tuple[Any, ...]]
STORAGE_CHARS = 10_000_000  # a stored list longer than the browser's storage holds is not ours
NAME_CHARS = 60


@dataclass(frozen=True)
class SetAside:
    """An entry that could not be read: where it was, what to call it, why, and its data as stored."""

    place: int
    name: str
    why: str
    raw: Any = field(compare=False)


@dataclass(frozen=True)
class ListFormat(Generic[T]):
    """How one list is written: its ``format`` and ``version``, the key of its entries, and how an
    entry is read (``read(raw, index)``, raising ``ValueError`` saying why) and written (``write``)."""

    name: str
    version: int
    key: str
    what: str                               # "studies", "rule sets"
    read: Callable[[Any, int], T]
    write: Callable[[T], dict[str, Any]]
    ident: Callable[[T], str]
    error: type[ValueError] = ValueError    # the whole text cannot be read as this list


def entry_name(raw: Any, place: int) -> str:
    """How a damaged entry is named to a person: its own title or name, else its place."""
    if isinstance(raw, dict):
        for key in ("title", "name"):
            value = raw.get(key)
            if isinstance(value, str) and value.strip() and value.isprintable():
                text = " ".join(value.split())
                return "\u201c" + (text if len(text) <= NAME_CHARS else text[:NAME_CHARS] + "\u2026") + "\u201d"
    return f"entry {place + 1}"


class DeviceList(Generic[T]):
    """One stored list (see the module docstring): what was read, and the edits not yet confirmed."""

    def __init__(self, fmt: ListFormat[T]):
        self.fmt = fmt
        self.aside: tuple[SetAside, ...] = ()
        self._extra: dict[str, dict[str, Any]] = {}   # unknown fields of each entry, by id
        self._top: dict[str, Any] = {}                # unknown fields of the list
        self._version = fmt.version
        self._pending: list[Op] = []                  # edits made, not yet confirmed written
        self._written = ""                            # the text last handed to the bridge
        self.disk = ""                                # the text known to be stored (read or written)

    # -- reading -------------------------------------------------------------------------------
    def read(self, text: str) -> tuple[T, ...]:
        """The entries of ``text`` ('' is an empty list); damaged ones go to ``aside``. Raises the
        format's ``error`` when the text is not such a list at all (then nothing is to be written)."""
        fmt = self.fmt
        if not text.strip():
            self.aside, self._extra, self._top, self._version = (), {}, {}, fmt.version
            self.disk = text
            return ()
        try:
            data = read_json(text, what="the stored list", max_chars=STORAGE_CHARS)
        except JsonBoundsError as err:
            raise fmt.error(str(err)) from None
        except NotationError:
            raise fmt.error("the stored list is not readable text (cut short or changed)") from None
        if not isinstance(data, dict) or data.get("format") != fmt.name:
            raise fmt.error("the stored list was not written by Palace Tutor")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise fmt.error(f"the stored list has no format version this Palace Tutor knows ({version!r})")
        found = data.get(fmt.key)
        if not isinstance(found, list):
            raise fmt.error(f"the stored list has no {fmt.what} in it")
        entries: list[T] = []
        aside: list[SetAside] = []
        extra: dict[str, dict[str, Any]] = {}
        for place, raw in enumerate(found):
            try:
                entry = fmt.read(raw, place)
            except (ValueError, TypeError, KeyError) as err:
                aside.append(SetAside(place, entry_name(raw, place), str(err), raw))
                continue
            ident = fmt.ident(entry)
            if ident in extra:
                aside.append(SetAside(place, entry_name(raw, place), "its id is another entry's", raw))
                continue
            known = fmt.write(entry)
            extra[ident] = {k: v for k, v in raw.items() if k not in known}
            entries.append(entry)
        self.aside, self._extra, self._version = tuple(aside), extra, version
        self._top = {k: v for k, v in data.items() if k not in ("format", "version", fmt.key)}
        self.disk = text
        return tuple(entries)

    # -- writing ---------------------------------------------------------------------------------
    def text(self, entries: tuple[T, ...]) -> str:
        """The storage text of ``entries``, with every unknown field and set-aside entry as read."""
        fmt = self.fmt
        items: list[Any] = [{**self._extra.get(fmt.ident(e), {}), **fmt.write(e)} for e in entries]
        for lost in self.aside:
            items.insert(min(lost.place, len(items)), lost.raw)
        if not items and not self._top:
            return ""
        data = {**self._top, "format": fmt.name, "version": self._version, fmt.key: items}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def edit(self, entries: tuple[T, ...], op: Op) -> tuple[tuple[T, ...], str]:
        """Apply one edit: the new entries and the text to write; the edit is kept until confirmed."""
        self._pending.append(op)
        made = op(entries)
        self._written = self.text(made)
        return made, self._written

    def written(self, text: str) -> bool:
        """The bridge wrote ``text``: True if it is the latest text handed to it (the edits are kept)."""
        if text != self._written:
            return False
        self._pending.clear()
        self.disk = text
        return True

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def changed(self, text: str) -> tuple[tuple[T, ...], str]:
        """Another tab stored ``text``: its entries with this tab's unconfirmed edits replayed on
        them, and the text to write (``text`` itself when there is nothing to replay). Raises the
        format's error if ``text`` cannot be read."""
        entries = self.read(text)
        for op in self._pending:
            entries = op(entries)
        self._written = self.text(entries) if self._pending else text
        return entries, self._written

    def failed(self) -> tuple[T, ...]:
        """The browser refused to write: the edits are dropped, the list is what is stored."""
        self._pending.clear()
        self._written = self.disk
        try:
            return self.read(self.disk)
        except ValueError:
            return ()

    def aside_words(self) -> str:
        """The set-aside entries in words ('' when none)."""
        if not self.aside:
            return ""
        names = ", ".join(f"{a.name} ({a.why})" for a in self.aside[:5])
        more = f" and {len(self.aside) - 5} more" if len(self.aside) > 5 else ""
        one = len(self.aside) == 1
        return (f"{len(self.aside)} saved {'entry' if one else 'entries'} could not be read and "
                f"{'is' if one else 'are'} set aside, kept as {'it is' if one else 'they are'}: {names}{more}.")
