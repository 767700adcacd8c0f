"""The showdown: best five with no suit exclusions, ties to the own-suit count,
then a split (§ Showdown, § Winning the Pot)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import counted
from ..refs import RuleRef, Ruling
from .config import PokerRules
from .hands import OWN_SUIT_COUNT, STANDARD, Holding, SideHand, evaluate_side
from .sections import ref


@dataclass(frozen=True)
class ShowdownVerdict:
    """Every shown hand, in the order shown, and the winners (several on a split)."""

    hands: tuple[SideHand, ...]
    winners: tuple[str, ...]
    decided_by: str  # "hand", "own suit", "tie" or "alone"
    reason: str
    ref: RuleRef
    ruling: Ruling | None = None

    def hand(self, name: str) -> SideHand:
        return next(h for h in self.hands if h.name == name)

    def describe(self) -> str:
        lines = [h.describe() for h in self.hands]
        lines.append(self.reason + f" [{self.ref}]")
        if self.ruling is not None:
            lines.append(f"Ruling {self.ruling.key}: {self.ruling.reading}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """``winner`` (names) and each player's fields (``best``, ``category``,
        ``excluded``) keyed by name, as the battle checker keys them by role;
        the same objects are also grouped under ``players`` for callers that
        iterate. The checker refuses the names "winner" and "players"."""
        per_player = {h.name: h.as_dict() for h in self.hands}
        return {"winner": list(self.winners), **per_player, "players": per_player}


def resolve_showdown(holdings: list[tuple[str, Holding]], rules: PokerRules = STANDARD) -> ShowdownVerdict:
    """Rank the hands of the named players (in the order they show) under ``rules``."""
    hands = tuple(evaluate_side(h, against=None, rules=rules, name=name) for name, h in holdings)
    if len(hands) == 1:
        return ShowdownVerdict(hands, (hands[0].name,), "alone", f"{hands[0].name} is the only one left",
                               ref("Winning the Pot"))
    top = max(h.value for h in hands)
    best = [h for h in hands if h.value == top]
    if len(best) == 1:
        w = best[0]
        return ShowdownVerdict(hands, (w.name,), "hand", f"{w.name}'s {w.describe_hand()} is the best hand",
                               ref("Showdown"))
    most = max(h.own_suit_count for h in best)
    winners = tuple(h.name for h in best if h.own_suit_count == most)
    tied = ", ".join(f"{h.name} {h.own_suit_count}" for h in best)
    if len(winners) == 1:
        return ShowdownVerdict(hands, winners, "own suit",
                               f"{len(best)} players make {best[0].describe_hand()}; own-suit cards in the "
                               f"five: {tied}; {winners[0]} has the most and wins",
                               ref("Winning the Pot", "own suit"), OWN_SUIT_COUNT)
    return ShowdownVerdict(hands, winners, "tie",
                           f"{' and '.join(winners)} tie with {best[0].describe_hand()} and "
                           f"{counted(most, 'own-suit card')} each, so they split", ref("Winning the Pot", "split"), OWN_SUIT_COUNT)
