"""``python -m bench bots [--outside] [--games N] [--json] [--only GAME] [--pair S:W]``: computer players
against each other, and against outside-style players.

Every game the registry lists is played at the table its player module declares
(``players.outside.bench_table``: the presets measured, the seats, the deals a match):
today Palace heads-up in each preset (a match is one game), Palace Poker heads-up limit
and King's Pot one player of the stronger side against two of the weaker (twelve deals a
match, scored on chips). Pairs:

* the levels: standard vs beginner, strong vs standard, strong vs beginner;
* with ``--outside``, also the outside-style players (:mod:`players.outside`): strong vs
  ISMCTS in every game and preset, standard vs the shedding heuristic where the game has
  one; with ``--tenfold``, strong vs ISMCTS at ten times its iterations (``ismcts-x10``).

Deals are duplicated: each deal is played once with the stronger side in each of its seats
(heads-up: twice, seats swapped; one against two: three times), so both sides get the same
cards and the luck of the deal cancels. ``--games`` is rounded up to a whole number of deals.

* ``win_rate``: the stronger side's share of matches won. Palace: not being the last with
  cards (a game the house rules end at the first player out is won by that player).
  Palace Poker and King's Pot: ending a match with the most chips (a tie counts as a share).
* ``fair``: what an equal player would get (1/2 heads-up, 1/3 for one of three).
* ``ci_low``, ``ci_high``: the 95% Wilson score interval of ``win_rate``; ``beats`` when
  ``ci_low`` is above ``fair``.
* ``decision_ms``: per game and level, the median and 95th percentile of the time from the
  seat's view to the decision (``state.view(seat)`` and ``decide``), over every decision
  with more than one legal action.
* ``ladder``: an OpenSkill (Plackett-Luce) rating of every level of a game, ours and outside,
  from the same matches (in the order played), best first by ``ordinal`` (mu - 3 sigma).

Matches run in a process pool (``--jobs``, default: every core). With ``--json`` the last
line is one JSON object: ``{"pairs": [...], "decision_ms": {...}, "ladder": {...}, ...}``.
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
from typing import Any

PAIRS = (("standard", "beginner"), ("strong", "standard"), ("strong", "beginner"))
OUTSIDE_PAIRS = (("strong", "ismcts"), ("standard", "shedding"))
TENFOLD = "ismcts-x10"
"""ISMCTS at ten times its iterations a decision."""
NAMES = ("Ann", "Bob", "Cleo", "Dev")
ACTION_CAP = 5000
"""A Palace game still going after this many actions is a draw (none has come close)."""


@dataclass(frozen=True)
class Table:
    """One measured table: a game in one preset (``key``: "game/preset")."""

    game: str
    preset: str
    seats: int
    deals: int

    @property
    def key(self) -> str:
        return f"{self.game}/{self.preset}"

    @property
    def fair(self) -> float:
        return 1 / self.seats


def tables() -> dict[str, Table]:
    """Every game of the registry at the presets its bench table names."""
    from players.outside import bench_table
    from rules.games import game_ids

    out = {}
    for game in game_ids():
        spec = bench_table(game)
        for preset in spec.presets:
            t = Table(game, preset, spec.seats, spec.deals)
            out[t.key] = t
    return out


@dataclass(frozen=True)
class Match:
    table: Table
    stronger: str
    weaker: str
    index: int
    iterations: int | None = None
    """ISMCTS iterations a decision (None: the player's own budget)."""

    @property
    def deal(self) -> int:
        return self.index // self.table.seats

    @property
    def levels(self) -> tuple[str, ...]:
        """The stronger side in seat ``index % seats``, the weaker everywhere else."""
        levels = [self.weaker] * self.table.seats
        levels[self.index % self.table.seats] = self.stronger
        return tuple(levels)


def _player(game: str, level: str, seed: str, iterations: int | None = None) -> Any:
    from players import player_for
    bot = player_for(game, "ismcts" if level == TENFOLD else level, seed=seed)
    if level in ("ismcts", TENFOLD):
        bot.budget = (iterations or bot.budget) * (10 if level == TENFOLD else 1)
    return bot


def play(m: Match) -> tuple[float, dict[str, list[float]]]:
    """One match: the stronger side's score (1, a share of a tie, or 0) and decision times by level."""
    from players.outside import bench_table
    from rules.games import get_family

    t = m.table
    spec = bench_table(t.game)
    family = get_family(t.game)
    levels = m.levels
    deal_seed = f"{t.key}/{m.stronger}-{m.weaker}/{m.deal}"  # the same cards for every seating
    bots = [_player(t.game, level, f"{deal_seed}/{m.index}/{i}", m.iterations) for i, level in enumerate(levels)]
    names = NAMES[:t.seats]
    times: dict[str, list[float]] = {level: [] for level in levels}
    state = family.start(t.preset, spec.setup(names, deal_seed))
    deal = 1
    actions = 0
    while True:
        while not state.is_over and actions < ACTION_CAP:
            seat = state.mover
            if seat is None:  # nobody's decision (a deal, a reveal)
                state = state.apply(state.legal_actions()[0])
                continue
            started = time.perf_counter()
            view = state.view(seat)
            if len(view.legal_actions()) == 1:
                action = view.legal_actions()[0]
            else:
                action = bots[names.index(state.names[seat])].act(view)
                times[levels[names.index(state.names[seat])]].append((time.perf_counter() - started) * 1000)
            state = state.apply(action)
            actions += 1
        if not state.is_over or deal >= t.deals:
            break
        nxt = spec.next_deal(state, t.preset, f"{deal_seed}/deal{deal + 1}")
        if nxt is None:
            break
        state, deal = nxt, deal + 1
    standing = spec.standing(state)
    stacks = [standing.get(name, 0.0) for name in names]  # a player gone broke may have left the table
    strong = [s for s, level in enumerate(levels) if level == m.stronger]
    return _score(stacks, strong), times


def _score(stacks: list[float], strong: list[int]) -> float:
    best = max(stacks)
    if max(stacks[s] for s in strong) < best:
        return 0.0
    return 1.0 / sum(1 for s in stacks if s == best)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a share ``score`` of ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - margin) / (1 + z * z / n)), min(1.0, (centre + margin) / (1 + z * z / n))


def wilson_low(score: float, n: int, z: float = 1.96) -> float:
    """Lower end of the Wilson score interval for a share ``score`` of ``n`` trials."""
    return 0.0 if n == 0 else wilson(score, n, z)[0]


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def p95(values: list[float]) -> float:
    return percentile(values, 0.95)


def ladder(results: list[tuple[Match, float]]) -> dict[str, list[dict[str, Any]]]:
    """An OpenSkill (Plackett-Luce) rating of every level of each table from its matches."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, dict[str, Any]] = {}
    for m, score in results:
        mine = ratings.setdefault(m.table.key, {})
        a = mine.get(m.stronger) or model.rating(name=m.stronger)
        b = mine.get(m.weaker) or model.rating(name=m.weaker)
        ranks = [1, 1] if 0 < score < 1 else ([1, 2] if score == 1 else [2, 1])
        [[a], [b]] = model.rate([[a], [b]], ranks=ranks)
        mine[m.stronger], mine[m.weaker] = a, b
    return {key: sorted(({"level": level, "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
                          "ordinal": round(r.ordinal(), 2)} for level, r in mine.items()),
                        key=lambda row: -row["ordinal"])
            for key, mine in ratings.items()}


def pairs_for(outside: bool, tenfold: bool) -> tuple[tuple[str, str], ...]:
    out = PAIRS + (OUTSIDE_PAIRS if outside else ())
    return out + ((("strong", TENFOLD),) if tenfold else ())


def _available(t: Table, level: str) -> bool:
    from players import player_for
    try:
        player_for(t.game, "ismcts" if level == TENFOLD else level)
    except ValueError:
        return False
    return True


def run(games: int, only: tuple[str, ...] | None = None, jobs: int | None = None, outside: bool = False,
        tenfold: bool = False, pairs: tuple[tuple[str, str], ...] | None = None,
        iterations: int | None = None, deals: int | None = None, progress: str | None = None) -> dict[str, Any]:
    every = tables()
    chosen = [every[k] for k in (only or tuple(every))]
    wanted = pairs or pairs_for(outside, tenfold)
    matches = []
    for t in chosen:
        if deals:
            t = Table(t.game, t.preset, t.seats, deals)
        n = -(-games // t.seats) * t.seats  # whole deals: each deal once per seat of the stronger side
        for s, w in wanted:
            if _available(t, s) and _available(t, w):
                matches += [Match(t, s, w, i, iterations) for i in range(n)]
    matches.sort(key=lambda m: m.index // m.table.seats)  # deal by deal: a run cut short still covers every pair
    jobs = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(jobs) as pool:
        slow = outside or tenfold
        done = map(play, matches) if jobs == 1 else pool.map(
            play, matches, chunksize=1 if slow else max(1, len(matches) // (jobs * 8)))
        for m, got in zip(matches, done):
            results.append(got)
            if progress:
                with open(progress, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"game": m.table.key, "stronger": m.stronger, "weaker": m.weaker,
                                        "index": m.index, "score": got[0], "ms": got[1]}) + "\n")
    return summary(list(zip(matches, results)), every, jobs, time.perf_counter() - start, iterations)


def summary(played: list[tuple[Match, tuple[float, dict[str, list[float]]]]], every: dict[str, Table], jobs: int,
            seconds: float, iterations: int | None) -> dict[str, Any]:
    """The report of matches played: win rates with intervals, decision times, the ladder."""
    scores: dict[tuple[str, str, str], list[float]] = {}
    times: dict[str, list[float]] = {}
    for m, (score, spent) in played:
        scores.setdefault((m.table.key, m.stronger, m.weaker), []).append(score)
        for level, ms in spent.items():
            times.setdefault(f"{m.table.key}/{level}", []).extend(ms)
    rows = []
    for (key, s, w), got in scores.items():
        low, high = wilson(sum(got), len(got))
        fair = every[key].fair
        rows.append({"game": key, "stronger": s, "weaker": w, "games": len(got),
                     "win_rate": round(sum(got) / len(got), 3), "fair": round(fair, 3),
                     "ci_low": round(low, 3), "ci_high": round(high, 3), "beats": low > fair})
    return {"bench": "bots", "pairs": rows,
            "decision_ms": {k: {"p50": round(percentile(v, 0.5), 1), "p95": round(p95(v), 1), "n": len(v)}
                            for k, v in sorted(times.items())},
            "decision_ms_p95": {k: round(p95(v), 1) for k, v in sorted(times.items())},
            "ladder": ladder([(m, score) for m, (score, _) in played]),
            "ismcts_iterations": iterations or "the players' own", "duplicate_deals": True,
            "interval": "95% Wilson score", "jobs": jobs, "seconds": round(seconds, 1),
            "python": platform.python_version()}


def from_progress(path: str) -> dict[str, Any]:
    """The report of the matches a ``--progress`` file holds (a run cut short included)."""
    every = tables()
    played = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            played.append((Match(every[row["game"]], row["stronger"], row["weaker"], row["index"]),
                           (row["score"], row["ms"])))
    return summary(played, every, 0, 0.0, None)


def decision_times(positions: int, only: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The strong level's and ISMCTS's time a decision, one after the other in one process, on
    the same positions (every seventh real choice of standard-against-standard deals): ISMCTS's
    budget is set to at least ten times the strong level's mean."""
    from players import player_for
    from players.outside import bench_table
    from rules.games import get_family

    every = tables()
    out: dict[str, Any] = {}
    for key in only or tuple(every):
        t = every[key]
        spec = bench_table(t.game)
        names = NAMES[:t.seats]
        found: list[Any] = []
        deal = 0
        while len(found) < positions:
            state = get_family(t.game).start(t.preset, spec.setup(names, f"timing/{deal}"))
            bots = [player_for(t.game, "standard", seed=i) for i in range(t.seats)]
            k = 0
            while not state.is_over:
                seat = state.mover
                if seat is None:
                    state = state.apply(state.legal_actions()[0])
                    continue
                view = state.view(seat)
                if len(view.legal_actions()) > 1:
                    if k % 7 == 0:
                        found.append(state)
                    k += 1
                state = state.apply(bots[seat].act(view))
            deal += 1
        row: dict[str, Any] = {}
        for level in ("strong", "ismcts"):
            ms = []
            for i, state in enumerate(found[:positions]):
                bot = player_for(t.game, level, seed=i)
                started = time.perf_counter()
                bot.decide(state.view(state.mover))
                ms.append((time.perf_counter() - started) * 1000)
            row[level] = {"mean": round(sum(ms) / len(ms), 1), "p50": round(percentile(ms, 0.5), 1),
                          "p95": round(p95(ms), 1)}
        row["ismcts_iterations"] = player_for(t.game, "ismcts").budget
        row["ratio_of_means"] = round(row["ismcts"]["mean"] / row["strong"]["mean"], 1)
        out[key] = row
    return out


def table(result: dict[str, Any]) -> str:
    lines = [f"{'game':20} {'stronger':9} {'weaker':10} {'games':>5} {'win_rate':>8} {'fair':>5} "
             f"{'95% interval':>13}  beats"]
    for p in result["pairs"]:
        lines.append(f"{p['game']:20} {p['stronger']:9} {p['weaker']:10} {p['games']:5} {p['win_rate']:8.3f} "
                     f"{p['fair']:5.3f} {p['ci_low']:6.3f}-{p['ci_high']:.3f}  {'yes' if p['beats'] else 'no'}")
    lines.append("decision ms (p50 / p95):")
    for k, v in result["decision_ms"].items():
        lines.append(f"  {k:32} {v['p50']:8.1f} / {v['p95']:8.1f}  ({v['n']} decisions)")
    lines.append("ladder (OpenSkill ordinal, best first):")
    for key, rows in result["ladder"].items():
        lines.append(f"  {key:20} " + ", ".join(f"{r['level']} {r['ordinal']:.1f}" for r in rows))
    lines.append(f"{result['seconds']} s on {result['jobs']} processes; duplicate deals; "
                 f"interval: {result['interval']}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench bots", description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="matches a pair (default 200; whole deals)")
    p.add_argument("--only", action="append", help="one game/preset, e.g. the first of --list (repeatable)")
    p.add_argument("--outside", action="store_true", help="also against the outside-style players")
    p.add_argument("--tenfold", action="store_true", help="also strong against ISMCTS at ten times its iterations")
    p.add_argument("--pair", action="append", help="only this pair, stronger:weaker (repeatable)")
    p.add_argument("--iterations", type=int, default=None,
                   help="ISMCTS iterations a decision instead of the player's own (a quick look)")
    p.add_argument("--deals", type=int, default=None, help="deals a match instead of the table's (a quick look)")
    p.add_argument("--progress", help="append each match's result to this file as it ends (JSON lines)")
    p.add_argument("--decision-times", type=int, metavar="N",
                   help="only time strong and ISMCTS on N positions a table, one process (ISMCTS's budget)")
    p.add_argument("--summarize", metavar="FILE", help="only report the matches of a --progress file")
    p.add_argument("--list", action="store_true", help="list the game/preset keys and stop")
    p.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--json", action="store_true", help="end with one JSON object")
    a = p.parse_args(argv)
    if a.list:
        print("\n".join(tables()))
        return 0
    if a.decision_times:
        timed = decision_times(a.decision_times, tuple(a.only) if a.only else None)
        for key, row in timed.items():
            print(f"{key:20} strong mean {row['strong']['mean']:7.1f} ms (p95 {row['strong']['p95']:.1f}), "
                  f"ISMCTS at {row['ismcts_iterations']} iterations mean {row['ismcts']['mean']:7.1f} ms "
                  f"(p95 {row['ismcts']['p95']:.1f}): {row['ratio_of_means']}x")
        if a.json:
            print(json.dumps({"bench": "bots", "decision_times": timed}))
        return 0
    if a.summarize:
        result = from_progress(a.summarize)
        print(table(result))
        if a.json:
            print(json.dumps(result))
        return 0
    known = tables()
    for key in a.only or ():
        if key not in known:
            p.error(f"unknown game {key!r}; known: {', '.join(known)}")
    pairs = tuple(tuple(x.split(":", 1)) for x in a.pair) if a.pair else None
    result = run(a.games, tuple(a.only) if a.only else None, a.jobs, a.outside, a.tenfold,
                 pairs, a.iterations, a.deals, a.progress)  # type: ignore[arg-type]
    print(table(result))
    if a.json:
        print(json.dumps(result))
    return 0
