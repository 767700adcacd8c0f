"""The King's Pot rule configuration: a frozen dataclass with named presets.

Every field names the source section it comes from (``metadata["section"]``)
and, where the source leaves the value open, the ruling that fixes it. The
amounts (ante, bet sizes) are stakes agreed at the table: table settings here,
which a setup may also give directly (``ante``, ``min_bet``, ``max_bet``, see
:mod:`rules.kings_pot.setup`); the stacks belong to the setup alone.
``OPTIONS`` lists what a table may choose, by name (``with_options``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ..cards import counted
from ..core import Presets
from ..options import Choice, Configurable, Conflict, OptionSet, TableOption, whole_number
from ..refs import ruling
from . import sections as S
from .tableau import MAX_BUY_RULING, SPARE_CARDS, RevealSchedule, max_buy

KINGS_POT_WINS = ("beats-every-hand", "best-backed-hand")
MAX_BET_SIZES = 100  # bet sizes a table may set (max_bet - min_bet + 1): each is a legal action to list

ANTE_RULING = ruling(
    "kings-pot-ante-buys-cards",
    S.ref(S.ANTES, "what the ante pays for"),
    "What does a player pay for the cards they buy, and where does that money go?",
    "says the antes go into the King's pot and, right after, that players get as many cards as "
    "they paid for; it names no other price",
    "the ante is the price of one card: a player pays one ante for every card bought, straight into "
    "the King's pot. Everyone must buy at least one card, so everyone antes at least once (the "
    "forced bet). The amount is whatever the table agrees (setup 'ante'). The flat-ante preset "
    "instead takes one ante per player and hands the cards out free")

BET_SIZE_RULING = ruling(
    "kings-pot-bet-sizes",
    S.ref(S.FIRST_REVEAL, "normal poker betting"),
    "How big may bets and raises be, and how many raises are allowed in a round?",
    "asks for ordinary poker betting (bet, raise, call) paid for every card held, with no sizes "
    "or limits",
    "spread limit: a bet, and each raise on top of it, is a whole number of chips per card "
    "between the table's min_bet and max_bet; a round allows one bet and at most three raises "
    "(the raise_cap of the rules). 'raise N' raises by N per card")


def _f(default: Any, section: str, doc: str, ruling_key: str = "") -> Any:
    return field(default=default, metadata={"section": section, "doc": doc, "ruling": ruling_key})


@dataclass(frozen=True)
class KingsPotRules(Configurable):
    """How a King's Pot deal is played. Presets: ``standard`` and ``flat-ante``."""

    OPTIONS: ClassVar[OptionSet]

    min_players: int = _f(3, S.PLAYERS_AND_CARDS, "fewest players at the table")
    max_players: int = _f(22, S.PLAYERS_AND_CARDS,
                          "most players: one spare card each (see also the max-buy rule)")
    min_buy: int = _f(1, S.BUYING, "every player buys at least one card", ANTE_RULING.key)
    ante_per_card: bool = _f(True, S.ANTES,
                             "True: one ante per card bought; False: one ante per player, cards free",
                             ANTE_RULING.key)
    reveal: RevealSchedule = _f(RevealSchedule(), S.FIRST_REVEAL,
                                "which cells each reveal round turns", "kings-pot-reveal-order")
    raise_cap: int = _f(3, S.FIRST_REVEAL, "raises allowed after the opening bet in one betting round",
                        BET_SIZE_RULING.key)
    ante: int = _f(1, S.ANTES, "chips of the ante: a card's price, or each player's ante in flat-ante",
                   ANTE_RULING.key)
    min_bet: int = _f(1, S.FIRST_REVEAL, "smallest bet or raise, per card held", BET_SIZE_RULING.key)
    max_bet: int = _f(5, S.FIRST_REVEAL, "largest bet or raise, per card held", BET_SIZE_RULING.key)
    buy_limit: int | None = _f(None, S.BUYING, "most cards a player may buy; None: the 22 spare cards "
                               "shared evenly", MAX_BUY_RULING.key)
    kings_pot_win: str = _f("beats-every-hand", S.KINGS_POT,
                            "beats-every-hand: the King's hand must beat all twelve tableau hands; "
                            "best-backed-hand: it must be the one best hand that players back",
                            "kings-pot-kings-hand-wins")

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players <= SPARE_CARDS:
            raise ValueError("players must range within 1..22 (one spare card each at least)")
        if self.min_buy < 1 or self.min_buy > max_buy(self.max_players):
            raise ValueError("min_buy must be at least 1 and within the max buy of a full table")
        if self.raise_cap < 0:
            raise ValueError("raise_cap cannot be negative")
        if self.kings_pot_win not in KINGS_POT_WINS:
            raise ValueError(f"kings_pot_win must be one of {KINGS_POT_WINS}")
        if self.ante < 0 or self.min_bet < 1 or self.max_bet < 1:
            raise ValueError("the ante cannot be negative and bets are at least 1 chip")
        if self.buy_limit is not None and not 1 <= self.buy_limit <= SPARE_CARDS:
            raise ValueError(f"a buy limit is 1 to {SPARE_CARDS} cards")

    def conflicts(self) -> tuple[Conflict, ...]:
        found = []
        if self.min_bet > self.max_bet:
            found.append(Conflict((f"min-bet={self.min_bet}", f"max-bet={self.max_bet}"),
                                  "the smallest bet cannot be above the largest", S.ref(S.FIRST_REVEAL)))
        elif self.max_bet - self.min_bet + 1 > MAX_BET_SIZES:
            found.append(Conflict((f"min-bet={self.min_bet}", f"max-bet={self.max_bet}"),
                                  f"a table sets at most {MAX_BET_SIZES} bet sizes (max-bet "
                                  f"{self.min_bet + MAX_BET_SIZES - 1} at most with this min-bet)",
                                  S.ref(S.FIRST_REVEAL)))
        if self.buy_limit is not None and self.buy_limit < self.min_buy:
            found.append(Conflict((f"max-buy={self.buy_limit}",), f"every player buys at least {counted(self.min_buy, 'card')}", S.ref(S.BUYING)))
        return tuple(found)

    def max_buy(self, players: int) -> int:
        """Most cards a player may buy at this table size (ruling kings-pot-max-buy), or the
        table's own limit (option max-buy)."""
        return max_buy(players) if self.buy_limit is None else self.buy_limit

    def table_conflicts(self, players: int) -> tuple[Conflict, ...]:
        """Settings that cannot hold at a table of ``players``: every player may buy up to the
        limit, and only the 22 spare cards are for sale."""
        if self.buy_limit is not None and self.buy_limit * players > SPARE_CARDS:
            return (Conflict((f"max-buy={self.buy_limit}", f"{players} players"),
                             f"{players} players buying {counted(self.buy_limit, 'card')} each would need "
                             f"{self.buy_limit * players} cards, and only {SPARE_CARDS} are left to sell "
                             f"(at most {max_buy(players)} each)", S.ref(S.BUYING)),)
        return ()

    @classmethod
    def field_docs(cls) -> dict[str, dict[str, str]]:
        """Per field: the source section, what it means and the ruling that fixes it."""
        return {f.name: dict(f.metadata) for f in fields(cls)}


KingsPotRules.OPTIONS = OptionSet("King's Pot", (
    TableOption(
        "ante", "How many chips is the ante?", S.ref(S.ANTES), ("ante",), kind="setting",
        free=whole_number(0, 10**9, "chips", "chip")),
    TableOption(
        "ante-pays-for", "What does the ante pay for?", S.ref(S.ANTES, "what the ante pays for"),
        ("ante_per_card",), ruling=ANTE_RULING.key, choices=(
            Choice("each-card", True, "one ante for every card bought: the ante is a card's price"),
            Choice("each-player", False, "one ante per player, whatever they buy; the cards are free"))),
    TableOption(
        "max-buy", "How many cards may each player buy?", S.ref(S.BUYING, "maximum buy per table size"),
        ("buy_limit",), kind="setting", ruling=MAX_BUY_RULING.key, choices=(
            Choice("even-share", None, "the 22 spare cards shared evenly, rounded down (3 players: 7, "
                                       "4: 5, 5: 4, 6-7: 3, 8-11: 2, 12-22: 1)"),),
        free=whole_number(1, SPARE_CARDS, "cards each at most", "card each at most")),
    TableOption(
        "min-bet", "What is the smallest bet or raise, per card held?", S.ref(S.FIRST_REVEAL, "normal poker betting"),
        ("min_bet",), kind="setting", ruling=BET_SIZE_RULING.key, free=whole_number(1, 10**9, "chips a card", "chip a card")),
    TableOption(
        "max-bet", "What is the largest bet or raise, per card held?", S.ref(S.FIRST_REVEAL, "normal poker betting"),
        ("max_bet",), kind="setting", ruling=BET_SIZE_RULING.key, free=whole_number(1, 10**9, "chips a card", "chip a card")),
    TableOption(
        "raise-cap", "How many raises may follow the bet in one betting round?",
        S.ref(S.FIRST_REVEAL, "normal poker betting"), ("raise_cap",), kind="setting", ruling=BET_SIZE_RULING.key,
        free=whole_number(0, 99, "raises a round", "raise a round")),
    TableOption(
        "kings-pot-win", "When is the King's hand 'the winning hand' that takes the King's pot too?",
        S.ref(S.KINGS_POT, "the King's hand is the winning hand"), ("kings_pot_win",),
        ruling="kings-pot-kings-hand-wins", choices=(
            Choice("beats-every-hand", "beats-every-hand",
                   "only when it beats all twelve tableau hands, backed or not"),
            Choice("best-backed-hand", "best-backed-hand",
                   "when it is the one best hand that players back: its backers take both pots"))),
))


PRESETS = Presets("kings-pot", {
    "standard": KingsPotRules(),
    "flat-ante": KingsPotRules(ante_per_card=False),
})
