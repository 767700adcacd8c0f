"""A Palace Poker hand as an immutable state.

``PokerState`` follows :class:`rules.core.GameState`: ``check`` (in
:mod:`.legality`) is the one legality decision, ``_advance`` (in :mod:`.flow`)
applies an accepted action and says what happened. A state is one hand; in the
points game :meth:`PokerState.next_hand` deals the next one with the scores
carried over.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping

from ..cards import ALL_CARDS, Card
from ..core import GameOutcome, GameState, NextDeal, Pot, parse_seat
from ..errors import NotationError
from ..refs import Event, Verdict
from . import ending, flow, legality
from .actions import Action, Ante, Bet, Buy, Deal, Discard, Fold, Keep, Market, Raise, Shuffle, Stay, Call
from .actions import parse_action as _parse_action
from .battle import BattleVerdict
from .betting import defender_call, opening_minimum, raise_step
from .config import PokerRules
from .deck import ShufflePlan
from .model import Battle, DealerDraw, HandResult, Phase, Player
from .view import PokerView, events_for, make_view

_PACK = [c.index for c in ALL_CARDS]


@dataclass(frozen=True)
class PokerState(GameState[Action]):
    """One hand of Palace Poker, between two actions."""

    rules: PokerRules
    variant: str
    players: tuple[Player, ...]
    dealer: int | None
    phase: Phase
    deck: tuple[Card, ...]                 # the draw deck, top first (hidden)
    plan: ShufflePlan                      # how later shuffles come out (hidden)
    discard: tuple[Card, ...] = ()         # bottom first; face down
    set_aside: tuple[Card, ...] = ()       # banner cards rejected in the banner deal (face up)
    pot: int = 0
    actor: int | None = None               # whose decision the next action is
    turn: int | None = None                # whose turn it is in the play
    dealt: int = 0                         # progress of the banner or palace deal
    quiet: tuple[int, ...] = ()            # the current run of stays, discards and folds, in order
    battle: Battle | None = None
    draw: DealerDraw | None = None
    result: HandResult | None = None
    last_battle: BattleVerdict | None = None
    battle_seen: tuple[int, ...] = ()      # seats that saw both hands of last_battle (ruling palace-poker-battle-reveal)
    chips: int = 0                         # all chips at the table (stacks + pot), constant
    hand_number: int = 1

    # -- GameState ------------------------------------------------------------
    def check(self, action: Action) -> Verdict:
        return legality.check(self, action)

    def _advance(self, action: Action) -> tuple["PokerState", tuple[Event, ...]]:
        return flow.advance(self, action)

    def parse_action(self, text: str) -> Action:
        action = _parse_action(text, resolve_target=self._resolve_target, resolve_seat=self._resolve_seat)
        if isinstance(action, Discard) and self.actor is not None:
            # canonical order: as the soldiers stand (the order they go onto the pile)
            row = self.players[self.actor].soldiers
            ordered = sorted(action.cards, key=lambda c: row.index(c) if c in row else len(row))
            action = Discard(tuple(ordered), actor=action.actor)
        return action

    def describe(self, action: Action, viewer: int | None = None) -> str:
        from .words import describe
        return describe(self, action)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def mover(self) -> int | None:
        return self.actor

    def candidate_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase in (Phase.DEALER_DRAW, Phase.BANNERS, Phase.PALACE):
            return (Deal(),)
        if phase is Phase.ANTE:
            return (Ante(),)
        if phase is Phase.SHUFFLE:
            return (Shuffle(),)
        if phase is Phase.OVER:
            return ()
        me = self.players[self.acting]
        if phase in (Phase.AFTER_BUY, Phase.SPOILS):
            return (Keep(),) + self._discards(me)
        if phase is Phase.BATTLE:
            return (Fold(), Call()) + self._raises(me)
        out = [Buy()]
        if self.rules.open_market:
            out.append(Market())
        out += [Stay(), Fold()]
        out += self._discards(me)
        for i in self.deal_order:
            p = self.players[i]
            if i != self.actor and p.in_hand:
                out += self._bets(me, i)
        return tuple(out)

    def _discards(self, me: Player) -> tuple[Action, ...]:
        return tuple(Discard(combo) for n in range(1, len(me.soldiers) + 1)
                     for combo in combinations(me.soldiers, n))

    def _bets(self, me: Player, target: int) -> list[Action]:
        if not self.rules.no_limit or self.players[target].suit is me.suit:
            return [Bet(target)]
        least = opening_minimum(self.rules, me)
        amounts = sorted({least, *(a for a in (2 * least, least + self.pot, me.stack) if least < a <= me.stack)})
        return [Bet(target, a) for a in amounts]

    def _raises(self, me: Player) -> tuple[Action, ...]:
        if not self.rules.no_limit:
            return (Raise(),)
        battle = self.in_battle
        step = raise_step(self.rules, battle, me)
        room = me.stack - battle.owed
        amounts = sorted({step, *(a for a in (2 * step, room) if step < a <= room)})
        return tuple(Raise(a) for a in amounts)

    # -- names and seats ------------------------------------------------------
    def seat_of(self, name: str | None) -> int | None:
        """The seat of a player named ``name`` (any case), or None."""
        if name is None:
            return None
        key = name.strip().casefold()
        return next((i for i, p in enumerate(self.players) if p.name.casefold() == key), None)

    def player(self, who: str | int) -> Player:
        """A player by name (as the lessons point at one) or by seat."""
        seat = who if isinstance(who, int) else self.seat_of(who)
        if seat is None or not 0 <= seat < len(self.players):
            raise KeyError(who)
        return self.players[seat]

    def _resolve_seat(self, text: str) -> int:
        if text.startswith("@"):
            return parse_seat(text, self.names)
        seat = self.seat_of(text)
        if seat is None:
            raise NotationError(f"no player named {text!r} at this table (players: {', '.join(self.names)})",
                                token=text, expected=" | ".join(self.names))
        return seat

    def _resolve_target(self, text: str) -> int:
        if text.startswith("@"):
            return parse_seat(text, self.names)
        seat = self.seat_of(text)
        if seat is not None:
            return seat
        try:
            banner = Card.parse(text)
        except NotationError:
            banner = None
        if banner is not None:
            holders = [i for i, p in enumerate(self.players) if p.banner == banner]
            if holders:
                return holders[0]
            raise NotationError(f"nobody has {banner} as a banner (banners: "
                                f"{', '.join(str(p.banner) for p in self.players if p.banner) or 'none yet'})",
                                token=text, expected="a player's name or banner card")
        raise NotationError(f"no player named {text!r} at this table (players: {', '.join(self.names)}); a "
                            "player can also be named by their banner card, like 'bet Qs'",
                            token=text, expected=" | ".join(self.names))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def actor_name(self) -> str | None:
        return None if self.actor is None else self.players[self.actor].name

    @property
    def to_act(self) -> str | None:
        """The name of the player (or dealer) whose decision comes next."""
        return self.actor_name

    @property
    def dealer_name(self) -> str | None:
        return None if self.dealer is None else self.players[self.dealer].name

    @property
    def deal_order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer (§ The Deal, § The Play)."""
        n = len(self.players)
        d = self.dealer if self.dealer is not None else n - 1
        return tuple((d + 1 + k) % n for k in range(n))

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats still in the hand, from the dealer's left."""
        return tuple(i for i in self.deal_order if self.players[i].in_hand)

    def next_in_hand(self, seat: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            i = (seat + k) % n
            if self.players[i].in_hand:
                return i
        raise ValueError("nobody is left in the hand")

    @property
    def acting(self) -> int:
        """The seat whose decision the next action is (ValueError when nobody's is)."""
        if self.actor is None:
            raise ValueError("nobody is to act now")
        return self.actor

    @property
    def in_battle(self) -> Battle:
        """The battle going on (ValueError when there is none)."""
        if self.battle is None:
            raise ValueError("no battle is going on")
        return self.battle

    # -- facts for the tutor and the lessons ------------------------------------
    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the hand (none until it is over)."""
        return () if self.result is None else self.result.winners

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[i].name for i in self.winners)

    @property
    def game_winner(self) -> str | None:
        """Points game: the first player to reach the target, once a hand is over."""
        if not (self.rules.points and self.is_over):
            return None
        best = max(self.players, key=lambda p: p.score)
        return best.name if best.score >= self.rules.target else None

    @property
    def call_amount(self) -> int | None:
        """What the player facing a bet must put in to call."""
        return None if self.battle is None or self.phase is not Phase.BATTLE else self.battle.owed

    def bet_cost(self, attacker: int | str, defender: int | str) -> tuple[int, int]:
        """(the attacker's least bet, what the defender would owe to call it)."""
        a, d = self.player(attacker), self.player(defender)
        least = opening_minimum(self.rules, a)
        return least, defender_call(self.rules, least, a, d)

    def card_zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card by where it lies; together exactly one pack (checked by the tests)."""
        zones = {"deck": self.deck, "discard": self.discard, "set aside": self.set_aside}
        if self.draw is not None:
            zones["dealer draw"] = self.draw.earlier + tuple(c for _, c in self.draw.cards)
        for p in self.players:
            zones[f"{p.name} banner"] = (p.banner,) if p.banner else ()
            zones[f"{p.name} palace"] = p.palace
            zones[f"{p.name} soldiers"] = p.soldiers
        return zones

    def accounted(self) -> bool:
        """All 52 cards present once each, and the chips add up."""
        indices = sorted(c.index for zone in self.card_zones().values() for c in zone)
        return indices == _PACK and sum(p.stack for p in self.players) + self.pot == self.chips

    def view(self, seat: int | str | None = None) -> PokerView:
        """What ``seat`` may see (its own palace cards, everything face up); ``None``
        shows everything, for teaching. ``seat`` is a seat
        number, like the other engines' views, or a player's name."""
        return make_view(self, self._viewer(seat))

    def _viewer(self, seat: int | str | None) -> int | None:
        """The seat for a seat number or any spelling of a name (None stays None)."""
        if seat is None:
            return None
        if isinstance(seat, int):
            if not 0 <= seat < len(self.players):
                raise NotationError(f"no seat {seat} at this table (seats 0-{len(self.players) - 1})",
                                    token=str(seat), expected=f"0-{len(self.players) - 1}")
            return seat
        if self.seat_of(seat) is None:
            raise NotationError(f"no player named {seat!r} at this table", token=seat,
                                expected=" | ".join(self.names))
        return self.seat_of(seat)

    def events_for(self, events: tuple[Event, ...], seat: int | str | None = None) -> tuple[Event, ...]:
        """``events`` (from :meth:`play`) as ``seat`` may learn them, with the same
        seat spelling as :meth:`view`: a seat number, a name, or ``None`` for the
        teaching view. Another player's palace card, or the hands of a battle the
        seat did not see, are left out (the table still learns who won)."""
        return events_for(events, self._viewer(seat))

    def next_hand(self, setup: Mapping[str, Any] | None = None) -> "PokerState":
        """The next hand: the deal passes to the left, stacks and scores carry over.
        ``setup`` may give this hand's ``deck``/``palace_deck``/``reshuffles``/``seed``."""
        from .setup import next_hand
        return next_hand(self, setup or {})

    # -- the contract's ending (rules.core): answered in .ending -------------------------
    def game_outcome(self) -> GameOutcome | None:
        return ending.outcome(self)

    def next_deal(self, setup: Mapping[str, Any], seed: int | str = 1) -> NextDeal | None:
        return ending.next_deal(self, setup, seed)

    def automatic(self) -> Action | None:
        return ending.automatic(self)

    def pots(self) -> tuple[Pot, ...]:
        return ending.pots(self)

    def __str__(self) -> str:
        who = f", {self.actor_name} to act" if self.actor is not None else ""
        return f"Palace Poker hand {self.hand_number} ({self.variant}): {self.phase.value}{who}, pot {self.pot}"

    def __repr__(self) -> str:
        return f"<PokerState {self}>"
