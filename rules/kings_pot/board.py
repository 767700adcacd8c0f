"""A frozen picture of the tableau for the app: the 25 cells with their reveal
labels, the thirteen hands with what shows of them, and which hand leads on the
face-up cards and why.

It is built from what one viewer may see (see ``KingsPotState.view``), so it
never carries a card the viewer should not know. A card can be known but face
down (the teaching view shows everything): ``face_up`` says what the players
at the table see, and only face-up cards decide the leader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..poker import Category, best_hand, category_of, evaluate
from ..refs import RuleRef
from . import sections as S
from .tableau import CELLS, LINES, LINES_THROUGH, HandName, label_text, row_col


@dataclass(frozen=True)
class BoardCell:
    index: int
    row: int
    col: int
    label: int                 # reveal round 1, 2, 3, or 0 for the showdown
    card: Card | None          # None when the viewer may not know it
    face_up: bool
    hands: tuple[HandName, ...]  # the lines through this cell

    @property
    def label_text(self) -> str:
        return label_text(self.label)


@dataclass(frozen=True)
class BoardHand:
    name: HandName
    cells: tuple[int, ...]        # empty for the King's hand
    shown: tuple[Card, ...]       # its face-up cards
    face_down: int                # how many of its five are still face down
    value: int | None             # poker value of the face-up cards (None when none show)

    @property
    def title(self) -> str:
        return self.name.title

    @property
    def category(self) -> Category | None:
        return None if self.value is None else category_of(self.value)

    def describe(self) -> str:
        """What the face-up cards make: ``one pair, nines``, or ``nothing showing``."""
        if not self.shown:
            return "nothing showing"
        return best_hand(self.shown).describe()


@dataclass(frozen=True)
class Leader:
    """The hand(s) ahead on the face-up cards, with the reason in plain words."""

    hands: tuple[HandName, ...]
    reason: str
    ref: RuleRef


@dataclass(frozen=True)
class TableauBoard:
    cells: tuple[BoardCell, ...]
    hands: tuple[BoardHand, ...]
    leader: Leader

    def hand(self, name: HandName) -> BoardHand:
        return next(h for h in self.hands if h.name is name)


def make_board(cards: Sequence[Card | None], face_up: frozenset[int], labels: Sequence[int],
               kings_hand: Sequence[Card | None], kings_face_up: bool) -> TableauBoard:
    """Build the picture from the viewer's cards (None = unknown) and what is face up."""
    cells = tuple(BoardCell(i, *row_col(i), labels[i], cards[i], i in face_up, LINES_THROUGH[i])
                  for i in range(CELLS))
    hands = []
    for name, line in LINES.items():
        shown = tuple(card for card in (cards[c] for c in line if c in face_up) if card is not None)
        hands.append(BoardHand(name, line, shown, len(line) - len(shown),
                               evaluate(shown) if shown else None))
    king_shown = tuple(c for c in kings_hand if c is not None) if kings_face_up else ()
    hands.append(BoardHand(HandName.KING, (), king_shown, len(kings_hand) - len(king_shown),
                           evaluate(king_shown) if king_shown else None))
    return TableauBoard(cells, tuple(hands), _leader(hands, kings_face_up))


def _leader(hands: Sequence[BoardHand], kings_face_up: bool) -> Leader:
    showing = [h for h in hands if h.value is not None]
    if not showing:
        return Leader((), "No card is face up yet, so no hand leads.", S.ref(S.FIRST_REVEAL))
    top = max(h.value for h in showing if h.value is not None)
    ahead = tuple(h for h in showing if h.value == top)
    names = " and ".join(h.title for h in ahead)
    what = ahead[0].describe()
    counts = sorted({len(h.shown) for h in showing if h.name.on_tableau})
    per = counts[0] if len(counts) == 1 else None
    if per == 5 and kings_face_up:
        scope = "With every card face up"
        ref = S.ref(S.SHOWDOWN)
    elif per is not None:
        scope = f"With {per} card{'s' if per != 1 else ''} of each tableau hand face up"
        ref = S.ref({1: S.FIRST_REVEAL, 2: S.SECOND_REVEAL, 3: S.THIRD_REVEAL}.get(per, S.SHOWDOWN))
    else:
        scope = "On the cards face up"
        ref = S.ref(S.SHOWDOWN)
    verb = "leads" if len(ahead) == 1 else "tie for the lead"
    tail = "" if per == 5 else (" (straights and flushes need all five cards, so only pairs and "
                                "better or high cards count so far)")
    return Leader(tuple(h.name for h in ahead), f"{scope}, the {names} {verb} with {what}{tail}.", ref)
