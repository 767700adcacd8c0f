"""Palace drills, the makers: the generator factories the three rule books' tables
(:mod:`practice.palace_books`) combine, and how a table's rows become clauses
(:mod:`practice.palace` is the game's practice module, which puts them together).

Most clauses share a few templates (:mod:`practice.palace_spots`): "which of these may Ann do
here?" (the engine's ``check`` on each move), "what happens when she does this?" (the state
``try_play`` reaches: who plays next, where the pile goes, how many cards she holds) and "what
does the deal give?" (a seeded deal's counts). A clause's spec is the situation that exercises
it: the ranks on the pile and in the hand, the stock, the table cards, the moves before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.cards import make_deck, shuffled
from rules.palace import PalaceState, start

from .drill import Choice
from .palace_spots import CHOICES, MEASURES, NAMES, ORDINARY, Spot, after, measure, spot, then, which
from .spec import Clause, Ctx, Parts

KINDS_TABLE = ("play", "flash", "pickup", "chance", "take-up", "flip")


# -- generator factories ---------------------------------------------------------------------

def W(*, also: Sequence[str] | Callable[[Spot], Sequence[str]] = (), kinds: Sequence[str] = ("play", "flash", "pickup", "chance"),
      moves: Sequence[str] | Callable[[Spot], Sequence[str]] = (), ask: str = "", **where: Any) -> Callable[[Ctx], Parts]:
    """Which of these may the player to move do (after ``moves``)?"""
    def make(ctx: Ctx) -> Parts:
        sp = spot(ctx, **where)
        sp = then(sp, *(moves(sp) if callable(moves) else moves))
        return which(ctx, sp, also=also(sp) if callable(also) else also, kinds=kinds, ask=ask)
    return make


def X(measure_name: str, do: Callable[[Spot], Sequence[str]], ask: str, *,
      before: Callable[[Spot], Sequence[str]] = lambda sp: (), **where: Any) -> Callable[[Ctx], Parts]:
    """What happens when the player to move does ``do(spot)`` (after ``before``)?"""
    def make(ctx: Ctx) -> Parts:
        sp = spot(ctx, **where)
        sp = then(sp, *before(sp))
        return after(ctx, sp, tuple(do(sp)), measure_name, ask)
    return make


def play(rank: str, count: int = 1, zone: str = "hands") -> Callable[[Spot], Sequence[str]]:
    """Ann plays ``count`` cards of ``rank`` from her hand (or face-up cards)."""
    def moves(sp: Spot) -> Sequence[str]:
        seat = sp.state.to_move
        cards = [c for c in getattr(sp.state, zone)[seat] if rank == "any" or _is(c, rank)][:count]
        return ("play " + " ".join(str(c) for c in cards),)
    return moves


def _is(card: Any, rank: str) -> bool:
    return str(card) == "Jk" if rank == "Jk" else str(card)[:-1] == rank


def word(*moves: str) -> Callable[[Spot], Sequence[str]]:
    return lambda sp: moves


# -- deal facts --------------------------------------------------------------------------------

def dealt(ctx: Ctx, players: tuple[int, int], more: Mapping[str, Any] | None = None) -> Spot:
    n = ctx.rng.randint(*players)
    setup = {"seats": list(NAMES[:n]) if n <= 4 else [*NAMES, "Eve", "Fay"][:n],
             "seed": ctx.rng.randrange(10**6), **(more or {})}
    return Spot(start(ctx.variant, {**setup, **({"options": dict(ctx.options)} if ctx.options else {})}), setup)


def F(measure_name: str, ask: str, players: tuple[int, int] = (2, 6), do: Callable[[Spot], Sequence[str]] | None = None,
      more: Mapping[str, Any] | None = None) -> Callable[[Ctx], Parts]:
    """A fact of a seeded deal (after ``do``: moves of the setup)."""
    def make(ctx: Ctx) -> Parts:
        lo, hi = players
        rules = ctx.rules
        sp = dealt(ctx, (max(lo, rules.min_players), min(hi, rules.max_players)), more)
        n = sp.state.players
        q = f"A deal for {n} players ({', '.join(sp.state.names)}). {ask}"
        return Parts("what", q, CHOICES[measure_name](sp.state), ctx.position(sp.setup),
                     (measure_name, *(do(sp) if do else ())))
    return make


def _all_cards(state: PalaceState) -> int:
    return sum(state.all_cards().values())


measure("cards", _all_cards, lambda s: (52, 54, 104, 108, 156, 162), lambda v: f"{v} cards")
measure("down", lambda s: len(s.face_down[0]), lambda s: (2, 3, 4, 6), lambda v: f"{v} face-down cards each")
measure("hand", lambda s: len(s.hands[0]), lambda s: (3, 4, 6, 9), lambda v: f"{v} cards in each hand")
measure("up", lambda s: len(s.face_up[0]), lambda s: (2, 3, 4, 6), lambda v: f"{v} face-up cards each")
measure("stock", lambda s: len(s.stock), lambda s: sorted({_all_cards(s) - s.players * k - j
                                                           for k in (6, 9, 12, 18) for j in (0, 1)
                                                           if _all_cards(s) - s.players * k - j > 0}),
        lambda v: f"{v} cards")
measure("pile-size", lambda s: len(s.pile), lambda s: (0, 1, 2, 3),
        lambda v: {0: "No card: the pile starts empty", 1: "One card"}.get(v, f"{v} cards"))
measure("held", lambda s: len(s.hands[0]), lambda s: tuple(range(max(0, len(s.hands[0]) - 2), len(s.hands[0]) + 3)),
        lambda v: f"She ends the turn with {v} card{'' if v == 1 else 's'} in hand")


def _ending(s: PalaceState) -> str:
    if not s.is_over:
        return "on" if not s.out else f"on-{s.out[-1]}"
    return f"won-{s.winner}" if s.winner is not None else f"lost-{s.loser}"


def _ending_choices(s: PalaceState) -> tuple[str, ...]:
    return ("on", "on-0", "won-0", "won-1", "lost-1")


def _ending_words(v: str) -> str:
    return {"on": "Nobody is out yet: play goes on", "on-0": "Ann is out and the others play on",
            "won-0": "Ann has won the game", "won-1": "Ben has won the game",
            "lost-1": "The game is over and Ben has lost"}[v]


measure("ending", _ending, _ending_choices, _ending_words)


def first_card(ctx: Ctx) -> Parts:
    """A two-player deal whose stock starts with an Ace, a 2, a 10 or a Joker (now and then an
    ordinary card), then an ordinary card: which one starts the pile?"""
    rules = ctx.rules
    packs = rules.packs[0]
    deck = list(shuffled(make_deck(packs, rules.jokers_per_pack * packs), ctx.rng.randrange(10**6)))
    cut = 2 * (9 if rules.face_up_choice == "choose-from-dealt" else sum(rules.cards_each))
    special = [c for c in deck[cut:] if str(c)[:-1] in ("A", "2", "T") or str(c) == "Jk"]
    plain = [c for c in deck[cut:] if not c.is_joker and str(c)[:-1] in "3456789JQK"]
    first = ctx.rng.choice(special if ctx.rng.random() < 0.8 else plain)
    second = next(c for c in plain if c != first)
    deck.remove(first)
    deck.remove(second)
    deck[cut:cut] = [first, second]
    setup = {"seats": ["Ann", "Ben"], "deck": " ".join(str(c) for c in deck)}
    q = (f"A deal for Ann and Ben. When the cards are dealt, the stock's top card is the {first.label} "
         f"and the next one the {second.label}. Which card lies on the pile when play begins?")
    choices = (Choice(first.label, f"The {first.label}"), Choice(second.label, f"The {second.label}"),
               Choice("none", "No card: the pile starts empty"))
    return Parts("what", q, choices, ctx.position(setup), ("first",))


MEASURES["first"] = lambda before, after, events: after.pile[0].label if after.pile else "none"


def _choose_all(sp: Spot, rng: Any) -> Sequence[str]:
    """Every player chooses the cards to put face up (or, BGA, swaps a few then is ready), at
    random; the last move is the one that starts play."""
    state, moves = sp.state, []
    while state.phase.name in ("CHOOSE", "SWAP"):
        acts = [a for a in state.legal_actions() if str(a) != "ready" or state.phase.name == "SWAP"]
        ready = [a for a in acts if str(a) == "ready"]
        a = ready[0] if ready and rng.random() < 0.7 else rng.choice(acts)
        moves.append(str(a))
        state = state.apply(a)
    return moves


def starter(ask: str = "Who plays first?") -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        sp = dealt(ctx, (3, 4))
        moves = list(_choose_all(sp, ctx.rng))
        sp = then(sp, *moves[:-1])
        ups = "; ".join(f"{n}: {', '.join(c.label for c in up) or 'not yet chosen'}"
                        for n, up in zip(sp.state.names, sp.state.face_up))
        last = sp.state.describe(sp.state.parse_action(moves[-1]))
        who = sp.state.names[sp.state.to_move]
        q = f"Face-up cards so far: {ups}. {who} is the last to finish: {who} will {last}. {ask}"
        return Parts("what", q, CHOICES["starter"](sp.state), ctx.position(sp.setup, sp.moves), ("starter", moves[-1]))
    return make


# -- shared situations -----------------------------------------------------------------------

HIGH = "89JQK"
LOW = "3456"
WILDS_HOUSE = ("A", "2", "T", "Jk")

PLAIN = W(top=HIGH + LOW, extra=(3, 5))
"""An ordinary pile and hand: equal or beat."""


def _below(rank: str) -> str:
    """Ordinary ranks a play of ``rank`` surely beats (an empty pile when there are none)."""
    return "".join(r for r in "3456" if r in ORDINARY and ORDINARY.index(r) < ORDINARY.index(rank)) \
        if rank in ORDINARY else "3456"


def next_after(rank: str, ask: str = "Who plays next?", count: int = 1, **where: Any) -> Callable[[Ctx], Parts]:
    where.setdefault("top", _below(rank))
    return X("next", play(rank, count), ask, hand=(rank,) * count, **where)


def pile_after(rank: str, count: int = 1, ask: str = "What happens to the pile?", **where: Any) -> Callable[[Ctx], Parts]:
    where.setdefault("top", _below(rank))
    return X("pile", play(rank, count), ask, hand=(rank,) * count, **where)


HELD = "How many cards does she hold when her turn ends?"
REVEAL = W(top=HIGH + LOW, moves=word("chance"), kinds=("play", "pickup", "flash"),
           ask="She takes a chance and turns the stock's top card. What may she do with it?")
CHANCE_THEN = X("next", lambda sp: ("chance", "pickup"), "She takes a chance, then keeps the card with the pile. "
                "Who plays next?", top=HIGH + LOW)
LAST_DOWN = X("ending", word("flip"), "She turns her last face-down card. What follows?",
              top=LOW + HIGH, stock=(0, 0), extra=(0, 0), mover_up=(), mover_down=1)
