"""The frozen pieces a King's Pot deal is made of: its phases, one player's seat, and the
deal's fields with the facts read off them (:class:`Deal`), which the state, its views, its
words and the next deal all read; the state (:mod:`.state`) is a front over them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Self

from ..cards import Card
from .actions import Action
from .setup import Table
from .showdown import Outcome
from .variant import KingsPotRules


class Phase(Enum):
    BUY = "buy"
    REVEAL = "reveal"
    BET = "bet"
    SHOWDOWN = "showdown"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's position in the deal."""

    stack: int
    live: tuple[Card, ...] = ()     # cards still backing their hands
    folded: tuple[Card, ...] = ()   # cards given up, face down
    bought: int = 0                 # cards bought (0: has not bought yet)
    in_deal: bool = True            # False once every card is folded
    paid: int = 0                   # per-card bet matched in the current betting round
    acted: bool = False             # has acted since the last bet or raise
    put_in: int = 0                 # chips paid into the betting pot this deal


@dataclass(frozen=True)
class Deal:
    """One position of a King's Pot deal: its fields, and the facts read off them."""

    rules: KingsPotRules
    table: Table
    seats: tuple[Seat, ...]
    phase: Phase
    to_act: int | None
    reveals: int = 0                # reveal rounds done (0..3)
    dealt: int = 0                  # spare cards bought so far
    pot: int = 0                    # the betting pot
    kings_pot: int = 0
    level: int = 0                  # per-card bet to match in this betting round
    raises: int = 0                 # raises made in this betting round
    outcome: Outcome | None = None
    history: tuple[Action, ...] = ()

    # -- building ------------------------------------------------------------
    @classmethod
    def new(cls, rules: KingsPotRules, table: Table) -> Self:
        seats = tuple(Seat(stack) for stack in table.stacks)
        return cls(rules, table, seats, Phase.BUY, (table.dealer + 1) % len(seats),
                   kings_pot=table.kings_pot)

    # -- small facts -----------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def mover(self) -> int | None:
        return self.to_act

    @property
    def acting(self) -> int:
        """The seat to act, where one is (ValueError once the deal is over)."""
        if self.to_act is None:
            raise ValueError("nobody is to act: the deal is over")
        return self.to_act

    @property
    def max_buy(self) -> int:
        return self.rules.max_buy(len(self.seats))

    @property
    def total_chips(self) -> int:
        """Stacks plus both pots: constant through the deal."""
        return sum(s.stack for s in self.seats) + self.pot + self.kings_pot

    @property
    def face_up(self) -> frozenset[int]:
        """Tableau cells face up: those of the rounds revealed, all after a showdown."""
        done = self.outcome is not None and not self.outcome.uncontested
        return self.rules.reveal.shown_after(4 if done else self.reveals)

    @property
    def spare_left(self) -> tuple[Card, ...]:
        return self.table.spare[self.dealt:]

    def turn_order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer."""
        n = len(self.seats)
        return tuple((self.table.dealer + 1 + i) % n for i in range(n))

    def due(self, seat: int) -> int:
        """Chips ``seat`` must add to stay in: the per-card shortfall times cards held."""
        s = self.seats[seat]
        return (self.level - s.paid) * len(s.live)

    def buy_cost(self, count: int) -> int:
        return self.table.ante * count if self.rules.ante_per_card else self.table.ante
