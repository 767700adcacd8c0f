"""A tiny fake game family so the loader's tests do not depend on the real
engines: players take turns playing a card from their hand; its rank adds to
a running total; whoever brings the total exactly to the target wins.

Notation: ``play 5s`` (any card spelling), ``pass``. A card that would
overshoot the target is refused with a reason; under the ``strict`` preset
``pass`` is refused. Helpers the test files share live in lessons_support.py.
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

import rules.palace_poker  # noqa: F401  (registers the source the fake game cites)
from rules import refs
from rules.cards import Card, format_cards, parse_cards
from rules.core import Action, GameState, Presets
from rules.errors import NotationError
from rules.games import GameFamily
from rules.refs import Event, RuleRef, Verdict

sys.path.insert(0, str(Path(__file__).parent))  # lessons_support, imported by name

SOURCE = "palace-poker.txt"  # a real source name: RuleRef only accepts those
SECTIONS = {"Counting": "test-only: how the fake counting game adds up",
            "Passing": "test-only: when the fake game lets a player pass"}


@dataclass(frozen=True)
class FakeRules:
    may_pass: bool = True


@dataclass(frozen=True)
class Player:
    name: str
    hand: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.hand)


@dataclass(frozen=True)
class Play(Action):
    card: Card | None  # None: pass
    seat: str | None = None  # "Ann: pass" names the mover; then only Ann may make it

    def __str__(self) -> str:
        text = "pass" if self.card is None else f"play {self.card}"
        return f"{self.seat}: {text}" if self.seat else text

    def key(self) -> "Play":
        return Play(self.card)


class FakeState(GameState):
    def __init__(self, rules, players, total, target, turn, winner=None):
        self.rules, self.players, self.total = rules, players, total
        self.target, self.turn, self.winner = target, turn, winner

    @property
    def pot(self) -> int:  # a probe-able number
        return self.total * 10

    @property
    def names(self):
        return tuple(p.name for p in self.players)

    def describe(self, action, viewer=None):
        return "pass" if action.card is None else f"play the {action.card.words}"

    def view(self, seat=None):
        return self  # nothing hidden: every seat sees the whole position

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def candidate_actions(self):
        return (Play(None),) + tuple(Play(c) for c in sorted(set(self.players[self.turn].hand)))

    def check(self, action):
        ref = RuleRef(SOURCE, "Counting")
        if self.is_over:
            return Verdict(False, "the game is over", ref)
        if action.seat is not None and action.seat != self.players[self.turn].name:
            return Verdict(False, f"it is {self.players[self.turn].name}'s move, not {action.seat}'s", ref)
        if action.card is None:
            if not self.rules.may_pass:
                return Verdict(False, "passing is not allowed in the strict game",
                               RuleRef(SOURCE, "Passing"))
            return Verdict(True, "a player may always pass", RuleRef(SOURCE, "Passing"))
        if action.card not in self.players[self.turn].hand:
            return Verdict(False, f"{self.players[self.turn].name} does not hold {action.card}", ref)
        if self.total + int(action.card.rank) > self.target:
            return Verdict(False, f"{action.card} would overshoot the target {self.target}", ref)
        return Verdict(True, f"{action.card} keeps the total within {self.target}", ref)

    def _advance(self, action):
        me = self.players[self.turn]
        nxt = (self.turn + 1) % len(self.players)
        if action.card is None:
            return FakeState(self.rules, self.players, self.total, self.target, nxt), (
                Event("pass", f"{me.name} passes", data=(("player", me.name),)),)
        hand = list(me.hand)
        hand.remove(action.card)
        players = tuple(Player(p.name, tuple(hand)) if p is me else p for p in self.players)
        total = self.total + int(action.card.rank)
        events = [Event("played", f"{me.name} plays {action.card}",
                        data=(("player", me.name), ("card", action.card), ("total", total)))]
        winner = None
        if total == self.target:
            winner = me.name
            events.append(Event("won", f"{me.name} wins", data=(("winner", me.name),)))
        return FakeState(self.rules, players, total, self.target, nxt, winner), tuple(events)

    def parse_action(self, text):
        seat, colon, rest = text.partition(":")
        if colon:
            return Play(self.parse_action(rest).card, seat.strip())
        words = text.split()
        if words == ["pass"]:
            return Play(None)
        if len(words) == 2 and words[0].lower() == "play":
            return Play(Card.parse(words[1]))
        raise NotationError(f"cannot read action {text!r}: write 'play CARD' or 'pass'",
                            token=text, expected="play CARD | pass")


def start(variant: str, setup) -> FakeState:
    rules = PRESETS[variant]
    setup = dict(setup)
    known = {"players", "target"}
    for key in setup:
        if key not in known:
            raise NotationError(f"unknown setup key {key!r}", token=key)
    players = tuple(Player(p["name"], parse_cards(p["hand"])) for p in setup["players"])
    target = setup.get("target", 10)
    if not isinstance(target, int) or target < 1:
        raise NotationError(f"target must be a positive number, not {target!r}", token=str(target))
    return FakeState(rules, players, 0, target, 0)


PRESETS = Presets("count", {"plain": FakeRules(), "strict": FakeRules(may_pass=False)})
FAMILY = GameFamily("count", "Counting (test game)", (SOURCE,), PRESETS, start)


@pytest.fixture
def families(monkeypatch):
    """The fake registry; registers the fake sections for this test only."""
    monkeypatch.setitem(refs.SECTIONS, SOURCE, {**refs.SECTIONS[SOURCE], **SECTIONS})

    def lookup(game_id: str) -> GameFamily:
        if game_id in ("count", "count2"):  # two ids: lessons of two games
            return FAMILY
        if game_id == "broken":
            return GameFamily("broken", "crashes", (SOURCE,), PRESETS, _crash)
        raise NotationError(f"unknown game {game_id!r}; known: count", token=game_id)

    return lookup


def _crash(variant, setup):
    raise RuntimeError("engine bug")


GOOD = textwrap.dedent('''\
    id = "count-basics"
    title = "Counting to nine"
    game = "count"
    variant = "plain"
    summary = "Ann and Bob count up to nine."
    intro = "A short game to test the loader."

    [source]
    file = "palace-poker.txt"
    section = "Counting"

    [setup]
    target = 9
    players = [ { name = "Ann", hand = "2c 3d 5h" }, { name = "Bob", hand = "4h 5s" } ]

    [[steps]]
    narration = "Nobody has played yet."
    rule = "Counting"

    [[steps]]
    action = "play 5h"
    narration = "Ann opens with five."
    rule = { section = "Counting", clause = "adding up" }
      [[steps.checks]]
      probe = "total"
      equals = 5
      note = "five so far"
      [[steps.checks]]
      probe = "players[Ann].hand"
      cards = "3d 2c"
      [steps.quiz]
      kind = "legal-plays"
      question = "What may Ann do?"
      accepted = ["pass", "play 2c", "play 3d", "play 5h"]
      explanation = "Every card fits under nine, and passing is allowed."

    [[steps]]
    action = "play 4h"
    narration = "Bob makes nine and wins."
    rule = "Counting"
      [[steps.checks]]
      event = "won"
      data = { winner = "Bob" }
      [[steps.checks]]
      over = true
      [steps.quiz]
      kind = "battle-winner"
      question = "Who wins?"
      accepted = ["Bob", "the second player"]
      explanation = "Four on five makes nine."
    ''')


@pytest.fixture
def good_text() -> str:
    return GOOD
