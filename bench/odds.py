"""``python -m bench odds [--json] [--repeat N]``

Time one exact battle-odds computation from a mid-hand position: the
document's six-player example, round two, at Dave's turn (Dave's view against
Christine, 40 unseen cards, 9,880 possible palace sets), in CPython. Goal:
<= 100 ms. Also times Dave against every opponent he can battle. Reports the
median of several runs.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time

EXAMPLE = {
    "seats": ["Aaron", "Brad", "Christine", "Dave", "Elena", "Frank"],
    "deck": ["8c", "Jc", "3h", "Ts", "2c", "5h", "Th", "Kh", "Jd", "4d", "Td", "Qs"],
    "palace_deck": "4s Ac 6d Js 9h Qc Ks Ah 6c Jh 4h Qd Tc 9d 8d 5d 3d 8h 5c 7s 9c 2h Jc",
}
TO_ROUND_TWO = (["ante"] + ["deal"] * 12 + ["shuffle"] + ["deal"] * 18 + [
    "Aaron: buy", "Aaron: keep", "Brad: bet Frank", "Frank: raise", "Brad: raise", "Frank: raise", "Brad: call",
    "Frank: discard 3h", "Christine: buy", "Christine: keep", "Dave: buy", "Dave: keep", "Elena: buy",
    "Elena: keep", "Frank: bet Aaron", "Aaron: fold", "Frank: discard 5c", "Christine: buy", "Christine: keep"])


def position():
    from rules.palace_poker import start

    state = start("limit", EXAMPLE)
    for text in TO_ROUND_TWO:
        state = state.apply(state.parse_action(text))
    return state


def _time(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), result


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench odds", description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="end with one JSON object")
    p.add_argument("--repeat", type=int, default=9)
    a = p.parse_args(argv)

    from rules.palace_poker.odds import battle_odds

    state = position()
    one_ms, one = _time(lambda: battle_odds(state, "Dave", "Christine"), a.repeat)
    all_ms, every = _time(lambda: battle_odds(state, "Dave"), a.repeat)
    line = one[0]
    result = {
        "bench": "odds",
        "position": "six-player example, round two, Dave to act",
        "one_battle_ms": round(one_ms, 1),
        "palace_sets": line.combinations,
        "all_opponents_ms": round(all_ms, 1),
        "opponents": sum(1 for o in every if o.possible),
        "dave_vs_christine": {"win": float(line.win), "tie": float(line.tie), "lose": float(line.lose)},
        "goal_ms": 100,
        "python": platform.python_version(),
    }
    result["meets_goal"] = result["one_battle_ms"] <= result["goal_ms"]
    print(f"position: {result['position']}; median of {a.repeat} runs")
    print(f"  one exact battle (Dave vs Christine, {line.combinations} palace sets): {result['one_battle_ms']} ms "
          f"(goal <= 100 ms) {'met' if result['meets_goal'] else 'NOT met'}")
    print(f"  every opponent Dave can battle ({result['opponents']}): {result['all_opponents_ms']} ms")
    for o in every:
        print("  " + o.describe())
    if a.json:
        print(json.dumps(result))
    return 0
