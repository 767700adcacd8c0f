"""Seeded random games, for the invariant tests and the benchmark.

Two seeded random players. ``uniform`` picks any legal action with equal chance (it
takes the pile or chances on a whim, so its games are long). ``low-first`` plays like
a beginner: it picks at random among the plays of its weakest playable rank
(``legal_actions()`` lists card plays weakest first, specials last), answers a
flash or throws a quick card when it can, and takes the pile or chances only when
it has no card to play; in setup it picks its face-up cards at random and swaps a
random number of times. A game ends when
the rules end it, or stops at ``MAX_ACTIONS`` actions: random players may
keep taking the pile back and forth, so a cap is needed; it is far above the
length of any game that ends (see ``tests/palace/test_random_play.py``), and a
capped game reports ``reason="cap"``.

``check_invariants`` runs the checks of issue 9 after every action: every card
is accounted for, ``legal_actions()`` is non-empty on a live turn and equals
the candidates that ``check`` accepts, and ``play`` refuses every candidate
that ``is_legal`` rejects.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Iterable, cast

from ..errors import IllegalActionError
from ..refs import ruling
from . import actions as A
from . import sections as S
from .setup import start
from .state import PalaceState

MAX_ACTIONS = 5000

GAME_CAP = ruling(
    "random-game-cap", S.house("Playing the Game"),
    "Must a game of Palace end?",
    "nothing stops players from taking the pile back and forth for ever",
    f"real players move on; the random-play tests and the benchmark stop a game after {MAX_ACTIONS} "
    f"actions and report it as capped")


@dataclass(frozen=True)
class GameRecord:
    variant: str
    players: int
    seed: int
    actions: int
    reason: str
    """``over`` (the rules ended the game) or ``cap``."""
    final: PalaceState


class InvariantError(AssertionError):
    """An invariant of issue 9 failed; the message names the seed and the step."""


POLICIES = ("uniform", "low-first")


def low_first(actions: tuple[A.Action, ...], rng: random.Random) -> A.Action:
    """A beginner's move: see the module notes."""
    first = actions[0]
    kind = type(first)
    if kind in _CARD_PLAYS:  # the exact class, so first is one of them
        rank = cast("A.Play | A.Flash | A.Reflect | A.Quick", first).cards[0].rank
        n = 1  # the plays of the weakest rank come first, one after the other
        for action in islice(actions, 1, None):
            cards = getattr(action, "cards", None)
            if cards is None or cards[0].rank is not rank:
                break
            n += 1
        # random() is C code; randrange() is not, and this runs on every move
        return actions[int(rng.random() * n)] if n > 1 else first
    if kind is A.Swap:
        pick = rng.random
        return A.READY if pick() < 0.5 else actions[int(pick() * len(actions))]
    if kind is A.Choose or kind in _PASSIVE:
        return actions[int(rng.random() * len(actions))]
    return first


_CARD_PLAYS = (A.Play, A.Flash, A.Reflect, A.Quick)
_PASSIVE = (A.Pickup, A.Chance, A.TakeUp)


def random_game(variant: str, players: int = 4, seed: int = 0, *, alternates: Iterable[str] = (),
                policy: str = "uniform", max_actions: int = MAX_ACTIONS, check: bool = False,
                deep_every: int = 1) -> GameRecord:
    """Play one seeded random game. With ``check``, verify the invariants after each action
    (the expensive fast-versus-slow comparison every ``deep_every`` actions)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}")
    state = start(variant, {"players": players, "seed": seed, "alternates": list(alternates)})
    rng = random.Random(f"{variant}:{players}:{seed}")
    beginner = policy == "low-first"
    total = state.card_indexes() if check else []  # read only when checking
    n = 0
    while not state.is_over and n < max_actions:
        actions = state.legal_actions()
        if check:
            _check(state, actions, total, f"{variant} {players}p seed {seed} step {n}", n % deep_every == 0)
        action = low_first(actions, rng) if beginner else actions[int(rng.random() * len(actions))]
        state = state.apply(action)
        n += 1
    if check:
        _check(state, state.legal_actions(), total, f"{variant} {players}p seed {seed} end", True)
    return GameRecord(state.rules.name, players, seed, n, "over" if state.is_over else "cap", state)


def _check(state: PalaceState, actions: tuple[A.Action, ...], total: list[int], where: str, deep: bool) -> None:
    if state.card_indexes() != total:
        now = Counter(state.card_indexes())
        raise InvariantError(f"{where}: cards not conserved: gained {now - Counter(total)}, "
                             f"lost {Counter(total) - now}")
    if state.is_over:
        if actions:
            raise InvariantError(f"{where}: legal actions after the end: {actions[:3]}")
        return
    if not actions:
        raise InvariantError(f"{where}: no legal action on a live turn\n{state}")
    if len(set(actions)) != len(actions):
        raise InvariantError(f"{where}: duplicate legal actions")
    if not deep:
        return
    candidates = state.candidate_actions()
    slow = tuple(a for a in candidates if state.check(a).legal)
    if set(slow) != set(actions):
        raise InvariantError(f"{where}: legal_actions {set(actions) ^ set(slow)} disagree with check\n{state}")
    for a in candidates:
        if a in slow:
            continue
        try:
            state.play(a)
        except IllegalActionError:
            continue
        raise InvariantError(f"{where}: play accepted {a}, which is_legal rejects")
