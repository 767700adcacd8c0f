"""Palace Poker situations for drills: a seeded deal played to the moment a clause is about (a
turn with soldiers bought, a battle being answered, the end of a hand), battle and showdown
hands for the checker, and what Palace Poker drills read from a state (``MEASURES``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.cards import Card, Rank, Suit
from rules.palace_poker import PokerState, Status, start

from .drill import Choice
from .spec import Ctx, Parts
from .templates import move_choices

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe")
AUTO = {"DEALER_DRAW", "ANTE", "BANNERS", "SHUFFLE", "PALACE"}
PACK = tuple(Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit)


class Table:
    """A hand being played for a drill: the setup, the moves so far (in notation), the state."""

    def __init__(self, ctx: Ctx, players: int, auto: bool = True, **setup: Any):
        self.ctx = ctx
        self.setup = {"seats": list(NAMES[:players]), "seed": ctx.rng.randrange(10**6), **setup}
        opts = {"options": dict(ctx.options)} if ctx.options else {}
        self.state: PokerState = start(ctx.variant, {**self.setup, **opts})
        self.moves: list[str] = []
        if auto:
            self.auto()

    def do(self, *moves: str) -> "Table":
        for text in moves:
            action = self.state.parse_action(text)
            self.state = self.state.apply(action)
            self.moves.append(str(action))
        return self

    def auto(self, until: frozenset[str] | set[str] = AUTO) -> "Table":
        """Play the steps nobody decides (the draw for dealer, antes, deals, shuffles)."""
        while self.state.phase.name in until:
            action = self.state.legal_actions()[0]
            self.state = self.state.apply(action)
            self.moves.append(str(action))
        return self

    @property
    def mover(self) -> int:
        return self.state.mover

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def soldiers(self, seat: int) -> int:
        return len(self.state.player(seat).soldiers)

    def buy_until(self, want: Sequence[int], then_to: int | None = None) -> "Table":
        """On each turn a player buys (and keeps) until they hold ``want[seat]`` soldiers, else
        stays; then stay round to ``then_to``'s turn. A buy breaks any run of stays, so the
        hand goes on."""
        for _ in range(60):
            if self.state.phase.name != "TURN":
                break
            m = self.mover
            if self.soldiers(m) < want[m]:
                self.do("buy")
                if self.state.phase.name == "AFTER_BUY":
                    self.do("keep")
                continue
            if all(self.soldiers(s) >= want[s] for s in range(len(want))
                   if self.state.player(s).status is Status.IN):
                break
            self.do("stay")
        while then_to is not None and self.state.phase.name == "TURN" and self.mover != then_to:
            self.do("stay")
        return self

    def position(self):
        return self.ctx.position(self.setup, tuple(self.moves))


def describe_table(t: Table, seat: int | None = None) -> str:
    """The table in our words: each player still in, banner and soldiers; the pot."""
    st = t.state
    parts = []
    for s, p in enumerate(st.players):
        if p.status is not Status.IN:
            continue
        sold = ", ".join(c.label for c in p.soldiers) or "no soldiers"
        parts.append(f"{p.name}: banner {p.banner.label}, {sold}")
    who = st.names[seat if seat is not None else st.mover] if (seat is not None or st.mover is not None) else ""
    mine = st.player(st.names.index(who)) if who else None
    held = f" {who}'s palace cards are {', '.join(c.label for c in mine.palace)}." if mine else ""
    if st.rules.points:
        return "The points game, without money. " + "; ".join(parts) + f".{held}"
    stakes = f"Stakes ${st.rules.small_bet}/${st.rules.big_bet}"
    return f"{stakes}. " + "; ".join(parts) + f". The pot holds ${st.pot}.{held}"


def which(t: Table, *, also: Sequence[str] = (), ask: str = "", drop: Sequence[str] = ()) -> Parts:
    """"Which of these may the player to move do?": the candidate moves and ``also``."""
    st = t.state
    extra = list({str(a): a for a in (st.parse_action(m) for m in also)}.values())
    named = {str(a) for a in extra}
    moves = [a for a in st.candidate_actions() if str(a).split(" ")[0] not in drop and str(a) not in named]
    room = max(3, 9 - len(extra))
    if len(moves) > room:
        keep = sorted(t.ctx.rng.sample(range(len(moves)), room))
        moves = [moves[i] for i in keep]
    moves += extra
    choices, probe = move_choices(st, moves)
    name = st.names[st.mover]
    q = f"{describe_table(t)} {ask or f'It is {name}’s decision. Which of these may {name} do?'} Pick every one that is allowed."
    return Parts("moves", q, choices, t.position(), probe, several=True)


PLAIN_VERBS = {"buy": "buy a soldier", "call": "call", "raise": "raise", "discard": "throw away a soldier"}
"""A move said without its price, where the question is the price."""


def what(t: Table, moves: Sequence[str], measure: str, ask: str, choices: Sequence[Choice]) -> Parts:
    st = t.state
    did = ""
    if moves:
        words = (PLAIN_VERBS.get(moves[0].split(" ")[0]) if measure == "paid" else None) or \
            st.describe(st.parse_action(moves[0]))
        did = f" {st.names[st.mover]} decides to {words}."
    q = f"{describe_table(t)}{did} {ask}"
    return Parts("what", q, tuple(choices), t.position(), (measure, *moves))


# -- the checker's battles and showdowns --------------------------------------------------



















# -- what a drill reads from the state the engine reached ---------------------------------

def _stack_change(seat_of: Callable[[PokerState], int]):
    def read(before: PokerState, after: PokerState, events: tuple) -> str:
        seat = seat_of(before)
        return str(before.player(seat).stack - after.player(seat).stack)
    return read


MEASURES: dict[str, Callable[..., Any]] = {
    "paid": _stack_change(lambda st: st.mover),
    "next": lambda b, a, e: "over" if a.phase.name == "OVER" else str(a.mover),
    "dealer": lambda b, a, e: str(a.dealer),
    "next-dealer": lambda b, a, e: str(a.next_hand().dealer) if a.phase.name == "OVER" else "on",
    "ended": lambda b, a, e: "over" if a.phase.name == "OVER" else "on",
    "pot": lambda b, a, e: "taken" if a.pot == 0 else "stays",
    "cards": lambda b, a, e: str(sum(len(z) for z in a.card_zones().values())),
    "palace": lambda b, a, e: str(len(a.player(0).palace)),
    "ante": lambda b, a, e: str(a.player(0).paid),
    "soldiers-of-mover": lambda b, a, e: str(len(a.player(b.mover).soldiers)),
    "status-of": None,  # filled per drill (see status_of)
}


def status_of(seat: int) -> str:
    name = f"status-{seat}"
    MEASURES[name] = lambda b, a, e: a.player(seat).status.name.lower()
    return name


def banner_of(seat: int) -> str:
    name = f"banner-{seat}"
    MEASURES[name] = lambda b, a, e: a.player(seat).banner.label if a.player(seat).banner else "none"
    return name


def score_of(seat: int) -> str:
    name = f"score-{seat}"
    MEASURES[name] = lambda b, a, e: str(a.player(seat).score)
    return name


MEASURES["winner"] = lambda b, a, e: (", ".join(a.winner_names) if a.phase.name == "OVER" and a.winner_names else
                                      "nobody" if a.phase.name == "OVER" else "on")
MEASURES["game-winner"] = lambda b, a, e: a.game_winner or "nobody"
del MEASURES["status-of"]


# -- situations: a hand played to the moment a clause is about -------------------------------

def table_size(ctx: Ctx, lo: int = 3, hi: int = 6) -> int:
    return ctx.rng.randint(lo, hi)


def name_choices(t: Table) -> tuple[Choice, ...]:
    return tuple(Choice(str(s), n) for s, n in enumerate(t.state.names))


def money_choices(values) -> tuple[Choice, ...]:
    return tuple(Choice(str(v), f"${v}") for v in sorted(set(values)))


def random_stakes(ctx: Ctx) -> dict[str, Any]:
    small = ctx.rng.choice((2, 4, 5, 10, 20))
    return {"stakes": [small, 2 * small]}


def turn(lo: int = 3, hi: int = 6, soldiers: int = 0, also: Callable[[Table], list[str]] = lambda t: [],
         ask: str = "", drop: tuple[str, ...] = ()) -> Callable[[Ctx], Parts]:
    """A player's turn (after buying ``0..soldiers`` soldiers): which moves are allowed?"""
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, lo, hi), **random_stakes(ctx))
        want = [ctx.rng.randint(0, soldiers) for _ in t.state.players]
        t.buy_until(want, then_to=ctx.rng.randrange(len(want)))
        return which(t, also=also(t), ask=ask, drop=drop)
    return make


def bet_amounts(t: Table) -> list[str]:
    """Attacks on one opponent for one to six small bets (the engine says which is the cost)."""
    st = t.state
    small = st.rules.small_bet or 1
    target = next(s for s in range(len(st.players)) if s != st.mover and st.player(s).status.name == "IN")
    return [f"bet @{target} {small * k}" for k in range(1, 7)]


def facing(lo: int = 3, hi: int = 6, soldiers: int = 2, also: Callable[[Table], list[str]] = lambda t: [],
           raised: bool = False, ask: str = "", more: Callable[[Ctx, int], dict] | None = None) -> Callable[[Ctx], Parts]:
    """A player facing an attack (or, ``raised``, an attacker facing a raise): which moves?"""
    def make(ctx: Ctx) -> Parts:
        n = table_size(ctx, lo, hi)
        t = Table(ctx, n, **{**random_stakes(ctx), **(more(ctx, n) if more else {})})
        want = [ctx.rng.randint(0, soldiers) for _ in t.state.players]
        t.buy_until(want)
        target = ctx.rng.choice([s for s in range(len(want)) if s != t.mover])
        t.do(_attack(t, target))
        if raised:
            t.do(_raise(t))
        return which(t, also=also(t), ask=ask)
    return make


def _attack(t: Table, target: int) -> str:
    """An attack the engine allows, on ``target`` if it may be attacked (else another player)."""
    bets = [a for a in t.state.legal_actions() if str(a).startswith("bet")]
    on_target = [a for a in bets if str(a).startswith(f"bet @{target}")]
    return str(t.ctx.rng.choice(on_target or bets))


def _raise(t: Table) -> str:
    legal = [a for a in t.state.legal_actions() if str(a).startswith("raise")]
    return str(t.ctx.rng.choice(legal))


def call_amounts(t: Table) -> list[str]:
    small = t.state.rules.small_bet or 1
    return [f"call {small * k}" for k in range(1, 7)]


def raise_amounts(t: Table) -> list[str]:
    small = t.state.rules.small_bet or 1
    return [f"raise {small * k}" for k in (1, 2, 3)]


def after_turn(measure: str, move: Callable[[Table], str], ask: str, choices: Callable[[Table], Any],
               lo: int = 3, hi: int = 6, soldiers: int = 0, setup: Callable[[Ctx], dict] = random_stakes,
               before: Callable[[Table], None] = lambda t: None) -> Callable[[Ctx], Parts]:
    """What follows one move at a turn (after ``before`` sets the table up)."""
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, lo, hi), **setup(ctx))
        t.buy_until([ctx.rng.randint(0, soldiers) for _ in t.state.players])
        before(t)
        m = move(t)
        return what(t, (m,) if m else (), measure, ask, choices(t))
    return make


def fact(measure: str, ask: str, choices: Callable[[Table], Any], lo: int = 2, hi: int = 10,
         setup: Callable[[Ctx], dict] = random_stakes, auto: bool = True) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, lo, hi), **setup(ctx))
        n = len(t.state.players)
        q = f"A hand for {n} players ({', '.join(t.state.names)}), stakes ${t.state.rules.small_bet}/${t.state.rules.big_bet}. {ask}"
        return Parts("what", q, tuple(choices(t)), t.position(), (measure,))
    return make


def battle_then(measure: str, ask: str, choices: Callable[[Table, int, int], Any], lo: int = 3, hi: int = 5,
                answer: str = "call", soldiers: int = 2, setup: Callable[[Ctx], dict] = random_stakes) -> Callable[[Ctx], Parts]:
    """An attack, then the defender's ``answer`` (call, fold or raise): what follows?"""
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, lo, hi), **setup(ctx))
        t.buy_until([ctx.rng.randint(0, soldiers) for _ in t.state.players])
        attacker = t.mover
        defender = ctx.rng.choice([s for s in range(len(t.state.players)) if s != attacker])
        t.do(_attack(t, defender))
        if answer == "raise":
            move = _raise(t)
        else:
            move = answer
        if t.state.phase.name != "BATTLE":
            move = ""
        return what(t, (move,) if move else (), measure, ask, choices(t, attacker, defender))
    return make
