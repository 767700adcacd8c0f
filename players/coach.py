"""The coach: a hint for the seat to act, in words, with its reason drawn from that
seat's view alone, and the rule it rests on when a rule is the reason.

    from players.coach import hint
    h = hint(state, seat)         # or hint(state.view(seat)) / hint(game_view)
    h.text                        # "Play the 4♣: it is the weakest card you hold that goes ..."
    h.ref                         # RuleRef of the source section, or None

The hint is the decision of a computer player of the chosen level (``standard``
by default: its reasons are habits a person can follow; ``strong`` adds what its
look-ahead found), with a fixed seed, so asking twice gives the same hint.

After a game, :func:`judge` weighs a play a person made, from that person's view of
the position only, with the strong level's own weighing (:meth:`Player.weigh`): how
much each play it compares changes the chance to win (Palace) or the chips
expected (the poker games), and so what the play cost against the best of them.

    j = judge(before.view(seat), played)    # None: a decision the strong level does not weigh
    j.best, j.cost                          # the better play, and what the one played cost
"""

from __future__ import annotations

from collections.abc import Sequence
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


@dataclass(frozen=True)
class Judgement:
    """A play ``played`` by ``seat`` weighed against the others the strong level compares:
    ``worth`` holds each one's worth (``unit``: ``"chance"`` of winning the game, 0..1, or
    ``"chips"`` expected from the deal), ``best`` the most worth (the play made, on a tie)."""

    seat: int
    played: Action
    best: Action
    worth: tuple[tuple[Action, float], ...]
    unit: str

    def of(self, action: Action) -> float:
        return next(w for a, w in self.worth if a == action)

    @property
    def cost(self) -> float:
        """How much less the play made is worth than the best one (0 when it is the best)."""
        return self.of(self.best) - self.of(self.played)


def judge(view: GameView, played: Action, seed: int | str = "judge", effort: float = 1.0) -> Judgement | None:
    """The strong level's judgement of ``played`` from the seat's ``view`` (never the position
    itself: the judge knows what the person knew). None when it weighs nothing here, or cannot
    weigh the play made (a choice of face-up cards, a buy). ``effort`` scales the look-ahead's
    budget (a quick first pass over a whole game: 0.25)."""
    if not isinstance(view, GameView):
        raise TypeError(f"the judge weighs a play from the seat's view (state.view(seat)), "
                        f"not from a {type(view).__name__}")
    strong = player_for(game_of(view), "strong", seed=seed)
    worth = strong.weigh(view, played, effort)
    if played not in worth or len(worth) < 2:
        return None
    best = max(worth, key=lambda a: (worth[a], a == played))
    assert view.seat is not None
    return Judgement(view.seat, played, best, tuple(worth.items()), strong.worth_unit)


NOTICED = {"chance": 0.06, "chips": 1.0}
"""The least a play must cost to count as a mistake: six points of the chance to win, above the
strong level's own margin (``players.palace.MARGIN``, 0.05: a smaller gain it treats as the
look-ahead's luck of the deals, and keeps its habit), or one chip expected."""

QUICK = 0.25
"""A first pass over a game's decisions looks ahead with a quarter of the judge's budget; the
costliest it finds (twice as many as are wanted) are judged again in full."""


def costliest(decisions: Sequence[tuple[GameView, Action]], keep: int = 3) -> list[tuple[int, Judgement]]:
    """The ``keep`` costliest of ``decisions`` (each a seat's view and the play it made), as (index,
    judgement) in the order they were made, each costing at least :data:`NOTICED`: every decision
    weighed quickly, the costliest of those again in full, so a game's judging has a bound."""
    def dear(j: Judgement | None, share: float) -> Judgement | None:
        return j if j is not None and j.cost >= NOTICED.get(j.unit, 0.0) * share else None

    quick = [(i, j) for i, (view, played) in enumerate(decisions)
             if (j := dear(judge(view, played, effort=QUICK), 0.5)) is not None]
    quick.sort(key=lambda ij: -ij[1].cost)
    # judged again on fresh deals: the quick pass's largest costs are partly its own luck, which
    # the same deals would repeat
    full = [(i, j) for i, _ in quick[:2 * keep]
            if (j := dear(judge(*decisions[i], seed="judge again"), 1.0)) is not None]
    full.sort(key=lambda ij: -ij[1].cost)
    return sorted(full[:keep], key=lambda ij: ij[0])
