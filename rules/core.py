"""The contract every game engine follows.

A state is immutable. One method, :meth:`GameState.check`, decides whether an
action is legal and says why (a :class:`~rules.refs.Verdict` with a reason and
a rule reference); ``is_legal``, ``explain``, ``legal_actions`` and ``apply``
all go through it, so the tutor's highlight, its explanation and the engine's
refusal can never disagree.

Engines implement:

* ``candidate_actions()``: every action worth asking about in this position
  (a superset of the legal ones; the tutor uses it to show dimmed, illegal
  plays with their reasons);
* ``check(action)``: the one legality decision;
* ``_advance(action)``: the successor state and the events, for an action
  ``check`` has accepted;
* ``parse_action(text)``: the engine's action notation (``str(action)``
  round-trips through it);
* ``view(seat)``: what one seat may see (``None``: everything, for teaching);
* ``mover``: the seat whose decision the next action is (``None`` by default).
"""

from __future__ import annotations

import abc
from collections.abc import Iterator, Mapping
from typing import Any, Generic, Hashable, TypeVar

from .errors import IllegalActionError, NotationError
from .refs import Event, Verdict

A = TypeVar("A", bound=Hashable)
S = TypeVar("S", bound="GameState")


class GameState(abc.ABC, Generic[A]):
    """Base class of the engines' immutable states."""

    # -- to implement -------------------------------------------------------
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

    # -- shared behaviour ---------------------------------------------------
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

    def play(self: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """Apply ``action`` and also return what happened, for narration."""
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalActionError(
                f"{action} is not allowed: {verdict.reason} [{verdict.ref}]",
                state=self, action=action, verdict=verdict)
        return self._advance(action)

    def apply(self: S, action: A) -> S:
        """The state after ``action``; raises :class:`IllegalActionError` if illegal."""
        return self.play(action)[0]

    def apply_text(self: S, text: str) -> tuple[S, tuple[Event, ...]]:
        """Parse and play an action written in the engine's notation."""
        return self.play(self.parse_action(text))


class Presets(Mapping[str, Any]):
    """Named rule configurations of one game family, with a clear error for an
    unknown name (the message lists the known ones)."""

    def __init__(self, family: str, presets: Mapping[str, Any]):
        self.family = family
        self._presets = dict(presets)

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
