"""Palace side by side: one position judged under several rule sets at once.

A :class:`Comparison` lists, per rule set (house, Caron, BGA, and any custom
rule set: the builders take a list of rule configs), the legal plays, and for
every play the rule sets disagree on, each one's verdict with its reason and
rule. Every verdict is the engine's own (``state.check`` on a position started
under that rule set, or the checker's ``compare_play``); nothing is re-derived.

Two builders: :func:`position_comparison` for a position of a study (the
current Palace game, set up again under each rule set), and
:func:`play_comparison` for the checker's pile-and-hand question.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.refs import RuleRef, Ruling

from .verdict_words import cap
from .words import action_words

def rule_set_title(name: str) -> str:
    """``house`` -> ``House rules``; ``house+jokers-reverse`` -> ``House rules with jokers-reverse``
    (the titles are the game's: ``PRESETS.titles``)."""
    from rules.palace import PRESETS

    base, *extra = name.split("+")
    title = PRESETS.titles.get(base, f"{cap(base)} rules")
    return f"{title} with {' and '.join(extra)}" if extra else title


@dataclass(frozen=True)
class RuleSetJudgement:
    """What one rule set allows here: its legal plays in words, or why the
    position cannot arise under it."""

    key: str
    title: str
    source: str
    plays: tuple[str, ...] = ()
    error: str = ""

    @property
    def possible(self) -> bool:
        return not self.error

    @property
    def source_title(self) -> str:
        """The rule book by its name, as a person reads it (not the source's file name)."""
        from rules.refs import SOURCE_TITLES
        return SOURCE_TITLES.get(self.source, self.source)


@dataclass(frozen=True)
class Ruled:
    """One rule set's verdict on one play."""

    rule_set: str
    legal: bool
    reason: str
    ref: RuleRef | None = None
    ruling: Ruling | None = None


@dataclass(frozen=True)
class Difference:
    """A play some rule sets allow and others refuse, with each one's reason."""

    what: str
    verdicts: tuple[Ruled, ...]

    def allowed_by(self) -> tuple[str, ...]:
        return tuple(v.rule_set for v in self.verdicts if v.legal)

    def refused_by(self) -> tuple[str, ...]:
        return tuple(v.rule_set for v in self.verdicts if not v.legal)


@dataclass(frozen=True)
class Comparison:
    """One position under several rule sets (see the module docstring)."""

    rule_sets: tuple[RuleSetJudgement, ...]
    differences: tuple[Difference, ...]
    note: str = ""
    readings: tuple[str, ...] = ()
    """Where a verdict rests on a table option: what the other reading gives (plain sentences)."""

    def title_of(self, key: str) -> str:
        return next(r.title for r in self.rule_sets if r.key == key)

    @property
    def headline(self) -> str:
        """One plain sentence: do the rule sets agree here, and if not, on how many plays."""
        possible = [r for r in self.rule_sets if r.possible]
        impossible = [r for r in self.rule_sets if not r.possible]
        tail = ""
        if impossible:
            tail = "; under " + _and([r.title for r in impossible]) + " this position cannot arise"
        if len(possible) < 2:
            return cap(f"only {possible[0].title} can judge this position{tail}.") if possible else \
                "No rule set can hold this position."
        if not self.differences:
            return f"{_and([r.title for r in possible])} allow the same plays here{tail}."
        n = len(self.differences)
        if n <= 2:
            return cap(f"{_and([r.title for r in possible])} disagree on {n} play{'s' if n != 1 else ''}: "
                       + "; ".join(self._one_line(d) for d in self.differences) + f"{tail}.")
        return cap(f"{_and([r.title for r in possible])} disagree on {n} plays (each one below, with the "
                   f"reasons){tail}.")

    def _one_line(self, d: Difference) -> str:
        yes = _and([self.title_of(k) for k in d.allowed_by()])
        return f"{d.what} is allowed under {yes} only"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _rules_list(rule_sets: Iterable[Any] | None) -> list[Any]:
    from rules.palace import PRESETS
    return list(PRESETS.values()) if rule_sets is None else list(rule_sets)


def position_comparison(state: Any, rule_sets: Iterable[Any] | None = None) -> Comparison:
    """The position of ``state`` (a Palace game in play) set up again under each rule
    config of ``rule_sets`` (default: the three presets): legal plays, and the plays they
    disagree on with each one's reason. A rule set that cannot hold the position
    (more players than it seats, a card its deck lacks, a pile its rules could not
    build) says why instead."""
    from rules.palace import position_setup, start

    setup = position_setup(state)
    judged: list[RuleSetJudgement] = []
    states: dict[str, Any] = {}
    for rules in _rules_list(rule_sets):
        key = rules.name
        try:
            # the game's own rules judge the position as it stands, turn in progress and all
            other = state if rules == state.rules else start(rules, setup)
        except ValueError as err:
            judged.append(RuleSetJudgement(key, rule_set_title(key), rules.source, error=str(err)))
            continue
        states[key] = other
        plays = tuple(action_words(other, a) for a in other.legal_actions())
        judged.append(RuleSetJudgement(key, rule_set_title(key), rules.source, plays))
    return Comparison(tuple(judged), _differences(states),
                      "Compared as the start of this player's turn, with the same cards in every place.")


def _differences(states: Mapping[str, Any]) -> tuple[Difference, ...]:
    """Every candidate play (by its notation) on which the rule sets' own checks disagree."""
    texts: dict[str, None] = {}
    for st in states.values():
        for action in st.candidate_actions():
            texts.setdefault(str(action), None)
    out = []
    for text in texts:
        ruled = []
        what = ""
        for key, st in states.items():
            try:
                action = st.parse_action(text)
            except ValueError as err:
                ruled.append(Ruled(key, False, f"not a move in this game: {err}"))
                continue
            verdict = st.check(action)
            what = what or action_words(st, action)
            ruled.append(Ruled(key, verdict.legal, verdict.reason, verdict.ref, verdict.ruling))
        if len({r.legal for r in ruled}) > 1:
            out.append(Difference(what or text, tuple(ruled)))
    return tuple(out)


def play_comparison(comparison: Any) -> Comparison:
    """The checker's answer (``rules.palace.checker.PlayComparison``) as a :class:`Comparison`:
    the legal plays of each preset, and every card of the hand whose verdict differs."""
    from rules.cards import Card
    from rules.palace import rules_for

    judged = []
    plays_asked: dict[str, str] = {}  # every play judged anywhere (a card, several cards) -> its words
    table = getattr(comparison, "table", None)
    for key, check, error in comparison.results:
        title = table[0] if key == "table" and table else rule_set_title(key)
        source = rules_for(table[1] if key == "table" and table else key).source
        if check is None:
            judged.append(RuleSetJudgement(key, title, source, error=error))
            continue
        plays = tuple(_cards_words(p) for p in check.legal) or ("nothing: the player takes the pile",)
        judged.append(RuleSetJudgement(key, title, source, plays))
        for card, _verdict in check.reasons:
            plays_asked.setdefault(card, f"the {Card.parse(card).label}")
        for group, _verdict in getattr(check, "groups", ()):
            plays_asked.setdefault(group, _cards_words(group))
    diffs = []
    # every kind of play: one card, several cards together (four of a kind too), taking the pile
    for play, what in list(plays_asked.items()) + [("", "taking the pile")]:
        ruled = []
        for key, check, _error in comparison.results:
            if check is None:
                continue
            verdict = _verdict_on(check, play)
            if verdict is None:
                ruled.append(Ruled(key, False, "under these rules these cards are not one play"))
                continue
            ruled.append(Ruled(key, verdict.legal, verdict.reason, verdict.ref, verdict.ruling))
        if len({r.legal for r in ruled}) > 1:
            diffs.append(Difference(what, tuple(ruled)))
    readings = tuple(f"{table[0] if key == 'table' and table else rule_set_title(key)}, {_cards_words(play)}: "
                     f"{'allowed' if _legal_in(check, play) else 'not allowed'}. {other.sentence()}"
                     for key, check, _error in comparison.results if check is not None
                     for play, other in getattr(check, "readings", ()))
    return Comparison(tuple(judged), tuple(diffs), readings=readings)


def _verdict_on(check: Any, play: str) -> Any:
    """The engine's verdict on ``play`` (a card, several cards, or "" for taking the pile)."""
    if not play:
        return getattr(check, "pickup", None)
    found = dict(check.reasons)
    return found[play] if play in found else dict(getattr(check, "groups", ())).get(play)


def _legal_in(check: Any, play: str) -> bool:
    return play in check.legal


def _cards_words(play: str) -> str:
    from rules.cards import parse_cards
    cards = parse_cards(play)
    labels = " ".join(c.label for c in cards)
    return f"the {labels}" if len(cards) == 1 else f"{labels} together"
