"""After a game in Play: what the game was and its moves, to step back through and branch from.

When a dealt game (or a deal of a game that goes on) is over, :class:`GameReview` keeps the
line it was played along (the start to the finished position, ``end``) and says:

* who won and how, with the rule, from the engine's own outcome (``state.game_outcome()``:
  nothing about winning is worked out here), and by how much where the game counts it
  (each seat's chips won or lost; otherwise the places);
* every move of that line as people say it (the engine's ``describe``, as the seat the table
  shows may read it: the review tells no more than the table did), the person's own
  decisions marked;
* where the cursor is along that line, and the person's own decisions to step between;
* whether a move other than the one played can be tried at the cursor (a person's decision,
  before the end): the study's tree keeps the game as played and the new line beside it;
* when the person asks for it (:meth:`GameReview.learn`: lazily, it takes a moment), the three
  costliest of the person's decisions: the strong player judges each from that seat's view
  alone (``players.coach.judge``: the chance to win, or the chips expected, of each play it
  compares), with the better play and why, each a position to try again.

No Panel here: :class:`tutor.model.versus.PlayMode` tells it where the table is
(:meth:`GameReview.follow`); the strip renders it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import param
from param.parameterized import batch_call_watchers

from players.coach import Judgement, costliest, hint
from rules.refs import RuleRef

from .params import TupleOf
from .study import Study, sentence


@dataclass(frozen=True)
class ReviewMove:
    """One move of the game as played: its position in the study, who made it ("" for a step
    of the table's own, like the deal), what it was as the seat shown may read it ("play the
    10♠"), and whether it was a person's decision."""

    node: int
    who: str
    what: str
    yours: bool

    @property
    def words(self) -> str:
        """The move in one sentence: "Ben: play the 10♠." """
        return sentence(f"{self.who}: {self.what}" if self.who else self.what)


@dataclass(frozen=True)
class GameSummary:
    """What the game was: ``headline`` ("Ann wins."), ``how`` (the engine's reason, a sentence),
    the ``rule`` it rests on, ``standing`` (per seat, by how much: "Ann +12 chips", or the
    places), ``over`` (in a game of several deals, why no deal follows; "" otherwise) and
    ``left`` (in Palace, by how much: what the others still held when the first went out)."""

    headline: str
    how: str
    rule: RuleRef
    standing: tuple[str, ...] = ()
    over: str = ""
    left: str = ""
    """Palace: what the others still held when the first player went out ("" elsewhere)."""


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _place(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def summary_of(state: Any) -> GameSummary | None:
    """The summary of a finished position (None while it goes on), read off the engine's
    ``game_outcome()``."""
    outcome = state.game_outcome()
    if outcome is None:
        return None
    names = list(state.names)
    won = [names[s] for s in outcome.winners]
    deal = " this deal" if outcome.goes_on else ""
    if not won:
        headline = "Nobody wins" + deal + "."
    elif len(won) == 1:
        headline = f"{won[0]} wins{deal}."
    else:
        headline = f"{_names(won)} share the win{deal}."
    if outcome.chips:
        standing = tuple(f"{names[s]} {_chips(c)}" for s, c in enumerate(outcome.chips))
    elif len(outcome.placings) > 1:
        standing = tuple(f"{_place(i + 1)}: {_names([names[s] for s in group])}"
                         for i, group in enumerate(outcome.placings))
    else:
        standing = ()
    over = sentence(outcome.over) if outcome.over else ""
    return GameSummary(headline, sentence(outcome.how), outcome.ref, standing, over)


def _held(state: Any, seat: int) -> tuple[int, int, int]:
    return len(state.hands[seat]), len(state.face_up[seat]), len(state.face_down[seat])


def held_when_out(study: Study, end: int) -> str:
    """Palace (a game of cards in hand, face up and face down): what each other player still held
    when the first player went out, in words; "" for a game without those cards or places."""
    tree = study.tree
    outcome = tree[end].state.game_outcome()
    if outcome is None or outcome.chips or not outcome.placings or not hasattr(tree[end].state, "face_down"):
        return ""
    first = outcome.placings[0][0]
    had = False
    for node_id in tree.path(end):
        state = tree[node_id].state
        holds = sum(_held(state, first))
        if holds:
            had = True
        elif had:
            break
    else:
        return ""
    names = state.names
    said = []
    for seat in range(len(names)):
        hand, up, down = _held(state, seat)
        if seat != first and hand + up + down:
            said.append(f"{names[seat]} {hand} in hand, {up} face up, {down} face down")
    return sentence(f"When {names[first]} went out: " + "; ".join(said)) if said else ""


def _chips(chips: int) -> str:
    if chips == 0:
        return "even"
    unit = "chip" if abs(chips) == 1 else "chips"
    return f"+{chips} {unit}" if chips > 0 else f"\u2212{-chips} {unit}"


def game_moves(study: Study, end: int, seats: tuple[int, ...]) -> tuple[ReviewMove, ...]:
    """The moves from the start to ``end`` in words, as the seat the table shows may read
    them; ``seats``: the persons' seats (their decisions are marked)."""
    viewer = study.viewer
    tree = study.tree
    said = []
    for node_id in tree.path(end)[1:]:
        node = tree[node_id]
        before, action, actor = node.before, node.action, node.actor
        what = before.describe(action, viewer) if before is not None and action is not None else node.label(viewer)
        who = before.names[actor] if before is not None and actor is not None else ""
        said.append(ReviewMove(node_id, who, what, actor is not None and actor in seats))
    return tuple(said)


MISTAKES = 3
"""How many of the person's costliest decisions the review shows."""

@dataclass(frozen=True)
class Mistake:
    """One of the person's costliest decisions: ``index`` the move in :attr:`GameReview.moves`
    (the decision is the position before it), what was played and the better play in words, what
    it cost (``cost`` in the judgement's unit: ``chance`` or ``chips``; ``best_worth`` the better
    play's worth) and why the better play (the coach's reason, when it is the coach's own move)."""

    index: int
    who: str
    played: str
    better: str
    cost: float
    unit: str
    worth: str
    why: str = ""
    best_worth: float = 0.0

    @property
    def brief(self) -> str:
        """The mistake in one sentence, for the position it was made in (on a phone the table
        must keep its room): "Ann chose to take the pile. Better: play the 4♣ (about 70% to win,
        against 44%)." """
        cost = (f"about {self.best_worth:.0%} to win, against {self.best_worth - self.cost:.0%}"
                if self.unit == "chance" else f"about {self.cost:.1f} chips more")
        return f"{self.who} chose to {self.played}. Better: {self.better} ({cost})."

    @property
    def words(self) -> str:
        """The mistake in plain sentences, the better play first."""
        out = f"{self.who} chose to {self.played}. Better: {self.better}. {self.worth}"
        return out + (f" {self.why}" if self.why else "")


def _worth_words(j: Judgement) -> str:
    if j.unit == "chance":
        return sentence(f"Your chance to win was about {j.of(j.best):.0%} with it, and {j.of(j.played):.0%} "
                        f"as you played (judged over deals of the cards you could not see)")
    return sentence(f"It was worth about {j.cost:.1f} chips more from this deal, judged over deals of the "
                    f"cards you could not see")


def _mistake(study: Study, index: int, node_id: int, j: Judgement) -> Mistake:
    """The judgement ``j`` of the person's move ``index`` (study node ``node_id``) in words."""
    node = study.tree[node_id]
    before, seat = node.before, j.seat
    assert before is not None
    advice = hint(before.view(seat))  # the standard habit's reason, when the better play is its own
    why = advice.text if advice.action == j.best else ""
    return Mistake(index, before.names[seat], before.describe(j.played, seat), before.describe(j.best, seat),
                   j.cost, j.unit, _worth_words(j), why, j.of(j.best))


def mistakes_of(study: Study, moves: tuple[ReviewMove, ...], keep: int = MISTAKES) -> tuple[Mistake, ...]:
    """The person's ``keep`` costliest decisions along ``moves`` (``players.coach.costliest``: the
    strong player judges each from the deciding seat's view), in words, in the order made."""
    mine = []
    for i, move in enumerate(moves):
        node = study.tree[move.node]
        if move.yours and node.before is not None and node.action is not None and node.actor is not None:
            mine.append((i, node.before.view(node.actor), node.action))
    found = costliest([(view, action) for _, view, action in mine], keep)
    return tuple(_mistake(study, mine[k][0], moves[mine[k][0]].node, j) for k, j in found)


class GameReview(param.Parameterized):
    """The review of the game in Play once it is over (see the module docstring)."""

    study: Study | None = param.ClassSelector(class_=Study, default=None, allow_None=True,
                                              doc="The table in Play whose game is reviewed.")
    end: int | None = param.Integer(default=None, allow_None=True,
                                    doc="The finished position the game as played reached (None: not over yet).")
    summary: GameSummary | None = param.ClassSelector(class_=GameSummary, default=None, allow_None=True,
                                                      doc="Who won, how, with the rule, by how much.")
    moves: tuple[ReviewMove, ...] = TupleOf(ReviewMove, doc="The game as played, move by move, in words.")
    at: int | None = param.Integer(default=None, allow_None=True,
                                   doc="The cursor's move in ``moves`` (-1: the start; None: off the game's line).")
    seats: tuple[int, ...] = TupleOf(int, doc="The persons' seats (their decisions are theirs to review).")
    judged: bool = param.Boolean(default=False, doc="The person's decisions have been judged (:meth:`learn`).")
    mistakes: tuple[Mistake, ...] = TupleOf(Mistake, doc="The costliest of the person's decisions, once judged.")
    unjudged: str = param.String(default="", doc="Why the decisions could not be judged ('' when they were).")

    def follow(self, study: Study | None, seats: tuple[int, ...] | None = None) -> None:
        """The table in Play is ``study`` at its cursor, a game whose persons play ``seats``
        (None: a study, not a game; no review). The first finished position a game reaches
        is its end."""
        changed: dict[str, Any] = {}
        if study is not self.study or seats is None:
            changed.update(study=study, end=None, summary=None, moves=(), at=None, judged=False, mistakes=(),
                           unjudged="")
        end = changed.get("end", self.end)
        if study is not None and seats is not None and end is None and study.state.is_over:
            end = study.current
            summary = summary_of(study.state)
            if summary is not None:
                summary = replace(summary, left=held_when_out(study, end))
            changed.update(end=end, summary=summary, moves=game_moves(study, end, seats))
        changed["seats"] = tuple(seats or ())
        moves = changed.get("moves", self.moves)
        changed["at"] = self._index(study, moves) if end is not None else None
        changed = {k: v for k, v in changed.items() if getattr(self, k) is not v and getattr(self, k) != v}
        with batch_call_watchers(self):
            self.param.update(changed)

    @staticmethod
    def _index(study: Study | None, moves: tuple[ReviewMove, ...]) -> int | None:
        if study is None:
            return None
        if study.node.is_root:
            return -1
        return next((i for i, m in enumerate(moves) if m.node == study.current), None)

    @property
    def open(self) -> bool:
        """A finished game is being reviewed and the cursor is on its line."""
        return self.end is not None and self.at is not None

    # -- learning from it ----------------------------------------------------------------------------
    def learn(self) -> None:
        """Judge the person's decisions (once: it takes the strong player a moment per decision)
        and keep the costliest (:attr:`mistakes`)."""
        if self.study is None or self.end is None or self.judged:
            return
        try:
            found = mistakes_of(self.study, self.moves)
        except Exception as err:  # a failure in the judge must not leave the page waiting for it
            with batch_call_watchers(self):
                self.param.update(mistakes=(), judged=True, unjudged=f"{type(err).__name__}: {err}")
            return
        with batch_call_watchers(self):
            self.param.update(mistakes=found, judged=True, unjudged="")

    def try_again(self, which: int) -> None:
        """To the position of mistake ``which``, before it was made: another move can be tried there."""
        if 0 <= which < len(self.mistakes):
            self.goto(self.mistakes[which].index - 1)

    # -- stepping ---------------------------------------------------------------------------------
    def goto(self, index: int) -> None:
        """To the position after move ``index`` (-1: the start) of the game as played."""
        study = self.study
        if study is None or self.end is None or not -1 <= index < len(self.moves):
            return
        study.goto(study.tree.root.id if index < 0 else self.moves[index].node)

    def to_end(self) -> None:
        self.goto(len(self.moves) - 1)

    def yours(self, direction: int) -> int | None:
        """The index of the person's previous (``direction`` -1) or next (+1) decision from the
        cursor, to go to the position it was decided in; None when there is none."""
        here = self.at + 1 if self.at is not None else len(self.moves)  # the move played next from here
        mine = [i for i, m in enumerate(self.moves) if m.yours]
        if direction < 0:
            earlier = [i for i in mine if i < here]
            return earlier[-1] if earlier else None
        later = [i for i in mine if i > here]
        return later[0] if later else None

    def step_yours(self, direction: int) -> None:
        """To the position of the person's previous or next decision (before it was made)."""
        index = self.yours(direction)
        if index is not None:
            self.goto(index - 1)

    def decided_here(self) -> ReviewMove | None:
        """The move played next along the game from the cursor, when it was a person's: what
        they chose here (and may try otherwise)."""
        at = self.at
        if at is None or at + 1 >= len(self.moves):
            return None
        nxt = self.moves[at + 1]
        return nxt if nxt.yours else None

    def can_branch(self) -> bool:
        """Another move can be tried at the cursor: a person's decision on the game's line, before
        the end (the engine decides what is legal; the tree keeps both lines)."""
        study = self.study
        return (self.decided_here() is not None and study is not None and not study.state.is_over
                and not study.quiz_open)


__all__ = ["GameReview", "GameSummary", "Mistake", "ReviewMove", "game_moves", "held_when_out", "mistakes_of",
           "summary_of"]
