"""The legality decision for every Palace action.

:func:`decide` is the only place that says yes or no. It returns ``(code,
details)``: the code is one of the declared answers of
:mod:`rules.palace.verdicts` (or a card-placement answer of
:func:`rules.palace.legality.judge`), which carries whether the action is legal,
the rule and the ruling; :mod:`rules.palace.explain` only looks it up.

The questions asked on every move (may this seat flip, take the pile, chance,
announce its last card, open with this rank) are the small predicates below;
the fast legal-actions path of :mod:`rules.palace.moves` asks the same ones, so
the two paths cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ..cards import Card
from . import actions as A
from . import legality
from . import verdicts as V
from .model import AFTER, CHOOSE, FLASH, OVER, PLAY, REVEAL, SWAP, FlashInfo, Phase, Position, Window, contains

Decision = tuple["V.Code | legality.Placement", tuple[Any, ...]]  # (the answer, its details: cards, seats, ranks...)

# the seats a player could flash, by (players, seat, seats out); a table has few of these
_TARGETS: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}
_TARGETS_BOUND = 4096


def flash_targets(st: Position) -> tuple[int, ...]:
    """The seats the player to move could flash: everyone else still in (bounded cache)."""
    key = (len(st.__dict__["names"]), st.to_move, st.out)
    found = _TARGETS.get(key)
    if found is None:
        if len(_TARGETS) >= _TARGETS_BOUND:
            _TARGETS.clear()
        seat, out = st.to_move, st.out
        found = _TARGETS[key] = tuple(s for s in range(key[0]) if s != seat and s not in out)
    return found


def _missing(zone: tuple[Card, ...], cards: tuple[Card, ...]) -> Card:
    keys = [c.index for c in zone]
    for c in cards:
        if c.index not in keys:
            return c
        keys.remove(c.index)
    raise AssertionError("nothing missing")  # pragma: no cover


# -- the shared predicates (the fast path asks these too) ------------------------
def opening_allows(st: Position, code: int) -> bool:
    """The first play of the game must include the starter's lowest rank (``opening``)."""
    opening = st.opening
    return opening is None or code == opening - 2


def flip_code(st: Position, src: str) -> V.Code:
    """May the player to move turn over a face-down card (``src``: where they play from)?"""
    if src == "face-down":
        return V.FLIP
    if st.stock:
        return V.FLIP_WHILE_STOCK
    seat = st.to_move
    if st.face_up[seat] or len(st.face_down[seat]) >= st.size:
        return V.FLIP_BEFORE_FACE_UP
    return V.FLIP_WHILE_HAND


def take_up_code(st: Position, src: str) -> V.Code:
    """May the player to move take their face-up cards into the hand?"""
    if st.rules.face_up_to_hand != "may":
        return V.TAKE_UP_OFF
    return V.TAKE_UP if src == "face-up" else V.TAKE_UP_NOT_YET


def pickup_code(st: Position, can_play: bool, top: int) -> V.Code:
    """May the player to move take the pile on an ordinary turn (``can_play``: they could put
    something down; ``top``: the pile's live top rank code, -1 for none)?"""
    if not st.pile:
        return V.PICKUP_EMPTY
    if not can_play:
        return V.PICKUP_FORCED_BY_TOP if top >= 0 and st.rules.is_force_pickup[top] else V.PICKUP_FORCED
    if st.again == "reset":
        return V.PICKUP_RESET
    return V.PICKUP_VOLUNTARY if st.rules.voluntary_pickup else V.PICKUP_NOT_VOLUNTARY


def chance_code(st: Position, top: int) -> V.Code:
    """May the player to move take a chance on the stock's top card (``top``: the pile's live top
    rank code, -1 for none: facing a card that forces a pickup, one of our rulings applies)?"""
    rules = st.rules
    if not (rules.chance or (st.again == "reset" and rules.reset_stock_option)):
        return V.CHANCE_OFF
    if not st.stock:
        return V.CHANCE_STOCK_EMPTY
    return V.CHANCE_AGAINST_FORCE if top >= 0 and rules.is_force_pickup[top] else V.CHANCE


def last_card_code(st: Position, seat: int) -> V.Code:
    """May ``seat`` announce its last face-down card?"""
    if not st.rules.last_card_call:
        return V.LAST_CARD_OFF
    return V.LAST_CARD if st.owes_call(seat) else V.LAST_CARD_NOT_OWED


def call_out_code(st: Position, victim: int) -> V.Code:
    """May the player to move catch ``victim`` without a last-card call?"""
    if not st.rules.last_card_call:
        return V.LAST_CARD_OFF
    if victim == st.to_move or not 0 <= victim < st.players or not st.owes_call(victim):
        return V.CALL_OUT_NOT_OWED
    return V.CALL_OUT


def check_stock(st: Position, holds_flash: bool) -> V.Code:
    """May the flashed player check the stock? ``holds_flash``: they hold a flash card to answer
    with."""
    rules = st.rules
    if not rules.flash_check_stock:
        return V.CHECK_OFF
    if cast(FlashInfo, st.flash).checked:  # asked only while a flash waits
        return V.CHECK_DONE
    if not st.stock:
        return V.CHECK_EMPTY
    return V.CHECK_HAS_FLASH if holds_flash else V.CHECK_STOCK


# -- putting cards down -----------------------------------------------------------
def _play(st: Position, cards: tuple[Card, ...], target: int | None) -> Decision:
    rank = cards[0].rank
    for c in cards:
        if c.rank is not rank:
            return V.MIXED_RANKS, (c,)
    seat = st.to_move
    src = st.source(seat)
    if src == "face-down":
        return V.USE_FLIP, ()
    zone = st.hands[seat] if src == "hand" else st.face_up[seat]
    if not contains(zone, cards):
        missing = _missing(zone, cards)
        if src == "hand" and contains(st.face_up[seat], (missing,)):
            if any(contains(zone, (c,)) for c in cards):  # some from the hand, some from the table
                return V.HAND_AND_TABLE, (missing,)
            return V.TABLE_LOCKED, (missing,)
        return V.NOT_HELD, (missing, src)
    return judge_group(st, cards[0].index >> 2, len(cards), target)


def judge_group(st: Position, code: int, count: int, target: int | None) -> Decision:
    """``count`` cards of rank ``code`` put down (at ``target``, for a flash): the target, the
    opening rule, then the pile (:func:`rules.palace.legality.judge`)."""
    rules = st.rules
    if rules.is_flash[code]:
        if target is None:
            return V.NEEDS_TARGET, (code,)
        if target < 0 or target >= st.players or target == st.to_move or target in st.out:
            return V.BAD_TARGET, (target,)
    elif target is not None:
        return V.NOT_FLASH_RANK, (code,)
    if not opening_allows(st, code):
        return V.OPENING, (st.opening,)
    top = legality.effective_top(rules, st.pile)
    return legality.judge(rules, top, code, count), (top, code, count)


def _rank_counts(zone: tuple[Card, ...]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in zone:
        code = c.index >> 2
        counts[code] = counts.get(code, 0) + 1
    return counts


def has_legal_play(st: Position) -> bool:
    """Could the player to move put down any card (or flip) right now?"""
    src = st.source()
    if src == "face-down":
        return True
    zone = st.hands[st.to_move] if src == "hand" else st.face_up[st.to_move]
    flash = st.rules.is_flash
    target = next(iter(flash_targets(st)), None)
    for code, n in _rank_counts(zone).items():
        aim = target if flash[code] else None
        if judge_group(st, code, 1, aim)[0].legal or (n > 1 and judge_group(st, code, n, aim)[0].legal):
            return True
    return False


# -- one function per phase -------------------------------------------------------
def _decide_play(st: Position, a: A.Action) -> Decision | None:
    """An ordinary turn."""
    t = type(a)
    if t is A.Play:
        return _play(st, cast(A.Play, a).cards, None)
    if t is A.Flash:
        a = cast(A.Flash, a)  # t is its class (so below)
        return _play(st, a.cards, a.target)
    if t is A.Flip:
        return flip_code(st, st.source()), ()
    if t is A.Pickup:
        top = legality.effective_top(st.rules, st.pile)
        return pickup_code(st, has_legal_play(st) if st.pile else False, top), ()
    if t is A.Chance:
        return chance_code(st, legality.effective_top(st.rules, st.pile)), ()
    if t is A.TakeUp:
        return take_up_code(st, st.source()), ()
    if t is A.LastCard:
        return last_card_code(st, st.to_move), ()
    if t is A.CallOut:
        a = cast(A.CallOut, a)
        return call_out_code(st, a.seat), (a.seat,)
    return None


def _decide_reveal(st: Position, a: A.Action) -> Decision | None:
    """A card turned up (by a chance, or a face-down card to be flashed at someone)."""
    t = type(a)
    card = cast(Card, st.drawn)  # a drawn card waits in this phase
    if t is A.Play or t is A.Flash:
        a = cast("A.Play | A.Flash", a)
        if len(a.cards) != 1 or a.cards[0].index != card.index:
            return V.REVEAL_OTHER, (card,)
        code, details = judge_group(st, card.index >> 2, 1, cast(A.Flash, a).target if t is A.Flash else None)
        if t is A.Flash and code.legal and st.drawn_from == "face-down":
            return V.FACE_DOWN_FLASH, (code, *details)
        return code, details
    if t is A.Pickup:
        return (V.KEEP_DRAWN if st.drawn_from == "stock" else V.REVEAL_MUST_PLAY), ()
    return None


def _decide_flash(st: Position, a: A.Action) -> Decision | None:
    """A flashed card waiting for its target's answer."""
    t = type(a)
    rules = st.rules
    seat = st.to_move
    if t is A.Reflect:
        a = cast(A.Reflect, a)
        rank = a.cards[0].rank
        for c in a.cards:
            if not rules.is_flash[c.index >> 2] or c.rank is not rank:
                return V.REFLECT_RANK, (c,)
        src = st.source(seat)
        if src == "face-down":
            return V.REFLECT_FACE_DOWN, ()
        zone = st.hands[seat] if src == "hand" else st.face_up[seat]
        if not contains(zone, a.cards):
            return V.NOT_HELD, (_missing(zone, a.cards), src)
        return V.REFLECT, (rank,)
    if t is A.CheckStock:
        return check_stock(st, any(rules.is_flash[c.index >> 2] for c in st.source_cards(seat))), ()
    if t is A.Pickup:
        return V.FLASH_PICKUP, ()
    return None


def _decide_after(st: Position, a: A.Action) -> Decision | None:
    """The player who just played may still throw a fresh card of that rank, or announce."""
    t = type(a)
    w = cast(Window, st.window)  # open in this phase
    if t is A.Quick:
        a = cast(A.Quick, a)
        for c in a.cards:
            if c.rank is not w.rank:
                return V.QUICK_RANK, (c, w.rank)
        if not contains(w.fresh, a.cards):
            return V.QUICK_NOT_FRESH, (_missing(w.fresh, a.cards),)
        top = legality.effective_top(st.rules, st.pile)
        return legality.judge(st.rules, top, w.rank - 2, len(a.cards)), (top, w.rank - 2, len(a.cards))
    if t is A.QuickFlip:
        return (V.QUICK_FLIP if w.flip else V.QUICK_FLIP_NO), ()
    if t is A.LastCard:
        return last_card_code(st, st.to_move), ()
    if t is A.Pass:
        return V.PASS, ()
    return None


def _decide_choose(st: Position, a: A.Action) -> Decision | None:
    """Setup: each player puts some of the dealt cards face up."""
    if type(a) is not A.Choose:
        return None
    need = st.rules.cards_for(st.players)
    if len(a.cards) != need:
        return V.CHOOSE_COUNT, (need, len(a.cards))
    hand = st.hands[st.to_move]
    if not contains(hand, a.cards):
        return V.NOT_HELD, (_missing(hand, a.cards), "hand")
    return V.CHOOSE, ()


def _decide_swap(st: Position, a: A.Action) -> Decision | None:
    """Setup: each player may swap hand cards with face-up cards, then says ready."""
    seat = st.to_move
    if type(a) is A.Swap:
        if a.hand_card not in st.hands[seat]:
            return V.NOT_HELD, (a.hand_card, "hand")
        if a.face_up_card not in st.face_up[seat]:
            return V.NOT_HELD, (a.face_up_card, "face-up")
        if a.hand_card == a.face_up_card:
            return V.SWAP_SAME, ()
        return V.SWAP, ()
    return (V.READY, ()) if type(a) is A.Ready else None


_BY_PHASE: dict[Phase, Callable[[Position, A.Action], Decision | None]] = {
    PLAY: _decide_play, REVEAL: _decide_reveal, FLASH: _decide_flash, AFTER: _decide_after,
    CHOOSE: _decide_choose, SWAP: _decide_swap, OVER: lambda st, a: (V.OVER, ())}


def decide(st: Position, a: A.Action) -> Decision:
    """``(code, details)`` for action ``a`` in state ``st``; ``code.legal`` says yes or no."""
    found = _BY_PHASE[st.phase](st, a)
    if found is None:  # an action of another phase
        return V.WRONG_PHASE[st.phase.value], (a.verb, st.phase)
    return found
