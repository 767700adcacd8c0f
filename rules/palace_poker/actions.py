"""Palace Poker actions and their text notation.

One action is one decision by the player (or the dealer) whose move it is,
one class per verb; seats are numbers (``@5``), names are the state's::

    deal                      the dealer deals the next card (dealer draw, banners, palace)
    ante                      everyone pays the ante
    shuffle                   the dealer returns the set-aside cards and reshuffles
    buy            (draw)     pay a small bet, take the top deck card as a soldier
    market                    Open Market: pay a big bet, take the top discard
    discard 9c Ts             throw soldiers away (a turn; or after buying / winning)
    keep                      after buying or winning a battle: discard nothing
    bet @5 [100]   (battle)   attack a player; the amount is the opening bet (no-limit;
                              optional in limit)
    stay                      do nothing this turn
    fold                      give up (on a turn, or facing a bet)
    call [90]                 meet the opponent's bet (the amount, if given, is checked)
    raise [20]                call and raise by the amount (no-limit; optional in limit)

Any action may start with the actor's seat and a colon (``@1: bet @5``); the
engine then also checks that it is that seat's move. ``str()`` is the
canonical text and parses back to an equal action; amounts may carry a ``$``.
In a position (``state.parse_action``) a player may also be named by name
(``Brad: bet Frank``, any case) or a bet's target by banner card (``bet Qs``),
as the lessons write them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Callable, ClassVar

from ..cards import Card, format_cards, parse_cards
from ..core import Action as BaseAction
from ..errors import NotationError


class Kind(Enum):
    DEAL = "deal"
    ANTE = "ante"
    SHUFFLE = "shuffle"
    BUY = "buy"
    MARKET = "market"
    DISCARD = "discard"
    KEEP = "keep"
    BET = "bet"
    STAY = "stay"
    FOLD = "fold"
    CALL = "call"
    RAISE = "raise"


_AMOUNT = re.compile(r"\$?([0-9]{1,9})")  # ASCII digits, short enough for int()

GRAMMAR = ("deal | ante | shuffle | buy | market | discard CARDS | keep | bet @SEAT [AMOUNT] | stay | fold | "
           "call [AMOUNT] | raise [AMOUNT], optionally after '@SEAT:'")

# text -> seat: a player's name or ``@N`` (the actor before a colon, a bet's target)
Resolver = Callable[[str], int]


@dataclass(frozen=True, slots=True)
class Action(BaseAction):
    """A Palace Poker action. ``actor`` (a seat) is optional: when given, the action
    is only legal if it is that seat's move; :meth:`key` drops it."""

    actor: int | None = field(default=None, kw_only=True)
    kind: ClassVar[Kind]

    def key(self) -> "Action":
        return self if self.actor is None else replace(self, actor=None)

    def _body(self) -> str:
        return self.verb

    def __str__(self) -> str:
        body = self._body()
        return body if self.actor is None else f"@{self.actor}: {body}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str, resolve_target: Resolver | None = None,
              resolve_seat: Resolver | None = None) -> "Action":
        """Read an action. ``resolve_target`` maps a bet's target text (a name, a
        banner card or ``@N``) to a seat, ``resolve_seat`` the actor's; without
        them only ``@N`` seats are read."""
        return parse_action(text, resolve_target, resolve_seat)


def _word(kind: Kind) -> type[Action]:
    """A one-word action class."""
    @dataclass(frozen=True, slots=True, repr=False)
    class Word(Action):
        pass
    Word.kind, Word.verb = kind, kind.value
    Word.__name__ = Word.__qualname__ = kind.value.capitalize()
    return Word


Deal, Ante, Shuffle, Buy, Market, Keep, Stay, Fold = (
    _word(k) for k in (Kind.DEAL, Kind.ANTE, Kind.SHUFFLE, Kind.BUY, Kind.MARKET, Kind.KEEP, Kind.STAY, Kind.FOLD))


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    """Throw soldiers away: a turn, or after buying or winning a battle."""

    cards: tuple[Card, ...] = ()
    kind: ClassVar[Kind] = Kind.DISCARD
    verb: ClassVar[str] = "discard"

    def _body(self) -> str:
        return f"discard {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, repr=False)
class Bet(Action):
    """Attack seat ``target``; ``amount`` is the opening bet (no-limit; optional in limit)."""

    target: int = 0
    amount: int | None = None
    kind: ClassVar[Kind] = Kind.BET
    verb: ClassVar[str] = "bet"

    def _body(self) -> str:
        return f"bet @{self.target}" + ("" if self.amount is None else f" {self.amount}")


@dataclass(frozen=True, slots=True, repr=False)
class Call(Action):
    """Meet the opponent's bet; an ``amount``, if given, is checked."""

    amount: int | None = None
    kind: ClassVar[Kind] = Kind.CALL
    verb: ClassVar[str] = "call"

    def _body(self) -> str:
        return "call" if self.amount is None else f"call {self.amount}"


@dataclass(frozen=True, slots=True, repr=False)
class Raise(Action):
    """Call and raise by ``amount`` (no-limit; optional in limit)."""

    amount: int | None = None
    kind: ClassVar[Kind] = Kind.RAISE
    verb: ClassVar[str] = "raise"

    def _body(self) -> str:
        return "raise" if self.amount is None else f"raise {self.amount}"


_WORDS: dict[str, type[Action]] = {c.verb: c for c in (Deal, Ante, Shuffle, Buy, Market, Keep, Stay, Fold)}
_WORDS.update(draw=Buy)
_SYNONYMS = {"battle": "bet"}


def _seat_number(text: str) -> int:
    """``@N`` read without a table (no names to resolve)."""
    body = text[1:] if text.startswith("@") else ""
    if not (body.isdigit() and body.isascii()):
        raise NotationError(f"{text!r} is not a seat: write @ and a seat number, like @2", token=text,
                            expected="@SEAT")
    return int(body)


def parse_action(text: str, resolve_target: Resolver | None = None,
                 resolve_seat: Resolver | None = None) -> Action:
    """Read one action (see the module notes); raises :class:`NotationError` naming the token."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, got {text!r}", token=str(text), expected=GRAMMAR)
    body = text.strip()
    actor = None
    head, colon, rest = body.partition(":")
    if colon:  # names never contain a colon (checked at setup)
        actor = (resolve_seat or _seat_number)(head.strip())
        body = rest.strip()
    if not body:
        raise NotationError(f"empty action {text!r}: expected {GRAMMAR}", token=text, expected=GRAMMAR)
    verb, _, args = body.partition(" ")
    verb = _SYNONYMS.get(verb.lower(), verb.lower())
    args = args.strip()
    if verb in _WORDS:
        if args:
            raise NotationError(f"{text!r}: '{verb}' takes nothing after it, got {args!r}", token=args,
                                expected=verb)
        return _WORDS[verb](actor=actor)
    if verb == "discard":
        if not args:
            raise NotationError(f"{text!r}: name the soldier cards to discard, like 'discard 9c Ts'",
                                token=text, expected="discard CARDS")
        return Discard(parse_cards(args, unique=True, what="discard"), actor=actor)
    if verb == "bet":
        words = args.split()
        amount = None
        given = _AMOUNT.fullmatch(words[-1]) if len(words) > 1 else None
        if given:
            amount = int(given.group(1))
            words = words[:-1]
        if not words:
            raise NotationError(f"{text!r}: say whom to bet against, by name or banner card "
                                "(like 'bet Frank' or 'bet Qs')", token=text, expected="bet PLAYER [AMOUNT]")
        return Bet((resolve_target or _seat_number)(" ".join(words)), amount, actor=actor)
    if verb in ("call", "raise"):
        amount = None
        if args:
            m = _AMOUNT.fullmatch(args)
            if not m:
                raise NotationError(f"{text!r}: {args!r} is not an amount (a whole number of chips)",
                                    token=args, expected="a whole number")
            amount = int(m.group(1))
        return (Call if verb == "call" else Raise)(amount, actor=actor)
    raise NotationError(f"unknown action {body.partition(' ')[0]!r} in {text!r}: expected {GRAMMAR}",
                        token=body.partition(" ")[0], expected=GRAMMAR)
