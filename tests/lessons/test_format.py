"""The lesson file format: every malformed lesson is refused with a message
naming the file, the lesson, the step and the reason (issue 6 'Loader', issue 9
'Bad input everywhere')."""

from __future__ import annotations

import pytest
from lessons_support import NAME, edit, load, refuse

from lessons.model import FrozenMap, thaw


def test_a_well_formed_lesson_loads_with_every_field(good_text, families):
    lesson = load(good_text, families)
    assert (lesson.id, lesson.title, lesson.game, lesson.variant) == (
        "count-basics", "Counting to nine", "count", "plain")
    assert str(lesson.source) == "palace-poker.txt § Counting"
    assert lesson.intro == "A short game to test the loader."
    assert [s.action for s in lesson.steps] == [None, "play 5h", "play 4h"]
    assert lesson.steps[1].rule.clause == "adding up"
    assert lesson.steps[1].rule.source == "palace-poker.txt"  # defaults to the lesson's source
    assert lesson.steps[1].quiz.kind == "legal-plays"
    assert lesson.constructed is False
    assert lesson.origin == NAME


def test_a_lesson_is_a_frozen_hashable_value(good_text, families):
    lesson = load(good_text, families)
    assert isinstance(lesson.setup, FrozenMap)
    assert hash(lesson) == hash(load(good_text, families))
    assert lesson == load(good_text, families)
    with pytest.raises(AttributeError):
        lesson.title = "x"
    with pytest.raises(TypeError):
        lesson.setup["target"] = 3
    plain = lesson.setup_plain()
    assert plain == {"target": 9, "players": [{"name": "Ann", "hand": "2c 3d 5h"},
                                              {"name": "Bob", "hand": "4h 5s"}]}
    assert thaw(FrozenMap(plain)) == plain


def test_invalid_toml_is_reported_with_the_file_name(families):
    err = refuse('id = "x"\ntitle = \n', families)
    assert err.name == NAME and "not valid TOML" in str(err) and NAME in str(err)


def test_unknown_top_level_field_is_an_error_with_a_suggestion(good_text, families):
    err = refuse(edit(good_text, 'summary =', 'sumary ='), families)
    assert "unknown field 'sumary'" in str(err) and "did you mean 'summary'" in str(err)


def test_unknown_step_field_names_the_step(good_text, families):
    err = refuse(edit(good_text, 'narration = "Ann opens', 'naration = "Ann opens'), families)
    assert err.step == 2 and err.field == "naration"
    assert "count-basics" in str(err) and "step 2" in str(err) and "did you mean 'narration'" in str(err)


def test_unknown_check_field_is_an_error(good_text, families):
    err = refuse(edit(good_text, 'note = "five so far"', 'remark = "five so far"'), families)
    assert err.step == 2 and "unknown field 'remark'" in str(err)


def test_unknown_quiz_field_is_an_error(good_text, families):
    err = refuse(edit(good_text, 'explanation = "Four', 'explain = "Four'), families)
    assert err.step == 3 and "unknown field 'explain'" in str(err)


def test_unknown_source_field_is_an_error(good_text, families):
    err = refuse(edit(good_text, 'section = "Counting"\n', 'section = "Counting"\npage = 3\n'), families)
    assert "unknown field 'page' in [source]" in str(err)


@pytest.mark.parametrize("field", ["id", "title", "game", "variant", "summary"])
def test_required_top_level_fields(good_text, families, field):
    text = "\n".join(line for line in good_text.splitlines() if not line.startswith(f"{field} ="))
    err = refuse(text, families)
    assert f"required field {field!r}" in str(err)


def test_source_is_required(good_text, families):
    text = edit(good_text, '[source]\nfile = "palace-poker.txt"\nsection = "Counting"\n', "")
    assert "required field 'source'" in str(refuse(text, families))


def test_a_step_needs_narration(good_text, families):
    err = refuse(edit(good_text, 'narration = "Bob makes nine and wins."\n', ""), families)
    assert err.step == 3 and "required field 'narration'" in str(err)


def test_a_step_needs_the_rule_it_teaches(good_text, families):
    err = refuse(edit(good_text, 'narration = "Nobody has played yet."\nrule = "Counting"\n',
                      'narration = "Nobody has played yet."\n'), families)
    assert err.step == 1 and "'rule'" in str(err)


def test_a_lesson_needs_steps(families):
    text = ('id = "x"\ntitle = "t"\ngame = "count"\nvariant = "plain"\nsummary = "s"\n'
            'steps = []\n[source]\nfile = "palace-poker.txt"\nsection = "Counting"\n')
    assert "at least one" in str(refuse(text, families))


def test_wrong_types_are_named(good_text, families):
    err = refuse(edit(good_text, 'narration = "Ann opens with five."', "narration = 5"), families)
    assert "'narration'" in str(err) and "must be text" in str(err) and err.step == 2
    err = refuse(edit(good_text, 'title = "Counting to nine"', "title = true"), families)
    assert "'title'" in str(err) and "true/false" in str(err)
    err = refuse(edit(good_text, 'intro = "A short game to test the loader."', 'constructed = "yes"'),
                 families)
    assert "'constructed'" in str(err) and "true or false" in str(err)


def test_empty_text_is_refused(good_text, families):
    err = refuse(edit(good_text, 'narration = "Nobody has played yet."', 'narration = "  "'), families)
    assert "empty" in str(err) and err.step == 1


@pytest.mark.parametrize("bad_id", ["Count", "count basics", "count_basics", "-count", ""])
def test_id_must_be_lowercase_words_with_dashes(good_text, families, bad_id):
    err = refuse(edit(good_text, 'id = "count-basics"', f'id = "{bad_id}"'), families)
    assert "id" in str(err)


def test_unknown_game_is_reported(good_text, families):
    err = refuse(edit(good_text, 'game = "count"', 'game = "chess"'), families)
    assert "'chess'" in str(err) and err.field == "game"


def test_unknown_variant_lists_the_presets(good_text, families):
    err = refuse(edit(good_text, 'variant = "plain"', 'variant = "house"'), families)
    assert "'house'" in str(err) and "plain, strict" in str(err)


def test_rule_section_must_be_registered(good_text, families):
    err = refuse(edit(good_text, 'rule = { section = "Counting", clause = "adding up" }',
                      'rule = { section = "Countin", clause = "adding up" }'), families)
    assert err.step == 2 and "'Countin'" in str(err)


def test_rule_file_must_be_a_source_of_the_game(good_text, families):
    err = refuse(edit(good_text, 'rule = { section = "Counting", clause = "adding up" }',
                      'rule = { file = "kings-pot.txt", section = "Counting" }'), families)
    assert err.step == 2 and "'kings-pot.txt' is not a source of count" in str(err)


def test_dates_are_not_plain_setup_data(good_text, families):
    err = refuse(edit(good_text, "target = 9", "target = 9\nwhen = 2024-01-01"), families)
    assert "date" in str(err) and "[setup].when" in str(err)


def test_a_check_needs_exactly_one_kind(good_text, families):
    err = refuse(edit(good_text, 'event = "won"', 'event = "won"\n      over = true'), families)
    assert "exactly one of" in str(err) and err.step == 3
    err = refuse(edit(good_text, 'over = true\n', 'note = "x"\n'), families)
    assert "exactly one of" in str(err)


def test_a_check_field_of_another_kind_is_refused(good_text, families):
    err = refuse(edit(good_text, "over = true", 'over = true\n      reason = "x"'), families)
    assert "'reason' does not go with a 'over' check" in str(err)


def test_a_probe_needs_one_comparison(good_text, families):
    err = refuse(edit(good_text, "equals = 5", "equals = 5\n      length = 2"), families)
    assert "exactly one of equals, cards, length, includes" in str(err)


@pytest.mark.parametrize("path", ["players[Ann", "total..x", "1total", "a b"])
def test_a_malformed_probe_path_is_refused_at_load(good_text, families, path):
    err = refuse(edit(good_text, 'probe = "total"', f'probe = "{path}"'), families)
    assert err.step == 2 and "probe" in str(err)


def test_length_must_be_a_number(good_text, families):
    err = refuse(edit(good_text, "equals = 5", 'length = "two"'), families)
    assert "'length' must be a whole number" in str(err)


def test_unknown_quiz_kind(good_text, families):
    err = refuse(edit(good_text, 'kind = "battle-winner"', 'kind = "riddle"'), families)
    assert "quiz kind 'riddle'" in str(err) and "legal-plays" in str(err)


def test_choice_quiz_answers_must_be_options(good_text, families):
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "choice"\n      options = ["Ann", "Bob"]')
    err = refuse(text, families)
    assert "the accepted answer 'the second player' is not among the options" in str(err)
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "choice"\n      options = ["Ann", "Cy"]')
    assert "the accepted answers 'Bob', 'the second player' are not among the options" in str(refuse(text, families))
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "choice"')
    assert "options" in str(refuse(text, families))


def test_a_battle_winner_quiz_may_offer_options_one_of_them_right(good_text, families):
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "battle-winner"\n      options = ["Ann", "Cy"]')
    assert "none of the 'options' is an accepted answer" in str(refuse(text, families))
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "battle-winner"\n      options = ["Ann"]')
    assert "two or more" in str(refuse(text, families))
    text = edit(good_text, 'kind = "battle-winner"', 'kind = "battle-winner"\n      options = ["Ann", "Bob"]')
    assert load(text, families).steps[-1].quiz.options == ("Ann", "Bob")


def test_a_legal_plays_quiz_takes_no_options(good_text, families):
    text = edit(good_text, 'kind = "legal-plays"', 'kind = "legal-plays"\n      options = ["pass", "play 2c"]')
    assert "takes no 'options'" in str(refuse(text, families))


def test_an_outcome_quiz_says_where_the_answer_is_read(good_text, families):
    err = refuse(edit(good_text, 'kind = "battle-winner"', 'kind = "outcome"'), families)
    assert "answer" in str(err)


def test_a_legal_plays_quiz_takes_no_answer_source(good_text, families):
    text = edit(good_text, 'kind = "legal-plays"', 'kind = "legal-plays"\n      answer = { probe = "total" }')
    assert "takes no 'answer'" in str(refuse(text, families))


def test_a_quiz_needs_accepted_answers(good_text, families):
    text = edit(good_text, 'accepted = ["Bob", "the second player"]', "accepted = []")
    assert "at least one accepted answer" in str(refuse(text, families))


def test_prose_joins_lines_and_keeps_paragraphs(good_text, families):
    text = edit(good_text, 'intro = "A short game to test the loader."',
                'intro = """\nA short game\n  to test   the loader.\n\nSecond paragraph.\n"""')
    assert load(text, families).intro == "A short game to test the loader.\n\nSecond paragraph."


def test_a_lesson_field_under_a_table_heading_gets_a_hint(good_text, families):
    err = refuse(edit(good_text, "target = 9", 'target = 9\nprelude = ["pass"]'), families)
    assert "'prelude' is inside [setup]" in str(err) and "before the first [table]" in str(err)
    err = refuse(edit(good_text, 'section = "Counting"\n', 'section = "Counting"\nintro = "x"\n'), families)
    assert "'intro' is inside [source]" in str(err)
