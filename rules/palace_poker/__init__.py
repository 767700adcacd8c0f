"""Palace Poker (``palace-poker.txt``): banner poker with heads-up bet battles.

Modules by concern: ``sections`` (the source's sections), ``config`` (rule
options and presets), ``hands`` (a player's cards and what they make in a
battle), ``battle`` and ``showdown`` (verdicts), ``checker`` (the CLI checkers).
"""

from .battle import BattleVerdict, Outcome, resolve_battle
from .config import PRESETS, PokerRules
from .hands import CardMark, Holding, Mark, Place, SideHand, evaluate_side
from .showdown import ShowdownVerdict, resolve_showdown

__all__ = [
    "BattleVerdict", "Outcome", "resolve_battle", "PRESETS", "PokerRules", "CardMark", "Holding", "Mark",
    "Place", "SideHand", "evaluate_side", "ShowdownVerdict", "resolve_showdown",
]
