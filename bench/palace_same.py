"""``python -m bench palace_same [--seeds N] [--json]``: a fingerprint of the Palace engine's behaviour.

Speed work on ``rules.palace`` must not change what the engine does. This plays
seeded random games of every preset and of every alternate-rule set the
random-play tests use, at every table size, with both random players, and
hashes (SHA-256) what the engine says along the way:

* at every step, the legal actions in order (``str`` of each) and the one picked;
* at every fifth step, every candidate action with its verdict (legal, reason,
  rule reference, ruling key), the per-card verdicts, and the events of the
  picked action with narration (kind, words, reference, data);
* the final state of each game;
* the games the speed bench plays (``rules.palace.simulate.random_game``, both
  players, 4 seats): their length and final state.

Run it on the tree before and after a change (e.g. with ``PYTHONPATH`` pointing
at ``git archive <commit> rules | tar -x``): equal digests mean the same legal
action lists in the same order, the same explanations and the same narration.
It is a check for engine work, not a timing; it uses only the public API.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time

from rules.palace import PRESETS, start
from rules.palace.simulate import POLICIES, random_game

ALTERNATES = ((), ("ace-like-two",), ("jokers-reverse",), ("last-card",),
              ("dealer-left", "jokers-reverse", "last-card"), ("five-skips",), ("four-reverses",),
              ("five-skips", "four-reverses"), ("short-game",))
DEEP_EVERY = 5


def _verdict(v) -> str:
    return f"{v.legal}|{v.reason}|{v.ref}|{v.ruling.key if v.ruling else ''}"


def _game(variant: str, alternates: tuple[str, ...], players: int, seed: int, policy: str, cap: int,
          h) -> int:
    state = start(variant, {"players": players, "seed": seed, "alternates": list(alternates)})
    rng = random.Random(f"same:{variant}:{players}:{seed}:{policy}")
    h.update(f"#{variant}+{'+'.join(alternates)} {players} {seed} {policy}\n".encode())
    n = 0
    while not state.is_over and n < cap:
        actions = state.legal_actions()
        if policy == "low-first" and actions and getattr(actions[0], "cards", None) is not None:
            # the weakest plays come first: pick among the first few
            i = int(rng.random() * min(3, len(actions)))
        else:
            i = int(rng.random() * len(actions))
        action = actions[i]
        h.update(("|".join(map(str, actions)) + f">{i}\n").encode())
        if n % DEEP_EVERY == 0:
            for a in state.candidate_actions():
                h.update(f"{a}:{_verdict(state.explain(a))}\n".encode())
            for card, v in state.card_verdicts().items():
                h.update(f"{card}={_verdict(v)}\n".encode())
            state, events = state.play(action)
            for e in events:
                h.update(f"{e.kind}|{e.text}|{e.ref}|{e.data}|{e.private_to}|{e.secret}\n".encode())
        else:
            state = state.apply(action)
        n += 1
    h.update(f"{state}\n{state.winner} {state.loser} {state.out}\n".encode())
    return n


def fingerprint(seeds: int) -> tuple[str, int, int]:
    h = hashlib.sha256()
    games = actions = 0
    for variant, rules in PRESETS.items():
        for alternates in ALTERNATES:
            if any(a not in rules.alternate_names for a in alternates):
                continue
            for players in range(rules.min_players, rules.max_players + 1):
                for seed in range(seeds):
                    for policy in ("low-first", "uniform"):
                        actions += _game(variant, alternates, players, seed, policy,
                                         600 if policy == "uniform" else 3000, h)
                        games += 1
    for variant in PRESETS:
        for policy in POLICIES:
            for seed in range(seeds * 5):
                record = random_game(variant, 4, seed, policy=policy)
                h.update(f"{record.actions} {record.reason}\n{record.final}\n".encode())
                games += 1
                actions += record.actions
    return h.hexdigest(), games, actions


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench palace_same", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="seeds per table (default 3)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    digest, games, actions = fingerprint(args.seeds)
    print(f"Palace behaviour fingerprint: {games} games, {actions} actions, sha256 {digest} "
          f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        print(json.dumps({"bench": "palace_same", "games": games, "actions": actions, "sha256": digest}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
