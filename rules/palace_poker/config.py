"""Palace Poker's rule options, as one frozen value with named presets.

Every field says which section of ``palace-poker.txt`` it comes from. Presets
are the document's own variations; stakes can be changed per game (a lesson's
setup passes ``stakes``), the rest of a preset is what the name says.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from ..core import Presets
from ..errors import NotationError
from .sections import ref


@dataclass(frozen=True)
class PokerRules:
    """One way of playing Palace Poker."""

    # § The Deal: stakes are quoted "small/big", e.g. $5/$10.
    small_bet: int = 5
    big_bet: int = 10
    # § Bet (or battle): in no-limit the (soldiers + 1) x small bet formula is
    # the least an attacker may bet instead of the exact amount.
    no_limit: bool = False
    # § The Deal: "usually" half a small bet rounded down; None means that.
    ante: int | None = None
    # § Winning the Pot: survivors sharing one banner suit split the pot.
    # False is § No Pot Sharing Rule: they have a showdown instead.
    pot_sharing: bool = True
    # § Open Market Rule: the top discard may be bought for a big bet.
    open_market: bool = False
    # § Kings in the House Rule: own-suit K, Q, J among the palace cards may
    # stand for an ace, only in a five-high straight or straight flush.
    kings_in_the_house: bool = False
    # § Palace Poker without money: free buys and attacks, no calling or
    # raising, the winner scores win_points minus soldiers held, up to target.
    points: bool = False
    target: int = 100
    win_points: int = 10
    # No section states a cap on raises in one battle (ruling
    # palace-poker-raise-cap): None is no cap; a number caps raises per battle.
    raise_cap: int | None = None
    # § Buy: at most five soldiers.
    max_soldiers: int = 5
    # § Palace Cards: three each.
    palace_cards: int = 3

    def __post_init__(self) -> None:
        if self.small_bet < 0 or self.big_bet < 0:
            raise ValueError("stakes cannot be negative")
        if not self.points and not 0 < self.small_bet <= self.big_bet:
            raise ValueError(f"stakes {self.small_bet}/{self.big_bet}: the small bet must be positive "
                             f"and at most the big bet ({ref('The Deal', 'stakes')})")
        if self.ante is not None and self.ante < 0:
            raise ValueError("the ante cannot be negative")
        if self.raise_cap is not None and self.raise_cap < 0:
            raise ValueError("the raise cap cannot be negative")
        if self.target <= 0:
            raise ValueError("the points target must be positive")

    @property
    def ante_amount(self) -> int:
        """§ The Deal: half a small bet rounded down unless set; nothing in the points game."""
        if self.points:
            return 0
        return self.small_bet // 2 if self.ante is None else self.ante

    @property
    def buy_cost(self) -> int:
        """§ Buy: one small bet (free in the points game)."""
        return 0 if self.points else self.small_bet

    @property
    def market_cost(self) -> int:
        """§ Open Market Rule: one big bet (free in the points game)."""
        return 0 if self.points else self.big_bet

    @property
    def shares_pot(self) -> bool:
        """Whether same-suit survivors split (§ Winning the Pot) rather than show down
        (§ No Pot Sharing Rule; the points game never splits)."""
        return self.pot_sharing and not self.points

    @property
    def stakes(self) -> str:
        return f"{self.small_bet}/{self.big_bet}"

    def with_overrides(self, overrides: Mapping[str, Any], *, where: str = "rules") -> "PokerRules":
        """A copy with some fields changed; an unknown field raises NotationError naming it."""
        names = {f.name: f for f in fields(self)}
        for key, value in overrides.items():
            if key not in names:
                raise NotationError(f"{where}: unknown rule option {key!r}; known: {', '.join(names)}",
                                    token=str(key), expected=" | ".join(names))
            expected = bool if isinstance(getattr(self, key), bool) else int
            if value is not None and not (isinstance(value, expected) and
                                          (expected is bool or not isinstance(value, bool))):
                raise NotationError(f"{where}: option {key!r} needs {expected.__name__}, got {value!r}",
                                    token=str(value), expected=expected.__name__)
        try:
            return replace(self, **dict(overrides))
        except ValueError as err:
            raise NotationError(f"{where}: {err}", token=str(dict(overrides)), expected="valid rules") from None


PRESETS = Presets("palace-poker", {
    "limit": PokerRules(),
    "no-limit": PokerRules(no_limit=True),
    "no-pot-sharing": PokerRules(pot_sharing=False),
    "open-market": PokerRules(open_market=True),
    "kings-in-the-house": PokerRules(kings_in_the_house=True),
    "points": PokerRules(points=True, pot_sharing=False),
})
