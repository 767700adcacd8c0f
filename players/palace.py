"""Computer players for Palace, under any rule config (``view.rules``: the power of
each rank comes from the config, never from a preset's name).

* **beginner**: what a first game night looks like: any legal card, chosen at
  random (wilds and burns thrown as readily as a 4); the face-up cards picked at
  random; a chance or the pile only when nothing can be played.
* **standard**: the habits the house rules' tips teach: play the weakest card
  that goes, every copy of it (multiples), finish a four of a kind on the pile,
  keep the wild, burning and forcing cards for when they matter (nothing else
  goes, or the pile is worth burning or handing over), gamble on the stock
  before taking the pile, put the strongest cards face up.
* **strong**: looks ahead. For each sensible move it deals the cards it cannot
  see at random, consistently with its view (``view.determinize``), and plays
  the game out with the standard habits for every seat; it keeps the move
  that won most often over the same deals (determinization, "perfect
  information Monte Carlo"), within a budget of simulated games.

The standard habits read only what the mover may see (:class:`Facts`, built from
a view at the decision and from a sampled position inside the look-ahead; a
test checks both give the same facts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.cards import Card
from rules.palace import (CHANCE, CHECK_STOCK, FLIP, LAST_CARD, PASS, PICKUP, QUICK_FLIP, READY, TAKE_UP, CallOut,
                          Chance, Choose, Flash, Flip, PalaceRules, Pickup, Play, Quick, QuickFlip, Reflect, Swap)
from rules.palace import Action as PalaceAction

from .base import Decision, Player, register

GAME = "palace"


# -- what the mover knows ---------------------------------------------------------------------
@dataclass(frozen=True)
class Facts:
    """What the seat to move knows that the habits use: its own cards, the pile, the
    stock's size, how many cards each other player still has to get rid of."""

    rules: PalaceRules
    phase: str
    seat: int
    hand: tuple[Card, ...]
    face_up: tuple[Card, ...]
    face_down: int
    pile: tuple[Card, ...]
    stock: int
    drawn: Card | None
    left: tuple[tuple[int, int], ...]
    """(seat, cards still to play) for every other player still in."""


def facts_from_view(view: Any) -> Facts:
    me = view.seats[view.seat]
    left = tuple((s, sv.hand_size + len(sv.face_up) + len(sv.face_down))
                 for s, sv in enumerate(view.seats) if s != view.seat and not sv.out)
    return Facts(view.rules, view.phase, view.seat, me.hand or (), me.face_up, len(me.face_down), view.pile,
                 view.stock_size, view.drawn, left)


def facts_from_state(st: Any, seat: int) -> Facts:
    """The same facts read off a (sampled) position for ``seat``: only its own cards
    and what everyone sees. Used inside the look-ahead, where building views costs."""
    out = st.out
    left = tuple((s, len(st.hands[s]) + len(st.face_up[s]) + len(st.face_down[s]))
                 for s in range(len(st.hands)) if s != seat and s not in out)
    drawn = st.drawn if (seat == st.to_move or st.drawn_from == "face-down") else None
    return Facts(st.rules, st.phase.value, seat, st.hands[seat], st.face_up[seat], len(st.face_down[seat]),
                 st.pile, len(st.stock), drawn, left)


def _code(card: Card) -> int:
    return card.index >> 2


def special(rules: PalaceRules, code: int) -> bool:
    """Wild, burning, flashed or forcing: the cards worth keeping for when they matter."""
    return rules.is_wild[code] or rules.is_clear[code] or rules.is_flash[code] or rules.is_force_pickup[code]


def worth(rules: PalaceRules, code: int) -> int:
    """How much a card is worth keeping (higher: keep it longer; face up at the start)."""
    value = rules.levels[code]
    if rules.is_flash[code] or rules.is_force_pickup[code]:
        value += 60
    elif rules.is_clear[code]:
        value += 50
    elif rules.is_wild[code] or rules.is_reset[code]:
        value += 40
    return value


def _pile_run(pile: tuple[Card, ...]) -> int:
    """How many cards of the top card's rank lie in a row on top of the pile."""
    if not pile:
        return 0
    code = _code(pile[-1])
    n = 0
    for c in reversed(pile):
        if _code(c) != code:
            break
        n += 1
    return n


# -- the habits -------------------------------------------------------------------------------
# A choice is (action, why): ``why`` a short tuple naming the reason, put into words only when a
# person asks (the look-ahead makes thousands of choices and never shows one).

def beginner_choice(f: Facts, legal: tuple, rng: random.Random) -> tuple[PalaceAction, tuple]:
    phase = f.phase
    if phase == "choose":
        return legal[int(rng.random() * len(legal))], ("random-face-up",)
    if phase == "swap":
        return READY, ("no-swap",)
    cards = [a for a in legal if type(a) in (Play, Flash, Reflect, Quick)]
    if phase == "after":
        return (cards[0], ("quick",)) if cards else ((QUICK_FLIP, ("quick",)) if QUICK_FLIP in legal else
                                                     (PASS, ("pass",)))
    if LAST_CARD in legal:
        return LAST_CARD, ("last-card",)
    if cards:
        return cards[int(rng.random() * len(cards))], ("any-card",)
    for word in (FLIP, CHANCE, CHECK_STOCK, PICKUP, TAKE_UP):
        if word in legal:
            return word, ("nothing-goes",)
    return legal[0], ("only",)


def standard_choice(f: Facts, legal: tuple, rng: random.Random | None = None) -> tuple[PalaceAction, tuple]:
    phase = f.phase
    if len(legal) == 1:
        return legal[0], ("only",)
    if phase == "choose":
        return _choose_face_up(f, legal)
    if phase == "swap":
        return _swap(f, legal)
    if phase == "after":
        for a in legal:
            if type(a) is Quick:
                return a, ("quick",)
        return (QUICK_FLIP, ("quick",)) if QUICK_FLIP in legal else (PASS, ("pass",))
    if phase == "flash":
        reflects = [a for a in legal if type(a) is Reflect]
        if reflects:
            return reflects[0], ("reflect",)
        return (CHECK_STOCK, ("check-stock",)) if CHECK_STOCK in legal else (PICKUP, ("flashed",))
    if phase == "reveal":
        plays = [a for a in legal if type(a) in (Play, Flash)]
        if plays:
            return _best_target(f, plays), ("drawn-goes",)
        return PICKUP, ("drawn-fails",)
    return _play_turn(f, legal)


def _choose_face_up(f: Facts, legal: tuple) -> tuple[PalaceAction, tuple]:
    rules = f.rules
    best = max(legal, key=lambda a: (sum(worth(rules, _code(c)) for c in a.cards), [-c.index for c in a.cards]))
    return best, ("best-face-up", best.cards)


def _swap(f: Facts, legal: tuple) -> tuple[PalaceAction, tuple]:
    """Swap the strongest hand card for the weakest face-up card while that improves the table."""
    rules = f.rules
    best, gain = None, 0
    for a in legal:
        if type(a) is Swap:
            g = worth(rules, _code(a.hand_card)) - worth(rules, _code(a.face_up_card))
            if g > gain:
                best, gain = a, g
    if best is None:
        return READY, ("ready",)
    return best, ("swap-up", best.hand_card, best.face_up_card)


def _best_target(f: Facts, plays: list) -> PalaceAction:
    """Among plays of the same cards at different players, the one at whoever is closest to
    going out (a flash makes its target take the pile)."""
    first = plays[0]
    if type(first) is not Flash:
        return first
    left = dict(f.left)
    same = [a for a in plays if type(a) is Flash and a.cards == first.cards]
    return min(same, key=lambda a: (left.get(a.target, 99), a.target))


def _play_turn(f: Facts, legal: tuple) -> tuple[PalaceAction, tuple]:
    rules = f.rules
    if LAST_CARD in legal:
        return LAST_CARD, ("last-card",)
    for a in legal:
        if type(a) is CallOut:
            return a, ("call-out", a.seat)
    if FLIP in legal:
        return FLIP, ("flip",)
    # the card plays, by rank: the largest play of each rank (every copy: multiples)
    by_rank: dict[int, PalaceAction] = {}
    for a in legal:
        kind = type(a)
        if kind is Play or kind is Flash:
            code = _code(a.cards[0])
            held = by_rank.get(code)
            if held is None or len(a.cards) > len(held.cards):
                by_rank[code] = a
    pile = f.pile
    big = len(pile) >= 5
    if by_rank:
        # a four of a kind finished on the pile burns it (and its player goes again)
        if pile and rules.four_of_a_kind:
            top = _code(pile[-1])
            play = by_rank.get(top)
            if play is not None and _pile_run(pile) + len(play.cards) >= rules.four_of_a_kind and len(pile) >= 3:
                return _at_leader(f, legal, play), ("four", len(pile))
        plain = [code for code in by_rank if not special(rules, code)]
        specials = [code for code in by_rank if special(rules, code)]
        forcing = [code for code in specials if rules.is_flash[code] or rules.is_force_pickup[code]]
        if big and forcing:  # hand the big pile over
            code = min(forcing, key=lambda c: worth(rules, c))
            return _at_leader(f, legal, by_rank[code]), ("hand-over", len(pile))
        if plain:
            code = min(plain, key=lambda c: (rules.levels[c], c))
            return by_rank[code], ("lowest", len(by_rank[code].cards))
        # only special cards go: spend the cheapest, unless a gamble on the stock costs little
        resets = [code for code in specials if rules.is_reset[code]]
        if resets:
            code = min(resets, key=lambda c: worth(rules, c))
            return by_rank[code], ("reset",)
        if CHANCE in legal and len(pile) <= 3:
            return CHANCE, ("chance-small", len(pile))
        burns = [code for code in specials if rules.is_clear[code]]
        if burns and len(pile) >= 3:
            code = min(burns, key=lambda c: worth(rules, c))
            return by_rank[code], ("burn", len(pile))
        if CHANCE in legal:
            return CHANCE, ("chance-keep",)
        code = min(specials, key=lambda c: worth(rules, c))
        return _at_leader(f, legal, by_rank[code]), ("special-only",)
    if CHANCE in legal:
        return CHANCE, ("chance-nothing",)
    if TAKE_UP in legal:
        return TAKE_UP, ("take-up",)
    return (PICKUP, ("pickup",)) if PICKUP in legal else (legal[0], ("only",))


def _at_leader(f: Facts, legal: tuple, play: PalaceAction) -> PalaceAction:
    if type(play) is not Flash:
        return play
    return _best_target(f, [a for a in legal if type(a) is Flash and a.cards == play.cards])


# -- the reasons in words -----------------------------------------------------------------------
def reason_words(f: Facts, action: PalaceAction, why: tuple, describe) -> tuple[str, str | None]:
    """(the reason in plain words, the rules-config key of the rule it rests on, if any)."""
    what = describe(action)
    kind = why[0]
    pile = len(f.pile)
    cards = "card" if pile == 1 else "cards"
    if kind == "lowest":
        many = " together (several of a rank go in one play)" if why[1] > 1 else ""
        return (f"{what}{many}: it is the weakest card you hold that goes on the pile, and you keep your "
                f"special cards for later", "multiples" if why[1] > 1 else "beat")
    if kind == "four":
        return f"{what}: it makes four of a kind in a row and burns the pile of {why[1]} {cards}", "four_of_a_kind"
    if kind == "hand-over":
        return (f"{what}: the pile holds {why[1]} {cards}, worth handing to the next player "
                f"now", "force_pickup" if f.rules.force_pickup else "flash")
    if kind == "reset":
        return f"{what}: nothing else goes, and after it you play again, so it costs you little", "reset"
    if kind == "chance-small":
        return (f"{what}: only special cards would go, and the pile holds just {why[1]} {cards}: a gamble "
                f"on the stock risks little and keeps them", "chance")
    if kind == "burn":
        return f"{what}: nothing plain goes, and it burns a pile of {why[1]} {cards}", "clear"
    if kind == "chance-keep":
        return f"{what}: it may save your special cards; if it fails you take the pile", "chance"
    if kind == "chance-nothing":
        return f"{what}: nothing in your hand goes, and a drawn card might", "chance"
    if kind in ("pickup", "nothing-goes"):
        return f"{what}: nothing you hold goes on this pile", "pickup"
    if kind == "special-only":
        return f"{what}: it is the cheapest card that goes", "wild"
    if kind == "flip":
        return f"{what}: your hand and face-up cards are gone, so the face-down cards come next", "face_down"
    if kind == "best-face-up":
        return f"{what}: they are your strongest cards, and face-up cards are played last", "face_up_choice"
    if kind == "swap-up":
        return f"{what}: the stronger card waits on the table for the end of the game", "face_up_choice"
    if kind == "ready":
        return f"{what}: your strongest cards are already face up", "face_up_choice"
    if kind == "quick":
        return f"{what}: one card fewer, before the next player moves", "quick_play"
    if kind == "reflect":
        return f"{what}: the flasher then takes the pile instead of you", "flash"
    if kind == "check-stock":
        return f"{what}: you have no 3 to send it back, and the stock's top card may be one", "flash_check_stock"
    if kind == "flashed":
        return f"{what}: you cannot send the flash back", "flash"
    if kind == "drawn-goes":
        return f"{what}: the drawn card goes on the pile", "chance"
    if kind == "drawn-fails":
        return f"{what}: the drawn card does not go on the pile", "chance"
    if kind == "last-card":
        return f"{what}: otherwise anyone can catch you and make you take the pile", "last_card_call"
    if kind == "call-out":
        return f"{what}: they owe the call, and being caught makes them take the pile", "last_card_call"
    if kind == "take-up":
        return f"{what}: none of them goes on the pile", "face_up_to_hand"
    if kind == "pass":
        return f"{what}: you have nothing to throw at once", "quick_play"
    if kind == "look-ahead":
        return (f"{what}: over {why[3]} deals of the cards you cannot see, played out, it won "
                f"{why[1]:.0%} of the games, against {why[2]:.0%} for the usual move "
                f"({describe(why[4])})", None)
    if kind in ("any-card", "random-face-up", "no-swap"):
        return f"{what}: any legal play will do for a first game", None
    return what, None


class _PalacePlayer(Player):
    game = GAME

    def choose(self, view: Any, rng: random.Random) -> Decision:
        facts = facts_from_view(view)
        action, why = self._pick(view, facts, view.legal_actions(), rng)
        return self._decision(view, facts, action, why)

    def _pick(self, view: Any, facts: Facts, legal: tuple, rng: random.Random) -> tuple[PalaceAction, tuple]:
        raise NotImplementedError  # pragma: no cover

    @staticmethod
    def _decision(view: Any, facts: Facts, action: PalaceAction, why: tuple) -> Decision:
        state = view.determinize(random.Random(0))  # the seat's own position: for describe() only
        text, key = reason_words(facts, action, why, state.describe)
        ref = None
        if key is not None:
            try:
                ref = facts.rules.ref(key)
            except KeyError:
                ref = None
        return Decision(action, text[0].upper() + text[1:] + ".", ref)


@register
class BeginnerPalace(_PalacePlayer):
    level = "beginner"

    def _pick(self, view, facts, legal, rng):
        return beginner_choice(facts, legal, rng)


@register
class StandardPalace(_PalacePlayer):
    level = "standard"

    def _pick(self, view, facts, legal, rng):
        return standard_choice(facts, legal)


# -- the look-ahead -------------------------------------------------------------------------------
ROLLOUT_CAP = 150
"""Actions a simulated game may take before it is scored on the cards left."""

BUDGET = 1800
"""Simulated actions a decision may spend (a fixed count, not a clock: the same seed gives
the same decision on any machine); about 80 ms in CPython."""


def rollout(st: Any, seat: int, cap: int = ROLLOUT_CAP) -> tuple[float, int]:
    """Play a sampled position out with the standard habits for every seat: (1 if ``seat``
    wins, i.e. is not last with cards, 0 if it loses; the actions taken). A game still going
    at ``cap`` actions is scored by how many cards ``seat`` still has to get rid of compared
    with the others (a hand full of pile is a game half lost)."""
    n = 0
    while not st.is_over and n < cap:
        mover = st.to_move
        legal = st.legal_actions()
        action = legal[0] if len(legal) == 1 else standard_choice(facts_from_state(st, mover), legal)[0]
        st = st.apply(action)
        n += 1
    if st.is_over:
        if st.loser is not None:
            return (0.0 if st.loser == seat else 1.0), n
        return (1.0 if st.winner == seat else 0.0), n
    mine = len(st.hands[seat]) + len(st.face_up[seat]) + len(st.face_down[seat])
    theirs = min(len(st.hands[s]) + len(st.face_up[s]) + len(st.face_down[s])
                 for s in range(len(st.hands)) if s != seat and s not in st.out)
    return 0.5 + 0.5 * (theirs - mine) / max(1, theirs + mine), n


def candidates(facts: Facts, legal: tuple) -> list[PalaceAction]:
    """The moves worth comparing: for each rank, playing one card or all of them (other counts
    are rarely different); each flash at its best target; the non-card actions."""
    by_rank: dict[tuple, list] = {}
    out: list[PalaceAction] = []
    for a in legal:
        kind = type(a)
        if kind in (Play, Flash, Reflect, Quick):
            key = (kind, _code(a.cards[0]))
            by_rank.setdefault(key, []).append(a)
        elif kind in (Swap, Choose):
            continue
        else:
            out.append(a)
    for (kind, _), plays in by_rank.items():
        if kind is Flash:
            best = _best_target(facts, plays)
            counts = {len(p.cards) for p in plays}
            pick = [best] + [p for p in plays if p.target == best.target and len(p.cards) == max(counts)
                             and p is not best]
        else:
            pick = [min(plays, key=lambda p: len(p.cards)), max(plays, key=lambda p: len(p.cards))]
        for p in pick:
            if p not in out:
                out.append(p)
    return out


@register
class StrongPalace(_PalacePlayer):
    """Determinized look-ahead over the standard habits (see the module notes)."""

    level = "strong"
    deals = 16
    """At most this many sampled deals, each played out once per move compared, until the
    budget of simulated actions is spent (at least two deals)."""
    moves_at_most = 5

    def _pick(self, view, facts, legal, rng):
        habit, why = standard_choice(facts, legal)
        if facts.phase in ("choose", "swap") or len(legal) == 1:
            return habit, why
        moves = [m for m in candidates(facts, legal) if m != habit]
        if not moves:
            return habit, why
        moves = [habit] + moves[:self.moves_at_most - 1]
        wins = [0.0] * len(moves)
        seat = view.seat
        spent = deals = 0
        while deals < self.deals and (deals < 2 or spent < BUDGET):
            sample = view.determinize(rng)
            for i, move in enumerate(moves):
                score, steps = rollout(sample.apply(move), seat)
                wins[i] += score
                spent += steps + 1
            deals += 1
        best = max(range(len(moves)), key=lambda i: (wins[i], i == 0))
        if best == 0 or wins[best] - wins[0] < 1.0:  # not clearly better: keep the habit
            return habit, why
        return moves[best], ("look-ahead", wins[best] / deals, wins[0] / deals, deals, habit)
