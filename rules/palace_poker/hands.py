"""One player's cards in a battle or a showdown, and the hand they make.

A :class:`Holding` is what a player has on the table and in the palace
(``BANNER | PALACE | SOLDIERS`` in text). :func:`evaluate_side` finds its best
five against an opponent's banner suit (or against nobody, in a showdown) and
marks every card: counted, excluded by the opponent's banner suit, counted
under the four-of-a-kind exception, or wild (Kings in the House).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Sequence

from ..cards import ALL_CARDS, Card, Rank, Suit, counted, format_cards, parse_cards
from ..errors import NotationError
from ..poker import Category, Hand, best_hand, category_of, evaluate_indices
from ..refs import RuleRef, Ruling, ruling
from .config import PokerRules
from .sections import ref

MAX_SOLDIERS = 5
PALACE_SIZE = 3

FOUR_OF_A_KIND_KICKER = ruling(
    "palace-poker-four-of-a-kind-kicker",
    ref("Banner Suits", "four-of-a-kind exception"),
    "When a four of a kind counts whole despite the opponent's banner suit, may the fifth card be "
    "of that suit too?",
    "says that all four cards of a four of a kind count, even the one in the opponent's banner suit, "
    "and nothing about the fifth card",
    "only the four cards of the four of a kind are rescued; the fifth card (the kicker) must be one "
    "that counts anyway")

OWN_SUIT_COUNT = ruling(
    "palace-poker-own-suit-count",
    ref("Ties", "own suit"),
    "Which cards are counted when equal hands are split by the number of cards of one's own suit?",
    "gives the win to the player with more cards of their own banner suit in their hand; the showdown "
    "example counts only the five cards that make the hand (Aaron's spade banner is not counted)",
    "count the cards of one's own banner suit among the best five, and among equal best fives take "
    "the one with the most of them")

KINGS_SCOPE = ruling(
    "palace-poker-kings-in-the-house-scope",
    ref("Kings in the House Rule"),
    "Does a wild royal card work in showdowns as well as battles, and can two of them be used?",
    "lets an own-suit king, queen or jack held in the palace play as an ace, only in a five-high "
    "straight or straight flush, without saying when",
    "it works wherever hands are compared (battles and showdowns); a wheel needs one ace, so at most "
    "one royal card is ever used as wild")


class Place(Enum):
    """Where a card sits: the face-up banner, the face-down palace, or a face-up soldier."""

    BANNER = "banner"
    PALACE = "palace"
    SOLDIER = "soldier"


class Mark(Enum):
    """How a card fares in a battle (or a showdown)."""

    COUNTED = "counted"
    EXCLUDED = "excluded"
    FOUR_OF_A_KIND = "counted by the four-of-a-kind exception"
    WILD = "wild"


@dataclass(frozen=True)
class Holding:
    """A player's banner, palace cards and soldiers.

    Text form: ``Jd | Js Jh 5d | Jc`` (the soldiers field may be empty). The
    parser checks the field count, three palace cards, at most five soldiers,
    and that no card is given twice.
    """

    banner: Card
    palace: tuple[Card, ...]
    soldiers: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"{self.banner} | {format_cards(self.palace)} | {format_cards(self.soldiers)}".rstrip()

    def __repr__(self) -> str:
        return f"Holding.parse({str(self)!r})"

    @property
    def suit(self) -> Suit:
        """The banner suit: the player's own suit."""
        suit = self.banner.suit
        if suit is None:
            raise ValueError("a banner is a card of a suit, not a Joker")
        return suit

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.banner, *self.palace, *self.soldiers)

    @property
    def placed(self) -> tuple[tuple[Card, Place], ...]:
        return ((self.banner, Place.BANNER), *((c, Place.PALACE) for c in self.palace),
                *((c, Place.SOLDIER) for c in self.soldiers))

    @property
    def face_up(self) -> int:
        """Banner plus soldiers: what the bets are counted in (§ Bet (or battle))."""
        return 1 + len(self.soldiers)

    @classmethod
    def parse(cls, text: str, *, what: str = "hand", palace_size: int | None = PALACE_SIZE) -> "Holding":
        """Read ``BANNER | PALACE | SOLDIERS``; errors are one line naming the token and the rule."""
        if not isinstance(text, str):
            raise NotationError(f"{what}: expected text like 'Jd | Js Jh 5d | Jc'", token=str(text),
                                expected="BANNER | PALACE | SOLDIERS")
        parts = text.split("|")
        if len(parts) != 3:
            raise NotationError(
                f"{what}: {text.strip()!r} has {counted(len(parts), 'field')}; write BANNER | PALACE | SOLDIERS "
                "(three fields separated by '|'; the soldiers field may be empty)",
                token=text.strip(), expected="BANNER | PALACE | SOLDIERS")
        banner = parse_cards(parts[0], what=f"{what} banner")
        if len(banner) != 1:
            raise NotationError(
                f"{what}: the banner field {parts[0].strip()!r} must be exactly one card "
                f"(each player has one banner card, {ref('The Deal')})",
                token=parts[0].strip(), expected="one card")
        palace = parse_cards(parts[1], what=f"{what} palace")
        if palace_size is not None and len(palace) != palace_size:
            raise NotationError(
                f"{what}: the palace field {parts[1].strip()!r} has {counted(len(palace), 'card')}; a player "
                f"holds {palace_size} palace cards ({ref('Palace Cards')})",
                token=parts[1].strip(), expected=f"{palace_size} cards")
        soldiers = parse_cards(parts[2], what=f"{what} soldiers")
        if len(soldiers) > MAX_SOLDIERS:
            raise NotationError(
                f"{what}: the soldiers field {parts[2].strip()!r} has {len(soldiers)} cards; at most "
                f"{MAX_SOLDIERS} soldiers ({ref('Buy')})", token=parts[2].strip(), expected="0 to 5 cards")
        holding = cls(banner[0], palace, soldiers)
        holding.check_unique(what)
        return holding

    def check_unique(self, what: str = "hand") -> None:
        if any(c.is_joker for c in self.cards):
            raise NotationError(f"{what}: Palace Poker uses no jokers ({ref('The Cards')})",
                                token="Jk", expected="a standard card")
        seen: set[Card] = set()
        for c in self.cards:
            if c in seen:
                raise NotationError(f"{what}: {c} is given twice; one 52-card pack holds it once "
                                    f"({ref('The Cards')})", token=str(c), expected="each card once")
            seen.add(c)


@dataclass(frozen=True)
class CardMark:
    """One card's fate in a battle or showdown, with the reason and rule."""

    card: Card
    place: Place
    mark: Mark
    in_best: bool
    reason: str
    ref: RuleRef
    excluded_by: str | None = None  # whose banner suit knocks it out
    stands_for: Card | None = None  # the ace a wild royal card plays as
    ruling: Ruling | None = None

    @property
    def counts(self) -> bool:
        return self.mark is not Mark.EXCLUDED


@dataclass(frozen=True)
class SideHand:
    """What one player's cards make in a battle (against an opponent's banner suit)
    or in a showdown (``against`` is None)."""

    name: str
    holding: Holding
    against: Suit | None
    value: int
    best: tuple[Card, ...]
    own_suit_count: int
    marks: tuple[CardMark, ...]
    wild: Card | None = None  # the royal card used as an ace, if any

    @property
    def category(self) -> Category:
        return category_of(self.value)

    @property
    def excluded(self) -> tuple[Card, ...]:
        return tuple(m.card for m in self.marks if m.mark is Mark.EXCLUDED)

    @property
    def rescued(self) -> tuple[Card, ...]:
        """Cards of the opponent's suit that count through the four-of-a-kind exception."""
        return tuple(m.card for m in self.marks if m.mark is Mark.FOUR_OF_A_KIND)

    @property
    def key(self) -> tuple[int, int]:
        """What decides between two hands: value, then own-suit cards in the best five."""
        return (self.value, self.own_suit_count)

    def describe_hand(self) -> str:
        return Hand(self.value, self.best).describe()

    def describe(self, label: str | None = None) -> str:
        """One line: the hand, the best five, and the cards that do not count."""
        five = " ".join(c.label for c in self.best) or "nothing"
        text = f"{label or self.name}: {self.describe_hand()} ({five})"
        if self.excluded:
            whose = next(m.excluded_by for m in self.marks if m.mark is Mark.EXCLUDED)
            word = self.against.word if self.against is not None else ""
            text += (f"; not counted, being {word} like {whose}'s banner: "
                     + " ".join(c.label for c in self.excluded))
        if self.rescued:
            text += "; counted anyway as part of a four of a kind: " + " ".join(c.label for c in self.rescued)
        if self.wild is not None:
            text += f"; {self.wild.label} plays as an ace (Kings in the House)"
        return text

    def as_dict(self) -> dict[str, Any]:
        """The checkers' per-player JSON fields."""
        return {"best": [str(c) for c in self.best], "category": self.category.words,
                "excluded": [str(c) for c in self.excluded]}


_ROYALS = (Rank.JACK, Rank.QUEEN, Rank.KING)
_WHEEL_LOW = (Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
_WHEEL = (4 << 20) | (5 << 16)
_WHEEL_FLUSH = (8 << 20) | (5 << 16)


def _own_count(cards: Iterable[Card], suit: Suit) -> int:
    return sum(1 for c in cards if c.suit is suit)


def _wheel_with_wild(countable: Sequence[Card], wild: Card, own: Suit) -> tuple[int, tuple[Card, ...]] | None:
    """The five-high straight (flush) that ``wild`` completes as an ace, if any."""
    others = [c for c in countable if c is not wild]
    suited = [next((c for c in others if c.rank is r and c.suit is own), None) for r in _WHEEL_LOW]
    found = [c for c in suited if c is not None]
    if len(found) == len(suited):
        return _WHEEL_FLUSH, (*found, wild)
    low = []
    for r in _WHEEL_LOW:
        same = sorted((c for c in others if c.rank is r), key=lambda c: (c.suit is not own, c.suit.index if c.suit else 4))
        if not same:
            return None
        low.append(same[0])
    return _WHEEL, (*low, wild)


STANDARD = PokerRules()


def _four_and_top_kickers(four: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """The four and every other card of the highest other rank, any suit (option
    four-of-a-kind-kicker = rescued-too): the best kicker, without letting the
    opponent's suit make any hand but this four of a kind."""
    others = [c for c in cards if c.rank is not four[0].rank]
    top = max((c.rank for c in others), default=None)
    return [*four, *(c for c in others if c.rank is top)]


def evaluate_side(holding: Holding, *, against: Suit | None, rules: PokerRules = STANDARD, name: str = "",
                  opponent: str = "the opponent") -> SideHand:
    """The best five of ``holding`` when cards of suit ``against`` do not count
    (§ Banner Suits), with every card marked, under ``rules`` (the Kings in the
    House variation makes a royal card wild). ``against=None`` is a showdown."""
    own = holding.suit
    cards = holding.cards
    countable = [c for c in cards if c.suit is not against]
    # candidates: (value, own-suit count, exception rank order, five, wild, rescued rank)
    base = best_hand(countable, prefer_suit=own)
    options: list[tuple[tuple[int, int, int], tuple[Card, ...], Card | None, Rank | None]] = [
        ((base.value, _own_count(base.cards, own), 2), base.cards, None, None)]
    if against is not None:
        for rank in {c.rank for c in cards}:
            four = [c for c in cards if c.rank is rank]
            if len(four) == 4 and any(c.suit is against for c in four):
                pool = (_four_and_top_kickers(four, cards) if rules.four_kicker == "rescued-too"
                        else [*countable, *(c for c in four if c.suit is against)])
                hand = best_hand(pool, prefer_suit=own)
                if hand.category is Category.FOUR_OF_A_KIND and hand.cards[0].rank is rank:
                    options.append(((hand.value, _own_count(hand.cards, own), 1), hand.cards, None, rank))
    if rules.kings_in_the_house and (against is not None or rules.kings_scope == "everywhere"):
        for royal in holding.palace:
            if royal.rank in _ROYALS and royal.suit is own:
                made = _wheel_with_wild(countable, royal, own)
                if made:
                    value, five = made
                    options.append(((value, _own_count(five, own), 0), five, royal, None))
                break  # one ace is all a wheel can use
    (value, own_count, _), best, wild, rescued_rank = max(options, key=lambda o: o[0])
    in_best = set(best)
    # the card the kicker ruling decides: the one a table letting the fifth card count would
    # take (the top other rank), when no card that counts anyway is of that rank
    kicker = set(_four_and_top_kickers([c for c in cards if c.rank is rescued_rank], cards)[4:]) \
        if rescued_rank is not None else set()
    decided = kicker if all(c.suit is against for c in kicker) else set()
    marks = []
    for c, place in holding.placed:
        if c is wild:
            marks.append(CardMark(c, place, Mark.WILD, True,
                                  f"{c.label} is a royal card of {name or 'the player'}'s own suit in the "
                                  "palace, so it plays as an ace to make a five-high straight",
                                  ref("Kings in the House Rule"), stands_for=Card(Rank.ACE, c.suit),
                                  ruling=KINGS_SCOPE))
        elif against is not None and c.suit is against and rescued_rank is not None and c.rank is rescued_rank:
            marks.append(CardMark(c, place, Mark.FOUR_OF_A_KIND, True,
                                  f"{c.label} is of {opponent}'s banner suit but completes a four of a kind, "
                                  "which counts whole", ref("Banner Suits", "four-of-a-kind exception"),
                                  excluded_by=opponent, ruling=FOUR_OF_A_KIND_KICKER))
        elif against is not None and c.suit is against and rescued_rank is not None and (
                rules.four_kicker == "rescued-too" and c in in_best):
            marks.append(CardMark(c, place, Mark.FOUR_OF_A_KIND, True,
                                  f"{c.label} is of {opponent}'s banner suit but counts as the fifth card of "
                                  "the four of a kind, by this table's rule",
                                  ref("Banner Suits", "four-of-a-kind exception"),
                                  excluded_by=opponent, ruling=FOUR_OF_A_KIND_KICKER))
        elif against is not None and c.suit is against and c in decided and rules.four_kicker != "rescued-too":
            # the source rescues the four and is silent on a fifth card of that suit: our reading
            marks.append(CardMark(c, place, Mark.EXCLUDED, False,
                                  f"excluded: {opponent}'s banner is {against.symbol} ({against.word}); the "
                                  "four of a kind counts whole, but by our reading not a fifth card of that "
                                  "suit", ref("Banner Suits", "four-of-a-kind exception"),
                                  excluded_by=opponent, ruling=FOUR_OF_A_KIND_KICKER))
        elif against is not None and c.suit is against:
            marks.append(CardMark(c, place, Mark.EXCLUDED, False,
                                  f"excluded: {opponent}'s banner is {against.symbol} ({against.word})",
                                  ref("Banner Suits"), excluded_by=opponent))
        else:
            why = "in the best five" if c in in_best else "counts, but is not in the best five"
            marks.append(CardMark(c, place, Mark.COUNTED, c in in_best, why,
                                  ref("Banner Suits") if against is not None else ref("Showdown")))
    return SideHand(name, holding, against, value, tuple(best), own_count, tuple(marks), wild)


# -- fast values for exact odds ---------------------------------------------

_ROYAL_INDICES = frozenset(c.index for c in ALL_CARDS if c.rank in _ROYALS)
_LOW_RANK_BITS = {r: 1 << r for r in (2, 3, 4, 5)}


def fast_value(indices: Sequence[int], palace: Sequence[int], own: int, against: int | None,
               rules: PokerRules = STANDARD) -> int:
    """The battle value of :func:`evaluate_side` from card indices, without marks
    (suits as numbers 0..3 in :class:`~rules.cards.Suit` index order). Used by
    the odds enumeration; the tests check it against :func:`evaluate_side`."""
    if against is None:
        countable = indices
    else:
        countable = [i for i in indices if i & 3 != against]
    value = evaluate_indices(countable)
    if against is not None and len(countable) < len(indices) and value < (7 << 20):
        counts: dict[int, int] = {}
        for i in indices:
            counts[i >> 2] = counts.get(i >> 2, 0) + 1
        for r, n in counts.items():
            if n == 4:
                if rules.four_kicker == "rescued-too":  # the four and the highest other card, any suit
                    kicker = max((i for i in indices if i >> 2 != r), default=None)
                    v = evaluate_indices([r * 4 + s for s in range(4)] + ([kicker] if kicker is not None else []))
                else:
                    v = evaluate_indices([*countable, r * 4 + against])
                if v > value:
                    value = v
    if (rules.kings_in_the_house and value < _WHEEL_FLUSH
            and (against is not None or rules.kings_scope == "everywhere")):
        if any(i in _ROYAL_INDICES and i & 3 == own for i in palace):
            suited = all_ranks = 0
            for i in countable:
                bit = 1 << ((i >> 2) + 2)
                all_ranks |= bit
                if i & 3 == own:
                    suited |= bit
            low = 0b111100  # ranks 2..5
            if suited & low == low:
                value = _WHEEL_FLUSH
            elif all_ranks & low == low and value < _WHEEL:
                value = _WHEEL
    return value
