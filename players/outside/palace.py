"""Outside-style players for Palace: ISMCTS, and the shedding heuristic."""

from __future__ import annotations

import random
from typing import Any

from rules.palace import (CallOut, Chance, CheckStock, Choose, Flash, Flip, LastCard, PalaceRules, PalaceState,
                          PalaceView, Pass, Pickup, Play, Quick, QuickFlip, Ready, Reflect, Swap, TakeUp)
from rules.palace import Action as PalaceAction

from ..base import Decision, Player, register
from . import BenchTable, declare_table
from .ismcts import ismcts_player

GAME = "palace"

ISMCTS_ITERATIONS = 100
"""Iterations a decision (measured against the strong level's time: docs/players.md)."""


def payoff(start: Any, end: Any) -> tuple[float, ...]:
    """Each seat's result at the end of a play-out: 1 for a player who is not the last
    with cards (or, where the rules end the game at the first player out, for that
    player), else 0; a play-out stopped before the end scores a half for everyone."""
    assert isinstance(end, PalaceState)
    seats = range(end.players)
    if not end.is_over:
        return tuple(0.5 for _ in seats)
    if end.loser is not None:
        return tuple(0.0 if s == end.loser else 1.0 for s in seats)
    return tuple(1.0 if s == end.winner else 0.0 for s in seats)


IsmctsPalace = register(ismcts_player(GAME, payoff, ISMCTS_ITERATIONS))


def _standing(state: Any) -> dict[str, float]:
    """1 for a player who won (is not the last with cards), 0 for the loser; a game stopped
    before its end (the bench's action cap) is a half each."""
    return dict(zip(state.names, payoff(state, state)))


declare_table(GAME, BenchTable(
    presets=("house", "caron", "bga"), seats=2, deals=1,
    setup=lambda names, seed: {"seats": list(names), "seed": seed},
    next_deal=lambda state, preset, seed: None, standing=_standing))


# -- the shedding heuristic ---------------------------------------------------------------------
BIG_PILE = 6
"""A pile of this many cards is worth burning with a card that clears it."""

_CARD_PLAYS = (Play, Flash, Reflect, Quick)
_STUCK = (Flip, Chance, CheckStock, TakeUp, Pickup)
"""What a stuck player does, in this order: turn a face-down card, gamble on the stock, look
at the stock for an answer to a flash, take face-up cards up, and last of all take the pile."""


def _special(rules: PalaceRules, code: int) -> bool:
    return bool(rules.is_wild[code] or rules.is_clear[code] or rules.is_reset[code] or rules.is_flash[code]
                or rules.is_force_pickup[code])


def _rank_value(rules: PalaceRules, code: int) -> int:
    """Specials above every plain rank, then by the rule set's rank order."""
    return 100 * _special(rules, code) + int(rules.levels[code])


def _codes(action: Any) -> list[int]:
    return [c.index >> 2 for c in action.cards]


def shedding_choice(view: PalaceView) -> tuple[PalaceAction, str]:
    """The shedding heuristic players describe for Palace-type games (see the module notes):
    (the action, why in a few words)."""
    legal = view.legal_actions()
    rules = view.rules
    if len(legal) == 1:
        return legal[0], "the only move"
    kinds = {type(a) for a in legal}
    for call in (LastCard, CallOut):  # the table's calls are never skipped
        if call in kinds:
            return next(a for a in legal if type(a) is call), "the call the rules ask for"
    if Choose in kinds:  # the strongest cards face up: they are played last
        chosen = max((a for a in legal if type(a) is Choose),
                     key=lambda a: (sorted((_rank_value(rules, c) for c in _codes(a)), reverse=True), str(a)))
        return chosen, "the strongest cards face up"
    if Swap in kinds or Ready in kinds:
        return _swap(rules, legal), "the strongest cards face up"
    plays = [a for a in legal if type(a) in _CARD_PLAYS]
    if plays:
        return _shed(rules, view.pile, plays)
    for done in (QuickFlip, Pass):
        if done in kinds:
            return next(a for a in legal if type(a) is done), "nothing to throw at once"
    for stuck in _STUCK:
        if stuck in kinds:
            return next(a for a in legal if type(a) is stuck), "nothing goes on the pile"
    return legal[0], "the first move"


def _swap(rules: PalaceRules, legal: tuple[PalaceAction, ...]) -> PalaceAction:
    best: PalaceAction | None = None
    gain = 0
    for a in legal:
        if isinstance(a, Swap):
            g = _rank_value(rules, a.hand_card.index >> 2) - _rank_value(rules, a.face_up_card.index >> 2)
            if g > gain:
                best, gain = a, g
    return best if best is not None else next(a for a in legal if type(a) is Ready)


def _shed(rules: PalaceRules, pile: tuple[Any, ...], plays: list[PalaceAction]) -> tuple[PalaceAction, str]:
    """Burn a big pile; else shed the lowest plain rank, every copy; specials only when
    nothing plain goes (the cheapest, one card)."""
    if len(pile) >= BIG_PILE:
        burns = [a for a in plays if rules.is_clear[_codes(a)[0]]]
        if burns:
            return min(burns, key=lambda a: (len(_codes(a)), str(a))), "burn a big pile"
    plain = [a for a in plays if not _special(rules, _codes(a)[0])]
    if plain:
        low = min(rules.levels[_codes(a)[0]] for a in plain)
        lowest = [a for a in plain if rules.levels[_codes(a)[0]] == low]
        return max(lowest, key=lambda a: (len(_codes(a)), str(a))), "shed the lowest plain set"
    return (min(plays, key=lambda a: (_rank_value(rules, _codes(a)[0]), len(_codes(a)), str(a))),
            "only special cards go")


@register
class SheddingPalace(Player):
    """The outside shedding heuristic: no look-ahead, no reading of the other players."""

    game = GAME
    level = "shedding"

    def choose(self, view: Any, rng: random.Random) -> Decision:
        action, why = shedding_choice(view)
        what = view.determinize(random.Random(0)).describe(action, view.seat)
        return Decision(action, f"{what[0].upper()}{what[1:]}: {why}.")
