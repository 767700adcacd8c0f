"""What to ask about: candidate actions (legal or not), the legal actions, per-card verdicts.

``legal()`` runs on every move of random play, so on an ordinary turn it builds
the legal plays directly from :func:`rules.palace.legality.allowed_tables` (the tables of
:func:`~rules.palace.legality.judge`'s answers that :func:`~rules.palace.decide.decide`
also uses) instead of filtering candidates one by one; the random-play tests
compare both at every step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from operator import attrgetter

from ..cards import ALL_CARDS, JOKER, Card
from ..refs import Verdict
from . import actions as A
from . import legality
from .config import PalaceRules
from .decide import (judge_group, flash_targets, call_out_code, chance_code, check_stock, decide, last_card_code,
                     opening_allows, pickup_code, take_up_code)
from .verdicts import CALL_OUT, LAST_CARD, TAKE_UP
from .model import AFTER, CHOOSE, FLASH, PLAY, REVEAL, SWAP, Position


_by_index = attrgetter("index")


def groups(rules: PalaceRules, cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """One canonical group per rank and size: the first 1..k cards (by suit) of each rank held k
    times. Suits never matter in Palace, so any other choice of that many cards of that rank is
    the same play; ``check`` accepts it just as well."""
    by_code: dict[int, list[Card]] = {}
    for c in sorted(cards, key=_by_index):  # so each rank's cards come in suit order
        by_code.setdefault(c.index >> 2, []).append(c)
    levels = rules.levels
    out: list[tuple[Card, ...]] = []
    for code in (sorted(by_code, key=lambda k: (levels[k], k)) if len(by_code) > 1 else by_code):
        same = by_code[code]
        out.extend(tuple(same[:size]) for size in range(1, len(same) + 1))
    return out


def candidates(st: Position) -> tuple[A.Action, ...]:
    """Every action worth asking about here, legal or not: for dimming illegal plays with their
    reasons, and for the tests that compare ``legal_actions`` with ``check``."""
    ph = st.phase
    rules = st.rules
    seat = st.to_move
    out: list[A.Action] = []
    if ph is PLAY:
        src = st.source(seat)
        zone = st.hands[seat] if src == "hand" else st.face_up[seat] if src == "face-up" else ()
        targets = flash_targets(st)
        held = {c.index >> 2 for c in zone}
        table = ([(c,) for c in dict.fromkeys(st.face_up[seat]) if c.index >> 2 not in held]
                 if src == "hand" else [])
        for g in groups(rules, zone) + table:
            if rules.is_flash[g[0].index >> 2]:
                out.extend(A.Flash(g, t) for t in targets)
            out.append(A.Play(g))
        out += _own_moves(rules, seat, st.players)
    elif ph is REVEAL:
        card = st.drawn
        assert card is not None  # a drawn card waits in this phase
        out.extend(A.Flash((card,), t) for t in flash_targets(st))
        out += [A.Play((card,)), A.PICKUP]
    elif ph is FLASH:
        flash = rules.is_flash
        for g in groups(rules, [c for c in st.source_cards(seat) if flash[c.index >> 2]]):
            out.append(A.Reflect(g))
        out += [A.CHECK_STOCK, A.PICKUP]
    elif ph is AFTER:
        w = st.window
        assert w is not None  # the moment after a play is open in this phase
        out.extend(A.Quick(g) for g in groups(rules, w.fresh))
        out += ([A.QUICK_FLIP] if rules.quick_face_down else []) + ([A.LAST_CARD] if rules.last_card_call else []) \
            + [A.PASS]
    elif ph is CHOOSE:
        out.extend(A.Choose(g) for g in _choices(st.hands[seat], st.size))
    elif ph is SWAP:
        for h in _distinct(st.hands[seat]):
            out.extend(A.Swap(h, u) for u in _distinct(st.face_up[seat]))
        out.append(A.READY)
    return tuple(out)


def _own_moves(rules: PalaceRules, seat: int, players: int) -> list[A.Action]:
    """The moves besides card plays that this rule set has (a move it lacks is never worth
    asking about: a question offering 'chance' under rules without it only misleads)."""
    out: list[A.Action] = [A.TAKE_UP] if rules.face_up_to_hand == "may" else []
    out += [A.FLIP, A.PICKUP]
    if rules.chance or rules.reset_stock_option:
        out.append(A.CHANCE)
    if rules.last_card_call:
        out.append(A.LAST_CARD)
        out.extend(A.CallOut(s) for s in range(players) if s != seat)
    return out


_BY_INDEX: tuple[Card, ...] = (*ALL_CARDS, JOKER)
_SINGLES: tuple[A.Play, ...] = tuple(A.Play((c,)) for c in _BY_INDEX)  # by Card.index
_new_play = A.Play.of_sorted
_new_flash = A.Flash.of_sorted
# The plays of one rank: (sort keys of the cards held, smallest count, largest count[, targets]) ->
# the plays, built once (an action is a value, so one object may serve every state that offers it).
# Few keys come up in practice; the bound holds a long session with many rule sets in check.
_PlaysKey = tuple[tuple[int, ...], int, int]
_FlashesKey = tuple[tuple[int, ...], int, int, tuple[int, ...]]
_RUNS: dict[_PlaysKey | _FlashesKey, tuple[A.Action, ...]] = {}
_RUNS_BOUND = 8192


def _remember_run(key: _PlaysKey | _FlashesKey, plays: tuple[A.Action, ...]) -> tuple[A.Action, ...]:
    if len(_RUNS) >= _RUNS_BOUND:
        _RUNS.clear()
    _RUNS[key] = plays
    return plays


def _sort_keys(rules: PalaceRules) -> tuple[tuple[int, ...], ...]:
    """Per card index, a key that sorts cards weakest first: ``play_order << 6 | index`` (``key &
    63`` is the card index, ``key >> 2`` tells the ranks apart). Entry 0 holds every card's key;
    entry ``top + 2`` holds -1 instead for a card that may not go alone on ``top`` (a rank code, -1
    for an empty pile), as :func:`~rules.palace.legality.allowed_tables` says. Built once per rule
    set."""
    global _LAST_KEYS
    keys = legality.per_rules(_PLAY_KEYS, rules, _build_sort_keys)
    _LAST_KEYS = (rules, keys)
    return keys


_PLAY_KEYS: dict[int, tuple[PalaceRules, tuple[tuple[int, ...], ...]]] = {}
_LAST_KEYS: tuple[PalaceRules | None, tuple[tuple[int, ...], ...]] = (None, ())


def _build_sort_keys(rules: PalaceRules) -> tuple[tuple[int, ...], ...]:
    order = rules.play_order
    every = tuple(order[i >> 2] << 6 | i for i in range(len(_BY_INDEX)))
    allowed = legality.allowed_tables(rules)
    return (every, *(tuple(k if ok_one[(k & 63) >> 2] else -1 for k in every) for ok_one in allowed[:15]))


def _run_of_plays(key: _PlaysKey) -> tuple[A.Action, ...]:
    cards = tuple(_BY_INDEX[k & 63] for k in key[0])
    return _remember_run(key, tuple(_new_play(cards[:k]) for k in range(key[1], key[2] + 1)))


def _run_of_flashes(key: _FlashesKey) -> tuple[A.Action, ...]:
    cards = tuple(_BY_INDEX[k & 63] for k in key[0])
    return _remember_run(key, tuple(_new_flash(cards[:k], t) for k in range(key[1], key[2] + 1) for t in key[3]))


def legal(st: Position) -> tuple[A.Action, ...]:
    """The legal actions; see the module notes. Card plays come first, weakest first: ordinary
    ranks from the lowest, then the special ranks (wild, clearing, flash, forcing); then the
    other actions of a turn, each asked of the predicate :func:`~rules.palace.decide.decide`
    uses."""
    if st.phase is not PLAY:
        return _legal_elsewhere(st)
    rules = st.rules
    seat = st.to_move
    zone = st.hands[seat]
    pile = st.pile
    if zone or st.stock:
        src = "hand"
    else:
        zone = st.face_up[seat]
        src = "face-up" if zone else "face-down"
    # legality.effective_top, inlined: this runs on every move
    if rules.transparent:
        top = legality.effective_top(rules, pile)
    else:
        top = pile[-1].index >> 2 if pile else -1
    out = _card_plays(st, zone, top) if zone else []
    can_play = src == "face-down" or bool(out)
    if src == "face-down":
        out.append(A.FLIP)  # flip_code: always, from the face-down cards
    elif src == "face-up" and take_up_code(st, src) is TAKE_UP:
        out.append(A.TAKE_UP)
    if pickup_code(st, can_play, top).legal:
        out.append(A.PICKUP)
    if chance_code(st, top).legal:
        out.append(A.CHANCE)
    if rules.last_card_call:  # the call exists in this rule set: who may make it, who be caught
        if last_card_code(st, seat) is LAST_CARD:
            out.append(A.LAST_CARD)
        out.extend(A.CallOut(s) for s in range(st.players) if s != seat and call_out_code(st, s) is CALL_OUT)
    return tuple(out)


def _card_plays(st: Position, zone: tuple[Card, ...], top: int) -> list[A.Action]:
    """The legal plays of the cards in ``zone`` on a pile whose live top is ``top`` (a rank code,
    -1 for nothing), from :func:`~rules.palace.legality.allowed_tables`: every run of one rank,
    weakest first, in each size the pile allows."""
    rules = st.rules
    previous = _LAST_KEYS  # the rule set of the previous move, nearly always this one
    tables = previous[1] if previous[0] is rules else _sort_keys(rules)
    opening = st.opening
    flash = rules.is_flash
    four = rules.four_of_a_kind if rules.four_anytime else 99
    if len(zone) < four:
        # the cards as sort keys, weakest first, those that may not go on top as -1 (first)
        table = tables[top + 2]
        ok_one = None
    else:  # four or more cards of a rank may go where one may not: ask per rank
        table = tables[0]
        allowed = legality.allowed_tables(rules)
        ok_one, ok_big = allowed[top + 1], allowed[top + 16]
    keys = [table[c.index] for c in zone]
    keys.sort()
    plays: list[A.Action] = []
    n = len(keys)
    i = keys.count(-1)
    while i < n:  # each rank's cards are a run of keys
        k = keys[i]
        rank_key = k >> 2
        j = i + 1
        while j < n and keys[j] >> 2 == rank_key:
            j += 1
        code = (k & 63) >> 2
        held = j - i
        first, last = 1, held
        if ok_one is not None:
            ok1 = ok_one[code]
            okn = ok_big[code] if held >= four else ok1
            if not (ok1 or okn):
                i = j
                continue
            if not ok1:
                first = four
            if not okn:
                last = four - 1
        if opening is None or opening_allows(st, code):
            if held == 1 and not flash[code]:
                plays.append(_SINGLES[k & 63])
            elif flash[code]:
                fkey = (tuple(keys[i:j]), first, last, flash_targets(st))
                plays.extend(_RUNS.get(fkey) or _run_of_flashes(fkey))
            else:
                key = (tuple(keys[i:j]), first, last)
                plays.extend(_RUNS.get(key) or _run_of_plays(key))
        i = j
    return plays


def _legal_elsewhere(st: Position) -> tuple[A.Action, ...]:
    """Legal actions outside an ordinary turn, built the way :func:`decide` would accept them."""
    ph = st.phase
    rules = st.rules
    seat = st.to_move
    if ph is CHOOSE:  # every choice of the right number of the dealt cards
        return tuple(map(A.Choose.of_sorted, _choices(st.hands[seat], st.size)))
    if ph is SWAP:
        ups = _distinct(st.face_up[seat])
        swaps = [_SWAPS.get((h.index, u.index)) or _swap(h, u) for h in _distinct(st.hands[seat]) for u in ups
                 if h.index != u.index]
        return (*swaps, A.READY)
    if ph is AFTER:
        w = st.window
        assert w is not None  # the moment after a play is open in this phase
        out: list[A.Action] = []
        if w.fresh:
            top = legality.effective_top(rules, st.pile)
            code = w.rank - 2
            out = [A.Quick.of_sorted(g) for g in groups(rules, w.fresh)
                   if legality.judge(rules, top, code, len(g)).legal]
        if w.flip:
            out.append(A.QUICK_FLIP)
        if last_card_code(st, seat) is LAST_CARD:
            out.append(A.LAST_CARD)
        out.append(A.PASS)
        return tuple(out)
    if ph is FLASH:
        # the flash cards the target could answer with (none when only face-down cards are left)
        flash = rules.is_flash
        mine = [c.index for c in st.source_cards(seat) if flash[c.index >> 2]]
        out = list(_REFLECTS.get(tuple(sorted(mine))) or _reflects(rules, mine)) if mine else []
        if check_stock(st, bool(mine)).legal:
            out.append(A.CHECK_STOCK)
        out.append(A.PICKUP)
        return tuple(out)
    if ph is REVEAL:  # the drawn card (played, or flashed at someone) or, after a chance, the pile
        card = st.drawn
        assert card is not None  # a drawn card waits in this phase
        code = card.index >> 2
        if rules.is_flash[code]:
            out = [A.Flash((card,), t) for t in flash_targets(st) if judge_group(st, code, 1, t)[0].legal]
        else:
            out = [A.Play((card,))] if judge_group(st, code, 1, None)[0].legal else []
        if st.drawn_from == "stock":
            out.append(A.PICKUP)
        return tuple(out)
    return tuple(a for a in candidates(st) if decide(st, a)[0].legal)


# The answers to a flash, by the sorted indexes of the flash cards held (one rank: any rules agree;
# bounded by construction: the subsets of one rank's five cards, for each rank)
_REFLECTS: dict[tuple[int, ...], tuple[A.Reflect, ...]] = {}


def _reflects(rules: PalaceRules, indexes: list[int]) -> tuple[A.Reflect, ...]:
    made = tuple(A.Reflect.of_sorted(g) for g in groups(rules, [_BY_INDEX[i] for i in indexes]))
    key = tuple(sorted(indexes))
    if key[0] >> 2 == key[-1] >> 2:  # of several ranks, the order would depend on the rules
        _REFLECTS[key] = made
    return made


# by the two cards' indexes (building a frozen dataclass is slow; bounded: 53 x 53 pairs at most)
_SWAPS: dict[tuple[int, int], A.Swap] = {}


def _swap(hand_card: Card, face_up_card: Card) -> A.Swap:
    made = _SWAPS[hand_card.index, face_up_card.index] = A.Swap(hand_card, face_up_card)
    return made


def _distinct(cards: Iterable[Card]) -> list[Card]:
    """The cards, each value once (compares indexes: hashing cards is slow)."""
    seen: set[int] = set()
    out = []
    for c in cards:
        if c.index not in seen:
            seen.add(c.index)
            out.append(c)
    return out


def _choices(hand: Iterable[Card], size: int) -> list[tuple[Card, ...]]:
    """Every distinct choice of ``size`` cards from ``hand``, each in canonical order."""
    cards = sorted(hand, key=_by_index)
    if len(set(map(_by_index, cards))) == len(cards):  # no card twice: every choice is distinct
        return list(combinations(cards, size))
    seen: set[tuple[int, ...]] = set()
    out = []
    for group in combinations(cards, size):
        key = tuple(map(_by_index, group))
        if key not in seen:
            seen.add(key)
            out.append(group)
    return out


def card_verdicts(st: Position, check: Callable[[A.Action], Verdict]) -> dict[Card, Verdict]:
    """Each card the player to move could put down now, alone, with its verdict (``check``:
    the state's one legality check, passed in so this module needs no import of the state)."""
    ph = st.phase
    rules = st.rules
    targets = flash_targets(st)
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
        assert st.drawn is not None  # a drawn card waits in this phase
        cards = (st.drawn,)
    elif ph is AFTER:
        cards = st.hands[st.to_move]
    else:
        cards = ()
    for card in cards:
        if card not in result:
            result[card] = check(action_for(card))
    return result
