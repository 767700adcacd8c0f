"""Palace Poker actions and their text notation.

One action is one decision by the player (or the dealer) whose move it is::

    deal                      the dealer deals the next card (dealer draw, banners, palace)
    ante                      everyone pays the ante
    shuffle                   the dealer returns the set-aside cards and reshuffles
    buy            (draw)     pay a small bet, take the top deck card as a soldier
    market                    Open Market: pay a big bet, take the top discard
    discard 9c Ts             throw soldiers away (a turn; or after buying / winning)
    keep                      after buying or winning a battle: discard nothing
    bet Frank [100] (battle)  attack a player, by name or by banner card (bet Qs);
                              the amount is the opening bet (no-limit; optional in limit)
    stay                      do nothing this turn
    fold                      give up (on a turn, or facing a bet)
    call [90]                 meet the opponent's bet (the amount, if given, is checked)
    raise [20]                call and raise by the amount (no-limit; optional in limit)

Any action may start with the actor's name and a colon (``Brad: bet Frank``);
the engine then also checks that it is that player's move. ``str()`` is the
canonical text and parses back to an equal action; amounts may carry a ``$``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Callable

from ..cards import Card, format_cards, parse_cards
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


_SYNONYMS = {"draw": Kind.BUY, "battle": Kind.BET}
_VERBS = {k.value: k for k in Kind} | _SYNONYMS
_TAKES_AMOUNT = {Kind.BET, Kind.CALL, Kind.RAISE}
_AMOUNT = re.compile(r"\$?([0-9]{1,9})")  # ASCII digits, short enough for int()

GRAMMAR = ("deal | ante | shuffle | buy | market | discard CARDS | keep | bet PLAYER [AMOUNT] | stay | fold | "
           "call [AMOUNT] | raise [AMOUNT], optionally after 'NAME:'")


@dataclass(frozen=True)
class Action:
    """A Palace Poker action. ``seat`` (a player's name) is optional: when given,
    the action is only legal if it is that player's move."""

    kind: Kind
    target: str | None = None
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    seat: str | None = None

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.target is not None:
            parts.append(self.target)
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards:
            parts.append(format_cards(self.cards))
        text = " ".join(parts)
        return f"{self.seat}: {text}" if self.seat else text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def without_seat(self) -> "Action":
        return Action(self.kind, self.target, self.amount, self.cards)

    @classmethod
    def parse(cls, text: str, resolve_target: Callable[[str], str] | None = None,
              resolve_seat: Callable[[str], str] | None = None) -> "Action":
        """Read an action. ``resolve_target`` maps a bet's target text (a name or
        a banner card) to a player's name; ``resolve_seat`` checks a name prefix.
        Without them the texts are kept as written."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}", token=str(text), expected=GRAMMAR)
        body = text.strip()
        seat = None
        head, colon, rest = body.partition(":")
        if colon:  # names never contain a colon (checked at setup)
            seat = head.strip()
            body = rest.strip()
            if resolve_seat is not None:
                seat = resolve_seat(seat)
        if not body:
            raise NotationError(f"empty action {text!r}: expected {GRAMMAR}", token=text, expected=GRAMMAR)
        verb, _, args = body.partition(" ")
        kind = _VERBS.get(verb.lower())
        if kind is None:
            raise NotationError(f"unknown action {verb!r} in {text!r}: expected {GRAMMAR}", token=verb,
                                expected=GRAMMAR)
        args = args.strip()
        target = amount = None
        cards: tuple[Card, ...] = ()
        if kind is Kind.DISCARD:
            if not args:
                raise NotationError(f"{text!r}: name the soldier cards to discard, like 'discard 9c Ts'",
                                    token=text, expected="discard CARDS")
            cards = parse_cards(args, unique=True, what="discard")
        elif kind is Kind.BET:
            words = args.split()
            if words and _AMOUNT.fullmatch(words[-1]) and len(words) > 1:
                amount = int(_AMOUNT.fullmatch(words[-1]).group(1))
                words = words[:-1]
            if not words:
                raise NotationError(f"{text!r}: say whom to bet against, by name or banner card "
                                    "(like 'bet Frank' or 'bet Qs')", token=text, expected="bet PLAYER [AMOUNT]")
            target = " ".join(words)
            if resolve_target is not None:
                target = resolve_target(target)
        elif kind in _TAKES_AMOUNT:
            if args:
                m = _AMOUNT.fullmatch(args)
                if not m:
                    raise NotationError(f"{text!r}: {args!r} is not an amount (a whole number of chips)",
                                        token=args, expected="a whole number")
                amount = int(m.group(1))
        elif args:
            raise NotationError(f"{text!r}: '{kind.value}' takes nothing after it, got {args!r}", token=args,
                                expected=kind.value)
        return cls(kind, target, amount, cards, seat)

