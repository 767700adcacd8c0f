"""Computer players for King's Pot, under any rule config (``view.rules``; the table's
amounts are ``view.stakes``).

A card's rank names the hand its holder backs (a line of the tableau, or the
King's hand). What a card is worth is the chance that its hand is the best hand
anyone backs at the showdown: the players estimate it by dealing the cards they
cannot see at random, consistently with their view (the same deals as
``view.determinize``), and judging each deal as the showdown would, everyone's
live cards included.

* **beginner**: buys a few cards, mostly checks and calls, bets now and then.
* **standard**: buys half the most it may; gives up a second card of a rank it
  already holds (it backs the same hand); calls when its chance pays for the
  call (pot odds), bets or raises one unit a card when it holds more than a fair
  share of the chances, folds otherwise.
* **strong**: counts in chips, per card held. A card is worth what its hand adds
  to the seat's share of the pot (and of the King's pot) and costs its part of
  every bet still to come: from the first reveal on, the strong player folds the
  cards that do not pay for themselves. Then it weighs checking, calling, every
  bet or raise size and folding by the chips each is expected to bring, over the
  same deals of the unseen cards: a bet is paid by every card the others hold, and
  each of them is expected to call when the pot pays for what its cards look worth
  (a player who plays by its chances) or nearly always (a player who calls
  anything), as its own checks, calls and bets this deal suggest.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.cards import ALL_CARDS, Card
from rules.kings_pot import Action
from rules.kings_pot import (FOLD, LINES, Bet, Buy, Call, Check, Fold, FoldCard, HandName, KingsPotState, KingsPotView,
                             Raise, ref)
from rules.poker import evaluate_indices

from .base import Decision, Player, register

GAME = "kings-pot"


def _one(legal: tuple[Action, ...], kind: type[Action]) -> Action | None:
    return next((a for a in legal if type(a) is kind), None)


def _me(view: KingsPotView) -> Any:
    """The deciding seat's own place at the table (a player decides from a seat's view; its
    type, the view's SeatView, is not on the game's public face)."""
    assert view.seat is not None
    return view.players[view.seat]


# -- deals of the cards a seat cannot see ------------------------------------------

_HANDS = tuple(HandName)                                   # the Ace's hand ... the Queen's, the King's
_KING = _HANDS.index(HandName.KING)
_LINE_CELLS = tuple(LINES[h] for h in _HANDS if h is not HandName.KING)
_HAND_OF_CARD = tuple(_HANDS.index(HandName.for_rank(c.rank)) for c in ALL_CARDS)  # by card index


class _Deals:
    """Deals of the cards a seat cannot see, as the showdown needs them: the face-down
    cells, the King's hand and the other players' live cards, drawn at random from the
    unseen cards (the deals ``view.determinize`` makes, without building whole states)."""

    def __init__(self, view: Any, shown: frozenset[int] | None = None):
        """``shown``: the cells face up at an earlier point of the deal (default: now); the
        cards turned since then are dealt at random too."""
        shown = view.face_up if shown is None else shown
        self.cells = [None if c is None or i not in shown else c.index for i, c in enumerate(view.tableau)]
        self.hidden = [i for i, c in enumerate(self.cells) if c is None]
        self.pool = [c.index for c in view.unseen()] + [c.index for i, c in enumerate(view.tableau)
                                                         if c is not None and i not in shown]
        self.seats = [s for s, p in enumerate(view.players) if s != view.seat and p.in_deal and p.card_count]
        self.counts = [view.players[s].card_count for s in self.seats]
        self.need = len(self.hidden) + 5 + sum(self.counts)

    def deal(self, rng: random.Random) -> tuple[list[int], list[set[int]]]:
        """(the value of each of the 13 hands, the hands each other player backs, in the
        order of ``self.seats``)."""
        drawn = rng.sample(self.pool, self.need)
        cells = self.cells[:]
        for k, cell in enumerate(self.hidden):
            cells[cell] = drawn[k]
        k = len(self.hidden) + 5
        dealt: list[int] = cells  # type: ignore[assignment]  # every hidden cell is filled now
        values = [evaluate_indices([dealt[c] for c in line]) for line in _LINE_CELLS]
        values.append(evaluate_indices(drawn[k - 5:k]))
        backed = []
        for count in self.counts:
            backed.append({_HAND_OF_CARD[i] for i in drawn[k:k + count]})
            k += count
        return values, backed


def _their_best(values: list[int], backed: list[set[int]]) -> tuple[int, int]:
    """(the best value the other seats back, how many of them back a hand of that value)."""
    best, seats = -1, 0
    for hands in backed:
        value = max(values[h] for h in hands)
        if value > best:
            best, seats = value, 1
        elif value == best:
            seats += 1
    return best, seats


def _share_at(value: int, theirs: tuple[int, int]) -> float:
    """The seat's share of a pot when its best backed hand has ``value``."""
    best, seats = theirs
    if value > best:
        return 1.0
    return 1.0 / (1 + seats) if value == best else 0.0


def chances(view: Any, samples: int, rng: random.Random) -> tuple[float, dict[HandName, float]]:
    """(the seat's expected share of the pot, each hand it backs: the chance it wins) over
    ``samples`` deals of the unseen cards, everyone's live cards staying in."""
    mine = {_HAND_OF_CARD[c.index] for c in _me(view).cards}
    share = 0.0
    wins = dict.fromkeys(mine, 0.0)
    deals = _Deals(view)
    for _ in range(samples):
        values, backed = deals.deal(rng)
        theirs = _their_best(values, backed)
        top = max(values[h] for h in mine)
        share += _share_at(top, theirs)
        if top >= theirs[0]:
            for h in mine:
                if values[h] == top:
                    wins[h] += 1
    return share / samples, {_HANDS[h]: w / samples for h, w in wins.items()}


def _duplicate(view: KingsPotView, legal: tuple[Action, ...]) -> Action | None:
    """A fold of a second card of a rank the seat already holds (it backs the same hand)."""
    seen = set()
    for c in _me(view).cards:
        if c.rank in seen:
            fold = next((a for a in legal if type(a) is FoldCard and a.card == c), None)
            if fold is not None:
                return fold
        seen.add(c.rank)
    return None


class _KingsPotPlayer(Player):
    game = GAME
    samples = 0

    def choose(self, view: Any, rng: random.Random) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            return self._words(view, legal[0], "only")
        buys = [a for a in legal if type(a) is Buy]
        if buys:
            return self._buy(view, buys, rng)
        return self._bet(view, legal, rng)

    def _buy(self, view: KingsPotView, buys: list[Buy], rng: random.Random) -> Decision:
        want = max(1, (max(b.count for b in buys) + 1) // 2)
        action = min(buys, key=lambda b: abs(b.count - want))
        return self._words(view, action, "buy")

    def _bet(self, view: KingsPotView, legal: tuple[Action, ...], rng: random.Random) -> Decision:  # pragma: no cover
        raise NotImplementedError

    def _owed(self, view: KingsPotView) -> int:
        me = _me(view)
        return int(max(0, view.level - me.paid) * me.card_count)

    def _by_chances(self, view: KingsPotView, legal: tuple[Action, ...], rng: random.Random,
                    fold_weak: bool) -> Decision:
        if (fold := _duplicate(view, legal)) is not None:
            return self._words(view, fold, "duplicate")
        share, wins = chances(view, self.samples, rng)
        me = _me(view)
        owed = self._owed(view)
        pot = view.pot
        in_deal = sum(p.in_deal for p in view.players)
        if fold_weak and me.card_count > 1:
            weakest = min(me.cards, key=lambda c: (wins.get(HandName.for_rank(c.rank), 0.0), c.index))
            chance = wins.get(HandName.for_rank(weakest.rank), 0.0)
            fold = next((a for a in legal if type(a) is FoldCard and a.card == weakest), None)
            if fold is not None and chance == 0.0 and view.reveals >= 2:  # no deal of the unseen cards wins
                return self._words(view, fold, "weak-card", chance=chance, hand=HandName.for_rank(weakest.rank))
        fair = 1 / max(1, in_deal)
        check, call = _one(legal, Check), _one(legal, Call)
        ups = [a for a in legal if isinstance(a, (Bet, Raise))]
        if ups and share > 1.3 * fair:
            size = 1 if not fold_weak else max(1, min(len(ups), round((share - fair) * 10)))
            up = min(ups, key=lambda a: abs(a.per_card - size))
            return self._words(view, up, "strong-hand", share=share)
        if check is not None:
            return self._words(view, check, "check", share=share)
        if call is not None and share * (pot + owed) >= owed:
            return self._words(view, call, "call", share=share, owed=owed, pot=pot)
        return self._words(view, _one(legal, Fold) or legal[0], "fold", share=share, owed=owed, pot=pot)

    def _words(self, view: KingsPotView, action: Action, why: str, **facts: Any) -> Decision:
        if not self.words:
            return Decision(action)
        state = view.determinize(random.Random(0))  # the seat's own position, for describe() only
        what = state.describe(action)
        text, section = _REASONS[why](what, _Facts(**facts)) if why in _REASONS else (what, None)
        reference = ref(section) if section else None
        return Decision(action, text[0].upper() + text[1:] + ".", reference)


@dataclass(frozen=True)
class _Facts:
    """What a reason may quote, all read from the seat's view and its deals of the unseen cards."""

    share: float = 0.0      # the seat's expected share of the betting pot
    chance: float = 0.0     # how often one hand is the best backed hand
    hand: HandName | None = None
    owed: int = 0
    pot: int = 0
    worth: float = 0.0      # chips expected back
    cost: float = 0.0       # chips expected to pay
    part: float = 0.0       # the seat's part of the cards in play
    kings_pot: int = 0


_DEALS = "over the deals of the cards you cannot see"


def _title(hand: HandName | None) -> str:
    assert hand is not None  # the reasons that name a hand are given one
    return hand.title


def _with_kings(f: _Facts) -> str:
    return f" (and the King's pot of {f.kings_pot} when the King's hand beats every line)" if f.kings_pot else ""


_REASONS: dict[str, Callable[[str, _Facts], tuple[str, str | None]]] = {
    "buy": lambda what, f: (f"{what}: each card backs one hand, and more cards cost more in every bet",
                            "Buying cards"),
    "buy-choice": lambda what, f: (
        f"{what}: each card backs one hand; after the first reveal you keep the hands that pay "
        "for their bets and fold the others before they cost more than their ante", "Buying cards"),
    "duplicate": lambda what, f: (f"{what}: another card of that rank already backs the same hand",
                                  "Cards of equal rank"),
    "weak-card": lambda what, f: (
        f"{what}: the {_title(f.hand)} wins only {f.chance:.0%} of the deals of the cards you cannot see, "
        "so it only costs you in every bet", "Backing a hand"),
    "costly-card": lambda what, f: (
        f"{what}: the {_title(f.hand)} is the best backed hand in only {f.chance:.0%} of the deals of the "
        f"cards you cannot see, worth about {f.worth:.1f} chips to you against about {f.cost:.1f} it "
        "would cost in bets", "Backing a hand"),
    "strong-hand": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot {_DEALS}, more than your share", "Showdown"),
    "edge": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot {_DEALS} while your cards are {f.part:.0%} "
        f"of the cards in play, and every card pays each bet; counting who is likely to call, this "
        f"brings you about {f.worth:+.1f} chips, more than any other choice", "Showdown"),
    "check": lambda what, f: (f"{what}: staying in costs nothing (your share: {f.share:.0%})", "Showdown"),
    "check-better": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot {_DEALS}, and a bet would bring you no more "
        "than staying in for free (the others would fold what you beat or call with what beats you)",
        "Showdown"),
    "call": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot {_DEALS}, worth the {f.owed} it costs",
        "Showdown"),
    "call-kings": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot of {f.pot + f.owed} {_DEALS}"
        f"{_with_kings(f)}, about {f.worth:.1f} chips for the {f.owed} it costs", "Showdown"),
    "fold": lambda what, f: (
        f"{what}: your hands take only {f.share:.0%} of the pot {_DEALS}, not worth the {f.owed} it costs",
        "Showdown"),
    "fold-kings": lambda what, f: (
        f"{what}: your hands take only {f.share:.0%} of the pot of {f.pot + f.owed} {_DEALS}"
        f"{_with_kings(f)}, about {f.worth:.1f} chips, not worth the {f.owed} it costs", "Showdown"),
    "random": lambda what, f: (f"{what}: any legal play will do for a first game", None),
}


LOOSE_UP, LOOSE_STAY = 0.15, 0.9
"""The beginner's habits: it bets or raises this often when it may, and checks or calls (when
it does not bet) up to this often; the strong player reads loose callers by the same numbers."""


@register
class BeginnerKingsPot(_KingsPotPlayer):
    level = "beginner"

    def _buy(self, view: KingsPotView, buys: list[Buy], rng: random.Random) -> Decision:
        return self._words(view, buys[int(rng.random() * min(3, len(buys)))], "random")

    def _bet(self, view: KingsPotView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        roll = rng.random()
        ups = [a for a in legal if type(a) in (Bet, Raise)]
        if ups and roll < LOOSE_UP:
            return self._words(view, ups[0], "random")
        if roll < LOOSE_STAY:
            for kind in (Check, Call):
                if (a := _one(legal, kind)) is not None:
                    return self._words(view, a, "random")
        return self._words(view, _one(legal, Fold) or legal[0], "random")


@register
class StandardKingsPot(_KingsPotPlayer):
    level = "standard"
    samples = 80

    def _bet(self, view: KingsPotView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        return self._by_chances(view, legal, rng, fold_weak=False)


# -- the strong player: chips per card, and what the others' moves say ---------------

@dataclass
class Odds:
    """What the seat's live cards are worth over deals of the unseen cards: its expected
    share of the betting pot and of the King's pot, per card the part of each share it would
    give up by folding that card, and per deal what the planner of bets needs."""

    share: float = 0.0
    kings: float = 0.0
    card_share: dict[Card, float] = field(default_factory=dict)
    card_kings: dict[Card, float] = field(default_factory=dict)
    alone: dict[Card, float] = field(default_factory=dict)   # per card: how often its hand is the best backed
    seats: list[int] = field(default_factory=list)   # the other players still in, in the deals' order
    chance: list[float] = field(default_factory=list)  # per hand: how often it is the best backed hand, if backed
    deals: list["_Dealt"] = field(default_factory=list)   # per deal: a _Dealt


@dataclass
class _Dealt:
    """One deal of the unseen cards, for the planner of bets."""

    by_stay: list[float]      # the seat's share of the pot for each set of others staying in (bit k)
    kings: bool               # the King's pot goes to this deal's winners
    backed: list[set[int]]    # the hands each other player backs
    looks: list[float] = field(default_factory=list)  # the share each other player's cards look worth


def _king_takes(values: list[int], best_backed: int, rule: str) -> bool:
    """Does the King's pot go to this deal's winners (ruling kings-pot-kings-hand-wins)?"""
    king = values[_KING]
    if rule == "best-backed-hand":
        return king == best_backed and values.count(king) == 1
    return all(v < king for v in values[:_KING])


LOOKS = (0.76, 0.06)
"""How the share of the pot another player's cards look worth to it follows from the chances
of the hands they back (summed): fitted on the standard player's own estimates."""


def odds(view: Any, samples: int, rng: random.Random) -> Odds:
    """The seat's :class:`Odds` over ``samples`` deals of the unseen cards, everyone's live
    cards judged as at the showdown."""
    live = _me(view).cards
    first: dict[int, Card] = {}  # one card per hand: a second card of a rank adds nothing
    for c in live:
        first.setdefault(_HAND_OF_CARD[c.index], c)
    out = Odds(card_share=dict.fromkeys(live, 0.0), card_kings=dict.fromkeys(live, 0.0),
               alone=dict.fromkeys(live, 0.0))
    deals = _Deals(view)
    out.seats = deals.seats
    tally = [0.0] * len(_HANDS)
    for _ in range(samples):
        values, backed = deals.deal(rng)
        _hand_chances(values, set(first).union(*backed), tally)
        out.deals.append(_add_deal(out, first, values, backed, view.rules.kings_pot_win))
    out.chance = [t / samples for t in tally]
    for dealt in out.deals:
        dealt.looks = [LOOKS[0] * sum(out.chance[h] for h in hands) + LOOKS[1] for hands in dealt.backed]
    for table in (out.card_share, out.card_kings, out.alone):
        for c in table:
            table[c] /= samples
    out.share /= samples
    out.kings /= samples
    return out


def _add_deal(out: Odds, first: dict[int, Card], values: list[int], backed: list[set[int]], rule: str) -> _Dealt:
    """Count one deal into ``out``: what the seat's best hand wins, and what its best card adds
    over its second best."""
    theirs = _their_best(values, backed)
    mine = sorted(first, key=values.__getitem__, reverse=True)
    top = _share_at(values[mine[0]], theirs)
    runner_up = _share_at(values[mine[1]], theirs) if len(mine) > 1 else 0.0
    kings = _king_takes(values, max(values[mine[0]], theirs[0]), rule)
    out.share += top
    out.kings += top * kings
    best_card = first[mine[0]]
    out.card_share[best_card] += top - runner_up
    out.card_kings[best_card] += (top - runner_up) * kings
    out.alone[best_card] += top > 0
    return _Dealt(_by_who_stays(values[mine[0]], values, backed), kings, backed)


def _hand_chances(values: list[int], backed: set[int], tally: list[float]) -> None:
    """Add to ``tally`` (per hand) whether each hand would be the best backed hand if backed."""
    ordered = sorted((values[h] for h in backed), reverse=True)
    best = ordered[0]
    second = ordered[1] if len(ordered) > 1 else -1
    alone = ordered.count(best) == 1
    for h in range(len(values)):
        bar = second if alone and values[h] == best and h in backed else best
        tally[h] += values[h] >= bar


def _by_who_stays(mine: int, values: list[int], backed: list[set[int]]) -> list[float]:
    """The seat's share of the pot for each set of other players staying in (bit k: the k-th)."""
    bests = [max(values[h] for h in hands) for hands in backed]
    out = []
    for stay in range(1 << len(bests)):
        theirs = [b for k, b in enumerate(bests) if stay >> k & 1]
        top = max(theirs, default=-1)
        out.append(1.0 if mine > top else 1.0 / (1 + theirs.count(top)) if mine == top else 0.0)
    return out


@dataclass(frozen=True)
class _Move:
    """A betting move another player made this deal, and what it says of their cards: a
    player who plays by its chances bets or raises with a good share of the pot (``bar_up``),
    checks or calls without one, and calls when the pot pays for it (``bar_call``)."""

    seat: int
    reveals: int
    kind: str            # "up", "check" or "call"
    bar_up: float
    bar_call: float
    could_raise: bool


def _their_moves(view: Any) -> list[_Move]:
    """The other players' bets, raises, checks and calls this deal, replayed from the deal's
    public history (a deal of the unseen cards keeps it; only folded cards are redealt)."""
    deal = view.determinize(random.Random(0))
    state = KingsPotState.new(deal.rules, deal.table)
    kinds = {Bet: "up", Raise: "up", Check: "check", Call: "call"}
    moves = []
    for action in deal.history:
        seat = state.to_act
        if seat is not None and seat != view.seat and type(action) in kinds:
            in_deal = sum(s.in_deal for s in state.seats)
            owed = state.due(seat)
            ups = any(type(a) in (Bet, Raise) for a in state.legal_actions())
            moves.append(_Move(seat, state.reveals, kinds[type(action)], 1.3 / in_deal,
                               owed / (state.pot + owed) if owed else 0.0, ups))
        state = state.apply(action)
    return moves


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _likely_by_chances(move: _Move, look: float, blur: float) -> float:
    """How likely ``move`` is from a player who plays by its chances and whose share of the
    pot looks like ``look``."""
    up = _sigmoid((look - move.bar_up) / blur) if move.could_raise else 0.0
    if move.kind == "up":
        return up
    if move.kind == "check":
        return 1.0 - up
    return (1.0 - up) * _sigmoid((look - move.bar_call) / blur)


def _at_random(move: _Move) -> float:
    """How likely ``move`` is from a player who bets now and then and mostly checks or calls."""
    if move.kind == "up":
        return LOOSE_UP
    return LOOSE_STAY - LOOSE_UP if move.could_raise else LOOSE_STAY


def _public_chances(view: Any, reveals: int, samples: int, rng: random.Random) -> list[float]:
    """Per hand: how often it would be the best backed hand, as it looked after ``reveals``."""
    deals = _Deals(view, view.rules.reveal.shown_after(reveals))
    mine = {_HAND_OF_CARD[c.index] for c in _me(view).cards}
    tally = [0.0] * len(_HANDS)
    for _ in range(samples):
        values, backed = deals.deal(rng)
        _hand_chances(values, mine.union(*backed), tally)
    return [t / samples for t in tally]


def _reads(view: Any, o: Odds, samples: int, blur: float, rng: random.Random,
           floor: float = 0.05) -> dict[int, float]:
    """Per other player with moves this deal: how likely it plays by its chances (rather than
    checking and calling whatever it holds), from those moves."""
    moves = _their_moves(view)
    chance = {view.reveals: o.chance}
    for r in sorted({m.reveals for m in moves} - {view.reveals}):
        chance[r] = _public_chances(view, r, samples, rng)
    out = {}
    for k, seat in enumerate(o.seats):
        theirs = [m for m in moves if m.seat == seat]
        if not theirs:
            continue
        by_chances = 0.0
        for dealt in o.deals:
            p = 1.0
            for m in theirs:
                look = LOOKS[0] * sum(chance[m.reveals][h] for h in dealt.backed[k]) + LOOKS[1]
                p *= floor + (1 - floor) * _likely_by_chances(m, look, blur)
            by_chances += p
        by_chances /= len(o.deals)
        at_random = math.prod(_at_random(m) for m in theirs)
        out[seat] = by_chances / (by_chances + at_random)
    return out


@register
class StrongKingsPot(_KingsPotPlayer):
    """Weighs every card in chips, folds the cards that do not pay for their bets, and picks
    the check, call, bet, raise or fold expected to bring the most chips, reading the other
    players' moves."""

    level = "strong"
    samples = 300
    buy_count = 4          # cards bought: enough hands to choose from after the first reveal
    future_bet = 1.5       # chips a card each later betting round is expected to cost
    keep_margin = 1.0      # a card is kept when its worth is at least this times its cost
    blur = 0.1             # how sharply a player who plays by its chances follows them
    prior = 0.3            # before its first move: the chance a player plays by its chances
    stays = 0.9            # how often a player who does not stays in for a bet

    def _buy(self, view: KingsPotView, buys: list[Buy], rng: random.Random) -> Decision:
        action = min(buys, key=lambda b: abs(b.count - self.buy_count))
        return self._words(view, action, "buy-choice")

    def _bet(self, view: KingsPotView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        if (fold := _duplicate(view, legal)) is not None:
            return self._words(view, fold, "duplicate")
        o = odds(view, self.samples, rng)
        if _me(view).card_count > 1 and (costly := self._costly_card(view, legal, o)) is not None:
            return costly
        return self._stake(view, legal, o, _reads(view, o, self.samples // 3, self.blur, rng))

    def _weigh(self, view: KingsPotView, played: Any, rng: random.Random,
                effort: float) -> dict[Any, float]:
        """Chips each check, call, bet or raise is expected to bring over folding now (a fold: 0),
        as :meth:`_stake` weighs them (over fewer deals at a lower ``effort``); a buy or the fold of
        one card is not weighed."""
        legal = view.legal_actions()
        options = [a for a in legal if type(a) in (Check, Call, Bet, Raise)]
        if not options:
            return {}
        samples = max(60, int(self.samples * effort))
        o = odds(view, samples, rng)
        reads = _reads(view, o, samples // 3, self.blur, rng)
        worth: dict[Action, float] = {a: self._expect(view, a, o, reads) for a in options}
        fold = _one(legal, Fold)
        if fold is not None:
            worth[fold] = 0.0
        return worth

    def _costly_card(self, view: KingsPotView, legal: tuple[Action, ...], o: Odds) -> Decision | None:
        """A fold of the card worth least, when its hand's part of both pots does not pay for
        its part of what is due now and of the later rounds' bets."""
        rounds_after = 3 - view.reveals
        cards = sum(p.card_count for p in view.players if p.in_deal)
        due = sum(max(0, view.level - p.paid) * p.card_count for p in view.players if p.in_deal)
        pot = view.pot + due + self.future_bet * rounds_after * cards  # the pot at the showdown
        cost = max(0, view.level - _me(view).paid) + self.future_bet * rounds_after
        worth = {c: o.card_share[c] * pot + o.card_kings[c] * view.kings_pot for c in o.card_share}
        weakest = min(worth, key=lambda c: (worth[c], c.index))
        fold = next((a for a in legal if type(a) is FoldCard and a.card == weakest), None)
        if fold is None or worth[weakest] >= self.keep_margin * cost:
            return None
        return self._words(view, fold, "costly-card", chance=o.alone[weakest], hand=HandName.for_rank(weakest.rank),
                           worth=worth[weakest], cost=cost)

    def _stake(self, view: KingsPotView, legal: tuple[Action, ...], o: Odds, reads: dict[int, float]) -> Decision:
        options = [a for a in legal if type(a) in (Check, Call, Bet, Raise)]
        worth = {a: self._expect(view, a, o, reads) for a in options}
        best = max(options, key=lambda a: (worth[a], type(a) in (Check, Call)), default=FOLD)
        me = _me(view)
        owed = self._owed(view)
        facts = dict(share=o.share, owed=owed, pot=view.pot, kings_pot=view.kings_pot)
        if best is FOLD or (worth[best] < 0 and _one(legal, Check) is None):
            gain = o.share * (view.pot + owed) + o.kings * view.kings_pot
            return self._words(view, _one(legal, Fold) or legal[0], "fold-kings", worth=gain, **facts)
        if type(best) in (Bet, Raise):
            part = me.card_count / sum(p.card_count for p in view.players if p.in_deal)
            return self._words(view, best, "edge", share=o.share, part=part, worth=worth[best])
        if type(best) is Check:
            return self._words(view, best, "check-better" if len(options) > 1 else "check", share=o.share)
        return self._words(view, best, "call-kings", worth=worth[best] + owed, **facts)

    def _expect(self, view: KingsPotView, action: Action, o: Odds, reads: dict[int, float]) -> float:
        """Chips the seat expects from the deal after ``action``, over folding now: each other
        player stays in when the pot pays for what its cards look worth, or nearly always
        if its moves say it does not play by its chances."""
        me = _me(view)
        level = action.per_card if type(action) is Bet else view.level + (
            action.per_card if type(action) is Raise else 0)
        add = (level - me.paid) * me.card_count
        them = [(view.players[s], reads.get(s, self.prior)) for s in o.seats]
        total = 0.0
        for dealt in o.deals:
            pot = view.pot + add
            calls = []
            for (p, by_chances), look in zip(them, dealt.looks):
                due = max(0, (level - p.paid) * p.card_count)
                if due == 0 or due > p.stack:
                    stay = 1.0 if due == 0 else 0.0
                else:
                    stay = (by_chances * _sigmoid((look - due / (pot + due)) / self.blur)
                            + (1 - by_chances) * self.stays)
                pot += stay * due
                calls.append((stay, due, p.card_count))
            total += self._outcome(view, add, calls, dealt)
        return total / len(o.deals)

    def _outcome(self, view: KingsPotView, add: int, calls: list[tuple[float, int, int]], dealt: _Dealt) -> float:
        """Chips expected from one deal, over each set of others who call (or fold)."""
        me = _me(view)
        rounds_after = 3 - view.reveals
        value = 0.0
        for stay in range(len(dealt.by_stay)):
            p, pot, cards = 1.0, view.pot + add, me.card_count
            for k, (chance, due, count) in enumerate(calls):
                if stay >> k & 1:
                    p, pot, cards = p * chance, pot + due, cards + count
                else:
                    p *= 1.0 - chance
            if p == 0.0:
                continue
            if stay == 0:  # everyone else folds: the pot is the seat's, the King's pot stays
                value += p * view.pot
                continue
            share = dealt.by_stay[stay]
            later = max(0.0, self.future_bet * rounds_after * (share * cards - me.card_count))
            value += p * (share * pot - add + share * dealt.kings * view.kings_pot + later)
        return value


from .outside import kings_pot as _outside  # noqa: E402,F401  (registers the outside-style players)
