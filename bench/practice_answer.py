"""``python -m bench practice_answer [--rounds N] [--game G] [--json]``: the Python an answer
costs on the page, in CPython: Practice's tap on a choice (``practice-pick``, or pick then
``practice-check`` in a several-answer drill) through the page model and every view that
follows it, until the handler returns; then Next (``practice-next``) the same way.

In the compiled app a change reaches the page once this Python returns (``tutor.views.compat``),
so it is the part of "answer -> verdict shown" (issue 32: <= 300 ms p95 on a phone) that is
ours; what the page then draws is measured in the browser by ``bench practice_step``. The map
of what the learner knows is made after that send in the compiled app
(``MasteryPane._show_soon``): ``--as-compiled`` times it so (default), ``--at-once`` as
``panel serve`` does. Rounds cycle through the games (default: every game). The last line is
one JSON object with ``--json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time

from bench._page import pct


def _tap(view, act: str, value: str) -> float:
    start = time.perf_counter()
    view.shell._acts[act](value)
    return (time.perf_counter() - start) * 1000


def measure(rounds: int, games: list[str] | None, compiled: bool) -> dict[str, list[float]]:
    import panel as pn

    from tutor.views.app import build

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    if compiled:  # what the compiled app does after its send: see MasteryPane._show_soon
        type(pn.state)._is_pyodide = property(lambda self: True)
    view = build()
    view.shell.give("mastery")
    app = view.app
    games = games or list(app.catalog.game_ids())
    answer, following = [], []
    for i in range(rounds + len(games)):  # each game's first answer and Next (imports) untimed
        game = games[i % len(games)]
        if app.practice.game != game:
            view.shell._acts["practice-game"](game)
        drill = app.practice.drill
        if drill.several:
            view.shell._acts["practice-pick"](drill.choices[0].key)
            took = _tap(view, "practice-check", "")
        else:
            took = _tap(view, "practice-pick", drill.choices[i % len(drill.choices)].key)
        loop.run_until_complete(asyncio.sleep(0))  # what was deferred runs here, untimed
        loop.run_until_complete(asyncio.sleep(0))
        nxt = _tap(view, "practice-next", "")
        loop.run_until_complete(asyncio.sleep(0))
        loop.run_until_complete(asyncio.sleep(0))
        if i >= len(games):
            answer.append(took)
            following.append(nxt)
    return {"answer_ms": answer, "next_ms": following}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench practice_answer", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--game", action="append")
    parser.add_argument("--at-once", action="store_true", help="make the mastery map at once, as panel serve does")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    times = measure(args.rounds, args.game, not args.at_once)
    out = {name: {"p50": round(statistics.median(v), 1), "p95": round(pct(v, 0.95), 1), "n": len(v)}
           for name, v in times.items()}
    out["python"] = sys.version.split()[0]
    for name in ("answer_ms", "next_ms"):
        print(f"{name}: p50 {out[name]['p50']} ms, p95 {out[name]['p95']} ms over {out[name]['n']}")
    if args.json:
        print(json.dumps(out, sort_keys=True))
    return 0
