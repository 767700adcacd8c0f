"""King's Pot actions: small frozen values with a text notation.

========================  =====================================================
notation                  meaning
========================  =====================================================
``buy N``                 the player to act buys N cards (before the first reveal)
``reveal K``              the dealer turns the cells labelled K (K = 1, 2, 3)
``check``                 stay in without paying (nothing is due)
``call``                  pay what is due: the per-card bet still owed, times cards held
``bet N``                 open the betting at N chips per card
``raise N``               raise the per-card bet by N
``fold``                  fold every card: leave the deal
``fold 7h``               fold one card and keep the turn (the other cards stay in)
``showdown``              the dealer turns everything and the pots are paid
========================  =====================================================

The actor is always the seat whose turn it is (``state.to_act``), so actions
name no seat. ``action.public_text`` is what the other seats may be told
(``fold 7h`` becomes ``fold a card``: folded cards stay face down). Parsing is case-insensitive and forgiving about spaces; ``str()``
is canonical and ``repr()`` evaluates back to an equal action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cards import Card
from ..core import Action as BaseAction
from ..errors import NotationError

_AMOUNT = re.compile(r"[0-9]{1,9}")
_GRAMMAR = ("buy N | reveal 1-3 | check | call | bet N | raise N | fold | fold CARD | showdown")


class Action(BaseAction):
    """Base of the King's Pot actions (a :class:`rules.core.Action`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def public_text(self) -> str:
        """What the other players see of this action: the notation, except that a
        card folded singly goes face down (``fold a card``)."""
        return str(self)

    @staticmethod
    def parse(text: str) -> "Action":
        """Parse one action; raises :class:`NotationError` naming the bad token."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text, not {type(text).__name__}",
                                token=repr(text), expected=_GRAMMAR)
        words = text.strip().lower().split()
        if not words:
            raise NotationError("empty action: expected " + _GRAMMAR, token=text, expected=_GRAMMAR)
        verb, args = words[0], words[1:]
        if verb in _BARE:
            if args:
                if verb == "fold":
                    return _parse_fold(args, text)
                raise NotationError(f"{verb!r} takes nothing after it, got {' '.join(args)!r}",
                                    token=" ".join(args), expected=verb)
            return _BARE[verb]
        if verb in _COUNTED:
            if len(args) != 1:
                raise NotationError(f"{verb!r} needs one whole number after it, as in '{verb} 2'",
                                    token=text.strip(), expected=f"{verb} N")
            if not _AMOUNT.fullmatch(args[0]):
                raise NotationError(f"{verb}: {args[0]!r} is not a whole number of 1 to 9 digits",
                                    token=args[0], expected=f"{verb} N")
            return _COUNTED[verb](int(args[0]))
        raise NotationError(f"unknown action {words[0]!r}: expected {_GRAMMAR}",
                            token=words[0], expected=_GRAMMAR)


def _parse_fold(args: list[str], text: str) -> Action:
    if args == ["all"]:
        return FOLD
    if len(args) != 1:
        raise NotationError(
            "fold takes one card at a time (each fold keeps your turn), or nothing to fold all",
            token=" ".join(args), expected="fold | fold CARD")
    try:
        return FoldCard(Card.parse(args[0]))
    except NotationError as err:
        raise NotationError(f"fold: {err}", token=args[0], expected="fold CARD, as in 'fold 7h'") from None


@dataclass(frozen=True, slots=True, repr=False)
class Buy(Action):
    count: int

    def __str__(self) -> str:
        return f"buy {self.count}"


@dataclass(frozen=True, slots=True, repr=False)
class Reveal(Action):
    round: int

    def __str__(self) -> str:
        return f"reveal {self.round}"


@dataclass(frozen=True, slots=True, repr=False)
class Check(Action):
    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True, slots=True, repr=False)
class Call(Action):
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True, repr=False)
class Bet(Action):
    per_card: int

    def __str__(self) -> str:
        return f"bet {self.per_card}"


@dataclass(frozen=True, slots=True, repr=False)
class Raise(Action):
    per_card: int

    def __str__(self) -> str:
        return f"raise {self.per_card}"


@dataclass(frozen=True, slots=True, repr=False)
class Fold(Action):
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True, repr=False)
class FoldCard(Action):
    card: Card

    def __str__(self) -> str:
        return f"fold {self.card}"

    @property
    def public_text(self) -> str:
        return "fold a card"


@dataclass(frozen=True, slots=True, repr=False)
class Showdown(Action):
    def __str__(self) -> str:
        return "showdown"


CHECK, CALL, FOLD, SHOWDOWN = Check(), Call(), Fold(), Showdown()
_BARE: dict[str, Action] = {"check": CHECK, "call": CALL, "fold": FOLD, "showdown": SHOWDOWN}
_COUNTED = {"buy": Buy, "reveal": Reveal, "bet": Bet, "raise": Raise}
