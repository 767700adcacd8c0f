"""Palace Poker (``palace-poker.txt``): banner poker with heads-up bet battles.

``FAMILY`` is the game's entry in :mod:`rules.games`; ``FAMILY.start(variant,
setup)`` deals a hand from plain data (see :mod:`.setup` for the keys).

Modules by concern: ``sections`` (the source's sections), ``config`` (rule
options and presets), ``hands`` (a player's cards and what they make),
``battle`` and ``showdown`` (verdicts), ``actions`` (notation), ``betting``
(amounts), ``legality`` (the one check), ``flow`` (what actions do), ``state``,
``view`` (per-seat views), ``setup`` (start), ``odds`` (exact battle odds),
``checker`` (the CLI checkers).
"""

from ..games import GameFamily
from .actions import Action, Kind
from .battle import BattleVerdict, Outcome, resolve_battle
from .config import PRESETS, PokerRules
from .hands import CardMark, Holding, Mark, Place, SideHand, evaluate_side
from .model import Battle, HandResult, Phase, Player, Status
from .odds import BattleOdds, battle_odds
from .setup import SETUP_KEYS, start
from .showdown import ShowdownVerdict, resolve_showdown
from .state import PokerState
from .view import PokerView, SeatEvent, events_for

FAMILY = GameFamily(
    id="palace-poker",
    title="Palace Poker",
    sources=("palace-poker.txt",),
    presets=PRESETS,
    start=start,
)

__all__ = [
    "FAMILY", "Action", "Kind", "BattleVerdict", "Outcome", "resolve_battle", "PRESETS", "PokerRules",
    "CardMark", "Holding", "Mark", "Place", "SideHand", "evaluate_side", "Battle", "HandResult", "Phase",
    "Player", "Status", "BattleOdds", "battle_odds", "SETUP_KEYS", "start", "ShowdownVerdict", "resolve_showdown", "PokerState", "PokerView",
    "SeatEvent", "events_for",
]
