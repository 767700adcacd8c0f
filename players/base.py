"""What every computer player is: a seeded decision from one seat's view.

A :class:`Player` is given ``state.view(seat)`` (a :class:`rules.core.GameView`)
and nothing else, and returns a :class:`Decision`: the action, and the reason in
plain words drawn from that same view (the coach shows it as a hint). A player
refuses anything that is not a seat's own view on its move: the teaching view
shows every card, and a state is the whole truth.

Players are seeded: the same seed and the same views give the same decisions,
so tests and the benchmark replay exactly. Each decision draws from a random
generator seeded by the player's seed and the number of decisions it has made,
never from the hidden cards (a test reshuffles them and checks the decision
stays put).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import Action, GameView
from rules.refs import RuleRef

LEVELS = ("beginner", "standard", "strong")
"""Weakest first; each level beats the one before it (``python -m bench bots`` measures it)."""

LEVEL_WORDS = {
    "beginner": "beginner: plays anything legal, as on a first game night",
    "standard": "standard: sound habits, reads the table",
    "strong": "strong: also looks ahead over the cards it cannot see",
}


@dataclass(frozen=True)
class Decision:
    """An action and why, as the seat may know it (``ref``: the rule the reason rests on)."""

    action: Action
    reason: str = ""
    ref: RuleRef | None = None


class Player:
    """A computer player of one game at one level. Subclasses implement :meth:`choose`."""

    game: ClassVar[str] = ""
    level: ClassVar[str] = ""

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self.decisions = 0
        self.words = True  # put the reason into words (off in act(): nobody reads it there)

    def rng(self) -> random.Random:
        """This decision's random generator: from the seed and the decision count only."""
        return random.Random(f"{self.game}/{self.level}/{self.seed}/{self.decisions}")

    def decide(self, view: GameView) -> Decision:
        """The decision for the seat whose view this is; it must be that seat's move."""
        self._check(view)
        rng = self.rng()
        self.decisions += 1
        decision = self.choose(view, rng)
        assert decision.action in view.legal_actions(), (decision, view.legal_actions())
        return decision

    @staticmethod
    def _check(view: Any) -> None:
        """A seat's own view on its move, or the error that says why not."""
        if not isinstance(view, GameView):
            raise TypeError(f"a computer player decides from a seat's view (state.view(seat)), "
                            f"not from a {type(view).__name__}")
        if view.seat is None:
            raise ValueError("a computer player decides from one seat's view, not the teaching view "
                             "(that shows every card)")
        if not view.legal_actions():
            raise ValueError(f"it is not seat {view.seat}'s move: there is nothing to decide")

    worth_unit: ClassVar[str] = "chips"
    """What :meth:`weigh` counts: ``"chance"`` (of winning the game, 0..1) or ``"chips"`` (expected
    from the deal)."""

    def weigh(self, view: GameView, played: Action | None = None, effort: float = 1.0) -> dict[Action, float]:
        """What each play this player compares is worth to the seat whose view this is (see
        :attr:`worth_unit`), from that view alone and drawn from the same seeded generator as a
        decision; ``played`` is weighed too when this player can weigh it. Empty where the player
        weighs nothing (a level that does not look ahead, or a decision it takes by habit).
        ``effort`` scales a look-ahead's budget (a first quick pass over a whole game: less). The
        coach's judge (:func:`players.coach.judge`) asks it of the strong level."""
        self._check(view)
        rng = self.rng()
        self.decisions += 1
        return self._weigh(view, played, rng, effort)

    def _weigh(self, view: Any, played: Action | None, rng: random.Random, effort: float) -> dict[Action, float]:
        return {}

    def act(self, view: GameView) -> Action:
        """The action alone, where nobody reads the reason (a computer seat's move in a game): the
        same choice as :meth:`decide`'s, without putting its reason into words."""
        self.words = False
        try:
            return self.decide(view).action
        finally:
            self.words = True

    def choose(self, view: Any, rng: random.Random) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} {self.level} seed={self.seed!r}>"


_REGISTRY: dict[tuple[str, str], Callable[..., Player]] = {}


def register(cls: type[Player]) -> type[Player]:
    """Class decorator: the player for ``(cls.game, cls.level)``."""
    _REGISTRY[(cls.game, cls.level)] = cls
    return cls


def registered() -> dict[tuple[str, str], Callable[..., Player]]:
    return _REGISTRY
