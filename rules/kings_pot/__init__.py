"""King's Pot (``kings-pot.txt``): a 5x5 tableau of twelve poker hands plus the
King's hand, bought stakes, three reveal rounds with betting, and a King's pot
carried from deal to deal.

Start a deal with ``FAMILY.start("standard", setup)``; the setup keys are
documented in :mod:`rules.kings_pot.setup` and the action notation in
:mod:`rules.kings_pot.actions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GameFamily
from .actions import Action, Bet, Buy, Call, Check, Fold, FoldCard, Raise, Reveal, Showdown
from .board import TableauBoard
from .setup import SETUP_KEYS, Table, read_setup
from .showdown import Outcome, rank_hands
from .state import KingsPotState, Phase
from .tableau import LINES, HandName, RevealSchedule, max_buy
from .variant import PRESETS, KingsPotRules


def start(variant: str, setup: Mapping[str, Any]) -> KingsPotState:
    """A new deal: ``variant`` is a preset name, ``setup`` the plain-data table."""
    rules = PRESETS[variant]
    return KingsPotState.new(rules, read_setup(rules, setup))


FAMILY = GameFamily(
    id="kings-pot",
    title="King's Pot",
    sources=("kings-pot.txt",),
    presets=PRESETS,
    start=start,
    players_key="players",
)

__all__ = [
    "FAMILY", "start", "Action", "Bet", "Buy", "Call", "Check", "Fold", "FoldCard", "Raise", "Reveal",
    "Showdown", "TableauBoard", "SETUP_KEYS", "Table", "read_setup", "Outcome", "rank_hands",
    "KingsPotState", "Phase", "LINES", "HandName", "RevealSchedule", "max_buy", "PRESETS",
    "KingsPotRules",
]
