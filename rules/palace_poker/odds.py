"""Exact battle odds from one seat's point of view.

For each opponent the seat could battle, every possible set of that
opponent's palace cards is drawn from the cards the seat cannot see (the deck,
the discard pile and the other palace cards), all equally likely, and the
battle is decided as the engine would decide it: banner-suit exclusions, the
four-of-a-kind exception, Kings in the House, then the own-suit count.

The enumeration is grouped: an opponent's cards of the seat's banner suit do
not count in the battle, so palace sets that differ only in such cards are
worth the same, unless one completes a four of a kind. Only the countable
part is evaluated; the rest is counted with binomial coefficients.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from ..cards import Card
from ..refs import RuleRef, ruling
from .hands import Holding, evaluate_side, fast_value
from .model import Phase
from .sections import ref
from .view import PokerView, SeatView

if TYPE_CHECKING:
    from .config import PokerRules
    from .state import PokerState

UNSEEN = ruling(
    "palace-poker-odds-unseen",
    ref("Banner Suits"),
    "Which cards may an opponent hold, for the tutor's battle odds?",
    "keeps palace cards face down, the discard pile face down and the deck unseen",
    "every card the seat cannot see on the table right now is equally likely to be in an opponent's "
    "palace: the deck, the discard pile and the other players' palace cards. Remembered discards and "
    "cards glimpsed in earlier battles are not used")


@dataclass(frozen=True)
class BattleOdds:
    """The chances of ``seat`` in a battle against ``opponent`` (either attacking);
    ``seat``/``opponent`` are the players' names, ``seats`` the two seat numbers."""

    seat: str
    opponent: str
    win: Fraction
    tie: Fraction      # a complete tie: both out, or a split between the last two
    lose: Fraction
    combinations: int  # palace sets the opponent may hold
    possible: bool = True
    reason: str = ""
    ref: RuleRef = ref("Banner Suits")
    seats: tuple[int, int] = (-1, -1)

    def describe(self) -> str:
        if not self.possible:
            return f"{self.seat} vs {self.opponent}: {self.reason}"
        return (f"{self.seat} vs {self.opponent}: win {float(self.win):.1%}, tie {float(self.tie):.1%}, "
                f"lose {float(self.lose):.1%} over {self.combinations} possible palace sets")


def battle_odds(source: "PokerState | PokerView", seat: int | str | None = None,
                opponent: int | str | None = None) -> tuple[BattleOdds, ...]:
    """Odds for ``seat`` against every opponent still in the hand (or just ``opponent``),
    from what that seat sees: ``source`` is the seat's view (a computer player's
    input) or a state, whose view of ``seat`` is taken. Seats by number or name."""
    view = source if isinstance(source, PokerView) else source.view(seat)
    if view.phase not in (Phase.TURN, Phase.AFTER_BUY, Phase.BATTLE, Phase.SPOILS):
        raise ValueError(f"battle odds need a hand in play, not the {view.phase.value} phase")
    me_seat = view.seat
    if me_seat is None or not view.players[me_seat].in_hand:
        raise ValueError(f"{seat!r} is not a player still in the hand")
    me = view.players[me_seat]
    unseen = view.unseen()
    wanted = None if opponent is None else (opponent if isinstance(opponent, int) else view.player(opponent).seat)
    out = []
    for them in view.players:
        if them.seat == me_seat or not them.in_hand or (wanted is not None and them.seat != wanted):
            continue
        if them.suit is me.suit:
            out.append(BattleOdds(me.name, them.name, Fraction(0), Fraction(0), Fraction(0), 0, False,
                                  f"both banners are {me.suit.word if me.suit else '?'}: they never battle",
                                  ref("Bet (or battle)"),
                                  (me_seat, them.seat)))
            continue
        out.append(_against(view.rules, me, them, unseen))
    return tuple(sorted(out, key=lambda o: _from_dealers_left(view, o.seats[1])))


def _from_dealers_left(view: PokerView, seat: int) -> int:
    n = len(view.players)
    dealer = view.dealer if view.dealer is not None else n - 1
    return (seat - dealer - 1) % n


def _against(rules: PokerRules, me: SeatView, them: SeatView, unseen: tuple[Card, ...]) -> BattleOdds:
    holding, banner, my_suit, their_suit = me.holding, them.banner, me.suit, them.suit
    if holding is None or banner is None or my_suit is None or their_suit is None:
        raise ValueError("battle odds need the seat's own palace and both banners on the table")
    mine = evaluate_side(holding, against=their_suit, rules=rules)
    my_value, my_own = mine.value, mine.own_suit_count
    size = them.palace_count
    sx, so = my_suit.index, their_suit.index
    fixed = [banner.index, *(c.index for c in them.soldiers)]
    live = [c.index for c in unseen if c.suit is not me.suit]
    dead = [c.index for c in unseen if c.suit is me.suit]
    win = tie = lose = 0
    for m in range(size + 1):
        rest = size - m
        n_dead = comb(len(dead), rest)
        if n_dead == 0:
            continue
        for part in combinations(live, m):
            cards = fixed + list(part)
            value = fast_value(cards, part, so, sx, rules)
            ranks: dict[int, int] = {}
            for c in cards:
                ranks[c >> 2] = ranks.get(c >> 2, 0) + 1
            triggers = [d for d in dead if ranks.get(d >> 2, 0) == 3]
            groups: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]
            if not triggers:
                groups = [(value, n_dead, part, ())]
            else:
                groups = []
                for extra in combinations(dead, rest):
                    v = fast_value(cards + list(extra), part, so, sx, rules) if any(
                        d in triggers for d in extra) else value
                    groups.append((v, 1, part, extra))
            for v, n, p, extra in groups:
                if v < my_value:
                    win += n
                elif v > my_value:
                    lose += n
                else:
                    held = Holding(banner, tuple(_CARDS[i] for i in (*p, *extra)), them.soldiers)
                    theirs = evaluate_side(held, against=me.suit, rules=rules).own_suit_count
                    if my_own > theirs:
                        win += n
                    elif my_own < theirs:
                        lose += n
                    else:
                        tie += n
    total = win + tie + lose
    return BattleOdds(me.name, them.name, Fraction(win, total), Fraction(tie, total), Fraction(lose, total),
                      total, True, UNSEEN.reading, ref("Banner Suits"), (me.seat, them.seat))


from ..cards import ALL_CARDS as _CARDS  # noqa: E402  (index -> card)
