"""King's Pot drills: one generator per clause of ``docs/clauses/kings-pot.md``.

Templates: "which of these may she do?" (``moves``), "what happens / how many" read from the
state the engine reaches (``what``), "which of these hands is best?" put to the game's tableau
checker (``tableau``), "which hands does this cell belong to / where does this hand lie / which
hand does this card back?" read from the engine's tableau (``lines``, ``where``, ``backs``), "can
this many play?" (``seats``) and "which cards may she look at?" (``sees``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.cards import Card, Rank, Suit
from rules.kings_pot import LINES, HandName, KingsPotState, check_tableau, ref, row_col, start

from .drill import Answer, Choice, Drill, Said, sentences
from .spec import Clause, Ctx, Parts, clauses_from_rows
from .templates import move_choices, seats_drill, sees_drill

GAME = "kings-pot"
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe", "Kim", "Lou", "Max", "Ned",
         "Oda", "Pat", "Quinn", "Rex", "Sam", "Tia", "Uma", "Vic", "Wes", "Xan")
PACK = tuple(Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit)

ROWS = (
    ('KP-1', 'Objective',
     'The aim: hold a stake in the hand that comes out best.'),
    ('KP-2', 'Players and cards',
     'A table seats from three up to twenty-two players.'),
    ('KP-3', 'Players and cards',
     'One ordinary pack of 52, no jokers, so every card is there once.'),
    ('KP-4', 'Players and cards',
     'Ranks go ace, king, queen, jack, ten and on down to the two.'),
    ('KP-5', 'Players and cards',
     'The ace is the top card outside straights.'),
    ('KP-6', 'Players and cards',
     'A straight may also use the ace under the two (A-2-3-4-5, the lowest straight); an ace-high straight stays the top one; straights do not wrap round.'),
    ('KP-7', 'The tableau',
     'The dealer lays 25 cards out as a five by five square.'),
    ('KP-8', 'The tableau',
     'The square gives twelve poker hands: five rows, five columns, two diagonals.'),
    ('KP-9', 'The tableau',
     'The rows, from the top, belong to the Ace, Two, Three, Four and Five.'),
    ('KP-10', 'The tableau',
     'The columns, from the left, belong to the Six through the Ten.'),
    ('KP-11', 'The tableau',
     "The diagonal that starts in the top left corner is the Jack's."),
    ('KP-12', 'The tableau',
     "The diagonal that starts in the bottom left corner is the Queen's."),
    ('KP-13', 'The tableau',
     "Five more cards, kept apart from the square, are the King's hand."),
    ('KP-14', 'The tableau',
     'Labelling the hands with cards of another pack is optional and changes no rule; the tutor names every hand and where it lies instead.'),
    ('KP-15', 'Buying cards',
     'After the layout 22 cards are left for the players.'),
    ('KP-16', 'Buying cards',
     'Everybody needs a card, hence the limit of 22 players.'),
    ('KP-17', 'Buying cards',
     "How many cards one player may buy depends on the table size (the source's list: 3 seats 7, 4 seats 5, 6 or 7 seats 3, 8 to 11 seats 2, 11 to 22 seats 1)."),
    ('KP-18', 'Buying cards',
     'The list leaves out five players; we allow four cards each.'),
    ('KP-19', 'Buying cards',
     'The list names eleven players twice (2 and 1); we allow two.'),
    ('KP-20', "Antes and the King's pot",
     "Antes are paid into the King's pot, which sits by the King's hand, apart from the betting."),
    ('KP-21', "Antes and the King's pot",
     'The ante is a forced bet; its size, which may follow the number of players, is agreed at the table.'),
    ('KP-22', 'Backing a hand',
     'Each player is handed the number of cards they paid for.'),
    ('KP-23', 'Backing a hand',
     "The rank of a card bought says which hand its holder is betting on (ace for the Ace's hand, and so on up to king for the King's hand)."),
    ('KP-24', 'First reveal and betting',
     "First reveal: the five cells marked 1 are turned, showing one card of every tableau hand and nothing of the King's hand."),
    ('KP-25', 'First reveal and betting',
     'The picture that marked the cells 1, 2 and 3 is missing; we fix the labels so each round turns one cell of every line.'),
    ('KP-26', 'First reveal and betting',
     'A betting round as in ordinary poker follows: bet, raise, call (and check or fold).'),
    ('KP-27', 'First reveal and betting',
     "Bets go into their own pot, not into the King's pot."),
    ('KP-28', 'First reveal and betting',
     'Whatever is owed is owed on every card a player holds.'),
    ('KP-29', 'First reveal and betting',
     'A player may give up some of their cards, or all of them.'),
    ('KP-30', 'Second reveal',
     'Second reveal: the cells marked 2 add a second card to each tableau hand; another betting round.'),
    ('KP-31', 'Third reveal',
     'Third reveal: the cells marked 3 bring every tableau hand to three cards showing; a third betting round.'),
    ('KP-32', 'Showdown',
     "At the showdown the whole square and the King's hand are turned face up."),
    ('KP-33', 'Showdown',
     'Players still in the deal show their cards; cards folded earlier stay hidden.'),
    ('KP-34', 'Showdown',
     "The pot goes to the best hand that some player's card backs, which need not be the best hand dealt."),
    ('KP-35', 'Showdown',
     "The winning hand can be one that is not in the square (the King's hand)."),
    ('KP-36', 'Showdown',
     'Players whose stakes tie for best share the pot equally.'),
    ('KP-37', "Winning the King's pot",
     "When the King's hand comes out best, the player holding the best hand collects the King's pot as well as the betting pot."),
    ('KP-38', "Winning the King's pot",
     "Otherwise the King's pot is left on the table for the next deal, and keeps growing with new antes."),
    ('KP-39', 'Cards of equal rank',
     'Two cards of one rank back one hand twice; a player may fold the extra ones so as not to pay on that hand twice.'),
    ('KP-40', 'Backing a hand',
     "A seat sees the face-up cells, its own cards and counts of the others'; the teaching view sees all."),
    ('KP-41', 'Backing a hand',
     'Events tell each seat only what it may know: a card bought or folded singly is secret data for its holder, dropped by Event.seen_by; no event text names a hidden card; a single fold has a public text.'),
    ('KP-42', 'Showdown',
     'Outcome and betting events name the players, not only their seats.'),
    ('KP-43', 'Players and cards',
     'Random deals keep every card and chip, apply accepts exactly the legal actions, a live turn has one, every deal ends.'),
    ('KP-44', 'Players and cards',
     'Bad input is refused with one line naming the token and the rule, and changes nothing.'),
    ('KP-45', 'Buying cards',
     "docs/rulings.md says, word for word, what each King's Pot ruling in code says, and its max-buy table and label picture match the code."),
)


class Deal:
    """A deal being played for a drill: setup, moves so far (notation), state."""

    def __init__(self, ctx: Ctx, players: int, **setup: Any):
        self.ctx = ctx
        self.setup = {"players": list(NAMES[:players]), **setup}
        if "deck" not in self.setup:
            self.setup["seed"] = ctx.rng.randrange(10**6)
        opts = {"options": dict(ctx.options)} if ctx.options else {}
        self.state: KingsPotState = start(ctx.variant, {**self.setup, **opts})
        self.moves: list[str] = []

    def do(self, *moves: str) -> "Deal":
        for text in moves:
            action = self.state.parse_action(text)
            self.state = self.state.apply(action)
            self.moves.append(str(action))
        return self

    def phase(self) -> str:
        return self.state.phase.name

    def buy_all(self, most: int = 3) -> "Deal":
        """Everyone buys one to ``most`` cards (within the table's limit)."""
        while self.phase() == "BUY":
            top = min(most, self.state.max_buy)
            self.do(f"buy {self.ctx.rng.randint(1, max(1, top))}")
        return self

    def to(self, phase: str, reveals: int = 0) -> "Deal":
        """Play on (reveals, everyone checks) until ``phase`` after ``reveals`` reveals."""
        seen = 0
        for _ in range(400):
            ph = self.phase()
            if ph == phase and seen >= reveals:
                return self
            if ph == "BUY":
                self.buy_all()
            elif ph == "REVEAL":
                self.do(str(self.state.legal_actions()[0]))
                seen += 1
            elif ph == "BET":
                self.do("check" if any(str(a) == "check" for a in self.state.legal_actions()) else "call")
            else:
                return self
        return self

    def position(self):
        return self.ctx.position(self.setup, tuple(self.moves))

    def name(self, seat: int) -> str:
        return self.state.names[seat]


def describe_deal(d: Deal) -> str:
    st = d.state
    shown = sorted(st.face_up)
    cells = ", ".join(f"row {row_col(c)[0] + 1} column {row_col(c)[1] + 1}: {st.table.tableau[c].label}" for c in shown)
    parts = [f"{len(st.seats)} players ({', '.join(st.names)})."]
    parts.append(f"Face-up cells: {cells}." if shown else "No cell of the square is face up yet.")
    if st.mover is not None and st.seats[st.mover].live:
        me = st.seats[st.mover]
        parts.append(f"{st.names[st.mover]} holds {', '.join(c.label for c in me.live)}.")
    parts.append(f"The betting pot holds {st.pot} chips, the King's pot {st.kings_pot}.")
    return " ".join(parts)


def which(d: Deal, *, also: Sequence[str] = (), ask: str = "") -> Parts:
    st = d.state
    extra = list({str(a): a for a in (st.parse_action(m) for m in also)}.values())
    named = {str(a) for a in extra}
    moves = [a for a in st.candidate_actions() if str(a) not in named]
    room = max(3, 9 - len(extra))
    if len(moves) > room:
        moves = [moves[i] for i in sorted(d.ctx.rng.sample(range(len(moves)), room))]
    moves += extra
    choices, probe = move_choices(st, moves)
    name = st.names[st.mover]
    q = f"{describe_deal(d)} {ask or f'It is {name}’s turn. Which of these may {name} do?'} Pick every one that is allowed."
    return Parts("moves", q, choices, d.position(), probe, several=True)


def what(d: Deal, moves: Sequence[str], measure: str, ask: str, choices: Sequence[Choice]) -> Parts:
    st = d.state
    did = ""
    if moves and st.mover is not None:
        action = st.parse_action(moves[0])
        if measure == "paid":  # the question is the price: say the move without it
            count = getattr(action, "count", None)
            words = f"buy {count} card{'s' if count != 1 else ''}" if moves[0].startswith("buy") else moves[0].split(" ")[0]
        else:
            words = st.describe(action)
        did = f" {st.names[st.mover]} decides to {words}."
    return Parts("what", f"{describe_deal(d)}{did} {ask}", tuple(choices), d.position(), (measure, *moves))


def _num(values: Sequence[int], unit: str = "") -> tuple[Choice, ...]:
    return tuple(Choice(str(v), f"{v}{unit}") for v in sorted(set(values)))


# -- what a drill reads from the state the engine reached ------------------------------------

def _winners(b: KingsPotState, a: KingsPotState, e: tuple) -> str:
    if not a.is_over or a.outcome is None:
        return "on"
    return ", ".join(a.names[s] for s in sorted(a.outcome.winners)) or "nobody"


MEASURES: dict[str, Callable[..., Any]] = {
    "winners": _winners,
    "kings-pot": lambda b, a, e: "won" if a.outcome and a.outcome.kings_pot_won else "stays",
    "paid": lambda b, a, e: str(b.seats[b.mover].stack - a.seats[b.mover].stack),
    "live": lambda b, a, e: str(len(a.seats[b.mover].live)),
    "pot-grew": lambda b, a, e: ("kings" if a.kings_pot > b.kings_pot else "betting" if a.pot > b.pot else "none"),
    "total": lambda b, a, e: str(a.total_chips),
    "face-up": lambda b, a, e: str(len(a.face_up)),
    "cards": lambda b, a, e: str(len(a.table.deck)),
    "cells": lambda b, a, e: str(len(a.table.tableau)),
    "kings-size": lambda b, a, e: str(len(a.table.kings_hand)),
    "spare": lambda b, a, e: str(len(a.spare_left)),
    "square-hands": lambda b, a, e: str(len(a.outcome.hands) - 1) if a.outcome else "on",
}


def shown_in(hand: HandName) -> str:
    name = f"shown-{hand.key}"
    MEASURES[name] = lambda b, a, e: str(len(set(hand.cells) & set(a.face_up)))
    return name


def answer_lines(drill: Drill) -> Answer:
    cell = int(drill.probe[0])
    said = {}
    for c in drill.choices:
        on = cell in HandName(c.key).cells
        said[c.key] = Said(on, f"the {HandName(c.key).title} runs through that cell" if on
                           else f"the {HandName(c.key).title} lies elsewhere ({HandName(c.key).where})", drill.ref)
    return Answer(tuple(k for k, s in said.items() if s.right), said, drill.ref)


def answer_where(drill: Drill) -> Answer:
    hand = HandName(drill.probe[0])
    said = {c.key: Said(c.key == hand.where, f"the {hand.title} lies in the {hand.where}", drill.ref)
            for c in drill.choices}
    return Answer(tuple(k for k, s in said.items() if s.right), said, drill.ref)


def answer_backs(drill: Drill) -> Answer:
    state = drill.position.state()
    card = Card.parse(drill.probe[0])
    backed = state.hand_backed_by(card)
    said = {c.key: Said(c.key == backed.key, f"a {card.rank.word} backs the {backed.title}", drill.ref)
            for c in drill.choices}
    return Answer((backed.key,), said, drill.ref)


def answer_tableau(drill: Drill) -> Answer:
    tableau, kings, *names = drill.probe
    verdict = check_tableau(tableau, kings, options=dict(drill.options) or None)
    value = {h.name.key: h for h in verdict.hands}
    best = max(value[n].value for n in names)
    said = {}
    for n in names:
        h = value[n]
        said[n] = Said(h.value == best, f"the {HandName(n).title} makes {h.describe()}", ref("Players and cards"))
    return Answer(tuple(n for n in names if said[n].right), said, ref("Players and cards"))


def answer_winners(drill: Drill) -> Answer:
    """Who takes the betting pot: the showdown is played now and the engine's outcome read."""
    state = drill.position.state()
    tried = state.try_play(state.parse_action(drill.probe[0]))
    out = tried.state.outcome
    names = tried.state.names
    right = tuple(names[s] for s in sorted(out.winners)) if out and out.winners else ("nobody",)
    told = sentences(e.text for e in tried.events if e.kind not in ("reveal", "cell"))[-600:]
    said = {c.key: Said(c.key in right, told, tried.verdict.ref) for c in drill.choices}
    return Answer(tuple(k for k in said if said[k].right), said, tried.verdict.ref)


def winners_drill(build: Callable[[Ctx], Deal]) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        d = build(ctx)
        held = "; ".join(f"{d.name(s)}: {', '.join(c.label for c in seat.live)}"
                         for s, seat in enumerate(d.state.seats) if seat.live)
        q = (f"{describe_deal(d)} The players hold: {held}. The dealer turns every card for the showdown. "
             "Who takes the betting pot? Pick every player who gets a share.")
        choices = tuple(Choice(n, n) for n in d.state.names) + (Choice("nobody", "Nobody: no player backs the best hand"),)
        return Parts("winners", q, choices, d.position(), ("showdown",), several=True)
    return make


ASKERS = {"winners": answer_winners, "lines": answer_lines, "where": answer_where, "backs": answer_backs, "tableau": answer_tableau}


# -- generators ------------------------------------------------------------------------------

def at(phase: str, reveals: int = 0, lo: int = 3, hi: int = 6, deck: Callable[[Ctx], list[str]] | None = None,
       **setup: Any) -> Callable[[Ctx], Deal]:
    def build(ctx: Ctx) -> Deal:
        extra = {"deck": deck(ctx)} if deck else {}
        d = Deal(ctx, ctx.rng.randint(lo, hi), **setup, **extra)
        return d.to(phase, reveals)
    return build


def W(build: Callable[[Ctx], Deal], also: Callable[[Deal], Sequence[str]] = lambda d: (), ask: str = "") -> Callable[[Ctx], Parts]:
    return lambda ctx: (lambda d: which(d, also=also(d), ask=ask))(build(ctx))


def X(build: Callable[[Ctx], Deal], move: Callable[[Deal], Sequence[str]], measure: str | Callable[[Deal], str],
      ask: str, choices: Callable[[Deal], Sequence[Choice]]) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        d = build(ctx)
        m = measure(d) if callable(measure) else measure
        return what(d, tuple(move(d)), m, ask, choices(d))
    return make


def fact(measure: str, ask: str, choices: Sequence[int]) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        d = Deal(ctx, ctx.rng.randint(3, 10))
        q = f"A King's Pot deal for {len(d.state.seats)} players. {ask}"
        return Parts("what", q, _num(choices), d.position(), (measure,))
    return make


def cell_drill(cells: Sequence[int]) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        cell = ctx.rng.choice(list(cells))
        r, c = row_col(cell)
        choices = tuple(Choice(h.key, h.title) for h in LINES)
        q = (f"A card lies in row {r + 1}, column {c + 1} of the square (rows counted from the top, columns from "
             "the left). Which hands does it belong to? Pick every one.")
        from .drill import Position
        return Parts("lines", q, choices, Position(ctx.game, ctx.variant), (str(cell),), several=True)
    return make


def where_drill(ctx: Ctx) -> Parts:
    hand = ctx.rng.choice(list(HandName))
    places = sorted({h.where for h in HandName}, key=lambda w: (len(w), w))
    q = f"Where does the {hand.title} lie?"
    from .drill import Position
    return Parts("where", q, tuple(Choice(w, w[:1].upper() + w[1:]) for w in places), Position(ctx.game, ctx.variant),
                 (hand.key,))


def backs_drill(ctx: Ctx) -> Parts:
    d = Deal(ctx, ctx.rng.randint(3, 8)).to("REVEAL")
    seat = ctx.rng.randrange(len(d.state.seats))
    card = ctx.rng.choice(d.state.seats[seat].live)
    q = f"{d.name(seat)} bought the {card.label}. Which hand does that card back?"
    return Parts("backs", q, tuple(Choice(h.key, h.title) for h in HandName), d.position(), (str(card),))


def _square(ctx: Ctx, rows: dict[int, list[Card]] | None = None) -> list[Card]:
    """A shuffled pack with the given rows placed in the square (the rest in order after)."""
    rows = rows or {}
    placed = {c for cards in rows.values() for c in cards}
    rest = [c for c in ctx.rng.sample(PACK, 52) if c not in placed]
    square: list[Card] = []
    for r in range(5):
        square += rows.get(r) or [rest.pop() for _ in range(5)]
    return square + rest


def tableau_drill(rows: Callable[[Ctx], dict[int, list[Card]]] | None = None, pick: Sequence[int] = ()) -> Callable[[Ctx], Parts]:
    """Which of these hands of a square is best? (the tableau checker values them)"""
    def make(ctx: Ctx) -> Parts:
        deck = _square(ctx, rows(ctx) if rows else None)
        tableau = " ".join(map(str, deck[:25]))
        kings = " ".join(map(str, deck[25:30]))
        hands = [list(HandName)[i] for i in pick] if pick else ctx.rng.sample(list(LINES), 3)
        shown = "; ".join(f"{h.title} ({h.where}): {', '.join(deck[c].label for c in h.cells)}" for h in hands)
        q = f"The square is turned face up. {shown}. Which of these hands is best?"
        from .drill import Position
        pos = Position(ctx.game, ctx.variant, "{}", (), "tableau", (tableau, kings))
        return Parts("tableau", q, tuple(Choice(h.key, h.title) for h in hands), pos,
                     (tableau, kings, *(h.key for h in hands)), several=True)
    return make


def _wheel_rows(ctx: Ctx) -> dict[int, list[Card]]:
    pick = lambda ranks: [ctx.rng.choice([c for c in PACK if c.rank.char == r]) for r in ranks]  # noqa: E731
    wheel = pick("A2345")
    six = [ctx.rng.choice([c for c in PACK if c.rank.char == r and c not in wheel]) for r in "23456"]
    high = [ctx.rng.choice([c for c in PACK if c.rank.char == r and c not in wheel + six]) for r in "AK9QJ"]
    return {0: wheel, 1: six, 2: high}


def _showdown_deck(kind: str) -> Callable[[Ctx], list[str]]:
    """A stacked deck: ``kings``: the King's hand holds four of a kind and the first buyer a king;
    ``tie``: the first two buyers hold two cards of one rank (so they back one hand);
    ``pair``: the first buyer's first two cards share a rank."""
    def deck(ctx: Ctx) -> list[str]:
        rng = ctx.rng
        cards = list(rng.sample(PACK, 52))
        if kind == "kings":
            quad_rank = rng.choice("3456789T")
            quad = [c for c in cards if c.rank.char == quad_rank]
            king = next(c for c in cards if c.rank.char == "K" and c not in quad)
            rest = [c for c in cards if c not in quad and c is not king]
            order = rest[:25] + quad + rest[25:26] + [king] + rest[26:]
        else:
            rank = rng.choice("23456789TJQ")
            two = [c for c in cards if c.rank.char == rank][:2]
            rest = [c for c in cards if c not in two]
            order = rest[:30] + two + rest[30:]
        return [str(c) for c in order]
    return deck


def _seat_after_dealer(d: Deal) -> int:
    return d.state.mover if d.state.mover is not None else 1


def sees_after(phase: str) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        d = Deal(ctx, ctx.rng.randint(3, 5), deck=_showdown_deck("pair")(ctx)).to("BET", 1)
        # the player who bought a pair folds one of them, so a folded card lies face down
        while d.phase() == "BET" and len(d.state.seats[d.state.mover].live) < 2:
            d.do("check")
        if d.phase() == "BET":
            d.do(f"fold {d.state.seats[d.state.mover].live[-1]}")
        folder = next((s for s, seat in enumerate(d.state.seats) if seat.folded), None)
        seat = d.state.mover if d.state.mover is not None else 0
        if folder == seat:
            seat = (seat + 1) % len(d.state.seats)
        other = folder if folder is not None else (seat + 1) % len(d.state.seats)
        # the other player folds one card (when holding two or more) so a folded card exists
        cards = [(d.state.seats[seat].live[0], f"{d.name(seat)}'s own card"),
                 (d.state.seats[other].live[0], f"{d.name(other)}'s card")]
        cards += [(c, f"a card {d.name(other)} folded") for c in d.state.seats[other].folded[:1]]
        shown = sorted(d.state.face_up)[:1]
        cards += [(d.state.table.tableau[c], "a face-up cell of the square") for c in shown]
        hidden = [c for c in range(25) if c not in d.state.face_up][:1]
        cell = "a cell of the square, face down before the showdown" if phase == "SHOWDOWN" else \
            "a face-down cell of the square"
        cards += [(d.state.table.tableau[c], cell) for c in hidden]
        if phase == "SHOWDOWN":
            d.to("SHOWDOWN", 3)
            d.do("showdown")
        return sees_drill(ctx, d.position(), seat, d.name(seat), cards, lead=describe_deal(d))
    return make


def _tie_or_king(d: Deal) -> Sequence[Choice]:
    return tuple(Choice(n, f"{n} takes it") for n in d.state.names) + (
        Choice(", ".join(d.state.names[:2]), f"{d.state.names[0]} and {d.state.names[1]} share it"),
        Choice("nobody", "Nobody: no player backs the best hand"))


def makers() -> dict[str, Any]:
    showdown_pos = at("SHOWDOWN", 3)
    return {
        "KP-1": winners_drill(showdown_pos),
        "KP-2": lambda ctx: seats_drill(ctx, ctx.rng.choice((1, 2, 3, 4, 9, 15, 22, 23, 25)), NAMES + ("Yan", "Zed"),
                                        "players", "King's Pot"),
        "KP-3": fact("cards", "How many cards does the pack hold?", (48, 52, 54, 104)),
        "KP-4": tableau_drill(),
        "KP-5": tableau_drill(),
        "KP-6": tableau_drill(_wheel_rows, pick=(0, 1, 2)),
        "KP-7": fact("cells", "How many cards does the dealer lay out in the square?", (9, 16, 20, 25, 30)),
        "KP-8": X(showdown_pos, lambda d: ("showdown",), "square-hands",
                  "How many hands does the square make (the King's hand aside)?", lambda d: _num((5, 10, 12, 13))),
        "KP-9": cell_drill(range(25)),
        "KP-10": cell_drill(range(25)),
        "KP-11": cell_drill([r * 5 + r for r in range(5)]),
        "KP-12": cell_drill([(4 - i) * 5 + i for i in range(5)]),
        "KP-13": fact("kings-size", "How many cards make the King's hand?", (3, 4, 5, 6)),
        "KP-14": where_drill,
        "KP-15": fact("spare", "How many cards are left for the players once the square and the King's hand are out?",
                      (17, 20, 22, 27)),
        "KP-16": lambda ctx: seats_drill(ctx, ctx.rng.choice((20, 21, 22, 23, 24)), NAMES, "players", "King's Pot"),
        "KP-17": (W(at("BUY", lo=3, hi=22), also=lambda d: [f"buy {k}" for k in range(1, 9)],
                    ask="How many cards may this player buy?"), {"max-buy": "1"}),
        "KP-18": W(at("BUY", lo=5, hi=5), also=lambda d: [f"buy {k}" for k in range(1, 8)],
                   ask="How many cards may this player buy?"),
        "KP-19": W(at("BUY", lo=11, hi=11), also=lambda d: [f"buy {k}" for k in range(1, 5)],
                   ask="How many cards may this player buy?"),
        "KP-20": X(at("BUY"), lambda d: ("buy 2",), "pot-grew", "Where do the chips go?",
                   lambda d: (Choice("kings", "Into the King's pot"), Choice("betting", "Into the betting pot"),
                              Choice("none", "Nowhere: buying is free"))),
        "KP-21": (X(at("BUY"), lambda d: (f"buy {d.ctx.rng.randint(1, min(3, d.state.max_buy))}",), "paid",
                    "How many chips does that cost?", lambda d: _num(range(0, 9))), {"ante": "2"}),
        "KP-22": X(at("BUY"), lambda d: (f"buy {d.ctx.rng.randint(1, min(3, d.state.max_buy))}",), "live",
                   "How many cards is that player handed?", lambda d: _num(range(0, 7))),
        "KP-23": backs_drill,
        "KP-24": X(at("REVEAL"), lambda d: ("reveal 1",), lambda d: shown_in(d.ctx.rng.choice(list(LINES))),
                   "After the reveal, how many cards of a given tableau hand show? (any hand)", lambda d: _num(range(0, 4))),
        "KP-25": X(at("REVEAL", 1), lambda d: (str(d.state.legal_actions()[0]),),
                   lambda d: shown_in(d.ctx.rng.choice(list(LINES))),
                   "After this reveal, how many cards of any one tableau hand show?", lambda d: _num(range(0, 5))),
        "KP-26": W(at("BET", 1), also=lambda d: ["showdown", "buy 1"]),
        "KP-27": X(at("BET", 1), lambda d: (next(str(a) for a in d.state.legal_actions() if str(a).startswith("bet")),),
                   "pot-grew", "Where do those chips go?",
                   lambda d: (Choice("kings", "Into the King's pot"), Choice("betting", "Into the betting pot"))),
        "KP-28": X(lambda ctx: _facing(ctx), lambda d: ("call",), "paid", "How many chips does the call cost?",
                   lambda d: _num(range(1, 16))),
        "KP-29": W(at("BET", 1, deck=_showdown_deck("pair"))),
        "KP-30": X(at("REVEAL", 1), lambda d: (str(d.state.legal_actions()[0]),),
                   lambda d: shown_in(d.ctx.rng.choice(list(LINES))),
                   "After the second reveal, how many cards of any one tableau hand show?", lambda d: _num(range(0, 5))),
        "KP-31": X(at("REVEAL", 2), lambda d: (str(d.state.legal_actions()[0]),),
                   lambda d: shown_in(d.ctx.rng.choice(list(LINES))),
                   "After the third reveal, how many cards of any one tableau hand show?", lambda d: _num(range(0, 6))),
        "KP-32": X(showdown_pos, lambda d: ("showdown",), "face-up", "How many cells of the square are face up now?",
                   lambda d: _num((12, 15, 20, 25))),
        "KP-33": sees_after("SHOWDOWN"),
        "KP-34": winners_drill(showdown_pos),
        "KP-35": winners_drill(at("SHOWDOWN", 3, deck=_showdown_deck("kings"))),
        "KP-36": winners_drill(at("SHOWDOWN", 3, deck=_showdown_deck("tie"))),
        "KP-37": X(at("SHOWDOWN", 3, deck=_showdown_deck("kings")), lambda d: ("showdown",), "kings-pot",
                   "What becomes of the King's pot?", _kings_pot_choices),
        "KP-38": X(showdown_pos, lambda d: ("showdown",), "kings-pot", "What becomes of the King's pot?",
                   _kings_pot_choices),
        "KP-39": W(at("BET", 1, deck=_showdown_deck("pair"))),
        "KP-40": sees_after("BET"),
        "KP-41": "a promise of the software (what each seat's event text may name), not a rule players decide",
        "KP-42": "a promise of the software (events name the players), not a rule players decide",
        "KP-43": X(lambda ctx: _facing(ctx), lambda d: ("call",), "total",
                   "How many chips are there in all, players' stacks and both pots together?",
                   lambda d: _num(_dealt_chips(d) + k for k in (-10, -1, 0, 5))),
        "KP-44": "a promise of the software (bad input refused with one line), not a rule players decide",
        "KP-45": "a promise of the documentation (the rulings' words), not a rule players decide",
    }


def _dealt_chips(d: Deal) -> int:
    """The chips the table sat down with: every stack and the King's pot carried in."""
    return sum(d.state.table.stacks) + d.state.table.kings_pot


def _kings_pot_choices(d: Deal) -> Sequence[Choice]:
    return (Choice("won", "It is won with the best hand"), Choice("stays", "It stays on the table for the next deal"))


def _facing(ctx: Ctx) -> Deal:
    """Someone has bet and the player to act faces it."""
    d = Deal(ctx, ctx.rng.randint(3, 6)).to("BET", 1)
    bets = [str(a) for a in d.state.legal_actions() if str(a).startswith("bet")]
    d.do(ctx.rng.choice(bets))
    return d


CLAUSES: tuple[Clause, ...] = clauses_from_rows("kings-pot", "standard", ref, ROWS, makers())
