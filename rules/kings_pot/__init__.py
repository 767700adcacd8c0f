"""King's Pot (``kings-pot.txt``): a 5x5 tableau of twelve poker hands plus the
King's hand, bought stakes, three reveal rounds with betting, and a King's pot
carried from deal to deal.

Start a deal with ``FAMILY.start("standard", setup)``; the setup keys are
documented in :mod:`rules.kings_pot.setup` and the action notation in
:mod:`rules.kings_pot.actions`. This module is the game's public face: the
tutor, the lessons and the computer players import names from here only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GameFamily, game_title
from .actions import CALL, CHECK, FOLD, SHOWDOWN, Action, Bet, Buy, Call, Check, Fold, FoldCard, Raise, Reveal, Showdown
from .board import TableauBoard
from .checker import check_deal, check_tableau
from .sections import PLAYERS_AND_CARDS, SOURCE, ref
from .setup import SETUP_KEYS, Table, read_setup, table_rules
from .showdown import Outcome, rank_hands
from .model import Phase
from .state import KingsPotState
from .tableau import LINES, SIZE, HandName, RevealSchedule, cell_name, max_buy, row_col
from .variant import PRESETS, KingsPotRules
from .view import KingsPotView


def start(variant: str, setup: Mapping[str, Any]) -> KingsPotState:
    """A new deal: ``variant`` is a preset name, ``setup`` the plain-data table."""
    rules = table_rules(PRESETS[variant], setup)
    return KingsPotState.new(rules, read_setup(rules, setup))


FAMILY = GameFamily(
    id="kings-pot",
    title=game_title("kings-pot"),
    sources=(SOURCE,),
    presets=PRESETS,
    start=start,
    players_key="players",
)

__all__ = [
    "FAMILY", "start", "Action", "Bet", "Buy", "Call", "Check", "Fold", "FoldCard", "Raise", "Reveal",
    "Showdown", "CALL", "CHECK", "FOLD", "SHOWDOWN", "TableauBoard", "check_tableau", "check_deal", "SOURCE", "PLAYERS_AND_CARDS",
    "ref", "cell_name", "SETUP_KEYS",
    "Table", "read_setup", "Outcome", "rank_hands", "KingsPotState", "KingsPotView", "Phase", "LINES", "SIZE",
    "HandName", "RevealSchedule", "max_buy", "row_col", "PRESETS", "KingsPotRules",
]
