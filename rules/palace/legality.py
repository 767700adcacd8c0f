"""Can cards of this rank go on this pile? The one decision, and its words.

:func:`judge` returns a short code (codes of legal plays start with ``+``);
:func:`verdict` turns a code into a :class:`~rules.refs.Verdict` with our
sentence, the section of the preset that decides it and, where the decision
rests on a reading of ours, the ruling. The engine's ``check``, its fast
``legal_actions`` and the checker all call ``judge``, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank
from ..refs import Verdict, ruling
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


def judge(rules: PalaceRules, top: int, code: int, count: int) -> str:
    """Decide whether ``count`` cards of rank ``code`` may go on a pile whose live top is ``top``
    (rank codes; ``top`` -1 for an empty pile)."""
    if top >= 0 and rules.is_force_pickup[top]:
        if code == top:
            return "+force-answer"
        if rules.is_transparent[code]:
            return "+force-transparent"
        if not rules.wilds_answer_force or not (
                rules.is_wild[code] or (rules.four_anytime and count >= rules.four_of_a_kind)):
            return "force-blocked"
    if rules.is_wild[code]:
        return "+wild"
    if rules.four_anytime and count >= rules.four_of_a_kind:
        return "+four-anytime"
    if top < 0:
        return "+empty"
    if rules.is_reset[top]:
        return "+reset"
    levels = rules.levels
    if rules.is_lower_after[top]:
        if code == top:
            return "+lower-same"
        return "+lower-ok" if levels[code] < levels[top] else "lower-blocked"
    if levels[code] > levels[top]:
        return "+beats"
    if levels[code] == levels[top]:
        return "+matches"
    return "clear-too-low" if rules.is_clear[code] else "too-low"


def allowed_tables(rules: PalaceRules) -> tuple[tuple[bool, ...], ...]:
    """:func:`judge`'s answers as tables for the fast paths: entry ``top + 1`` (one card) or
    ``top + 16`` (at least ``four_of_a_kind`` cards) says, per rank code, whether it may go on
    ``top``. Built once per rule set."""
    tables = rules.__dict__.get("_allowed")
    if tables is None:
        tables = tuple(tuple(judge(rules, t, code, rules.four_of_a_kind if b else 1)[0] == "+"
                             for code in range(14)) for b in (False, True) for t in range(-1, 14))
        rules.__dict__["_allowed"] = tables
    return tables



def _a(rank: Rank) -> str:
    word = rank.word
    return ("an " if word[0] in "aeiou" else "a ") + word


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _cards(rank: Rank, count: int) -> str:
    return _a(rank) if count == 1 else f"{_NUMBERS.get(count, count)} {rank.plural}"


def verdict(rules: PalaceRules, code: str, top_code: int, rank_code: int, count: int) -> Verdict:
    """The sentence, reference and ruling for a :func:`judge` code."""
    top, rank = rank_of(top_code), rank_of(rank_code)
    what = _cards(rank, count)
    on = _a(top) if top is not None else "the empty pile"
    ref_key, extra = "beat", None
    if code == "+force-answer":
        text = f"{what} answers the {top.word}: the penalty passes on to the next player"
        ref_key = "force_pickup"
    elif code == "+force-transparent":
        text = (f"{what} may go on the {top.word}: it reverses the direction and the {top.word} "
                f"stays in force")
        ref_key, extra = "transparent", JOKER_REVERSE
    elif code == "force-blocked":
        text = (f"{what} cannot go on {on}: only another {top.word} answers it, otherwise the pile "
                f"is taken")
        ref_key = "force_pickup"
        if rank in rules.wild or (rules.four_anytime and count >= rules.four_of_a_kind):
            extra = ACE_ONLY
    elif code == "+wild":
        text = f"{what} is wild here: it may go on any card"
        ref_key = "wild"
    elif code == "+four-anytime":
        text = f"{what} at once may be played on anything ({rules.four_of_a_kind} or more of a kind)"
        ref_key = "four_anytime"
    elif code == "+empty":
        text = f"the pile is empty: {what} may start it"
        ref_key = "start_pile"
    elif code == "+reset":
        text = f"{_a(top)} on top resets the pile: {what} may follow it"
        ref_key, extra = "reset", TWO_ON_TOP
    elif code == "+lower-same":
        text = f"{what} may follow {on}, which demands the same rank or lower"
        ref_key = "lower_after"
    elif code == "+lower-ok":
        text = f"{what} is lower than the {top.word}, as the {top.word} demands"
        ref_key = "lower_after"
    elif code == "lower-blocked":
        text = (f"after {on} the next card must be {_a(top)}, a lower card or a wild; "
                f"{what} is higher")
        ref_key = "lower_after"
    elif code == "+beats":
        text = f"{what} beats {on}"
    elif code == "+matches":
        text = f"{what} matches {on}"
    elif code == "clear-too-low":
        text = f"{what} is not wild here: like any card it must match or beat {on}"
        ref_key, extra = "clear", TEN_NOT_WILD
    else:  # too-low
        text = f"{what} is lower than {on}: a play must match or beat the top card"
    if extra is None and code in ("+beats", "+matches", "too-low", "clear-too-low", "+lower-ok",
                                  "lower-blocked"):
        if rank in rules.order_ruled or top in rules.order_ruled:
            extra = rules.order_ruling
        elif rank in rules.lower_after and top is not None:
            extra = rules.placement_ruling
    options: tuple[str, ...] = ()
    if top is not None and top in rules.force_pickup and code in ("+wild", "+four-anytime"):
        extra, options = ACE_ONLY, ("answer-a-forcing-card",)  # a wild on an Ace: a table's reading
    if count >= rules.four_of_a_kind and (code == "+four-anytime" or not code.startswith("+")):
        # the option stands for ruling caron-four-of-a-kind-placement (CARON_FOUR); naming the
        # option, not setting ``extra``, keeps every preset's explanations as they were
        options += ("four-of-a-kind",)
    if code[0] == "+":
        text += _effects(rules, rank_code, count)
    return Verdict(code.startswith("+"), text, rules.ref(ref_key), extra, options)


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
