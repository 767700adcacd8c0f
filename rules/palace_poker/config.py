"""Palace Poker's rule options, as one frozen value with named presets.

Every field says which section of ``palace-poker.txt`` it comes from. Presets
are the document's own variations; stakes can be changed per game (a lesson's
setup passes ``stakes``), the rest of a preset is what the name says.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Mapping

from ..core import Presets
from ..errors import NotationError
from ..options import Choice, Configurable, Conflict, FreeForm, OptionSet, TableOption, whole_number
from .sections import ref

KINGS_SCOPES = ("everywhere", "battles")
SHORT_STACKS = ("all-in", "pay-in-full")
FOUR_KICKERS = ("must-count", "rescued-too")
SMALL_RAISES = ("first-raise", "every-raise")
TIED_LAST_BATTLES = ("split", "showdown")


@dataclass(frozen=True)
class PokerRules(Configurable):
    """One way of playing Palace Poker. ``OPTIONS`` (below) are the questions a
    table may settle its own way; ``with_options`` sets them by name."""

    OPTIONS: ClassVar[OptionSet]

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
    # § Kings in the House Rule: where a wild royal card works (ruling
    # palace-poker-kings-in-the-house-scope): "everywhere" or only in "battles".
    kings_scope: str = "everywhere"
    # § Call: a player short of chips may call "all-in", or must "pay-in-full"
    # (and fold otherwise) (ruling palace-poker-short-stacks).
    short_stack: str = "all-in"
    # § Banner Suits: the four-of-a-kind exception rescues the four only ("must-count": the kicker
    # must count anyway) or the kicker too (ruling palace-poker-four-of-a-kind-kicker).
    four_kicker: str = "must-count"
    # § Raise: the one-small-bet raise of a player without soldiers is for the defender's
    # "first-raise" only, or for "every-raise" (ruling palace-poker-later-raises).
    small_raise: str = "first-raise"
    # § No Pot Sharing Rule: a tied battle between the last two still "split"s the pot, or the
    # rule sends them to a "showdown" too (ruling palace-poker-no-pot-sharing-scope).
    tied_last_battle: str = "split"

    def __post_init__(self) -> None:
        if self.kings_scope not in KINGS_SCOPES:
            raise ValueError(f"kings_scope must be one of {KINGS_SCOPES}")
        if self.short_stack not in SHORT_STACKS:
            raise ValueError(f"short_stack must be one of {SHORT_STACKS}")
        if self.four_kicker not in FOUR_KICKERS:
            raise ValueError(f"four_kicker must be one of {FOUR_KICKERS}")
        if self.small_raise not in SMALL_RAISES:
            raise ValueError(f"small_raise must be one of {SMALL_RAISES}")
        if self.tied_last_battle not in TIED_LAST_BATTLES:
            raise ValueError(f"tied_last_battle must be one of {TIED_LAST_BATTLES}")
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

    def conflicts(self) -> tuple[Conflict, ...]:
        """Settings the points game cannot honour: it has no money (§ Palace Poker without money);
        a reading of the No Pot Sharing Rule at a table that shares pots."""
        found = []
        if self.tied_last_battle == "showdown" and (self.pot_sharing or self.points):
            found.append(Conflict(
                ("tied-last-battle=showdown", "scoring=points" if self.points else "pot-sharing=split"),
                "the points game ends a tied last battle with nobody scoring" if self.points else
                "a showdown after a tied last battle is a reading of the No Pot Sharing Rule, which this table "
                "does not play (choose pot-sharing=showdown)", ref("No Pot Sharing Rule")))
        if not self.points:
            return tuple(found)
        why = ref("Palace Poker without money")
        if self.no_limit:
            found.append(Conflict(("scoring=points", "betting=no-limit"),
                                  "the points game has no betting at all, so there is no limit to lift", why))
        if self.pot_sharing:
            found.append(Conflict(("scoring=points", "pot-sharing=split"),
                                  "the points game never splits: players left with one banner suit show down "
                                  "(choose pot-sharing=showdown)", why))
        if self.ante:
            found.append(Conflict(("scoring=points", f"ante={self.ante}"),
                                  "the points game has no money, so nobody antes", why))
        return tuple(found)

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
            current = getattr(self, key)
            expected = bool if isinstance(current, bool) else str if isinstance(current, str) else int
            if value is not None and not (isinstance(value, expected) and
                                          (expected is bool or not isinstance(value, bool))):
                raise NotationError(f"{where}: option {key!r} needs {expected.__name__}, got {value!r}",
                                    token=str(value), expected=expected.__name__)
        try:
            return replace(self, **dict(overrides))
        except ValueError as err:
            raise NotationError(f"{where}: {err}", token=str(dict(overrides)), expected="valid rules") from None


def _parse_stakes(text: str) -> tuple[int, int]:
    parts = text.replace("$", "").split("/")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) < 10
                                  for p in parts):
        raise ValueError("write the small and the big bet as SMALL/BIG, like 5/10")
    small, big = (int(p) for p in parts)
    if not 0 < small <= big:
        raise ValueError(f"{small}/{big}: the small bet must be at least 1 and at most the big bet")
    return small, big


PokerRules.OPTIONS = OptionSet("Palace Poker", (
    TableOption(
        "stakes", "How much are the small and the big bet?", ref("The Deal", "stakes"),
        ("small_bet", "big_bet"), kind="setting",
        free=FreeForm("SMALL/BIG in whole chips, like 5/10", _parse_stakes, lambda v: f"{v[0]}/{v[1]}",
                      lambda v: f"a small bet of {v[0]} and a big bet of {v[1]}"),
        get=lambda r: (r.small_bet, r.big_bet), put=lambda v: {"small_bet": v[0], "big_bet": v[1]}),
    TableOption(
        "betting", "Is the bet in a battle a fixed amount, or only the least one may bet?",
        ref("Bet (or battle)"), ("no_limit",), kind="variation", choices=(
            Choice("limit", False, "limit: every bet and raise is the fixed amount"),
            Choice("no-limit", True, "no-limit: the amounts are the least one may bet or raise"))),
    TableOption(
        "ante", "How much does each player ante for the banner card?", ref("The Deal", "ante"), ("ante",),
        kind="setting", choices=(
            Choice("half-small-bet", None, "half a small bet, rounded down (the usual ante)"),),
        free=whole_number(0, 10**9, "chips each", "chip each")),
    TableOption(
        "pot-sharing", "When the players left all have one banner suit, do they split the pot or show down?",
        ref("No Pot Sharing Rule"), ("pot_sharing",), kind="variation", choices=(
            Choice("split", True, "they split the pot at once"),
            Choice("showdown", False, "they show down for it (the No Pot Sharing Rule)"))),
    TableOption(
        "open-market", "May a player buy the top card of the discard pile, for a big bet?",
        ref("Open Market Rule"), ("open_market",), kind="variation", choices=(
            Choice("off", False, "only the draw deck is for sale"),
            Choice("on", True, "the top discard is for sale too, for a big bet (the Open Market Rule)"))),
    TableOption(
        "kings-in-the-house", "May a king, queen or jack of one's own suit in the palace play as an ace "
        "in a five-high straight?", ref("Kings in the House Rule"), ("kings_in_the_house",),
        kind="variation", choices=(
            Choice("off", False, "royal cards are never wild"),
            Choice("on", True, "an own-suit royal card in the palace may be the ace of a five-high straight"))),
    TableOption(
        "scoring", "Is the game played for money or for points?", ref("Palace Poker without money"),
        ("points",), kind="variation", choices=(
            Choice("money", False, "for chips: antes, bets, calls and raises"),
            Choice("points", True, "for points: buying and attacking are free, the winner of a hand "
                                   "scores ten less the soldiers held"))),
    TableOption(
        "points-target", "In the points game, how many points win the game?", ref("Palace Poker without money"),
        ("target",), kind="setting", free=whole_number(1, 100_000, "points", "point")),
    TableOption(
        "raise-cap", "How many raises may the two players in a battle make?", ref("Raise"), ("raise_cap",),
        ruling="palace-poker-raise-cap", choices=(
            Choice("none", None, "no cap: they raise until one calls, folds or runs out of chips"),),
        free=whole_number(0, 99, "raises in one battle at most", "raise in one battle at most")),
    TableOption(
        "kings-in-the-house-scope", "Under Kings in the House, does a wild royal card also count at a showdown?",
        ref("Kings in the House Rule"), ("kings_scope",), ruling="palace-poker-kings-in-the-house-scope",
        choices=(
            Choice("everywhere", "everywhere", "it counts wherever hands are compared, battles and showdowns"),
            Choice("battles", "battles", "it counts in bet battles only; at a showdown it is an ordinary card"))),
    TableOption(
        "short-stack", "May a player call with fewer chips than the call costs?", ref("Call"), ("short_stack",),
        ruling="palace-poker-short-stacks", choices=(
            Choice("all-in", "all-in", "yes: they call with everything they have left (table stakes)"),
            Choice("pay-in-full", "pay-in-full", "no: a call is paid in full, so a player who cannot pay it "
                                                 "must fold"))),
    TableOption(
        "four-of-a-kind-kicker", "When a four of a kind counts whole despite the opponent's banner suit, may "
        "its fifth card be of that suit too?", ref("Banner Suits", "four-of-a-kind exception"), ("four_kicker",),
        ruling="palace-poker-four-of-a-kind-kicker", choices=(
            Choice("must-count", "must-count", "no: only the four are rescued; the fifth card must count anyway"),
            Choice("rescued-too", "rescued-too", "yes: the whole five-card hand counts, kicker included"))),
    TableOption(
        "small-raise", "A player without soldiers raises by one small bet: on the defender's first raise only, "
        "or on every raise?", ref("Raise"), ("small_raise",), ruling="palace-poker-later-raises", choices=(
            Choice("first-raise", "first-raise", "the defender's first raise only; every later raise is a big bet"),
            Choice("every-raise", "every-raise", "every raise by a player without soldiers is one small bet"))),
    TableOption(
        "tied-last-battle", "Under the No Pot Sharing Rule, do the last two players split the pot after a tied "
        "battle, or show down for it?", ref("No Pot Sharing Rule"), ("tied_last_battle",),
        ruling="palace-poker-no-pot-sharing-scope", choices=(
            Choice("split", "split", "they split it, as the Ties section says: the rule replaces only the "
                                     "same-suit split"),
            Choice("showdown", "showdown", "they show down for it, every card counting; a tie there still "
                                           "splits"))),
))


PRESETS = Presets("palace-poker", {
    "limit": PokerRules(),
    "no-limit": PokerRules(no_limit=True),
    "no-pot-sharing": PokerRules(pot_sharing=False),
    "open-market": PokerRules(open_market=True),
    "kings-in-the-house": PokerRules(kings_in_the_house=True),
    "points": PokerRules(points=True, pot_sharing=False),
})
