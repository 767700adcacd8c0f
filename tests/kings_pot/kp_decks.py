"""Stacked decks for King's Pot tests (imported by the test modules; conftest
puts this folder on sys.path because the suite runs with --import-mode=importlib).

T1..T3 are hand-made tableaus; the category of every line was worked out by
hand and double-checked with the independent ``treys`` evaluator while writing
them (see the comments). Players in the deals: Ana (dealer), Ben, Cleo, so Ben
buys and bets first.
"""


# T1: Ace's hand (row 1) full house nines over fours; Eight's hand (column 3)
# 9h 6h Ts 8h 7h a straight to the ten; Six's hand (column 1) 9c 2c 5c 3c 2d a
# pair of twos; Ten's hand (column 5) 4c Jd Kd Ac Qc ace high; Two's hand
# 2c 3d 6h 8s Jd jack high; every other line a high card.
T1 = ["9c 9d 9h 4s 4c", "2c 3d 6h 8s Jd", "5c 7d Ts Qs Kd", "3c 5d 8h Js Ac", "2d 6c 7h Th Qc"]
T1_KING_TWO_PAIR = "Kc Kh 5h 5s 3h"      # two pair, kings and fives: below T1's best
T1_KING_WHEEL_FLUSH = "Ah 2h 3h 4h 5h"   # straight flush to the five: above all of T1
# T3: like T1 but the Ace's hand is 9c 9d 9h 4s Kc (three nines), so the best
# tableau hand is the Eight's straight to the ten; the King's hand
# 6d 7s 8d 9s Tc is a straight to the ten as well: a tie.
T3 = ["9c 9d 9h 4s Kc", "2c 3d 6h 8s Jd", "5c 7d Ts Qs Kd", "3c 5d 8h Js Ac", "2d 6c 7h Th Qc"]
T3_KING_STRAIGHT = "6d 7s 8d 9s Tc"

# Every line's category, worked by hand (test_hand_ranks checks them with treys).
T1_CATEGORIES = {
    "ace": "full house", "two": "high card", "three": "high card", "four": "high card",
    "five": "high card", "six": "one pair", "seven": "high card", "eight": "straight",
    "nine": "high card", "ten": "high card", "jack": "high card", "queen": "high card",
}
# T3 differs from T1 in the top right cell only (Kc for 4c): the Ace's row drops to
# three nines, the Ten's column (Kc Jd Kd Ac Qc) becomes a pair of kings.
T3_CATEGORIES = {**T1_CATEGORIES, "ace": "three of a kind", "ten": "one pair"}
KING_CATEGORIES = {T1_KING_TWO_PAIR: "two pair", T1_KING_WHEEL_FLUSH: "straight flush",
                   T3_KING_STRAIGHT: "straight"}

PLAYERS = ["Ana", "Ben", "Cleo"]

# The twelve tableau hands written out by hand from the source's description
# (rows top to bottom, columns left to right, diagonals corner to corner), so
# tests check the engine against them rather than against its own tables.
# (row, col) by hand, 0-based from the top left.
HAND_CELLS = {
    "ace": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "two": [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)],
    "three": [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)],
    "four": [(3, 0), (3, 1), (3, 2), (3, 3), (3, 4)],
    "five": [(4, 0), (4, 1), (4, 2), (4, 3), (4, 4)],
    "six": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "seven": [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)],
    "eight": [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)],
    "nine": [(0, 3), (1, 3), (2, 3), (3, 3), (4, 3)],
    "ten": [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)],
    "jack": [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)],
    "queen": [(4, 0), (3, 1), (2, 2), (1, 3), (0, 4)],
}


def cells_of(name):
    return [5 * r + c for r, c in HAND_CELLS[name]]


def make_deck(rows, king, spares=""):
    return " ".join(rows) + " " + king + " " + spares
