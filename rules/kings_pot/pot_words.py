"""A whole King's Pot deal's end in words, pot by pot: who takes the betting pot and the
King's pot, and why, one short paragraph each (the checker's verdict, ``DealVerdict.pot_lines``).

It reads the verdict through the few facts it needs (``_DealEnd``), so the checker imports it
and nothing here imports the checker or the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..cards import Card, faces
from ..refs import Ruling, RuleRef
from .sections import KINGS_POT, SHOWDOWN, ref
from .showdown import KINGS_POT_RULING, MAIN_POT_RULING, ODD_CHIP_RULING, UNCONTESTED_RULING, HandResult, Outcome
from .tableau import HandName
from .variant import KingsPotRules


@dataclass(frozen=True)
class PotLine:
    """One pot and who takes it, in plain words: ``pot`` names it ("the betting pot"), ``text``
    is one short paragraph (who, how much, and why), ``ref`` the clause it rests on."""

    pot: str
    chips: int
    text: str
    ref: RuleRef
    ruling: Ruling | None = None
    """Where the line rests on our reading of an unclear clause, that ruling."""


class _DealEnd(Protocol):
    """What the words read of a deal's verdict (``checker.DealVerdict`` has it)."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def winner(self) -> tuple[HandName, ...]: ...
    @property
    def rules(self) -> KingsPotRules: ...
    @property
    def hands(self) -> tuple[HandResult, ...]: ...
    @property
    def outcome(self) -> Outcome: ...
    def hand(self, name: HandName) -> HandResult: ...
    def backing(self, seat: int, hand: HandName) -> tuple[Card, ...]: ...


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _shares(verdict: "_DealEnd", shares: tuple[tuple[int, int], ...]) -> str:
    """``Ann 21, Bo 20; the odd chip to Ann, first from the dealer's left``."""
    names = verdict.names
    text = ", ".join(f"{names[s]} {c}" for s, c in shares)
    amounts = {c for _, c in shares}
    if len(amounts) > 1:
        extra = [names[s] for s, c in shares if c == max(amounts)]
        text += f"; the odd chip{'s' if len(extra) > 1 else ''} to {_names(extra)}, first from the dealer's left"
    return text


def deal_pot_lines(verdict: "_DealEnd") -> tuple[PotLine, PotLine]:
    """The betting pot and the King's pot: who takes each and why, one short paragraph each,
    in the words a table uses (cards by their faces, hands by their names)."""

    o = verdict.outcome
    names = verdict.names
    if o.uncontested:
        who = names[o.winners[0]]
        main = PotLine("the betting pot", o.pot, f"The betting pot ({_chips(o.pot)}) goes to {who}: everyone else "
                       "folded, so there was no showdown.", ref(KINGS_POT, "the King's pot remains"), UNCONTESTED_RULING)
        kings = PotLine("the King's pot", o.kings_pot, f"The King's pot ({_chips(o.kings_pot)}) stays for the next "
                        "deal: without a showdown the King's hand was never compared.", ref(KINGS_POT),
                        UNCONTESTED_RULING)
        return main, kings
    return _main_line(verdict), _kings_line(verdict)


def _main_line(verdict: "_DealEnd") -> PotLine:

    o = verdict.outcome
    names = verdict.names
    backs = []
    for hand in o.winning_hands:
        held_by = [(names[seat], verdict.backing(seat, hand)) for seat in o.winners if verdict.backing(seat, hand)]
        one = len(held_by) == 1 and len(held_by[0][1]) == 1
        holders = _names([f"{n}'s {faces(cards)}" for n, cards in held_by])
        backs.append(f"{holders} back{'s' if one else ''} the {hand.title}")
    held = verdict.hand(o.winning_hands[0])
    hands = " and the ".join(h.title for h in o.winning_hands)
    why = (f"{'; '.join(backs)}: {held.describe()}, the best hand any player still backs"
           if len(o.winning_hands) == 1 else
           f"{'; '.join(backs)}: the {hands} tie as the best hands still backed ({held.describe()})")
    if len(o.winners) == 1:
        lead = f"The betting pot ({_chips(o.pot)}) goes to {names[o.winners[0]]}"
    else:
        lead = (f"{_names([names[s] for s in o.winners])} split the betting pot ({_chips(o.pot)}: "
                f"{_shares(verdict, o.pot_shares)})")
    text = f"{lead}. {why[:1].upper()}{why[1:]}."
    best = verdict.winner
    if o.winning_hands[0] not in best:
        top = verdict.hand(best[0])
        text += f" The {best[0].title} ({top.describe()}) is better, but nobody backs it."
    return PotLine("the betting pot", o.pot, text, ref(SHOWDOWN, "the highest hand wins"),
                   _odd(o.pot_shares) or MAIN_POT_RULING)


def _kings_line(verdict: "_DealEnd") -> PotLine:

    o = verdict.outcome
    names = verdict.names
    king = verdict.hand(HandName.KING)
    pot = f"The King's pot ({_chips(o.kings_pot)})"
    clause = ref(KINGS_POT, "the King's hand is the winning hand")
    by_rule = verdict.rules.kings_pot_win == "best-backed-hand"
    if o.kings_pot_won:
        who = _names([names[s] for s in o.winners])
        why = ("the King's hand is the best hand players back, and at this table that takes both pots" if by_rule else
               "the King's hand beats all twelve tableau hands, so the best backed hand takes both pots")
        split = f" ({_shares(verdict, o.kings_shares)})" if len(o.winners) > 1 else ""
        return PotLine("the King's pot", o.kings_pot, f"{pot} goes to {who} as well{split}: {why} "
                       f"(the King's hand: {king.describe()}).", clause,
                       _odd(o.kings_shares) or (None if by_rule else KINGS_POT_RULING))
    if by_rule:
        backed = HandName.KING in dict(o.backers)
        why = ("at this table the King's hand must be the best hand players back, and "
               + (f"the {o.winning_hands[0].title} beats it" if backed else "nobody backs it"))
    else:
        beaters = [r for r in verdict.hands if r.name is not HandName.KING and r.value >= king.value]
        top = max(beaters, key=lambda r: r.value)
        verb = "beats" if top.value > king.value else "ties"
        why = (f"the King's hand ({king.describe()}) does not beat every tableau hand: the {top.name.title} "
               f"({top.describe()}) {verb} it")
    # our reading of the clause is shown only where the table plays it (not under the other reading)
    return PotLine("the King's pot", o.kings_pot, f"{pot} stays for the next deal: {why}.", clause,
                   None if by_rule else KINGS_POT_RULING)


def _odd(shares: tuple[tuple[int, int], ...]) -> Ruling | None:
    """The odd-chip ruling, where a split pot does not divide evenly."""
    return ODD_CHIP_RULING if len({c for _, c in shares}) > 1 else None
