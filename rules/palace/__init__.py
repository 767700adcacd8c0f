"""Palace, the shedding game, in three documented rule sets: ``house``, ``caron``, ``bga``.

One engine; the presets differ only in the values of a frozen
:class:`PalaceRules` (see :mod:`rules.palace.config`). Start a game with
``FAMILY.start(variant, setup)`` (setup keys: :mod:`rules.palace.setup`), then
``state.legal_actions()``, ``state.explain(action)``, ``state.play(action)``.
Action notation: :mod:`rules.palace.actions`.
"""

from __future__ import annotations

from ..games import GameFamily
from . import checker, sections, simulate  # noqa: F401  (their rulings belong to the game)
from .actions import (Action, CallOut, Chance, CheckStock, Choose, Flash, Flip, LastCard, Pass, Pickup,
                      Play, Quick, QuickFlip, Ready, Reflect, Swap, TakeUp, parse_action)
from .config import PRESETS, PalaceRules, rules_for
from .setup import SETUP_KEYS, start
from .state import FlashInfo, PalaceState, Phase, Window

FAMILY = GameFamily(
    id="palace",
    title="Palace",
    sources=(sections.HOUSE, sections.CARON, sections.BGA),
    presets=PRESETS,
    start=start,
)

__all__ = [
    "FAMILY", "PRESETS", "PalaceRules", "PalaceState", "Phase", "FlashInfo", "Window", "SETUP_KEYS",
    "checker", "simulate", "start", "rules_for", "parse_action", "Action", "Play", "Flash", "Reflect", "Quick", "QuickFlip",
    "Flip", "Pickup", "Chance", "CheckStock", "Pass", "TakeUp", "Choose", "Swap", "Ready", "LastCard",
    "CallOut",
]
