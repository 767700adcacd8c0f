"""The templates every game shares. Each answers a drill by asking the engine, now:

* ``moves``: "which of these may Ann do?": the probe is the choices' moves in the engine's
  notation; each is put to ``state.check``, the one legality decision, whose reason and section
  are the answer's. Several may be right.
* ``what``: "what happens / how many / who": the probe is a measure name and the moves to play;
  the moves go through ``state.try_play`` and the game's measure reads the resulting state
  (who is to move, where the pile went, a count of the deal). The reason is the engine's own
  narration of what happened, the section that of the verdict of the last move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from string import ascii_lowercase
from typing import Any

from rules.core import GameState

from .drill import Answer, Choice, Drill, Said

Measure = Callable[[GameState, GameState, tuple[Any, ...]], "str | tuple[str, str]"]
"""``measure(before, after, events) -> key`` or ``(key, what the engine's state shows)``: what a
``what`` drill asks about, read from the state the engine reached."""


def keys(n: int) -> tuple[str, ...]:
    return tuple(ascii_lowercase[:n])


def move_choices(state: GameState, moves: list[Any]) -> tuple[tuple[Choice, ...], tuple[str, ...]]:
    """Choices for a ``moves`` drill: each move in the state's plain words, and the probe."""
    ks = keys(len(moves))
    return (tuple(Choice(k, _cap(state.describe(m))) for k, m in zip(ks, moves)),
            tuple(str(m) for m in moves))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def answer_moves(drill: Drill) -> Answer:
    state = drill.position.state()
    said: dict[str, Said] = {}
    for choice, move in zip(drill.choices, drill.probe):
        verdict = state.check(state.parse_action(move))
        said[choice.key] = Said(verdict.legal, _cap(verdict.reason), verdict.ref)
    right = tuple(k for k, s in said.items() if s.right)
    return Answer(right, said, drill.ref)


def answer_what(drill: Drill, measures: Mapping[str, Measure]) -> Answer:
    state = drill.position.state()
    measure, moves = drill.probe[0], drill.probe[1:]
    before, events, ref, reasons = state, [], drill.ref, []
    for move in moves:
        action = state.parse_action(move)
        tried = state.try_play(action)
        if not tried.legal:
            reasons.append(_cap(tried.verdict.reason))
            ref = tried.verdict.ref or ref
            break
        ref = tried.verdict.ref or ref
        events.extend(tried.events)
        state = tried.state
    got = measures[measure](before, state, tuple(events))
    told = [e.text for e in events if getattr(e, "text", "")]
    if isinstance(got, tuple):
        got, note = got
        told.append(note)
    reason = "; ".join(reasons or told) or ""
    said = {c.key: Said(c.key == got, reason if c.key == got else f"not so: {reason}" if reason else "not so", ref)
            for c in drill.choices}
    return Answer(tuple(k for k in said if said[k].right), said, ref)
