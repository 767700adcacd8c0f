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

from collections.abc import Callable, Mapping, Sequence
from string import ascii_lowercase
from typing import Any

from rules.core import GameState

from .drill import Answer, Choice, Drill, Said, sentences
from .spec import Parts

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


def answer_what(drill: Drill, measures: Mapping[str, Measure], about: str = "") -> Answer:
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
    reason = sentences(reasons or told)
    if not reason:  # a fact of the deal: nothing happened to narrate, so say the rule (our words)
        shown = next((c.text for c in drill.choices if c.key == got), got)
        reason = f"{shown}: {about[:1].lower()}{about[1:]}" if about else str(shown)
    said = {c.key: Said(c.key == got, reason if c.key == got else f"not so: {reason}" if reason else "not so", ref)
            for c in drill.choices}
    return Answer(tuple(k for k in said if said[k].right), said, ref)


# -- "can this many play?": the game's own setup decides ---------------------------------------

def seats_drill(ctx: Any, n: int, names: Sequence[str], players_key: str, what: str = "") -> Parts:
    """"Can N people play?": the game's setup is asked to seat them."""
    q = f"{n} people want to play {what or 'this game'} at one table. Can they?"
    choices = (Choice("yes", f"Yes, {n} can play"), Choice("no", f"No, not {n}"))
    return Parts("seats", q, choices, ctx.position({players_key: list(names[:n])}), (players_key, str(n)))


def answer_seats(drill: Drill) -> Answer:
    from rules.errors import NotationError
    from rules.games import get_family
    n = int(drill.probe[1])
    setup = {**drill.position.setup, "seed": 1}
    try:
        get_family(drill.game).start(drill.variant, setup)
        right, reason = "yes", f"{n} players is a table the rules allow"
    except NotationError:
        # the engine's message names its setup key and source file (for a program): the person
        # reads the verdict in words, and the drill's rule cites the section by its name
        right, reason = "no", f"{n} players is not a table the rules allow"
    # the wrong choice's reason is "not so: ..." (as a ``what`` drill's), so a wrong answer's why
    # says the right one's reason once, not the same sentence for both choices
    said = {c.key: Said(c.key == right, reason if c.key == right else f"not so: {reason}", drill.ref)
            for c in drill.choices}
    return Answer((right,), said, drill.ref)


# -- "which of these cards may she look at?": the seat's own view decides -------------------------

def sees_drill(ctx: Any, position: Any, seat: int, name: str, cards: Sequence[tuple[Any, str]], lead: str = "") -> Parts:
    """``cards``: (card, where it lies in our words); the answer is read from ``state.view(seat)``."""
    keys_ = keys(len(cards))
    choices = tuple(Choice(k, f"The {c.label} ({where})") for k, (c, where) in zip(keys_, cards))
    q = f"{lead} Which of these cards may {name} look at now? Pick every one.".strip()
    return Parts("sees", q, choices, position, (str(seat), *(str(c) for c, _ in cards)), several=True)


def answer_sees(drill: Drill) -> Answer:
    from rules.cards import Card
    state = drill.position.state()
    seat = int(drill.probe[0])
    unseen = set(state.view(seat).unseen())
    name = state.names[seat]
    said = {}
    for choice, text in zip(drill.choices, drill.probe[1:]):
        hidden = Card.parse(text) in unseen
        said[choice.key] = Said(not hidden, f"{name} cannot see it: it is hidden from that seat" if hidden
                                else f"{name} may see it", drill.ref)
    return Answer(tuple(k for k, s in said.items() if s.right), said, drill.ref)


SHARED = {"seats": answer_seats, "sees": answer_sees}
