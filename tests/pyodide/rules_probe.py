"""Runs under CPython and inside Pyodide; the test compares the two outputs.

Exercises the shipped packages the way the app does: card notation, the
evaluator, the seeded shuffle, every game family's registry entry, a short game of
the computer players in each game, and a full
``lessons check`` (every lesson replayed through its engine, from the TOML
files inside the wheel). The last expression is the JSON result.
"""

import io
import json
import sys
from types import SimpleNamespace

from lessons.cli import run
from rules.cards import format_cards, make_deck, parse_cards, shuffled
from rules.games import game_ids, get_family
from rules.poker import best_hand

HANDS = {
    "Ah Kh Qh Jh Th 2c 3d": None, "9s 9h 9d 9c 2h 3h 4h": None, "7c 7d 7h Kc Kd 2s 3s": None,
    "2h 5h 9h Jh Kh 3c 4d": None, "5c 4d 3h 2s Ah Kd Kc": None, "Qs Qd 8c 8h 4s 3d 2c": None,
}
for hand in HANDS:
    HANDS[hand] = best_hand(parse_cards(hand)).describe()

out, err = io.StringIO(), io.StringIO()
status = run("check", SimpleNamespace(dir=None), out=out, err=err)


def family_summary(game_id):
    # engines land one by one: an unfinished one is reported the same way by both interpreters
    try:
        family = get_family(game_id)
        return {"title": family.title, "presets": sorted(family.presets)}
    except Exception as err:  # noqa: BLE001 - the probe reports, the test compares
        return {"error": f"{type(err).__name__}: {err}"}


families = {g: family_summary(g) for g in game_ids()}


def bots_game(game_id, variant, setup, cap=60):
    """A seeded game between the computer players (one seat of each level): their moves, which
    both interpreters must agree on, and each level's slowest decision in ms (Pyodide's own
    decision time, reported, not compared)."""
    import time

    from players import LEVELS, player_for

    state = get_family(game_id).start(variant, setup)
    levels = [LEVELS[i % len(LEVELS)] for i in range(len(state.names))]
    bots = [player_for(game_id, level, seed=i) for i, level in enumerate(levels)]
    moves, slowest = [], dict.fromkeys(LEVELS, 0.0)
    while not state.is_over and len(moves) < cap:
        seat, legal = state.mover, state.legal_actions()
        if seat is None or len(legal) == 1:
            action = legal[0]
        else:
            t = time.perf_counter()
            action = bots[seat].act(state.view(seat))
            slowest[levels[seat]] = max(slowest[levels[seat]], round((time.perf_counter() - t) * 1000, 1))
        moves.append(str(action))
        state = state.apply(action)
    return {"moves": moves, "slowest_ms": slowest}


bots = {"palace": bots_game("palace", "house", {"players": 3, "seed": 2}),
        "palace-poker": bots_game("palace-poker", "limit", {"seats": ["Ann", "Bob", "Cy"], "seed": 2}),
        "kings-pot": bots_game("kings-pot", "standard", {"players": ["Ada", "Ben", "Cleo"], "seed": 2})}


def practice_drills():
    """Issue 32: one drill of each template, made and answered in both interpreters (the same
    seed must give the same question and the same answer)."""
    from practice import make_drill

    out = {}
    for clause in ("H-A1", "H-T2", "C-3d", "B-P1", "PP-36", "PP-25", "PP-53", "KP-6", "KP-9", "KP-34", "KP-33"):
        drill = make_drill(clause, seed=5)
        out[drill.token] = [drill.question, list(drill.answer().right)]
    return out


json.dumps({
    "python": list(sys.version_info[:2]),
    "drills": practice_drills(),
    "notation": format_cards(parse_cards("10s Q♠ ah 2C jk")),
    "hands": HANDS,
    "shuffle_seed_7": format_cards(shuffled(make_deck(), 7)[:13]),
    "families": families,
    "bots": {g: b["moves"] for g, b in bots.items()},
    "bots_slowest_ms": {g: b["slowest_ms"] for g, b in bots.items()},
    "lessons_check": {"status": status, "out": out.getvalue().splitlines(), "err": err.getvalue().splitlines()},
})
