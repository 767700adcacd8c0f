"""``python -m bench evaluator [--json] [--hands N] [--seed S]``

Our evaluator (:func:`rules.poker.evaluate_indices`) against treys on the same
random 7-card hands, in one run, alternating rounds so machine noise hits both
alike. Reports evaluations per second for each and the ratio (goal >= 2x).
Each side gets its cards in its own native form, converted before timing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time


def _rate(fn, hands) -> float:
    start = time.perf_counter()
    for h in hands:
        fn(h)
    return len(hands) / (time.perf_counter() - start)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench evaluator", description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="end with one JSON object")
    p.add_argument("--hands", type=int, default=50_000, help="7-card hands per round (default 50000)")
    p.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args(argv)

    from treys import Card as TreysCard
    from treys import Evaluator

    from rules.cards import ALL_CARDS
    from rules.poker import evaluate, evaluate_indices

    rng = random.Random(a.seed)
    hands = [rng.sample(range(52), 7) for _ in range(a.hands)]
    treys_cards = [TreysCard.new(str(c)) for c in ALL_CARDS]
    treys_hands = [([treys_cards[i] for i in h[:2]], [treys_cards[i] for i in h[2:]]) for h in hands]
    card_hands = [[ALL_CARDS[i] for i in h] for h in hands]
    treys = Evaluator()

    def treys_eval(pair):
        return treys.evaluate(pair[0], pair[1])

    ours, theirs, ours_cards = [], [], []
    for _ in range(a.rounds):
        ours.append(_rate(evaluate_indices, hands))
        theirs.append(_rate(treys_eval, treys_hands))
        ours_cards.append(_rate(evaluate, card_hands))
    ratios = [o / t for o, t in zip(ours, theirs)]
    result = {
        "bench": "evaluator",
        "hands": a.hands,
        "rounds": a.rounds,
        "ours_evals_per_s": round(statistics.median(ours)),
        "treys_evals_per_s": round(statistics.median(theirs)),
        "ratio": round(statistics.median(ratios), 2),
        "ours_card_objects_evals_per_s": round(statistics.median(ours_cards)),
        "card_objects_ratio": round(statistics.median(o / t for o, t in zip(ours_cards, theirs)), 2),
        "goal_ratio": 2.0,
        "python": platform.python_version(),
    }
    result["meets_goal"] = result["ratio"] >= result["goal_ratio"]
    print(f"7-card hands: {a.hands} per round, {a.rounds} alternating rounds (median shown)")
    print(f"  rules.poker.evaluate_indices: {result['ours_evals_per_s']:>10,} evals/s")
    print(f"  rules.poker.evaluate (Cards): {result['ours_card_objects_evals_per_s']:>10,} evals/s")
    print(f"  treys Evaluator.evaluate:     {result['treys_evals_per_s']:>10,} evals/s")
    print(f"  ratio ours/treys: {result['ratio']}x (goal >= 2x) {'met' if result['meets_goal'] else 'NOT met'};"
          f" from Card objects: {result['card_objects_ratio']}x")
    if a.json:
        print(json.dumps(result))
    return 0
