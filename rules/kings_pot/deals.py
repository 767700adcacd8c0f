"""From one King's Pot deal to the next (ruling kings-pot-next-deal): who can pay to play on,
the next deal's setup, and why the game is over when too few can."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..core import GameState, NextDeal, Pot
from ..errors import IllegalActionError
from .model import Deal
from .setup import read_setup
from .variant import KingsPotRules


_AMOUNTS = ("ante", "min-bet", "max-bet")
BETTING_POT_LABEL = "Betting pot (chips put in)"
KINGS_POT_LABEL = "King's pot"


def can_pay(state: Deal) -> list[int]:
    """The seats that can pay for a card in the next deal."""
    need = state.table.ante * state.rules.min_buy
    return [i for i, s in enumerate(state.seats) if s.stack >= need]


def why_over(state: Deal) -> str:
    """Why no deal follows this finished one, in plain words ("" when one does)."""
    keep = can_pay(state)
    if len(keep) >= state.rules.min_players:
        return ""
    return (f"the game is over: only {len(keep)} {'player' if len(keep) == 1 else 'players'} can pay "
            f"for a card, and a deal needs {state.rules.min_players}")


def next_setup(state: Deal, *, deck: list[str] | str | None = None,
               seed: int | str | None = None) -> dict[str, Any]:
    """Setup of the next deal (ruling kings-pot-next-deal): the stacks as they stand,
    the King's pot carried (or emptied if won), the deal passing to the left. Players
    who cannot pay for a card sit out. Give ``deck`` or ``seed`` for the new cards."""
    if not state.is_over:
        raise IllegalActionError("the next deal starts only when this one is over",
                                 state=state)
    keep = can_pay(state)
    if len(keep) < state.rules.min_players:
        raise IllegalActionError(
            f"only {len(keep)} players can pay for a card; a deal needs "
            f"{state.rules.min_players}", state=state)
    n = len(state.seats)
    dealer = next(i for i in ((state.table.dealer + k) % n for k in range(1, n + 1)) if i in keep)
    setup: dict[str, Any] = {
        "players": [state.players[i] for i in keep],
        "dealer": state.players[dealer],
        "stacks": [state.seats[i].stack for i in keep],
        "ante": state.table.ante, "min_bet": state.table.min_bet, "max_bet": state.table.max_bet,
        "kings_pot": state.kings_pot,
    }
    # the table's own options go on (the amounts are written out above)
    chosen = {name: token for name, token in state.rules.option_tokens().items()
              if name in state.rules.differences(KingsPotRules()) and name not in _AMOUNTS}
    if chosen:
        setup["options"] = chosen
    if (deck is None) == (seed is None):
        raise ValueError("give exactly one of deck= and seed= for the next deal")
    if deck is not None:
        setup["deck"] = deck
    else:
        setup["seed"] = seed
    return setup


def next_deal(state: Deal, setup: Mapping[str, Any], seed: int | str = 1) -> NextDeal | None:
    """The next deal (:meth:`next_setup`, ruling kings-pot-next-deal), the table's own
    choices (its options and their name) carried over from ``setup``; None once too
    few players can pay for a card."""
    if not state.is_over:
        raise ValueError("the deal is not over yet")
    if why_over(state):
        return None
    made = next_setup(state, seed=seed)
    plain: dict[str, Any] = {key: setup[key] for key in ("options", "rules_name") if key in setup}
    plain.update(players=made["players"], dealer=made["players"].index(made["dealer"]), stacks=made["stacks"],
                 ante=made["ante"], min_bet=made["min_bet"], max_bet=made["max_bet"],
                 kings_pot=made["kings_pot"], seed=seed)
    out = tuple(name for name in state.players if name not in made["players"])
    carried = (Pot(KINGS_POT_LABEL, state.kings_pot),) if state.kings_pot else ()
    text = f"{made['dealer']} deals."
    if out:
        text += f" {' and '.join(out)} {'sits' if len(out) == 1 else 'sit'} out: too few chips to buy a card."
    if carried:
        text += f" The King's pot of {state.kings_pot} chips carries over."
    first = cast("GameState[Any]", type(state).new(state.rules, read_setup(state.rules, plain)))
    return NextDeal(setup=plain, state=first, dealer=made["dealer"], sitting_out=out, carried=carried,
                    text=text)

