"""Free play: dealing a table in one tap, and the next deal of a game that goes on.

A free study starts from an engine setup (players and a shuffle seed) like
any other, so its link and file carry it. Two things make it quick to use:

* :func:`deal_to_first_decision` plays the dealing nobody decides (the draw
  for dealer, the antes, the banner and palace cards of Palace Poker) as
  moves of the study, so the table opens on its first real decision and the
  deal can still be stepped back through;
* :func:`next_deal_setup` builds the setup of the next deal from a finished
  one, for the games that go on from deal to deal: Palace Poker (the deal
  passes to the left, stacks and scores carry over: the engine's
  ``next_hand``) and King's Pot (the deal passes on, stacks and an unwon
  King's pot carry over, source § Winning the King's pot).
"""

from __future__ import annotations

from typing import Any

# Action kinds that deal cards or collect antes: the table does them, nobody
# chooses them (Palace Poker § The Deal, § Palace Cards). Matched by the
# action's kind name, so an engine without such actions is never fast-forwarded.
DEALING_KINDS = frozenset({"DEAL", "ANTE", "SHUFFLE"})
MAX_DEAL_STEPS = 400  # far more than ten players' draw, banners, reshuffles and palaces


def is_dealing(action: Any) -> bool:
    kind = getattr(action, "kind", None)
    return getattr(kind, "name", None) in DEALING_KINDS


def deal_to_first_decision(study: Any) -> int:
    """Play the study's dealing steps (the only legal action, a dealing one) from
    the cursor on, as moves of its tree. Returns how many were played."""
    played = 0
    while played < MAX_DEAL_STEPS:
        state = study.state
        if state.is_over:
            break
        legal = state.legal_actions()
        if len(legal) != 1 or not is_dealing(legal[0]):
            break
        if not study.play(legal[0]).legal:  # the engine refused its own only action: stop, say nothing
            break
        played += 1
    return played


def next_deal_setup(study: Any, seed: int | str | None = None, probe: bool = False) -> dict[str, Any] | None:
    """The setup of the deal after the study's finished one (same game and rules), or
    None for a game that ends with its hand (Palace). ``probe``: only say whether there
    is one (None or ``{}``), without building it. ValueError says why there cannot be a
    next deal (a hand not over; too few players able to pay)."""
    state = study.state
    if study.game == "palace-poker":
        if probe:
            return {}
        return {**_table_rules(study), **_poker_next(study, state, seed)}
    if study.game == "kings-pot":
        if probe:
            return {}
        return {**_table_rules(study), **_kings_pot_next(study, state, seed)}
    return None


def _table_rules(study: Any) -> dict[str, Any]:
    # the table's own rule set (its options and name) goes on to the next deal
    return {key: study.setup[key] for key in ("options", "rules_name") if key in study.setup}


def _poker_next(study: Any, state: Any, seed: int | str | None) -> dict[str, Any]:
    from rules.palace_poker import next_hand

    new = next_hand(state, {} if seed is None else {"seed": seed})
    setup = {key: value for key, value in study.setup.items() if key in ("stakes", "rules")}
    assert new.dealer is not None  # a new hand has its dealer
    setup.update(seats=[p.name for p in new.players], dealer=new.players[new.dealer].name,
                 stacks=[p.stack for p in new.players], hand=new.hand_number, seed=seed if seed is not None else 1)
    if new.rules.points:
        setup["scores"] = [p.score for p in new.players]
        del setup["stacks"]
    return setup


def _kings_pot_next(study: Any, state: Any, seed: int | str | None) -> dict[str, Any]:
    if not state.is_over:
        raise ValueError("the deal is not over yet")
    view = state.view(None)
    table = state.table
    players = list(table.players)
    stacks = [p.stack for p in view.players]
    outcome = view.outcome
    carried = 0 if outcome is None or outcome.kings_pot_won else view.kings_pot
    if sum(1 for s in stacks if s >= table.ante) < 3:
        raise ValueError("fewer than three players can pay for a card")
    return {"players": players, "dealer": (table.dealer + 1) % len(players), "stacks": stacks,
            "ante": table.ante, "min_bet": table.min_bet, "max_bet": table.max_bet, "kings_pot": carried,
            "seed": seed if seed is not None else 1}
