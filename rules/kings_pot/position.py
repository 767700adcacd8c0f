"""A King's Pot deal set up at its end, from what a table can see when it argues.

A table that disputes a deal knows the tableau, the King's hand, which cards each player
bought (still held, or folded) and the two pots. :func:`end_of_deal` builds that position as
a :class:`~.state.KingsPotState` and names the one action that ends the deal there: the
showdown, or, when only one player still holds cards, the last fold. Playing that action
through the state (``state.play``) is the engine's own flow (``_showdown`` or
``_uncontested``), so the checker's verdict is the deal's own, under the table's rules.

Players are listed in turn order from the dealer's left (the dealer is the last one listed),
the order in which odd chips of a split pot are given out (ruling kings-pot-odd-chips).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, counted, format_cards
from ..errors import NotationError
from ..options import RuleConflictError
from . import sections as S
from .actions import FOLD, SHOWDOWN, Action
from .model import Phase, Seat
from .setup import read_setup, table_rules
from .state import KingsPotState
from .tableau import CELLS, KINGS_HAND_SIZE, SPARE_CARDS
from .variant import PRESETS, KingsPotRules


@dataclass(frozen=True)
class Holder:
    """One player at the end of a deal: the cards still held (live) and those folded."""

    name: str
    live: tuple[Card, ...]
    folded: tuple[Card, ...] = ()

    @property
    def bought(self) -> int:
        return len(self.live) + len(self.folded)


def _stack_for(rules: KingsPotRules) -> int:
    """A stack that pays for any buy (the stacks play no part at the end of a deal)."""
    return max(rules.ante * SPARE_CARDS, 1)


def check_holders(rules: KingsPotRules, holders: Sequence[Holder]) -> None:
    """The table's own limits on who bought what (NotationError naming the player and the rule):
    how many players, at least one card each, at most the table's max buy each."""
    n = len(holders)
    if not rules.min_players <= n <= rules.max_players:
        raise NotationError(f"{counted(n, 'player')} given; King's Pot is played by {rules.min_players} to "
                            f"{rules.max_players} [{S.ref(S.PLAYERS_AND_CARDS)}]", token=str(n),
                            expected=f"{rules.min_players} to {rules.max_players} players")
    conflicts = rules.table_conflicts(n)
    if conflicts:
        raise RuleConflictError(f"{conflicts[0]}", settings=conflicts[0].settings)
    most = rules.max_buy(n)
    for h in holders:
        if h.bought < rules.min_buy:
            raise NotationError(f"{h.name} has no cards: every player buys at least "
                                f"{counted(rules.min_buy, 'card')} [{S.ref(S.BUYING)}]", token=h.name,
                                expected="at least one card each")
        if h.bought > most:
            table = "this table allows" if rules.buy_limit is not None else f"with {n} players a player may buy"
            raise NotationError(f"{h.name} has {counted(h.bought, 'card')} ({format_cards(h.live + h.folded)}); "
                                f"{table} at most {most} [{S.ref(S.BUYING)}]",
                                token=format_cards(h.live + h.folded), expected=f"at most {most} cards")


def end_of_deal(tableau: Sequence[Card], kings_hand: Sequence[Card], holders: Sequence[Holder], *,
                pot: int = 0, kings_pot: int = 0, variant: str = "standard",
                options: Mapping[str, str] | None = None) -> tuple[KingsPotState, Action]:
    """The deal after its third betting round, and the action that ends it (see the module).

    The cards must already be checked (25 + 5, no card twice); the players are checked here
    against the table's rules (:func:`check_holders`)."""
    if len(tableau) != CELLS or len(kings_hand) != KINGS_HAND_SIZE:
        raise ValueError("a tableau of 25 cards and a King's hand of 5")
    bought = [c for h in holders for c in h.live + h.folded]
    setup: dict[str, Any] = {
        "players": [h.name for h in holders], "dealer": len(holders) - 1,
        "deck": format_cards(tuple(tableau) + tuple(kings_hand) + tuple(bought)),
        "kings_pot": kings_pot,
    }
    if options:
        setup["options"] = dict(options)
    rules = table_rules(PRESETS[variant], setup)
    check_holders(rules, holders)
    setup["stacks"] = _stack_for(rules)
    table = read_setup(rules, setup)
    seats = tuple(Seat(table.stacks[i], live=h.live, folded=h.folded, bought=h.bought, in_deal=bool(h.live),
                       acted=True) for i, h in enumerate(holders))
    live = [i for i, h in enumerate(holders) if h.live]
    if not live:
        raise NotationError("every player has folded every card; at the end of a deal someone still holds one "
                            f"[{S.ref(S.SHOWDOWN)}]", token="folded", expected="at least one card still held")
    state = KingsPotState(rules, table, seats, Phase.SHOWDOWN, table.dealer, reveals=3, dealt=len(bought),
                          pot=pot, kings_pot=kings_pot)
    if len(live) > 1:
        return state, SHOWDOWN
    # one player holds cards: the deal ended when the last other player folded (no showdown)
    last = max(i for i, h in enumerate(holders) if not h.live)
    h = holders[last]
    seats = seats[:last] + (Seat(table.stacks[last], live=h.folded, bought=h.bought),) + seats[last + 1:]
    return KingsPotState(rules, table, seats, Phase.BET, last, reveals=3, dealt=len(bought), pot=pot,
                         kings_pot=kings_pot), FOLD
