"""Palace side by side (issue 13, point 6): one position under several rule sets.

Expected plays come from the sources through the lessons' own quiz answers
(lessons/data/palace/pl-one-position-*.toml list every legal play of the
position "a 9 on the pile; Ann holds 2♣ 3♦ 7♠ 10♠ J♦" under each rule set, each
checked by the loader against its source's rules), not from this code.
"""

import pytest

from rules.palace import PRESETS, start
from tutor.model.catalog import Catalog
from tutor.model.checkers.palace import PlayForm
from tutor.model.compare import play_comparison, position_comparison, rule_set_title
from tutor.model.study import Study
from tutor.model.words import action_words

POSITION = {"seats": ["Ann", "Ben"], "hands": ["2c 3d 7s Ts Jd", "Kc Qd 5h"], "face_down": ["4s", "4h"],
            "pile": "4c 9h", "to_move": 0}


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def quiz_answers(catalog, lesson_id):
    """The lesson's accepted answers, as the comparison says them (the engine's words)."""
    lesson = catalog.lesson(lesson_id)
    state = start(lesson.variant, POSITION)
    return {action_words(state, state.parse_action(a))
            for step in lesson.steps if step.quiz is not None for a in step.quiz.accepted}


def said(variant, text):
    """How the comparison words the move written ``text`` (the engine's describe)."""
    state = start(variant, POSITION)
    return action_words(state, state.parse_action(text))


def test_each_rule_set_lists_the_plays_its_own_lesson_accepts(catalog):
    cmp = position_comparison(start("house", POSITION))
    plays = {r.key: set(r.plays) for r in cmp.rule_sets}
    for key in ("house", "caron", "bga"):
        assert plays[key] == quiz_answers(catalog, f"pl-one-position-{key}"), key


def test_the_plays_they_disagree_on_come_with_each_rule_sets_reason(catalog):
    cmp = position_comparison(start("caron", POSITION))
    by_what = {d.what: d for d in cmp.differences}
    allowed = {what: set(d.allowed_by()) for what, d in by_what.items()}
    # palace-bga.txt § Special cards: 9 asks for a nine or lower; house/caron: match or beat,
    # 10 and 2 wild; only Caron flashes a 3 (palace-of-caron.txt § Card Values (3)) and only
    # Caron refuses a pickup while a card can be played
    assert allowed == {said("house", "play Jd"): {"house", "caron"}, said("house", "play Ts"): {"house", "caron"},
                       said("bga", "play 3d"): {"bga"}, said("bga", "play 7s"): {"bga"},
                       said("house", "pickup"): {"house", "bga"}, said("caron", "flash 3d @1"): {"caron"}}
    assert said("house", "play 2c") not in by_what          # wild everywhere: no disagreement
    refusal = next(v for v in by_what[said("house", "play Jd")].verdicts if v.rule_set == "bga")
    assert not refusal.legal and "nine" in refusal.reason and refusal.ref.source == "palace-bga.txt"
    assert cmp.headline == ("House rules, Caron's rules and Online (BGA) rules disagree on 6 plays (each one "
                            "below, with the reasons).")


def test_a_rule_set_that_cannot_hold_the_position_says_why():
    five = {"players": 5, "hands": ["2c", "3c", "4c", "5c", "6c"], "pile": "8h", "to_move": 0}
    cmp = position_comparison(start("house", five))
    bga = next(r for r in cmp.rule_sets if r.key == "bga")
    assert not bga.possible and "5" in bga.error          # palace-bga.txt: 2 to 4 players
    assert all(r.possible for r in cmp.rule_sets if r.key != "bga")
    assert "under Online (BGA) rules this position cannot arise" in cmp.headline
    jokers = dict(POSITION, hands=["Jk 5d", "Kc Qd 5h"])
    cmp = position_comparison(start("house", jokers))     # the house deck keeps its Jokers, the others have none
    assert {r.key for r in cmp.rule_sets if not r.possible} == {"caron", "bga"}


def test_any_list_of_rule_configs_can_be_compared():
    house = PRESETS["house"]
    cmp = position_comparison(start("house", POSITION), [house, house.with_alternates(["jokers-reverse"])])
    assert [r.title for r in cmp.rule_sets] == ["House rules", "House rules with jokers-reverse"]
    assert cmp.differences == () and cmp.headline.endswith("allow the same plays here.")


def test_a_study_position_is_compared_as_it_stands_under_its_own_rules(catalog):
    lesson = catalog.lesson("pl-bga-example")
    study = Study.from_lesson(lesson, catalog.family("palace"))
    study.jump(0)
    own = next(r for r in position_comparison(study.state).rule_sets if r.key == "bga")
    assert set(own.plays) == {action_words(study.state, a) for a in study.state.legal_actions()}


def test_the_deal_is_not_compared():
    with pytest.raises(ValueError, match="only a position in play"):
        position_comparison(start("house", {"players": 3, "seed": 2}))


def test_the_checkers_play_question_in_the_same_words():
    form = PlayForm()
    form.example()   # 2♣ 9♦ 7♠ 10♥ on 5♥ 9♣
    cmp = play_comparison(form.verdict)
    assert [d.what for d in cmp.differences] == ["the 7♠", "the 10♥", "taking the pile"]
    # taking the pile while a card could be played: house ("Tips for Developing Strategy") and BGA
    # ("Playing cards: pickup") allow it; Caron ("Playing the game 3", ruling caron-no-voluntary-pickup) not
    assert {d.what: set(d.allowed_by()) for d in cmp.differences} == {"the 7♠": {"bga"},
                                                                      "the 10♥": {"house", "caron"},
                                                                      "taking the pile": {"house", "bga"}}
    assert form.headline() == cmp.headline


def test_titles():
    assert rule_set_title("caron") == "Caron's rules" and rule_set_title("mine") == "Mine rules"


def test_the_pane_follows_the_cursor_of_a_palace_study_once_opened(catalog):
    pytest.importorskip("panel")
    from tutor.model.app import TutorApp
    from tutor.views.compare import ComparePane

    app = TutorApp(catalog)
    app.open_lesson("pl-one-position-house")
    pane = ComparePane(app=app)
    assert pane._card.visible and pane._html.object == ""       # nothing computed while closed
    pane._card.collapsed = False
    assert "Answer the question first" in pane._html.object     # the lesson asks what Ann may play here
    app.study.quiz.show_answer()
    html = pane._html.object
    assert 'rule-set rule-set-bga' in html and "Where they differ, and why" in html
    app.study.to_end()
    assert pane._html.object != html                            # the position after the lesson's play
    app.game = "kings-pot"
    assert not pane._card.visible                               # only for Palace
