"""Palace positions for drills, drawn from a seeded random source, and what Palace drills read
from a state (``MEASURES``). The generators in :mod:`practice.palace` combine these.

A spot is a setup the engine accepts: a pile, the mover's hand, the others' cards, a stock. It is
drawn from one pack (and its jokers, where the rules keep them) so no card appears twice; a pile
the engine refuses (a card that may not lie there) is drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rules.cards import JOKER, Card, Rank, Suit, counted
from rules.errors import NotationError
from rules.palace import PalaceState, start

from .drill import Choice
from .spec import Ctx, Parts
from .templates import move_choices

NAMES = ("Ann", "Ben", "Cat", "Dan")
ORDINARY = "3456789JQK"
"""Ranks no rule book makes special, except where a book does (7, 9, 5, 4, 3 in some)."""
TRIES = 40


class Pool:
    """The cards of one pack (and its jokers) not used yet, drawn at random."""

    def __init__(self, rng: random.Random, jokers: bool):
        self.rng = rng
        self.cards = [Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit]
        if jokers:
            self.cards += [JOKER, JOKER]

    def take(self, rank: str) -> Card:
        want = _rank(rank)
        found = [c for c in self.cards if c.rank is want]
        if not found:
            raise NotationError(f"no {rank} left", token=rank)
        card = self.rng.choice(found)
        self.cards.remove(card)
        return card

    def some(self, n: int, ranks: str = ORDINARY + "2A") -> list[Card]:
        """``n`` random cards of these ranks (a rank may come several times)."""
        allowed = {_rank(r) for r in ranks_of(ranks)}
        out = []
        for _ in range(n):
            found = [c for c in self.cards if c.rank in allowed]
            if not found:
                raise NotationError(f"no card of {ranks} left", token=str(ranks))
            card = self.rng.choice(found)
            self.cards.remove(card)
            out.append(card)
        return out


def ranks_of(text: str | Sequence[str]) -> list[str]:
    """``"3456"`` -> ``["3", "4", "5", "6"]``; a list passes through (for ``"Jk"``)."""
    return list(text) if isinstance(text, str) else list(text)


def _rank(token: str) -> Rank:
    return Rank.JOKER if token == "Jk" else Rank.parse(token)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


class Spot(NamedTuple):
    """A drawn position: the engine's state and the setup that starts it (moves played after)."""

    state: PalaceState
    setup: dict[str, Any]
    moves: tuple[str, ...] = ()


def spot(ctx: Ctx, *, top: str | Sequence[str] = "", under: int = 0, hand: Sequence[str] = (),
         extra: tuple[int, int] = (1, 3), extra_ranks: str = ORDINARY, players: tuple[int, int] = (3, 4),
         stock: tuple[int, int] = (3, 8), up: int = 3, down: int = 3, again: str = "",
         mover_up: Sequence[str] | None = None, mover_down: int | Sequence[str] | None = None, pile_cards: Sequence[str] = (),
         other_has: str = "", others_avoid: str = "", more: dict[str, Any] | None = None) -> Spot:
    """A position with the mover (seat 0, Ann) to play: ``hand`` ranks she surely holds plus
    ``extra`` random ones; a pile of ``under`` random cards then one of the ``top`` ranks (or
    exactly ``pile_cards``, bottom first); the others with three cards in hand and ``up``/``down``
    on the table. ``mover_up``/``mover_down`` give Ann's own table cards (default as the others');
    ``other_has``: a rank Ben surely holds; ``others_avoid``: ranks nobody else holds."""
    rng = ctx.rng
    jokers = getattr(ctx.rules, "jokers_per_pack", 0) > 0
    for _ in range(TRIES):
        pool = Pool(rng, jokers)
        try:
            n = rng.randint(*players)
            mine = [pool.take(r) for r in hand] + pool.some(rng.randint(*extra), extra_ranks)
            tops = ranks_of(top)
            pile = [pool.take(r) for r in pile_cards] if pile_cards else (
                pool.some(under, ORDINARY) + [pool.take(rng.choice(tops))] if tops else [])
            theirs = "".join(r for r in ORDINARY + "2A" if r not in others_avoid)
            hands = [mine] + [([pool.take(other_has)] if other_has and i == 1 else []) + pool.some(3, theirs)
                              for i in range(1, n)]
            face_up = [[pool.take(r) for r in mover_up] if mover_up is not None else pool.some(up)]
            face_up += [pool.some(up) for _ in range(n - 1)]
            mine_down = (pool.some(down if mover_down is None else mover_down) if not isinstance(mover_down, (list, tuple))
                         else [pool.take(r) for r in mover_down])
            face_down = [mine_down] + [pool.some(down) for _ in range(n - 1)]
            setup: dict[str, Any] = {
                "seats": list(NAMES[:n]), "hands": [_text(h) for h in hands],
                "face_up": [_text(c) for c in face_up], "face_down": [_text(c) for c in face_down],
                "stock": _text(pool.some(rng.randint(*stock))), "pile": _text(pile), "to_move": 0,
            }
            if again:
                setup["again"] = again
            setup.update(more or {})
            state = start(ctx.variant, {**setup, **({"options": dict(ctx.options)} if ctx.options else {})})
        except NotationError:
            continue
        return Spot(state, setup)
    raise RuntimeError(f"{ctx.clause.id}: no position found in {TRIES} tries")


def then(sp: Spot, *moves: str) -> Spot:
    """The spot after these moves (each must be legal)."""
    state = sp.state
    for m in moves:
        state = state.apply(state.parse_action(m))
    return Spot(state, sp.setup, sp.moves + moves)


# -- words -----------------------------------------------------------------------------------

def labels(cards: Sequence[Card]) -> str:
    names = [c.label for c in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def situation(state: PalaceState) -> str:
    """The position in our words, as the mover sees what matters."""
    seat = state.to_move
    name = state.names[seat]
    parts = []
    src = state.source(seat)
    if src == "hand":
        parts.append(f"{name} holds {labels(state.hands[seat])}.")
    elif src == "face-up":
        parts.append(f"{name}'s hand is empty; her face-up cards are {labels(state.face_up[seat])}.")
    elif src == "face-down":
        parts.append(f"{name} has only face-down cards left ({len(state.face_down[seat])}).")
    if state.pile:
        shown = state.pile[-3:]
        parts.append("The pile has " + (f"the {shown[-1].label} on top" if len(shown) == 1 else
                                         f"{labels(shown)} on it, the {shown[-1].label} on top") + ".")
    else:
        parts.append("The pile is empty.")
    parts.append(f"The stock has {counted(len(state.stock), 'card')}." if state.stock else "The stock is empty.")
    if state.flash is not None:
        parts.append(f"{state.names[state.flash.flasher]} has just shown {name} a 3.")
    if state.again == "reset":
        parts.append(f"{name} is playing again after her own 2.")
    elif state.again == "clear":
        parts.append(f"{name} is playing again after clearing the pile.")
    return " ".join(parts)


KINDS = ("play", "flash", "pickup", "chance")


def which(ctx: Ctx, sp: Spot, *, also: Sequence[str] = (), kinds: Sequence[str] = KINDS,
          ask: str = "") -> Parts:
    """"Which of these may Ann do?": the mover's candidate moves of these kinds (and ``also``,
    moves in notation such as ``pass``), in the state's own words."""
    state = sp.state
    kinds = (*kinds, "flash") if "play" in kinds else kinds  # a Caron 3 is played by showing it
    moves = [a for a in state.candidate_actions() if str(a).split(" ")[0] in kinds]
    # the moves from where the mover plays now come first; plays of cards elsewhere (the face-up
    # cards while the hand lasts) are distractors, a few at most
    zone = set(state.source_cards(state.to_move)) if state.phase.name == "PLAY" else None
    main = [a for a in moves if zone is None or not getattr(a, "cards", ()) or set(a.cards) <= zone]
    rest = [a for a in moves if a not in main]
    room = max(2, 8 - len(main))
    if len(rest) > room:
        rest = [rest[i] for i in sorted(ctx.rng.sample(range(len(rest)), room))]
    moves = [a for a in moves if a in main or a in rest] + [state.parse_action(m) for m in also]
    choices, probe = move_choices(state, moves)
    name = state.names[state.to_move]
    question = f"{situation(state)} {ask or f'Which of these may {name} do now?'} Pick every one that is allowed."
    return Parts("moves", question, choices, ctx.position(sp.setup, sp.moves), probe, several=True)


def after(ctx: Ctx, sp: Spot, moves: Sequence[str], measure: str, ask: str) -> Parts:
    """"What happens when Ann does this?": the choices are the measure's possible answers."""
    state = sp.state
    words = state.describe(state.parse_action(moves[0])) if moves else ""
    name = state.names[state.to_move]
    did = f" {name} decides to {words}." if moves else ""
    question = f"{situation(state)}{did} {ask}"
    return Parts("what", question, CHOICES[measure](state), ctx.position(sp.setup, sp.moves), (measure, *moves))


# -- what a drill reads from the state the engine reached ------------------------------------

def _next(before: PalaceState, after: PalaceState, events: tuple) -> str:
    return "over" if after.is_over else str(after.to_move)


def _next_choices(state: PalaceState) -> tuple[Choice, ...]:
    me = state.to_move
    out = [Choice(str(s), f"{n} plays again" if s == me else f"{n} plays next") for s, n in enumerate(state.names)]
    return tuple(out)


def _pile(before: PalaceState, after: PalaceState, events: tuple) -> str:
    if not after.pile and len(after.cleared) > len(before.cleared):
        return "cleared"
    for seat in range(before.players):
        if len(after.hands[seat]) > len(before.hands[seat]) + 1 and not after.pile:
            return f"taken-{seat}"
    return "stays"


def _pile_choices(state: PalaceState) -> tuple[Choice, ...]:
    out = [Choice("stays", "The pile stays and grows"),
           Choice("cleared", "The pile is cleared out of the game")]
    out += [Choice(f"taken-{s}", f"{n} takes the pile into the hand") for s, n in enumerate(state.names)]
    return tuple(out)


def _starter_choices(state: PalaceState) -> tuple[Choice, ...]:
    return tuple(Choice(str(s), f"{n} starts") for s, n in enumerate(state.names))


MEASURES: dict[str, Callable[..., Any]] = {"next": _next, "pile": _pile, "starter": _next}
CHOICES: dict[str, Callable[[PalaceState], tuple[Choice, ...]]] = {
    "next": _next_choices, "pile": _pile_choices, "starter": _starter_choices}


def measure(name: str, read: Callable[[PalaceState], Any], options: Callable[[PalaceState], Sequence[Any]],
            words: Callable[[Any], str]) -> None:
    """Declare a measure read from the state reached (``read(after)``), the possible answers for a
    position (``options(state)``) and how each is said."""
    MEASURES[name] = lambda before, after, events: str(read(after))
    CHOICES[name] = lambda state: tuple(Choice(str(v), words(v)) for v in options(state))
