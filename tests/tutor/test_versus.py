"""Play against the computer in the app, the page's model (tutor.model.versus) and its strip
(tutor.views.players) under CPython: the computer's moves one tap at a time, the person's cards
shown (the computer's hidden), the coach's hint followed, the pass-the-phone screen between
people, and the finished game left as a study. Costs about 5 s."""

from __future__ import annotations

import json

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.versus import PERSON


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def _table(catalog, names, seed=4):
    app = TutorApp(catalog)
    app.new_deal(game="palace", variant="house", names=names, seed=seed)
    return app, app.versus


def test_a_heads_up_game_against_the_computer_by_taps_and_hints(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    assert mode.turn.kind == "off" and app.study.seat is None     # free play until players are chosen
    mode.start([PERSON, "beginner"])
    study = app.study
    assert study.seat == 0                                        # Ann's cards, Ben's hidden
    hints = 0
    for _ in range(2000):
        kind = mode.turn.kind
        if kind == "over":
            break
        if kind == "computer":
            assert mode.turn.name == "Ben"
            before = study.current
            mode.computer_move()
            assert study.current != before and mode.last_move.startswith("Ben: ")
            assert mode.decision_ms is not None
        else:
            assert kind == "person" and mode.turn.name == "Ann" and study.seat == 0
            mode.hint()
            assert mode.hint_text and "@" not in mode.hint_text
            mode.follow_hint()
            assert mode.last_move == ""   # the computer's words go once Ann has moved
            hints += 1
        assert study.seat == 0
    assert study.state.is_over and hints > 5
    line = study.tree.line(study.current)
    assert len(line) == study.tree.depth(study.current) + 1        # one line, every move a node: a study


def test_pass_and_play_hides_the_cards_until_the_next_person_takes_the_phone(catalog):
    app, mode = _table(catalog, ["Ann", "Dave"])
    mode.start([PERSON, PERSON])
    study = app.study
    first = study.state.mover
    assert mode.turn.kind == "person" and study.seat == first
    for _ in range(200):          # play hints until the other person is to move
        mode.hint()
        mode.follow_hint()
        if study.state.mover != first:
            break
    other = study.state.mover
    assert mode.turn.kind == "pass" and mode.turn.name == study.state.names[other]
    assert study.seat == first    # still the one who just played: the screen covers them
    mode.hint()
    assert mode.hint_text == ""   # no hint to the wrong person before the hand-over
    mode.taken()
    assert mode.turn.kind == "person" and study.seat == other


def test_a_new_deal_keeps_who_plays_and_stop_goes_back_to_free_play(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    mode.start(["strong", PERSON])
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=9)
    assert mode.opponents.levels == ["strong", PERSON] and app.study.seat == 1
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben", "Cy"], seed=9)
    assert mode.opponents.levels == [PERSON, "standard", "standard"]
    mode.stop()
    assert mode.turn.kind == "off" and app.study.seat is None
    with pytest.raises(ValueError, match="'grandmaster'"):
        mode.start([PERSON, "grandmaster", "beginner"])


def test_the_strip_offers_what_the_model_says(catalog):
    from tutor.views.players import PlayersPane

    app, mode = _table(catalog, ["Ann", "Ben"])
    pane = PlayersPane(model=mode)
    assert 'data-turn="off"' in pane.strip.html and "Play the computer" in pane.strip.html
    pane._pressed("start", "", [PERSON, "standard"])
    html = pane.strip.html
    assert 'data-turn="' + mode.turn.kind + '"' in html and "Players" in html
    if mode.turn.kind == "person":
        pane._pressed("hint", "", [])
        assert "follow-hint" in pane.strip.html


def test_the_table_points_to_the_strip_when_the_computer_is_to_move(catalog):
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    view.app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=4)
    view.players._pressed("start", "", [PERSON, "beginner"])
    mode = view.versus
    for _ in range(50):
        if mode.turn.kind == "computer":
            break
        mode.hint()
        mode.follow_hint()
    assert mode.turn.kind == "computer"
    html = view.table.renderer().board.html
    assert "Tap “Ben&#x27;s move” above the table" in html and "Show all cards" not in html
    assert json.loads(view.shell.ui)["seats"] == [["-1", "Everyone's (teaching)"]]   # one choice: the switch hides
    view.players._pressed("stop", "", [])
    assert view.table.renderer().playing is False and mode.turn.kind == "off"


def test_a_computer_move_draws_the_strip_once(catalog):
    from tutor.views.players import PlayersPane

    app = TutorApp(catalog)
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=4)
    pane = PlayersPane(model=app.versus)
    pane._pressed("start", "", ["beginner", "beginner"])
    drawn = []
    pane.strip.param.watch(lambda e: drawn.append(e.new), ["html"])
    for _ in range(5):
        before = app.study.current
        pane._pressed("their-move", "", [])
        assert app.study.current != before and len(drawn) == 1      # one move, one drawing
        assert f'data-node="{app.study.current}"' in drawn[0] and "last-move" in drawn[0]
        drawn.clear()


def test_another_table_redraws_the_strip_once_with_its_own_seats(catalog):
    # a new deal of two players after one of four: the strip offers two seats (its turn and
    # position may be the same as before: the table itself changed)
    from tutor.views.players import PlayersPane

    app = TutorApp(catalog)
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben", "Cy", "Dee"], seed=4)
    pane = PlayersPane(model=app.versus)
    drawn = []
    pane.strip.param.watch(lambda e: drawn.append(e.new), ["html"])
    app.new_deal(game="palace", variant="house", names=["Ann", "Dave"], seed=7)
    assert len(drawn) == 1 and 'data-seat="1"' in drawn[0] and 'data-seat="2"' not in drawn[0]
