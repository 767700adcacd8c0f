"""``palace-tutor check kings-pot``: which of the thirteen hands wins.

Given the 25 tableau cards (row by row from the top left) and the King's hand,
it values every hand and names the best. Bad input raises a ``NotationError``
with a one-line message naming the token and the rule (wrong count, duplicate
card, unknown card); the CLI prints it and exits 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..cards import Card, parse_cards
from ..errors import NotationError
from . import sections as S
from .showdown import KINGS_POT_RULING, HandResult, best_of, kings_hand_wins, rank_hands
from .board import TableauBoard, make_board
from .tableau import CELLS, KINGS_HAND_SIZE, HandName, RevealSchedule, cell_name
from .variant import KingsPotRules


@dataclass(frozen=True)
class TableauVerdict:
    """The thirteen hands valued, and the winner(s) among them."""

    hands: tuple[HandResult, ...]
    winner: tuple[HandName, ...]
    kings_pot_win: str = "beats-every-hand"  # the table's option of that name

    @property
    def kings_hand_wins(self) -> bool:
        """Under the default reading: the King's hand beats every tableau hand (the other
        reading needs the cards players hold, which this checker is not given)."""
        return kings_hand_wins(self.hands)

    def describe(self) -> str:
        lines = []
        for r in self.hands:
            where = r.name.where
            lines.append(f"{r.name.title} ({where}): {' '.join(str(c) for c in r.cards)} "
                         f"- {r.describe()}")
        best = " and ".join(h.title for h in self.winner)
        what = self.hands[list(HandName).index(self.winner[0])].describe()
        verb = "wins" if len(self.winner) == 1 else "tie for the win"
        lines.append(f"Best hand: the {best} {verb} with {what}.")
        lines.append(self.kings_pot_line())
        lines.append("At the table the betting pot goes to the best hand that a player backs, "
                     "which may be a lower one (ruling kings-pot-main-pot-winner).")
        return "\n".join(lines)

    def kings_pot_line(self, reading: str | None = None) -> str:
        """Who takes the King's pot here, under the table's reading of option
        ``kings-pot-win`` (or under ``reading``, the other choice, for "the other
        reading gives ...")."""
        if (reading or self.kings_pot_win) == "best-backed-hand":
            return ("At this table the King's pot goes with the King's hand when it is the best hand "
                    "that players back: to its backers, with the betting pot (option kings-pot-win). "
                    + ("Here it beats every tableau hand, so any backer of it wins both pots."
                       if self.kings_hand_wins else
                       "Here it does not beat every tableau hand: it takes both pots only if no "
                       "better hand is backed."))
        if self.kings_hand_wins:
            return ("The King's hand beats every tableau hand, so the King's pot is won by the "
                    "player with the best backed hand (ruling kings-pot-kings-hand-wins).")
        return ("The King's hand does not beat every tableau hand, so the King's pot "
                "would carry over (ruling kings-pot-kings-hand-wins).")

    def board(self) -> TableauBoard:
        """The same picture the deal view gives, with every card face up (for the app)."""
        cells: list[Card | None] = [None] * CELLS
        for r in self.hands:
            for cell, card in zip(r.name.cells, r.cards):
                cells[cell] = card
        king = next(r for r in self.hands if r.name is HandName.KING)
        return make_board(cells, frozenset(range(CELLS)), RevealSchedule().labels(), king.cards, True)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": {r.name.key: {"cards": [str(c) for c in r.cards], "category": r.category.words}
                      for r in self.hands},
            "winner": [h.key for h in self.winner],
        }


def _read(text: str, what: str, count: int) -> tuple[Card, ...]:
    cards = parse_cards(text, what=what)
    for c in cards:
        if c.is_joker:
            raise NotationError(f"{what}: {str(c)!r} is a joker; King's Pot uses a 52-card pack "
                                f"without jokers [{S.ref(S.PLAYERS_AND_CARDS)}]", token=str(c),
                                expected="a standard card")
    if len(cards) != count:
        raise NotationError(f"{what}: expected {count} cards, got {len(cards)}"
                            + (" (a 5x5 grid, row by row from the top left)" if count == CELLS else "")
                            + f" [{S.ref(S.TABLEAU)}]",
                            token=text.strip()[:60], expected=f"{count} cards")
    return cards


def check_tableau(tableau: str, kings_hand: str, *, options: Mapping[str, str] | None = None) -> TableauVerdict:
    """Value the twelve tableau hands and the King's hand; name the best. ``options``: the
    table's options by name and choice (``KingsPotRules.OPTIONS``)."""
    rules = KingsPotRules().with_options(options, where="--rule") if options else KingsPotRules()
    grid = _read(tableau, "tableau", CELLS)
    kings = _read(kings_hand, "King's hand", KINGS_HAND_SIZE)
    seen: dict[Card, str] = {}
    for i, c in enumerate(grid):
        where = f"tableau {cell_name(i)}"
        if c in seen:
            raise _twice(c, seen[c], where)
        seen[c] = where
    for i, c in enumerate(kings):
        where = f"King's hand card {i + 1}"
        if c in seen:
            raise _twice(c, seen[c], where)
        seen[c] = where
    hands = rank_hands(grid, kings)
    return TableauVerdict(hands, best_of(hands), rules.kings_pot_win)


def _twice(card: Card, first: str, second: str) -> NotationError:
    return NotationError(f"{card} appears twice ({first} and {second}); one pack holds each card "
                         f"once [{S.ref(S.PLAYERS_AND_CARDS)}]", token=str(card),
                         expected="each card at most once")


__all__ = ["check_tableau", "TableauVerdict", "KINGS_POT_RULING"]
