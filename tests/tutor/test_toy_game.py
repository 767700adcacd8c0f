"""Prove that a game is one registration (issue 31): the test game (tests/support/racegame),
registered by the tests' conftest with no edit outside its own files, shows in Learn, is played
against a computer player in Play, is settled in Settle a hand and gives a drill for Practice,
through the same page and models as the shipped games (under CPython)."""

from __future__ import annotations

import pytest

pn = pytest.importorskip("panel")

from rules.games import game_ids  # noqa: E402
from tutor.model.app import TutorApp  # noqa: E402
from tutor.model.catalog import Catalog  # noqa: E402
from tutor.model.versus import PERSON  # noqa: E402
from tutor.views.app import TutorView  # noqa: E402
from tutor.views.checker import verdict_html  # noqa: E402


@pytest.fixture
def page():
    return TutorView(app=TutorApp(Catalog.load()))


def test_the_race_is_listed_with_its_guide_and_its_lesson_opens_in_learn(page):
    app = page.app
    assert "race" in game_ids() and "race" in app.catalog.game_ids()
    assert 'data-game="race"' in page.shell.frame and "Race to a target" in page.shell.frame
    assert ">Learn Race to a target<" in page.shell.frame  # no course: its lessons
    assert app.open_lesson("race-first-steps") and app.job == "learn"
    app.study.forward()
    assert app.study.state.total == 3
    table = page.table.renderer()
    assert type(table).__name__ == "DefaultRenderer"  # the table the race declares
    assert "total" in table._table.object and "+2" in [item["label"] for item in table._actions.items]


def test_the_race_is_played_against_a_computer_player_to_its_end(page):
    app, mode = page.app, page.versus
    assert app.new_deal(game="race", names=["Ann", "Ben"], seed=3) and app.job == "play"
    mode.start([PERSON, "standard"])
    study = app.study
    for _ in range(40):
        if mode.turn.kind == "over":
            break
        if mode.turn.kind == "computer":
            mode.computer_move()
            assert mode.recent[-1].startswith("Ben: ")
        else:
            mode.hint()
            assert mode.hint_text
            mode.follow_hint()
    outcome = study.state.game_outcome()
    assert study.state.is_over and outcome is not None and outcome.winners
    assert study.state.total == 10
    assert not app.can_deal_next() and not app.next_deal() and "no next deal" in app.notice.text.lower()


def test_the_race_is_settled_in_settle_a_hand(page):
    page.checker.open()
    checker = page.checker.checker
    assert checker.titles()["race"] == "Race"
    checker.mode = "race"
    form = checker.form
    form.set_text("total", "8")
    form.set_text("add", "3")
    form.commit("add")
    assert form.headline() == "Not allowed: the total would pass 10."
    assert "would pass 10" in verdict_html(form)
    form.set_text("add", "2")
    form.commit("add")
    assert form.verdict.legal and form.headline().startswith("Allowed")


def test_the_race_gives_a_drill_whose_answer_is_the_engines():
    """The race's drill goes through practice as every game's does: its clause is listed with
    the others', and the drill made from it is answered by the engine."""
    from practice import catalog

    assert "race-step-size" in {c.id for c in catalog.clauses()}
    assert catalog.game_of("race-step-size") == "race"
    for seed in range(6):
        drill = catalog.make_drill("race-step-size", seed=seed)
        total = drill.position.setup["total"]
        assert f"The total is {total}." in drill.question
        answer = drill.answer()
        # counted here: from a total t, the amounts 1-3 that do not pass the target 10
        allowed = {f"+{n}" for n in (1, 2, 3) if total + n <= 10}
        assert {c.text for c in drill.choices if c.key in answer.right} == allowed
        assert {c.text for c in drill.choices} == {"+1", "+2", "+3"}
        assert catalog.make_drill("race-step-size", seed=seed) == drill  # same seed, same drill


def test_the_race_is_practised_in_the_app_and_its_answer_graded(page):
    """Practice in the app takes the race's drill as any game's: opened on the race's table,
    answered, graded by the engine, and the mastery records it."""
    from tutor.views.practice import practice_html

    app = page.app
    app.table_rules.rebase("race", "ten")
    assert app.practice_game("race") and app.job == "practice"
    model = app.practice
    drill = model.drill
    assert drill is not None and drill.clause == "race-step-size"
    total = drill.position.setup["total"]
    right = [c.key for c in drill.choices if total + int(c.text) <= 10]  # counted here, not asked
    for key in right:
        model.pick(key)
    model.check()
    assert model.graded is not None and model.graded.correct
    assert "race-step-size" in model.mastery.to_json()
    html = practice_html(app)
    assert f"The total is {total}." in html
