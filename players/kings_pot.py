"""Computer players for King's Pot, under any rule config (``view.rules``; the table's
amounts are ``view.stakes``).

A card's rank names the hand its holder backs (a line of the tableau, or the
King's hand). What a card is worth is the chance that its hand is the best hand
anyone backs at the showdown: the players estimate it by dealing the cards they
cannot see at random, consistently with their view (``view.determinize``), and
judging each sample as the showdown would, everyone's live cards included.

* **beginner**: buys a few cards, mostly checks and calls, bets now and then.
* **standard**: buys half the most it may; gives up a second card of a rank it
  already holds (it backs the same hand); calls when its chance pays for the
  call (pot odds), bets or raises one unit a card when it holds more than a fair
  share of the chances, folds otherwise.
* **strong**: weighs every card in chips over more samples: what its hand is
  expected to take of both pots against what the card costs in this and the
  later rounds' bets; gives up a card that does not pay for itself, and bets or
  raises, sized by its edge, when its share of the pot beats its share of the
  cards in play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.cards import ALL_CARDS
from rules.kings_pot import (LINES, Bet, Buy, Call, Check, Fold, FoldCard, HandName, Raise, rank_hands, ref)
from rules.poker import evaluate_indices

from .base import Decision, Player, register

GAME = "kings-pot"


def _one(legal: tuple, kind: type):
    return next((a for a in legal if type(a) is kind), None)


_HANDS = tuple(HandName)                                   # the Ace's hand ... the Queen's, the King's
_KING = _HANDS.index(HandName.KING)
_LINE_CELLS = tuple(LINES[h] for h in _HANDS if h is not HandName.KING)
_HAND_OF_CARD = tuple(_HANDS.index(HandName.for_rank(c.rank)) for c in ALL_CARDS)  # by card index


class _Deals:
    """Deals of the cards a seat cannot see, as the showdown needs them: the face-down
    cells, the King's hand and the other players' live cards, drawn at random from the
    unseen cards (the same deals as ``view.determinize``, without building whole states)."""

    def __init__(self, view: Any):
        self.cells = [None if c is None else c.index for c in view.tableau]
        self.hidden = [i for i, c in enumerate(view.tableau) if c is None]
        self.pool = [c.index for c in view.unseen()]
        self.others = [p.card_count for s, p in enumerate(view.players)
                       if s != view.seat and p.in_deal and p.card_count]
        self.need = len(self.hidden) + 5 + sum(self.others)

    def deal(self, rng: random.Random) -> tuple[list[int], list[set[int]]]:
        """(the value of each of the 13 hands, the hands each other player backs)."""
        drawn = rng.sample(self.pool, self.need)
        cells = self.cells[:]
        for k, cell in enumerate(self.hidden):
            cells[cell] = drawn[k]
        k = len(self.hidden) + 5
        values = [evaluate_indices([cells[c] for c in line]) for line in _LINE_CELLS]
        values.append(evaluate_indices(drawn[k - 5:k]))
        backed = []
        for count in self.others:
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
    mine = {_HAND_OF_CARD[c.index] for c in view.players[view.seat].cards}
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


def _duplicate(view: Any, legal: tuple):
    """A fold of a second card of a rank the seat already holds (it backs the same hand)."""
    seen = set()
    for c in view.players[view.seat].cards:
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

    def _buy(self, view, buys, rng) -> Decision:
        want = max(1, (max(b.count for b in buys) + 1) // 2)
        action = min(buys, key=lambda b: abs(b.count - want))
        return self._words(view, action, "buy")

    def _bet(self, view, legal, rng) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    def _owed(self, view) -> int:
        me = view.players[view.seat]
        return max(0, view.level - me.paid) * me.card_count

    def _by_chances(self, view, legal, rng, fold_weak: bool) -> Decision:
        if (fold := _duplicate(view, legal)) is not None:
            return self._words(view, fold, "duplicate")
        share, wins = chances(view, self.samples, rng)
        me = view.players[view.seat]
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
        ups = [a for a in legal if type(a) in (Bet, Raise)]
        if ups and share > 1.3 * fair:
            size = 1 if not fold_weak else max(1, min(len(ups), round((share - fair) * 10)))
            up = min(ups, key=lambda a: abs(a.per_card - size))
            return self._words(view, up, "strong-hand", share=share)
        if check is not None:
            return self._words(view, check, "check", share=share)
        if call is not None and share * (pot + owed) >= owed:
            return self._words(view, call, "call", share=share, owed=owed, pot=pot)
        return self._words(view, _one(legal, Fold) or legal[0], "fold", share=share, owed=owed, pot=pot)

    @staticmethod
    def _words(view: Any, action, why: str, **facts) -> Decision:
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

_REASONS = {
    "buy": lambda what, f: (f"{what}: each card backs one hand, and more cards cost more in every bet",
                            "Buying cards"),
    "buy-choice": lambda what, f: (
        f"{what}: each card backs one hand; after the first reveal you keep the hands that "
        "pay for their bets and fold the rest before they cost more than their ante", "Buying cards"),
    "duplicate": lambda what, f: (f"{what}: another card of that rank already backs the same hand",
                                  "Cards of equal rank"),
    "weak-card": lambda what, f: (
        f"{what}: the {f.hand.title} wins only {f.chance:.0%} of the deals of the cards you cannot see, "
        "so it only costs you in every bet", "Backing a hand"),
    "costly-card": lambda what, f: (
        f"{what}: the {f.hand.title} is the best backed hand in only {f.chance:.0%} of the deals of the "
        f"cards you cannot see, worth about {f.worth:.1f} chips to you against about {f.cost:.1f} it "
        "would cost in bets", "Backing a hand"),
    "strong-hand": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot {_DEALS}, more than your share", "Showdown"),
    "edge": lambda what, f: (
        f"{what}: your hands take {f.share:.0%} of the pot {_DEALS}, while your cards are only "
        f"{f.part:.0%} of the cards in play, so every chip a card that is called earns you more than "
        "it costs", "Showdown"),
    "check": lambda what, f: (f"{what}: staying in costs nothing (your share: {f.share:.0%})", "Showdown"),
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


def _with_kings(f: _Facts) -> str:
    return f" (and the King's pot of {f.kings_pot} when the King's hand beats every line)" if f.kings_pot else ""


@register
class BeginnerKingsPot(_KingsPotPlayer):
    level = "beginner"

    def _buy(self, view, buys, rng):
        return self._words(view, buys[int(rng.random() * min(3, len(buys)))], "random")

    def _bet(self, view, legal, rng):
        roll = rng.random()
        ups = [a for a in legal if type(a) in (Bet, Raise)]
        if ups and roll < 0.15:
            return self._words(view, ups[0], "random")
        if roll < 0.9:
            for kind in (Check, Call):
                if (a := _one(legal, kind)) is not None:
                    return self._words(view, a, "random")
        return self._words(view, _one(legal, Fold) or legal[0], "random")


@register
class StandardKingsPot(_KingsPotPlayer):
    level = "standard"
    samples = 80

    def _bet(self, view, legal, rng):
        return self._by_chances(view, legal, rng, fold_weak=False)


@dataclass
class Odds:
    """What the seat's live cards are worth over deals of the unseen cards: its expected
    share of the betting pot and of the King's pot, and per card the part of each share
    it would give up by folding that card (its other cards still in)."""

    share: float = 0.0
    kings: float = 0.0
    card_share: dict = field(default_factory=dict)
    card_kings: dict = field(default_factory=dict)
    alone: dict = field(default_factory=dict)   # per card: how often its hand is the best backed


def _king_takes(values: list[int], best_backed: int, rule: str) -> bool:
    """Does the King's pot go to this deal's winners (ruling kings-pot-kings-hand-wins)?"""
    king = values[_KING]
    if rule == "best-backed-hand":
        return king == best_backed and values.count(king) == 1
    return all(v < king for v in values[:_KING])


def odds(view: Any, samples: int, rng: random.Random) -> Odds:
    """The seat's :class:`Odds` over ``samples`` deals of the unseen cards, everyone's live
    cards judged as at the showdown."""
    live = view.players[view.seat].cards
    first = {}  # one card per hand: a second card of a rank adds nothing
    for c in live:
        first.setdefault(_HAND_OF_CARD[c.index], c)
    out = Odds(card_share=dict.fromkeys(live, 0.0), card_kings=dict.fromkeys(live, 0.0),
               alone=dict.fromkeys(live, 0.0))
    rule = view.rules.kings_pot_win
    deals = _Deals(view)
    for _ in range(samples):
        values, backed = deals.deal(rng)
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
    for table in (out.card_share, out.card_kings, out.alone):
        for c in table:
            table[c] /= samples
    out.share /= samples
    out.kings /= samples
    return out


@register
class StrongKingsPot(_KingsPotPlayer):
    """Weighs every card in chips: what its hand is expected to win of both pots against
    what it will cost in bets, folds the cards that do not pay, and bets when its share of
    the pot beats its share of the cards in play."""

    level = "strong"
    samples = 300
    buy_count = 4          # cards bought (capped by the legal buys)
    future_bet = 1.5       # chips a card each later betting round is expected to cost
    keep_margin = 1.0      # a card is kept when its worth is at least this times its cost
    raise_edge = 0.08      # share above the share of cards in play that earns a bet or raise
    max_edge = 0.2         # ... the edge at which the bet is the largest allowed
    top_size = 100

    def _buy(self, view, buys, rng) -> Decision:
        action = min(buys, key=lambda b: abs(b.count - self.buy_count))
        return self._words(view, action, "buy")

    def _bet(self, view, legal, rng):
        if (fold := _duplicate(view, legal)) is not None:
            return self._words(view, fold, "duplicate")
        o = odds(view, self.samples, rng)
        me = view.players[view.seat]
        if me.card_count > 1 and (fold := self._weak_card(view, legal, o)) is not None:
            return fold
        return self._stake(view, legal, o)

    def _pot_ahead(self, view) -> float:
        """The betting pot expected at the showdown: what is due now and later rounds' bets."""
        cards = sum(p.card_count for p in view.players if p.in_deal)
        due = sum(max(0, view.level - p.paid) * p.card_count for p in view.players if p.in_deal)
        return view.pot + due + self.future_bet * (3 - view.reveals) * cards

    def _card_cost(self, view) -> float:
        me = view.players[view.seat]
        return max(0, view.level - me.paid) + self.future_bet * (3 - view.reveals)

    def _weak_card(self, view, legal, o: Odds) -> Decision | None:
        pot, cost = self._pot_ahead(view), self._card_cost(view)
        worth = {c: o.card_share[c] * pot + o.card_kings[c] * view.kings_pot for c in o.card_share}
        weakest = min(worth, key=lambda c: (worth[c], c.index))
        if worth[weakest] >= self.keep_margin * cost:
            return None
        fold = next((a for a in legal if type(a) is FoldCard and a.card == weakest), None)
        if fold is None:
            return None
        return self._words(view, fold, "costly-card", chance=o.alone[weakest], hand=HandName.for_rank(weakest.rank),
                           worth=worth[weakest], cost=cost)

    def _stake(self, view, legal, o: Odds) -> Decision:
        me = view.players[view.seat]
        cards = sum(p.card_count for p in view.players if p.in_deal)
        part = me.card_count / cards  # my part of every bet everyone calls
        edge = o.share - part
        ups = [a for a in legal if type(a) in (Bet, Raise)]
        if ups and edge > self.raise_edge:
            scale = min(1.0, (edge - self.raise_edge) / max(1e-9, self.max_edge - self.raise_edge))
            sizes = sorted(a.per_card for a in ups if a.per_card <= self.top_size) or [min(a.per_card for a in ups)]
            size = sizes[round(scale * (len(sizes) - 1))]
            up = next(a for a in ups if a.per_card == size)
            return self._words(view, up, "edge", share=o.share, part=part)
        if (check := _one(legal, Check)) is not None:
            return self._words(view, check, "check", share=o.share)
        owed = self._owed(view)
        gain = o.share * (view.pot + owed) + o.kings * view.kings_pot
        if (call := _one(legal, Call)) is not None and gain >= owed:
            return self._words(view, call, "call-kings", share=o.share, owed=owed, pot=view.pot,
                               worth=gain, kings_pot=view.kings_pot)
        return self._words(view, _one(legal, Fold) or legal[0], "fold-kings", share=o.share, owed=owed,
                           pot=view.pot, worth=gain, kings_pot=view.kings_pot)
