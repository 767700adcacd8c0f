"""Reading a deal's setup: plain, JSON-compatible data (lessons write it in TOML,
share links carry it).

Setup keys (all amounts are whole chips):

``players``   (required) list of 3 to 22 distinct names, in seating order
              (clockwise). The player after the dealer acts first.
``dealer``    the dealer, a player's name or 0-based seat index; default 0 (the
              first player listed). The dealer also plays.
``stacks``    each player's chips at the start of the deal: one number for
              everybody, a list in seat order, or a table name -> chips;
              default 100 each.
``ante``      chips per card bought, paid into the King's pot (``standard``); in
              ``flat-ante`` the chips each player pays once. Default 1 (the
              rules' ``ante`` setting).
``min_bet``   smallest bet or raise, per card; default 1 (the rules' setting).
``max_bet``   largest bet or raise, per card; default 5 (the rules' setting). A
              table sets at most ``MAX_BET_SIZES`` (100) sizes from ``min_bet`` to
              ``max_bet``: every size is a legal action to list, so the spread
              bounds the work.
``options``   the table's options by name and choice (``{"kings-pot-win":
              "best-backed-hand", "max-buy": 2}``; ``palace-tutor rules kings-pot``
              lists them), applied after the three amounts above.
``rules_name`` the name of the table's own rule set (display only).
``kings_pot`` chips already in the King's pot, carried from earlier deals;
              default 0.
``deck``      a stacked deck in dealing order: the 25 tableau cells row by row
              from the top left, the 5 cards of the King's hand, then the spare
              cards players buy from, top first. One string, or a list of
              strings each holding one or more cards (a row per item, say). At least 30 cards; the cards not given follow in pack order
              (2c 2d 2h 2s 3c ...).
``seed``      instead of ``deck``: shuffle the pack with this seed (int or str).

Exactly one of ``deck`` and ``seed`` is required. Any other key is refused
with a :class:`NotationError` naming it, as is a bad value (naming the key).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import ALL_CARDS, Card, counted, parse_cards, shuffled
from ..errors import NotationError
from ..options import RuleConflictError, read_setup_options
from . import sections as S
from .tableau import CELLS, KINGS_HAND_SIZE, PACK
from .variant import MAX_BET_SIZES, KingsPotRules

SETUP_KEYS = ("players", "dealer", "stacks", "ante", "min_bet", "max_bet", "kings_pot", "deck", "seed",
              "options", "rules_name")
DEFAULT_STACK = 100
_MAX_CHIPS = 10**12  # far beyond any table; keeps arithmetic and displays sane


@dataclass(frozen=True)
class Table:
    """The fixed facts of one deal, read from the setup."""

    players: tuple[str, ...]
    dealer: int
    stacks: tuple[int, ...]
    ante: int
    min_bet: int
    max_bet: int
    kings_pot: int
    deck: tuple[Card, ...]          # all 52 cards in dealing order
    stacked: tuple[str, ...] | None  # the deck as given (None when shuffled by seed)
    seed: int | str | None

    @property
    def tableau(self) -> tuple[Card, ...]:
        return self.deck[:CELLS]

    @property
    def kings_hand(self) -> tuple[Card, ...]:
        return self.deck[CELLS:CELLS + KINGS_HAND_SIZE]

    @property
    def spare(self) -> tuple[Card, ...]:
        return self.deck[CELLS + KINGS_HAND_SIZE:]

    def as_setup(self) -> dict[str, Any]:
        """The setup mapping this table was read from, in canonical form."""
        out: dict[str, Any] = {
            "players": list(self.players), "dealer": self.dealer, "stacks": list(self.stacks),
            "ante": self.ante, "min_bet": self.min_bet, "max_bet": self.max_bet,
            "kings_pot": self.kings_pot,
        }
        if self.stacked is not None:
            out["deck"] = list(self.stacked)
        else:
            out["seed"] = self.seed
        return out


def _bad(key: str, message: str, token: Any = None) -> NotationError:
    return NotationError(f"setup {key!r}: {message}",
                         token=str(token if token is not None else key), expected=key)


def _chips(key: str, value: Any, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(key, f"expected a whole number of chips, got {value!r}", value)
    if not minimum <= value <= _MAX_CHIPS:
        raise _bad(key, f"{value} is out of range ({minimum} to {_MAX_CHIPS})", value)
    return value


def _check_keys(setup: Mapping[str, Any]) -> None:
    if not isinstance(setup, Mapping):
        raise NotationError(f"a setup is a table of keys, not {type(setup).__name__}",
                            token=repr(setup)[:40], expected=", ".join(SETUP_KEYS))
    for key in setup:
        if key not in SETUP_KEYS:
            raise NotationError(f"unknown setup key {key!r}; known: {', '.join(SETUP_KEYS)}",
                                token=str(key), expected=", ".join(SETUP_KEYS))


def table_rules(rules: KingsPotRules, setup: Mapping[str, Any]) -> KingsPotRules:
    """The rules a setup plays: its amounts (``ante``, ``min_bet``, ``max_bet``), then its
    ``options``. Refusals name the key, or the conflicting settings."""
    _check_keys(setup)
    ante = _chips("ante", setup.get("ante", rules.ante))
    min_bet = _chips("min_bet", setup.get("min_bet", rules.min_bet), minimum=1)
    max_bet = _chips("max_bet", setup.get("max_bet", rules.max_bet), minimum=1)
    if max_bet < min_bet:
        raise _bad("max_bet", f"{max_bet} is below min_bet {min_bet}", max_bet)
    if max_bet - min_bet + 1 > MAX_BET_SIZES:
        raise _bad("max_bet", f"{max_bet} with min_bet {min_bet} makes {max_bet - min_bet + 1:,} bet sizes; a table "
                   f"sets at most {MAX_BET_SIZES} (max_bet {min_bet + MAX_BET_SIZES - 1} at most here)", max_bet)
    if (ante, min_bet, max_bet) != (rules.ante, rules.min_bet, rules.max_bet):
        rules = rules.replaced({"ante": ante, "min_bet": min_bet, "max_bet": max_bet}, where="setup")
    return read_setup_options(rules, setup)


def read_setup(rules: KingsPotRules, setup: Mapping[str, Any]) -> Table:
    """Check and normalise a setup mapping; raises :class:`NotationError` naming the key
    (:class:`~rules.options.RuleConflictError` for options that cannot hold at this table)."""
    rules = table_rules(rules, setup)
    players = _players(rules, setup.get("players"))
    found = rules.table_conflicts(len(players))
    if found:
        raise RuleConflictError(f"setup: {found[0]}", settings=found[0].settings)
    dealer = _dealer(setup.get("dealer", 0), players)
    stacks = _stacks(setup.get("stacks", DEFAULT_STACK), players)
    ante, min_bet, max_bet = rules.ante, rules.min_bet, rules.max_bet
    kings_pot = _chips("kings_pot", setup.get("kings_pot", 0))
    for name, stack in zip(players, stacks):
        # everyone must be able to pay for one card (or the flat ante)
        if stack < ante * rules.min_buy:
            raise _bad("stacks", f"{name} has {stack} chips, less than the {ante * rules.min_buy} "
                       f"needed to buy {counted(rules.min_buy, 'card')} [{S.ref(S.ANTES)}]", stack)
    deck, stacked, seed = _deck(setup)
    return Table(players, dealer, stacks, ante, min_bet, max_bet, kings_pot, deck, stacked, seed)


def _players(rules: KingsPotRules, value: Any) -> tuple[str, ...]:
    if value is None:
        raise _bad("players", "required: a list of 3 to 22 player names")
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise _bad("players", f"expected a list of names, got {value!r}", value)
    names = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise _bad("players", f"a player's name must be non-empty text, got {item!r}", item)
        name = item.strip()
        if name in names:
            raise _bad("players", f"{name!r} is listed twice; names must be distinct", name)
        names.append(name)
    if not rules.min_players <= len(names) <= rules.max_players:
        raise _bad("players", f"{len(names)} players; King's Pot needs {rules.min_players} to "
                   f"{rules.max_players} [{S.ref(S.PLAYERS_AND_CARDS)}]", len(names))
    return tuple(names)


def _dealer(value: Any, players: tuple[str, ...]) -> int:
    if isinstance(value, str):
        if value.strip() not in players:
            raise _bad("dealer", f"{value!r} is not one of the players", value)
        return players.index(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(players):
        raise _bad("dealer", f"expected a player's name or a seat 0-{len(players) - 1}, got {value!r}",
                   value)
    return value


def _stacks(value: Any, players: tuple[str, ...]) -> tuple[int, ...]:
    if isinstance(value, Mapping):
        for name in value:
            if name not in players:
                raise _bad("stacks", f"{name!r} is not one of the players", name)
        missing = [p for p in players if p not in value]
        if missing:
            raise _bad("stacks", f"no stack given for {missing[0]!r}", missing[0])
        return tuple(_chips("stacks", value[p]) for p in players)
    if isinstance(value, (list, tuple)):
        if len(value) != len(players):
            raise _bad("stacks", f"{len(value)} stacks for {len(players)} players", len(value))
        return tuple(_chips("stacks", v) for v in value)
    return (_chips("stacks", value),) * len(players)


def _deck(setup: Mapping[str, Any]) -> tuple[tuple[Card, ...], tuple[str, ...] | None, int | str | None]:
    has_deck, has_seed = "deck" in setup, "seed" in setup
    if has_deck == has_seed:
        raise NotationError(
            "setup needs exactly one of 'deck' (a stacked deck) and 'seed' (a shuffle)"
            + (", not both" if has_deck else ""), token="deck" if has_deck else "seed",
            expected="deck | seed")
    if has_seed:
        seed = setup["seed"]
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise _bad("seed", f"expected a whole number or text, got {seed!r}", seed)
        return shuffled(ALL_CARDS, seed), None, seed
    value = setup["deck"]
    if not isinstance(value, (str, list, tuple)) or not all(isinstance(t, str) for t in value):
        raise _bad("deck", f"expected card strings in dealing order, got {value!r}"[:120], "deck")
    try:
        # list items may hold several cards each (a row per item reads well in TOML)
        text = value if isinstance(value, str) else " ".join(value)
        given = parse_cards(text, unique=True, what="setup 'deck'")
    except NotationError as err:
        raise NotationError(str(err), token=err.token, expected=err.expected) from None
    if any(c.is_joker for c in given):
        raise _bad("deck", f"King's Pot uses a 52-card pack without jokers [{S.ref(S.PLAYERS_AND_CARDS)}]",
                   "Jk")
    need = CELLS + KINGS_HAND_SIZE
    if not need <= len(given) <= PACK:
        raise _bad("deck", f"{len(given)} cards; give at least the {CELLS} tableau cells and the "
                   f"{KINGS_HAND_SIZE} of the King's hand ({need}), at most {PACK} [{S.ref(S.TABLEAU)}]",
                   len(given))
    placed = set(given)
    rest = tuple(c for c in ALL_CARDS if c not in placed)
    return given + rest, tuple(str(c) for c in given), None
