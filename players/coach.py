"""The coach: a hint for the seat to act, in words, with its reason drawn from that
seat's view alone, and the rule it rests on when a rule is the reason.

    from players.coach import hint
    h = hint(state, seat)         # or hint(state.view(seat)) / hint(game_view)
    h.text                        # "Play the 4♣: it is the weakest card you hold that goes ..."
    h.ref                         # RuleRef of the source section, or None

The hint is the decision of a computer player of the chosen level (``standard``
by default: its reasons are habits a person can follow; ``strong`` adds what its
look-ahead found), with a fixed seed, so asking twice gives the same hint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core import Action, GameView
from rules.games import game_of as _registered_game_of
from rules.refs import RuleRef

from . import player_for


@dataclass(frozen=True)
class Hint:
    """A suggested action for ``seat`` and why, in plain words."""

    seat: int | None
    """The seat the hint is for (``None``: a hint asked of the teaching view)."""
    action: Action
    text: str
    ref: RuleRef | None = None

    def describe(self) -> str:
        return self.text


def game_of(view: GameView) -> str:
    """The rules.games id of the game a view belongs to (the game whose engine defines it)."""
    try:
        return _registered_game_of(view)
    except LookupError:
        raise TypeError(f"no coach for a {type(view).__name__}") from None


def hint(source: Any, seat: int | None = None, level: str = "standard", seed: int | str = "coach") -> Hint:
    """The hint for ``seat`` (default: the seat to move). ``source`` is a state (only that
    seat's view of it is used) or a seat's view."""
    if isinstance(source, GameView):
        view = source
    else:
        seat = source.mover if seat is None else seat
        if seat is None:
            raise ValueError("nobody is to decide now: there is nothing to hint")
        view = source.view(seat)
    decision = player_for(game_of(view), level, seed=seed).decide(view)
    return Hint(view.seat, decision.action, decision.reason, decision.ref)
