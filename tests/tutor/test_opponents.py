"""Play against the computer, model side (issue 15): computer seats move into the study one
at a time from their own view, a person follows the coach's hints, the whole game stays a
study, and pass-and-play knows when the phone changes hands. Costs about 10 s."""

from __future__ import annotations

import pytest

from rules.games import get_family
from tutor.model.opponents import PERSON, Opponents
from tutor.model.study import Study

GAMES = [("palace", "bga", {"players": 2}), ("palace-poker", "limit", {"seats": ["Ann", "Bob", "Cy"]}),
         ("kings-pot", "standard", {"players": ["Ada", "Ben", "Cleo"]})]


def _study(game, variant, setup, seed=3):
    return Study.from_setup(get_family(game), variant, {**setup, "seed": seed})


@pytest.mark.parametrize("game, variant, setup", GAMES)
def test_a_whole_game_against_the_computer_following_the_hints(game, variant, setup):
    study = _study(game, variant, setup)
    n = len(study.state.names)
    seats = Opponents(levels=[PERSON] + ["beginner", "strong", "standard"][: n - 1], seed=1)
    moves = 0
    while not study.state.is_over and moves < 1500:
        if seats.computer_to_move(study):
            played = seats.play_one(study)
            assert played.words and "@" not in played.words
        else:
            h = seats.hint(study)
            assert h is not None and h.seat == 0 == study.state.mover and h.text
            assert study.play(h.action).legal
            seats.person_played(0)
        moves += 1
    assert study.state.is_over
    # every move, the computer's too, is a node of the study's one line (a study to branch and share)
    assert study.tree.depth(study.current) == moves
    assert seats.hint(study) is None and seats.play_one(study) is None


def test_the_same_position_gets_the_same_computer_move_on_any_visit():
    study = _study("palace", "house", {"players": 3})
    seats = Opponents(levels=["strong", "standard", "beginner"], seed="show-again")
    seats.play_until_person(study, limit=12)
    line = [study.tree[n].text for n in study.tree.line(study.current)]
    for _ in range(12):
        study.back()
    tree = study.tree
    seats.play_until_person(study, limit=12)
    assert [study.tree[n].text for n in study.tree.line(study.current)] == line
    assert study.tree is tree  # replayed onto the same nodes: no new branch


def test_pass_and_play_hands_the_phone_over_between_people():
    study = _study("palace", "bga", {"seats": ["Ann", "Dave"]})
    seats = Opponents(levels=[PERSON, PERSON])
    first = study.state.mover
    assert seats.pass_to(study) is None  # the first person already holds it
    study.play(seats.hint(study).action)
    seats.person_played(first)
    if study.state.mover != first:
        assert seats.pass_to(study) == study.state.names[study.state.mover]
    seated = Opponents.seated(2, person=1, level="strong")
    assert seated.levels == ["strong", PERSON] and seated.pass_to(study) is None


def test_an_unknown_level_is_refused_by_name():
    with pytest.raises(ValueError, match="'grandmaster'"):
        Opponents(levels=[PERSON, "grandmaster"])
