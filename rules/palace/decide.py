"""The legality decision for every Palace action.

:func:`decide` is the only place that says yes or no. It returns
``(legal, code, details)``; :mod:`rules.palace.explain` turns that into words,
a rule reference and (where one of our readings decides it) a ruling, and
:mod:`rules.palace.moves` lists the actions to ask about.
"""

from __future__ import annotations

from ..cards import Card
from ..refs import ruling
from . import actions as A
from . import legality
from . import sections as S
from .state import AFTER, CHOOSE, FLASH, OVER, PLAY, REVEAL, SWAP, PalaceState, contains

NO_VOLUNTARY = ruling(
    "caron-no-voluntary-pickup", S.caron("Playing the game 3"),
    "In the Caron game, may a player take the pile while holding a card that could be played?",
    "a player who cannot or will not beat the pile is pointed to a chance; taking the pile outright "
    "is not offered, unlike the house tips",
    "no: the pile is taken outright only when nothing can be played; otherwise a reluctant player "
    "chances (and keeps the drawn card with the pile)")
RESET_CHOICES = ruling(
    "two-follow-up-options", S.house("Card Values: Twos"),
    "After playing a 2, may its player just take the pile?",
    "after a 2 its player plays another card, or turns the stock's top card onto the pile, or keeps "
    "that card and takes the pile with it",
    "those three are the only choices: a plain pickup is not one of them (the third choice is "
    "written 'chance' then 'pickup'); with the stock gone the player must play")
CHANCE_EMPTY = ruling(
    "chance-empty-stock", S.house("Playing the Game 3"),
    "Can a player chance once the stock is empty?",
    "chancing is described under 'if the pickup pile still contains cards'; without stock a player "
    "who cannot play takes the pile",
    "no chance without stock; a player who cannot play takes the pile")
CHANCE_VS_ACE = ruling(
    "chance-against-ace", S.house("Playing the Game 6"),
    "Facing an Ace, may a player chance?",
    "a chance is allowed on any turn, even when the board is clear or the player could play",
    "yes; the drawn card can then be played only if it is itself an Ace, otherwise it is kept with "
    "the pile")
FLASH_CHECK = ruling(
    "caron-check-stock-for-three", S.caron("Card Values (3)"),
    "When a flashed player checks the stock's top card, what happens to it?",
    "a flashed player with no 3 may check whether the stock's top card is a 3, and play it if so",
    "checking is allowed only without a 3 in the cards the player could play from, once per flash; "
    "a 3 on top is played at once as a reflection; any other card is shown to everyone and stays on "
    "top of the stock, and the player then takes the pile")


_TARGETS: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}


def _targets(st: PalaceState) -> tuple[int, ...]:
    """The seats the player to move could flash: everyone else still in (cached: few tables)."""
    key = (len(st.__dict__["names"]), st.to_move, st.out)
    found = _TARGETS.get(key)
    if found is None:
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


def _play(st: PalaceState, cards: tuple[Card, ...], target: int | None) -> tuple[bool, str, tuple]:
    rank = cards[0].rank
    for c in cards:
        if c.rank is not rank:
            return False, "mixed-ranks", (c,)
    seat = st.to_move
    src = st.source(seat)
    if src == "face-down":
        return False, "use-flip", ()
    zone = st.hands[seat] if src == "hand" else st.face_up[seat]
    if not contains(zone, cards):
        missing = _missing(zone, cards)
        if src == "hand" and contains(st.face_up[seat], (missing,)):
            if any(contains(zone, (c,)) for c in cards):  # some from the hand, some from the table
                return False, "hand-and-table", (missing,)
            return False, "table-locked", (missing,)
        return False, "not-held", (missing, src)
    return _judge_group(st, cards[0].index >> 2, len(cards), target)


def _judge_group(st: PalaceState, code: int, count: int, target: int | None) -> tuple[bool, str, tuple]:
    rules = st.rules
    if rules.is_flash[code]:
        if target is None:
            return False, "needs-target", (code,)
        if target < 0 or target >= st.players or target == st.to_move or target in st.out:
            return False, "bad-target", (target,)
    elif target is not None:
        return False, "not-flash-rank", (code,)
    if st.opening is not None and code != st.opening - 2:
        return False, "opening", (st.opening,)
    top = legality.effective_top(rules, st.pile)
    verdict = legality.judge(rules, top, code, count)
    return verdict[0] == "+", verdict, (top, code, count)


def _rank_counts(zone: tuple[Card, ...]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in zone:
        code = c.index >> 2
        counts[code] = counts.get(code, 0) + 1
    return counts


def has_legal_play(st: PalaceState) -> bool:
    """Could the player to move put down any card (or flip) right now?"""
    src = st.source()
    if src == "face-down":
        return True
    zone = st.hands[st.to_move] if src == "hand" else st.face_up[st.to_move]
    flash = st.rules.is_flash
    target = next(iter(_targets(st)), None)
    for code, n in _rank_counts(zone).items():
        aim = target if flash[code] else None
        if _judge_group(st, code, 1, aim)[0] or (n > 1 and _judge_group(st, code, n, aim)[0]):
            return True
    return False


def decide(st: PalaceState, a: A.Action) -> tuple[bool, str, tuple]:
    """(legal, code, details) for action ``a`` in state ``st``."""
    ph = st.phase
    t = type(a)
    rules = st.rules
    seat = st.to_move
    if ph is OVER:
        return False, "over", ()
    if ph is PLAY:
        if t is A.Play:
            return _play(st, a.cards, None)
        if t is A.Flash:
            return _play(st, a.cards, a.target)
        if t is A.Flip:
            src = st.source(seat)
            return (True, "flip", ()) if src == "face-down" else (False, "flip-not-yet", (src,))
        if t is A.Pickup:
            if not st.pile:
                return False, "pickup-empty", ()
            can_play = has_legal_play(st)
            if not can_play:
                return True, "pickup-forced", ()
            if st.again == "reset":
                return False, "pickup-reset", ()
            if rules.voluntary_pickup:
                return True, "pickup-voluntary", ()
            return False, "pickup-not-voluntary", ()
        if t is A.Chance:
            if not (rules.chance or (st.again == "reset" and rules.reset_stock_option)):
                return False, "chance-off", ()
            if not st.stock:
                return False, "chance-empty", ()
            return True, "chance", ()
        if t is A.TakeUp:
            if rules.face_up_to_hand != "may":
                return False, "take-up-off", ()
            src = st.source(seat)
            return (True, "take-up", ()) if src == "face-up" else (False, "take-up-not-yet", (src,))
        if t is A.LastCard:
            return _last_card(st, seat)
        if t is A.CallOut:
            if not rules.last_card_call:
                return False, "last-card-off", ()
            if a.seat == seat or not 0 <= a.seat < st.players or not st.owes_call(a.seat):
                return False, "call-out-not-owed", (a.seat,)
            return True, "call-out", (a.seat,)
    elif ph is REVEAL:
        card = st.drawn
        if t is A.Play or t is A.Flash:
            if len(a.cards) != 1 or a.cards[0].index != card.index:
                return False, "reveal-other", (card,)
            return _judge_group(st, card.index >> 2, 1, a.target if t is A.Flash else None)
        if t is A.Pickup:
            return (True, "keep-drawn", ()) if st.drawn_from == "stock" else (False, "reveal-must-play", ())
    elif ph is FLASH:
        if t is A.Reflect:
            rank = a.cards[0].rank
            for c in a.cards:
                if not rules.is_flash[c.index >> 2] or c.rank is not rank:
                    return False, "reflect-rank", (c,)
            src = st.source(seat)
            if src == "face-down":
                return False, "reflect-face-down", ()
            zone = st.hands[seat] if src == "hand" else st.face_up[seat]
            if not contains(zone, a.cards):
                return False, "not-held", (_missing(zone, a.cards), src)
            return True, "reflect", (rank,)
        if t is A.CheckStock:
            return check_stock(st, any(rules.is_flash[c.index >> 2] for c in st.source_cards(seat)))
        if t is A.Pickup:
            return True, "flash-pickup", ()
    elif ph is AFTER:
        w = st.window
        if t is A.Quick:
            for c in a.cards:
                if c.rank is not w.rank:
                    return False, "quick-rank", (c, w.rank)
            if not contains(w.fresh, a.cards):
                return False, "quick-not-fresh", (_missing(w.fresh, a.cards),)
            top = legality.effective_top(rules, st.pile)
            code = legality.judge(rules, top, w.rank - 2, len(a.cards))
            return code[0] == "+", code, (top, w.rank - 2, len(a.cards))
        if t is A.QuickFlip:
            return (True, "quick-flip", ()) if w.flip else (False, "quick-flip-no", ())
        if t is A.LastCard:
            return _last_card(st, seat)
        if t is A.Pass:
            return True, "pass", ()
    elif ph is CHOOSE:
        if t is A.Choose:
            need = rules.cards_for(st.players)
            if len(a.cards) != need:
                return False, "choose-count", (need, len(a.cards))
            if not contains(st.hands[seat], a.cards):
                return False, "not-held", (_missing(st.hands[seat], a.cards), "hand")
            return True, "choose", ()
    elif ph is SWAP:
        if t is A.Swap:
            if a.hand_card not in st.hands[seat]:
                return False, "not-held", (a.hand_card, "hand")
            if a.face_up_card not in st.face_up[seat]:
                return False, "not-held", (a.face_up_card, "face-up")
            if a.hand_card == a.face_up_card:
                return False, "swap-same", ()
            return True, "swap", ()
        if t is A.Ready:
            return True, "ready", ()
    return False, "wrong-phase", (a.verb, ph)


def check_stock(st: PalaceState, holds_flash: bool) -> tuple[bool, str, tuple]:
    """May the flashed player check the stock? ``holds_flash``: they hold a flash card to answer
    with. Shared by :func:`decide` and the legal-actions fast path, so the rule lives here only."""
    rules = st.rules
    if not rules.flash_check_stock:
        return False, "check-off", ()
    if st.flash.checked:
        return False, "check-done", ()
    if not st.stock:
        return False, "check-empty", ()
    if holds_flash:
        return False, "check-has-flash", ()
    return True, "check-stock", ()


def _last_card(st: PalaceState, seat: int) -> tuple[bool, str, tuple]:
    if not st.rules.last_card_call:
        return False, "last-card-off", ()
    if not st.owes_call(seat):
        return False, "last-card-not-owed", ()
    return True, "last-card", ()
