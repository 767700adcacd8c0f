"""King's Pot actions in plain words, for a person (``state.describe(action)``).

Short imperative phrases with the amounts this position gives ("buy 2 cards for
2 chips", "bet 2 a card (6 chips)"), so quizzes, the move list, a refusal and
the computer coach never show engine notation. A card folded singly stays face
down: only its owner (and the teaching view) reads which card it was.
"""

from __future__ import annotations

from .actions import Action, Bet, Buy, Call, Check, Fold, FoldCard, Raise, Reveal, Showdown
from .model import Deal
from .tableau import HandName


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def describe(state: Deal, action: Action, viewer: int | None = None) -> str:
    """``action`` in plain words in ``state``, as seat ``viewer`` may read it."""
    seat = state.seats[state.to_act] if state.to_act is not None else None
    held = len(seat.live) if seat is not None else 0
    if isinstance(action, Buy):
        cards = f"{action.count} card{'s' if action.count != 1 else ''}"
        return f"buy {cards} for {_chips(state.buy_cost(action.count))}"
    if isinstance(action, Reveal):
        return f"turn the cells labelled {action.round}"
    if isinstance(action, Showdown):
        return "turn every card for the showdown"
    if isinstance(action, Check):
        return "check"
    if isinstance(action, Call):
        owed = state.due(state.to_act) if state.to_act is not None else 0
        return f"call ({_chips(owed)})" if owed else "call"
    if isinstance(action, Bet):
        # the amount in brackets: a reason follows the phrase after a colon
        return f"bet {action.per_card} a card ({_chips(action.per_card * held)})"
    if isinstance(action, Raise):
        return f"raise by {action.per_card} a card"
    if isinstance(action, FoldCard):
        if viewer is not None and viewer != state.to_act:
            return "fold a card"
        return f"fold the {action.card.label} (no longer backing the {HandName.for_rank(action.card.rank).title})"
    if isinstance(action, Fold):
        return "fold every card and leave the deal"
    return str(action)
