"""``python -m bench bots [--games N] [--json] [--only GAME]``: computer players against each other.

Seeded matches between adjacent levels (standard vs beginner, strong vs standard)
and between the top and the bottom (strong vs beginner), for Palace house, Caron
and BGA (heads-up), Palace Poker (heads-up, limit) and King's Pot (one player of
the stronger level against two of the weaker):

* ``win_rate``: the stronger side's share of matches won. Palace: not being the
  last with cards (a game the house rules end at the first player out is won by
  that player). Palace Poker and King's Pot: ending a match of a fixed number of
  hands with the most chips (a tie counts half).
* ``fair``: what an equal player would get (1/2 heads-up, 1/3 for one of three).
* ``ci_low``: the lower end of the 95% Wilson score interval of ``win_rate``.
* ``decision_ms_p95``: per game and level, the 95th percentile of the time from
  the seat's view to the decision (``state.view(seat)`` and ``decide``), over
  every decision with more than one legal action.

Seats alternate between matches (heads-up: the stronger side moves first in even
matches; King's Pot: the stronger side takes each seat in turn). Matches run in a
process pool (``--jobs``, default: every core). With ``--json`` the last line is
one JSON object: ``{"pairs": [...], "decision_ms_p95": {...}, ...}``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

GAMES = {
    # key: (family, variant, players, fair share, hands a match)
    "palace-house": ("palace", "house", 2, 1 / 2, 1),
    "palace-caron": ("palace", "caron", 2, 1 / 2, 1),
    "palace-bga": ("palace", "bga", 2, 1 / 2, 1),
    # poker is scored on chips over a match: one heads-up hand is mostly one battle's luck, and
    # at four hands a match the levels' edge drowned in it (standard over beginner 0.53 in 20
    # matches; 0.70 in 100 matches of twelve hands)
    "palace-poker": ("palace-poker", "limit", 2, 1 / 2, 12),
    "kings-pot": ("kings-pot", "standard", 3, 1 / 3, 12),  # twelve deals: the King's pot swings one
}
PAIRS = (("standard", "beginner"), ("strong", "standard"), ("strong", "beginner"))
NAMES = ("Ann", "Bob", "Cleo", "Dev")
ACTION_CAP = 5000
"""A Palace game still going after this many actions is a draw (none has come close)."""


@dataclass(frozen=True)
class Match:
    game: str
    stronger: str
    weaker: str
    index: int


def _levels(m: Match, players: int) -> tuple[str, ...]:
    if players == 2:
        return (m.stronger, m.weaker) if m.index % 2 == 0 else (m.weaker, m.stronger)
    levels = [m.weaker] * players
    levels[m.index % players] = m.stronger
    return tuple(levels)


def play(m: Match) -> tuple[float, dict[str, list[float]]]:
    """One match: the stronger side's score (1, 1/2 or 0) and decision times by level."""
    from players import player_for
    from rules.games import get_family

    family_id, variant, n, _, hands = GAMES[m.game]
    family = get_family(family_id)
    levels = _levels(m, n)
    seed = f"{m.game}/{m.stronger}-{m.weaker}/{m.index}"
    bots = [player_for(family_id, level, seed=f"{seed}/{i}") for i, level in enumerate(levels)]
    times: dict[str, list[float]] = {level: [] for level in levels}
    if family_id == "palace":
        state = family.start(variant, {"players": n, "seed": seed})
    elif family_id == "palace-poker":
        state = family.start(variant, {"seats": list(NAMES[:n]), "seed": seed})
    else:
        state = family.start(variant, {"players": list(NAMES[:n]), "seed": seed})
    strong_seats = {s for s, level in enumerate(levels) if level == m.stronger}
    hand = 1
    actions = 0
    while True:
        while not state.is_over and actions < ACTION_CAP:
            seat = state.mover
            legal = state.legal_actions() if seat is None else None
            if seat is None:  # nobody's decision (a deal, a reveal)
                state = state.apply(legal[0])
                continue
            t = time.perf_counter()
            view = state.view(seat)
            if len(view.legal_actions()) == 1:
                action = view.legal_actions()[0]
            else:
                action = bots[seat].act(view)
                times[levels[seat]].append((time.perf_counter() - t) * 1000)
            state = state.apply(action)
            actions += 1
        if family_id == "palace" or not state.is_over or hand >= hands:
            break
        nxt = _next_hand(family_id, family, variant, state, f"{seed}/hand{hand + 1}")
        if nxt is None:
            break
        state, hand = nxt, hand + 1
    return _score(family_id, state, strong_seats, n), times


def _next_hand(family_id, family, variant, state, seed):
    try:
        if family_id == "palace-poker":
            from rules.palace_poker import next_hand
            return next_hand(state, {"seed": seed})
        return family.start(variant, state.next_setup(seed=seed))
    except ValueError:  # fewer than two (three) players can pay: the match is decided
        return None


def _score(family_id: str, state, strong: set[int], players: int) -> float:
    if family_id == "palace":
        if not state.is_over:
            return 0.5
        if state.loser is not None:
            return 0.0 if state.loser in strong else 1.0
        return 1.0 if state.winner in strong else 0.0
    # chips by name: a player who went broke may be gone from the last hand's seats
    if family_id == "palace-poker":
        chips = {p.name: p.stack for p in state.players}
    else:
        chips = {name: seat.stack for name, seat in zip(state.names, state.seats)}
    stacks = [chips.get(NAMES[s], 0) for s in range(players)]
    mine = max(stacks[s] for s in strong)
    best = max(stacks)
    if mine < best:
        return 0.0
    tied = sum(1 for s in stacks if s == best)
    return 1.0 / tied


def wilson_low(score: float, n: int, z: float = 1.96) -> float:
    """Lower end of the Wilson score interval for a share ``score`` of ``n`` trials."""
    if n == 0:
        return 0.0
    p = score / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - margin) / (1 + z * z / n))


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def run(games: int, only: tuple[str, ...] = tuple(GAMES), jobs: int | None = None) -> dict:
    matches = [Match(g, s, w, i) for g in only for s, w in PAIRS for i in range(games)]
    jobs = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    if jobs == 1:
        results = [play(m) for m in matches]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, matches, chunksize=max(1, len(matches) // (jobs * 8))))
    scores: dict[tuple[str, str, str], float] = {}
    times: dict[str, list[float]] = {}
    for m, (score, spent) in zip(matches, results):
        scores[(m.game, m.stronger, m.weaker)] = scores.get((m.game, m.stronger, m.weaker), 0.0) + score
        for level, ms in spent.items():
            times.setdefault(f"{m.game}/{level}", []).extend(ms)
    pairs = []
    for g in only:
        fair = GAMES[g][3]
        for s, w in PAIRS:
            won = scores[(g, s, w)]
            pairs.append({"game": g, "stronger": s, "weaker": w, "games": games,
                          "win_rate": round(won / games, 3), "fair": round(fair, 3),
                          "ci_low": round(wilson_low(won, games), 3)})
    return {"bench": "bots", "pairs": pairs,
            "decision_ms_p95": {k: round(p95(v), 1) for k, v in sorted(times.items())},
            "decisions": {k: len(v) for k, v in sorted(times.items())},
            "interval": "95% Wilson score", "jobs": jobs, "seconds": round(time.perf_counter() - start, 1),
            "python": platform.python_version()}


def table(result: dict) -> str:
    lines = [f"{'game':14} {'stronger':9} {'weaker':9} {'games':>5} {'win_rate':>8} {'fair':>5} {'ci_low':>6}  beats"]
    for p in result["pairs"]:
        lines.append(f"{p['game']:14} {p['stronger']:9} {p['weaker']:9} {p['games']:5} {p['win_rate']:8.3f} "
                     f"{p['fair']:5.3f} {p['ci_low']:6.3f}  {'yes' if p['ci_low'] > p['fair'] else 'no'}")
    lines.append("decision p95 (ms): " + ", ".join(f"{k} {v}" for k, v in result["decision_ms_p95"].items()))
    lines.append(f"{result['seconds']} s on {result['jobs']} processes; interval: {result['interval']}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench bots", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="matches a pair (default 200)")
    p.add_argument("--only", action="append", choices=sorted(GAMES), help="one game (repeatable)")
    p.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--json", action="store_true", help="end with one JSON object")
    a = p.parse_args(argv)
    result = run(a.games, tuple(a.only or GAMES), a.jobs)
    print(table(result))
    if a.json:
        print(json.dumps(result))
    return 0
