"""Data behind the tables' charts, computed by the engines, with no panel import.

* :func:`pot_line`: the pots (the engine's ``state.pots()``) at every position of
  the line through the cursor (the lesson's main line, or the learner's
  variation), for the pot chart.
* :class:`OddsCache`: exact battle odds (``rules.palace_poker.battle_odds``) per
  position and seat, computed only when asked for and remembered, so that
  stepping never waits for an enumeration.
* :func:`odds_seat`: whose odds a view may show.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any


def battle_odds(state: Any, seat: str) -> tuple[Any, ...]:
    """:func:`rules.palace_poker.battle_odds`, imported on first use: this module serves
    every game's charts, and a page showing another game need not load Palace Poker."""
    from rules.palace_poker import battle_odds as odds

    return odds(state, seat)


@dataclass(frozen=True)
class PotLine:
    """The pots along one line: ``series`` maps a pot's name to one value per position."""

    labels: tuple[str, ...]          # what each position is ("start", "3. Brad: bet Frank", ...)
    series: tuple[tuple[str, tuple[int, ...]], ...]
    current: int                     # index of the cursor's position in the line

    def values(self, name: str) -> tuple[int, ...]:
        return dict(self.series)[name]


def pot_names(state: Any) -> tuple[str, ...]:
    """The names of the pots a game's chart shows (the engine's ``pots()``, the same through a game)."""
    return tuple(pot.label for pot in state.pots())


def pot_line(study: Any) -> PotLine:
    """The pots at each position of the line through the cursor, from the start to the end of
    that line; each move labelled as the chosen seat may read it."""
    tree = study.tree
    ids = tree.line(study.current)
    labels = []
    values: dict[str, list[int]] = {}
    for i, node_id in enumerate(ids):
        node = tree[node_id]
        labels.append("start" if node.is_root else f"{i}. {node.words(study.viewer)}")
        for pot in node.state.pots():
            values.setdefault(pot.label, []).append(int(pot.chips))
    return PotLine(tuple(labels), tuple((k, tuple(v)) for k, v in values.items()), ids.index(study.current))


def odds_seat(state: Any, viewer: str | None) -> str | None:
    """Whose battle odds this view may show: the viewer's own (a seat still in the hand), or in
    the teaching view the player to act. None when no battle odds apply here."""
    from rules.palace_poker import Phase

    if state.phase not in (Phase.TURN, Phase.AFTER_BUY, Phase.BATTLE, Phase.SPOILS):
        return None
    name = viewer if viewer is not None else state.actor_name
    seat = state.seat_of(name)
    if seat is None or not state.players[seat].in_hand or len(state.in_hand) < 2:
        return None
    return str(state.players[seat].name)


class OddsCache:
    """Battle odds per (position, seat), computed on request and kept for the ``size`` most
    recent positions (states are immutable, so a position's odds never change)."""

    def __init__(self, size: int = 64):
        self.size = size
        self._store: OrderedDict[tuple[int, str], tuple[Any, tuple[Any, ...]]] = OrderedDict()

    def known(self, state: Any, seat: str) -> tuple[Any, ...] | None:
        hit = self._store.get((id(state), seat))
        if hit is None or hit[0] is not state:
            return None
        self._store.move_to_end((id(state), seat))
        return hit[1]

    def get(self, state: Any, seat: str) -> tuple[Any, ...]:
        """The odds of ``seat`` against each opponent still in the hand (computed if new)."""
        hit = self.known(state, seat)
        if hit is not None:
            return hit
        odds = battle_odds(state, seat)
        self._store[(id(state), seat)] = (state, odds)  # the state is kept, so its id stays unique
        while len(self._store) > self.size:
            self._store.popitem(last=False)
        return odds
