"""The sections of ``kings-pot.txt`` that King's Pot references may cite.

The document has four headings (objective, players, cards, ranks) and then
runs on in untitled paragraphs; the titles below for those paragraphs are ours.
Summaries are in our own words.
"""

from __future__ import annotations

from functools import lru_cache

from ..refs import RuleRef, register_source, register_sections

SOURCE = "kings-pot.txt"
register_source(SOURCE, "King's Pot (Nakoa Davis)")

OBJECTIVE = "Objective"
PLAYERS_AND_CARDS = "Players and cards"
TABLEAU = "The tableau"
BUYING = "Buying cards"
ANTES = "Antes and the King's pot"
BACKING = "Backing a hand"
FIRST_REVEAL = "First reveal and betting"
SECOND_REVEAL = "Second reveal"
THIRD_REVEAL = "Third reveal"
SHOWDOWN = "Showdown"
KINGS_POT = "Winning the King's pot"
SAME_RANK = "Cards of equal rank"

register_sections(SOURCE, {
    OBJECTIVE: "The aim is to hold a stake in the best hand.",
    PLAYERS_AND_CARDS: "Three to twenty-two players share one 52-card pack; aces rank high but "
                       "may also sit below the two in a straight.",
    TABLEAU: "The dealer lays out 25 cards in a five by five grid. Rows top to bottom are the "
             "hands of the Ace to the Five, columns left to right those of the Six to the Ten, "
             "the diagonal from top left the Jack's and the one from bottom left the Queen's; "
             "five more cards apart form the King's hand. Marking the hands with cards from "
             "another pack is optional.",
    BUYING: "The 22 cards left after the layout are sold to the players, at least one each, up "
            "to a limit set by the number of players (a table of sizes is given).",
    ANTES: "The agreed forced bet is paid into the King's pot, which sits beside the King's hand.",
    BACKING: "Each player gets the cards paid for; a card's rank names the hand its holder backs.",
    FIRST_REVEAL: "The five cells marked 1 are turned, one card of every tableau hand; a betting "
                  "round follows with bets, calls and raises into a pot apart from the King's pot. "
                  "What is due is paid for every card held, and cards may be folded singly or all.",
    SECOND_REVEAL: "The cells marked 2 are turned (a second card of each tableau hand) and "
                   "another betting round is played.",
    THIRD_REVEAL: "The cells marked 3 are turned, so three cards of each tableau hand show, and "
                  "a third betting round is played.",
    SHOWDOWN: "Everything is turned up, tableau, King's hand and the players' cards; the best "
              "hand that players hold a stake in wins, and equal stakes split the pot.",
    KINGS_POT: "If the King's hand comes out best, the best-placed player takes both pots; "
               "otherwise the King's pot stays for the next deal and keeps growing.",
    SAME_RANK: "Holding two cards of one rank means backing one hand twice; a player may fold "
               "the extra ones rather than pay for each.",
})


@lru_cache(maxsize=1024)  # the references the code cites: a few hundred
def ref(section: str, clause: str = "") -> RuleRef:
    """A reference into the King's Pot source (cached: references are frozen values)."""
    return RuleRef(SOURCE, section, clause)
