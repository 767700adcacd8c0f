"""Palace Poker actions in plain words, for a person (``state.describe(action)``).

Short imperative phrases with the players' names and the amounts this position
gives ("attack Christine for $10", "call $15", "buy a soldier for $5"), so the
quizzes, the move list, a refusal and the computer coach never show engine
notation. Amounts are the engine's own (the same helpers as the legality check).
"""

from __future__ import annotations

from typing import cast

from ..cards import Card, faces
from .actions import Action, Bet, Call, Discard, Kind, Raise
from .betting import opening_minimum, raise_step
from .model import Hand, Phase


def _name(state: Hand, seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(state.players):
        return state.players[seat].name
    return "nobody" if seat is None else f"seat {seat}"


def _money(state: Hand, amount: int) -> str:
    return "" if state.rules.points else f" for ${amount}"


def _deal(state: Hand) -> str:
    if state.phase is Phase.DEALER_DRAW and state.draw is not None:
        return f"deal {_name(state, state.draw.contenders[len(state.draw.cards)])} a card for the first deal"
    order = state.deal_order
    if state.phase is Phase.BANNERS and state.dealt < len(order):
        return f"deal {_name(state, order[state.dealt])} a banner card"
    if state.phase is Phase.PALACE:
        return f"deal {_name(state, order[state.dealt % len(order)])} a palace card"
    return "deal the next card"


def _bet(state: Hand, action: Bet) -> str:
    target = _name(state, action.target)
    if state.rules.points:
        return f"attack {target}"
    if action.amount is not None:
        return f"bet ${action.amount} against {target}"
    me = state.players[state.actor] if state.actor is not None else None
    return f"attack {target}" + ("" if me is None else _money(state, opening_minimum(state.rules, me)))


def _battle(state: Hand, action: Action) -> str:
    b = state.battle
    other = _name(state, b.other(b.responder)) if b is not None else "the attacker"
    if action.kind is Kind.FOLD:
        return f"fold to {other}"
    amount = action.amount if isinstance(action, (Call, Raise)) else None
    if action.kind is Kind.CALL:
        pay = amount if amount is not None or b is None else min(b.owed, state.players[b.responder].stack)
        return f"call {other}'s bet" + ("" if pay is None else f" with ${pay}")
    step = amount if amount is not None or b is None else raise_step(state.rules, b, state.players[b.responder])
    return "raise" + ("" if step is None else f" by ${step}")


def describe(state: Hand, action: Action) -> str:
    """``action`` in plain words in ``state`` (see the module notes)."""
    kind = action.kind
    if kind is Kind.DEAL:
        return _deal(state)
    if kind is Kind.ANTE:
        return f"everyone antes ${state.rules.ante_amount}"
    if kind is Kind.SHUFFLE:
        return "put the set-aside banner cards back and shuffle"
    if kind is Kind.BUY:
        return "buy a soldier" + _money(state, state.rules.buy_cost)
    if kind is Kind.MARKET:
        return "buy the top card of the discard pile" + _money(state, state.rules.market_cost)
    if kind is Kind.DISCARD:
        return f"discard {faces(cast(Discard, action).cards)}"
    if kind is Kind.KEEP:
        return "keep every soldier"
    if kind is Kind.STAY:
        return "stay"
    if kind is Kind.BET:
        return _bet(state, cast(Bet, action))
    if state.phase is Phase.BATTLE and kind in (Kind.FOLD, Kind.CALL, Kind.RAISE):
        return _battle(state, action)
    if kind is Kind.FOLD:
        return "fold and leave the hand"
    return "call" if kind is Kind.CALL else "raise"
