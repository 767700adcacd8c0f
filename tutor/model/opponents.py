"""Play against the computer (issue 15), model side: who plays each seat of a study
(a person, or the computer at a level), the computer's moves played into the
study one at a time, the coach's hint for a person to act, and the "pass the
phone" moment of pass-and-play. No Panel here; a view only shows it.

The computer's moves go into the study's tree like any other move, so the whole
game is a study at the end: any decision can be branched and the share link
carries it. A computer seat decides from its own view of the position
(``state.view(seat)``, see ``players``), seeded by the game's seed, the seat and
how deep the position lies in the tree: the same position always gets the same
move ("show me again" replays it exactly), on any branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import param

PERSON = "person"


@dataclass(frozen=True)
class Played:
    """A computer move just played: by whom, and in words as the people at the table see
    it (the computer's private reason is not shown: it would tell its cards)."""

    seat: int
    name: str
    words: str


def _levels() -> tuple[str, ...]:
    from players import LEVELS

    return LEVELS


class Opponents(param.Parameterized):
    """Who plays each seat in Play: ``PERSON`` or a computer level (``players.LEVELS``)."""

    levels: list[str] = param.List(default=[], item_type=str, doc="Per seat: 'person' or a computer level.")
    seed: int | str = param.ClassSelector(class_=(int, str), default=0,
                                         doc="Seeds every computer decision of the game.")
    last_person: int | None = param.Integer(default=None, allow_None=True,
                                doc="Seat of the person who acted last (pass-and-play: the phone changes hands).")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._check_levels()
        self.param.watch(lambda *_e: self._check_levels(), ["levels"])

    @classmethod
    def seated(cls, players: int, person: int = 0, level: str = "standard", seed: int | str = 0) -> "Opponents":
        """One person at ``person``, the computer at ``level`` everywhere else."""
        return cls(levels=[PERSON if s == person else level for s in range(players)], seed=seed)

    def _check_levels(self) -> None:
        known = (PERSON, *_levels())
        for seat, level in enumerate(self.levels):
            if level not in known:
                raise ValueError(f"seat {seat}: unknown player {level!r}; known: {', '.join(known)}")

    # -- whose move ------------------------------------------------------------------
    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.levels) and self.levels[seat] != PERSON

    def persons(self) -> tuple[int, ...]:
        return tuple(s for s, level in enumerate(self.levels) if level == PERSON)

    def computer_to_move(self, study: Any) -> bool:
        """The next move is the computer's (or the table's: a deal nobody decides)."""
        state = study.state
        if state.is_over:
            return False
        seat = state.mover
        return self.is_computer(seat) or (seat is None and len(state.legal_actions()) == 1)

    # -- the computer's move ---------------------------------------------------------------
    def decide(self, study: Any) -> Any:
        """The computer's action at the study's cursor, from its seat's view alone."""
        from players import player_for

        state = study.state
        seat = state.mover
        if seat is None:
            return state.legal_actions()[0]
        if not self.is_computer(seat):
            raise ValueError(f"seat {seat} is played by a person, not the computer")
        view = state.view(seat)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seed = f"{self.seed}/{seat}/{study.tree.depth(study.current)}"
        return player_for(study.game, self.levels[seat], seed=seed).act(view)

    def play_one(self, study: Any) -> Played | None:
        """Play the computer's next move into the study (None: it is not the computer's turn)."""
        if not self.computer_to_move(study):
            return None
        state = study.state
        action = self.decide(study)
        seat = state.mover
        persons = self.persons()
        words = state.describe(action, viewer=persons[0] if persons else None)
        name = state.names[seat] if seat is not None else ""
        verdict = study.play(action)
        if not verdict.legal:  # pragma: no cover - a player only returns legal actions
            raise RuntimeError(f"the computer chose a refused move: {action}")
        return Played(-1 if seat is None else seat, name, words[0].upper() + words[1:])

    def play_until_person(self, study: Any, limit: int = 2000) -> tuple[Played, ...]:
        """Every computer move up to the next person's decision or the end (no animation)."""
        played: list[Played] = []
        while len(played) < limit and (p := self.play_one(study)) is not None:
            played.append(p)
        return tuple(played)

    # -- the people ---------------------------------------------------------------------------
    def hint(self, study: Any, level: str = "standard") -> Any:
        """The coach's hint for the person to act (``players.coach.Hint``), or None."""
        from players.coach import hint

        state = study.state
        seat = state.mover
        if state.is_over or seat is None or self.is_computer(seat) or not state.view(seat).legal_actions():
            return None
        return hint(state.view(seat), level=level)

    def pass_to(self, study: Any) -> str | None:
        """Pass-and-play: the name of the person the phone goes to before their cards show,
        when the person to act is not the one who acted last (None: no hand-over)."""
        state = study.state
        seat = state.mover
        if state.is_over or seat is None or self.is_computer(seat) or len(self.persons()) < 2:
            return None
        if self.last_person is None or self.last_person == seat:
            return None
        return str(state.names[seat])

    def person_played(self, seat: int) -> None:
        self.last_person = seat
