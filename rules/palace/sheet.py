"""Palace's lines of a rules sheet (:mod:`rules.sheet`): the special cards, who starts and how a
game ends, each read off the :class:`~rules.palace.config.PalaceRules` the table plays and
cited with the section that config gives the field (``rules.ref(field)``)."""

from __future__ import annotations

from ..cards import Rank
from ..sheet import SheetLine
from .config import PalaceRules

SPECIAL = "Special cards"
START = "Dealing and who starts"
END = "Going out and winning"

# what each kind of special card does, by the config field that lists its ranks
POWERS = (
    ("wild", "may be played on any card"),
    ("clear", "clear the pile: it leaves the game"),
    ("reset", "let the same player play again, and anything may follow"),
    ("force_pickup", "make the next player add one of the same rank or take the pile"),
    ("lower_after", "make the next card the same rank, lower, or a wild card"),
    ("flash", "are shown to a chosen player, who takes the pile unless they send it back with the same rank"),
    ("transparent", "leave the card beneath them in force"),
    ("reverse", "reverse the order of play"),
    ("skip", "skip the next player (each one played skips one more)"),
)

STARTERS = {
    "worst-face-up": "The player whose face-up cards are lowest plays first.",
    "lowest-in-hand": "The player holding the lowest card plays first.",
    "dealer-left": "The player to the dealer's left plays first.",
}
ENDINGS = {
    "first-out-wins": "Play your hand, then your face-up cards, then your face-down cards blind; the first "
                      "player with no cards left wins.",
    "last-player-loses": "Play your hand, then your face-up cards, then your face-down cards blind; players "
                         "go out one by one, and the last player left holding cards loses.",
}


NUMBERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}


def _players(seats: list[int]) -> str:
    return f"{seats[0]} players" if len(seats) == 1 else f"{seats[0]} to {seats[-1]} players"


def ranks_words(ranks: frozenset[Rank]) -> str:
    """``{2, 10, Joker}`` as "2s, 10s and Jokers" (in rank order)."""
    names = [f"{r.label}s" if r.label[0].isdigit() else r.plural.capitalize() for r in sorted(ranks)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sheet_lines(rules: PalaceRules) -> tuple[SheetLine, ...]:
    """The rule set's special cards, its start and its end, in plain words with their sections."""
    lines = []
    for name, power in POWERS:
        ranks = getattr(rules, name)
        if ranks:
            text = f"{ranks_words(ranks)} {power}."
            if name == "clear" and rules.clear_extra_turn:
                text = text[:-1] + ", and their player plays again."
            lines.append(SheetLine(SPECIAL, text, rules.ref(name)))
    if rules.four_of_a_kind:
        text = f"{NUMBERS.get(rules.four_of_a_kind, str(rules.four_of_a_kind))} cards of one rank in a row, from any players, clear the pile"
        text += " (and may be played on any card)." if rules.four_anytime else "."
        lines.append(SheetLine(SPECIAL, text, rules.ref("four_of_a_kind")))
    low, high = rules.min_players, rules.max_players
    counts = sorted({n: [p for p, m in enumerate(rules.cards_each, low) if m == n] for n in rules.cards_each}.items())
    deal = f"{low} to {high} players. " + "; ".join(
        f"{n} face-down cards, {n} face-up cards and a hand of {n} each"
        + ("" if len(counts) == 1 else f" with {_players(seats)}") for n, seats in counts)
    lines.append(SheetLine(START, deal + ".", rules.ref("cards_each")))
    lines.append(SheetLine(START, STARTERS[rules.starter], rules.ref("starter")))
    lines.append(SheetLine(END, ENDINGS[rules.ending], rules.ref("ending")))
    return tuple(lines)
