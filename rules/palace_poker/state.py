"""A Palace Poker hand as an immutable state.

The hand's fields and the facts read off them are a :class:`.model.Hand`; ``PokerState``
is a front over it following :class:`rules.core.GameState`: ``check`` (in
:mod:`.legality`) is the one legality decision, ``_advance`` (in :mod:`.flow`) applies an
accepted action and says what happened. A state is one hand; in the points game
:meth:`PokerState.next_hand` deals the next one with the scores carried over.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping

from ..cards import Card
from ..core import GameOutcome, GameState, NextDeal, Pot, parse_seat
from ..errors import NotationError
from ..refs import Event, Verdict
from . import ending, flow, legality
from .actions import Action, Bet, Buy, Call, Discard, Fold, Keep, Market, Raise, Stay
from .actions import parse_action as _parse_action
from .betting import defender_call, opening_minimum, raise_step
from .model import Hand, Phase, Player
from .setup import next_hand
from .view import PokerView, events_for, make_view
from .words import describe


@dataclass(frozen=True)
class PokerState(Hand, GameState[Action]):
    """One hand of Palace Poker, between two actions: its fields and the facts read off
    them are a :class:`.model.Hand`; this front adds the one check, the moves, the words
    and the views."""

    # -- GameState ------------------------------------------------------------
    def check(self, action: Action) -> Verdict:
        return legality.check(self, action)

    def _advance(self, action: Action) -> tuple[PokerState, tuple[Event, ...]]:
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
        return describe(self, action)

    def candidate_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        dealt = flow.AUTOMATIC.get(phase)  # a deal, the antes, a shuffle
        if dealt is not None:
            return (dealt,)
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

    def bet_cost(self, attacker: int | str, defender: int | str) -> tuple[int, int]:
        """(the attacker's least bet, what the defender would owe to call it)."""
        a, d = self.player(attacker), self.player(defender)
        least = opening_minimum(self.rules, a)
        return least, defender_call(self.rules, least, a, d)

    def view(self, seat: int | str | None = None) -> PokerView:
        """What ``seat`` may see (its own palace cards, everything face up); ``None``
        shows everything, for teaching. ``seat`` is a seat
        number, like the other engines' views, or a player's name."""
        viewer = self._viewer(seat)
        legal = self.legal_actions() if viewer is None or viewer == self.actor else ()
        return make_view(self, viewer, legal)

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

    def next_hand(self, setup: Mapping[str, Any] | None = None) -> PokerState:
        """The next hand: the deal passes to the left, stacks and scores carry over.
        ``setup`` may give this hand's ``deck``/``palace_deck``/``reshuffles``/``seed``."""
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
