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
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from rules.palace import PRESETS
from rules.palace.simulate import POLICIES, random_game

GOAL = 500.0


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench palace", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per preset and policy (default 400)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", choices=[*POLICIES, "both"], default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    policies = POLICIES if args.policy == "both" else (args.policy,)
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
        print(json.dumps({"bench": "palace", "players": args.players, "reference_per_cpu_s": round(reference),
                          "goal_games_per_s": GOAL, "goal_met": met, "rows": rows}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
