"""The rules of Palace as data: one frozen :class:`PalaceRules` per document.

Every clause of the three documents is an option value here, and each preset
keeps, per option, the :class:`~rules.refs.RuleRef` of the section it comes
from (``rules.ref("wild")``). The engine reads only these values; nothing in it
asks which preset it is playing. The documents' optional rules are
*alternates*: named sets of option values a game may switch on
(``rules.with_alternates(["jokers-reverse"])``).

Rank order is a tuple of levels, lowest first; cards of one level are equal
(the house 10 and Joker). ``value(rank)`` gives the level index.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import Rank
from ..core import Presets
from ..errors import NotationError
from ..options import Choice, Configurable, Conflict, OptionSet, TableOption, whole_number
from ..refs import RuleRef, Ruling, ruling
from . import sections as S

R2, R3, R4, R5, R6, R7, R8, R9 = (Rank(v) for v in range(2, 10))
T, J, Q, K, A, JK = Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.JOKER

STARTERS = ("worst-face-up", "lowest-in-hand", "dealer-left")
FACE_UP_CHOICES = ("choose-from-dealt", "swap")
FACE_UP_TO_HAND = ("must", "may", "never")
ENDINGS = ("first-out-wins", "last-player-loses")


@dataclass(frozen=True)
class PalaceRules(Configurable):
    """One rule set. Each field names what it decides; ``ref(field)`` cites the section.
    ``OPTIONS`` (below) are the questions a table may settle its own way."""

    OPTIONS: ClassVar[OptionSet]

    name: str
    source: str
    # -- the deal (house: Dealing; caron: Dealing; bga: Deal, Number of players)
    min_players: int
    max_players: int
    packs: tuple[int, ...]
    """Packs of 52 used, indexed by ``players - min_players``."""
    jokers_per_pack: int
    cards_each: tuple[int, ...]
    """Face-down cards, face-up cards and hand size (the same number in every source),
    indexed by ``players - min_players``."""
    short_game: bool
    """BGA short game: ``short_game_cards`` of each kind whatever the table, and a draw deck
    of ``short_game_stock`` cards; the rest of the pack is set aside unseen."""
    short_game_cards: int
    short_game_stock: int
    face_up_choice: str
    """``choose-from-dealt``: pick the face-up cards from the cards dealt after the face-down
    ones; ``swap``: face-up cards are dealt and hand cards may be swapped with them."""
    first_card_from_stock: bool
    first_card_replaced: frozenset[Rank]
    """A first card of one of these ranks goes back under the stock and the next is turned."""
    starter: str
    # -- ranks and special cards
    order: tuple[tuple[Rank, ...], ...]
    wild: frozenset[Rank]
    """Playable on any card (unless an answer is forced, see ``force_pickup``)."""
    clear: frozenset[Rank]
    """Send the pile out of the game when played."""
    clear_extra_turn: bool
    four_of_a_kind: int
    """This many of a rank in a row, from any players, clear the pile."""
    four_extra_turn: bool
    four_anytime: bool
    """A play of at least ``four_of_a_kind`` cards of a rank is legal on anything."""
    reset: frozenset[Rank]
    """After one of these the same player plays again, and any card may follow."""
    reset_stock_option: bool
    """In the replay after a reset card the stock's top card may be turned (a chance)."""
    force_pickup: frozenset[Rank]
    """The next player must add the same rank or take the pile."""
    lower_after: frozenset[Rank]
    """After one of these the next card must be the same rank, a wild or a lower card."""
    flash: frozenset[Rank]
    """Shown to a chosen player, who takes the pile unless they send it back with the same rank."""
    flash_check_stock: bool
    transparent: frozenset[Rank]
    """Leave the card beneath in force (and may go on a card that forces an answer)."""
    reverse: frozenset[Rank]
    skip: frozenset[Rank]
    """Each card of these ranks played skips one player."""
    # -- the turn
    quick_play: bool
    """A card of the rank just played, drawn in the refill, may be thrown before the next player."""
    chance: bool
    voluntary_pickup: bool
    # -- table cards and the end
    face_up_to_hand: str
    peek_next_face_down: bool
    quick_face_down: bool
    last_face_down_returns: bool
    last_card_call: bool
    ending: str
    refs: tuple[tuple[str, RuleRef], ...] = field(repr=False)
    order_ruling: Ruling | None = field(repr=False, default=None)
    """The ruling that places ``order_ruled`` ranks, cited when a comparison involves them."""
    order_ruled: frozenset[Rank] = field(repr=False, default=frozenset())
    placement_ruling: Ruling | None = field(repr=False, default=None)
    """Cited when a ``lower_after`` card itself is placed by the ordinary rule."""
    alternates: tuple[tuple[str, tuple[tuple[str, Any], ...], RuleRef], ...] = field(repr=False, default=())
    wilds_answer_force: bool = False
    """On a ``force_pickup`` card, a wild card (or four of a kind played anytime) may be played
    too, as anywhere else; False: only the same rank (or a see-through card) answers it."""

    if TYPE_CHECKING:  # the tables __post_init__ sets (not fields: declared for the type checker,
        # as fields it does not ask for, so it neither expects them in __init__ nor orders them)
        _values: dict[Rank, int] = field(init=False, repr=False)
        _refs: dict[str, RuleRef] = field(init=False, repr=False)
        levels: tuple[int, ...] = field(init=False, repr=False)
        """Each rank code's level in the order (``card.index >> 2``; -1: not in the game)."""
        is_wild: tuple[bool, ...] = field(init=False, repr=False)
        is_clear: tuple[bool, ...] = field(init=False, repr=False)
        is_reset: tuple[bool, ...] = field(init=False, repr=False)
        is_force_pickup: tuple[bool, ...] = field(init=False, repr=False)
        is_lower_after: tuple[bool, ...] = field(init=False, repr=False)
        is_flash: tuple[bool, ...] = field(init=False, repr=False)
        is_transparent: tuple[bool, ...] = field(init=False, repr=False)
        is_reverse: tuple[bool, ...] = field(init=False, repr=False)
        is_skip: tuple[bool, ...] = field(init=False, repr=False)
        play_order: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        for name, allowed in (("starter", STARTERS), ("face_up_choice", FACE_UP_CHOICES),
                              ("face_up_to_hand", FACE_UP_TO_HAND), ("ending", ENDINGS)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}")
        span = self.max_players - self.min_players + 1
        if len(self.packs) != span or len(self.cards_each) != span:
            raise ValueError("packs and cards_each need one value per player count")
        values = {rank: level for level, ranks in enumerate(self.order) for rank in ranks}
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_refs", dict(self.refs))
        # Tables indexed by rank code (``card.index >> 2``, i.e. rank - 2: 0 for a 2 ... 12 for an
        # Ace, 13 for a Joker) so the hot paths never hash an enum.
        object.__setattr__(self, "levels", tuple(values.get(Rank(c + 2), -1) for c in range(14)))
        for name in ("wild", "clear", "reset", "force_pickup", "lower_after", "flash", "transparent",
                     "reverse", "skip"):
            ranks = getattr(self, name)
            object.__setattr__(self, "is_" + name, tuple(Rank(c + 2) in ranks for c in range(14)))
        # weakest first: ordinary ranks by level, then the special ones by level
        special = self.wild | self.clear | self.flash | self.force_pickup
        object.__setattr__(self, "play_order", tuple(
            (Rank(c + 2) in special) * 100 + self.levels[c] for c in range(14)))

    def conflicts(self) -> tuple[Conflict, ...]:
        """Settings this rule set cannot play: Jokers need a place in the rank order."""
        if self.jokers_per_pack and JK not in self._values:
            return (Conflict((f"jokers={self.jokers_per_pack}", f"the {self.name} rank order"),
                             "this rule set gives a Joker no rank and no power, so it could never be played",
                             self.ref("order")),)
        return ()

    # -- lookups --------------------------------------------------------------
    def ref(self, key: str) -> RuleRef:
        """The section a field (or a general rule: ``beat``, ``pickup``...) comes from."""
        return self._refs[key]

    def value(self, rank: Rank) -> int:
        return self._values[rank]

    def packs_for(self, players: int) -> int:
        return self.packs[players - self.min_players]

    def cards_for(self, players: int) -> int:
        return self.short_game_cards if self.short_game else self.cards_each[players - self.min_players]

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise NotationError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players} "
                f"[{self.ref('players')}]", token=str(players),
                expected=f"{self.min_players}-{self.max_players} seats")

    @property
    def alternate_names(self) -> tuple[str, ...]:
        return tuple(name for name, _, _ in self.alternates)

    def with_alternates(self, names: Iterable[str]) -> "PalaceRules":
        """This rule set with some of its documented optional rules switched on."""
        known = {name: (changes, ref) for name, changes, ref in self.alternates}
        rules = self
        for name in names:
            if name not in known:
                raise NotationError(
                    f"unknown {self.name} alternate rule {name!r}; known: {', '.join(known) or 'none'}",
                    token=name, expected=" | ".join(known) or "no alternates")
            changes, ref = known[name]
            refs = dict(rules.refs)
            refs.update((key, ref) for key, _ in changes)
            rules = replace(rules, name=f"{rules.name}+{name}", refs=tuple(refs.items()), **dict(changes))
        return rules


def _order(*levels: Iterable[Rank] | Rank) -> tuple[tuple[Rank, ...], ...]:
    return tuple(tuple(level) if isinstance(level, tuple) else (level,) for level in levels)


NONE: frozenset[Rank] = frozenset()

# -- rulings about the deal and the rank order (the rest live next to their rules) --
HOUSE_PACKS = ruling(
    "house-packs", S.house("Dealing"),
    "How many packs does the house game use for a given table?",
    "one deck serves two people and bigger tables use several, without a number",
    "one pack (with its two Jokers) per two players, rounded up: 1 pack for 2, 2 for 3-4, 3 for 5-6")
HOUSE_JOKERS = ruling(
    "house-jokers", S.house("Card Values: Tens and Jokers"),
    "Are Jokers in the house deck, and how many?",
    "Jokers act like 10s (or reverse play in an alternate rule) but the deal never counts them",
    "each pack keeps its two Jokers")
PLAYER_COUNT = ruling(
    "palace-player-count", S.caron("Dealing"),
    "How many players can the house and Caron games seat?",
    "the house rules scale the packs with the table and the Caron text gives no count",
    "2 to 6 players for both, as tested; BGA stays at its stated 2 to 4")
HOUSE_ACE_RANK = ruling(
    "house-ace-rank", S.house("Card Values: Aces"),
    "Where does the Ace rank in the house game?",
    "Aces are the highest card and wild; Kings are the highest and 3s the lowest of the rest",
    "order 3 < 4 < ... < 9 < J < Q < K, then the wilds 2 < 10 = Joker < Ace; an Ace goes on anything "
    "and only another Ace goes on it")
CARON_ORDER = ruling(
    "caron-rank-order", S.caron("Card Values (3)"),
    "What is the Caron rank order, and where is the Ace?",
    "3 is the highest card, 2 the second, 10 the lowest wild; the Ace is never mentioned",
    "order 4 < 5 < ... < 9 < J < Q < K < A for ordinary cards (the Ace stays above the King as usual), "
    "then the wilds 10 < 2 < 3")
SEVEN_ON = ruling(
    "caron-seven-placement", S.caron("Card Values (7)"),
    "The 7 may go only on a 7, a lower card, an empty pile or a 2: is that a new restriction?",
    "a 7 is placed on another 7, a lower card, a cleared board or a 2",
    "it is the ordinary match-or-beat rule spelled out (the 7 is not wild); what is special is "
    "the card after a 7")
BGA_SHORT_GAME = ruling(
    "bga-short-game", S.bga("Short game"),
    "What does the short game's '16 card deck' hold?",
    "three cards per player of each kind and a random 16-card deck, the remaining cards unused",
    "each player still gets three face-down, three face-up and three hand cards; the draw deck is the "
    "next 16 cards; whatever is left is set aside unseen for the whole game (it is exactly the "
    "four-player deal at any table size)")


def _house() -> PalaceRules:
    H = S.house
    refs = {
        "players": H("Dealing"), "packs": H("Dealing"), "jokers_per_pack": H("Card Values: Tens and Jokers"),
        "cards_each": H("Dealing"), "short_game": H("Dealing"), "face_up_choice": H("Getting Started"),
        "first_card_from_stock": H("Dealing"), "first_card_replaced": H("Dealing"),
        "starter": H("Getting Started"), "order": H("Getting Started"), "wild": H("Playing the Game 2"),
        "clear": H("Card Values: Tens and Jokers"), "clear_extra_turn": H("Card Values: Tens and Jokers"),
        "four_of_a_kind": H("Playing the Game 5"), "four_extra_turn": H("Playing the Game 5"),
        "four_anytime": H("Playing the Game 5"), "reset": H("Card Values: Twos"),
        "reset_stock_option": H("Card Values: Twos"), "force_pickup": H("Card Values: Aces"),
        "wilds_answer_force": H("Card Values: Aces"),
        "lower_after": H("Playing the Game 1"), "flash": H("Card Values: Aces"),
        "flash_check_stock": H("Card Values: Aces"), "transparent": H("Alternate Rules 2"),
        "reverse": H("Alternate Rules 2"), "skip": H("Playing the Game"),
        "quick_play": H("Playing the Game 7"), "chance": H("Playing the Game 3"),
        "voluntary_pickup": H("Tips for Developing Strategy"), "face_up_to_hand": H("Ending the Game 1"),
        "peek_next_face_down": H("Ending the Game 3d"), "quick_face_down": H("Ending the Game 3d"),
        "last_face_down_returns": H("Ending the Game 3f"), "last_card_call": H("Alternate Rules 1"),
        "ending": H("Playing the Game"),
        # general rules, not options
        "beat": H("Playing the Game 1"), "start_pile": H("Playing the Game 3"),
        "pickup": H("Playing the Game 3"), "multiples": H("Playing the Game 4"),
        "refill": H("Playing the Game 7"), "no_refill": H("Playing the Game 8"),
        "table_cards": H("Playing the Game 9"), "face_down": H("Ending the Game 3b"),
        "face_down_wait": H("Ending the Game 3c"), "no_skip": H("Playing the Game"),
        "chance_only": H("Playing the Game 6"), "refill_mid_turn": H("Playing the Game 1"),
        "win": H("Ending the Game 3f"), "deal": H("Dealing"), "aim": H("Playing the Game"),
        "face_down_after_face_up": H("Ending the Game 2"), "face_down_one_at_a_time": H("Ending the Game 3a"),
        "face_down_same_rules": H("Ending the Game 3e"),
    }
    alternates = (
        ("ace-like-two", (("force_pickup", NONE), ("reset", frozenset({R2, A}))),
         H("Card Values: Aces", "alternative play")),
        ("jokers-reverse", (("clear", frozenset({T})), ("transparent", frozenset({JK})),
                            ("reverse", frozenset({JK}))), H("Alternate Rules 2")),
        ("last-card", (("last_card_call", True),), H("Alternate Rules 1")),
        ("dealer-left", (("starter", "dealer-left"),), H("Getting Started", "simpler start")),
    )
    return PalaceRules(
        name="house", source=S.HOUSE, min_players=2, max_players=6, packs=(1, 2, 2, 3, 3),
        jokers_per_pack=2, cards_each=(3,) * 5, short_game=False, short_game_cards=3, short_game_stock=0,
        face_up_choice="choose-from-dealt", first_card_from_stock=True,
        first_card_replaced=frozenset({A, R2, T, JK}), starter="worst-face-up",
        order=_order(R3, R4, R5, R6, R7, R8, R9, J, Q, K, R2, (T, JK), A),
        wild=frozenset({A, R2, T, JK}), clear=frozenset({T, JK}), clear_extra_turn=True,
        four_of_a_kind=4, four_extra_turn=True, four_anytime=True, reset=frozenset({R2}),
        reset_stock_option=True, force_pickup=frozenset({A}), lower_after=NONE, flash=NONE,
        flash_check_stock=False, transparent=NONE, reverse=NONE, skip=NONE, quick_play=True,
        chance=True, voluntary_pickup=True, face_up_to_hand="must", peek_next_face_down=True,
        quick_face_down=True, last_face_down_returns=True, last_card_call=False,
        ending="first-out-wins", refs=tuple(refs.items()), alternates=alternates,
        order_ruling=HOUSE_ACE_RANK, order_ruled=frozenset({A}))


def _caron() -> PalaceRules:
    C = S.caron
    refs = {
        "players": C("Dealing"), "packs": C("Dealing"), "jokers_per_pack": C("Dealing"),
        "cards_each": C("Dealing"), "short_game": C("Dealing"), "face_up_choice": C("Getting Started"),
        "first_card_from_stock": C("Dealing"), "first_card_replaced": C("Dealing"),
        "starter": C("Getting Started"), "order": C("Card Values (3)"), "wild": C("Playing the game 2"),
        "clear": C("Card Values (10)"), "clear_extra_turn": C("Card Values (10)"),
        "four_of_a_kind": C("Playing the game 4"), "four_extra_turn": C("Playing the game 4"),
        "four_anytime": C("Playing the game 4"), "reset": C("Card Values (2)"),
        "reset_stock_option": C("Card Values (2)"), "force_pickup": C("Playing the game 1"),
        "wilds_answer_force": C("Playing the game 1"),
        "lower_after": C("Card Values (7)"), "flash": C("Card Values (3)"),
        "flash_check_stock": C("Card Values (3)"), "transparent": C("Playing the game 1"),
        "reverse": C("Extra Rules (4)"), "skip": C("Extra Rules (5)"),
        "quick_play": C("Playing the game 6"), "chance": C("Playing the game 3"),
        "voluntary_pickup": C("Playing the game 3"), "face_up_to_hand": C("End Game 1"),
        "peek_next_face_down": C("End Game 3.4"), "quick_face_down": C("End Game 3.4"),
        "last_face_down_returns": C("End Game 3.6"), "last_card_call": C("End Game 3.6"),
        "ending": C("Playing the game"),
        "beat": C("Playing the game 1"), "start_pile": C("Card Values (7)"),
        "pickup": C("Playing the game 3"), "multiples": C("Playing the game 3"),
        "refill": C("Playing the game 6"), "no_refill": C("Playing the game 7"),
        "table_cards": C("Playing the game 8"), "face_down": C("End Game 3.2"),
        "face_down_wait": C("End Game 3.3"), "no_skip": C("Playing the game"),
        "chance_only": C("Playing the game 5"), "refill_mid_turn": C("Playing the game 6"),
        "win": C("End Game 3.6"), "deal": C("Dealing"), "aim": C("Playing the game"),
        "face_down_after_face_up": C("End Game 2"), "face_down_one_at_a_time": C("End Game 3.1"),
        "face_down_same_rules": C("End Game 3.5"),
    }
    alternates = (
        ("five-skips", (("skip", frozenset({R5})),), C("Extra Rules (5)")),
        ("four-reverses", (("reverse", frozenset({R4})),), C("Extra Rules (4)")),
    )
    return PalaceRules(
        name="caron", source=S.CARON, min_players=2, max_players=6, packs=(2,) * 5, jokers_per_pack=0,
        cards_each=(3,) * 5, short_game=False, short_game_cards=3, short_game_stock=0,
        face_up_choice="choose-from-dealt", first_card_from_stock=False, first_card_replaced=NONE,
        starter="worst-face-up", order=_order(R4, R5, R6, R7, R8, R9, J, Q, K, A, T, R2, R3),
        wild=frozenset({R3, R2, T}), clear=frozenset({T}), clear_extra_turn=False, four_of_a_kind=4,
        four_extra_turn=True, four_anytime=False, reset=frozenset({R2}), reset_stock_option=True,
        force_pickup=NONE, lower_after=frozenset({R7}), flash=frozenset({R3}), flash_check_stock=True,
        transparent=NONE, reverse=NONE, skip=NONE, quick_play=True, chance=True, voluntary_pickup=False,
        face_up_to_hand="may", peek_next_face_down=True, quick_face_down=False,
        last_face_down_returns=True, last_card_call=False, ending="first-out-wins",
        refs=tuple(refs.items()), alternates=alternates, order_ruling=CARON_ORDER,
        order_ruled=frozenset({A}), placement_ruling=SEVEN_ON)


def _bga() -> PalaceRules:
    B = S.bga
    refs = {
        "players": B("Overview"), "packs": B("Overview"), "jokers_per_pack": B("Overview"),
        "cards_each": B("Number of players"), "short_game": B("Short game"),
        "face_up_choice": B("Exchange of cards"), "first_card_from_stock": B("Playing cards: start"),
        "first_card_replaced": B("Playing cards: start"), "starter": B("Playing cards: start"),
        "order": B("Rank order"), "wild": B("Special cards: 2"), "clear": B("Special cards: 10"),
        "clear_extra_turn": B("Special cards: 10"), "four_of_a_kind": B("Special cards: four of a kind"),
        "four_extra_turn": B("Special cards: four of a kind"),
        "four_anytime": B("Special cards: four of a kind"), "reset": B("Special cards: 2"),
        "reset_stock_option": B("Special cards: 2"), "force_pickup": B("Playing cards: stack"),
        "wilds_answer_force": B("Playing cards: stack"),
        "lower_after": B("Special cards: 9"), "flash": B("Playing cards: stack"),
        "flash_check_stock": B("Playing cards: stack"), "transparent": B("Playing cards: stack"),
        "reverse": B("Playing cards: stack"), "skip": B("Playing cards: stack"),
        "quick_play": B("Playing cards: refill"), "chance": B("Playing cards: pickup"),
        "voluntary_pickup": B("Playing cards: pickup"), "face_up_to_hand": B("Playing cards: table cards"),
        "peek_next_face_down": B("Playing cards: table cards"),
        "quick_face_down": B("Playing cards: table cards"),
        "last_face_down_returns": B("Playing cards: table cards"),
        "last_card_call": B("Playing cards: table cards"), "ending": B("Playing cards: going out"),
        "beat": B("Playing cards: stack"), "start_pile": B("Example of Play"),
        "pickup": B("Playing cards: pickup"), "multiples": B("Playing cards: multiples"),
        "refill": B("Playing cards: refill"), "no_refill": B("Playing cards: refill"),
        "table_cards": B("Playing cards: after a pickup"), "face_down": B("Playing cards: table cards"),
        "face_down_wait": B("Playing cards: after a pickup"), "no_skip": B("Playing cards: pickup"),
        "chance_only": B("Playing cards: pickup"), "refill_mid_turn": B("Playing cards: refill"),
        "win": B("Playing cards: going out"), "deal": B("Deal"), "aim": B("Overview"),
        "face_down_after_face_up": B("Playing cards: table cards"),
        "face_down_one_at_a_time": B("Playing cards: table cards"),
        "face_down_same_rules": B("Playing cards: table cards"),
    }
    alternates = (("short-game", (("short_game", True),), B("Short game")),)
    return PalaceRules(
        name="bga", source=S.BGA, min_players=2, max_players=4, packs=(1, 1, 1), jokers_per_pack=0,
        cards_each=(6, 4, 3), short_game=False, short_game_cards=3, short_game_stock=16,
        face_up_choice="swap", first_card_from_stock=False, first_card_replaced=NONE,
        starter="lowest-in-hand", order=_order(R2, R3, R4, R5, R6, R7, R8, R9, T, J, Q, K, A),
        wild=frozenset({R2}), clear=frozenset({T}), clear_extra_turn=True, four_of_a_kind=4,
        four_extra_turn=True, four_anytime=False, reset=NONE, reset_stock_option=False, force_pickup=NONE,
        lower_after=frozenset({R9}), flash=NONE, flash_check_stock=False, transparent=NONE, reverse=NONE,
        skip=NONE, quick_play=False, chance=False, voluntary_pickup=True, face_up_to_hand="never",
        peek_next_face_down=False, quick_face_down=False, last_face_down_returns=False,
        last_card_call=False, ending="last-player-loses", refs=tuple(refs.items()), alternates=alternates)


PalaceRules.OPTIONS = OptionSet("Palace", (
    TableOption(
        "four-of-a-kind", "May four of a kind be played on any card, or must it match or beat the top "
        "card like any play?", S.caron("Playing the game 4"), ("four_anytime",),
        ruling="caron-four-of-a-kind-placement", choices=(
            Choice("anytime", True, "four of a kind may go on any card, like a wild"),
            Choice("match-or-beat", False, "four of a kind must match or beat the top card; once down it "
                                           "clears the pile"))),
    TableOption(
        "answer-a-forcing-card", "On a card that makes the next player take the pile (the house Ace), "
        "what may be played?", S.house("Card Values: Aces"), ("wilds_answer_force",),
        ruling="house-ace-only-ace-answers", choices=(
            Choice("same-rank-only", False, "only another card of that rank answers it; wild cards do not"),
            Choice("wilds-too", True, "wild cards, and four of a kind where it may be played anytime, "
                                      "may be played on it as on anything else"))),
    TableOption(
        "take-the-pile", "May a player take the pile while holding a card that could be played?",
        S.caron("Playing the game 3"), ("voluntary_pickup",), ruling="caron-no-voluntary-pickup", choices=(
            Choice("any-time", True, "yes, any time it is their turn (the house rules' tip)"),
            Choice("when-stuck", False, "only when nothing can be played; otherwise a reluctant player chances"))),
    TableOption(
        "ten-replays", "After a 10 clears the pile, does its player play again?", S.caron("Card Values (10)"),
        ("clear_extra_turn",), ruling="caron-ten-no-replay", choices=(
            Choice("yes", True, "yes: the pile is cleared and the same player plays any card"),
            Choice("no", False, "no: the pile is cleared and the turn passes"))),
    TableOption(
        "jokers", "How many Jokers does each pack keep?", S.house("Card Values: Tens and Jokers"),
        ("jokers_per_pack",), kind="setting", ruling="house-jokers", free=whole_number(0, 2, "Jokers a pack", "Joker a pack")),
))


PRESETS = Presets("Palace", {"house": _house(), "caron": _caron(), "bga": _bga()},
                  titles={"house": "House rules", "caron": "Caron's rules", "bga": "Online (BGA) rules"})


def rules_for(variant: "str | PalaceRules", alternates: Iterable[str] = ()) -> PalaceRules:
    """A preset by name (``house``, ``caron``, ``bga``), optionally with alternates.

    ``variant`` may also carry alternates after ``+``: ``house+jokers-reverse``.
    """
    alternates = list(alternates)
    if isinstance(variant, PalaceRules):
        base = variant
    else:
        if not isinstance(variant, str):
            raise NotationError(f"a variant is a name, not {variant!r}", token=repr(variant),
                                expected=" | ".join(PRESETS))
        name, *extra = variant.strip().split("+")
        base = PRESETS[name.strip().lower()]
        alternates = [*extra, *alternates]
    return base.with_alternates(a.strip() for a in alternates) if alternates else base
