"""Building a Palace game from plain data: a shuffled or stacked deal, or an explicit position.

``start(variant, setup)`` takes a JSON/TOML-friendly mapping. Keys:

Always
    ``seats``       list of player names, in playing order (2-6; BGA 2-4). Or ``players``: a count
                    (names become "Player 1", ...).
    ``alternates``  list of the preset's optional rules to switch on (house: ``ace-like-two``,
                    ``jokers-reverse``, ``last-card``, ``dealer-left``; caron: ``five-skips``,
                    ``four-reverses``; bga: ``short-game``). ``variant`` may also carry them:
                    ``"house+jokers-reverse"``.
    ``options``     the table's options by name and choice (``{"four-of-a-kind": "anytime"}``;
                    ``palace-tutor rules palace`` lists them), applied after ``alternates``; a
                    combination that contradicts itself is refused, naming the settings.
    ``rules_name``  the name of the table's own rule set (display only).
    ``dealer``      seat index of the dealer (default: the last seat, so seat 0 is on the left).
    ``seed``        int or string: shuffles the deck, and breaks random ties (BGA start).

A deal (the setup phase follows: choosing or swapping face-up cards, the house first card,
who starts)
    nothing else: a deck shuffled with ``seed`` (default 0);
    ``deck``        the deck in order, top card first ("As 2c ..."), dealt by the rules: one card
                    at a time from the dealer's left, face-down cards first; the rest is the stock;
    ``packs``, ``jokers``: override the number of packs and jokers of a shuffled deck.

An explicit position (play starts at once; for lessons and the checker)
    ``hands``       one entry per seat: a card string ("8h 8d") or a list of cards;
    ``face_up``, ``face_down``: the same (default: none); face-down cards are flipped in order;
    ``stock``       top card first (default: empty);   ``pile``: bottom card first (default: empty);
    ``cleared``     cards already out of the game (default: none);
    ``to_move``     seat to play (default: the preset's starting rule);
    ``again``       ``"reset"`` when the player to move is playing again after their own 2,
                    ``"clear"`` after a clear (default ``""``);
    ``out``         seats already out (BGA);   ``direction``: 1 (default) or -1;
    ``flashed_by``  seat that flashed the card on top of the pile at ``to_move`` (Caron).

Unknown keys, bad cards, impossible piles and wrong types raise NotationError naming the key
or token.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, counted, format_cards, make_deck, parse_cards, shuffled
from ..errors import NotationError
from ..options import read_setup_options
from ..refs import Event, ruling
from . import legality
from . import sections as S
from .words import cards_words
from .config import PalaceRules, rules_for
from .state import CHOOSE, FLASH, PLAY, SWAP, FlashInfo, PalaceState
from .turns import Turn, begin_play

COMMON_KEYS = {"seats", "players", "alternates", "options", "rules_name", "dealer", "seed"}
DEAL_KEYS = {"deck", "packs", "jokers"}
POSITION_KEYS = {"hands", "face_up", "face_down", "stock", "pile", "cleared", "to_move", "again", "out",
                 "direction", "flashed_by"}
SETUP_KEYS = frozenset(COMMON_KEYS | DEAL_KEYS | POSITION_KEYS)

DEAL_ORDER = ruling(
    "deal-order", S.house("Dealing"),
    "In what order are the cards dealt from a stacked deck?",
    "the documents give the batches (face-down cards first, then the rest) but not the order",
    "one card at a time round the table from the dealer's left: all face-down cards first, then the "
    "face-up ones (or, for choosing, the six cards to choose from), then the hands; the rest is the "
    "stock, top card first")
FIRST_CARD = ruling(
    "house-first-card-replacement", S.house("Dealing"),
    "Where does a first card that is an Ace, 2 or 10 go, and what about a Joker?",
    "an Ace, 2 or 10 turned as the first card goes back into the deck and another is turned",
    "it goes under the stock and the next card is turned, until an ordinary card shows; a Joker is "
    "sent back too, since it acts like a 10 (or reverses play) and is no fair first card")


def _fail(key: str, message: str, expected: str) -> NotationError:
    return NotationError(f"setup {key!r}: {message}", token=key, expected=expected)


def _cards(setup: Mapping[str, Any], key: str, default: Any = "") -> tuple[Card, ...]:
    raw = setup.get(key, default)
    if isinstance(raw, str):
        return parse_cards(raw, what=key)
    if isinstance(raw, (list, tuple)) and all(isinstance(x, str) for x in raw):
        return parse_cards(list(raw), what=key)
    raise _fail(key, f"expected cards as text or a list of card strings, got {raw!r}", "cards like '8h 8d'")


def _per_seat(setup: Mapping[str, Any], key: str, n: int) -> list[tuple[Card, ...]]:
    raw = setup.get(key)
    if raw is None:
        return [()] * n
    if not isinstance(raw, (list, tuple)) or len(raw) != n:
        raise _fail(key, f"expected one entry per seat ({n}), got {raw!r}", f"a list of {n} card strings")
    out = []
    for i, entry in enumerate(raw):
        if isinstance(entry, str):
            out.append(parse_cards(entry, what=f"{key}[{i}]"))
        elif isinstance(entry, (list, tuple)) and all(isinstance(x, str) for x in entry):
            out.append(parse_cards(list(entry), what=f"{key}[{i}]"))
        else:
            raise _fail(key, f"entry {i} should be cards, got {entry!r}", "cards like '8h 8d'")
    return out


def _int(setup: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    raw = setup.get(key, default)
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise _fail(key, f"expected a whole number from {low} to {high}, got {raw!r}", f"{low}..{high}")
    return raw


def _names(setup: Mapping[str, Any]) -> tuple[str, ...]:
    if "seats" in setup:
        raw = setup["seats"]
        if (not isinstance(raw, (list, tuple)) or not all(isinstance(x, str) and x.strip() for x in raw)):
            raise _fail("seats", f"expected a list of player names, got {raw!r}", "a list of names")
        names = tuple(x.strip() for x in raw)
        if len(set(n.lower() for n in names)) != len(names):
            raise _fail("seats", "two players have the same name", "distinct names")
        return names
    count = _int(setup, "players", 4, 1, 64)
    return tuple(f"Player {i + 1}" for i in range(count))


def start(variant: str | PalaceRules, setup: Mapping[str, Any] | None = None) -> PalaceState:
    """The initial state for ``variant`` (``house``, ``caron``, ``bga``) from a plain ``setup``."""
    setup = dict(setup or {})
    unknown = sorted(k for k in setup if k not in SETUP_KEYS)
    if unknown:
        raise _fail(unknown[0], f"unknown key; known keys: {', '.join(sorted(SETUP_KEYS))}",
                    " | ".join(sorted(SETUP_KEYS)))
    alternates = setup.get("alternates", [])
    if isinstance(alternates, str):
        alternates = [alternates]
    if not isinstance(alternates, (list, tuple)) or not all(isinstance(a, str) for a in alternates):
        raise _fail("alternates", f"expected a list of names, got {alternates!r}", "a list of names")
    rules = read_setup_options(rules_for(variant, alternates), setup)
    names = _names(setup)
    n = len(names)
    rules.check_players(n)
    dealer = _int(setup, "dealer", n - 1, 0, n - 1)
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise _fail("seed", f"expected a number or a string, got {seed!r}", "an int or a string")
    explicit = sorted(k for k in setup if k in POSITION_KEYS)
    if explicit:
        clash = sorted(k for k in setup if k in DEAL_KEYS)
        if clash:
            raise _fail(clash[0], f"a deal key cannot be mixed with position keys ({', '.join(explicit)})",
                        "either deck/packs/jokers or an explicit position")
        if "hands" not in setup:
            raise _fail(explicit[0], "an explicit position needs 'hands'", "hands = [...] per seat")
        return _position(rules, names, dealer, seed, setup)
    return _deal(rules, names, dealer, seed, setup)


def _base(rules: PalaceRules, names: tuple[str, ...], dealer: int, seed: int | str) -> dict[str, Any]:
    n = len(names)
    empty = ((),) * n
    return dict(rules=rules, names=names, size=rules.cards_for(n), dealer=dealer, seed=seed, phase=PLAY,
                to_move=0,
                direction=1, hands=empty, face_up=empty, face_down=empty, stock=(), pile=(), cleared=(),
                unused=(), again="", drawn=None, drawn_from="", flash=None, window=None, opening=None,
                out=(), winner=None, loser=None, peeked=(False,) * n, declared=(False,) * n, turn=0,
                notes=(), stock_shown=frozenset(), down_shown=(False,) * n)


def _deal(rules: PalaceRules, names: tuple[str, ...], dealer: int, seed: int | str,
          setup: Mapping[str, Any]) -> PalaceState:
    n = len(names)
    k = rules.cards_for(n)
    packs = _int(setup, "packs", rules.packs_for(n), 1, 8)
    jokers = _int(setup, "jokers", packs * rules.jokers_per_pack, 0, 16)
    if "deck" in setup:
        deck = _cards(setup, "deck")
        check_copies(deck, packs, jokers, "deck")
    else:
        deck = shuffled(make_deck(packs, jokers), seed)
    batches = 3 if rules.face_up_choice == "swap" else 2  # face-down, then up + hand (or 2k to choose)
    per_seat = k * 3
    if len(deck) < per_seat * n:
        raise _fail("deck", f"{len(deck)} cards cannot deal {per_seat} to each of {n} players "
                    f"[{rules.ref('deal')}]", f"at least {per_seat * n} cards")
    order = [(dealer + 1 + i) % n for i in range(n)]
    zones: dict[str, list[list[Card]]] = {z: [[] for _ in range(n)] for z in ("down", "up", "hand")}
    pos = 0
    plan = [("down", k), ("up", k), ("hand", k)] if batches == 3 else [("down", k), ("hand", 2 * k)]
    for zone, rounds in plan:
        for _ in range(rounds):
            for s in order:
                zones[zone][s].append(deck[pos])
                pos += 1
    stock: tuple[Card, ...] = deck[pos:]
    unused: tuple[Card, ...] = ()
    if rules.short_game:
        stock, unused = stock[:rules.short_game_stock], stock[rules.short_game_stock:]
    d = _base(rules, names, dealer, seed)
    d.update(hands=tuple(tuple(h) for h in zones["hand"]), face_up=tuple(tuple(u) for u in zones["up"]),
             face_down=tuple(tuple(c) for c in zones["down"]), stock=stock, unused=unused,
             phase=CHOOSE if rules.face_up_choice == "choose-from-dealt" else SWAP,
             to_move=order[0])
    dealt = (f"{k} face down, {k} face up and {k} in hand" if batches == 3 else
             f"{k} face down and {2 * k} to choose {k} face-up cards from")
    notes: list[Event] = [Event("deal", f"each player is dealt {dealt}; {len(stock)} cards form the stock",
                                rules.ref("deal"), (("each", k), ("stock", len(stock))))]
    if rules.first_card_from_stock and stock:
        pile, stock = _first_card(rules, stock, notes)
        # the cards sent under the stock were shown: the bottom places are known to all
        returned = sum(1 for e in notes if e.kind == "first-card-returned")
        d.update(pile=pile, stock=stock, stock_shown=frozenset(range(min(returned, len(stock)))))
    d["notes"] = tuple(notes)
    return PalaceState._make(d)


def _first_card(rules: PalaceRules, stock: tuple[Card, ...],
                notes: list[Event]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    ref = rules.ref("first_card_replaced")
    for _ in range(len(stock)):
        card, stock = stock[0], stock[1:]
        if card.rank not in rules.first_card_replaced:
            notes.append(Event("first-card", f"the dealer turns {cards_words((card,))} to start the pile", ref,
                               (("card", card),)))
            return (card,), stock
        notes.append(Event("first-card-returned", f"The {card.label} may not start the pile: it goes under the stock",
                           ref, (("card", card),)))
        stock = stock + (card,)
    return (), stock  # only special cards left: the pile starts empty


def check_copies(cards: Sequence[Card], packs: int, jokers: int, key: str) -> None:
    for card, count in Counter(cards).items():
        limit = jokers if card.is_joker else packs
        if count > limit:
            raise NotationError(
                f"setup {key!r}: {card} appears {count} times, but the game has "
                f"{'%d jokers' % jokers if card.is_joker else counted(packs, 'pack')}",
                token=str(card), expected=f"at most {limit} of each card")


def pile_problem(rules: PalaceRules, pile: Sequence[Card]) -> tuple[Card, str] | None:
    """Why ``pile`` (bottom first) could not have been built by legal plays, or ``None``.

    Each card must have been playable on the cards below it; a clearing card or a run that
    clears cannot stay on the pile; a flash card can only be on top (waiting for its answer).
    """
    for i, card in enumerate(pile):
        below = pile[:i]
        code = card.index >> 2
        if below and rules.is_flash[below[-1].index >> 2] and card.rank is not below[-1].rank:
            return card, (f"a flashed {below[-1].rank.word} is answered at once, so nothing else lies "
                          f"on it [{rules.ref('flash')}]")
        top = legality.effective_top(rules, below)
        verdict = legality.judge(rules, top, code, 1)
        if not verdict.legal:
            why = legality.verdict(rules, verdict, top, code, 1)
            return card, f"{why.reason} [{why.ref}]"
        if rules.is_clear[code]:
            return card, f"{card} clears the pile when played, so it cannot be in it [{rules.ref('clear')}]"
        if legality.run_length(pile[:i + 1]) >= rules.four_of_a_kind:
            return card, (f"{rules.four_of_a_kind} {card.rank.plural} in a row would have cleared the pile "
                          f"[{rules.ref('four_of_a_kind')}]")
    return None


def _position(rules: PalaceRules, names: tuple[str, ...], dealer: int, seed: int | str,
              setup: Mapping[str, Any]) -> PalaceState:
    n = len(names)
    hands = _per_seat(setup, "hands", n)
    face_up = _per_seat(setup, "face_up", n)
    face_down = _per_seat(setup, "face_down", n)
    stock, pile, cleared = _cards(setup, "stock"), _cards(setup, "pile"), _cards(setup, "cleared")
    packs = rules.packs_for(n)
    everything = [c for zone in (*hands, *face_up, *face_down, stock, pile, cleared) for c in zone]
    check_copies(everything, packs, packs * rules.jokers_per_pack, "cards")
    problem = pile_problem(rules, pile)
    if problem is not None:
        card, why = problem
        raise NotationError(f"setup 'pile': {card} cannot lie there: {why}", token=str(card),
                            expected="a pile that legal plays could have built")
    out_raw = setup.get("out", [])
    if not isinstance(out_raw, (list, tuple)) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in out_raw):
        raise _fail("out", f"expected a list of seat numbers, got {out_raw!r}", f"seats 0..{n - 1}")
    out = tuple(out_raw)
    for s in out:
        if hands[s] or face_up[s] or face_down[s]:
            raise _fail("out", f"seat {s} is out but still holds cards", "seats with no cards left")
    again = setup.get("again", "")
    if again not in ("", "reset", "clear"):
        raise _fail("again", f"expected '', 'reset' or 'clear', got {again!r}", "'' | reset | clear")
    direction = setup.get("direction", 1)
    if direction not in (1, -1) or isinstance(direction, bool):
        raise _fail("direction", f"expected 1 or -1, got {direction!r}", "1 | -1")
    d = _base(rules, names, dealer, seed)
    d.update(hands=tuple(hands), face_up=tuple(face_up), face_down=tuple(face_down), stock=stock,
             pile=pile, cleared=cleared, out=out, again=again, direction=direction)
    if rules.face_up_to_hand == "must" and not stock:  # the house rules take these up at once
        d["hands"] = tuple(h or u for h, u in zip(hands, face_up))
        d["face_up"] = tuple(() if not h else u for h, u in zip(hands, face_up))
    for s in range(n):
        if s not in out and not d["hands"][s] and stock:
            raise _fail("hands", f"seat {s} has an empty hand while the stock has cards: hands are "
                        f"refilled while the stock lasts [{rules.ref('refill')}]", "a hand for every seat")
    if "to_move" in setup:
        d["to_move"] = _int(setup, "to_move", 0, 0, n - 1)
    else:
        turn = Turn(PalaceState._make(d))
        begin_play(turn)
        d.update(to_move=turn.d["to_move"], opening=turn.d["opening"] if not pile and not cleared else None)
        d["notes"] = tuple(turn.ev)
    mover = d["to_move"]
    if mover in out:
        raise _fail("to_move", f"seat {mover} is already out", "a seat still in the game")
    if all(not z for z in (d["hands"][mover], d["face_up"][mover], d["face_down"][mover])):
        raise _fail("to_move", f"seat {mover} has no cards to play", "a seat holding cards")
    if len([s for s in range(n) if s not in out]) < 2:
        raise _fail("out", "fewer than two players are left in the game", "at least two players still in")
    if "flashed_by" in setup:
        flasher = _int(setup, "flashed_by", 0, 0, n - 1)
        if not pile or not rules.is_flash[pile[-1].index >> 2]:
            raise _fail("flashed_by", "the pile's top card is not a flash card", "a flash card on top")
        if flasher == mover or flasher in out:
            raise _fail("flashed_by", "the flasher must be another player still in", "another seat")
        d.update(flash=FlashInfo(flasher, mover, flasher), phase=FLASH)
    elif pile and rules.is_flash[pile[-1].index >> 2]:
        raise NotationError(f"setup 'pile': {pile[-1]} on top is a flash waiting for its answer: say who "
                            f"flashed it with 'flashed_by'", token=str(pile[-1]), expected="flashed_by = SEAT")
    return PalaceState._make(d)


def position_setup(state: PalaceState) -> dict[str, Any]:
    """The explicit-position setup (the keys above) of a game in play: the same seats,
    cards and turn, so one position can be judged under other rules with
    ``start(other_rules, position_setup(state))``. It is the start of the mover's turn:
    what only a turn in progress holds (a chanced card not yet played, a quick-throw
    window, a peek, a flash already sent back or checked against the stock, the BGA
    opening player's duty to lay the lowest card) is not carried. Cards set aside unseen (BGA short game) count as cleared. Raises
    NotationError outside play (the deal and setup phases, a game over)."""
    if state.phase not in (PLAY, FLASH) or state.is_over:
        raise NotationError("only a position in play can be set up again: the deal and the choice of "
                            "face-up cards differ between rule sets", token=str(state.phase),
                            expected="a position in play")
    fmt = format_cards
    setup: dict[str, Any] = {
        "seats": list(state.names), "dealer": state.dealer, "seed": state.seed,
        "hands": [fmt(h) for h in state.hands], "face_up": [fmt(u) for u in state.face_up],
        "face_down": [fmt(d) for d in state.face_down], "stock": fmt(state.stock), "pile": fmt(state.pile),
        "cleared": fmt(state.cleared + state.unused), "to_move": state.to_move, "again": state.again,
        "out": list(state.out), "direction": state.direction}
    if state.flash is not None:
        setup["flashed_by"] = state.flash.flasher
    return setup
