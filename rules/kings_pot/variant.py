"""The King's Pot rule configuration: a frozen dataclass with named presets.

Every field names the source section it comes from (``metadata["section"]``)
and, where the source leaves the value open, the ruling that fixes it. Amounts
(ante, bet sizes, stacks) are not rules but stakes agreed at the table: they
are part of the setup (see :mod:`rules.kings_pot.setup`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from ..core import Presets
from ..refs import ruling
from . import sections as S
from .tableau import SPARE_CARDS, RevealSchedule, max_buy

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


def _f(default, section: str, doc: str, ruling_key: str = ""):
    return field(default=default, metadata={"section": section, "doc": doc, "ruling": ruling_key})


@dataclass(frozen=True)
class KingsPotRules:
    """How a King's Pot deal is played. Presets: ``standard`` and ``flat-ante``."""

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

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players <= SPARE_CARDS:
            raise ValueError("players must range within 1..22 (one spare card each at least)")
        if self.min_buy < 1 or self.min_buy > max_buy(self.max_players):
            raise ValueError("min_buy must be at least 1 and within the max buy of a full table")
        if self.raise_cap < 0:
            raise ValueError("raise_cap cannot be negative")

    def max_buy(self, players: int) -> int:
        """Most cards a player may buy at this table size (ruling kings-pot-max-buy)."""
        return max_buy(players)

    @classmethod
    def field_docs(cls) -> dict[str, dict[str, str]]:
        """Per field: the source section, what it means and the ruling that fixes it."""
        return {f.name: dict(f.metadata) for f in fields(cls)}


PRESETS = Presets("kings-pot", {
    "standard": KingsPotRules(),
    "flat-ante": KingsPotRules(ante_per_card=False),
})
