"""A checker verdict said the way a table needs it: one plain sentence first,
with the players' names, then the details.

Everything here only words what the engine decided (its verdict values: the
outcome, each side's best five and every card's mark); nothing re-decides a
rule. A ruling is shown by its plain question and our reading, never by its key.
"""

from __future__ import annotations

from typing import Any

from rules.cards import Card, Rank, counted
from rules.poker import Category, ranks_of
from rules.refs import Ruling


def cap(text: str) -> str:
    """``text`` with its first letter capitalised (a name typed in lower case stays as typed
    elsewhere; only the start of a sentence changes)."""
    return text[:1].upper() + text[1:]


def _cards(cards: Any) -> str:
    labels = [str(c.label) for c in cards]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def hand_words(value: int, article: bool = True) -> str:
    """A poker hand value in the words players use: ``four jacks``, ``two pair (queens and eights)``,
    ``a straight to the nine`` (``article=False``: ``straight to the nine``, after a possessive)."""
    words = _hand_words(value)
    if not article:
        words = words.removeprefix("a ").removeprefix("an ")
    return words


def _hand_words(value: int) -> str:
    cat = Category(value >> 20)
    ranks = [Rank(r) for r in ranks_of(value)]
    if not ranks:
        return "no cards that count"
    top = ranks[0]
    second = ranks[1] if len(ranks) > 1 else top  # (a full house and two pair always have two)
    if cat is Category.STRAIGHT_FLUSH:
        return "a royal flush" if top is Rank.ACE else f"a straight flush to the {top.word}"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four {top.plural}"
    if cat is Category.FULL_HOUSE:
        return f"a full house ({top.plural} over {second.plural})"
    if cat is Category.FLUSH:
        return f"a flush, {top.word} high"
    if cat is Category.STRAIGHT:
        return f"a straight to the {top.word}"
    if cat is Category.THREE_OF_A_KIND:
        return f"three {top.plural}"
    if cat is Category.TWO_PAIR:
        return f"two pair ({top.plural} and {second.plural})"
    if cat is Category.ONE_PAIR:
        return f"a pair of {top.plural}"
    return f"{top.word} high"


def ruling_words(ruling: Ruling) -> tuple[str, str]:
    """A ruling as a person reads it: its plain question, and our reading."""
    reading = ruling.reading.rstrip(".")
    return ruling.question, cap(reading) + "."


def _side_notes(side: Any, other: Any) -> list[str]:
    """What the engine marked on one side besides plain counting: excluded cards,
    the four-of-a-kind exception, a wild card."""
    notes = []
    if side.excluded:
        verb = "doesn't" if len(side.excluded) == 1 else "don't"
        notes.append(f"{side.name}'s {_cards(side.excluded)} {verb} count against {other.name}'s "
                     f"{other.holding.suit.singular} banner")
    if side.rescued:
        notes.append(f"{side.name}'s {_cards(side.rescued)} count{'s' if len(side.rescued) == 1 else ''} anyway: "
                     "part of a four of a kind, which counts whole")
    if side.wild is not None:
        notes.append(f"{side.name}'s {side.wild.label} plays as an ace (Kings in the House)")
    return notes


def battle_headline(v: Any) -> str:
    """One sentence for a ``BattleVerdict``: who wins and with what, then what the
    banners changed (``Dave wins: four jacks beat Frank's two pair (queens and
    eights); Frank's Q♦ doesn't count against Dave's diamond banner.``)."""
    a, d = v.attacker, v.defender
    outcome = v.outcome.value
    if outcome in ("attacker", "defender"):
        w, lose = (a, d) if outcome == "attacker" else (d, a)
        if v.decided_by == "hand":
            lead = f"{w.name} wins: {hand_words(w.value)} beat{'s' if _singular(w.value) else ''} " \
                   f"{lose.name}'s {hand_words(lose.value, False)}"
        else:
            lead = (f"{w.name} wins: both make {hand_words(w.value)}, and {w.name} has more cards of "
                    f"their own banner suit in the five ({w.own_suit_count} {w.holding.suit.word} "
                    f"to {lose.own_suit_count} {lose.holding.suit.word})")
        notes = _side_notes(lose, w) + _side_notes(w, lose)
    else:
        shared = "they share the pot, as the last two players" if outcome == "split" else \
            "both are out and their cards are discarded"
        lead = (f"A complete tie: {a.name} and {d.name} both make {hand_words(a.value)} with "
                f"{counted(a.own_suit_count, 'card')} of their own suit each, so {shared}")
        notes = _side_notes(a, d) + _side_notes(d, a)
    return cap("; ".join([lead, *notes])) + "."


def _singular(value: int) -> bool:
    """'four jacks beat', 'a pair of aces beats': the verb agrees with the hand's words."""
    return Category(value >> 20) not in (Category.FOUR_OF_A_KIND, Category.THREE_OF_A_KIND, Category.TWO_PAIR)


def showdown_headline(v: Any) -> str:
    """One sentence for a ``ShowdownVerdict``."""
    if v.decided_by == "same suit":  # no showdown: the table splits the pot, no hand is compared
        return cap(f"{' and '.join(v.winners)} split the pot without a showdown: everyone shown holds "
                   "a banner of one suit.")
    winners = [v.hand(name) for name in v.winners]
    best = winners[0]
    others = [h for h in v.hands if h.name not in v.winners]
    if v.decided_by == "alone":
        return f"{cap(best.name)} wins: nobody else is left."
    if v.decided_by == "hand":
        against = ""
        if len(others) == 1:
            against = f"{'s' if _singular(best.value) else ''} {others[0].name}'s {hand_words(others[0].value, False)}"
            return cap(f"{best.name} wins: {hand_words(best.value)} beat{against}.")
        return cap(f"{best.name} wins with {hand_words(best.value)}, the best hand shown.")
    tied = [h for h in v.hands if h.value == best.value]
    counts = ", ".join(f"{h.name} {h.own_suit_count}" for h in tied)
    if len(winners) == 1:
        every = "both" if len(tied) == 2 else "all"
        return cap(f"{best.name} wins: {' and '.join(h.name for h in tied)} {every} make {hand_words(best.value)}, "
                   f"and {best.name} has the most cards of their own banner suit in the five ({counts}).")
    return cap(f"{' and '.join(v.winners)} split the pot: each makes {hand_words(best.value)} with "
               f"{counted(best.own_suit_count, 'card')} of their own banner suit in the five.")


def tableau_headline(v: Any) -> str:
    """One sentence for a King's Pot ``TableauVerdict``."""
    by_name = {h.name: h for h in v.hands}
    first = by_name[v.winner[0]]
    names = " and the ".join(n.title for n in v.winner)
    verb = "is the best hand" if len(v.winner) == 1 else "tie for the best hand"
    pot = ("the King's hand beats every tableau hand, so the King's pot is won too" if v.kings_hand_wins else
           "the King's hand does not beat every tableau hand, so the King's pot carries over")
    return cap(f"the {names} {verb} with {first.describe()}; {pot}.")


def deal_headline(v: Any) -> str:
    """One sentence for a King's Pot ``DealVerdict``: who takes each pot."""
    o = v.outcome
    names = [v.names[s] for s in o.winners]
    who = names[0] if len(names) == 1 else " and ".join([", ".join(names[:-1]), names[-1]])
    verb = "takes" if len(names) == 1 else "share"
    if o.kings_pot_won:
        return cap(f"{who} {verb} both pots: the betting pot ({o.pot}) and the King's pot ({o.kings_pot}).")
    why = "nobody showed down" if o.uncontested else "the King's hand is not the winning hand"
    return cap(f"{who} {verb} the betting pot ({o.pot}); the King's pot ({o.kings_pot}) stays for the next deal: "
               f"{why}.")


def card_list(cards: Any) -> str:
    """Cards for a sentence: ``J♦, 2♣ and 10♠``."""
    cards = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
    return _cards(cards) if cards else "nothing"
