"""What a Palace Poker move tells the table: the events the moves narrate, and the ones only
some seats may learn in full (:class:`SeatEvent`: a palace card dealt, a battle's hands)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..refs import Event
from .model import Hand
from .sections import ref


@dataclass(frozen=True)
class SeatEvent(Event):
    """An event only some seats may learn in full (hidden cards, a battle's hands).

    ``shown_to`` holds the seats that learn it whole; every other seat learns ``public`` instead (``None``: nothing at all). The
    teaching view (``viewer=None``) learns everything. Its text may name hidden
    cards, so it overrides :meth:`rules.refs.Event.seen_by`, and
    :func:`rules.refs.events_seen_by` filters Palace Poker events like any other.
    """

    shown_to: tuple[object, ...] = ()
    public: Event | None = None

    def seen_by(self, viewer: object) -> Event | None:
        if viewer is None or viewer in self.shown_to:
            return self
        return self.public


def event(kind: str, text: str, section: str, clause: str = "", /, **data: object) -> Event:
    """An event citing ``section`` (and ``clause``) of the source, with its data."""
    return Event(kind, text, ref(section, clause), tuple(data.items()))


def who(s: Hand, seat: int, role: str = "seat") -> dict[str, object]:
    """Event data naming a player: the seat (``role``) and the name (``name``, or ``ROLE_name``)."""
    return {role: seat, ("name" if role == "seat" else f"{role}_name"): s.players[seat].name}


def private(told: Event, seats: Iterable[int], public: Event | None = None) -> SeatEvent:
    """``told`` for ``seats`` only; the others learn ``public`` (None: nothing). See view.events_for."""
    return SeatEvent(told.kind, told.text, told.ref, told.data, shown_to=tuple(seats), public=public)

