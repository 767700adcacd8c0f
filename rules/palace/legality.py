"""Can cards of this rank go on this pile? The one decision, and its words.

:func:`judge` returns one of the declared :class:`Placement` answers below
(each says whether the cards may go down, the section it rests on, the ruling
of ours that decides it and the words); :func:`verdict` looks those up for a
:class:`~rules.refs.Verdict`. The engine's ``check``, its fast
``legal_actions`` and the checker all call ``judge``, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from ..cards import Card, Rank
from ..refs import Ruling, Verdict, ruling
from . import sections as S
from .config import PalaceRules

ACE_ONLY = ruling(
    "house-ace-only-ace-answers", S.house("Card Values: Aces"),
    "Can a 10, a 2 or four of a kind be played on an Ace?",
    "the next player takes the pile unless they can play an Ace, which passes the penalty on; "
    "elsewhere wilds and four of a kind may be played at any time",
    "only an Ace answers an Ace (and, under the Jokers-reverse option, a Joker, which hands the "
    "penalty back); every other card, wild or not, leaves the player to take the pile or chance it")
CARON_FOUR = ruling(
    "caron-four-of-a-kind-placement", S.caron("Playing the game 4"),
    "Four of a kind 'acts like a 10 and a 2', and a 10 goes on anything: may four of a kind go on any "
    "card, four fives on a king say?",
    "four of a kind acts like a 10 and a 2, clearing the pile and giving another turn",
    "no: the '10 and 2' describe what four of a kind does once down (the pile is cleared and its player "
    "plays again); where it may be played is the ordinary rule, so it must match or beat the top card. "
    "The house rules, which mean anytime, say so in words")
JOKER_REVERSE = ruling(
    "house-joker-reverse", S.house("Alternate Rules 2"),
    "Under the Jokers-reverse option, where can a Joker go and what does it leave on top?",
    "Jokers stop clearing and reverse the direction instead; the example has a Joker turning an "
    "Ace's penalty back on the player who laid the Ace",
    "a Joker goes on any card, even an Ace; it reverses the direction and the card beneath it stays "
    "in force (an Ace under a Joker still has to be answered, now by the player who laid it)")
TEN_NOT_WILD = ruling(
    "bga-ten-not-wild", S.bga("Special cards: 10"),
    "Can a BGA 10 be played on any card?",
    "the 10 burns the stack and earns another turn; the list of special cards does not make it wild, "
    "and in the example a player holding a 9 and a 10 cannot play on a Queen",
    "a 10 follows the rank order like an ordinary card: it goes on a 10 or anything lower (but not "
    "on a 9, which calls for a lower card) and burns the stack once played")


TWO_ON_TOP = ruling(
    "two-left-on-top", S.caron("Card Values (2)"),
    "What may follow a 2 that stays on top of the pile (its player chanced it, or went out on it)?",
    "a 2 resets the pile and normally its own player plays next; the Caron text adds that a 2 can be "
    "'any non-wild you wish'",
    "a 2 on top always lets any card follow, whoever is to play; the 2 is never given a chosen value")


def rank_of(code: int) -> Rank | None:
    return Rank(code + 2) if code >= 0 else None


def rank_at(code: int) -> Rank:
    """The rank of a card's rank code (``card.index >> 2``, never the empty pile's -1)."""
    return Rank(code + 2)


def _known(top: Rank | None) -> Rank:
    """A rank the answer always has: the cards played, or the live top in the answers that are
    only given on a card (never on the empty pile)."""
    return cast(Rank, top)


def effective_top(rules: PalaceRules, pile: Sequence[Card]) -> int:
    """The rank code the next play must answer (-1: nothing), looking through transparent cards."""
    if not rules.transparent:
        return pile[-1].index >> 2 if pile else -1
    see_through = rules.is_transparent
    for card in reversed(pile):
        code = card.index >> 2
        if not see_through[code]:
            return code
    return -1


def run_length(pile: Sequence[Card]) -> int:
    """How many cards of the top card's rank lie in a row at the top of the pile."""
    if not pile:
        return 0
    rank = pile[-1].rank
    n = 0
    for card in reversed(pile):
        if card.rank is not rank:
            break
        n += 1
    return n


@dataclass(frozen=True, eq=False)
class Placement:
    """One answer of :func:`judge`, declared once: whether the cards may go down, the preset's
    section it rests on (a key of ``PalaceRules.ref``), the ruling of ours that decides it (if
    any), whether the preset's reading of the rank order applies (``reading``), and the words.
    ``words(rules, top, what, on)`` gets the rule set, the live top rank (or None), the cards played ("two sevens")
    and what they go on ("an eight", "the empty pile")."""

    name: str
    legal: bool
    ref_key: str
    words: Callable[[PalaceRules, Rank | None, Played, str], str]
    ruling: Ruling | None = None
    reading: bool = False
    options: tuple[str, ...] = ()
    """The table options the answer rests on (another choice may decide otherwise)."""
    four: bool = False
    """Four of a kind played where one card could not go (the ``four-of-a-kind`` option)."""

    def __repr__(self) -> str:
        return f"<Placement {self.name}>"


FORCE_ANSWER = Placement(
    "force-answer", True, "force_pickup",
    lambda rules, top, what, on: (f"{what} answer{what.s} the {_known(top).word}: the penalty passes on to the "
                                  "next player"))
FORCE_TRANSPARENT = Placement(
    "force-transparent", True, "transparent",
    lambda rules, top, what, on: (f"{what} may go on the {_known(top).word}: {what.it} reverse{what.s} the direction "
                                  f"and the {_known(top).word} stays in force"),
    JOKER_REVERSE)
FORCE_BLOCKED = Placement(
    "force-blocked", False, "force_pickup",
    lambda rules, top, what, on: (f"{what} cannot go on {on}: only another {_known(top).word} answers it, otherwise "
                                  "the pile is taken"))
FORCE_BLOCKED_WILD = Placement(  # a wild card or four of a kind, which would go anywhere else
    "force-blocked-wild", False, "force_pickup", FORCE_BLOCKED.words, ACE_ONLY)
WILD = Placement("wild", True, "wild", lambda rules, top, what, on: f"{what} {what.is_} wild here: {what.it} may go on any card")
FOUR_ANYTIME = Placement(
    "four-anytime", True, "four_anytime",
    lambda rules, top, what, on: (f"{what} at once may be played on anything ({rules.four_of_a_kind} or more "
                                  "of a kind)"),
    four=True)
# a wild card or four of a kind on a card that forces a pickup, at a table whose reading lets them
# answer it (option answer-a-forcing-card; the default reading is ruling ACE_ONLY)
WILD_ON_FORCE = Placement("wild-on-force", True, "wild", WILD.words, ACE_ONLY, options=("answer-a-forcing-card",))
FOUR_ON_FORCE = Placement("four-anytime-on-force", True, "four_anytime", FOUR_ANYTIME.words, ACE_ONLY,
                          options=("answer-a-forcing-card",), four=True)
EMPTY = Placement("empty", True, "start_pile",
                  lambda rules, top, what, on: f"the pile is empty: {what} may start it")
RESET = Placement("reset", True, "reset",
                  lambda rules, top, what, on: f"{_a(_known(top))} on top resets the pile: {what} may follow it",
                  TWO_ON_TOP)
LOWER_SAME = Placement("lower-same", True, "lower_after",
                       lambda rules, top, what, on: f"{what} may follow {on}, which demands the same rank or lower")
LOWER_OK = Placement("lower-ok", True, "lower_after",
                     lambda rules, top, what, on: (f"{what} {what.is_} lower than the {_known(top).word}, as the "
                                                   f"{_known(top).word} demands"),
                     reading=True)
LOWER_BLOCKED = Placement(
    "lower-blocked", False, "lower_after",
    lambda rules, top, what, on: (f"after {on} the next card must be {_a(_known(top))}, a lower card or a wild; "
                                  f"{what} {what.is_} higher"),
    reading=True)
BEATS = Placement("beats", True, "beat", lambda rules, top, what, on: f"{what} beat{what.s} {on}", reading=True)
MATCHES = Placement("matches", True, "beat", lambda rules, top, what, on: f"{what} match{what.es} {on}", reading=True)
CLEAR_TOO_LOW = Placement(
    "clear-too-low", False, "clear",
    lambda rules, top, what, on: f"{what} {what.is_} not wild here: like any card {what.it} must match or beat {on}",
    TEN_NOT_WILD)
TOO_LOW = Placement("too-low", False, "beat",
                    lambda rules, top, what, on: f"{what} {what.is_} lower than {on}: a play must match or beat the top card",
                    reading=True)

PLACEMENTS = (FORCE_ANSWER, FORCE_TRANSPARENT, FORCE_BLOCKED, FORCE_BLOCKED_WILD, WILD, FOUR_ANYTIME,
              WILD_ON_FORCE, FOUR_ON_FORCE, EMPTY,
              RESET, LOWER_SAME, LOWER_OK, LOWER_BLOCKED, BEATS, MATCHES, CLEAR_TOO_LOW, TOO_LOW)


def judge(rules: PalaceRules, top: int, code: int, count: int) -> Placement:
    """Decide whether ``count`` cards of rank ``code`` may go on a pile whose live top is ``top``
    (rank codes; ``top`` -1 for an empty pile)."""
    four = rules.four_anytime and count >= rules.four_of_a_kind
    if top >= 0 and rules.is_force_pickup[top]:
        if code == top:
            return FORCE_ANSWER
        if rules.is_transparent[code]:
            return FORCE_TRANSPARENT
        if not (rules.is_wild[code] or four):
            return FORCE_BLOCKED
        if not rules.wilds_answer_force:
            return FORCE_BLOCKED_WILD
        return WILD_ON_FORCE if rules.is_wild[code] else FOUR_ON_FORCE
    if rules.is_wild[code]:
        return WILD
    if four:
        return FOUR_ANYTIME
    if top < 0:
        return EMPTY
    if rules.is_reset[top]:
        return RESET
    levels = rules.levels
    if rules.is_lower_after[top]:
        if code == top:
            return LOWER_SAME
        return LOWER_OK if levels[code] < levels[top] else LOWER_BLOCKED
    if levels[code] > levels[top]:
        return BEATS
    if levels[code] == levels[top]:
        return MATCHES
    return CLEAR_TOO_LOW if rules.is_clear[code] else TOO_LOW


# judge()'s answers as tables, per rule set (a few presets and their variations are alive at once;
# a small bound keeps a long session that builds many variations from growing without end)
T = TypeVar("T")
_ALLOWED: dict[int, tuple[PalaceRules, tuple[tuple[bool, ...], ...]]] = {}
CACHE_BOUND = 16


def per_rules(cache: dict[int, tuple[PalaceRules, T]], rules: PalaceRules, build: Callable[[PalaceRules], T]) -> T:
    """``build(rules)``, remembered in ``cache`` for at most :data:`CACHE_BOUND` rule sets.

    Keyed by identity (hashing a rule set on every move would be slow); the entry holds the
    rule set itself, so its id cannot be reused while it is remembered."""
    entry = cache.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(cache) >= CACHE_BOUND:
        del cache[next(iter(cache))]  # the oldest
    made = build(rules)
    cache[id(rules)] = (rules, made)
    return made


def _build_allowed(rules: PalaceRules) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(judge(rules, t, code, rules.four_of_a_kind if b else 1).legal
                       for code in range(14)) for b in (False, True) for t in range(-1, 14))


def allowed_tables(rules: PalaceRules) -> tuple[tuple[bool, ...], ...]:
    """:func:`judge`'s answers as tables for the fast paths: entry ``top + 1`` (one card) or
    ``top + 16`` (at least ``four_of_a_kind`` cards) says, per rank code, whether it may go on
    ``top``. Built once per rule set (bounded cache)."""
    return per_rules(_ALLOWED, rules, _build_allowed)


def _a(rank: Rank) -> str:
    word = rank.word
    return ("an " if word[0] in "aeiou" else "a ") + word


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True)
class Played:
    """The cards a play puts down, in words (``a seven``, ``two sevens``), with the verb forms
    that agree with them, so a reason reads "two fives are lower", not "two fives is lower"."""

    text: str
    many: bool

    def __str__(self) -> str:
        return self.text

    @property
    def is_(self) -> str:
        return "are" if self.many else "is"

    @property
    def s(self) -> str:
        """The ending of a verb after them: "beats" / "beat"."""
        return "" if self.many else "s"

    @property
    def es(self) -> str:
        return "" if self.many else "es"

    @property
    def it(self) -> str:
        return "they" if self.many else "it"


def _cards(rank: Rank, count: int) -> Played:
    return Played(_a(rank), False) if count == 1 else Played(f"{_NUMBERS.get(count, count)} {rank.plural}", True)


def verdict(rules: PalaceRules, code: Placement, top_code: int, rank_code: int, count: int,
            ruling_: Ruling | None = None) -> Verdict:
    """The verdict for a :func:`judge` answer: its declared words, section and ruling (or
    ``ruling_``, where the decision names another); where the answer rests on the rank order,
    the preset's reading of it."""
    top, rank = rank_of(top_code), rank_of(rank_code)
    text = code.words(rules, top, _cards(_known(rank), count), _a(top) if top is not None else "the empty pile")
    extra = ruling_ or code.ruling
    if extra is None and code.reading:
        if rank in rules.order_ruled or top in rules.order_ruled:
            extra = rules.order_ruling
        elif rank in rules.lower_after and top is not None:
            extra = rules.placement_ruling
    options = code.options
    if count >= rules.four_of_a_kind and (code.four or not code.legal):
        # the option stands for ruling caron-four-of-a-kind-placement (CARON_FOUR); naming the
        # option, not setting the ruling, keeps every preset's explanations as they were
        options += ("four-of-a-kind",)
    if code.legal:
        text += _effects(rules, rank_code, count)
    return Verdict(code.legal, text, rules.ref(code.ref_key), extra, options)


def _effects(rules: PalaceRules, code: int, count: int) -> str:
    """What the cards do once down, for the learner (the events say what actually happened)."""
    them = "it" if count == 1 else "they"
    notes = []
    if rules.is_flash[code]:
        notes.append(f"{them} go to a chosen player, who sends them back with another or takes the pile"
                     if count > 1 else "it goes to a chosen player, who sends it back with another or "
                                       "takes the pile")
    if rules.is_clear[code]:
        notes.append(f"{them} clear the pile" if count > 1 else "it clears the pile")
        if rules.clear_extra_turn:
            notes.append("you play again")
    if rules.is_reset[code]:
        notes.append("you then play again")
    if rules.is_force_pickup[code]:
        notes.append("the next player must add another or take the pile")
    if rules.is_lower_after[code]:
        notes.append("the next card must be the same rank or lower")
    if rules.is_reverse[code]:
        notes.append("play changes direction")
    if rules.is_skip[code]:
        notes.append(f"{count} player{'s' if count > 1 else ''} skipped")
    return "; " + ", ".join(notes) if notes else ""
