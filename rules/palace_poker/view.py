"""What one seat may see of a Palace Poker position (``state.view(seat)``).

Face-up cards (banners, soldiers, the set-aside banner rejects) are public.
Palace cards are seen only by their owner, and by everyone once shown at a
showdown; the deck order and the face-down discard pile are seen by nobody.
A called battle's two hands (``last_battle``) are seen by the player who called
last and, unless that caller lost, by the other player (ruling
palace-poker-battle-reveal); nobody else sees them.
``view(None)`` is the teaching view: everything, including the deck order.

Events follow the same rule. ``state.play()`` returns every event (the teaching
narration); an event that holds a hidden card or a battle's hands is a
:class:`SeatEvent` naming the seats that may learn it, and
``rules.refs.events_seen_by(events, seat)`` (the call for every engine),
``state.events_for(events, seat)`` or :func:`events_for` give one seat's
narration: another player's palace card is dropped from the data, and a battle's
hands are told only to whoever saw them, the others learning just who won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from ..refs import Event, RuleRef, events_seen_by
from .battle import BattleVerdict
from .model import HandResult, Phase, Status
from .sections import ref

if TYPE_CHECKING:
    from .state import PokerState


# What a seat's view leaves out, and the rule that hides it (for "why can't I see it?").
HIDDEN: tuple[tuple[str, RuleRef], ...] = (
    ("other players' palace cards", ref("Palace Cards", "face down")),
    ("the draw deck", ref("Buy", "draw deck")),
    ("the discard pile", ref("Buy", "discard pile face down")),
)


@dataclass(frozen=True)
class SeatEvent(Event):
    """An event only some seats may learn in full (hidden cards, a battle's hands).

    ``shown_to`` holds the seats that learn it whole, by number and by name;
    every other seat learns ``public`` instead (``None``: nothing at all). The
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


def events_for(events, viewer: object) -> tuple[Event, ...]:
    """``events`` as ``viewer`` may learn them: a seat number or a player's name
    (as the event names it; :meth:`PokerState.events_for` takes any spelling),
    or ``None`` for the teaching view, which learns everything."""
    return events_seen_by(events, viewer)


@dataclass(frozen=True)
class SeatView:
    name: str
    stack: int
    status: Status
    banner: Card | None
    soldiers: tuple[Card, ...]
    palace: tuple[Card, ...] | None   # None: hidden from this viewer
    palace_count: int
    is_dealer: bool
    paid: int
    score: int


@dataclass(frozen=True)
class BattleView:
    attacker: str
    defender: str
    responder: str
    owed: int
    opening: int
    raises: int
    put: tuple[int, int]


@dataclass(frozen=True)
class PokerView:
    viewer: str | None
    phase: Phase
    to_act: str | None
    turn: str | None
    dealer: str | None
    pot: int
    players: tuple[SeatView, ...]
    deck_count: int
    discard_count: int
    set_aside: tuple[Card, ...]
    battle: BattleView | None
    result: HandResult | None
    last_battle: BattleVerdict | None       # only for who saw both hands (and the teaching view)
    deck: tuple[Card, ...] | None = None    # teaching view only
    discard: tuple[Card, ...] | None = None  # teaching view only
    legal: tuple[str, ...] = ()             # the viewer's legal actions, if it is their move
    dealer_draw: tuple[tuple[str, Card], ...] = ()  # the draw for first dealer so far (face up)
    hidden: tuple[tuple[str, RuleRef], ...] = ()     # what this view leaves out, and the rule why

    def seat(self, name: str) -> SeatView:
        return next(p for p in self.players if p.name.casefold() == name.casefold())

    def unseen(self) -> tuple[Card, ...]:
        """Cards this viewer cannot see anywhere on the table, in pack order."""
        from ..cards import ALL_CARDS
        seen = set(self.set_aside) | {c for _, c in self.dealer_draw}
        for p in self.players:
            seen.update(p.soldiers)
            if p.banner is not None:
                seen.add(p.banner)
            if p.palace:
                seen.update(p.palace)
        if self.deck is not None:
            return ()
        return tuple(c for c in ALL_CARDS if c not in seen)


def make_view(state: "PokerState", viewer: str | None) -> PokerView:
    shown = set()
    if state.result is not None and state.result.showdown is not None:
        shown = {h.name for h in state.result.showdown.hands}
    seats = []
    for i, p in enumerate(state.players):
        visible = viewer is None or p.name == viewer or p.name in shown
        seats.append(SeatView(p.name, p.stack, p.status, p.banner, p.soldiers, p.palace if visible else None,
                              len(p.palace), i == state.dealer, p.paid, p.score))
    b = state.battle
    battle = None
    if b is not None and state.phase is not Phase.OVER:
        battle = BattleView(state.players[b.attacker].name, state.players[b.defender].name,
                            state.players[b.responder].name, b.owed, b.opening, b.raises, b.put)
    last = state.last_battle
    if last is not None and viewer is not None and viewer not in state.battle_seen:
        last = None  # a beaten caller's cards go to the discard pile unseen (ruling palace-poker-battle-reveal)
    legal: tuple[str, ...] = ()
    if viewer is None or viewer == state.actor_name:
        legal = tuple(str(a) for a in state.legal_actions())
    teaching = viewer is None
    draw: tuple[tuple[str, Card], ...] = ()
    if state.draw is not None:
        draw = tuple((state.players[i].name, c) for i, c in state.draw.cards)
    return PokerView(viewer, state.phase, state.actor_name,
                     None if state.turn is None else state.players[state.turn].name, state.dealer_name,
                     state.pot, tuple(seats), len(state.deck), len(state.discard), state.set_aside, battle,
                     state.result, last, state.deck if teaching else None, state.discard if teaching else None,
                     legal, draw, () if teaching else HIDDEN)
