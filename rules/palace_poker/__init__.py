"""Palace Poker (``palace-poker.txt``): banner poker with heads-up bet battles.

``FAMILY`` is the game's entry in :mod:`rules.games`; ``FAMILY.start(variant,
setup)`` deals a hand from plain data (see :mod:`.setup` for the keys).

This module is the game's public face: the tutor, the lessons and the computer
players import names from here, never from the modules below.

Modules by concern: ``sections`` (the source and its sections), ``config`` (rule
options and presets), ``hands`` (a player's cards and what they make),
``battle`` and ``showdown`` (verdicts), ``actions`` (notation), ``words``
(actions in plain words), ``betting`` (amounts), ``legality`` (the one check),
``model`` (the hand's fields and the facts read off them), ``flow`` (what
actions do), ``payout`` (the end of a hand), ``events`` (what a move tells),
``ending`` (the contract's outcome and next hand), ``state`` (the front),
``view`` (per-seat views), ``setup`` (start), ``odds`` (exact battle odds),
``checker`` (the CLI checkers). No module imports in a circle: each reads the
hand's fields (``model.Hand``), and only ``state`` puts them together.
"""

from collections.abc import Mapping
from typing import Any

from ..games import GameFamily, game_title
from .actions import Action, Ante, Bet, Buy, Call, Deal, Discard, Fold, Keep, Kind, Market, Raise, Shuffle, Stay
from .battle import BattleVerdict, Outcome, resolve_battle
from .betting import raise_step
from .checker import check_battle, check_showdown
from .config import PRESETS, PokerRules
from .hands import CardMark, Holding, Mark, Place, SideHand, evaluate_side
from .model import Battle, HandResult, Phase, Player, Status
from .odds import BattleOdds, battle_odds
from .sections import SOURCE, ref
from .events import SeatEvent
from .setup import SETUP_KEYS, next_hand
from .setup import start as _start
from .showdown import ShowdownVerdict, resolve_showdown
from .state import PokerState
from .view import BattlePreview, PokerView, events_for


def start(variant: str, setup: Mapping[str, Any]) -> PokerState:
    """A new hand: ``variant`` is a preset name, ``setup`` the plain-data table (see
    :mod:`.setup` for the keys)."""
    return _start(PokerState, variant, setup)


FAMILY = GameFamily(
    id="palace-poker",
    title=game_title("palace-poker"),
    sources=(SOURCE,),
    presets=PRESETS,
    start=start,
)

__all__ = [
    "FAMILY", "Action", "Ante", "Bet", "Buy", "Call", "Deal", "Discard", "Fold", "Keep", "Kind", "Market", "Raise",
    "Shuffle", "Stay", "BattleVerdict", "Outcome", "resolve_battle", "check_battle", "check_showdown", "PRESETS",
    "PokerRules", "CardMark", "Holding", "Mark", "Place", "SideHand", "evaluate_side", "Battle", "HandResult",
    "Phase", "Player", "Status", "BattleOdds", "battle_odds", "SOURCE", "ref", "SETUP_KEYS", "start", "next_hand",
    "ShowdownVerdict", "resolve_showdown", "raise_step", "PokerState", "PokerView", "BattlePreview", "SeatEvent", "events_for",
]
