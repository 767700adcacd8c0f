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

The fields and the facts read off them are a :class:`rules.palace.model.Position`, which
every other module reads; ``PalaceState`` is the front over it, and the one module that
imports the decision, the moves, the transitions, the words and the view.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..core import GameOutcome, GameState, Tried
from ..refs import Event, Verdict
from . import actions as A
from . import decide, explain, moves, turns, words
from . import view as view_module
from .model import (AFTER, CHOOSE, FIELDS, FLASH, OVER, PLAY, REVEAL, SWAP, FlashInfo, Phase, Position, Window,
                       contains, remove_cards)

__all__ = ["AFTER", "CHOOSE", "FIELDS", "FLASH", "OVER", "PLAY", "REVEAL", "SWAP", "FlashInfo", "PalaceState", "Phase",
           "Window", "contains", "remove_cards"]


class PalaceState(Position, GameState[A.Action]):
    """One position of a Palace game (its fields and facts: :class:`.model.Position`), with
    the one check and the contract. Build it with :func:`rules.palace.start`."""

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
        return moves.card_verdicts(self, self.check)

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
        return view_module.make_view(self, seat, self.legal_actions() if seat is None or seat == self.to_move else ())


# The state legal_actions() was last asked about, and its answer: play asks a state for its
# actions and then applies one of them, so apply() knows that action is legal without deciding
# again. One entry, here rather than in the state (a value holds no cache); replaced whole, so a
# reader never sees one state with another's actions.
_ASKED: tuple[PalaceState | None, tuple[A.Action, ...]] = (None, ())
