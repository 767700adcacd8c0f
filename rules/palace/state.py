"""The Palace game state: immutable, with the one legality decision.

A state holds every zone (hands, face-up and face-down cards, stock, pile,
cleared cards, cards set aside), whose move it is and in which *phase*:

* ``choose`` / ``swap``: setup, seat by seat from the dealer's left;
* ``play``: an ordinary turn (``again`` says when it is a replay after a
  clear or a reset card);
* ``reveal``: a card drawn by a chance (or a face-down card that must be shown
  to someone) waits to be played or kept;
* ``flash``: a flashed card waits for its target's answer;
* ``after``: the player who just played may still throw a just-drawn card of
  the same rank or announce their last face-down card, before the next player;
* ``over``.

:func:`rules.palace.decide.decide` is the single legality decision. It returns
one of the declared codes of :mod:`rules.palace.verdicts`; ``check`` looks the
code up for a :class:`~rules.refs.Verdict` (words, rule reference, ruling),
while ``legal_actions`` and ``play`` use the code alone so random play stays
fast. The transitions live in :mod:`rules.palace.turns`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..cards import Card, Rank, format_cards
from ..core import GameOutcome, GameState, Tried
from ..refs import Event, Verdict
from . import actions as A
from . import legality
from .config import PalaceRules


class Phase(str, Enum):
    CHOOSE = "choose"
    SWAP = "swap"
    PLAY = "play"
    REVEAL = "reveal"
    FLASH = "flash"
    AFTER = "after"
    OVER = "over"


# Module constants: looking a member up on an Enum class is slow in the hot paths.
CHOOSE, SWAP, PLAY, REVEAL, FLASH, AFTER, OVER = (Phase.CHOOSE, Phase.SWAP, Phase.PLAY, Phase.REVEAL,
                                                 Phase.FLASH, Phase.AFTER, Phase.OVER)


@dataclass(frozen=True)
class FlashInfo:
    """A flash in progress: ``target`` must answer ``flasher``; ``origin`` flashed first."""

    flasher: int
    target: int
    origin: int
    checked: bool = False


@dataclass(frozen=True)
class Window:
    """The moment after a play, before the next player moves."""

    rank: Rank
    fresh: tuple[Card, ...]
    """Cards of ``rank`` drawn in the refills of this throw, still in hand."""
    flip: bool
    """The next face-down card (already looked at) has ``rank`` and may follow at once."""
    skips: int = 0
    reverse: bool = False


_set_fields = object.__setattr__  # PalaceState refuses attribute writes; its constructors use this


def remove_cards(zone: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``zone`` without ``cards`` (one copy each). Compares card indexes, never hashes cards."""
    if len(cards) == 1:  # the common case: stop at the card
        index = cards[0].index
        for i, c in enumerate(zone):
            if c.index == index:
                return zone[:i] + zone[i + 1:]
        raise ValueError(f"{cards[0]} is not in {format_cards(zone)}")
    keys = [c.index for c in zone]
    out = list(zone)
    for c in cards:
        i = keys.index(c.index)
        del out[i]
        del keys[i]
    return tuple(out)


def contains(zone: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Does ``zone`` hold every card of ``cards`` (counting copies)?"""
    keys = [c.index for c in zone]
    for c in cards:
        try:
            keys.remove(c.index)
        except ValueError:
            return False
    return True


class PalaceState(GameState):
    """One position of a Palace game. Build it with :func:`rules.palace.start`."""

    # attributes are declared for readers and type checkers; values live in __dict__
    rules: PalaceRules
    names: tuple[str, ...]
    size: int
    """Cards each player holds face down, face up and (while the stock lasts) in hand."""
    dealer: int
    seed: Any
    phase: Phase
    to_move: int
    direction: int
    hands: tuple[tuple[Card, ...], ...]
    face_up: tuple[tuple[Card, ...], ...]
    face_down: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Top card first."""
    pile: tuple[Card, ...]
    """Bottom card first: the cards played since the pile was last cleared or taken."""
    cleared: tuple[Card, ...]
    unused: tuple[Card, ...]
    again: str
    drawn: Card | None
    drawn_from: str
    flash: FlashInfo | None
    window: Window | None
    opening: Rank | None
    out: tuple[int, ...]
    winner: int | None
    loser: int | None
    peeked: tuple[bool, ...]
    declared: tuple[bool, ...]
    turn: int
    notes: tuple[Event, ...]
    # what the whole table knows of the hidden cards (the views and determinize read it; the
    # cards in a hand that everyone saw go there are marked in the hand: rules.palace.known)
    stock_shown: frozenset[int]
    """Stock places known to everyone, counted from the bottom (first cards sent under the
    stock, a top card shown by a check)."""
    down_shown: tuple[bool, ...]
    """Per seat, whether everyone knows its next face-down card (one that went back face down)."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a PalaceState is immutable; use apply()")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PalaceState) and all(
            self.__dict__[f] == other.__dict__[f] for f in FIELDS if f != "notes")

    __hash__ = None  # type: ignore[assignment]

    @staticmethod
    def _make(d: dict[str, Any]) -> "PalaceState":
        new = object.__new__(PalaceState)
        new.__dict__.update(d)
        return new

    @staticmethod
    def _adopt(d: dict[str, Any]) -> "PalaceState":
        """Like :meth:`_make`, but the new state takes ``d`` itself as its fields: for a draft
        nobody else holds (the transitions), which saves a copy on every move."""
        new = object.__new__(PalaceState)
        _set_fields(new, "__dict__", d)
        return new

    def under(self, rules: PalaceRules) -> "PalaceState":
        """The same position under another rule set (another reading of a table option)."""
        return PalaceState._make({**{f: self.__dict__[f] for f in FIELDS}, "rules": rules})

    # -- simple facts ---------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.__dict__["names"]

    @property
    def players(self) -> int:
        return len(self.__dict__["names"])

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def mover(self) -> int:
        return self.to_move

    @property
    def top(self) -> Rank | None:
        """The rank the next play must answer (transparent cards looked through)."""
        return legality.rank_of(legality.effective_top(self.rules, self.pile))

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.out)

    def source(self, seat: int | None = None) -> str:
        """Where ``seat`` plays from now: ``hand``, ``face-up``, ``face-down`` or ``none``."""
        seat = self.to_move if seat is None else seat
        if self.hands[seat] or self.stock:
            return "hand"
        if self.face_up[seat]:
            return "face-up"
        if self.face_down[seat]:
            return "face-down"
        return "none"

    def source_cards(self, seat: int | None = None) -> tuple[Card, ...]:
        seat = self.to_move if seat is None else seat
        src = self.source(seat)
        return self.hands[seat] if src == "hand" else self.face_up[seat] if src == "face-up" else ()

    def owes_call(self, seat: int) -> bool:
        return (self.rules.last_card_call and len(self.face_down[seat]) == 1 and not self.declared[seat]
                and seat not in self.out)

    def all_cards(self) -> Counter:
        """Every card in the game, wherever it is (for the conservation invariant)."""
        total: Counter = Counter()
        for zone in (*self.hands, *self.face_up, *self.face_down, self.stock, self.pile, self.cleared,
                     self.unused):
            total.update(zone)
        if self.drawn is not None:
            total[self.drawn] += 1
        return total

    def card_indexes(self) -> list[int]:
        """Every card in the game as its index, sorted: a cheap form of :meth:`all_cards`."""
        out = [c.index for zone in (*self.hands, *self.face_up, *self.face_down, self.stock, self.pile,
                                    self.cleared, self.unused) for c in zone]
        if self.drawn is not None:
            out.append(self.drawn.index)
        out.sort()
        return out

    def parse_action(self, text: str) -> A.Action:
        return A.parse_action(text, self.names)

    # -- the one decision -----------------------------------------------------
    def check(self, action: A.Action) -> Verdict:
        return explain.explain(self, *decide.decide(self, action))

    def try_play(self, action: A.Action) -> Tried:
        """Check and apply in one call (one decision, the words built once)."""
        code, detail = decide.decide(self, action)
        verdict = explain.explain(self, code, detail)
        if not code.legal:
            return Tried(verdict)
        state, events = turns.advance(self, action)
        return Tried(verdict, state, events)

    def play(self, action: A.Action) -> tuple["PalaceState", tuple[Event, ...]]:
        code, detail = decide.decide(self, action)
        if not code.legal:
            raise self.refusal(action, explain.explain(self, code, detail))
        return turns.advance(self, action)

    def apply(self, action: A.Action) -> "PalaceState":
        """The state after ``action`` (no narration is built); raises IllegalActionError."""
        asked = _ASKED
        if asked[0] is self:  # an action handed out by legal_actions() is known to be legal
            for known in asked[1]:
                if known is action:
                    return turns.advance(self, action, narrate=False)[0]
        if not decide.decide(self, action)[0].legal:
            return self.play(action)[0]  # raises with the full explanation
        return turns.advance(self, action, narrate=False)[0]

    def is_legal(self, action: A.Action) -> bool:
        return decide.decide(self, action)[0].legal

    def _advance(self, action: A.Action) -> tuple["PalaceState", tuple[Event, ...]]:
        """The transition, for an action the decision accepted (``play`` checks first)."""
        return turns.advance(self, action)

    # -- what to ask about ----------------------------------------------------
    def play_groups(self, cards: Iterable[Card]) -> list[tuple[Card, ...]]:
        """One canonical group per rank and size (the first 1..k cards by suit of a rank held k
        times): suits never matter in Palace, so other choices of that many are the same play."""
        return moves.groups(self.rules, cards)

    def candidate_actions(self) -> tuple[A.Action, ...]:
        """Every action worth asking about here, legal or not."""
        return moves.candidates(self)

    def legal_actions(self) -> tuple[A.Action, ...]:
        """Every legal action (remembered for the state asked last). Exactly the candidates
        ``check`` accepts; the random-play tests compare the two."""
        global _ASKED
        asked = _ASKED
        if asked[0] is self:
            return asked[1]
        found = moves.legal(self)
        _ASKED = (self, found)
        return found

    def card_verdicts(self) -> dict[Card, Verdict]:
        """For the player to move: each card they could play now, alone, with its verdict.

        This is what the app uses to highlight or dim cards. Flash cards are judged as a flash at
        the next player; a face-down card is judged as ``flip``.
        """
        return moves.card_verdicts(self)

    def play_zones(self) -> tuple[tuple[str, tuple[Card, ...], bool], ...]:
        """Where the player to move may play from now, for the tables: (zone, cards, usable)
        with zones ``drawn`` (a card turned up), ``hand``, ``up`` (face-up) and ``down``
        (face-down); a zone listed as not usable is locked (face-up cards wait while the hand
        or the stock lasts). Empty in setup and once the game is over."""
        ph = self.phase
        seat = self.to_move
        if ph is REVEAL:
            return (("drawn", (self.drawn,), True),) if self.drawn is not None else ()
        if ph is AFTER:
            return (("hand", self.hands[seat], True),)
        if ph is not PLAY and ph is not FLASH:
            return ()
        src = self.source(seat)
        if src == "hand":
            return (("hand", self.hands[seat], True),) + ((("up", self.face_up[seat], False),) if ph is PLAY else ())
        if src == "face-up":
            return (("up", self.face_up[seat], True),)
        if src == "face-down" and ph is PLAY:
            return (("down", self.face_down[seat], True),)
        return ()

    def game_outcome(self) -> GameOutcome | None:
        """How the game ended (rules.core's contract): the first player out wins, or under the
        BGA rules everyone goes out but the last player, who loses. One game, one deal."""
        if not self.is_over:
            return None
        ref = self.rules.ref("ending")
        if self.winner is not None:
            others = tuple(s for s in range(self.players) if s != self.winner)
            return GameOutcome(f"{self.names[self.winner]} has no cards left first and wins", ref,
                               (self.winner,), ((self.winner,), others) if others else ((self.winner,),))
        last = () if self.loser is None else ((self.loser,),)
        how = (f"{self.names[self.loser]} is the last player holding cards and loses" if self.loser is not None
               else "every player went out")
        return GameOutcome(how, ref, self.out, tuple((s,) for s in self.out) + last)

    # -- words and hidden information ------------------------------------------
    def describe(self, action: A.Action, viewer: int | None = None) -> str:
        """``action`` in plain words ("play the three sevens", "pick up the pile")."""
        return words.describe(self, action)

    def view(self, seat: int | None = None) -> "view_module.PalaceView":
        """What ``seat`` may see, with its legal actions when it is its move and a way to
        sample full positions consistent with it; ``None`` shows everything (teaching)."""
        return view_module.make_view(self, seat)

    def __repr__(self) -> str:
        return f"<PalaceState {self.rules.name} {self.phase.value} to_move={self.to_move} turn={self.turn}>"

    def __str__(self) -> str:
        lines = [f"{self.rules.name}: {self.phase.value}, {self.names[self.to_move]} to move"
                 + (f" (again: {self.again})" if self.again else "")]
        lines.append(f"pile: {format_cards(self.pile) or '-'}   stock: {len(self.stock)}   "
                     f"cleared: {len(self.cleared)}")
        for s, name in enumerate(self.names):
            mark = "*" if s == self.to_move else " "
            gone = " (out)" if s in self.out else ""
            lines.append(f"{mark}{name}{gone}: hand {format_cards(self.hands[s]) or '-'} | up "
                         f"{format_cards(self.face_up[s]) or '-'} | down {len(self.face_down[s])}")
        return "\n".join(lines)


FIELDS: tuple[str, ...] = tuple(PalaceState.__annotations__)
"""A state's fields in the order they are declared: read from the class, so there is one list."""

# The state legal_actions() was last asked about, and its answer: play asks a state for its
# actions and then applies one of them, so apply() knows that action is legal without deciding
# again. One entry, here rather than in the state (a value holds no cache); replaced whole, so a
# reader never sees one state with another's actions.
_ASKED: tuple[PalaceState | None, tuple[A.Action, ...]] = (None, ())

# The decision, the transitions and the view import this module's types.
from . import decide, explain, moves, turns, words  # noqa: E402
from . import view as view_module  # noqa: E402
