"""The part of a model that keeps a :class:`~.device_store.DeviceList` on the device, shared by
the table's rule sets (:class:`~.table_rules.TableRules`) and the table's log of rulings
(:class:`~.rulings.RulingLog`): what the storage bridge tells it (the list read at start, a
write confirmed, another tab's list, a refused write) and one edit, said once it is stored.

A model using it is a ``param.Parameterized`` with the params ``stored`` (the text to write),
``writable`` and ``notice``, and one param holding its entries (named by ``_entries``); it sets
``_device`` (its DeviceList) and ``_said`` (None) in ``__init__``, and words its messages with
``_unreadable`` (``{err}``), ``_other_tab`` (``{err}``) and ``_not_stored`` (``{message}``).
A model that deletes with Undo (:meth:`_remove`, :meth:`undo_delete`) also has the param
``deleted`` (the entry and its place, or None) and says an entry brought back with
:meth:`_back_words`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .device_store import DeviceList
from .study import Notice


class DeviceListModel:
    """See the module docstring."""

    _entries = "entries"
    _unreadable = "The list kept on this device could not be read: {err}. It is left as it is."
    _other_tab = "Another tab left the list unreadable ({err}); it is left as it is."
    _not_stored = "Not kept: this device did not store it ({message})."
    _device: DeviceList[Any]
    _said: Notice | None
    param: Any
    notice: Notice | None
    deleted: tuple[Any, int] | None

    def load(self, text: str) -> bool:
        """Read the device's list (on start): a damaged entry is set aside, kept as it is."""
        try:
            entries = self._device.read(text if isinstance(text, str) else "")
        except self._device.fmt.error as err:
            self.param.update(writable=False, notice=Notice("error", self._unreadable.format(err=err)))
            return False
        aside = self._device.aside_words()
        self.param.update(writable=True, stored=self._device.disk, **{self._entries: entries},
                          **({"notice": Notice("error", aside)} if aside else {}))
        return True

    def written(self, text: str) -> None:
        """The device stored ``text``: the last edit is kept, and its message is said."""
        if self._device.written(text) and self._said is not None:
            self.notice, self._said = self._said, None

    def changed(self, text: str) -> None:
        """Another tab stored ``text``: its entries, with this tab's edits not yet stored replayed."""
        try:
            entries, stored = self._device.changed(text if isinstance(text, str) else "")
        except self._device.fmt.error as err:
            self.param.update(writable=False, notice=Notice("error", self._other_tab.format(err=err)))
            return
        self.param.update(stored=stored, **{self._entries: entries})

    def storage_failed(self, message: str) -> None:
        """The browser refused to write: the list is what is stored, and the message says so."""
        self._said = None
        self.param.update(stored=self._device.disk, **{self._entries: self._device.failed()},
                          notice=Notice("error", self._not_stored.format(message=message[:200])))

    def _store(self, op: Callable[[tuple[Any, ...]], tuple[Any, ...]], notice: Notice, **changes: Any) -> None:
        """One edit of the list, said once the device has stored it (:meth:`written`); ``changes``:
        other params set with it."""
        entries, stored = self._device.edit(getattr(self, self._entries), op)
        self._said = notice
        self.param.update(stored=stored, notice=None, **{self._entries: entries}, **changes)

    # -- delete, with Undo -------------------------------------------------------------------------
    def _ready(self) -> bool:
        """Whether the list can be edited (it was read); a model may say why not."""
        return bool(getattr(self, "writable", False))

    def _back_words(self, entry: Any) -> str:
        return "It is back."

    def _remove(self, entry: Any, notice: Notice, **changes: Any) -> None:
        """Delete ``entry`` (one of the entries), said with ``notice``; Undo (:meth:`undo_delete`)
        puts it back where it was."""
        ident = self._device.fmt.ident
        gone = ident(entry)
        place = getattr(self, self._entries).index(entry)
        self._store(lambda entries: tuple(e for e in entries if ident(e) != gone), notice,
                    deleted=(entry, place), **changes)

    def undo_delete(self) -> bool:
        """Bring back the entry deleted last, at its place (not twice, if another tab has it)."""
        if self.deleted is None or not self._ready():
            return False
        old, place = self.deleted
        ident = self._device.fmt.ident

        def back(entries: tuple[Any, ...]) -> tuple[Any, ...]:
            if any(ident(e) == ident(old) for e in entries):
                return entries
            return entries[:place] + (old,) + entries[place:]
        self._store(back, Notice("info", self._back_words(old)), deleted=None)
        return True
