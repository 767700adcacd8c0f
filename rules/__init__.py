"""Rules engines for the Palace family of card games.

Pure Python, standard library only: no param, no panel. Everything the tutor
shows about legality and winners is decided here. Every game follows the
contract of :mod:`rules.core` (``docs/engines.md``); each game's package
(``rules.palace_poker``, ``rules.palace``, ``rules.kings_pot``) is its public face.
"""

from .cards import ALL_CARDS, JOKER, Card, Rank, Suit, card, format_cards, make_deck, parse_cards, shuffled
from .core import Action, GameState, GameView, Tried
from .errors import IllegalActionError, NotationError
from .refs import Event, RuleRef, Ruling, Verdict

__all__ = [
    "ALL_CARDS", "JOKER", "Card", "Rank", "Suit", "card", "format_cards", "make_deck", "parse_cards",
    "shuffled", "Action", "GameState", "GameView", "Tried", "IllegalActionError", "NotationError", "Event",
    "RuleRef", "Ruling", "Verdict",
]
