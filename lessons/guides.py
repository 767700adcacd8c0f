"""A short guide to each game for the first screen: what it is, how a game goes,
and the words the lessons use, in our own words, each citing the section of
the source it sums up.

Plain data (no engine import: the first screen must not load three engines).
``tests/lessons/test_guides.py`` checks that every cited section is one the
engines registered, and ``copycheck`` that no sentence is lifted from a source.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Cite:
    """A section of a source document (``rules.refs.RuleRef`` without the engine import)."""

    source: str
    section: str

    def __str__(self) -> str:
        return f"{self.source} § {self.section}"


@dataclass(frozen=True)
class Term:
    word: str
    meaning: str
    cite: Cite


@dataclass(frozen=True)
class Guide:
    game: str            # the game family id (rules.games)
    title: str
    gist: str            # one sentence: what kind of game it is
    players: str
    steps: tuple[tuple[str, Cite], ...]   # how a game goes, in order
    terms: tuple[Term, ...]               # the glossary
    note: str = ""       # e.g. that several rule books exist


def _pp(section: str) -> Cite:
    return Cite("palace-poker.txt", section)


def _kp(section: str) -> Cite:
    return Cite("kings-pot.txt", section)


def _house(section: str) -> Cite:
    return Cite("palace-house-rules.txt", section)


def _caron(section: str) -> Cite:
    return Cite("palace-of-caron.txt", section)


def _bga(section: str) -> Cite:
    return Cite("palace-bga.txt", section)


GUIDES: tuple[Guide, ...] = (
    Guide(
        game="palace-poker",
        title="Palace Poker",
        gist="Poker where every bet is a duel between two players, and your own suit protects you.",
        players="2 to 10 players, one pack",
        steps=(
            ("Everyone antes and gets one card face up: their banner. Its suit is their colour for the hand.",
             _pp("The Deal")),
            ("Then three cards face down each: the palace, seen only by its owner.", _pp("Palace Cards")),
            ("On your turn: buy a face-up card (a soldier), throw soldiers away, stay, fold, or pick an "
             "opponent and bet against them.", _pp("The Play")),
            ("A bet starts a battle: the other player folds, calls or raises. On a call the two hands are "
             "compared and the loser is out of the hand.", _pp("Bet (or battle)")),
            ("In a battle, your cards of your opponent's banner suit do not count, unless they make four of "
             "a kind.", _pp("Banner Suits")),
            ("When everyone in turn stays, throws away or folds, the hands are shown and the best one takes "
             "the pot; so does the last player left.", _pp("Showdown")),
        ),
        terms=(
            Term("banner", "Your one face-up card from the deal; its suit is yours for the whole hand.",
                 _pp("The Deal")),
            Term("palace", "Your three face-down cards. Only you look at them, until a battle or the showdown.",
                 _pp("Palace Cards")),
            Term("soldier", "A card you bought, face up below your banner. You may keep five at most.",
                 _pp("Buy")),
            Term("battle", "A bet against one chosen opponent; the one who calls looks at the other's cards, "
                           "and the weaker hand leaves the hand.", _pp("Bet (or battle)")),
            Term("attacker, defender", "The player who bets, and the player bet against.",
                 _pp("Bet (or battle)")),
            Term("excluded card", "In a battle, a card of the opponent's banner suit: it is worth nothing "
                                  "there (four of a kind is the exception).", _pp("Banner Suits")),
            Term("stay", "Do nothing this turn. It costs nothing.", _pp("Stay")),
            Term("showdown", "Everyone shows their palace once a whole round passed with no money paid; "
                             "the best hand wins, with no suit excluded.", _pp("Showdown")),
        ),
    ),
    Guide(
        game="palace",
        title="Palace",
        gist="A shedding game: beat the card on the pile or pick the pile up; the first out wins "
             "(online, the last one left loses).",
        players="2 or more players: one pack for two, more packs for a bigger table (online: 2 to 4)",
        note="Three rule books are in the tutor: the house rules, Caron's two-pack game and the online "
             "version. They share the game below and differ in the special cards.",
        steps=(
            ("Each player gets a few cards face down, then more cards, and puts the same number face up on "
             "the face-down ones; the rest of the pack is the stock.", _house("Getting Started")),
            ("Before play you may improve your face-up cards by swapping them with cards in your hand.",
             _bga("Exchange of cards")),
            ("On your turn play one card, or several of one rank, at least as high as the top of the pile. "
             "If you cannot, or would rather not, take the whole pile into your hand.",
             _house("Playing the Game 1")),
            ("While the stock lasts, draw back up to your hand size after playing.", _house("Playing the Game 7")),
            ("With hand and stock empty, play your face-up cards, then your face-down ones blind, one at a "
             "time.", _house("Ending the Game 2")),
            ("Special cards change the pile: a 2 goes on anything, a 10 clears the pile, and each rule book "
             "adds its own (a 9 or a 7 forcing lower cards, a flashed 3...).", _bga("Special cards: 10")),
        ),
        terms=(
            Term("pile", "The cards played so far, face up in the middle. The next play must match or beat "
                         "its top card.", _bga("Playing cards: stack")),
            Term("pick up", "Take the whole pile into your hand when you cannot (or choose not to) play.",
                 _bga("Playing cards: pickup")),
            Term("stock", "The face-down cards left after the deal; you draw from it to refill your hand.",
                 _house("Dealing")),
            Term("face-up and face-down cards", "Your cards on the table: played only once your hand and "
                                                "the stock are gone, the face-down ones blind.",
                 _bga("Playing cards: table cards")),
            Term("burn (clear)", "Send the pile out of play, by a 10 or by four of one rank in a row; the "
                                 "player who did it plays again.", _bga("Special cards: four of a kind")),
            Term("wild card", "A card that may go on anything, like the 2.", _bga("Special cards: 2")),
            Term("flash", "In Caron's game, a 3 shown to one chosen player: they pick up the pile unless "
                          "they send it on with a 3 of their own.", _caron("Card Values (3)")),
            Term("chance", "In the house rules, trying the top card of the stock instead of your hand.",
                 _house("Playing the Game 3")),
        ),
    ),
    Guide(
        game="kings-pot",
        title="King's Pot",
        gist="Twelve poker hands are laid out in a five by five square; you buy a stake in some of them "
             "and bet as their cards turn over.",
        players="3 to 22 players, one pack",
        steps=(
            ("The dealer lays 25 cards face down in a five by five square, and five more apart: the "
             "King's hand.", _kp("The tableau")),
            ("Each row, each column and the two diagonals is a poker hand: twelve hands, each named after "
             "a rank (rows: Ace to Five, columns: Six to Ten, diagonals: Jack and Queen).", _kp("The tableau")),
            ("Players buy cards from the 22 left over. A card's rank says which hand you back; what you "
             "pay goes to the King's pot.", _kp("Buying cards")),
            ("Three reveal rounds turn the squares marked 1, then 2, then 3, with a round of betting after "
             "each.", _kp("First reveal and betting")),
            ("At the showdown everything is turned. The best hand that someone backs wins the pot.",
             _kp("Showdown")),
            ("If the King's hand is the best of all, that player also takes the King's pot; otherwise it "
             "waits for the next deal.", _kp("Winning the King's pot")),
        ),
        terms=(
            Term("tableau", "The five by five square of cards in the middle of the table.", _kp("The tableau")),
            Term("line (hand)", "One row, column or diagonal of the tableau: the five cards of one hand.",
                 _kp("The tableau")),
            Term("King's hand", "Five cards set apart from the square, turned only at the showdown.",
                 _kp("The tableau")),
            Term("King's pot", "The antes for bought cards. Won only when the King's hand is best; "
                               "otherwise it carries over to the next deal.", _kp("Antes and the King's pot")),
            Term("backing a hand", "Holding a card of a hand's rank: a seven backs the Seven's hand.",
                 _kp("Backing a hand")),
            Term("reveal round", "The dealer turns the squares marked with the round's number (1, 2 or 3).",
                 _kp("Second reveal")),
        ),
    ),
)


PALACE_POKER, PALACE, KINGS_POT = GUIDES
"""Each shipped game's guide, the ``guide`` part of its registration (``rules.games``)."""


def registered_guides() -> tuple[Guide, ...]:
    """The guide of every registered game, in the registry's order (the first screen's list)."""
    from rules.games import game_ids, part

    return tuple(part(game, "guide") for game in game_ids())


def guide_for(game: str) -> Guide | None:
    from rules.games import has_part, part

    return part(game, "guide") if has_part(game, "guide") else None
