"""The clauses every game declares, and making a drill of one.

Each game has its own practice module (``practice.<game id with _>``) declaring ``CLAUSES`` (one
:class:`~practice.spec.Clause` per row of its clause matrices), ``MEASURES`` (what its ``what``
drills read from a state) and ``ASKERS`` (its own templates, e.g. a battle). :func:`game_module`
is the one place that finds it; it names no game.
"""

from __future__ import annotations

import difflib
import importlib
import random
from collections.abc import Mapping
from functools import lru_cache
from types import ModuleType
from typing import Any

from rules.errors import NotationError
from rules.games import game_ids, get_family

from . import templates
from .drill import Answer, Drill
from .links import parse_seed, read_drill_token
from .spec import Clause, Ctx


@lru_cache(maxsize=None)
def game_module(game: str) -> ModuleType:
    """The practice module of a game (imported on first use, so one game loads alone): the
    game's ``drills`` part where the registry declares one (``rules.games.part``), else the
    module of this package named after the game id."""
    from rules import games

    get_family(game)  # an unknown game id is refused by the registry, naming the known ones
    if hasattr(games, "has_part") and games.has_part(game, "drills"):
        return games.part(game, "drills")
    return importlib.import_module(f"{__package__}.{game.replace('-', '_')}")


def practice_games() -> tuple[str, ...]:
    """The games that have a practice module."""
    out = []
    for g in game_ids():
        try:
            game_module(g)
        except ModuleNotFoundError:
            continue
        out.append(g)
    return tuple(out)


def clauses(game: str | None = None) -> tuple[Clause, ...]:
    """Every clause of one game's matrices (or of every game), in matrix order."""
    games = practice_games() if game is None else (game,)
    return tuple(c for g in games for c in game_module(g).CLAUSES)


def game_of(clause_id: str) -> str:
    for g in practice_games():
        if any(c.id == clause_id for c in game_module(g).CLAUSES):
            return g
    known = [c.id for c in clauses()]
    near = difflib.get_close_matches(clause_id, known, n=3, cutoff=0.5)
    raise NotationError(f"unknown clause {clause_id!r}; nearest: {', '.join(near) or 'none'} "
                        "(palace-tutor practice list shows them all)",
                        token=clause_id, expected=" | ".join(near) or "a clause id")


def find_clause(clause_id: str) -> Clause:
    game = game_of(clause_id)
    return next(c for c in game_module(game).CLAUSES if c.id == clause_id)


def check_variant(game: str, variant: str) -> None:
    presets = get_family(game).presets
    base = variant.split("+")[0] if hasattr(game_module(game), "rules_of") else variant
    if base not in presets:
        names = list(presets)
        near = difflib.get_close_matches(variant, names, n=3, cutoff=0.3) or names
        raise NotationError(f"unknown variant {variant!r} for {get_family(game).title}; nearest: "
                            f"{', '.join(near)}", token=variant, expected=" | ".join(names))


def table_rules(game: str, variant: str, options: Mapping[str, str]) -> Any:
    """The preset with the table's options (an unknown name or value, or a clash, is refused)."""
    check_variant(game, variant)
    module = game_module(game)
    rules = module.rules_of(variant) if hasattr(module, "rules_of") else get_family(game).presets[variant]
    return rules.with_options(dict(options), where="--rule") if options else rules


def make_drill(clause_id: str, *, seed: int | str, variant: str | None = None,
               options: Mapping[str, str] | None = None) -> Drill:
    """The drill of one clause under a table's rule set (the clause's own preset unless
    ``variant`` names another; ``options`` by name and choice), from ``seed``: the same
    arguments give the same drill."""
    clause = find_clause(clause_id)
    game = game_of(clause_id)
    seed = parse_seed(seed)
    variant = clause.variant if variant is None else variant
    opts = dict(sorted((options or {}).items()))
    rules = table_rules(game, variant, opts)
    if clause.make is None:
        raise NotationError(f"clause {clause.id} has no drill: {clause.why_not}", token=clause.id,
                            expected="a clause with a drill (palace-tutor practice list)")
    rng = random.Random(f"{clause.id}:{seed}")
    parts = clause.make(Ctx(clause, game, variant, opts, rules, rng, seed))
    return Drill(clause.id, game, variant, tuple(opts.items()), seed, parts.kind, parts.question,
                 parts.choices, parts.position, parts.probe, clause.ref, parts.several,
                 _asker=_asker(game, parts.kind, clause.about))


def drill_from_token(token: str) -> Drill:
    clause, variant, options, seed = read_drill_token(token)
    return make_drill(clause, seed=seed, variant=variant, options=options)


def _asker(game: str, kind: str, about: str):
    """How a drill of ``kind`` is answered; ``about`` is its clause in our words (said when
    nothing happened on the table to narrate)."""
    module = game_module(game)
    if kind == "moves":
        return templates.answer_moves
    if kind == "what":
        measures = module.MEASURES
        return lambda drill: templates.answer_what(drill, measures, about)
    own = {**templates.SHARED, **getattr(module, "ASKERS", {})}
    if kind not in own:
        raise KeyError(f"no template {kind!r} for {game}")
    return own[kind]


def answer(drill: Drill) -> Answer:
    return drill.answer()
