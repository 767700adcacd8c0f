"""What to ask about: candidate actions (legal or not), the legal actions, per-card verdicts.

``legal()`` runs on every move of random play, so on an ordinary turn it builds
the legal plays directly from :func:`rules.palace.legality.allowed` (the table of
:func:`~rules.palace.legality.judge`'s answers that :func:`~rules.palace.decide.decide`
also uses) instead of filtering candidates one by one; the random-play tests
compare both at every step.
"""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from ..cards import ALL_CARDS, JOKER, Card
from ..refs import Verdict
from . import actions as A
from . import legality
from .decide import _targets, decide
from .state import AFTER, CHOOSE, FLASH, PLAY, REVEAL, SWAP, PalaceState

_by_index = attrgetter("index")


def groups(rules, cards) -> list[tuple[Card, ...]]:
    """One canonical group per rank and size: the first 1..k cards (by suit) of each rank held k
    times. Suits never matter in Palace, so any other choice of that many cards of that rank is
    the same play; ``check`` accepts it just as well."""
    by_code: dict[int, list[Card]] = {}
    for c in cards:
        by_code.setdefault(c.index >> 2, []).append(c)
    levels = rules.levels
    out: list[tuple[Card, ...]] = []
    for code in sorted(by_code, key=lambda k: (levels[k], k)):
        same = sorted(by_code[code], key=_by_index)
        out.extend(tuple(same[:size]) for size in range(1, len(same) + 1))
    return out


def candidates(st: PalaceState) -> tuple[A.Action, ...]:
    """Every action worth asking about here, legal or not: for dimming illegal plays with their
    reasons, and for the tests that compare ``legal_actions`` with ``check``."""
    ph = st.phase
    rules = st.rules
    seat = st.to_move
    out: list[A.Action] = []
    if ph is PLAY:
        src = st.source(seat)
        zone = st.hands[seat] if src == "hand" else st.face_up[seat] if src == "face-up" else ()
        targets = _targets(st)
        held = {c.index >> 2 for c in zone}
        table = ([(c,) for c in dict.fromkeys(st.face_up[seat]) if c.index >> 2 not in held]
                 if src == "hand" else [])
        for g in groups(rules, zone) + table:
            if rules.is_flash[g[0].index >> 2]:
                out.extend(A.Flash(g, t) for t in targets)
            out.append(A.Play(g))
        out += [A.TAKE_UP, A.FLIP, A.PICKUP, A.CHANCE, A.LAST_CARD]
        out.extend(A.CallOut(s) for s in range(st.players) if s != seat)
    elif ph is REVEAL:
        card = st.drawn
        out.extend(A.Flash((card,), t) for t in _targets(st))
        out += [A.Play((card,)), A.PICKUP]
    elif ph is FLASH:
        flash = rules.is_flash
        for g in groups(rules, [c for c in st.source_cards(seat) if flash[c.index >> 2]]):
            out.append(A.Reflect(g))
        out += [A.CHECK_STOCK, A.PICKUP]
    elif ph is AFTER:
        w = st.window
        out.extend(A.Quick(g) for g in groups(rules, w.fresh))
        out += [A.QUICK_FLIP, A.LAST_CARD, A.PASS]
    elif ph is CHOOSE:
        need = rules.cards_for(st.players)
        hand = sorted(st.hands[seat], key=_by_index)
        out.extend(A.Choose(g) for g in dict.fromkeys(combinations(hand, need)))
    elif ph is SWAP:
        for h in dict.fromkeys(st.hands[seat]):
            out.extend(A.Swap(h, u) for u in dict.fromkeys(st.face_up[seat]))
        out.append(A.READY)
    return tuple(out)


_SINGLES: tuple[A.Play, ...] = tuple(A.Play((c,)) for c in (*ALL_CARDS, JOKER))  # by Card.index
_new_play = A.Play.of_sorted
_new_flash = A.Flash.of_sorted


def legal(st: PalaceState) -> tuple[A.Action, ...]:
    """The legal actions; see the module notes. Card plays come first, weakest first: ordinary
    ranks from the lowest, then the special ranks (wild, clearing, flash, forcing)."""
    if st.phase is not PLAY:
        return _legal_elsewhere(st)
    rules = st.rules
    seat = st.to_move
    zone = st.hands[seat]
    out: list[A.Action] = []
    if not zone and not st.stock:
        zone = st.face_up[seat]
        if not zone:
            out.append(A.FLIP)
        elif rules.face_up_to_hand == "may":
            out.append(A.TAKE_UP)
    can_play = not zone
    if zone:
        top = legality.effective_top(rules, st.pile)
        ok_one = legality.allowed(rules, top, False)
        four = rules.four_of_a_kind if rules.four_anytime else 99
        ok_big = legality.allowed(rules, top, True) if len(zone) >= four else ok_one
        by_code: dict[int, list[Card]] = {}
        for c in zone:
            code = c.index >> 2
            if code in by_code:
                by_code[code].append(c)
            else:
                by_code[code] = [c]
        if st.opening is not None:
            codes = [code for code in (st.opening - 2,) if code in by_code]
        elif len(by_code) > 1:
            codes = sorted(by_code, key=rules.play_order.__getitem__)
        else:
            codes = by_code
        flash = rules.is_flash
        plays: list[A.Action] = []
        for code in codes:
            same = by_code[code]
            n = len(same)
            ok1 = ok_one[code]
            okn = ok_big[code] if n >= four else ok1
            if not (ok1 or okn):
                continue
            if n == 1:
                groups_ = [same]
            else:
                same.sort(key=_by_index)
                first = 1 if ok1 else four
                last = n if okn else four - 1
                groups_ = [tuple(same[:k]) for k in range(first, last + 1)]
            if flash[code]:
                targets = _targets(st)
                plays.extend([_new_flash(tuple(g), t) for g in groups_ for t in targets])
            else:
                plays.extend([_SINGLES[g[0].index] if len(g) == 1 else _new_play(g) for g in groups_])
        if plays:
            can_play = True
            out[:0] = plays
    if st.pile and (not can_play or (rules.voluntary_pickup and st.again != "reset")):
        out.append(A.PICKUP)
    if st.stock and (rules.chance or (st.again == "reset" and rules.reset_stock_option)):
        out.append(A.CHANCE)
    if rules.last_card_call:
        if st.owes_call(seat):
            out.append(A.LAST_CARD)
        out.extend(A.CallOut(s) for s in range(st.players) if s != seat and st.owes_call(s))
    return tuple(out)


def _legal_elsewhere(st: PalaceState) -> tuple[A.Action, ...]:
    """Legal actions outside an ordinary turn, built the way :func:`decide` would accept them."""
    ph = st.phase
    rules = st.rules
    seat = st.to_move
    if ph is CHOOSE:  # every choice of the right number of the dealt cards
        hand = sorted(st.hands[seat], key=_by_index)
        return tuple(A.Choose.of_sorted(g) for g in dict.fromkeys(combinations(hand, rules.cards_for(st.players))))
    if ph is SWAP:
        swaps = [A.Swap(h, u) for h in dict.fromkeys(st.hands[seat]) for u in dict.fromkeys(st.face_up[seat])
                 if h.index != u.index]
        return (*swaps, A.READY)
    if ph is FLASH:
        out: list[A.Action] = []
        if st.source(seat) != "face-down":
            flash = rules.is_flash
            out = [A.Reflect.of_sorted(g)
                   for g in groups(rules, [c for c in st.source_cards(seat) if flash[c.index >> 2]])]
        if decide(st, A.CHECK_STOCK)[0]:
            out.append(A.CHECK_STOCK)
        out.append(A.PICKUP)
        return tuple(out)
    return tuple(a for a in candidates(st) if decide(st, a)[0])


def card_verdicts(st: PalaceState) -> dict[Card, Verdict]:
    """Each card the player to move could put down now, alone, with its verdict."""
    ph = st.phase
    rules = st.rules
    targets = _targets(st)
    target = targets[0] if targets else None
    result: dict[Card, Verdict] = {}

    def action_for(card: Card) -> A.Action:
        if ph is FLASH:
            return A.Reflect((card,))
        if ph is AFTER:
            return A.Quick((card,))
        if card.rank in rules.flash and target is not None:
            return A.Flash((card,), target)
        return A.Play((card,))

    if ph is PLAY or ph is FLASH:
        cards = st.source_cards()
        if ph is PLAY and st.source() == "hand":
            cards = cards + st.face_up[st.to_move]
    elif ph is REVEAL:
        cards = (st.drawn,)
    elif ph is AFTER:
        cards = st.hands[st.to_move]
    else:
        cards = ()
    for card in cards:
        if card not in result:
            result[card] = st.check(action_for(card))
    return result
