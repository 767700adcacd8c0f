"""The legality decision for every Palace action, and its explanation.

:func:`decide` is the only place that says yes or no. It returns
``(legal, code, details)``; :func:`explain` turns that into words, a rule
reference and (where one of our readings decides it) a ruling.
"""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from ..cards import Card
from ..refs import Verdict, ruling
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


def _targets(st: PalaceState) -> list[int]:
    return [s for s in range(st.players) if s != st.to_move and s not in st.out]


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
            if not rules.flash_check_stock:
                return False, "check-off", ()
            if st.flash.checked:
                return False, "check-done", ()
            if not st.stock:
                return False, "check-empty", ()
            if any(rules.is_flash[c.index >> 2] for c in st.source_cards(seat)):
                return False, "check-has-flash", ()
            return True, "check-stock", ()
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


def _last_card(st: PalaceState, seat: int) -> tuple[bool, str, tuple]:
    if not st.rules.last_card_call:
        return False, "last-card-off", ()
    if not st.owes_call(seat):
        return False, "last-card-not-owed", ()
    return True, "last-card", ()


# -- words ------------------------------------------------------------------
_PHASE_WORDS = {
    CHOOSE: "players are choosing their face-up cards",
    SWAP: "players are swapping hand and face-up cards",
    PLAY: "it is an ordinary turn",
    REVEAL: "the card just turned up must be dealt with first",
    FLASH: "a flashed card is waiting for its answer",
    AFTER: "the last player may still throw a just-drawn card or announce their last card",
    OVER: "the game is over",
}
_PHASE_REF = {CHOOSE: "face_up_choice", SWAP: "face_up_choice", PLAY: "no_skip",
              REVEAL: "chance_only", FLASH: "flash", AFTER: "quick_play",
              OVER: "win"}


def explain(st: PalaceState, a: A.Action, legal: bool, code: str, d: tuple) -> Verdict:
    """The verdict for a :func:`decide` result: our words, the section, the ruling if any."""
    rules = st.rules
    if code[0] == "+" or code in ("force-blocked", "lower-blocked", "too-low", "clear-too-low"):
        top, rank, count = d
        return legality.verdict(rules, code, top, rank, count)
    ruling_ = None
    if code == "over":
        text, key = "the game is over", "win"
    elif code == "wrong-phase":
        text, key = f"'{d[0]}' is not possible now: {_PHASE_WORDS[d[1]]}", _PHASE_REF[d[1]]
    elif code == "mixed-ranks":
        text, key = f"{d[0]} is another rank: one play is one or more cards of a single rank", "multiples"
    elif code == "table-locked":
        text = (f"{d[0]} is on the table: face-up cards wait until your hand and the stock are "
                f"both empty")
        key = "table_cards"
    elif code == "not-held":
        text, key = f"{d[0]} is not among your {d[1]} cards", "multiples"
    elif code == "use-flip":
        text, key = "only face-down cards are left: turn one over with 'flip'", "face_down"
    elif code == "needs-target":
        text, key = (f"a {legality.rank_of(d[0]).word} is shown to a chosen player: name one, as in "
                     f"'flash ... @1'"), "flash"
    elif code == "bad-target":
        text, key = f"@{d[0]} is not another player still in the game", "flash"
    elif code == "not-flash-rank":
        text, key = (f"only flash cards are shown to a player, and a {legality.rank_of(d[0]).word} is "
                     f"not one"), "flash"
    elif code == "opening":
        text, key = f"the opening play must include your lowest card, a {d[0].word}", "starter"
        ruling_ = _STARTER_TIE
    elif code == "flip":
        text, key = "turn over your next face-down card: it is played if it can be, otherwise " \
                    "you take it with the pile", "face_down"
    elif code == "flip-not-yet":
        text, key = ("face-down cards come only after your hand, the stock and your face-up cards "
                     "are all used up"), "face_down_wait"
    elif code == "pickup-empty":
        text, key = "the pile is empty: there is nothing to take, and a turn cannot be skipped", "no_skip"
    elif code == "pickup-forced":
        text, key = "nothing you can play goes on this pile, so you take it", "pickup"
        top = st.top
        if top is not None and top in rules.force_pickup:
            text, key = f"the {top.word} on top makes you take the pile unless you answer it", "force_pickup"
    elif code == "pickup-voluntary":
        text, key = "you may take the pile even though you could play", "voluntary_pickup"
    elif code == "pickup-not-voluntary":
        text, key, ruling_ = ("you have a card that can be played, and in this rule set the pile is "
                              "taken only when nothing can be (try a chance instead)"), "voluntary_pickup", NO_VOLUNTARY
    elif code == "pickup-reset":
        text, key, ruling_ = ("after your own 2 you play again, or take a chance on the stock's top "
                              "card (keeping it means taking the pile)"), "reset", RESET_CHOICES
    elif code == "chance-off":
        text, key = "this rule set has no chance: play or take the pile", "chance"
    elif code == "chance-empty":
        text, key, ruling_ = "the stock is empty, so there is nothing to chance", "chance", CHANCE_EMPTY
    elif code == "chance":
        text, key = ("draw the stock's top card, then play it if it can go or keep it with the pile; "
                     "nothing else is played this turn"), "chance_only"
        top = st.top
        if top is not None and top in rules.force_pickup:
            ruling_ = CHANCE_VS_ACE
    elif code == "take-up-off":
        text, key = "face-up cards are not taken into the hand in this rule set", "face_up_to_hand"
    elif code == "take-up-not-yet":
        text, key = "the face-up cards can be taken only once your hand and the stock are empty", "table_cards"
    elif code == "take-up":
        text, key = "take your face-up cards into your hand", "face_up_to_hand"
    elif code == "last-card-off":
        text, key = "announcing the last card is not part of this rule set", "last_card_call"
    elif code == "last-card-not-owed":
        text, key = "there is nothing to announce: that is for a player down to one face-down card", \
                    "last_card_call"
    elif code == "last-card":
        text, key = "announce that you are down to your last face-down card", "last_card_call"
    elif code == "call-out-not-owed":
        text, key = f"@{d[0]} has nothing to be caught for", "last_card_call"
    elif code == "call-out":
        text, key = (f"{_name(st, d[0])} is down to one face-down card without saying so: they take "
                     f"the pile"), "last_card_call"
    elif code == "reveal-other":
        text, key = f"the card in play is the one just turned up, {d[0]}", "chance_only"
    elif code == "keep-drawn":
        text, key = "keep the drawn card and take the pile with it", "chance"
    elif code == "reveal-must-play":
        text, key = "a face-down card that can be played must be played", "face_down"
    elif code == "reflect-rank":
        text, key = f"{d[0]} cannot send a flash back: only a flash card can", "flash"
    elif code == "reflect-face-down":
        text, key = "face-down cards are played blind, one per turn: they cannot answer a flash", "flash"
    elif code == "reflect":
        text, key = f"send the flash back with your own {d[0].word}", "flash"
    elif code == "check-off":
        text, key = "this rule set does not let a flashed player try the stock", "flash"
    elif code == "check-done":
        text, key, ruling_ = "the stock has already been checked for this flash", "flash_check_stock", FLASH_CHECK
    elif code == "check-empty":
        text, key = "the stock is empty", "flash_check_stock"
    elif code == "check-has-flash":
        text, key, ruling_ = ("you hold a card that can send the flash back: the stock may be tried only "
                              "without one"), "flash_check_stock", FLASH_CHECK
    elif code == "check-stock":
        text, key, ruling_ = "look at the stock's top card: if it can send the flash back it is played", \
                             "flash_check_stock", FLASH_CHECK
    elif code == "flash-pickup":
        text, key = "take the pile instead of answering the flash", "flash"
    elif code == "quick-rank":
        text, key = f"{d[0]} is not a {d[1].word}: only the rank just played may be thrown now", "quick_play"
    elif code == "quick-not-fresh":
        text, key = (f"{d[0]} was not drawn just now: only cards from this refill may be thrown "
                     f"before the next player"), "quick_play"
    elif code == "quick-flip":
        text, key = "your next face-down card has the rank just played: throw it at once", "quick_face_down"
    elif code == "quick-flip-no":
        text, key = "your next face-down card cannot be thrown at once now", "quick_face_down"
    elif code == "pass":
        text, key = "let the next player move", "quick_play"
    elif code == "choose-count":
        text, key = f"choose exactly {d[0]} face-up cards (you named {d[1]})", "face_up_choice"
    elif code == "choose":
        text, key = "put these cards face up; the rest is your hand", "face_up_choice"
    elif code == "swap-same":
        text, key = "swapping a card for an identical one changes nothing", "face_up_choice"
    elif code == "swap":
        text, key = "swap a hand card with a face-up card", "face_up_choice"
    elif code == "ready":
        text, key = "done swapping", "face_up_choice"
    else:  # pragma: no cover - every code above is listed
        raise AssertionError(code)
    return Verdict(legal, text, rules.ref(key), ruling_)


def _name(st: PalaceState, seat: int) -> str:
    return st.names[seat] if 0 <= seat < st.players else f"@{seat}"


from .starter import LOWEST_TIE as _STARTER_TIE  # noqa: E402


# -- what to ask about ------------------------------------------------------
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


_PLAYS: dict[tuple[int, ...], A.Play] = {}


def _play_of(group: tuple[Card, ...]) -> A.Play:
    """The (shared, immutable) Play of a canonical group."""
    key = tuple([c.index for c in group]) if len(group) > 1 else group[0].index
    play = _PLAYS.get(key)
    if play is None:
        play = _PLAYS[key] = A.Play(group)
    return play


_FLASHES: dict[tuple, A.Flash] = {}


def _flash_of(group: tuple[Card, ...], target: int) -> A.Flash:
    key = (tuple([c.index for c in group]), target)
    flash = _FLASHES.get(key)
    if flash is None:
        flash = _FLASHES[key] = A.Flash(group, target)
    return flash


def legal(st: PalaceState) -> tuple[A.Action, ...]:
    """The legal actions. On an ordinary turn they are generated directly from the same
    :func:`legality.judge` that :func:`decide` uses (this runs on every move of random play);
    elsewhere the candidates are filtered through :func:`decide`. The random-play tests check
    that both ways give the same set at every step.

    Card plays come first, weakest first: ordinary ranks from the lowest, then the special ranks
    (wild, clearing, flash, forcing) from the lowest."""
    if st.phase is not PLAY:
        return tuple(a for a in candidates(st) if decide(st, a)[0])
    rules = st.rules
    seat = st.to_move
    zone = st.hands[seat]
    src = "hand"
    if not zone and not st.stock:
        zone = st.face_up[seat]
        src = "face-up" if zone else "face-down"
    out: list[A.Action] = []
    can_play = not zone
    if zone:
        top = legality.effective_top(rules, st.pile)
        ok_one = legality.allowed(rules, top, False)
        opening = st.opening - 2 if st.opening is not None else -1
        four = rules.four_of_a_kind if rules.four_anytime else 99
        ok_big = legality.allowed(rules, top, True) if four < 99 and len(zone) >= four else ok_one
        by_code: dict[int, list[Card]] = {}
        for c in zone:
            code = c.index >> 2
            same = by_code.get(code)
            if same is None:
                by_code[code] = [c]
            else:
                same.append(c)
        codes = sorted(by_code, key=rules.play_order.__getitem__) if len(by_code) > 1 else by_code
        for code in codes:
            if opening >= 0 and code != opening:
                continue
            same = by_code[code]
            n = len(same)
            ok1 = ok_one[code]
            okn = ok1 if n < four else ok_big[code]
            if not (ok1 or okn):
                continue
            can_play = True
            if n > 1:
                same.sort(key=_by_index)
            sizes = range(1, n + 1) if ok1 and okn else range(1, min(n + 1, four)) if ok1 else range(four, n + 1)
            if rules.is_flash[code]:
                targets = _targets(st)
                out.extend([_flash_of(tuple(same[:k]), t) for k in sizes for t in targets])
            elif n == 1:
                out.append(_play_of((same[0],)))
            else:
                out.extend([_play_of(tuple(same[:k])) for k in sizes])
        if src == "face-up" and rules.face_up_to_hand == "may":
            out.append(A.TAKE_UP)
    else:
        out.append(A.FLIP)
    if st.pile and (not can_play or (rules.voluntary_pickup and st.again != "reset")):
        out.append(A.PICKUP)
    if st.stock and (rules.chance or (st.again == "reset" and rules.reset_stock_option)):
        out.append(A.CHANCE)
    if rules.last_card_call:
        if st.owes_call(seat):
            out.append(A.LAST_CARD)
        out.extend(A.CallOut(s) for s in range(st.players) if s != seat and st.owes_call(s))
    return tuple(out)


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
