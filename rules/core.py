"""The contract every game engine follows.

**Actions** are small frozen values, one class per verb, all subclasses of
:class:`Action`. ``str(action)`` is the canonical notation and parses back to
an equal action with the state's ``parse_action``; seats are numbers (``@2``),
never names: names are display data and live in the state. ``action.key()``
is what makes two moves the same move (it drops what the notation only
asserts, such as the actor written before a Palace Poker action).

**States** are immutable. One method, :meth:`GameState.check`, decides whether
an action is legal and says why (a :class:`~rules.refs.Verdict` with a reason
and a rule reference); ``is_legal``, ``explain``, ``legal_actions``,
``try_play`` and ``apply`` all go through it, so the tutor's highlight, its
explanation and the engine's refusal can never disagree.

**Views** (:class:`GameView`): ``state.view(seat)`` is what one seat may see,
a value a computer player can decide from alone: the seat's legal actions when
it is its move, the cards it cannot see, and :meth:`GameView.determinize`, a
full valid state consistent with everything the seat knows, the unseen cards
dealt at random (information-set sampling). ``view(None)`` shows everything,
for teaching.

Engines implement:

* ``names``: the players' names by seat (display data);
* ``candidate_actions()``: every action worth asking about in this position
  (a superset of the legal ones; the tutor uses it to show dimmed, illegal
  plays with their reasons);
* ``check(action)``: the one legality decision;
* ``_advance(action)``: the successor state and the events, for an action
  ``check`` has accepted;
* ``parse_action(text)``: the engine's action notation (``str(action)``
  round-trips through it; the parser may also read players' names);
* ``describe(action, viewer)``: the action in plain words for a person, in
  this position, with the players' names;
* ``view(seat)``: what one seat may see, a :class:`GameView`;
* ``mover``: the seat whose decision the next action is (``None`` by default);
* ``game_outcome()``: how the game (or the deal) ended, a :class:`GameOutcome`, once it is over;
* ``next_deal(setup, seed)``: in a game of several deals, the deal that follows a finished
  one (a :class:`NextDeal`), or None when the game is over (by default: a game of one deal);
* ``automatic()``: the step nobody decides here (a deal, an ante, a reveal), which the
  table does by itself, or None (by default: none);
* ``pots()``: the chips in the middle, each pot a :class:`Pot` (by default: none).
"""

from __future__ import annotations

import abc
import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

from .cards import Card
from .errors import IllegalActionError, NotationError
from .refs import Event, RuleRef, Verdict

A = TypeVar("A", bound="Action")
S = TypeVar("S", bound="GameState[Any]")


class Action:
    """Base of every engine's actions: frozen, slotted dataclasses, one class per verb.

    ``verb`` is the first word of the notation. :meth:`key` is the action's
    identity as a move (equal keys: the same move); ``public_text`` is what
    the other seats may read of it (a card folded face down is not named).
    """

    __slots__ = ()
    verb: ClassVar[str] = ""

    def key(self) -> "Action":
        """The move itself, without what the notation only asserts (by default the action)."""
        return self

    @property
    def public_text(self) -> str:
        """The notation as the other seats may read it (by default the whole notation)."""
        return str(self)


@dataclass(frozen=True)
class Tried:
    """The result of :meth:`GameState.try_play`: the verdict, and when the action
    was legal the new state and what happened (for narration)."""

    verdict: Verdict
    state: "GameState[Any] | None" = None
    events: tuple[Event, ...] = ()

    @property
    def legal(self) -> bool:
        return self.verdict.legal


@dataclass(frozen=True)
class Pot:
    """Chips in the middle of the table: ``label`` for people, ``chips`` in it now."""

    label: str
    chips: int


@dataclass(frozen=True)
class GameOutcome:
    """How a game ended, or in the games of several deals how the deal ended (python-chess's
    ``Outcome`` for our games): who won, every seat's place, the chips, with the rule.

    ``placings`` groups the seats by place, best first (seats that tie share a place);
    ``chips`` is each seat's gain (+) or loss (-) over this deal, ``()`` in a game without
    chips. ``goes_on`` says whether another deal follows (:meth:`GameState.next_deal`);
    when it does not in a game of several deals, ``over`` says why in plain words
    ("only Ann can still pay the ante").
    """

    how: str
    ref: RuleRef
    winners: tuple[int, ...]
    placings: tuple[tuple[int, ...], ...]
    chips: tuple[int, ...] = ()
    goes_on: bool = False
    over: str = ""


@dataclass(frozen=True)
class NextDeal:
    """The deal after a finished one, as the engine deals it.

    ``setup`` is plain data: the game's ``FAMILY.start(variant, setup)`` deals ``state``
    again (a share link carries it). ``dealer`` and ``sitting_out`` are players' names
    (a player who cannot pay to play sits out); ``carried`` the pots that go on;
    ``text`` all of it in plain words.
    """

    setup: Mapping[str, Any]
    state: "GameState[Any]"
    dealer: str
    sitting_out: tuple[str, ...] = ()
    carried: tuple[Pot, ...] = ()
    text: str = ""


class GameView(abc.ABC):
    """What one seat may see (``seat``; ``None`` is the teaching view, everything).

    A computer player decides from a view alone. Engines' views are frozen
    dataclasses that also carry the fields their tables show.
    """

    seat: int | None
    # The position with every card this seat cannot place put back in a fixed order:
    # where determinize starts from. Not a field of the view (it holds no card the seat
    # does not know about, only the pack's cards in places the seat cannot check).
    _masked: "GameState[Any] | None" = None

    def _from_position(self, masked: "GameState[Any]") -> Self:
        object.__setattr__(self, "_masked", masked)
        return self

    @property
    @abc.abstractmethod
    def mover(self) -> int | None:
        """The seat whose decision the next action is (public)."""

    @abc.abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is its move (every legal action in the
        teaching view), else ``()``: computable without the cards the seat cannot see."""

    @abc.abstractmethod
    def unseen(self) -> tuple[Card, ...]:
        """The cards whose place this seat does not know, sorted (one entry per copy)."""

    @abc.abstractmethod
    def determinize(self, rng: random.Random) -> "GameState[Any]":
        """A full, valid state consistent with everything this seat knows, the unseen
        cards dealt at random from ``rng`` into the places the seat cannot see."""


class GameState(abc.ABC, Generic[A]):
    """Base class of the engines' immutable states."""

    # -- to implement -------------------------------------------------------
    @property
    @abc.abstractmethod
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat (display data: actions and views use seats)."""

    @abc.abstractmethod
    def candidate_actions(self) -> tuple[A, ...]:
        """Actions to consider here, legal or not (a superset of the legal ones)."""

    @abc.abstractmethod
    def check(self, action: A) -> Verdict:
        """The one legality decision, with its reason and rule reference."""

    @abc.abstractmethod
    def _advance(self: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """Successor state and events for an action that ``check`` accepted."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> A:
        """Parse the engine's action notation; raises :class:`NotationError`."""

    @abc.abstractmethod
    def describe(self, action: A, viewer: int | None = None) -> str:
        """``action`` in plain words for a person, in this position, with the players'
        names ("play the three sevens", "attack Christine"), as seat ``viewer`` may
        read it (``None``: the teaching view, everything)."""

    @abc.abstractmethod
    def view(self, seat: int | None = None) -> GameView:
        """What ``seat`` may see; ``None`` shows everything (the teaching view)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True once the game (or the hand, for poker games) has ended."""

    @property
    def mover(self) -> int | None:
        """The seat whose decision the next action is, or None (nobody's, or a
        chance step like a deal). Engines override it; the tutor uses it to
        tell a seat's own moves from the moves it may only partly see."""
        return None

    def game_outcome(self) -> GameOutcome | None:
        """How the game (the deal) ended, once :attr:`is_over`; None while it goes on."""
        return None

    def next_deal(self, setup: Mapping[str, Any], seed: int | str = 1) -> NextDeal | None:
        """The deal after this finished one, ``setup`` being the one this deal started from
        (what the table chose goes on), shuffled by ``seed``; None when the game is over
        (:meth:`game_outcome` says why). ValueError while this deal is not over.
        By default a game is one deal."""
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        return None

    def automatic(self) -> A | None:
        """The action nobody decides here, which the table does by itself (a deal, an
        ante, a shuffle, a reveal), or None when a player decides. By default: None."""
        return None

    def pots(self) -> tuple[Pot, ...]:
        """The chips in the middle now, one :class:`Pot` each (always the same pots, in the
        same order, through a game). By default: none."""
        return ()

    # -- shared behaviour ---------------------------------------------------
    def under(self: S, rules: Any) -> S:
        """The same position under another rule config of the same game (to ask what
        another reading of a table option would decide). Engines whose states are
        dataclasses with a ``rules`` field get this for free; an engine that keeps
        values derived from its rules overrides it."""
        return dataclasses.replace(self, rules=rules)  # type: ignore[type-var]

    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action, in a stable order. Engines may override this for
        speed, but it must return exactly the candidates that ``check`` accepts
        (the invariant tests compare the two)."""
        return tuple(a for a in self.candidate_actions() if self.check(a).legal)

    def is_legal(self, action: A) -> bool:
        return self.check(action).legal

    def explain(self, action: A) -> Verdict:
        """Why ``action`` is or is not allowed here (same check as legality)."""
        return self.check(action)

    def try_play(self, action: A) -> Tried:
        """Check and apply in one call: the verdict, and if legal the new state
        and the events. Nothing is raised for an illegal action."""
        verdict = self.check(action)
        if not verdict.legal:
            return Tried(verdict)
        state, events = self._advance(action)
        return Tried(verdict, state, events)

    def play(self: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """Apply ``action`` and also return what happened, for narration."""
        verdict = self.check(action)
        if not verdict.legal:
            raise self.refusal(action, verdict)
        return self._advance(action)

    def refusal(self, action: A, verdict: Verdict) -> IllegalActionError:
        """The error for an action ``check`` refused, naming it and the rule."""
        return IllegalActionError(f"{action} is not allowed: {verdict.reason} [{verdict.ref}]",
                                  state=self, action=action, verdict=verdict)

    def apply(self: S, action: A) -> S:
        """The state after ``action``; raises :class:`IllegalActionError` if illegal."""
        return self.play(action)[0]

    def apply_text(self: S, text: str) -> tuple[S, tuple[Event, ...]]:
        """Parse and play an action written in the engine's notation."""
        return self.play(self.parse_action(text))


def parse_seat(token: str, names: Sequence[str] = ()) -> int:
    """A seat in action notation: ``@2`` (a number from 0) or ``@Name`` (one of ``names``,
    any case); raises :class:`NotationError` naming the token and the seats."""
    if not token.startswith("@") or len(token) < 2:
        raise NotationError(f"expected a seat like @2 or @Ann, got {token!r}", token=token,
                            expected="@ followed by a seat number (from 0) or a player name")
    body = token[1:]
    if body.isdigit() and body.isascii():
        seat = int(body)
        if names and seat >= len(names):
            raise NotationError(f"no seat {token!r}: seats are @0 to @{len(names) - 1}", token=token,
                                expected=f"@0 to @{len(names) - 1}")
        return seat
    folded = [n.casefold() for n in names]
    if body.casefold() in folded:
        return folded.index(body.casefold())
    known = ", ".join(f"@{n}" for n in names) if names else "a seat number like @1"
    raise NotationError(f"unknown seat {token!r}; expected {known}", token=token, expected=known)


class Presets(Mapping[str, Any]):
    """Named rule configurations of one game family, with a clear error for an
    unknown name (the message lists the known ones)."""

    def __init__(self, family: str, presets: Mapping[str, Any], titles: Mapping[str, str] | None = None):
        self.family = family
        self._presets = dict(presets)
        self.titles: Mapping[str, str] = dict(titles or {})
        """A short title per preset for people ("Caron's rules"), where the name is not enough."""
        unknown = set(self.titles) - set(self._presets)
        if unknown:
            raise ValueError(f"{family}: titles for unknown presets {sorted(unknown)}")

    def title(self, name: str) -> str:
        """A preset as a person calls it: its title ("Caron's rules"), else its name in words
        ("no-pot-sharing" -> "No pot sharing"); a name not given as a preset is said the same way."""
        words = name.replace("-", " ").strip()
        return self.titles.get(name) or (words[:1].upper() + words[1:])

    def __getitem__(self, name: str) -> Any:
        try:
            return self._presets[name]
        except KeyError:
            raise NotationError(
                f"unknown {self.family} variant {name!r}; known: {', '.join(self._presets)}",
                token=name, expected=" | ".join(self._presets)) from None

    def __contains__(self, name: object) -> bool:
        # Mapping's default goes through __getitem__ and expects KeyError;
        # ours raises NotationError for a good message, so answer directly.
        return name in self._presets

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets)

    def __len__(self) -> int:
        return len(self._presets)
