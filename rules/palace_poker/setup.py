"""Starting a Palace Poker hand from plain data (lessons, share links, the app).

``start(variant, setup)`` (``rules.palace_poker.start``) takes a preset name and a
JSON/TOML-style mapping; the functions here deal the hand's fields (a
:class:`.model.Hand`) of the class they are given, the state.
Setup keys (any other key is an error naming it):

``seats`` (required)
    Player names, 2 to 10, in clockwise order. Names are unique (ignoring
    case), may not contain ``:`` or ``|`` nor start with ``@``, and may not be a
    card (``Qs``) or a number, so actions like ``bet Qs``, ``bet @2`` and
    ``Brad: call`` stay unambiguous.
``dealer``
    The dealer's name. Omitted: the last seat deals, so ``seats`` reads from
    the dealer's left. ``"draw"``: the first dealer is found by dealing one card
    each, high card wins, ties draw again (§ The Deal), as ``deal`` actions.
``stakes``
    ``"5/10"`` or ``[5, 10]``: the small and big bet (default from the preset: 5/10).
``rules``
    A table of rule options to change (fields of ``PokerRules``: ``ante``,
    ``raise_cap``, ``target``, ...).
``options``
    The table's options, by name and choice (``{"betting": "no-limit",
    "open-market": "on"}``): ``PokerRules.OPTIONS``, ``palace-tutor rules
    palace-poker`` lists them. Applied after ``rules`` and ``stakes``; a
    combination that contradicts itself is refused, naming the settings.
``rules_name``
    The name of the table's own rule set (display only).
``stacks``
    Chips per player: one number for all, a list in seat order, or a table by
    name. Default: 100 big bets each (nothing in the points game).
``scores``
    Points game: points each player already has (a table by name or a list).
``deck``
    The pack for the banner deal, top first: a list of cards or one string
    (``["8c", "Jc", "3h", ...]``). It may list only the top cards; the rest
    follow in the order given by ``seed``.
``palace_deck``
    The deck after the set-aside banner cards go back and the dealer shuffles
    (§ Palace Cards), top first, partial allowed: the palace cards are dealt
    from it, one at a time from the dealer's left, then the buys.
``reshuffles``
    A list of orders, one per later shuffle in the order they happen (the
    draw's cards going back, the banner deal running out, the discard pile
    becoming a new deck), each top first and partial allowed.
``draw_deck``
    With ``dealer = "draw"``: the pack for the draw for dealer, top first.
``seed``
    An integer or string: orders every card no list above places. A setup
    needs ``deck`` or ``seed`` (or both).
``hand``
    The hand's number (default 1), for narration.

The document's example: ``seats = ["Aaron", "Brad", "Christine", "Dave",
"Elena", "Frank"]`` (Frank deals), ``deck = ["8c", "Jc", "3h", "Ts", "2c",
"5h", "Th", "Kh", "Jd", "4d", "Td", "Qs"]``, and a ``palace_deck`` listing the
18 palace cards in dealing order then the bought cards (5c 7s 9c 2h Jc).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from ..cards import ALL_CARDS, Card, parse_cards
from ..errors import NotationError
from ..options import read_setup_options
from .config import PRESETS, PokerRules
from .deck import ShufflePlan, stack_order
from .flow import deal_out
from .model import DealerDraw, Hand, Phase, Player
from .payout import next_dealer
from .sections import ref

H = TypeVar("H", bound=Hand)

SETUP_KEYS = ("seats", "dealer", "stakes", "rules", "options", "rules_name", "stacks", "scores", "deck", "palace_deck", "reshuffles",
              "draw_deck", "seed", "hand")
MIN_PLAYERS, MAX_PLAYERS = 2, 10


def _bad(message: str, token: Any, expected: str) -> NotationError:
    return NotationError(f"setup: {message}", token=str(token), expected=expected)


def _names(raw: Any) -> tuple[str, ...]:
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise _bad(f"'seats' must be a list of player names, got {raw!r}", raw, "a list of names")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise _bad(f"Palace Poker takes 2 to 10 players, 'seats' has {len(raw)} ({ref('Palace Poker')})", len(raw),
                   "2 to 10 names")
    names, seen = [], set()
    for raw_name in raw:
        if not isinstance(raw_name, str) or not raw_name.strip():
            raise _bad(f"a player name must be non-empty text, got {raw_name!r}", raw_name, "a name")
        name = raw_name.strip()
        if ":" in name or "|" in name or name.startswith("@"):
            raise _bad(f"player name {name!r} may not contain ':' or '|' nor start with '@' (action notation "
                       "writes a seat as @N)", name, "a name without : or |, not starting with @")
        if name.replace("$", "").isdigit():
            raise _bad(f"player name {name!r} may not be a number", name, "a name")
        try:
            Card.parse(name)
        except NotationError:
            pass
        else:
            raise _bad(f"player name {name!r} reads as a card; pick another name", name, "a name")
        if name.casefold() in seen:
            raise _bad(f"player name {name!r} is used twice", name, "distinct names")
        seen.add(name.casefold())
        names.append(name)
    return tuple(names)


def _per_seat(raw: Any, names: tuple[str, ...], key: str, default: int) -> tuple[int, ...]:
    if raw is None:
        return (default,) * len(names)
    if isinstance(raw, bool):
        raise _bad(f"'{key}' must be a number, a list or a table, got {raw!r}", raw, "chips")
    if isinstance(raw, int):
        values = [raw] * len(names)
    elif isinstance(raw, Mapping):
        lower = {n.casefold(): i for i, n in enumerate(names)}
        values = [default] * len(names)
        for who, v in raw.items():
            if str(who).casefold() not in lower:
                raise _bad(f"'{key}' names {who!r}, who is not in 'seats'", who, " | ".join(names))
            values[lower[str(who).casefold()]] = v
    elif isinstance(raw, Sequence) and not isinstance(raw, str):
        if len(raw) != len(names):
            raise _bad(f"'{key}' lists {len(raw)} values for {len(names)} seats", len(raw), f"{len(names)} values")
        values = list(raw)
    else:
        raise _bad(f"'{key}' must be a number, a list or a table, got {raw!r}", raw, "chips")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise _bad(f"'{key}' values must be whole numbers of 0 or more, got {v!r}", v, "a whole number")
    return tuple(values)


def _cards(raw: Any, key: str) -> tuple[Card, ...] | None:
    if raw is None:
        return None
    if isinstance(raw, str):
        return parse_cards(raw, unique=True, what=key)
    if isinstance(raw, Sequence):
        for item in raw:
            if not isinstance(item, str):
                raise _bad(f"'{key}' must list cards as text, got {item!r}", item, "cards like 'Qs'")
        return parse_cards(list(raw), unique=True, what=key)
    raise _bad(f"'{key}' must be a list of cards (top first), got {raw!r}", raw, "a list of cards")


def _stakes(raw: Any, rules: PokerRules) -> PokerRules:
    if raw is None:
        return rules
    if isinstance(raw, str):
        parts = raw.replace("$", "").split("/")
    elif isinstance(raw, Sequence):
        parts = list(raw)
    else:
        parts = []
    try:
        small, big = (int(p) for p in parts)
    except (TypeError, ValueError):
        raise _bad(f"'stakes' must be like \"5/10\" or [5, 10], got {raw!r}", raw, "SMALL/BIG") from None
    return rules.with_overrides({"small_bet": small, "big_bet": big}, where="setup 'stakes'")


def start(cls: type[H], variant: str, setup: Mapping[str, Any]) -> H:
    """The initial state of a hand, a ``cls`` (see the module docstring for ``setup``)."""
    if not isinstance(setup, Mapping):
        raise _bad(f"expected a table of setup keys, got {type(setup).__name__}", setup, ", ".join(SETUP_KEYS))
    for key in setup:
        if key not in SETUP_KEYS:
            raise NotationError(f"setup: unknown key {key!r}; known keys: {', '.join(SETUP_KEYS)}",
                                token=str(key), expected=" | ".join(SETUP_KEYS))
    rules = PRESETS[variant]
    if setup.get("rules") is not None:
        if not isinstance(setup["rules"], Mapping):
            raise _bad(f"'rules' must be a table of rule options, got {setup['rules']!r}", setup["rules"],
                       "a table")
        rules = rules.with_overrides(setup["rules"], where="setup 'rules'")
    rules = read_setup_options(_stakes(setup.get("stakes"), rules), setup)
    if "seats" not in setup:
        raise NotationError("setup: 'seats' is required (the players' names, clockwise)", token="seats",
                            expected="seats = [names]")
    names = _names(setup["seats"])
    stacks = _per_seat(setup.get("stacks"), names, "stacks", 0 if rules.points else 100 * rules.big_bet)
    scores = _per_seat(setup.get("scores"), names, "scores", 0)
    seed = setup.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise _bad(f"'seed' must be a whole number or text, got {seed!r}", seed, "a seed")
    if setup.get("deck") is None and seed is None:
        raise NotationError("setup needs a 'deck' (stacked, top first) or a 'seed'", token="deck",
                            expected="deck = [...] or seed = N")
    reshuffles = setup.get("reshuffles") or ()
    if isinstance(reshuffles, str) or not isinstance(reshuffles, Sequence):
        raise _bad("'reshuffles' must be a list of card lists", reshuffles, "[[cards], ...]")
    dealer_raw = setup.get("dealer")
    hand = setup.get("hand", 1)
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
        raise _bad(f"'hand' must be a whole number from 1, got {hand!r}", hand, "1, 2, ...")
    if dealer_raw is None:
        dealer: int | str = len(names) - 1
    elif isinstance(dealer_raw, str) and dealer_raw.strip().casefold() == "draw":
        dealer = "draw"
    else:
        match = [i for i, n in enumerate(names) if isinstance(dealer_raw, str) and n.casefold() ==
                 dealer_raw.strip().casefold()]
        if not match:
            raise _bad(f"'dealer' {dealer_raw!r} is not one of the seats ({', '.join(names)}) nor \"draw\"",
                       dealer_raw, " | ".join(names) + " | draw")
        dealer = match[0]
    if setup.get("draw_deck") is not None and dealer != "draw":
        raise _bad("'draw_deck' is only used with dealer = \"draw\"", "draw_deck", 'dealer = "draw"')
    plan = ShufflePlan(seed if seed is not None else 0, 0, _cards(setup.get("deck"), "deck"),
                       _cards(setup.get("palace_deck"), "palace_deck"),
                       tuple(_cards(r, f"reshuffles[{k}]") or () for k, r in enumerate(reshuffles)))
    state = build(cls, rules, variant, names, stacks, scores, dealer, plan,
                  _cards(setup.get("draw_deck"), "draw_deck"), hand)
    deal_out(state)  # a stacked order that cannot be dealt fails now, naming the card
    return state


def build(cls: type[H], rules: PokerRules, variant: str, names: tuple[str, ...], stacks: tuple[int, ...],
          scores: tuple[int, ...], dealer: int | str, plan: ShufflePlan,
          draw_deck: tuple[Card, ...] | None = None, hand: int = 1) -> H:
    ante = rules.ante_amount
    for name, chips in zip(names, stacks):
        if chips < ante:
            raise _bad(f"{name} has {chips} chips, less than the ante of {ante}", name, f"at least {ante} chips")
    players = tuple(Player(n, s, score=sc) for n, s, sc in zip(names, stacks, scores))
    common: dict[str, Any] = dict(rules=rules, variant=variant, players=players, chips=sum(stacks), hand_number=hand)
    if dealer == "draw":
        pack = stack_order(ALL_CARDS, draw_deck or (), f"{plan.seed}/draw", "draw_deck")
        return cls(dealer=None, phase=Phase.DEALER_DRAW, deck=pack, plan=plan,
                   draw=DealerDraw(tuple(range(len(names)))), **common)
    plan, pack = plan.arrange(ALL_CARDS, "deck", "deck")
    phase = Phase.ANTE if ante > 0 else Phase.BANNERS
    seat = int(dealer)  # a seat, the draw for dealer being the other case
    return cls(dealer=seat, phase=phase, deck=pack, plan=plan, actor=seat, **common)


def next_hand(state: H, setup: Mapping[str, Any]) -> H:
    """The next hand after ``state``: the deal moves one seat to the left, players
    who cannot pay the ante sit out, stacks and scores carry over."""
    if not state.is_over:
        raise ValueError("the hand is not over yet")
    if state.game_winner is not None:
        raise ValueError(f"the game is over: {state.game_winner} reached {state.rules.target} points")
    allowed = {"deck", "palace_deck", "reshuffles", "seed"}
    for key in setup:
        if key not in allowed:
            raise NotationError(f"next hand: unknown key {key!r}; known: {', '.join(sorted(allowed))}",
                                token=str(key), expected=" | ".join(sorted(allowed)))
    ante = state.rules.ante_amount
    keep = [i for i, p in enumerate(state.players) if p.stack >= ante]
    if len(keep) < MIN_PLAYERS:
        raise ValueError("fewer than two players can pay the ante")
    if state.dealer is None:
        raise ValueError("the hand has no dealer yet")
    new_dealer = next_dealer(state.players, state.dealer, ante)
    names = tuple(state.players[i].name for i in keep)
    seed = setup.get("seed", f"{state.plan.seed}/hand{state.hand_number + 1}")
    plan = ShufflePlan(seed, 0, _cards(setup.get("deck"), "deck"), _cards(setup.get("palace_deck"), "palace_deck"),
                       tuple(_cards(r, f"reshuffles[{k}]") or () for k, r in enumerate(setup.get("reshuffles") or ())))
    new = build(type(state), state.rules, state.variant, names, tuple(state.players[i].stack for i in keep),
                tuple(state.players[i].score for i in keep), keep.index(new_dealer), plan,
                hand=state.hand_number + 1)
    deal_out(new)  # a stacked order that cannot be dealt fails now, naming the card
    return new
