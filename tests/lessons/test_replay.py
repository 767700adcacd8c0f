"""Replaying a lesson through its engine: refused actions, failed checks and
quizzes that disagree with the engine are errors naming the step (issue 6
'Loader'); a good lesson yields the states, events and verdicts of each step."""

from __future__ import annotations

import pytest
from lessons_support import edit, load, refuse

from lessons import replay
from lessons.loader import initial_state


# -- the replay itself ------------------------------------------------------------

def test_replay_gives_states_events_and_verdicts(good_text, families):
    steps = replay(load(good_text, families))
    assert [s.number for s in steps] == [1, 2, 3]
    first, second, third = steps
    assert first.action is None and first.before is first.after and first.events == ()
    assert second.before is first.after and third.before is second.after
    assert str(second.action) == "play 5h"
    assert second.verdict.legal and "within 9" in second.verdict.reason
    assert second.before.total == 0 and second.after.total == 5
    assert [e.kind for e in third.events] == ["played", "won"]
    assert third.after.is_over
    assert third.quiz_answer == "Bob"
    assert [r.passed for r in second.checks] == [True, True]
    assert second.checks[0].actual == 5


def test_replay_is_kept_on_the_lesson(good_text, families):
    lesson = load(good_text, families)
    assert replay(lesson) is replay(lesson)
    assert initial_state(lesson).total == 0


def test_setup_refused_by_the_engine_is_a_lesson_error(good_text, families):
    err = refuse(edit(good_text, "target = 9", "target = -1"), families)
    assert "[setup] is refused" in str(err) and "-1" in str(err)
    err = refuse(edit(good_text, "target = 9", "target = 9\nseed = 4"), families)
    assert "'seed'" in str(err)


def test_an_action_that_does_not_parse_names_step_and_token(good_text, families):
    err = refuse(edit(good_text, 'action = "play 4h"', 'action = "throw 4h"'), families)
    assert err.step == 3 and "'throw 4h'" in str(err) and "does not parse" in str(err)


def test_an_illegal_action_names_step_and_the_engine_reason(good_text, families):
    err = refuse(edit(good_text, 'action = "play 4h"', 'action = "play 5s"'), families)
    assert err.step == 3 and "not allowed" in str(err)
    assert "overshoot the target 9" in str(err) and "palace-poker.txt § Counting" in str(err)


def test_the_variant_changes_what_is_legal(good_text, families):
    text = edit(good_text, 'variant = "plain"', 'variant = "strict"')
    err = refuse(text, families)  # the legal-plays quiz lists 'pass'
    assert err.step == 2 and "accepted but not legal here: pass" in str(err)


def test_alternate_card_spellings_are_read_by_the_engine(good_text, families):
    lesson = load(edit(good_text, 'action = "play 5h"', 'action = "play 5♥"'), families)
    assert str(replay(lesson)[1].action) == "play 5h"


# -- checks -------------------------------------------------------------------------

def test_a_probe_check_that_fails_names_the_figures(good_text, families):
    err = refuse(edit(good_text, "equals = 5", "equals = 6"), families)
    assert err.step == 2 and "check failed" in str(err) and "total is 6" in str(err)
    assert "the engine has 5" in str(err)


def test_a_probe_on_a_computed_property(good_text, families):
    load(edit(good_text, 'probe = "total"\n  equals = 5', 'probe = "pot"\n  equals = 50'), families)
    err = refuse(edit(good_text, 'probe = "total"\n  equals = 5', 'probe = "pot"\n  equals = 5'), families)
    assert "pot is 5" in str(err)


def test_a_probe_to_a_missing_attribute_lists_what_exists(good_text, families):
    err = refuse(edit(good_text, 'probe = "total"', 'probe = "totl"'), families)
    assert "has no 'totl'" in str(err) and "total" in str(err)


def test_cards_checks_compare_as_a_set_in_any_spelling(good_text, families):
    load(edit(good_text, 'cards = "3d 2c"', 'cards = "2♣ 3D"'), families)
    err = refuse(edit(good_text, 'cards = "3d 2c"', 'cards = "3d 2c 5h"'), families)
    assert "players[Ann].hand holds exactly 3d 2c 5h" in str(err)


def test_probe_by_player_name_and_index(good_text, families):
    load(edit(good_text, 'probe = "players[Ann].hand"', 'probe = "players[0].hand"'), families)
    load(edit(good_text, 'probe = "players[Ann].hand"\n  cards = "3d 2c"',
              'probe = "players[Bob].count"\n  equals = 2'), families)
    err = refuse(edit(good_text, 'probe = "players[Ann].hand"', 'probe = "players[Cleo].hand"'),
                 families)
    assert "no item named 'Cleo'" in str(err) and "Ann, Bob" in str(err)


def test_length_and_includes(good_text, families):
    load(edit(good_text, 'cards = "3d 2c"', "length = 2"), families)
    load(edit(good_text, 'cards = "3d 2c"', 'includes = "2c"'), families)
    assert "check failed" in str(refuse(edit(good_text, 'cards = "3d 2c"', "length = 3"), families))
    assert "check failed" in str(refuse(edit(good_text, 'cards = "3d 2c"', 'includes = "5h"'), families))


def test_an_event_check_that_fails_lists_what_happened(good_text, families):
    err = refuse(edit(good_text, 'data = { winner = "Bob" }', 'data = { winner = "Ann" }'), families)
    assert err.step == 3 and "event won (winner=Ann)" in str(err)
    assert "won(winner=Bob)" in str(err)


def test_an_over_check(good_text, families):
    err = refuse(edit(good_text, "over = true", "over = false"), families)
    assert "is_over is True" in str(err)


def test_legal_check_must_list_exactly_the_legal_actions(good_text, families):
    check = '\n  [[steps.checks]]\n  legal = ["pass", "play 4h"]\n'
    load(edit(good_text, "  [steps.quiz]\n  kind = \"legal-plays\"", check.rstrip("\n")
              + "\n  [steps.quiz]\n  kind = \"legal-plays\""), families)
    short = '\n  [[steps.checks]]\n  legal = ["pass"]\n'
    err = refuse(edit(good_text, "  [steps.quiz]\n  kind = \"legal-plays\"", short.rstrip("\n")
                      + "\n  [steps.quiz]\n  kind = \"legal-plays\""), families)
    assert "also legal: play 4h" in str(err)


def test_illegal_check_with_the_reason(good_text, families):
    anchor = "  [steps.quiz]\n  kind = \"legal-plays\""
    ok = '  [[steps.checks]]\n  illegal = "play 5s"\n  reason = "overshoot"\n' + anchor
    load(edit(good_text, anchor, ok), families)
    wrong_reason = '  [[steps.checks]]\n  illegal = "play 5s"\n  reason = "not your turn"\n' + anchor
    err = refuse(edit(good_text, anchor, wrong_reason), families)
    assert "does not mention 'not your turn'" in str(err)
    legal_one = '  [[steps.checks]]\n  illegal = "play 4h"\n' + anchor
    err = refuse(edit(good_text, anchor, legal_one), families)
    assert "the engine allows it" in str(err)
    allowed = '  [[steps.checks]]\n  allowed = "play 4h"\n' + anchor
    load(edit(good_text, anchor, allowed), families)
    bad_text = '  [[steps.checks]]\n  allowed = "jump"\n' + anchor
    assert "'jump' does not parse" in str(refuse(edit(good_text, anchor, bad_text), families))


# -- quizzes --------------------------------------------------------------------------

def test_legal_plays_quiz_must_accept_every_legal_play(good_text, families):
    err = refuse(edit(good_text, '"pass", "play 2c", "play 3d", "play 5h"', '"play 2c", "play 3d", "play 5h"'),
                 families)
    assert err.step == 2 and "every correct answer must be accepted; also legal: pass" in str(err)


def test_legal_plays_quiz_must_not_accept_an_illegal_play(good_text, families):
    err = refuse(edit(good_text, '"pass", "play 2c"', '"pass", "play 4h", "play 2c"'), families)
    assert "accepted but not legal here: play 4h" in str(err)


def test_legal_plays_answers_are_read_by_the_engine(good_text, families):
    lesson = load(edit(good_text, '"play 5h"]', '"play 5♥"]'), families)
    done = replay(lesson)[1]
    quiz = done.step.quiz
    for answer in ("play 5h", "PLAY 5H", "play 5♥", "pass", "play 2c"):
        assert quiz.accepts(answer, done.before), answer
    for answer in ("play 4h", "jump", ""):
        assert not quiz.accepts(answer, done.before), answer
    with pytest.raises(ValueError):
        quiz.accepts("pass")


def test_battle_winner_quiz_must_accept_the_engine_winner(good_text, families):
    err = refuse(edit(good_text, 'accepted = ["Bob", "the second player"]', 'accepted = ["Ann"]'),
                 families)
    assert err.step == 3 and "'Bob'" in str(err) and "not among the accepted" in str(err)


def test_battle_winner_quiz_accepts_any_listed_answer(good_text, families):
    quiz = load(good_text, families).steps[2].quiz
    assert quiz.accepts("bob") and quiz.accepts("The  second player") and not quiz.accepts("Ann")


def test_battle_winner_quiz_needs_a_step_that_names_a_winner(good_text, families):
    text = edit(good_text, 'action = "play 4h"', 'action = "pass"')
    text = edit(text, '[[steps.checks]]\n  event = "won"\n  data = { winner = "Bob" }\n'
                      '  [[steps.checks]]\n  over = true\n', "")
    err = refuse(text, families)
    assert "'winner'" in str(err) and "pass(player=Bob)" in str(err)


def test_outcome_quiz_reads_a_probe(good_text, families):
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "outcome"\n  answer = { probe = "total" }')
    text = edit(text, 'accepted = ["Bob", "the second player"]', 'accepted = ["9", "nine"]')
    lesson = load(text, families)
    assert replay(lesson)[2].quiz_answer == "9"
    err = refuse(edit(text, 'accepted = ["9", "nine"]', 'accepted = ["8"]'), families)
    assert "engine's answer is 9" in str(err)


def test_outcome_quiz_reads_an_event_key(good_text, families):
    text = edit(good_text, 'kind = "battle-winner"',
                'kind = "outcome"\n  answer = { event = "played", key = "card" }')
    text = edit(text, 'accepted = ["Bob", "the second player"]', 'accepted = ["4♥"]')
    assert replay(load(text, families))[2].quiz_answer == "4h"


def test_choice_quiz_is_not_checked_against_the_engine(good_text, families):
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "choice"\n  options = ["Bob", "the second player", "Ann"]')
    lesson = load(text, families)
    assert replay(lesson)[2].quiz_answer is None
    assert lesson.steps[2].quiz.options == ("Bob", "the second player", "Ann")


def test_a_quiz_read_from_events_needs_an_action(good_text, families):
    text = edit(good_text, '[[steps]]\nnarration = "Nobody has played yet."\nrule = "Counting"\n',
                '[[steps]]\nnarration = "Nobody has played yet."\nrule = "Counting"\n'
                '  [steps.quiz]\n  kind = "battle-winner"\n  question = "q"\n  accepted = ["Bob"]\n'
                '  explanation = "e"\n')
    err = refuse(text, families)
    assert err.step == 1 and "needs the step to have an action" in str(err)
    # a probe answer is read from the position, so no action is needed
    text = text.replace('kind = "battle-winner"\n  question = "q"', 'kind = "outcome"\n  answer = { probe = "total" }\n  question = "q"')
    load(text.replace('accepted = ["Bob"]\n  explanation = "e"', 'accepted = ["0"]\n  explanation = "e"'), families)


# -- the prelude ------------------------------------------------------------------------

PRELUDE_AT = 'intro = "A short game to test the loader."'


def test_a_prelude_is_played_before_the_first_step(good_text, families):
    # Ann passes, Bob passes: the first step then starts with Ann to move again
    lesson = load(edit(good_text, PRELUDE_AT, PRELUDE_AT + '\nprelude = [{ action = "pass", times = 2 }]'),
                  families)
    assert lesson.prelude == ("pass", "pass")
    first = replay(lesson)[0]
    assert initial_state(lesson) is first.before
    assert first.before.turn == 0 and first.before.total == 0


def test_prelude_items_may_be_plain_actions(good_text, families):
    text = edit(good_text, PRELUDE_AT, PRELUDE_AT + '\nprelude = ["pass", "pass"]')
    assert load(text, families).prelude == ("pass", "pass")


def test_a_prelude_that_changes_the_position_shows_in_the_steps(good_text, families):
    text = edit(good_text, PRELUDE_AT, PRELUDE_AT + '\nprelude = ["pass"]')
    err = refuse(text, families)  # now Bob is to move at step 2, and holds no 5h
    assert err.step == 2 and "does not hold 5h" in str(err)


def test_a_refused_prelude_action_is_named(good_text, families):
    text = edit(good_text, PRELUDE_AT, PRELUDE_AT + '\nprelude = ["pass", "play 9s"]')
    err = refuse(text, families)
    assert err.step is None and "prelude action 2 ('play 9s')" in str(err) and "does not hold 9s" in str(err)
    text = edit(good_text, PRELUDE_AT, PRELUDE_AT + '\nprelude = ["hop"]')
    assert "prelude action 1 ('hop') does not parse" in str(refuse(text, families))


@pytest.mark.parametrize("bad, words", [
    ('[{ action = "pass", times = 0 }]', "must be 1 or more"),
    ('[{ action = "pass", count = 2 }]', "unknown field 'count' in prelude item 1"),
    ('[{ times = 2 }]', "lacks the required field 'action'"),
    ('[""]', "prelude item 1 is empty"),
    ('[3]', "prelude item 1 must be a table"),
    ('[{ action = "pass", times = 5000 }]', "more than 1000 actions"),
    ('"pass"', "'prelude' in the lesson must be an array"),
])
def test_malformed_preludes_are_refused(good_text, families, bad, words):
    err = refuse(edit(good_text, PRELUDE_AT, PRELUDE_AT + f"\nprelude = {bad}"), families)
    assert words in str(err)


def test_a_move_may_name_its_player_in_answers_and_checks(good_text, families):
    text = edit(good_text, '"pass", "play 2c", "play 3d", "play 5h"', '"Ann: pass", "play 2c", "Ann: play 3d", "play 5h"')
    text = edit(text, '  [steps.quiz]\n  kind = "legal-plays"',
                '  [[steps.checks]]\n  legal = ["Bob: pass", "play 4h"]\n  [steps.quiz]\n  kind = "legal-plays"')
    lesson = load(text, families)
    done = replay(lesson)[1]
    quiz = done.step.quiz
    assert quiz.accepts("pass", done.before) and quiz.accepts("Ann: pass", done.before)
    assert not quiz.accepts("Bob: pass", done.before)  # it is Ann's move
    err = refuse(edit(text, '"Ann: pass", "play 2c"', '"Bob: pass", "play 2c"'), families)
    assert "accepted but not legal here: Bob: pass (it is Ann's move, not Bob's)" in str(err)
