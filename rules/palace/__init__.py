"""Palace, the shedding game, in three documented rule sets: ``house``, ``caron``, ``bga``.

One engine; the presets differ only in the values of a frozen
:class:`PalaceRules` (see :mod:`rules.palace.config`). Start a game with
``FAMILY.start(variant, setup)`` (setup keys: :mod:`rules.palace.setup`), then
``state.legal_actions()``, ``state.explain(action)``, ``state.play(action)``.
Action notation: :mod:`rules.palace.actions`. This module is the game's public face:
the tutor, the lessons and the computer players import names from here only.
"""

from __future__ import annotations

from ..games import GameFamily, game_title
from . import checker, sections, simulate  # noqa: F401  (their rulings belong to the game)
from .actions import (CHANCE, CHECK_STOCK, FLIP, LAST_CARD, PASS, PICKUP, QUICK_FLIP, READY, TAKE_UP, Action,
                      CallOut, Chance, CheckStock, Choose, Flash, Flip, LastCard, Pass, Pickup, Play, Quick,
                      QuickFlip, Ready, Reflect, Swap, TakeUp, parse_action)
from .checker import PlayCheck, PlayComparison, check_play, compare_play, compare_position
from .config import PRESETS, PalaceRules, rules_for
from .setup import SETUP_KEYS, position_setup, start
from .state import FlashInfo, PalaceState, Phase, Window
from .view import PalaceView

FAMILY = GameFamily(
    id="palace",
    title=game_title("palace"),
    sources=(sections.HOUSE, sections.CARON, sections.BGA),
    presets=PRESETS,
    start=start,
)

CARD_ACTIONS = (Play, Flash, Reflect, Quick)
"""The actions that put cards from a hand (or the table) on the pile."""

__all__ = [
    "FAMILY", "PRESETS", "PalaceRules", "PalaceState", "PalaceView", "Phase", "FlashInfo", "Window",
    "SETUP_KEYS", "checker", "simulate", "start", "position_setup", "rules_for", "parse_action", "Action", "Play", "Flash",
    "Reflect", "Quick", "QuickFlip", "Flip", "Pickup", "Chance", "CheckStock", "Pass", "TakeUp", "Choose", "Swap",
    "Ready", "LastCard", "CallOut", "CHANCE", "CHECK_STOCK", "FLIP", "LAST_CARD", "PASS", "PICKUP", "QUICK_FLIP",
    "READY", "TAKE_UP", "CARD_ACTIONS", "PlayCheck", "PlayComparison", "check_play", "compare_play",
    "compare_position",
]
