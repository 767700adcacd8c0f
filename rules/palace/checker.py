"""Settle a disputed Palace play: which cards of a hand may go on a pile, and why.

``check_play(variant, pile=..., hand=...)`` is the ``palace-tutor check play``
contract (issue 4): ``as_dict()`` gives ``legal`` (plays, each a string of
space-separated cards, every legal single card among them), ``must_pick_up``
and ``reasons`` (each card of the hand -> why it can or cannot be played);
``describe()`` says the same in words. ``compare_play`` gives the verdict of
every preset side by side; ``compare_position`` plays one position (a setup
mapping, as for ``FAMILY.start``) under each preset.

The position is mid-game: ``pile`` lists the cards played since the pile was
last cleared or taken, bottom first; the player to move holds ``hand`` and is
not replaying after their own card. A pile that legal plays could not have
built (a 10 still in it, four of a kind in a row, an 8 on a Caron 7...) is
refused, naming the card and the rule. A Caron pile topped by a 3 is a flash
aimed at the player, who may only send it back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import JOKER, Card, format_cards, parse_cards
from ..errors import NotationError
from ..options import OtherReading, other_readings
from ..refs import Verdict, ruling
from . import actions as A
from . import sections as S
from .config import PRESETS, PalaceRules, rules_for
from .setup import check_copies, pile_problem, start
from .state import FLASH, PalaceState

CHECKER_POSITION = ruling(
    "checker-position", S.house("Playing the Game"),
    "What does the checker assume about the parts of the position it is not told?",
    "a legal play depends on the pile, the hand and whose turn it is",
    "the player to move holds the hand, plays from it (not from table cards), is not replaying after "
    "their own 2 or 10, and the stock is empty; whether a chance is open is noted in words, not in "
    "the list of plays")


@dataclass(frozen=True)
class PlayCheck:
    """The checker's answer for one preset."""

    variant: str
    pile: tuple[Card, ...]
    hand: tuple[Card, ...]
    legal: tuple[str, ...]
    reasons: tuple[tuple[str, Verdict], ...]
    must_pick_up: bool
    notes: tuple[str, ...] = field(default=())
    readings: tuple[tuple[str, OtherReading], ...] = field(default=())
    """(the play, what another reading of a table option would decide): where a verdict rests on an option."""
    groups: tuple[tuple[str, Verdict], ...] = field(default=())
    """Each play of several cards of one rank (a pair ... four of a kind) and the engine's verdict on it."""
    pickup: Verdict | None = None
    """The engine's verdict on taking the pile up instead of playing."""

    def as_dict(self) -> dict[str, Any]:
        return {"legal": list(self.legal), "must_pick_up": self.must_pick_up,
                "reasons": {card: verdict.reason for card, verdict in self.reasons}}

    def describe(self) -> str:
        rules = PRESETS[self.variant.split("+")[0]]
        top = f" (top card: {self.pile[-1]})" if self.pile else " (empty)"
        lines = [f"Palace, {rules.name} rules ({rules.source}).",
                 f"Pile, bottom to top: {format_cards(self.pile) or 'nothing'}{top}.",
                 f"Hand: {format_cards(self.hand)}."]
        if self.must_pick_up:
            lines.append("No card of this hand can be played: the player takes the pile.")
        else:
            lines.append("Legal plays: " + "; ".join(self.legal) + ".")
        lines.append("Card by card:")
        for card, verdict in self.reasons:
            mark = "yes" if verdict.legal else "no "
            lines.append(f"  {mark} {card}: {verdict.reason} [{verdict.ref}]")
            if verdict.ruling is not None:
                lines.append(f"        ruling {verdict.ruling.key}: {verdict.ruling.reading}")
        lines.extend(self.notes)
        return "\n".join(lines)


def _table_size(rules: PalaceRules, cards: tuple[Card, ...]) -> int:
    """The smallest table whose packs hold every repeated card given (house
    plays with more packs at bigger tables, so a repeated card implies one)."""
    copies = max((cards.count(c) for c in set(cards) if not c.is_joker), default=1)
    jokers = cards.count(JOKER)
    for n in range(rules.min_players, rules.max_players + 1):
        packs = rules.packs_for(n)
        if packs >= copies and packs * rules.jokers_per_pack >= jokers:
            return n
    return rules.max_players  # too many copies for any table: the setup check names the card


def _position(rules: PalaceRules, pile: tuple[Card, ...], hand: tuple[Card, ...]) -> PalaceState:
    n = _table_size(rules, pile + hand)
    setup: dict[str, Any] = {"seats": ["you"] + [f"player {i + 1}" for i in range(1, n)],
                             "hands": [format_cards(hand)] + [""] * (n - 1),
                             "pile": format_cards(pile), "to_move": 0}
    if pile and rules.is_flash[pile[-1].index >> 2]:
        setup["flashed_by"] = 1
    return start(rules, setup)


def _action_for(state: PalaceState, cards: tuple[Card, ...]) -> A.Action:
    if state.phase is FLASH:
        return A.Reflect(cards)
    if state.rules.is_flash[cards[0].index >> 2]:
        return A.Flash(cards, 1)
    return A.Play(cards)


def _parse(text: str, what: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise NotationError(f"{what}: expected cards as text, got {text!r}", token=repr(text),
                            expected="cards like '8h 8d'")
    return parse_cards(text, what=what)


def check_play(variant: str, *, pile: str, hand: str, options: Mapping[str, str] | None = None) -> PlayCheck:
    """Which plays from ``hand`` are legal on ``pile`` under ``variant``, and why (see module).
    ``options``: the table's options by name and choice (``PalaceRules.OPTIONS``); where a
    verdict rests on one, a note says what the other reading would decide."""
    rules = rules_for(variant)
    if options:
        rules = rules.with_options(options, where="--rule")
    pile_cards = _parse(pile, "pile")
    hand_cards = _parse(hand, "hand")
    if not hand_cards:
        raise NotationError("hand: give at least one card", token=hand, expected="cards like '8h 8d'")
    packs = max(rules.packs)  # the largest table the preset seats
    check_copies(pile_cards + hand_cards, packs, packs * rules.jokers_per_pack, "pile and hand")
    problem = pile_problem(rules, pile_cards)
    if problem is not None:
        card, why = problem
        raise NotationError(f"pile: {card} cannot lie there under the {rules.name} rules: {why}",
                            token=str(card), expected="a pile that legal plays could have built")
    state = _position(rules, pile_cards, hand_cards)
    reasons: list[tuple[str, Verdict]] = []
    legal: list[str] = []
    for card in dict.fromkeys(hand_cards):
        verdict = state.check(_action_for(state, (card,)))
        reasons.append((str(card), verdict))
        if verdict.legal:
            legal.append(str(card))
    groups = [g for g in state.play_groups(hand_cards) if len(g) > 1]
    judged = tuple((format_cards(group), state.check(_action_for(state, group))) for group in groups)
    legal.extend(text for text, verdict in judged if verdict.legal)
    notes = []
    readings = []
    for cards in [(c,) for c in dict.fromkeys(hand_cards)] + groups:
        for other in other_readings(state, _action_for(state, cards)):
            readings.append((format_cards(cards), other))
            notes.append(f"{format_cards(cards)}: at this table {other.option}={other.chosen}. "
                         f"{other.sentence()}")
    if rules.chance and state.phase is not FLASH:
        notes.append(f"Were there cards in the stock, a 'chance' on its top card would be open as well "
                     f"[{rules.ref('chance')}].")
    if rules.voluntary_pickup and legal and state.phase is not FLASH:
        notes.append(f"Taking the pile instead is allowed too [{rules.ref('voluntary_pickup')}].")
    notes.append(f"Assumed: {CHECKER_POSITION.reading}.")
    return PlayCheck(rules.name, pile_cards, hand_cards, tuple(legal), tuple(reasons), not legal,
                     tuple(notes), tuple(readings), judged, state.check(A.PICKUP))


@dataclass(frozen=True)
class PlayComparison:
    """One pile and hand judged under several presets."""

    pile: str
    hand: str
    results: tuple[tuple[str, PlayCheck | None, str], ...]
    """(variant, its check or None, the error message when the position is impossible there)."""
    table: tuple[str, str] | None = None
    """The table's own rule set, judged as the last of ``results`` under the key ``table``:
    (its name, the preset it starts from)."""

    def as_dict(self) -> dict[str, Any]:
        return {variant: (check.as_dict() if check is not None else {"error": error})
                for variant, check, error in self.results}

    def describe(self) -> str:
        lines = [f"Pile {self.pile or '(empty)'}; hand {self.hand}."]
        for variant, check, error in self.results:
            if check is None:
                lines.append(f"{variant}: impossible position: {error}")
            elif check.must_pick_up:
                lines.append(f"{variant}: nothing can be played; take the pile")
            else:
                lines.append(f"{variant}: legal: {'; '.join(check.legal)}")
        return "\n".join(lines)


def compare_play(*, pile: str, hand: str, variants: Iterable[str] = tuple(PRESETS),
                 table: tuple[str, str, Mapping[str, str]] | None = None) -> PlayComparison:
    """The verdict of each preset side by side for one pile and hand, and, given ``table``
    (its name, preset and options), the table's own rule set as one more column (key
    ``table``). Bad cards, an unknown variant or option raise; a pile that one rule set could
    not have built is reported for that rule set only."""
    names = [rules_for(v).name for v in variants]  # unknown variants raise here
    _parse(pile, "pile"), _parse(hand, "hand")     # and unreadable cards here
    asked: list[tuple[str, str, Mapping[str, str] | None]] = [(variant, variant, None) for variant in names]
    if table is not None:
        rules_for(table[1]).with_options(table[2], where="your table's rules")  # an unknown option raises here
        asked.append(("table", table[1], table[2]))
    results: list[tuple[str, PlayCheck | None, str]] = []
    for key, variant, options in asked:
        try:
            results.append((key, check_play(variant, pile=pile, hand=hand, options=options), ""))
        except NotationError as err:
            results.append((key, None, str(err)))
    return PlayComparison(pile, hand, tuple(results), (table[0], table[1]) if table is not None else None)


@dataclass(frozen=True)
class PositionVerdict:
    variant: str
    state: PalaceState | None
    legal: tuple[str, ...]
    verdict: Verdict | None
    error: str = ""


def compare_position(setup: Mapping[str, Any], action: str | None = None,
                     variants: Iterable[str] = tuple(PRESETS)) -> tuple[PositionVerdict, ...]:
    """One position (a ``FAMILY.start`` setup) under each preset: its legal actions and, if
    ``action`` is given, that action's verdict. A setup a preset cannot hold (too many players,
    a pile its rules could not build) gets the error instead."""
    out = []
    for variant in variants:
        try:
            state = start(variant, setup)
        except NotationError as err:
            out.append(PositionVerdict(variant, None, (), None, str(err)))
            continue
        verdict = state.explain(state.parse_action(action)) if action is not None else None
        out.append(PositionVerdict(variant, state, tuple(str(a) for a in state.legal_actions()), verdict))
    return tuple(out)
