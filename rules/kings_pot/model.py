"""The frozen pieces a King's Pot deal is made of: its phases and one player's seat."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Card


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
