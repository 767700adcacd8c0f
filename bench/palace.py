"""``python -m bench palace [--games N] [--players P] [--json]``: random Palace games per second.

Plays seeded random games of each preset (``house``, ``caron``, ``bga``) through
the engine's public API (``legal_actions()`` then ``apply()`` until the game is
over, or the documented cap), and reports games per second of wall time and of
CPU time, actions per game and microseconds per action.

Two random players (see ``rules.palace.simulate``): ``low-first`` picks at random
among the plays of its weakest playable rank and takes the pile only when stuck
(games of about 150-200 actions); ``uniform`` picks any legal action, pickups
included, so its games are several times longer. The goal of issue 4 (>= 500
games/s, 4 players) is measured with ``low-first``.

The machine is shared and noisy, so each preset is also given as a ratio to a
fixed pure-Python reference loop timed in the same run (shuffle and sort a
52-card list), which stays comparable between runs. With ``--json`` the last
line is one JSON object.

``--against DIR`` compares engines side by side instead: DIR holds another
copy of ``rules/`` (e.g. ``git archive <commit> rules | tar -x -C DIR``); for
``--rounds`` rounds, subprocesses alternate between DIR and this tree (in
turns, so both see the same load), each playing ``--games`` seeded games of
every preset, and the report is the median games per CPU second of each and
their ratio. Both must play the same number of actions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rules.palace import PRESETS
from rules.palace.simulate import POLICIES, random_game

GOAL = 500.0
BENCH = Path(__file__).stem  # the name this bench is run by (python -m bench palace)


def _reference(rounds: int = 20000) -> float:
    """Reference loops per CPU second (a fixed pure-Python workload)."""
    rng = random.Random(0)
    deck = list(range(52))
    start = time.process_time()
    for _ in range(rounds):
        rng.shuffle(deck)
        deck.sort()
    return rounds / (time.process_time() - start)


def measure(variant: str, players: int, games: int, policy: str) -> dict:
    actions = capped = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        record = random_game(variant, players, seed, policy=policy)
        actions += record.actions
        capped += record.reason == "cap"
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"variant": variant, "policy": policy, "players": players, "games": games, "actions": actions,
            "capped": capped, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
            "games_per_s": round(games / wall, 1), "games_per_cpu_s": round(games / cpu, 1),
            "actions_per_game": round(actions / games, 1), "us_per_action": round(cpu / actions * 1e6, 2)}


_ONE_RUN = """
import json, sys, time
from rules.palace import PRESETS
from rules.palace.simulate import random_game
games, policy = int(sys.argv[1]), sys.argv[2]
out = {}
for variant in PRESETS:
    for seed in range(5):  # warm up, on seeds the timed games do not use
        random_game(variant, 4, 10_000 + seed, policy=policy)
    start, actions = time.process_time(), 0
    for seed in range(games):
        actions += random_game(variant, 4, seed, policy=policy).actions
    out[variant] = [games / (time.process_time() - start), actions]
print(json.dumps(out))
"""


def compare(other: str, rounds: int, games: int, policy: str) -> dict:
    """Median games per CPU second of the engine under ``other`` and of this tree, run in
    alternating subprocesses (see the module notes)."""
    here = str(Path(__file__).resolve().parent.parent)
    roots = {"other": str(Path(other).resolve()), "this": here}
    rates: dict[str, dict[str, list[float]]] = {name: {} for name in roots}
    actions: dict[str, set[int]] = {}
    for r in range(rounds):
        for name in (("other", "this") if r % 2 == 0 else ("this", "other")):
            env = {**os.environ, "PYTHONPATH": roots[name]}
            done = subprocess.run([sys.executable, "-c", _ONE_RUN, str(games), policy], env=env, cwd=tempfile.gettempdir(),
                                  capture_output=True, text=True, check=True)
            for variant, (rate, n) in json.loads(done.stdout).items():
                rates[name].setdefault(variant, []).append(rate)
                actions.setdefault(variant, set()).add(n)
    rows = []
    for variant in rates["this"]:
        before, after = (statistics.median(rates[name][variant]) for name in ("other", "this"))
        rows.append({"variant": variant, "policy": policy, "other_games_per_cpu_s": round(before, 1),
                     "this_games_per_cpu_s": round(after, 1), "ratio": round(after / before, 3),
                     "same_actions": len(actions[variant]) == 1})
    return {"bench": BENCH, "against": roots["other"], "rounds": rounds, "games": games, "rows": rows}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench palace", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per preset and policy (default 400)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", choices=[*POLICIES, "both"], default="both")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--against", metavar="DIR", help="compare with the rules/ under DIR (see the notes)")
    parser.add_argument("--rounds", type=int, default=5, help="with --against: alternating rounds (default 5)")
    args = parser.parse_args(argv)
    policies = POLICIES if args.policy == "both" else (args.policy,)
    if args.against:
        results = [compare(args.against, args.rounds, args.games if p == "low-first" else max(1, args.games // 5), p)
                   for p in policies]
        print(f"Palace, 4 players: median games per CPU second over {args.rounds} alternating rounds; "
              f"other = {results[0]['against']}")
        print(f"{'preset':<7} {'player':<10} {'games':>6} {'other':>8} {'this':>8} {'ratio':>6} {'same actions':>13}")
        for result in results:
            for row in result["rows"]:
                print(f"{row['variant']:<7} {row['policy']:<10} {result['games']:>6} "
                      f"{row['other_games_per_cpu_s']:>8.0f} {row['this_games_per_cpu_s']:>8.0f} {row['ratio']:>6.2f} "
                      f"{'yes' if row['same_actions'] else 'NO':>13}")
        if args.json:
            print(json.dumps({"bench": BENCH, "compare": results}))
        return 0
    reference_before = _reference()
    rows = [measure(v, args.players, args.games if p == "low-first" else max(1, args.games // 5), p)
            for p in policies for v in PRESETS]
    reference = (reference_before + _reference()) / 2
    for row in rows:
        row["per_reference"] = round(row["games_per_cpu_s"] / reference, 4)
    print(f"Palace random games, {args.players} players, Python {platform.python_version()}; "
          f"reference loop {reference:,.0f}/CPU s")
    print(f"{'preset':<7} {'player':<10} {'games':>6} {'games/s':>8} {'games/CPU s':>12} "
          f"{'actions/game':>13} {'us/action':>10} {'capped':>7}")
    for row in rows:
        print(f"{row['variant']:<7} {row['policy']:<10} {row['games']:>6} {row['games_per_s']:>8.0f} "
              f"{row['games_per_cpu_s']:>12.0f} {row['actions_per_game']:>13.1f} {row['us_per_action']:>10.1f} "
              f"{row['capped']:>7}")
    goal_rows = [r for r in rows if r["policy"] == "low-first"]
    met = bool(goal_rows) and all(r["games_per_cpu_s"] >= GOAL for r in goal_rows)
    if goal_rows:
        print(f"goal: >= {GOAL:.0f} games per CPU second for every preset with the low-first player: "
              f"{'met' if met else 'not met'}")
    if args.json:
        print(json.dumps({"bench": BENCH, "players": args.players, "reference_per_cpu_s": round(reference),
                          "goal_games_per_s": GOAL, "goal_met": met, "rows": rows}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
