"""How a Palace Poker hand ends for the generic layers (``rules.core``'s contract): the
outcome, the next hand, the steps nobody decides and the pot.

The engine's own answers (``Hand.result``, :func:`.setup.next_hand`) said the
uniform way; nothing is decided again here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..cards import counted
from ..core import GameOutcome, GameState, NextDeal, Pot
from .actions import Action
from .flow import AUTOMATIC
from .model import Hand
from .setup import next_hand


POT_LABEL = "Pot (chips put in this hand)"
CARRIED_KEYS = ("options", "rules_name", "stakes", "rules")
"""What a table chose that goes on to the next hand (setup keys)."""


def automatic(state: Hand) -> Action | None:
    return AUTOMATIC.get(state.phase)


def pots(state: Hand) -> tuple[Pot, ...]:
    # the pot itself is emptied in the move that wins it: what was put in is what it came to
    return (Pot(POT_LABEL, sum(p.paid for p in state.players)),)


def can_pay(state: Hand) -> tuple[int, ...]:
    """The seats that can pay the next hand's ante."""
    ante = state.rules.ante_amount
    return tuple(i for i, p in enumerate(state.players) if p.stack >= ante)


def why_over(state: Hand) -> str:
    """Why no hand follows this finished one, in plain words ("" when one does)."""
    if state.game_winner is not None:
        return f"the game is over: {state.game_winner} reached {state.rules.target} points"
    paying = can_pay(state)
    if len(paying) >= 2:
        return ""
    broke = [p.name for i, p in enumerate(state.players) if i not in paying]
    who = " and ".join(broke)
    return (f"the game is over: {who} {'has' if len(broke) == 1 else 'have'} too few chips for the ante "
            f"of {counted(state.rules.ante_amount, 'chip')}")


def outcome(state: Hand) -> GameOutcome | None:
    result = state.result
    if not state.is_over or result is None:
        return None
    shares = dict(result.shares)
    losers = tuple(i for i in range(len(state.players)) if i not in result.winners)
    chips = () if state.rules.points else tuple(shares.get(i, 0) - p.paid for i, p in enumerate(state.players))
    over = why_over(state)
    return GameOutcome(how=result.reason, ref=result.ref, winners=result.winners,
                       placings=tuple(group for group in (result.winners, losers) if group), chips=chips,
                       goes_on=not over, over=over)


def next_deal(state: Hand, setup: Mapping[str, Any], seed: int | str) -> NextDeal | None:
    """The next hand (:func:`.setup.next_hand`: the deal passes to the left, stacks and scores
    carry over, a player who cannot pay the ante sits out: ruling palace-poker-short-stacks)
    and its setup, with what the table
    chose (stakes, rule changes, options) carried over."""
    if not state.is_over:
        raise ValueError("the hand is not over yet")
    if why_over(state):
        return None
    new = next_hand(state, {"seed": seed})
    plain: dict[str, Any] = {key: setup[key] for key in CARRIED_KEYS if key in setup}
    plain.update(seats=[p.name for p in new.players], dealer=new.players[new.dealer or 0].name,
                 stacks=[p.stack for p in new.players], hand=new.hand_number, seed=seed)
    if new.rules.points:
        plain["scores"] = [p.score for p in new.players]
        del plain["stacks"]
    kept = {p.name for p in new.players}
    out = tuple(p.name for p in state.players if p.name not in kept)
    dealer = plain["dealer"]
    text = f"{dealer} deals hand {new.hand_number}."
    if out:
        text += f" {' and '.join(out)} {'sits' if len(out) == 1 else 'sit'} out: too few chips for the ante."
    return NextDeal(setup=plain, state=cast("GameState[Any]", new), dealer=dealer, sitting_out=out, text=text)


__all__ = ["AUTOMATIC", "automatic", "can_pay", "next_deal", "outcome", "pots", "why_over"]
