"""King's Pot actions in plain words, for a person (``state.describe(action)``).

Short imperative phrases with the amounts this position gives ("buy 2 cards for
2 chips", "bet 2 a card (6 chips)"), so quizzes, the move list, a refusal and
the computer coach never show engine notation. A card folded singly stays face
down: only its owner (and the teaching view) reads which card it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Bet, Buy, Call, Check, Fold, FoldCard, Raise, Reveal, Showdown
from .model import Deal
from .tableau import HandName

from .showdown import KINGS_POT_RULING, MAIN_POT_RULING, ODD_CHIP_RULING

if TYPE_CHECKING:
    from ..cards import Card
    from ..refs import Ruling
    from .checker import DealVerdict, PotLine


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def describe(state: Deal, action: Action, viewer: int | None = None) -> str:
    """``action`` in plain words in ``state``, as seat ``viewer`` may read it."""
    seat = state.seats[state.to_act] if state.to_act is not None else None
    held = len(seat.live) if seat is not None else 0
    if isinstance(action, Buy):
        cards = f"{action.count} card{'s' if action.count != 1 else ''}"
        return f"buy {cards} for {_chips(state.buy_cost(action.count))}"
    if isinstance(action, Reveal):
        return f"turn the cells labelled {action.round}"
    if isinstance(action, Showdown):
        return "turn every card for the showdown"
    if isinstance(action, Check):
        return "check"
    if isinstance(action, Call):
        owed = state.due(state.to_act) if state.to_act is not None else 0
        return f"call ({_chips(owed)})" if owed else "call"
    if isinstance(action, Bet):
        # the amount in brackets: a reason follows the phrase after a colon
        return f"bet {action.per_card} a card ({_chips(action.per_card * held)})"
    if isinstance(action, Raise):
        return f"raise by {action.per_card} a card"
    if isinstance(action, FoldCard):
        if viewer is not None and viewer != state.to_act:
            return "fold a card"
        return f"fold the {action.card.label} (no longer backing the {HandName.for_rank(action.card.rank).title})"
    if isinstance(action, Fold):
        return "fold every card and leave the deal"
    return str(action)


# -- a deal's end, pot by pot (the checker's verdict) -----------------------------------------

def _labels(cards: "tuple[Card, ...]") -> str:
    words = [c.label for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _names(names: "list[str]") -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _shares(verdict: "DealVerdict", shares: "tuple[tuple[int, int], ...]") -> str:
    """``Ann 21, Bo 20; the odd chip to Ann, first from the dealer's left``."""
    names = verdict.names
    text = ", ".join(f"{names[s]} {c}" for s, c in shares)
    amounts = {c for _, c in shares}
    if len(amounts) > 1:
        extra = [names[s] for s, c in shares if c == max(amounts)]
        text += f"; the odd chip{'s' if len(extra) > 1 else ''} to {_names(extra)}, first from the dealer's left"
    return text


def deal_pot_lines(verdict: "DealVerdict") -> "tuple[PotLine, PotLine]":
    """The betting pot and the King's pot: who takes each and why, one short paragraph each,
    in the words a table uses (cards by their faces, hands by their names)."""
    from .checker import PotLine
    from .sections import KINGS_POT, ref
    from .state import UNCONTESTED_RULING

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


def _main_line(verdict: "DealVerdict") -> "PotLine":
    from .checker import PotLine
    from .sections import SHOWDOWN, ref

    o = verdict.outcome
    names = verdict.names
    backs = []
    for hand in o.winning_hands:
        held_by = [(names[seat], verdict.backing(seat, hand)) for seat in o.winners if verdict.backing(seat, hand)]
        one = len(held_by) == 1 and len(held_by[0][1]) == 1
        holders = _names([f"{n}'s {_labels(cards)}" for n, cards in held_by])
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


def _kings_line(verdict: "DealVerdict") -> "PotLine":
    from .checker import PotLine
    from .sections import KINGS_POT, ref

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


def _odd(shares: "tuple[tuple[int, int], ...]") -> "Ruling | None":
    """The odd-chip ruling, where a split pot does not divide evenly."""
    return ODD_CHIP_RULING if len({c for _, c in shares}) > 1 else None
