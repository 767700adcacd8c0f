"""Free play: dealing a table in one tap, and the next deal of a game that goes on.

A free study starts from an engine setup (players and a shuffle seed) like
any other, so its link and file carry it. Two things make it quick to use:

* :func:`deal_to_first_decision` plays the steps nobody decides (the engine's
  ``automatic()``: the draw for dealer, the antes, the deals) as moves of the
  study, so the table opens on its first real decision and the deal can
  still be stepped back through;
* :func:`next_deal_setup` asks the engine for the next deal of a finished one
  (``state.next_deal``: who deals, who sits out, what carries over), for the
  games that go on from deal to deal; the engine also says when the game is
  over (``state.game_outcome().over``).
"""

from __future__ import annotations

from typing import Any

MAX_DEAL_STEPS = 400  # far more than ten players' draw, banners, reshuffles and palaces


def deal_to_first_decision(study: Any) -> int:
    """Play the study's automatic steps (``state.automatic()``: the deals, antes and shuffles
    nobody decides) from the cursor on, as moves of its tree. Returns how many were played."""
    played = 0
    while played < MAX_DEAL_STEPS:
        state = study.state
        if state.is_over:
            break
        action = state.automatic()
        if action is None:
            break
        if not study.play(action).legal:  # the engine refused its own step: stop, say nothing
            break
        played += 1
    return played


def next_deal_setup(study: Any, seed: int | str | None = None, probe: bool = False) -> dict[str, Any] | None:
    """The setup of the deal after the study's finished one (same game and rules), or None
    when no deal follows (a game of one deal, like Palace, or a game over: too few players
    can pay to play on). ``probe``: only say whether there is one (None or ``{}``), without
    dealing it. ValueError while the deal is not over."""
    state = study.state
    if probe:
        outcome = state.game_outcome()
        return {} if outcome is not None and outcome.goes_on else None
    nxt = state.next_deal(study.setup, 1 if seed is None else seed)
    return None if nxt is None else dict(nxt.setup)


def why_no_next_deal(study: Any) -> str:
    """Why the study's game has no next deal, in plain words."""
    outcome = study.state.game_outcome()
    if outcome is not None and outcome.over:
        return str(outcome.over)
    return "this game ends when its hand ends"
