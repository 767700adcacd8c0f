"""The sections of ``palace-poker.txt`` that Palace Poker's rules cite.

Titles are the document's own headings; where the page lost a heading (the
action paragraphs under "The Play", the tie and showdown paragraphs) the title
is a short name of ours. Summaries are in our own words.
"""

from __future__ import annotations

from functools import lru_cache

from ..refs import RuleRef, register_source, register_sections

SOURCE = "palace-poker.txt"
register_source(SOURCE, "Palace Poker (pagat.com, contributed by Scott Henneman)")

register_sections(SOURCE, {
    "Palace Poker": "Overview: two to ten players; every bet is made heads-up in a battle; "
                    "the game can be played for money or just for points.",
    "The Cards": "One ordinary 52-card pack; suits have no order and hands rank as in standard poker.",
    "The Deal": "Who deals first (one card each, high card wins, ties draw again); everyone antes, "
                "normally half the small bet rounded down; the banner cards are dealt face up so that "
                "suits differ among seats 1-4, among 5-8 and between 9-10, counting from the dealer's "
                "left, rejected cards being set aside and reshuffled if the deck runs out.",
    "Palace Cards": "After the banners the set-aside cards go back and the deck is shuffled again; "
                    "each player then gets three face-down palace cards, one at a time from the "
                    "dealer's left.",
    "The Play": "Turns go clockwise from the dealer's left; a turn is one of buy, discard, bet "
                "(battle), stay or fold.",
    "Buy": "Pay a small bet, turn the top deck card face up as a soldier, then optionally throw away "
           "soldiers; never more than five soldiers; the face-down discard pile becomes a new deck "
           "only when someone wants to buy from an empty one; with no cards in either, no buying.",
    "Discard": "A free turn: no payment and no card, only throwing away one or more soldiers.",
    "Bet (or battle)": "Name one opponent whose banner suit differs from yours and pay (soldiers + 1) "
                       "small bets, the fixed amount in limit and the least allowed in no-limit; all "
                       "chips go to one central pot that the battle's winner does not take by itself.",
    "Fold": "A folding defender throws the palace cards away and leaves the hand; the attacker adds "
            "the defender's banner and soldiers to his own soldiers, keeping five at most.",
    "Call": "A caller pays his own face-up count times the small bet (no-limit: the attacker's bet "
            "shifted by a small bet per soldier of difference); the better five cards win; the loser "
            "throws his palace cards away and the winner takes his banner and soldiers.",
    "Banner Suits": "During a battle no card of the opponent's banner suit counts, with one exception: "
                    "a four of a kind always counts as four.",
    "Ties": "When both battle hands are equal, the one holding more of its own banner suit in its five "
            "wins; if that is equal too both players are out and all their cards are thrown away, "
            "unless they are the last two in the hand, who share the pot.",
    "Raise": "A raiser pays the call first and then adds a big bet (limit; a defender without soldiers "
             "adds only a small bet) or any amount from a big bet up (no-limit; from a small bet "
             "without soldiers); the opponent may then fold, call or raise again; whoever calls last "
             "is shown the other's cards first.",
    "Stay": "Pass the turn without doing anything.",
    "Showdown": "Once every player, one after the other, has stayed, discarded or folded without "
                "paying anything, the hand stops; starting with the one who began that run, all show "
                "their palace cards and the best five wins, with no suit exclusions.",
    "Fold on a turn": "Folding on one's own turn is allowed but rarely sensible, since staying costs nothing.",
    "Winning the Pot": "The last player left wins the pot; players left who all share one banner suit "
                       "split it; in a showdown equal hands go to the own-suit count, then split.",
    "Example Game Continued": "The six-player example finished: Dave wins the $142 pot.",
    "No Pot Sharing Rule": "Variation: same-suit survivors settle the pot by showdown instead of splitting.",
    "Open Market Rule": "Variation: buying the top card of the discard pile instead, for a big bet.",
    "Kings in the House Rule": "Variation: a king, queen or jack of your own banner suit among your "
                               "palace cards may play as an ace, only to make a five-high straight or "
                               "straight flush; in the banner or soldiers it stays what it is.",
    "Palace Poker without money": "Variation: buying and attacking are free and the defender just "
                                  "declares the result; the hand's winner scores ten less one per "
                                  "soldier held; first to 100 points or an agreed target; nobody splits, "
                                  "and a complete tie scores nothing.",
})


@lru_cache(maxsize=1024)  # the references the code cites: a few hundred
def ref(section: str, clause: str = "") -> RuleRef:
    """A reference into ``palace-poker.txt`` (cached: references are values)."""
    return RuleRef(SOURCE, section, clause)
