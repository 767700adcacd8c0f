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
* **strong**: looks ahead. For the standard move and up to seven others it deals
  the cards it cannot see at random, consistently with its view
  (``view.determinize``), plays a few turns ahead with the standard habits for
  every seat and judges the position reached (cards left face down, face up
  and in hand, and how strong they are); it keeps the move that scored clearly
  best over the same deals (determinization, "perfect information Monte
  Carlo"), within a fixed budget of simulated actions.

The standard habits read only what the mover may see (:class:`Facts`, built from
a view at the decision and from a sampled position inside the look-ahead; a
test checks both give the same facts).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, counted
from rules.palace import (CHANCE, CHECK_STOCK, FLIP, LAST_CARD, PASS, PICKUP, QUICK_FLIP, READY, TAKE_UP, CallOut,
                          Chance, Choose, Flash, Flip, LastCard, PalaceRules, Phase, Pickup, Play, Quick, QuickFlip,
                          PalaceView, Reflect, Swap, TakeUp)
from rules.palace import Action as PalaceAction

from .base import Decision, Player, register

GAME = "palace"

Legal = tuple[Any, ...]
"""A position's legal actions (Palace actions; read by their type, so held as Any)."""
Why = tuple[Any, ...]
"""A reason as a short tuple: its kind first, then what the words quote."""
Left = Callable[[], tuple[tuple[int, int], ...]]
"""(seat, cards still to play) of the other players, asked for only when needed."""


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
    return bool(rules.is_wild[code] or rules.is_clear[code] or rules.is_flash[code] or rules.is_force_pickup[code])


def worth(rules: PalaceRules, code: int) -> int:
    """How much a card is worth keeping (higher: keep it longer; face up at the start)."""
    value: int = rules.levels[code]
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

def beginner_choice(f: Facts, legal: Legal, rng: random.Random) -> tuple[PalaceAction, Why]:
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


def standard_choice(f: Facts, legal: Legal, rng: random.Random | None = None) -> tuple[PalaceAction, Why]:
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


def _choose_face_up(f: Facts, legal: Legal) -> tuple[PalaceAction, Why]:
    rules = f.rules
    best = max(legal, key=lambda a: (sum(worth(rules, _code(c)) for c in a.cards), [-c.index for c in a.cards]))
    return best, ("best-face-up", best.cards)


def _swap(f: Facts, legal: Legal) -> tuple[PalaceAction, Why]:
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


def _best_target(f: Facts, plays: list[Any]) -> Any:
    """Among plays of the same cards at different players, the one at whoever is closest to
    going out (a flash makes its target take the pile)."""
    return _aim(tuple(plays), plays[0], lambda: f.left)


def _play_turn(f: Facts, legal: Legal) -> tuple[PalaceAction, Why]:
    return turn_habit(f.rules, f.pile, legal, lambda: f.left)


@dataclass(frozen=True)
class _RankTables:
    """A rule set's powers per rank code, looked up on every simulated move."""

    special: tuple[bool, ...]
    forcing: tuple[bool, ...]
    worth: tuple[int, ...]
    level: tuple[float, ...]
    """Each rank's level over the highest level (0 for the weakest rank, 1 for the strongest)."""


_TABLES: dict[int, tuple[PalaceRules, _RankTables]] = {}


def _tables(rules: PalaceRules) -> _RankTables:
    held = _TABLES.get(id(rules))
    if held is not None and held[0] is rules:
        return held[1]
    if len(_TABLES) >= 32:  # custom rule sets come and go: keep the cache small
        _TABLES.clear()
    made = _RankTables(tuple(special(rules, c) for c in range(14)),
                       tuple(bool(rules.is_flash[c] or rules.is_force_pickup[c]) for c in range(14)),
                       tuple(worth(rules, c) for c in range(14)),
                       tuple(rules.levels[c] / max(1, *rules.levels) for c in range(14)))
    _TABLES[id(rules)] = (rules, made)
    return made


def turn_habit(rules: PalaceRules, pile: tuple[Card, ...], legal: Legal, left: Left) -> tuple[PalaceAction, Why]:
    """The standard habits on an ordinary turn. ``left()`` gives (seat, cards still to play) for
    the others, asked only to aim a flash (the look-ahead calls this on every simulated move)."""
    by_rank: dict[int, Any] = {}  # the largest play of each rank (every copy: multiples)
    call_out = None
    words = set()
    for a in legal:
        kind = type(a)
        if kind is Play or kind is Flash:
            code = a.cards[0].index >> 2
            held = by_rank.get(code)
            if held is None or len(a.cards) > len(held.cards):
                by_rank[code] = a
        elif kind is CallOut:
            call_out = call_out or a
        else:
            words.add(kind)
    if LastCard in words:
        return LAST_CARD, ("last-card",)
    if call_out is not None:
        return call_out, ("call-out", call_out.seat)
    if Flip in words:
        return FLIP, ("flip",)
    if by_rank:
        return _card_habit(rules, pile, legal, by_rank, Chance in words, left)
    if Chance in words:
        return CHANCE, ("chance-nothing",)
    if TakeUp in words:
        return TAKE_UP, ("take-up",)
    return (PICKUP, ("pickup",)) if Pickup in words else (legal[0], ("only",))


def _card_habit(rules: PalaceRules, pile: tuple[Card, ...], legal: Legal, by_rank: dict[int, Any], chance: bool,
                left: Left) -> tuple[PalaceAction, Why]:
    tables = _tables(rules)
    # a four of a kind finished on the pile burns it (and its player goes again)
    if len(pile) >= 3 and rules.four_of_a_kind:
        play = by_rank.get(pile[-1].index >> 2)
        if play is not None and _pile_run(pile) + len(play.cards) >= rules.four_of_a_kind:
            return _aim(legal, play, left), ("four", len(pile))
    special_ranks = tables.special
    plain = [code for code in by_rank if not special_ranks[code]]
    specials = [code for code in by_rank if special_ranks[code]]
    cheapest = tables.worth.__getitem__
    forcing = [code for code in specials if tables.forcing[code]]
    if len(pile) >= 5 and forcing:  # hand the big pile over
        return _aim(legal, by_rank[min(forcing, key=cheapest)], left), ("hand-over", len(pile))
    if plain:
        levels = rules.levels
        code = min(plain, key=lambda c: (levels[c], c))
        return by_rank[code], ("lowest", len(by_rank[code].cards))
    # only special cards go: spend the cheapest, unless a gamble on the stock costs little
    resets = [code for code in specials if rules.is_reset[code]]
    if resets:
        return by_rank[min(resets, key=cheapest)], ("reset",)
    if chance and len(pile) <= 3:
        return CHANCE, ("chance-small", len(pile))
    burns = [code for code in specials if rules.is_clear[code]]
    if burns and len(pile) >= 3:
        return by_rank[min(burns, key=cheapest)], ("burn", len(pile))
    if chance:
        return CHANCE, ("chance-keep",)
    return _aim(legal, by_rank[min(specials, key=cheapest)], left), ("special-only",)


def _aim(legal: Legal, play: PalaceAction, left: Left) -> PalaceAction:
    """A flash goes at whoever is closest to going out (it makes its target take the pile)."""
    if type(play) is not Flash:
        return play
    counts = dict(left())
    same = [a for a in legal if type(a) is Flash and a.cards == play.cards]
    return min(same, key=lambda a: (counts.get(a.target, 99), a.target))


# -- the reasons in words -----------------------------------------------------------------------
def reason_words(f: Facts, action: PalaceAction, why: Why,
                 describe: Callable[[PalaceAction], str]) -> tuple[str, str | None]:
    """(the reason in plain words, the rules-config key of the rule it rests on, if any)."""
    what = describe(action)
    kind = why[0]
    if kind == "lowest":
        many = " together (several of a rank go in one play)" if why[1] > 1 else ""
        return (f"{what}{many}: it is the weakest card you hold that goes on the pile, and you keep your "
                f"special cards for later", "multiples" if why[1] > 1 else "beat")
    if kind == "four":
        return f"{what}: it makes four of a kind in a row and burns the pile of {counted(why[1], 'card')}", "four_of_a_kind"
    if kind == "hand-over":
        return (f"{what}: the pile holds {counted(why[1], 'card')}, worth handing to the next player "
                f"now", "force_pickup" if f.rules.force_pickup else "flash")
    if kind == "reset":
        return f"{what}: nothing else goes, and after it you play again, so it costs you little", "reset"
    if kind == "chance-small":
        return (f"{what}: only special cards would go, and the pile holds just {counted(why[1], 'card')}: a gamble "
                f"on the stock risks little and keeps them", "chance")
    if kind == "burn":
        return f"{what}: nothing plain goes, and it burns a pile of {counted(why[1], 'card')}", "clear"
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
        return (f"{what}: over {why[3]} deals of the cards you cannot see, played a few turns ahead, it "
                f"leaves you about a {why[1]:.0%} chance to win, against {why[2]:.0%} for the usual move "
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

    def _pick(self, view: PalaceView, facts: Facts, legal: Legal, rng: random.Random) -> tuple[PalaceAction, Why]:
        raise NotImplementedError  # pragma: no cover

    def _decision(self, view: PalaceView, facts: Facts, action: PalaceAction, why: Why) -> Decision:
        if not self.words:
            return Decision(action)
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

    def _pick(self, view: PalaceView, facts: Facts, legal: Legal, rng: random.Random) -> tuple[PalaceAction, Why]:
        return beginner_choice(facts, legal, rng)


@register
class StandardPalace(_PalacePlayer):
    level = "standard"

    def _pick(self, view: PalaceView, facts: Facts, legal: Legal, rng: random.Random) -> tuple[PalaceAction, Why]:
        return standard_choice(facts, legal)


# -- the look-ahead -------------------------------------------------------------------------------
BUDGET = 700
"""Simulated actions a decision may spend, at most (a fixed count, not a clock: the same seed
gives the same decision on any machine); about 10 ms in CPython on an idle core."""

ROLLOUT_CAP = 20
"""Actions a sampled deal is played ahead before the position is judged (:func:`judged_chance`):
a few turns show what a move does; a whole game mostly adds the noise of later luck."""

SHORTEST = 12
"""A deal is not started when the budget left would play it less far than this for every move."""

MARGIN = 0.05
"""How much more a move must score than the habit, on average over the same deals, to replace it
(a smaller lead is as likely the luck of the deals)."""

_OVER = Phase.OVER
_PLAY = Phase.PLAY


def sample_habit(st: Any, legal: Legal) -> PalaceAction:
    """``standard_choice(facts_from_state(st, st.to_move), legal)``'s action, without building
    the facts on an ordinary turn (the look-ahead asks this on every simulated move)."""
    if len(legal) == 1:
        only: PalaceAction = legal[0]
        return only
    if st.phase is _PLAY:
        seat = st.to_move
        return turn_habit(st.rules, st.pile, legal, lambda: facts_from_state(st, seat).left)[0]
    return standard_choice(facts_from_state(st, st.to_move), legal)[0]


def rollout(st: Any, seat: int, cap: int = ROLLOUT_CAP) -> tuple[float, int]:
    """Play a sampled position ahead with the standard habits for every seat: (``seat``'s
    score, the actions taken). The score is 1 if ``seat`` wins (is not last with cards), 0 if it
    loses, and for a game still going after ``cap`` actions its judged chance."""
    n = 0
    while n < cap and st.phase is not _OVER:
        st = st.apply(sample_habit(st, st.legal_actions()))
        n += 1
    if st.phase is _OVER:
        if st.loser is not None:
            return (0.0 if st.loser == seat else 1.0), n
        return (1.0 if st.winner == seat else 0.0), n
    return judged_chance(st, seat), n


# How a position's features weigh on winning: a logistic fit to the results of standard-vs-standard
# games (house, Caron and BGA heads-up), judged from either seat. A face-down card is the slowest
# to get rid of; strong plain cards and special cards in hand are worth having.
_PER_HAND_CARD, _PER_FACE_UP, _PER_FACE_DOWN = -0.05, -0.16, -0.26
_PER_SPECIAL, _PER_PLAIN_LEVEL = 0.1, 1.0
_TO_MOVE, _TO_MOVE_PER_PILE_CARD = 0.08, -0.014


def judged_chance(st: Any, seat: int) -> float:
    """``seat``'s chance of winning a position, judged from every player's cards (the sampled
    position shows them all) against the best placed other player."""
    tables = _tables(st.rules)
    theirs = max(_standing(st, s, tables) for s in range(len(st.hands)) if s != seat and s not in st.out)
    x = _standing(st, seat, tables) - theirs
    to_move = 1.0 if st.to_move == seat else -1.0  # a big pile weighs on whoever must answer it
    x += to_move * (_TO_MOVE + _TO_MOVE_PER_PILE_CARD * len(st.pile))
    return 1.0 / (1.0 + math.exp(-x))


def _standing(st: Any, seat: int, tables: _RankTables) -> float:
    hand = st.hands[seat]
    specials = plain = 0
    levels = 0.0
    for c in hand:
        code = c.index >> 2
        if tables.special[code]:
            specials += 1
        else:
            levels += tables.level[code]
            plain += 1
    for c in st.face_up[seat]:
        specials += tables.special[c.index >> 2]
    return (_PER_HAND_CARD * len(hand) + _PER_FACE_UP * len(st.face_up[seat])
            + _PER_FACE_DOWN * len(st.face_down[seat]) + _PER_SPECIAL * specials
            + _PER_PLAIN_LEVEL * (levels / plain if plain else 0.5))


def candidates(facts: Facts, legal: Legal) -> list[PalaceAction]:
    """The moves worth comparing: for each rank, playing one card or all of them (other counts
    are rarely different); each flash at its best target; the non-card actions."""
    by_rank: dict[tuple[type, int], list[Any]] = {}
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
    deals = 32
    """At most this many sampled deals, each played ahead once per move compared."""
    moves_at_most = 8
    """The habit and up to seven other candidates: the actions that are not card plays (take the
    pile, chance the stock) first, then the plays of the weakest ranks."""

    worth_unit = "chance"
    judge_budget = 4 * BUDGET
    """Simulated actions :meth:`weigh` may spend on a person's decision after the game (the played
    move is weighed over more deals than a move needs to be chosen; still a count, not a clock)."""

    def _moves(self, facts: Facts, legal: Legal, habit: PalaceAction) -> list[PalaceAction]:
        """The habit first, then up to seven other candidates; none to compare while the face-up
        cards are chosen or swapped, or when only one move is legal."""
        if facts.phase in ("choose", "swap") or len(legal) == 1:
            return []
        moves = [m for m in candidates(facts, legal) if m != habit]
        return [habit] + moves[:self.moves_at_most - 1] if moves else []

    def _weigh(self, view: PalaceView, played: Any, rng: random.Random,
               effort: float) -> dict[Any, float]:
        """Each compared move's chance of winning over the same sampled deals (``played`` among
        them): the look-ahead :meth:`_pick` decides by."""
        facts = facts_from_view(view)
        legal = view.legal_actions()
        moves = self._moves(facts, legal, standard_choice(facts, legal)[0])
        if not moves:
            return {}
        if played is not None and played not in moves:
            moves.append(played)
        scores = self._play_ahead(view, moves, rng, int(self.judge_budget * effort))
        if not scores[0]:
            return {}
        return {m: sum(s) / len(s) for m, s in zip(moves, scores)}

    def _pick(self, view: PalaceView, facts: Facts, legal: Legal, rng: random.Random) -> tuple[PalaceAction, Why]:
        habit, why = standard_choice(facts, legal)
        moves = self._moves(facts, legal, habit)
        if not moves:
            return habit, why
        scores = self._play_ahead(view, moves, rng)
        deals = len(scores[0])
        if not deals:
            return habit, why
        gains = [sum(s) / deals - sum(scores[0]) / deals for s in scores]
        best = max(range(1, len(moves)), key=lambda i: (gains[i], -i))
        if gains[best] < MARGIN:  # not clearly better: keep the habit
            return habit, why
        return moves[best], ("look-ahead", sum(scores[best]) / deals, sum(scores[0]) / deals, deals, habit)

    def _play_ahead(self, view: PalaceView, moves: list[PalaceAction], rng: random.Random,
                    budget: int = BUDGET) -> list[list[float]]:
        """Each move's scores over the same sampled deals (the habit's first). The budget is a
        hard cap: a deal is played ahead only as far as what is left allows for every move."""
        seat = view.seat
        assert seat is not None
        scores: list[list[float]] = [[] for _ in moves]
        spent = 0
        for _ in range(self.deals):
            cap = min(ROLLOUT_CAP, (budget - spent) // len(moves) - 1)  # one more for the move itself
            if cap < SHORTEST:
                break
            sample = view.determinize(rng)
            for move, mine in zip(moves, scores):
                score, steps = rollout(sample.apply(move), seat, cap)
                mine.append(score)
                spent += steps + 1
        return scores


from .outside import palace as _outside  # noqa: E402,F401  (registers the outside-style players)
