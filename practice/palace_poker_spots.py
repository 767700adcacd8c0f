"""Palace Poker situations for drills: a seeded deal played to the moment a clause is about (a
turn with soldiers bought, a battle being answered, the end of a hand), battle and showdown
hands for the checker, and what Palace Poker drills read from a state (``MEASURES``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.cards import Card, Rank, Suit
from rules.palace_poker import PokerState, Status, check_battle, check_showdown, start

from .drill import Answer, Choice, Drill, Said
from .spec import Ctx, Parts
from .templates import move_choices

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe")
AUTO = {"DEALER_DRAW", "ANTE", "BANNERS", "SHUFFLE", "PALACE"}
PACK = tuple(Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit)


class Table:
    """A hand being played for a drill: the setup, the moves so far (in notation), the state."""

    def __init__(self, ctx: Ctx, players: int, **setup: Any):
        self.ctx = ctx
        self.setup = {"seats": list(NAMES[:players]), "seed": ctx.rng.randrange(10**6), **setup}
        opts = {"options": dict(ctx.options)} if ctx.options else {}
        self.state: PokerState = start(ctx.variant, {**self.setup, **opts})
        self.moves: list[str] = []
        self.auto()

    def do(self, *moves: str) -> "Table":
        for text in moves:
            action = self.state.parse_action(text)
            self.state = self.state.apply(action)
            self.moves.append(str(action))
        return self

    def auto(self) -> "Table":
        """Play the steps nobody decides (the draw for dealer, antes, deals, shuffles)."""
        while self.state.phase.name in AUTO:
            self.do(str(self.state.legal_actions()[0]))
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


def what(t: Table, moves: Sequence[str], measure: str, ask: str, choices: Sequence[Choice]) -> Parts:
    st = t.state
    did = ""
    if moves:
        did = f" {st.names[st.mover]} decides to {st.describe(st.parse_action(moves[0]))}."
    q = f"{describe_table(t)}{did} {ask}"
    return Parts("what", q, tuple(choices), t.position(), (measure, *moves))


# -- the checker's battles and showdowns --------------------------------------------------

def draw_cards(rng: random.Random, n: int, avoid: set[Card]) -> list[Card]:
    pool = [c for c in PACK if c not in avoid]
    out = rng.sample(pool, n)
    avoid.update(out)
    return out


def side_text(name: str, banner: Card, palace: Sequence[Card], soldiers: Sequence[Card]) -> str:
    return f"{name}: {banner} | {' '.join(map(str, palace))} | {' '.join(map(str, soldiers))}".rstrip()


def battle_hands(rng: random.Random, mirror: bool = False, shape: Callable[..., Any] | None = None) -> tuple[str, str]:
    """Two sides with banners of different suits; ``mirror``: the defender holds the attacker's
    ranks in other suits (so the hands often tie and the suits decide)."""
    used: set[Card] = set()
    a_name, d_name = rng.sample(NAMES, 2)
    if shape is not None:
        return shape(rng, a_name, d_name)
    a = draw_cards(rng, 4 + rng.randint(0, 3), used)
    a_banner, a_rest = a[0], a[1:]
    if mirror:
        d = []
        for c in a:
            others = [x for x in PACK if x.rank is c.rank and x not in used and x.suit is not a_banner.suit]
            if not others:
                return battle_hands(rng, mirror)
            pick = rng.choice(others)
            used.add(pick)
            d.append(pick)
    else:
        d = draw_cards(rng, 4 + rng.randint(0, 3), used)
    if d[0].suit is a_banner.suit:
        return battle_hands(rng, mirror)
    return (side_text(a_name, a_banner, a_rest[:3], a_rest[3:]),
            side_text(d_name, d[0], d[1:4], d[4:]))


def battle(ctx: Ctx, *, mirror: bool = False, last_two: bool | None = None, keep: Callable[[Any], bool] = lambda v: True,
           shape: Callable[..., Any] | None = None, tries: int = 300) -> Parts:
    """Who wins this battle? Hands are drawn until the engine's battle is one that exercises the
    clause (``keep``); the answer is asked of the engine again when wanted."""
    rng = ctx.rng
    for _ in range(tries):
        lt = rng.random() < 0.5 if last_two is None else last_two
        a, d = battle_hands(rng, mirror, shape)
        if keep(check_battle(a, d, variant=ctx.variant, last_two=lt, options=dict(ctx.options) or None)):
            break
    else:
        raise RuntimeError(f"{ctx.clause.id}: no battle found in {tries} tries")
    an, dn = a.split(":")[0], d.split(":")[0]
    left = (f"{an} and {dn} are the last two players in the hand." if lt else
            "Other players are still in the hand.")
    q = (f"{an} attacks {dn} and {dn} calls. {an} shows banner, palace and soldiers: {_show(a)}; "
         f"{dn}: {_show(d)}. {left} Who wins the battle?")
    choices = (Choice("attacker", f"{an} wins"), Choice("defender", f"{dn} wins"),
               Choice("both-fold", "Both are out of the hand"), Choice("split", "They share the pot"))
    pos = ctx.position({})
    from .drill import Position
    pos = Position(ctx.game, ctx.variant, pos.setup_json, (), "battle", (a, d, "last-two" if lt else ""))
    return Parts("battle", q, choices, pos, (a, d, "last-two" if lt else ""))


def _show(text: str) -> str:
    banner, palace, soldiers = (f.strip() for f in text.split(":", 1)[1].split("|"))
    label = lambda cards: ", ".join(Card.parse(c).label for c in cards.split()) or "none"  # noqa: E731
    return f"banner {label(banner)}, palace {label(palace)}, soldiers {label(soldiers)}"


def answer_battle(drill: Drill) -> Answer:
    a, d, lt = drill.probe
    v = check_battle(a, d, variant=drill.variant, last_two=lt == "last-two", options=dict(drill.options) or None)
    right = v.outcome.value
    said = {c.key: Said(c.key == right, v.reason if c.key == right else f"not so: {v.reason}", v.ref)
            for c in drill.choices}
    return Answer((right,), said, v.ref)


def showdown(ctx: Ctx, *, players: tuple[int, int] = (2, 3), mirror: bool = False,
             keep: Callable[[Any], bool] = lambda v: True, tries: int = 300) -> Parts:
    rng = ctx.rng
    for _ in range(tries):
        n = rng.randint(*players)
        names = rng.sample(NAMES, n)
        used: set[Card] = set()
        first = draw_cards(rng, 1 + 3 + rng.randint(0, 3), used)
        hands = [first]
        for _ in range(n - 1):
            if mirror:
                h = []
                for c in first:
                    others = [x for x in PACK if x.rank is c.rank and x not in used]
                    if not others:
                        break
                    h.append(rng.choice(others))
                    used.add(h[-1])
                if len(h) < len(first):
                    break
            else:
                h = draw_cards(rng, 1 + 3 + rng.randint(0, 3), used)
            hands.append(h)
        if len(hands) < n:
            continue
        texts = [f"{nm}: {h[0]} | {' '.join(map(str, h[1:]))}" for nm, h in zip(names, hands)]
        if keep(check_showdown(texts, variant=ctx.variant, options=dict(ctx.options) or None)):
            break
    else:
        raise RuntimeError(f"{ctx.clause.id}: no showdown found in {tries} tries")
    shown = "; ".join(f"{nm}: banner {h[0].label}, {', '.join(c.label for c in h[1:])}" for nm, h in zip(names, hands))
    q = f"The hand ends and these players show their cards. {shown}. Who takes the pot?"
    choices = tuple(Choice(nm, f"{nm} takes it") for nm in names) + (Choice("split", "They split it"),)
    from .drill import Position
    pos = Position(ctx.game, ctx.variant, "{}", (), "showdown", tuple(texts))
    return Parts("showdown", q, choices, pos, tuple(texts))


def answer_showdown(drill: Drill) -> Answer:
    v = check_showdown(list(drill.probe), variant=drill.variant, options=dict(drill.options) or None)
    right = v.winners[0] if len(v.winners) == 1 else "split"
    said = {c.key: Said(c.key == right, v.reason if c.key == right else f"not so: {v.reason}", v.ref)
            for c in drill.choices}
    return Answer((right,), said, v.ref)


ASKERS = {"battle": answer_battle, "showdown": answer_showdown}


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
