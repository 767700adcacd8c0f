"""The race's computer players, one per level: they decide from a seat's view alone."""

from __future__ import annotations

import random

from players.base import Decision, Player, register

from . import Add, RaceView, ref


class Beginner(Player):
    level = "beginner"

    def choose(self, view: RaceView, rng: random.Random) -> Decision:
        return Decision(rng.choice(view.legal_actions()), "any amount that does not pass the target",
                        ref("step size"))


class Standard(Player):
    level = "standard"

    def choose(self, view: RaceView, rng: random.Random) -> Decision:
        for action in view.legal_actions():  # leave the total a multiple of four short of the target
            if (view.target - view.total - action.n) % 4 == 0:
                return Decision(action, f"add {action.n}: the total then stands a multiple of four short "
                                        "of the target", ref("step size"))
        first: Add = view.legal_actions()[0]
        return Decision(first, "add one and wait for a better moment", ref("step size"))


class Strong(Standard):
    level = "strong"


for _game in ("race", "relay"):  # the same players for the race and its copy
    for _cls in (Beginner, Standard, Strong):
        register(type(_cls.__name__, (_cls,), {"game": _game}))
