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

What a seat knows is what lies on the table now (ruling palace-poker-odds-unseen):
:meth:`PokerView.determinize` deals the cards it cannot see at random into the
deck, the discard pile and the palaces hidden from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from ..cards import Card, Suit
from ..core import GameState, GameView
from ..refs import Event, RuleRef, events_seen_by
from .actions import Action
from .battle import BattleVerdict, resolve_battle
from .config import PokerRules
from .deck import ShufflePlan
from .hands import Holding, SideHand, evaluate_side
from .model import Hand, HandResult, Phase, Status, evolve
from .sections import ref

H = TypeVar("H", bound=Hand)


# What a seat's view leaves out, and the rule that hides it (for "why can't I see it?").
HIDDEN: tuple[tuple[str, RuleRef], ...] = (
    ("other players' palace cards", ref("Palace Cards", "face down")),
    ("the draw deck", ref("Buy", "draw deck")),
    ("the discard pile", ref("Buy", "discard pile face down")),
)


def events_for(events: tuple[Event, ...], viewer: int | None) -> tuple[Event, ...]:
    """``events`` as seat ``viewer`` may learn them (:meth:`PokerState.events_for`
    also takes a name), or ``None`` for the teaching view, which learns everything."""
    return events_seen_by(events, viewer)


@dataclass(frozen=True)
class SeatView:
    seat: int
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

    @property
    def in_hand(self) -> bool:
        return self.status is Status.IN

    @property
    def suit(self) -> Suit | None:
        return None if self.banner is None else self.banner.suit

    @property
    def holding(self) -> Holding | None:
        """Banner, palace and soldiers, when this view shows the palace."""
        return None if self.palace is None or self.banner is None else Holding(self.banner, self.palace,
                                                                                self.soldiers)


@dataclass(frozen=True)
class BattleView:
    attacker: int
    defender: int
    responder: int
    owed: int
    opening: int
    raises: int
    put: tuple[int, int]


@dataclass(frozen=True)
class BattlePreview:
    """A battle between two seats as it would be called now, as far as a view shows it:
    ``verdict`` when both palaces are visible, else each visible side alone (``None``:
    hidden from this view). ``same_suit``: one banner suit, so no battle at all."""

    attacker: SideHand | None
    defender: SideHand | None
    verdict: BattleVerdict | None
    same_suit: bool = False


@dataclass(frozen=True)
class PokerView(GameView):
    """What ``seat`` may see; seats are numbers, ``players[i].name`` their names."""

    seat: int | None
    rules: PokerRules
    phase: Phase
    to_act: int | None
    turn: int | None
    dealer: int | None
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
    legal: tuple[Action, ...] = ()          # the viewer's legal actions, if it is their move
    dealer_draw: tuple[tuple[int, Card], ...] = ()  # the draw for first dealer so far (face up)
    hidden: tuple[tuple[str, RuleRef], ...] = ()     # what this view leaves out, and the rule why

    @property
    def mover(self) -> int | None:
        return self.to_act

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def player(self, who: int | str) -> SeatView:
        """A seat's view by seat number or by name (any case)."""
        if isinstance(who, int):
            return self.players[who]
        return next(p for p in self.players if p.name.casefold() == who.casefold())

    def unseen(self) -> tuple[Card, ...]:
        """Cards this viewer cannot see anywhere on the table, in pack order: the deck,
        the discard pile and the palace cards it may not see (ruling
        palace-poker-odds-unseen: what a seat knows is what lies on the table now)."""
        return () if self._masked is None else unseen_cards(self.position, self.seat)[0]

    @property
    def position(self) -> Hand:
        """The hand with the cards this seat cannot place put back in a fixed order."""
        if self._masked is None:
            raise ValueError("this view was made without its position")
        return cast(Hand, self._masked)

    def determinize(self, rng: random.Random) -> GameState[Any]:
        """A full position consistent with this view: the unseen cards dealt at random into
        the deck, the discard pile and the palaces this seat may not see; later shuffles
        drawn from ``rng`` too. The teaching view's position is the real one."""
        state = self.position
        cards, slots = unseen_cards(state, self.seat)
        if self.seat is None:
            return cast("GameState[Any]", state)  # the state itself (a Hand with its front)
        dealt = list(cards)
        rng.shuffle(dealt)
        return cast("GameState[Any]", _deal_into(state, slots, dealt, ShufflePlan(rng.getrandbits(32))))

    def battle_now(self, attacker: int, defender: int) -> BattlePreview:
        """A battle between two seats as it would be called now (the engine's own
        decision: exclusions, the four-of-a-kind exception, the rule config), as far
        as this view shows the two palaces."""
        a, d = self.players[attacker], self.players[defender]
        if a.suit is None or d.suit is None or a.suit is d.suit:
            return BattlePreview(None, None, None, same_suit=a.suit is d.suit and a.suit is not None)
        ha, hd = a.holding, d.holding
        if ha is not None and hd is not None:
            last_two = sum(p.in_hand for p in self.players) == 2
            verdict = resolve_battle(ha, hd, self.rules, last_two=last_two, attacker_name=a.name,
                                     defender_name=d.name)
            return BattlePreview(verdict.attacker, verdict.defender, verdict)
        side_a = None if ha is None else evaluate_side(ha, against=d.suit, rules=self.rules, name=a.name,
                                                       opponent=d.name)
        side_d = None if hd is None else evaluate_side(hd, against=a.suit, rules=self.rules, name=d.name,
                                                       opponent=a.name)
        return BattlePreview(side_a, side_d, None)


Slot = tuple[Any, ...]
"""A card's place: ("deck", i), ("discard", i) or ("palace", seat, i)."""


def _palace_shown(state: Hand, viewer: int | None) -> list[bool]:
    """Which seats' palace cards ``viewer`` sees: its own, and everyone's shown at a showdown."""
    shown: set[str] = set()
    if state.result is not None and state.result.showdown is not None:
        shown = {h.name for h in state.result.showdown.hands}
    return [viewer is None or i == viewer or p.name in shown for i, p in enumerate(state.players)]


def unseen_cards(state: Hand, viewer: int | None) -> tuple[tuple[Card, ...], list[Slot]]:
    """The cards ``viewer`` cannot see (in pack order) and their places: ("deck", i),
    ("discard", i) and ("palace", seat, i). Nothing for the teaching view."""
    if viewer is None:
        return (), []
    slots: list[Slot] = [("deck", i) for i in range(len(state.deck))]
    slots += [("discard", i) for i in range(len(state.discard))]
    for seat, (p, shown) in enumerate(zip(state.players, _palace_shown(state, viewer))):
        if not shown:
            slots += [("palace", seat, i) for i in range(len(p.palace))]
    cards = [_card_at(state, slot) for slot in slots]
    return tuple(sorted(cards, key=lambda c: c.index)), slots


def _card_at(state: Hand, slot: Slot) -> Card:
    if slot[0] == "palace":
        return state.players[slot[1]].palace[slot[2]]
    return (state.deck if slot[0] == "deck" else state.discard)[slot[1]]


def _deal_into(state: H, slots: list[Slot], cards: list[Card], plan: ShufflePlan) -> H:
    """``state`` with ``cards`` put into ``slots`` in order; the record of the last battle
    (which showed real cards) and the stacked shuffles go, the later shuffles follow ``plan``."""
    deck, discard = list(state.deck), list(state.discard)
    palaces = [list(p.palace) for p in state.players]
    for slot, card in zip(slots, cards):
        if slot[0] == "deck":
            deck[slot[1]] = card
        elif slot[0] == "discard":
            discard[slot[1]] = card
        else:
            palaces[slot[1]][slot[2]] = card
    players = tuple(evolve(p, palace=tuple(palaces[i])) for i, p in enumerate(state.players))
    return evolve(state, deck=tuple(deck), discard=tuple(discard), players=players, plan=plan,
                  last_battle=None, battle_seen=())


def make_view(state: Hand, viewer: int | None, legal: tuple[Action, ...]) -> PokerView:
    """What ``viewer`` may see of ``state``, with ``legal`` (the viewer's legal actions, if
    it is their move)."""
    visible = _palace_shown(state, viewer)
    seats = []
    for i, p in enumerate(state.players):
        seats.append(SeatView(i, p.name, p.stack, p.status, p.banner, p.soldiers, p.palace if visible[i] else None,
                              len(p.palace), i == state.dealer, p.paid, p.score))
    b = state.battle
    battle = None
    if b is not None and state.phase is not Phase.OVER:
        battle = BattleView(b.attacker, b.defender, b.responder, b.owed, b.opening, b.raises, b.put)
    last = state.last_battle
    if last is not None and viewer is not None and viewer not in state.battle_seen:
        last = None  # a beaten caller's cards go to the discard pile unseen (ruling palace-poker-battle-reveal)
    teaching = viewer is None
    draw: tuple[tuple[int, Card], ...] = ()
    if state.draw is not None:
        draw = tuple(state.draw.cards)
    if teaching:
        masked = state
    else:
        cards, slots = unseen_cards(state, viewer)
        masked = _deal_into(state, slots, list(cards), ShufflePlan(0))
    return PokerView(viewer, state.rules, state.phase, state.actor, state.turn, state.dealer,
                     state.pot, tuple(seats), len(state.deck), len(state.discard), state.set_aside, battle,
                     state.result, last, state.deck if teaching else None, state.discard if teaching else None,
                     legal, draw, () if teaching else HIDDEN)._from_position(cast("GameState[Any]", masked))
