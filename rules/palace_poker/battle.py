"""Who wins a bet battle, and why (§ Banner Suits, § Ties, § Call).

:func:`resolve_battle` is the one place a battle is decided: the engine calls
it when a battle is called, the checker command calls it for a disputed hand,
and the odds enumeration uses its fast path. The verdict is a frozen value the
tutor can render: both sides' best fives and categories, every card's mark,
and how the result was reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..cards import counted
from ..errors import IllegalActionError
from ..refs import RuleRef, Ruling
from .config import PokerRules
from .hands import OWN_SUIT_COUNT, STANDARD, Holding, SideHand, evaluate_side
from .sections import ref


class Outcome(Enum):
    """How a battle ends (the checker's ``winner`` values)."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    BOTH_FOLD = "both-fold"
    SPLIT = "split"


@dataclass(frozen=True)
class BattleVerdict:
    """The result of one battle, with both hands and the reason."""

    attacker: SideHand
    defender: SideHand
    outcome: Outcome
    decided_by: str  # "hand", "own suit", or "tie"
    reason: str
    ref: RuleRef
    last_two: bool = False
    ruling: Ruling | None = None

    @property
    def winner(self) -> SideHand | None:
        return {Outcome.ATTACKER: self.attacker, Outcome.DEFENDER: self.defender}.get(self.outcome)

    @property
    def loser(self) -> SideHand | None:
        return {Outcome.ATTACKER: self.defender, Outcome.DEFENDER: self.attacker}.get(self.outcome)

    def describe(self) -> str:
        lines = [
            self.attacker.describe(_label("Attacker", self.attacker.name)),
            self.defender.describe(_label("Defender", self.defender.name)),
            f"{self.reason} [{self.ref}]",
        ]
        for side in (self.attacker, self.defender):
            if side.rescued:
                lines.append(f"The four-of-a-kind exception lets {side.name} count "
                             + " ".join(c.label for c in side.rescued) + f" [{ref('Banner Suits')}]")
        if self.ruling is not None:
            lines.append(f"Ruling {self.ruling.key}: {self.ruling.reading}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return {"winner": self.outcome.value, "attacker": self.attacker.as_dict(),
                "defender": self.defender.as_dict()}


def _label(role: str, name: str) -> str:
    return role if name.lower() in ("attacker", "defender", "the attacker", "the defender") else f"{role} {name}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def resolve_battle(attacker: Holding, defender: Holding, rules: PokerRules = STANDARD, *, last_two: bool = False,
                   attacker_name: str = "the attacker", defender_name: str = "the defender") -> BattleVerdict:
    """Decide a battle between two holdings under ``rules`` (a variation that changes
    battles is a field of the rule config, never a flag of its own).

    Raises :class:`IllegalActionError` when both banners share a suit: such
    players never battle (§ Bet (or battle)).
    """
    if attacker.suit is defender.suit:
        raise IllegalActionError(
            f"no battle between {attacker_name}'s {attacker.banner} and {defender_name}'s {defender.banner}: "
            f"both banners are {attacker.suit.word} and players of one banner suit never battle "
            f"({ref('Bet (or battle)')})")
    a = evaluate_side(attacker, against=defender.suit, rules=rules, name=attacker_name, opponent=defender_name)
    d = evaluate_side(defender, against=attacker.suit, rules=rules, name=defender_name, opponent=attacker_name)
    return judge(a, d, last_two=last_two)


def judge(a: SideHand, d: SideHand, *, last_two: bool) -> BattleVerdict:
    """Compare two evaluated sides: better hand, then own-suit count, then a tie (§ Ties)."""
    if a.value != d.value:
        winner, loser = (a, d) if a.value > d.value else (d, a)
        outcome = Outcome.ATTACKER if winner is a else Outcome.DEFENDER
        reason = _cap(f"{winner.name} wins the battle: {winner.describe_hand()} against "
                      f"{loser.describe_hand()}")
        return BattleVerdict(a, d, outcome, "hand", reason, ref("Call"), last_two)
    if a.own_suit_count != d.own_suit_count:
        winner, loser = (a, d) if a.own_suit_count > d.own_suit_count else (d, a)
        outcome = Outcome.ATTACKER if winner is a else Outcome.DEFENDER
        reason = (f"Both make {a.describe_hand()}; {winner.name} has {counted(winner.own_suit_count, 'card')} of "
                  f"{winner.holding.suit.word} (own banner suit) in the five against "
                  f"{loser.own_suit_count} of {loser.holding.suit.word}, so {winner.name} wins")
        return BattleVerdict(a, d, outcome, "own suit", reason, ref("Ties", "own suit"), last_two,
                             OWN_SUIT_COUNT)
    if last_two:
        reason = (f"Both make {a.describe_hand()} with {counted(a.own_suit_count, 'own-suit card')} each; as the "
                  "last two players in the hand they share the pot")
        return BattleVerdict(a, d, Outcome.SPLIT, "tie", reason, ref("Ties", "last two"), last_two)
    reason = (f"Both make {a.describe_hand()} with {counted(a.own_suit_count, 'own-suit card')} each; both are "
              "out and all their cards go to the discard pile")
    return BattleVerdict(a, d, Outcome.BOTH_FOLD, "tie", reason, ref("Ties", "both fold"), last_two)
