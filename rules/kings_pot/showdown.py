"""Judging the thirteen hands and sharing out the pots.

Used by the deal engine at the showdown and by the checker
(``palace-tutor check kings-pot``). Hand values come from :mod:`rules.poker`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..poker import Category, best_hand, category_of, evaluate, ranks_of
from ..refs import ruling
from . import sections as S
from .tableau import LINES, HandName

BACKING_RULING = ruling(
    "kings-pot-cards-name-the-hand",
    S.ref(S.SHOWDOWN, "cards in the hand of a player"),
    "Do a player's bought cards join the cards of the hand they back, or only name it?",
    "says each bought card's rank names the hand its holder bets on; at the showdown the winning "
    "hand is described as one that includes cards in a player's hand, and may not be on the "
    "table; a later note says two cards of one rank back the same hand twice",
    "they only name the hand: every hand is judged on its own five cards (five tableau cells, or "
    "the King's five). 'Includes cards in the hand of a player' is read as 'is backed by a "
    "card a player holds', and 'may not be on the table' as 'may be the King's hand, which lies "
    "apart'. Were the cards to join the hand, a second card of the same rank would strengthen it, "
    "and the source would not advise folding such cards to save money")

MAIN_POT_RULING = ruling(
    "kings-pot-main-pot-winner",
    S.ref(S.SHOWDOWN, "the highest hand wins"),
    "Who wins the betting pot when the best hand on the table has no backer, and how is it shared?",
    "says the highest hand that includes a player's card wins, and players tying for it split "
    "the pot evenly",
    "only hands backed by a card still held by a player in the deal can win. The best of those "
    "wins; if several backed hands tie, all of them win. The pot is split evenly between the "
    "players backing a winning hand, one share per player however many cards of that rank "
    "they hold")

KINGS_POT_RULING = ruling(
    "kings-pot-kings-hand-wins",
    S.ref(S.KINGS_POT, "the King's hand is the winning hand"),
    "When does the King's hand count as the winning hand, and who is 'the player with the highest "
    "hand' who then takes both pots?",
    "says that if the King's hand comes out on top, both pots go to the player holding the "
    "highest hand; if not, the King's pot stays on the table and keeps growing",
    "the King's hand wins when it is strictly better than each of the twelve tableau hands, "
    "backed or not (a tie is not a win). A player's hand is the best hand their cards back, so "
    "the player with the highest hand is the winner of the betting pot judged as usual: a backer "
    "of the King's hand if there is one, else whoever backs the best backed tableau hand. "
    "They take the King's pot too, split the same way. Otherwise the King's pot is carried, "
    "whole, to the next deal")

UNCONTESTED_RULING = ruling(
    "kings-pot-uncontested",
    S.ref(S.KINGS_POT, "the King's pot remains"),
    "What happens when everyone but one player folds before the showdown?",
    "only describes a deal that reaches the showdown",
    "as in poker, the last player holding cards takes the betting pot at once, with no showdown; "
    "since the King's hand was never compared with the tableau, the King's pot carries over")

ODD_CHIP_RULING = ruling(
    "kings-pot-odd-chips",
    S.ref(S.SHOWDOWN, "split the pot evenly"),
    "Who gets the chips left over when a pot does not split evenly?",
    "asks for an even split and says nothing of a remainder",
    "as in most poker rooms: each winner gets the whole-chip share, and the leftover chips go "
    "one at a time to the winners in turn order, starting from the dealer's left")


@dataclass(frozen=True)
class HandResult:
    """One of the thirteen hands with its five cards and poker value."""

    name: HandName
    cards: tuple[Card, ...]
    value: int

    @property
    def category(self) -> Category:
        return category_of(self.value)

    def describe(self) -> str:
        """``one pair, queens``; ``straight to the nine``."""
        return best_hand(self.cards).describe()

    @property
    def ace_low(self) -> bool:
        """A five-high straight, flush or not: the one hand where the ace sits below
        the two (source § Players and cards); the value stores the five as its top."""
        return (self.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
                and ranks_of(self.value)[0] == 5)


def rank_hands(tableau: Sequence[Card], kings_hand: Sequence[Card]) -> tuple[HandResult, ...]:
    """The thirteen hands in order (Ace's ... Queen's, then King's), each valued."""
    out = [HandResult(h, tuple(tableau[c] for c in cells), evaluate(tableau[c] for c in cells))
           for h, cells in LINES.items()]
    out.append(HandResult(HandName.KING, tuple(kings_hand), evaluate(kings_hand)))
    return tuple(out)


def best_of(results: Sequence[HandResult]) -> tuple[HandName, ...]:
    """The hands of greatest value among ``results`` (several when they tie)."""
    if not results:
        return ()
    top = max(r.value for r in results)
    return tuple(r.name for r in results if r.value == top)


def kings_hand_wins(results: Sequence[HandResult]) -> bool:
    """True when the King's hand beats every tableau hand outright (ruling kings-pot-kings-hand-wins)."""
    by_name = {r.name: r for r in results}
    king = by_name[HandName.KING].value
    return all(r.value < king for r in results if r.name is not HandName.KING)


def split(amount: int, winners: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Share ``amount`` between ``winners`` (seats in turn order from the dealer's left):
    equal whole shares, the remainder one chip each from the first (ruling kings-pot-odd-chips)."""
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, extra = divmod(amount, len(winners))
    return tuple((seat, share + (1 if i < extra else 0)) for i, seat in enumerate(winners))


@dataclass(frozen=True)
class Outcome:
    """How a deal ended and who was paid what.

    ``uncontested``: everyone else folded, no showdown took place (``hands`` is
    empty). ``pot_shares``/``kings_shares`` are (seat, chips) pairs; ``carried``
    is what the King's pot holds for the next deal.
    """

    uncontested: bool
    hands: tuple[HandResult, ...]
    backers: tuple[tuple[HandName, tuple[int, ...]], ...]
    winning_hands: tuple[HandName, ...]
    winners: tuple[int, ...]
    pot: int
    pot_shares: tuple[tuple[int, int], ...]
    kings_pot_won: bool
    kings_pot: int
    kings_shares: tuple[tuple[int, int], ...]
    carried: int

    def hand(self, name: HandName) -> HandResult:
        return next(r for r in self.hands if r.name is name)


def judge(tableau: Sequence[Card], kings_hand: Sequence[Card],
          holdings: Mapping[int, Sequence[Card]], order: Sequence[int],
          pot: int, kings_pot: int, *, kings_pot_win: str = "beats-every-hand") -> Outcome:
    """The showdown: value the 13 hands, find the best backed one(s), pay both pots.

    ``holdings`` maps each seat still in the deal to its live cards; ``order``
    lists seats in turn order from the dealer's left (for the odd chips).
    ``kings_pot_win`` is the table's option of that name: ``beats-every-hand``
    (ruling kings-pot-kings-hand-wins) or ``best-backed-hand`` (the King's hand
    is the one winning hand of the showdown: then its backers take both pots).
    """
    hands = rank_hands(tableau, kings_hand)
    backers: dict[HandName, list[int]] = {}
    for seat in order:
        for c in holdings.get(seat, ()):
            who = backers.setdefault(HandName.for_rank(c.rank), [])
            if seat not in who:
                who.append(seat)
    backed = [r for r in hands if r.name in backers]
    winning = best_of(backed)
    winners = tuple(s for s in order if any(s in backers[h] for h in winning))
    if kings_pot_win == "best-backed-hand":
        won = winning == (HandName.KING,)
    else:
        won = kings_hand_wins(hands)
    kings_shares = split(kings_pot, winners) if won else ()
    return Outcome(
        uncontested=False, hands=hands,
        backers=tuple((h, tuple(backers[h])) for h in HandName if h in backers),
        winning_hands=winning, winners=winners, pot=pot, pot_shares=split(pot, winners),
        kings_pot_won=won, kings_pot=kings_pot, kings_shares=kings_shares,
        carried=0 if won else kings_pot)


def uncontested(seat: int, pot: int, kings_pot: int) -> Outcome:
    """Everyone else folded: ``seat`` takes the betting pot, the King's pot is carried."""
    return Outcome(uncontested=True, hands=(), backers=(), winning_hands=(), winners=(seat,),
                   pot=pot, pot_shares=((seat, pot),), kings_pot_won=False, kings_pot=kings_pot,
                   kings_shares=(), carried=kings_pot)
