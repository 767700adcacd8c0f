"""The tableau's geometry: 25 cells, the 12 lines through them, the King's hand
apart, the 22 spare cards, how many a player may buy, and which cells each
reveal round turns.

Cells are numbered 0..24 row by row from the top left (cell = 5 * row + column),
the order in which the dealer lays them out and a stacked deck lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import Rank
from ..errors import NotationError
from ..refs import RuleRef, ruling
from . import sections as S

SIZE = 5
CELLS = SIZE * SIZE
KINGS_HAND_SIZE = 5
PACK = 52
SPARE_CARDS = PACK - CELLS - KINGS_HAND_SIZE  # 22: the cards players buy from


def cell_of(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, SIZE)


def cell_name(cell: int) -> str:
    """``row 2, column 4`` (1-based, as a person counts)."""
    r, c = row_col(cell)
    return f"row {r + 1}, column {c + 1}"


class HandName(Enum):
    """The thirteen hands, in the order the source introduces them.

    The value is the lowercase key the checker's JSON uses. Each hand belongs to
    one rank: a player holding a card of that rank backs that hand.
    """

    ACE = "ace"
    TWO = "two"
    THREE = "three"
    FOUR = "four"
    FIVE = "five"
    SIX = "six"
    SEVEN = "seven"
    EIGHT = "eight"
    NINE = "nine"
    TEN = "ten"
    JACK = "jack"
    QUEEN = "queen"
    KING = "king"

    @property
    def key(self) -> str:
        return self.value

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def title(self) -> str:
        """``Ace's hand``; ``Six's hand``; ``King's hand``."""
        return f"{self.value.capitalize()}'s hand"

    @property
    def cells(self) -> tuple[int, ...]:
        """The tableau cells of this hand in reading order; empty for the King's hand."""
        return LINES.get(self, ())

    @property
    def where(self) -> str:
        """Where the hand lies: ``row 1``, ``column 3``, ``diagonal from top left``..."""
        return _WHERE[self]

    @property
    def ref(self) -> RuleRef:
        """The clause that puts this hand where it lies (source § The tableau)."""
        return S.ref(S.TABLEAU, self.where)

    @property
    def on_tableau(self) -> bool:
        return self is not HandName.KING

    @classmethod
    def for_rank(cls, rank: Rank) -> "HandName":
        """The hand a card of ``rank`` backs: Ace -> Ace's hand ... King -> King's hand."""
        return _HAND_OF_RANK[rank]

    @classmethod
    def parse(cls, text: str) -> "HandName":
        """``ace``, ``Ace's hand``, ``A``, ``10``, ``queen's`` ... -> the hand."""
        key = text.strip().lower().replace("\u2019", "'")
        key = key[:-5].rstrip() if key.endswith(" hand") else key
        for suffix in ("'s", "s"):
            if key.endswith(suffix) and key[: -len(suffix)] in _BY_KEY:
                key = key[: -len(suffix)]
        if key in _BY_KEY:
            return _BY_KEY[key]
        try:
            return cls.for_rank(Rank.parse(key))
        except (NotationError, KeyError):
            raise NotationError(
                f"unknown hand {text!r}: expected ace, two ... ten, jack, queen or king",
                token=text, expected="a hand: ace, two, ..., ten, jack, queen, king") from None


_RANK_OF = {
    HandName.ACE: Rank.ACE, HandName.TWO: Rank.TWO, HandName.THREE: Rank.THREE,
    HandName.FOUR: Rank.FOUR, HandName.FIVE: Rank.FIVE, HandName.SIX: Rank.SIX,
    HandName.SEVEN: Rank.SEVEN, HandName.EIGHT: Rank.EIGHT, HandName.NINE: Rank.NINE,
    HandName.TEN: Rank.TEN, HandName.JACK: Rank.JACK, HandName.QUEEN: Rank.QUEEN,
    HandName.KING: Rank.KING,
}
_HAND_OF_RANK = {rank: hand for hand, rank in _RANK_OF.items()}
_BY_KEY = {h.value: h for h in HandName}

_ROW_HANDS = (HandName.ACE, HandName.TWO, HandName.THREE, HandName.FOUR, HandName.FIVE)
_COLUMN_HANDS = (HandName.SIX, HandName.SEVEN, HandName.EIGHT, HandName.NINE, HandName.TEN)

# The tableau's twelve lines (source § The tableau). The Queen's diagonal runs
# from the bottom-left (south-west) corner up to the top right, as named.
LINES: dict[HandName, tuple[int, ...]] = {
    **{h: tuple(cell_of(r, c) for c in range(SIZE)) for r, h in enumerate(_ROW_HANDS)},
    **{h: tuple(cell_of(r, c) for r in range(SIZE)) for c, h in enumerate(_COLUMN_HANDS)},
    HandName.JACK: tuple(cell_of(i, i) for i in range(SIZE)),
    HandName.QUEEN: tuple(cell_of(SIZE - 1 - i, i) for i in range(SIZE)),
}
TABLEAU_HANDS: tuple[HandName, ...] = tuple(LINES)

_WHERE = {
    **{h: f"row {r + 1}" for r, h in enumerate(_ROW_HANDS)},
    **{h: f"column {c + 1}" for c, h in enumerate(_COLUMN_HANDS)},
    HandName.JACK: "diagonal from the top left",
    HandName.QUEEN: "diagonal from the bottom left",
    HandName.KING: "five cards apart from the tableau",
}

# cell -> the hands (lines) through it: 2 for most cells, 3 on a diagonal, 4 at the centre
LINES_THROUGH: tuple[tuple[HandName, ...], ...] = tuple(
    tuple(h for h, cells in LINES.items() if cell in cells) for cell in range(CELLS))


# -- how many cards a player may buy ---------------------------------------

MAX_BUY_RULING = ruling(
    "kings-pot-max-buy",
    S.ref(S.BUYING, "maximum buy per table size"),
    "How many cards may each player buy, for every table size from 3 to 22?",
    "gives a table with 3 players: 7, 4: 5, 6-7: 3, 8-11: 2 and 11-22: 1; it skips 5 players "
    "and lists 11 twice with different limits",
    "the limit is the 22 spare cards shared out evenly, rounded down (22 divided by the number of players). That "
    "reproduces every size the table lists (3 -> 7, 4 -> 5, 6 and 7 -> 3, 8 to 10 -> 2, 12 to 22 "
    "-> 1); it fills the gap with 5 players -> 4; and it settles 11 players at 2, since 11 x 2 = 22 "
    "cards are there to sell")


def max_buy(players: int, spare: int = SPARE_CARDS) -> int:
    """The most cards one player may buy at a table of ``players`` (ruling kings-pot-max-buy)."""
    if players < 1:
        raise ValueError("max_buy needs at least one player")
    return spare // players


# -- which cells each reveal round turns ------------------------------------

REVEAL_ORDER_RULING = ruling(
    "kings-pot-reveal-order",
    S.ref(S.FIRST_REVEAL, "the cells labelled 1, 2 and 3"),
    "Which cells are labelled 1, 2 and 3 (the source's picture of the labels is lost)?",
    "says round 1 turns five cells showing one card of every tableau hand, and that after round 3 "
    "each tableau hand shows three cards; the figure giving the labels is missing",
    "round k turns the cells (row r, column (2r + k - 1) mod 5) for r = 0..4, counted from 0 at "
    "the top left: one cell in every row and every column (2 is invertible mod 5) and one on each "
    "diagonal. The centre cell, on both diagonals, is among the ten turned at the showdown, "
    "which then shows the last two cards of every tableau hand")

SHOWDOWN_LABEL = 0


@dataclass(frozen=True)
class RevealSchedule:
    """Cells turned in each reveal round: round k turns (r, (step * r + offsets[k-1]) mod 5).

    Any ``step`` of 2 or 3 (mod 5) with three distinct offsets gives rounds that
    each show exactly one new card of every tableau hand; the constructor checks
    that and refuses anything else.
    """

    step: int = 2
    offsets: tuple[int, ...] = (0, 1, 2)

    def __post_init__(self) -> None:
        if len(self.offsets) != 3 or len(set(o % SIZE for o in self.offsets)) != 3:
            raise ValueError("a reveal schedule needs three distinct offsets (mod 5)")
        for k in (1, 2, 3):
            cells = self.round_cells(k)
            for hand, line in LINES.items():
                if sum(1 for c in cells if c in line) != 1:
                    raise ValueError(
                        f"reveal step {self.step}: round {k} does not show exactly one card of the "
                        f"{hand.title}")

    def round_cells(self, k: int) -> tuple[int, ...]:
        """The five cells turned in round ``k`` (1..3), top row first."""
        if k not in (1, 2, 3):
            raise ValueError(f"reveal rounds are 1, 2 and 3, not {k}")
        off = self.offsets[k - 1]
        return tuple(cell_of(r, (self.step * r + off) % SIZE) for r in range(SIZE))

    def labels(self) -> tuple[int, ...]:
        """Per cell: the round (1, 2, 3) that turns it, or 0 for the showdown."""
        out = [SHOWDOWN_LABEL] * CELLS
        for k in (1, 2, 3):
            for c in self.round_cells(k):
                out[c] = k
        return tuple(out)

    def shown_after(self, rounds: int) -> frozenset[int]:
        """Cells face up after ``rounds`` reveal rounds (0..3); 4 or more means the showdown."""
        if rounds >= 4:
            return frozenset(range(CELLS))
        return frozenset(c for k in range(1, rounds + 1) for c in self.round_cells(k))


def label_text(label: int) -> str:
    """How the app writes a cell's label: ``1``, ``2``, ``3`` or ``showdown``."""
    return "showdown" if label == SHOWDOWN_LABEL else str(label)
