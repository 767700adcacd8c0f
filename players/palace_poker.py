"""Computer players for Palace Poker, under any rule config (limit or no-limit, open
market, Kings in the House, points...: the engine's legal actions and its exact
battle odds carry the rules, the players only weigh them).

* **beginner**: a first night at the table: buys now and then, attacks someone
  at random once in a while, and when attacked mostly calls.
* **standard**: attacks the opponent it beats most often (``battle_odds``: exact,
  from its own view) when that chance is good; otherwise buys a soldier while it
  has few, else stays. Attacked, it calls when its chance of winning the battle
  pays for the call (pot odds), raises when it is a clear favourite, folds
  otherwise.
* **strong**: the same odds, weighed by what each choice is worth in chips: an
  attack by its expected gain against a defender who answers by the pot odds
  (the attack a weak palace may still win when the defender folds), a buy by the
  chance it lifts the palace above the line, and in a battle the raise that a
  favourite should make and the call the pot pays for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.palace_poker import (Action, Bet, Buy, Call, Discard, Fold, Keep, Phase, PokerView, Raise, Stay, battle_odds,
                                raise_step, ref)

from .base import Decision, Player, register

GAME = "palace-poker"


@dataclass(frozen=True)
class Chance:
    """The seat's chance in a battle against ``seat`` (win, plus half a complete tie)."""

    seat: int
    name: str
    win: float
    sets: int
    suit_word: str


def chances(view: Any, opponent: int | None = None) -> list[Chance]:
    out = []
    for o in battle_odds(view, opponent=opponent):
        if o.possible:
            them = view.players[o.seats[1]]
            out.append(Chance(o.seats[1], them.name, float(o.win + o.tie / 2), o.combinations, them.suit.word))
    return out


def _one(legal: tuple[Action, ...], kind: type[Action]) -> Action | None:
    return next((a for a in legal if type(a) is kind), None)


def _soldiers(view: Any) -> int:
    return len(view.players[view.seat].soldiers)


def _keep_or_least_discard(legal: tuple[Action, ...]) -> tuple[Action, str]:
    keep = _one(legal, Keep)
    if keep is not None:
        return keep, "keep"
    discards = [a for a in legal if type(a) is Discard]
    return min(discards, key=lambda a: (len(a.cards), sum(c.rank.value for c in a.cards))), "discard"


class _PokerPlayer(Player):
    game = GAME

    def choose(self, view: Any, rng: random.Random) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            return self._words(view, legal[0], "only")
        if view.phase in (Phase.AFTER_BUY, Phase.SPOILS):
            action, why = _keep_or_least_discard(legal)
            return self._words(view, action, why)
        if view.phase is Phase.BATTLE:
            return self._battle(view, legal, rng)
        if view.phase is Phase.TURN:
            return self._turn(view, legal, rng)
        return self._words(view, legal[0], "only")

    def _turn(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:  # pragma: no cover
        raise NotImplementedError

    def _battle(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:  # pragma: no cover
        raise NotImplementedError

    def _words(self, view: PokerView, action: Action, why: str, chance: Chance | None = None,
               detail: str = "") -> Decision:
        if not self.words:
            return Decision(action)
        state = view.determinize(random.Random(0))  # the seat's own position, for describe() only
        what = state.describe(action)
        rule = None
        if chance is not None:
            odds = (f"you win {chance.win:.0%} of battles against {chance.name}'s "
                    f"{chance.sets} possible palace sets")
        if why == "attack":
            text, rule = f"{what}: {odds}{detail}", "Banner Suits"
        elif why == "call":
            text, rule = f"{what}: {odds}, and the pot pays for the risk{detail}", "Call"
        elif why == "raise":
            text, rule = f"{what}: {odds}, a clear favourite{detail}", "Raise"
        elif why == "fold":
            text, rule = f"{what}: {odds}, too little for what the call costs{detail}", "Fold"
        elif why == "buy":
            text, rule = f"{what}: a soldier is one more card for your best five, and your battles are not " \
                         f"good enough yet{detail}", "Buy"
        elif why == "stay":
            text, rule = f"{what}: no battle is good enough, and staying costs nothing{detail}", "Stay"
        elif why == "keep":
            text = f"{what}: every soldier may count in your best five"
        elif why == "discard":
            text, rule = f"{what}: five soldiers at most", "Buy"
        elif why == "random":
            text = f"{what}: any legal play will do for a first game"
        else:
            text = what
        reference = None
        if rule is not None:
            try:
                reference = ref(rule)
            except (KeyError, ValueError):
                reference = None
        return Decision(action, text[0].upper() + text[1:] + ".", reference)


@register
class BeginnerPoker(_PokerPlayer):
    level = "beginner"

    def _turn(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        bets = [a for a in legal if type(a) is Bet]
        buy = _one(legal, Buy)
        roll = rng.random()
        if bets and roll < 0.25:
            return self._words(view, bets[int(rng.random() * len(bets))], "random")
        if buy is not None and roll < 0.6:
            return self._words(view, buy, "random")
        return self._words(view, _one(legal, Stay) or legal[0], "random")

    def _battle(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        roll = rng.random()
        raise_ = _one(legal, Raise)
        if raise_ is not None and roll < 0.1:
            return self._words(view, raise_, "random")
        if roll < 0.8 and (call := _one(legal, Call)) is not None:
            return self._words(view, call, "random")
        return self._words(view, _one(legal, Fold) or legal[0], "random")


@register
class StandardPoker(_PokerPlayer):
    level = "standard"
    attack_at = 0.62
    raise_at = 0.78
    soldiers_wanted = 2

    def _turn(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        bets = {a.target: a for a in legal if type(a) is Bet}
        options = [c for c in chances(view) if c.seat in bets]
        best = max(options, key=lambda c: (c.win, -c.seat), default=None)
        if best is not None and best.win >= self.attack_at:
            return self._words(view, bets[best.seat], "attack", best)
        buy = _one(legal, Buy)
        if buy is not None and _soldiers(view) < self.soldiers_wanted:
            return self._words(view, buy, "buy")
        return self._words(view, _one(legal, Stay) or legal[0], "stay")

    def _battle(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        b = view.battle
        assert b is not None  # a battle's answer is asked only in one
        other = b.attacker if b.responder == b.defender else b.defender
        (chance,) = chances(view, other) or (Chance(other, view.players[other].name, 0.5, 0, ""),)
        owed, pot = b.owed, view.pot
        raise_ = _one(legal, Raise)
        if raise_ is not None and chance.win >= self.raise_at:
            return self._words(view, raise_, "raise", chance)
        call = _one(legal, Call)
        if call is not None and chance.win * (pot + owed) >= owed:
            return self._words(view, call, "call", chance,
                                f" (the call is {owed} into a pot of {pot})" if owed else "")
        return self._words(view, _one(legal, Fold) or legal[0], "fold", chance)


@register
class StrongPoker(StandardPoker):
    level = "strong"

    def _attacks(self, view: PokerView, legal: tuple[Action, ...]) -> list[tuple[Bet, Chance, float]]:
        """Every attack open to the seat, with its chance and its worth in chips: the defender
        answers by its own pot odds, which the seat cannot see, so it is weighed as calling a
        fair share of the time; a fold hands over the spoils."""
        bets = {a.target: a for a in legal if type(a) is Bet}
        assert view.seat is not None
        me = view.players[view.seat]
        small = view.rules.small_bet
        pot = view.pot
        out = []
        for c in chances(view):
            if c.seat not in bets:
                continue
            cost = (len(me.soldiers) + 1) * small
            them = view.players[c.seat]
            call = (len(them.soldiers) + 1) * small
            heads_up = sum(p.in_hand for p in view.players) == 2
            prize = pot + cost + call if heads_up else cost + call
            calls = 0.7
            worth = (1 - calls) * (pot if heads_up else small) + calls * (c.win * prize - cost)
            out.append((bets[c.seat], c, worth))
        return out

    def _weigh(self, view: PokerView, played: Any, rng: random.Random,
                effort: float) -> dict[Any, float]:
        """Chips each choice is expected to bring over staying out of it (staying, folding: 0): an
        attack as :meth:`_turn` weighs it; in a battle a call by the chance against the pot, a
        raise as a call that also wins or loses the raise. A buy, a keep or a discard is not
        weighed (what a soldier adds is not counted in chips)."""
        legal = view.legal_actions()
        if view.phase is Phase.TURN:
            # an attack :meth:`_turn` would not make (won less often than lost) is not counted
            # above staying: the judge must not call the strong level's own stay a mistake
            worth: dict[Action, float] = {bet: w if c.win >= 0.5 else min(w, 0.0)
                                          for bet, c, w in self._attacks(view, legal)}
            stay = _one(legal, Stay)
            if stay is not None:
                worth[stay] = 0.0
            return worth
        if view.phase is not Phase.BATTLE or view.battle is None:
            return {}
        b = view.battle
        other = b.attacker if b.responder == b.defender else b.defender
        (chance,) = chances(view, other) or (Chance(other, view.players[other].name, 0.5, 0, ""),)
        owed, pot, win = b.owed, view.pot, chance.win
        call = win * (pot + owed) - owed  # as :meth:`_battle` weighs a call
        worth = {}
        for a in legal:
            if type(a) is Fold:
                worth[a] = 0.0
            elif type(a) is Call:
                worth[a] = call
            elif type(a) is Raise:
                assert view.seat is not None
                # the raise the rules make (a big bet, or a small one for a first raise
                # without soldiers), asked of the engine, not worked out here again
                size = a.amount if a.amount is not None else raise_step(view.rules, b, view.players[view.seat])
                raised = call + (2 * win - 1) * size
                # below :attr:`raise_at` the strong level calls: a raise is not counted above it
                worth[a] = raised if win >= self.raise_at else min(raised, call)
        return worth

    def _turn(self, view: PokerView, legal: tuple[Action, ...], rng: random.Random) -> Decision:
        assert view.seat is not None
        me = view.players[view.seat]
        options = self._attacks(view, legal)
        worth_it = [(bet, c, worth) for bet, c, worth in options if worth > 0 and c.win >= 0.5]
        best = max(worth_it, key=lambda t: t[2], default=None)
        if best is not None:
            return self._words(view, best[0], "attack", best[1])
        buy = _one(legal, Buy)
        top = max((c.win for _, c, _ in options), default=0.0)
        if buy is not None and len(me.soldiers) < 4 and top < 0.5:
            return self._words(view, buy, "buy")
        return self._words(view, _one(legal, Stay) or legal[0], "stay")


from .outside import palace_poker as _outside  # noqa: E402,F401  (registers the outside-style players)
