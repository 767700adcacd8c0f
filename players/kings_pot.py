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
* **strong**: more samples; after the second reveal also gives up a card whose hand
  won in none of them, and sizes its bets and raises by its chances.
"""

from __future__ import annotations

import random
from typing import Any

from rules.kings_pot import (Bet, Buy, Call, Check, Fold, FoldCard, HandName, Raise, rank_hands, ref)

from .base import Decision, Player, register

GAME = "kings-pot"


def _one(legal: tuple, kind: type):
    return next((a for a in legal if type(a) is kind), None)


def chances(view: Any, samples: int, rng: random.Random) -> tuple[float, dict[HandName, float]]:
    """(the seat's expected share of the pot, each hand it backs: the chance it wins) over
    ``samples`` deals of the unseen cards, everyone's live cards staying in."""
    me = view.seat
    mine = {HandName.for_rank(c.rank) for c in view.players[me].cards}
    share = 0.0
    wins = dict.fromkeys(mine, 0.0)
    for _ in range(samples):
        sample = view.determinize(rng)
        table = sample.table
        values = {r.name: r.value for r in rank_hands(table.tableau, table.kings_hand)}
        backers: dict[HandName, set[int]] = {}
        for s, seat in enumerate(sample.seats):
            if seat.in_deal:
                for c in seat.live:
                    backers.setdefault(HandName.for_rank(c.rank), set()).add(s)
        top = max(values[h] for h in backers)
        best = [h for h in backers if values[h] == top]
        winners = set().union(*(backers[h] for h in best))
        if me in winners:
            share += 1 / len(winners)
            for h in best:
                if h in wins:
                    wins[h] += 1
    return share / samples, {h: w / samples for h, w in wins.items()}


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
    def _words(view: Any, action, why: str, share: float = 0.0, chance: float = 0.0, hand: HandName | None = None,
               owed: int = 0, pot: int = 0) -> Decision:
        state = view.determinize(random.Random(0))  # the seat's own position, for describe() only
        what = state.describe(action)
        section = None
        if why == "buy":
            text, section = f"{what}: each card backs one hand, and more cards cost more in every bet", "Buying cards"
        elif why == "duplicate":
            text, section = f"{what}: another card of that rank already backs the same hand", "Cards of equal rank"
        elif why == "weak-card":
            text, section = (f"{what}: the {hand.title} wins only {chance:.0%} of the deals of the cards you "
                             f"cannot see, so it only costs you in every bet"), "Backing a hand"
        elif why == "strong-hand":
            text, section = (f"{what}: your hands take {share:.0%} of the pot over the deals of the cards you "
                             f"cannot see, more than your share"), "Showdown"
        elif why == "check":
            text, section = f"{what}: staying in costs nothing (your share: {share:.0%})", "Showdown"
        elif why == "call":
            text, section = (f"{what}: your hands take {share:.0%} of the pot over the deals of the cards you "
                             f"cannot see, worth the {owed} it costs"), "Showdown"
        elif why == "fold":
            text, section = (f"{what}: your hands take only {share:.0%} of the pot over the deals of the cards "
                             f"you cannot see, not worth the {owed} it costs"), "Showdown"
        elif why == "random":
            text = f"{what}: any legal play will do for a first game"
        else:
            text = what
        reference = ref(section) if section else None
        return Decision(action, text[0].upper() + text[1:] + ".", reference)


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


@register
class StrongKingsPot(_KingsPotPlayer):
    level = "strong"
    samples = 120

    def _bet(self, view, legal, rng):
        return self._by_chances(view, legal, rng, fold_weak=True)
