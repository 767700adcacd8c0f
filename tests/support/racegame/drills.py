"""The race's one drill, declared as every game declares its drills (``practice.spec``): a
clause with a generator. The generator deals a total and offers the three amounts; the answer is
the engine's (practice's shared ``moves`` template puts each amount to ``state.check``), asked
when the drill is answered, never stored."""

from __future__ import annotations

from practice.spec import Clause, Ctx, Parts
from practice.templates import move_choices

from . import ref


def amounts(ctx: Ctx) -> Parts:
    total = ctx.rng.randrange(0, 10)
    position = ctx.position({"total": total})
    state = position.state()
    choices, probe = move_choices(state, list(state.candidate_actions()))
    return Parts("moves", f"The total is {total}. Which amounts may be added?", choices, position, probe,
                 several=True)


CLAUSES = (
    Clause("race-step-size", "race", "ten", "adding one to three without passing the target",
           ref("step size"), amounts),
)
"""The clauses the race drills (practice reads a game's clauses from its drills module)."""
