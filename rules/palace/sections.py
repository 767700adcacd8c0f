"""The sections of the three Palace documents that the engine cites.

Titles follow each document's own headings and numbering (the house rules
number the rules under "Playing the Game" and letter the face-down rules; the
Caron text numbers the items under each heading; the BGA page has headings and
paragraphs, named here by their subject). Summaries are ours.
"""

from __future__ import annotations

from ..refs import RuleRef, register_source, register_sections

HOUSE = "palace-house-rules.txt"
CARON = "palace-of-caron.txt"
BGA = "palace-bga.txt"
register_source(HOUSE, "Palace, rules of the house (Terry Mullin)")
register_source(CARON, "Palace, Bret Caron's two-deck version 1.4")
register_source(BGA, "Palace as played on Board Game Arena")

register_sections(HOUSE, {
    "Dealing": "Packs per table, three face-down cards and six more per player, the rest is the "
               "pickup stack; the dealer turns its top card, replacing an Ace, 2 or 10.",
    "Getting Started": "Each player puts three of their six cards face up on the face-down ones; "
                       "the weakest face-up trio (wilds counted first) starts, then play goes "
                       "clockwise; the dealer's left may start instead.",
    "Card Values: Aces": "An Ace makes the next player pick up the pile unless they add an Ace, "
                         "which passes the penalty on; alternatively an Ace acts as a 2.",
    "Card Values: Tens and Jokers": "A 10 (or a Joker) goes on anything, sends the pile to the "
                                    "clear pile, and its player plays again.",
    "Card Values: Twos": "A 2 goes on anything; its player then plays again from hand, or turns "
                         "the stock's top card onto the pile, or keeps that card and takes the pile.",
    "Playing the Game 1": "Play a card equal to or higher than the top card, then draw back up "
                          "to three; a wild or 10 lets you draw before your next card.",
    "Playing the Game 2": "A wild card may always be played.",
    "Playing the Game 3": "With stock left you may 'chance' the top stock card (play it or take it "
                          "with the pile); with no stock, a player who cannot play takes the pile "
                          "and the next player starts a new one.",
    "Playing the Game 4": "Any number of cards of one rank may be played together; the next "
                          "player only has to match or beat the rank.",
    "Playing the Game 5": "Four or more of a rank in a row, from one or several players, clear the "
                          "pile for whoever completed them, who plays again; four or more may be "
                          "played at any time.",
    "Playing the Game 6": "A chance is allowed on any turn; the drawn card is played or kept with "
                          "the pile, and nothing else is played that turn.",
    "Playing the Game 7": "Keep three cards in hand while the stock lasts; a drawn card of the "
                          "rank just played may be thrown at once, before the next player.",
    "Playing the Game 8": "A player holding more than three cards draws nothing after playing.",
    "Playing the Game 9": "The face-up and face-down cards stay untouched until the hand and the "
                          "stock are both empty.",
    "Ending the Game 1": "With hand and stock empty, the face-up cards go into the hand.",
    "Ending the Game 2": "Once those cards (and anything picked up meanwhile) are gone, the "
                         "face-down cards are next.",
    "Ending the Game 3a": "Face-down cards are played one at a time, unseen.",
    "Ending the Game 3b": "A face-down card that cannot be played stays in hand with the pile.",
    "Ending the Game 3c": "No further face-down card while the hand holds cards.",
    "Ending the Game 3d": "A face-down card that can be played is played; its player looks at the "
                          "next one and may throw it at once if it is the same rank.",
    "Ending the Game 3e": "The later face-down cards follow the same rules.",
    "Ending the Game 3f": "The last face-down card wins if it can be played; otherwise the pile is "
                          "taken and that card goes back face down, to be played last.",
    "Alternate Rules 1": "Optional: a player down to one face-down card must announce it, or take "
                         "the pile if another player calls them out.",
    "Alternate Rules 2": "Optional: Jokers reverse the direction of play instead of clearing.",
    "Tips for Developing Strategy": "Strategy notes; the first says a player may take the pile "
                                    "even when able to play.",
    "Playing the Game": "The aim is to shed all your cards first; a turn cannot be skipped.",
})

register_sections(CARON, {
    "Dealing": "Two 52-card packs without Jokers; three face-down cards and six more each; the "
               "rest is the pickup stack.",
    "Getting Started": "Three of the six go face up on the face-down cards; the weakest face-up "
                       "trio (wilds first) starts and play goes to the left.",
    "Card Values (3)": "The highest card: shown to a chosen player, who takes the pile unless they "
                       "send it back with a 3 (and so on); without a 3 they may try the stock's "
                       "top card.",
    "Card Values (2)": "Second highest, wild, resets: its player plays again from hand, or plays "
                       "the stock's top card, or keeps that card and takes the pile.",
    "Card Values (10)": "The lowest wild: goes on anything and sends the pile to the clear pile.",
    "Card Values (7)": "A 7 goes on a 7, a lower card, an empty pile or a 2; after it the next "
                       "card must be a 7, a wild or lower.",
    "Playing the game": "Shed all your cards first; a turn cannot be skipped.",
    "Playing the game 1": "Play a card equal to or higher than the top card (7s excepted).",
    "Playing the game 2": "A wild may be played.",
    "Playing the game 3": "A chance: draw the stock's top card, play it if it can go, otherwise "
                          "take it with the pile; any number of one rank may be played together.",
    "Playing the game 4": "Four or more of a rank in a row clear the pile for whoever completed "
                          "them, who plays another card.",
    "Playing the game 5": "A chance is allowed on any turn, and then nothing else is played.",
    "Playing the game 6": "Keep three cards in hand while the stock lasts; a drawn card of the "
                          "rank just played may be thrown at once.",
    "Playing the game 7": "A player holding more than three cards draws nothing after playing.",
    "Playing the game 8": "The original six stay untouched until the hand and stock are empty.",
    "End Game 1": "With hand and stock empty, a player may take the face-up cards into the hand.",
    "End Game 2": "Face-down cards come after the face-up ones and any pickups are gone.",
    "End Game 3.1": "One face-down card at a time.",
    "End Game 3.2": "A face-down card that cannot be played stays in hand with the pile.",
    "End Game 3.3": "No further face-down card while the hand holds cards.",
    "End Game 3.4": "A playable face-down card is played, and its player looks at the next one.",
    "End Game 3.5": "The same for the later face-down cards.",
    "End Game 3.6": "The last face-down card wins if playable, otherwise the pile is taken and it "
                    "goes back face down, to be played last.",
    "Extra Rules (5)": "Optional: each 5 played skips one player.",
    "Extra Rules (4)": "Optional: a 4 reverses the direction of play.",
})

register_sections(BGA, {
    "Overview": "Go out by shedding hand then table cards; match or beat the top card or take the "
                "pile; 2 on anything, 10 burns, 9 forces a lower card. Two to four players, one "
                "pack; the last player left loses.",
    "Deal": "Three face-down cards each, three face-up on top, then three in hand; the rest is "
            "the draw deck.",
    "Number of players": "Four players hold three of each kind, three players four, two players "
                         "six; the hand is refilled to that number.",
    "Short game": "Optional: three of each kind for every player count, a 16-card draw deck, the "
                  "rest of the pack unused.",
    "Exchange of cards": "Before play, players swap hand and face-up cards as they like.",
    "Playing cards: start": "A player holding the lowest card (3 or higher, never a 2) is picked "
                            "at random and starts with it.",
    "Playing cards: stack": "Each play must be at least as high as the last card played.",
    "Playing cards: pickup": "A player who cannot or will not play takes the whole stack; the next "
                             "player goes on.",
    "Playing cards: refill": "While the draw deck lasts, hands are refilled to three.",
    "Playing cards: table cards": "With draw deck and hand empty, face-up cards are played, then a "
                                  "single face-down card per turn, which is taken with the stack "
                                  "if it cannot be played.",
    "Playing cards: after a pickup": "A pickup ends the turn; the picked-up cards must be played "
                                     "before the table cards again.",
    "Playing cards: going out": "A player with no cards left is out; the others play on, and the "
                                "last one left loses.",
    "Playing cards: multiples": "Several cards of the same rank may be played together, from the "
                                "hand or from the face-up cards but not both.",
    "Rank order": "Ace high.",
    "Special cards: 2": "A 2 may be played on any card.",
    "Special cards: 9": "After a 9 the next card must be lower, or another 9; otherwise the stack "
                        "is picked up.",
    "Special cards: 10": "A 10 burns the stack and its player takes another turn.",
    "Special cards: four of a kind": "Whoever plays the fourth card of a rank in a row burns the "
                                     "stack and takes another turn.",
    "Example of Play": "A worked round with an empty deck: a pair of 3s on a 2, face-up 8s "
                       "completing four, four 6s, three 10s, a face-down Queen that a 9 and a 10 "
                       "cannot beat, and two 4s on the empty stack.",
})


def house(section: str, clause: str = "") -> RuleRef:
    return RuleRef(HOUSE, section, clause)


def caron(section: str, clause: str = "") -> RuleRef:
    return RuleRef(CARON, section, clause)


def bga(section: str, clause: str = "") -> RuleRef:
    return RuleRef(BGA, section, clause)
