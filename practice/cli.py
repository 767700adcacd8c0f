"""``palace-tutor practice list|make``: the clauses with a drill (and those without, with why),
and one drill with the engine's answer. Called by :mod:`palace_tutor.cli`; bad input raises a
NotationError (a ValueError) whose one line names the bad clause, variant or seed and the
nearest valid ones, which the command line prints and exits 2 on.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any

from rules.errors import NotationError
from rules.games import game_ids, get_family

from .catalog import check_variant, clauses, find_clause, game_of, make_drill, practice_games


def _game(name: str | None) -> str | None:
    if name is None or name in practice_games():
        return name
    near = difflib.get_close_matches(name, game_ids(), n=3, cutoff=0.3) or list(game_ids())
    raise NotationError(f"unknown game {name!r}; nearest: {', '.join(near)}", token=name, expected=" | ".join(near))


def list_clauses(game: str | None, variant: str | None) -> dict[str, Any]:
    """The clauses of one game (or all), each with its drill's preset or the reason it has none;
    ``variant`` keeps the clauses drilled under that preset (and its alternates)."""
    game = _game(game)
    if variant is not None:
        if game is None:
            raise NotationError("--variant needs a game: palace-tutor practice list GAME --variant V",
                                token=variant, expected="a game first")
        check_variant(game, variant)
    rows = []
    for c in clauses(game):
        if variant is not None and c.variant.split("+")[0] != variant.split("+")[0]:
            continue
        row = {"clause": c.id, "matrix": c.matrix, "variant": c.variant, "rule": c.about,
               "section": str(c.ref), "drill": c.drillable}
        if not c.drillable:
            row["why_not"] = c.why_not
        rows.append(row)
    made = sum(r["drill"] for r in rows)
    return {"game": game, "variant": variant, "with_drill": made, "without": len(rows) - made, "clauses": rows}


def list_text(listing: Mapping[str, Any]) -> str:
    lines = []
    for r in listing["clauses"]:
        mark = "drill" if r["drill"] else "none "
        lines.append(f"{r['clause']:8} {mark} {r['rule']}")
        if not r["drill"]:
            lines.append(f"{'':14} no drill: {r['why_not']}")
    lines.append(f"{listing['with_drill']} clauses with a drill, {listing['without']} without")
    return "\n".join(lines)


def make_one(clause: str, seed: str, variant: str | None, options: Mapping[str, str]) -> dict[str, Any]:
    game = game_of(clause)  # an unknown clause is refused here, naming the nearest ones
    if variant is not None:
        check_variant(game, variant)
    if not find_clause(clause).drillable:
        raise NotationError(f"clause {clause} has no drill: {find_clause(clause).why_not}", token=clause,
                            expected="a clause with a drill (palace-tutor practice list)")
    drill = make_drill(clause, seed=seed, variant=variant, options=options)
    out = drill.as_dict()
    out["title"] = get_family(game).title
    return out


def drill_text(d: Mapping[str, Any]) -> str:
    lines = [f"{d['title']}, clause {d['clause']} ({d['section']}), seed {d['seed']}", "", d["question"], ""]
    for c in d["choices"]:
        mark = "*" if c["key"] in d["answer"] else " "
        lines.append(f" {mark} {c['key']}) {c['text']}")
        lines.append(f"      {d['reasons'][c['key']]}")
    lines += ["", f"Answer: {', '.join(d['answer'])}. {d['why']}", f"Link token: {d['token']}"]
    return "\n".join(lines)


def as_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
