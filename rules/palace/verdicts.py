"""Every answer Palace's legality check can give, declared once.

:func:`rules.palace.decide.decide` returns one of these :class:`Code` values
(or a card-placement answer, :class:`rules.palace.legality.Placement`) with its
details; :func:`rules.palace.explain.explain` only looks the code up: whether it
allows the action, the preset's section it rests on (a key of
``PalaceRules.ref``), the ruling of ours that decides it, and the words. So a
verdict cannot say something the check did not decide, and a new answer is one
entry here plus the line of ``decide`` that returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..cards import Rank
from ..refs import Ruling, ruling
from . import sections as S
from .legality import rank_of
from .starter import LOWEST_TIE
from .turns import FACE_DOWN_THREE

if TYPE_CHECKING:
    from .model import Position

NO_VOLUNTARY = ruling(
    "caron-no-voluntary-pickup", S.caron("Playing the game 3"),
    "In the Caron game, may a player take the pile while holding a card that could be played?",
    "a player who cannot or will not beat the pile is pointed to a chance; taking the pile outright "
    "is not offered, unlike the house tips",
    "no: the pile is taken outright only when nothing can be played; otherwise a reluctant player "
    "chances (and keeps the drawn card with the pile)")
RESET_CHOICES = ruling(
    "two-follow-up-options", S.house("Card Values: Twos"),
    "After playing a 2, may its player just take the pile?",
    "after a 2 its player plays another card, or turns the stock's top card onto the pile, or keeps "
    "that card and takes the pile with it",
    "those three are the only choices: a plain pickup is not one of them (the third choice is "
    "written 'chance' then 'pickup'); with the stock gone the player must play")
CHANCE_EMPTY = ruling(
    "chance-empty-stock", S.house("Playing the Game 3"),
    "Can a player chance once the stock is empty?",
    "chancing is described under 'if the pickup pile still contains cards'; without stock a player "
    "who cannot play takes the pile",
    "no chance without stock; a player who cannot play takes the pile")
CHANCE_VS_ACE = ruling(
    "chance-against-ace", S.house("Playing the Game 6"),
    "Facing an Ace, may a player chance?",
    "a chance is allowed on any turn, even when the board is clear or the player could play",
    "yes; the drawn card can then be played only if it is itself an Ace, otherwise it is kept with "
    "the pile")
FLASH_CHECK = ruling(
    "caron-check-stock-for-three", S.caron("Card Values (3)"),
    "When a flashed player checks the stock's top card, what happens to it?",
    "a flashed player with no 3 may check whether the stock's top card is a 3, and play it if so",
    "checking is allowed only without a 3 in the cards the player could play from, once per flash; "
    "a 3 on top is played at once as a reflection; any other card is shown to everyone and stays on "
    "top of the stock, and the player then takes the pile")

Words = Callable[["Position", tuple[Any, ...]], str]


@dataclass(frozen=True, eq=False)
class Code:
    """One answer of the check: ``legal``, the preset's section (``ref_key``), our ``ruling``
    when one decides it, and ``words(state, details)`` for the learner (details are what
    ``decide`` returned with the code: the card missing, the seat named, ...)."""

    name: str
    legal: bool
    ref_key: str
    words: Words
    ruling: Ruling | None = None
    wraps_placement: bool = False
    """The details start with a card-placement answer whose words and section this code keeps,
    adding its own ruling (see :data:`FACE_DOWN_FLASH`)."""

    def __repr__(self) -> str:
        return f"<Code {self.name}>"


def _said(text: str) -> Words:
    return lambda st, d: text


def _name(st: "Position", seat: int) -> str:
    return st.names[seat] if 0 <= seat < st.players else f"@{seat}"


def _word(rank: Rank | None) -> str:
    """The name of a rank that a code's details always carry (a rank code, the pile's top)."""
    return cast(Rank, rank).word


def _wrong_phase(why: str) -> Words:
    return lambda st, d: f"'{d[0]}' is not possible now: {why}"


def _no(name: str, ref_key: str, words: Words | str, ruling_: Ruling | None = None) -> Code:
    return Code(name, False, ref_key, _said(words) if isinstance(words, str) else words, ruling_)


def _yes(name: str, ref_key: str, words: Words | str, ruling_: Ruling | None = None) -> Code:
    return Code(name, True, ref_key, _said(words) if isinstance(words, str) else words, ruling_)


# -- any phase --------------------------------------------------------------
OVER = _no("over", "aim", "the game is over")
# an action of another phase, by the phase it was tried in (details: the action's verb)
_PHASES: dict[str, tuple[str, str]] = {
    "choose": ("face_up_choice", "players are choosing their face-up cards"),
    "swap": ("face_up_choice", "players are swapping hand and face-up cards"),
    "play": ("no_skip", "it is an ordinary turn"),
    "reveal": ("chance_only", "the card just turned up must be dealt with first"),
    "flash": ("flash", "a flashed card is waiting for its answer"),
    "after": ("quick_play", "the last player may still throw a just-drawn card or announce their last card"),
    "over": ("win", "the game is over"),
}
WRONG_PHASE: dict[str, Code] = {
    phase: _no(f"wrong-phase-{phase}", key, _wrong_phase(why))
    for phase, (key, why) in _PHASES.items()}
NOT_HELD = _no("not-held", "multiples", lambda st, d: f"the {d[0].label} is not among your {d[1]} cards")

# -- putting cards down -----------------------------------------------------
MIXED_RANKS = _no("mixed-ranks", "multiples",
                  lambda st, d: f"the {d[0].label} is another rank: one play is one or more cards of a single rank")
TABLE_LOCKED = _no("table-locked", "table_cards",
                   lambda st, d: f"the {d[0].label} is on the table: face-up cards wait until your hand and the stock "
                                 "are both empty")
HAND_AND_TABLE = _no("hand-and-table", "multiples",
                     lambda st, d: f"the {d[0].label} is on the table: one play takes its cards from the hand or from "
                                   "the face-up cards, never from both")
USE_FLIP = _no("use-flip", "face_down", "only face-down cards are left: turn one over with 'flip'")
NEEDS_TARGET = _no("needs-target", "flash",
                   lambda st, d: f"a {_word(rank_of(d[0]))} is shown to a chosen player: name one, as in "
                                 "'flash ... @1'")
BAD_TARGET = _no("bad-target", "flash", lambda st, d: f"{_name(st, d[0])} is not another player still in the game")
NOT_FLASH_RANK = _no("not-flash-rank", "flash",
                     lambda st, d: f"only flash cards are shown to a player, and a {_word(rank_of(d[0]))} is "
                                   "not one")
OPENING = _no("opening", "starter",
              lambda st, d: f"the opening play must include your lowest card, a {d[0].word}", LOWEST_TIE)

# -- face-down cards ----------------------------------------------------------
FLIP = _yes("flip", "face_down_one_at_a_time",
            "turn over your next face-down card, unseen: it is played if it can be, otherwise you take it "
            "with the pile")
FLIP_WHILE_STOCK = _no("flip-while-stock", "table_cards",
                       "face-down cards stay untouched while the stock lasts")
FLIP_BEFORE_FACE_UP = _no("flip-before-face-up", "face_down_after_face_up",
                          "face-down cards come only once your face-up cards, and any cards picked up since, "
                          "are gone")
FLIP_WHILE_HAND = _no("flip-while-hand", "face_down_wait",
                      "no further face-down card while your hand still holds cards")

# -- taking the pile, chancing ----------------------------------------------
PICKUP_EMPTY = _no("pickup-empty", "no_skip",
                   "the pile is empty: there is nothing to take, and a turn cannot be skipped")
PICKUP_FORCED = _yes("pickup-forced", "pickup", "nothing you can play goes on this pile, so you take it")
PICKUP_FORCED_BY_TOP = _yes("pickup-forced-by-top", "force_pickup",
                            lambda st, d: f"the {_word(st.top)} on top makes you take the pile unless you "
                                          "answer it")
PICKUP_VOLUNTARY = _yes("pickup-voluntary", "voluntary_pickup", "you may take the pile even though you could play")
PICKUP_NOT_VOLUNTARY = _no("pickup-not-voluntary", "voluntary_pickup",
                           "you have a card that can be played, and in this rule set the pile is taken only "
                           "when nothing can be (try a chance instead)", NO_VOLUNTARY)
PICKUP_RESET = _no("pickup-reset", "reset",
                   "after your own 2 you play again, or take a chance on the stock's top card (keeping it "
                   "means taking the pile)", RESET_CHOICES)
CHANCE_OFF = _no("chance-off", "chance", "this rule set has no chance: play or take the pile")
CHANCE_STOCK_EMPTY = _no("chance-empty", "chance", "the stock is empty, so there is nothing to chance",
                         CHANCE_EMPTY)
_CHANCE_WORDS = ("draw the stock's top card, then play it if it can go or keep it with the pile; nothing "
                 "else is played this turn")
CHANCE = _yes("chance", "chance_only", _CHANCE_WORDS)
CHANCE_AGAINST_FORCE = _yes("chance-against-force", "chance_only", _CHANCE_WORDS, CHANCE_VS_ACE)

# -- face-up cards to the hand ------------------------------------------------
TAKE_UP_OFF = _no("take-up-off", "face_up_to_hand", "face-up cards are not taken into the hand in this rule set")
TAKE_UP_NOT_YET = _no("take-up-not-yet", "table_cards",
                      "the face-up cards can be taken only once your hand and the stock are empty")
TAKE_UP = _yes("take-up", "face_up_to_hand", "take your face-up cards into your hand")

# -- the last-card call -----------------------------------------------------
LAST_CARD_OFF = _no("last-card-off", "last_card_call", "announcing the last card is not part of this rule set")
LAST_CARD_NOT_OWED = _no("last-card-not-owed", "last_card_call",
                         "there is nothing to announce: that is for a player down to one face-down card")
LAST_CARD = _yes("last-card", "last_card_call", "announce that you are down to your last face-down card")
CALL_OUT_NOT_OWED = _no("call-out-not-owed", "last_card_call", lambda st, d: f"{_name(st, d[0])} has nothing to be caught for")
CALL_OUT = _yes("call-out", "last_card_call",
                lambda st, d: f"{_name(st, d[0])} is down to one face-down card without saying so: they take "
                              "the pile")

# -- a card turned up -----------------------------------------------------------
# a face-down flash card turned up that may go on the pile: as its placement says, and its owner
# names the target (details: the placement answer, then its details)
FACE_DOWN_FLASH = Code("face-down-flash", True, "flash", _said(""), FACE_DOWN_THREE, wraps_placement=True)
REVEAL_OTHER = _no("reveal-other", "chance_only", lambda st, d: f"the card in play is the one just turned up, the {d[0].label}")
KEEP_DRAWN = _yes("keep-drawn", "chance", "keep the drawn card and take the pile with it")
REVEAL_MUST_PLAY = _no("reveal-must-play", "face_down", "a face-down card that can be played must be played")

# -- answering a flash ------------------------------------------------------------
REFLECT_RANK = _no("reflect-rank", "flash", lambda st, d: f"the {d[0].label} cannot send a flash back: only a flash card can")
REFLECT_FACE_DOWN = _no("reflect-face-down", "flash",
                        "face-down cards are played blind, one per turn: they cannot answer a flash")
REFLECT = _yes("reflect", "flash", lambda st, d: f"send the flash back with your own {d[0].word}")
CHECK_OFF = _no("check-off", "flash", "this rule set does not let a flashed player try the stock")
CHECK_DONE = _no("check-done", "flash_check_stock", "the stock has already been checked for this flash",
                 FLASH_CHECK)
CHECK_EMPTY = _no("check-empty", "flash_check_stock", "the stock is empty")
CHECK_HAS_FLASH = _no("check-has-flash", "flash_check_stock",
                      "you hold a card that can send the flash back: the stock may be tried only without one",
                      FLASH_CHECK)
CHECK_STOCK = _yes("check-stock", "flash_check_stock",
                   "look at the stock's top card: if it can send the flash back it is played", FLASH_CHECK)
FLASH_PICKUP = _yes("flash-pickup", "flash", "take the pile instead of answering the flash")

# -- quick play before the next player ------------------------------------------
QUICK_RANK = _no("quick-rank", "quick_play",
                 lambda st, d: f"the {d[0].label} is not a {d[1].word}: only the rank just played may be thrown now")
QUICK_NOT_FRESH = _no("quick-not-fresh", "quick_play",
                      lambda st, d: f"the {d[0].label} was not drawn just now: only cards from this refill may be thrown "
                                    "before the next player")
QUICK_FLIP = _yes("quick-flip", "quick_face_down",
                  "your next face-down card has the rank just played: throw it at once")
QUICK_FLIP_NO = _no("quick-flip-no", "quick_face_down", "your next face-down card cannot be thrown at once now")
PASS = _yes("pass", "quick_play", "let the next player move")

# -- setting up -------------------------------------------------------------------
CHOOSE_COUNT = _no("choose-count", "face_up_choice",
                   lambda st, d: f"choose exactly {d[0]} face-up cards (you named {d[1]})")
CHOOSE = _yes("choose", "face_up_choice", "put these cards face up; the rest is your hand")
SWAP_SAME = _no("swap-same", "face_up_choice", "swapping a card for an identical one changes nothing")
SWAP = _yes("swap", "face_up_choice", "swap a hand card with a face-up card")
READY = _yes("ready", "face_up_choice", "done swapping")


def declared() -> tuple[Code, ...]:
    """Every code of this module (for the tests that hold the table complete)."""
    found = [v for v in globals().values() if isinstance(v, Code)]
    return (*found, *WRONG_PHASE.values())
