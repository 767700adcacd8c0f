"""``python -m bench judge [--games N] [--json]``: the CPython time "Learn from your mistakes" takes
after a game (issue 33, item 3): the strong player judging every decision of the person's seat
(``players.coach.costliest``: each decision weighed quickly from that seat's view, the costliest
again in full), per game, median and 95th percentile over
``games`` seeded games of each game (wall-clock and CPU seconds: on a loaded machine the CPU
seconds are the figure), at the first preset and the seats of its bench table
(``players.outside.bench_table``: Palace heads-up, a deal of Palace Poker heads-up, a deal of King's
Pot for three). The person's seat is played by the beginner level
(a first game night's plays: mistakes to find), the others by the standard level. With ``--json``
the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from players import player_for
from players.coach import costliest
from players.outside import bench_table
from rules.games import game_ids, get_family

NAMES = ("Ann", "Ben", "Cleo", "Dev")


def _played(game: str, seed: int) -> list[tuple[Any, Any]]:
    """(position, action) of every decision seat 0 made with more than one choice, to the game's
    (or the deal's) end."""
    table = bench_table(game)
    state = get_family(game).start(table.presets[0], table.setup(NAMES[:table.seats], str(seed)))
    seats = len(state.names)
    bots = [player_for(game, "beginner" if s == 0 else "standard", seed=f"{seed}/{s}") for s in range(seats)]
    decided = []
    for _ in range(5000):
        if state.game_outcome() is not None:
            break
        mover = state.mover
        if mover is None:
            state = state.apply(state.legal_actions()[0])
            continue
        view = state.view(mover)
        action = bots[mover].act(view)
        if mover == 0 and len(view.legal_actions()) > 1:
            decided.append((state, action))
        state = state.apply(action)
    return decided


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(games: int) -> list[dict]:
    rows = []
    for game in game_ids():
        try:
            table = bench_table(game)
        except ValueError:
            continue
        seconds, cpu, decisions, judged = [], [], [], []
        for seed in range(games):
            decided = _played(game, seed)
            t0, c0 = time.perf_counter(), time.process_time()
            found = costliest([(state.view(0), action) for state, action in decided])
            seconds.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            decisions.append(len(decided))
            judged.append(len(found))
        rows.append({"table": f"{game}/{table.presets[0]}", "games": games,
                     "median_s": round(statistics.median(seconds), 3), "p95_s": round(_pct(seconds, 0.95), 3),
                     "cpu_median_s": round(statistics.median(cpu), 3), "cpu_p95_s": round(_pct(cpu, 0.95), 3),
                     "decisions_median": statistics.median(decisions), "mistakes_median": statistics.median(judged),
                     "per_decision_ms": round(1000 * sum(seconds) / max(1, sum(decisions)), 1)})
    return rows


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench judge", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    rows = run(a.games)
    for r in rows:
        print(f"{r['table']:22} {r['games']} games: judging a game median {r['median_s']:.2f} s, p95 {r['p95_s']:.2f} s"
              f" (CPU {r['cpu_median_s']:.2f} / {r['cpu_p95_s']:.2f} s)"
              f" ({r['decisions_median']} decisions, {r['mistakes_median']} mistakes shown; {r['per_decision_ms']} ms a decision)")
    if a.json:
        print(json.dumps(rows))
    return 0
