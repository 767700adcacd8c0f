"""Information-set Monte Carlo tree search, as published (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE Trans. Computational Intelligence and AI in
Games 4(2), 2012: the single-observer version, SO-ISMCTS), written from the paper's
description over the game contract, for any game of ``rules``:

* every iteration deals a fresh *determinization* of the seat's view
  (``view.determinize(rng)``: the cards the seat cannot see dealt at random);
* it walks one tree of action sequences, shared by every determinization: at a node whose
  moves available in this determinization have all been tried, it picks the one with the
  best UCB1 value, counting a move's chances by the number of iterations it was
  *available* in (the paper's subset-armed bandit); otherwise it tries an untried
  available move at random and adds it to the tree;
* from there it plays at random (every legal action equally likely) to the end of the game
  (Palace) or of the deal (the poker games), and credits each node on the way with the
  result of the seat that moved into it;
* it answers the move of the root visited most often.

Nothing here knows a game: the seat's result at the end is the game's ``payoff`` (a
function given by each game's player module; the chips a seat won or lost in the deal, or
1 for a win and 0 for a loss). Chips are not in [0, 1] as UCB1 assumes: the mean results
are scaled by the smallest and largest result seen so far in the search before the
exploration term is added (the usual min-max scaling).

Steps nobody decides (a deal, a reveal: ``state.mover is None``) are played as the
engine lists them and take no place in the tree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import Action, GameState, GameView

from ..base import Decision, Player

Payoff = Callable[[GameState[Any], GameState[Any]], Sequence[float]]
"""(the position the search started from, the position the play-out ended in) -> each
seat's result."""

EXPLORATION = 0.7
"""UCB1's exploration constant: the value the paper's experiments settled on (0.7) for
results scaled to [0, 1]."""

PLAYOUT_CAP = 5000
"""A play-out still going after this many actions stops and is scored where it stands
(random Palace play takes the pile back and forth; the longest of a hundred random
heads-up games took 4,481 actions)."""


class Node:
    """One move in the tree: who made it, how often it was chosen and how often it could
    have been, and the sum of its mover's results."""

    __slots__ = ("seat", "visits", "available", "total", "children")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Action, Node] = {}


@dataclass(frozen=True)
class Searched:
    """What one search found: the move, the root's moves with their visits and mean
    results (as the seat scores them), and the iterations run."""

    action: Action
    visits: tuple[tuple[Action, int, float], ...]
    iterations: int


def _forced(state: GameState[Any], rng: random.Random) -> GameState[Any]:
    """Past the steps nobody decides (a deal, a reveal); a chance step with several
    outcomes takes one at random."""
    while state.mover is None and not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))])
    return state


def search(view: GameView, iterations: int, rng: random.Random, payoff: Payoff,
           exploration: float = EXPLORATION, playout_cap: int = PLAYOUT_CAP) -> Searched:
    """Single-observer ISMCTS from ``view`` (the seat to move's view) for ``iterations``
    iterations (see the module notes)."""
    root = Node(None)
    low, high = math.inf, -math.inf
    legal_root = view.legal_actions()
    for _ in range(iterations):
        start = view.determinize(rng)
        state = _forced(start, rng)
        node = root
        path: list[Node] = []
        while not state.is_over:  # select while every available move was tried, then expand one
            legal = state.legal_actions()
            moves = {a.key(): a for a in legal}
            for key in moves:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [key for key in moves if key not in node.children]
            if untried:
                key = untried[int(rng.random() * len(untried))]
                child = node.children[key] = Node(state.mover)
                child.available = 1
                path.append(child)
                state = _forced(state.apply(moves[key]), rng)
                break
            key = _ucb(node, moves, low, high, exploration)
            node = node.children[key]
            path.append(node)
            state = _forced(state.apply(moves[key]), rng)
        steps = 0
        while not state.is_over and steps < playout_cap:  # random play-out
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
            steps += 1
        results = payoff(start, state)
        low, high = min(low, *results), max(high, *results)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += results[n.seat]
    by_key = {a.key(): a for a in legal_root}
    scored = [(by_key[k], c.visits, c.total / c.visits if c.visits else 0.0)
              for k, c in root.children.items() if k in by_key]
    best = max(scored, key=lambda t: t[1])[0] if scored else legal_root[0]
    return Searched(best, tuple(scored), iterations)


def _ucb(node: Node, moves: dict[Action, Action], low: float, high: float, c: float) -> Action:
    span = high - low if high > low else 1.0
    best_key, best_value = None, -math.inf
    for key in moves:
        child = node.children[key]
        mean = (child.total / child.visits - low) / span if child.visits else 1.0
        value = mean + c * math.sqrt(math.log(child.available) / child.visits) if child.visits else math.inf
        if value > best_value:
            best_key, best_value = key, value
    assert best_key is not None
    return best_key


class IsmctsPlayer(Player):
    """The outside ISMCTS player of one game (a subclass per game sets ``game``,
    ``payoff`` and the default ``iterations``)."""

    level: ClassVar[str] = "ismcts"
    iterations: ClassVar[int] = 100
    payoff: ClassVar[Payoff]

    def __init__(self, seed: int | str = 0, iterations: int | None = None) -> None:
        super().__init__(seed)
        self.budget = iterations or type(self).iterations

    def choose(self, view: Any, rng: random.Random) -> Decision:
        found = search(view, self.budget, rng, type(self).payoff)
        state = view.determinize(random.Random(0))  # the seat's own position: for describe() only
        visits = next(v for a, v, _ in found.visits if a == found.action) if found.visits else 0
        what = state.describe(found.action, view.seat)
        text = f"{what}: chosen most often ({visits} of {found.iterations}) in a search over random deals"
        return Decision(found.action, text[0].upper() + text[1:] + ".")


def ismcts_player(game: str, payoff: Payoff, iterations: int) -> type[IsmctsPlayer]:
    """The ISMCTS player class of ``game`` (registered by the game's player module)."""
    return type(f"Ismcts[{game}]", (IsmctsPlayer,),
                {"game": game, "payoff": staticmethod(payoff), "iterations": iterations,
                 "__module__": __name__})
