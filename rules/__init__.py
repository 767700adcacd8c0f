"""Rules engines for the Palace family of card games.

Pure Python, standard library only: no param, no panel. Everything the tutor
shows about legality and winners is decided here.
"""

from .cards import ALL_CARDS, JOKER, Card, Rank, Suit, card, format_cards, make_deck, parse_cards, shuffled
from .errors import IllegalActionError, NotationError
from .refs import Event, RuleRef, Ruling, Verdict

__all__ = [
    "ALL_CARDS", "JOKER", "Card", "Rank", "Suit", "card", "format_cards", "make_deck", "parse_cards",
    "shuffled", "IllegalActionError", "NotationError", "Event", "RuleRef", "Ruling", "Verdict",
]
