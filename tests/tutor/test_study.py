"""The study: lesson player, cursor, branching through the engine."""

import pytest

from tutor.model.study import Study
from tutor.model.tree import ROOT

from . import toygame
from .toygame import Add


@pytest.fixture
def study():
    # steps: 0 "+3", 1 "+3", 2 pause, 3 "+2"
    return Study.from_lesson(toygame.lesson(), toygame.FAMILY)


def stops(study):
    out = [(study.current, study.step)]
    while study.forward():
        out.append((study.current, study.step))
    return out


def test_lesson_opens_on_its_introduction(study):
    assert (study.current, study.step) == (ROOT, None)
    told = study.narration()
    assert told.text == "Welcome to the race." and told.rule == toygame.ref("step size")


def test_next_walks_every_step_including_pauses(study):
    assert stops(study) == [(0, None), (1, 0), (2, 1), (2, 2), (3, 3)]
    assert not study.can_forward


def test_previous_walks_back_the_same_stops(study):
    forward = stops(study)
    backward = [(study.current, study.step)]
    while study.back():
        backward.append((study.current, study.step))
    assert backward == forward[::-1]
    assert not study.can_back


def test_step_narration_rule_and_source_summary(study):
    study.jump(2)
    told = study.narration()
    assert told.heading == "Step 3 of 4"
    assert told.text == "Narration of step 3 (pause)."
    assert told.rule == toygame.ref("no overshoot")
    assert told.summary == "Players add one to three to a total; reaching the target wins."


def test_jump_to_any_step_and_back_to_the_introduction(study):
    study.jump(3)
    assert (study.current, study.state.total) == (3, 8)
    study.jump(-1)
    assert (study.current, study.step) == (ROOT, None)
    with pytest.raises(ValueError, match="steps 1 to 4"):
        study.jump(4)


def test_step_list_names_each_step(study):
    """A move's entry says what happened in words (the first clause of the toy's
    event, "North adds 3; the total is 3."), not its notation; a pause quotes
    the start of its narration."""
    assert [i.label for i in study.step_items()] == [
        "Start: Race basics", "1. North adds 3", "2. South adds 3", "3. Narration of step 3 (pause)",
        "4. North adds 2"]
    study.jump(1)
    assert study.step_item == 1


def test_a_legal_action_branches_and_moves_there(study):
    study.jump(0)
    verdict = study.play(Add(1))
    assert verdict.legal
    node = study.node
    assert node.state.total == 4 and not study.tree.on_main_line(node.id)
    assert study.step is None and study.step_item is None
    assert study.narration().text == "South adds 1; the total is 4."
    assert study.narration().rule == toygame.ref("step size")


def test_a_refused_action_changes_nothing_but_the_notice(study):
    study.jump(3)
    tree, current = study.tree, study.current
    verdict = study.play(Add(3))
    assert not verdict.legal
    assert study.tree is tree and study.current == current
    assert study.notice.kind == "refused"
    assert "the total would pass 10" in study.notice.text
    assert study.notice.ref == toygame.ref("no overshoot")


def test_bad_typed_notation_names_the_token_and_changes_nothing(study):
    tree = study.tree
    assert study.play_text("plus two") is None
    assert study.tree is tree
    assert study.notice.kind == "error" and "'plus two'" in study.notice.text


def test_playing_the_lesson_move_rejoins_the_lesson(study):
    study.jump(-1)
    study.play(Add(3))
    assert (study.current, study.step) == (1, 0)
    assert len(study.tree) == 4


def test_back_to_main_line_in_one_call(study):
    study.jump(1)
    study.play(Add(1))
    study.play(Add(1))
    study.back_to_main_line()
    assert (study.current, study.step) == (2, 2)


def test_promote_and_delete_a_variation(study):
    study.jump(0)
    study.play(Add(2))
    branch = study.current
    study.play(Add(1))
    study.promote(branch)
    assert study.tree.main_line()[:2] == (ROOT, 1)   # promoted inside the lesson's first step
    assert study.tree[1].children[0] == branch
    assert study.delete(branch)
    assert branch not in study.tree and study.current == 1 and study.step == 0


def test_deleting_a_lesson_step_is_refused_with_a_notice(study):
    assert not study.delete(2)
    assert 2 in study.tree and "lesson step 2" in study.notice.text


def test_choices_list_legal_plays_first_with_reasons(study):
    study.jump(3)   # total 8: +1 and +2 legal, +3 passes 10
    choices = study.choices()
    assert [(c.text, c.verdict.legal) for c in choices] == [("+1", True), ("+2", True), ("+3", False)]


def test_game_over_offers_no_choices(study):
    study.to_end()
    study.play(Add(2))
    assert study.state.total == 10 and study.state.is_over and study.choices() == ()


def test_free_play_from_a_custom_setup():
    study = Study.from_setup(toygame.FAMILY, "twelve", {"total": 5})
    assert study.state.total == 5 and study.lesson is None
    assert study.narration().heading == "Start"
    study.play(Add(2))
    # a free study is nobody's "line": the heading says whose move it was, as players say it
    assert study.narration().heading == "North\u2019s move"  # the toy race's first seat, North, moves first


# -- undo and redo (issue 13.5: nothing lost) ---------------------------------------------------
def branch(study):
    """A variation of two moves off the lesson's first step, with a note on each."""
    study.jump(0)
    study.play(Add(1))
    first = study.current
    study.set_note("why not one?")
    study.play(Add(1))
    study.set_note("and again")
    return first


def test_delete_says_what_went_quotes_the_notes_and_undo_brings_it_all_back(study):
    first = branch(study)
    before_tree, before_node = study.tree, study.current
    assert study.delete(first)
    assert first not in study.tree and study.current == 1
    assert study.notice.kind == "info"
    assert study.notice.text == ("Deleted 2 positions and 2 notes: \u201cwhy not one?\u201d; \u201cand again\u201d. "
                                 "Undo brings them back.")
    assert study.undo()
    assert study.tree is before_tree and study.current == before_node
    assert study.node.note == "and again" and study.tree[first].note == "why not one?"
    assert study.notice.text == "Undone: delete 2 positions."


def test_redo_makes_the_undone_edit_again_and_a_new_edit_forgets_redo(study):
    first = branch(study)
    study.delete(first)
    after_delete = study.tree
    study.undo()
    assert study.can_redo
    assert study.redo() and study.tree is after_delete and first not in study.tree
    study.undo()
    study.promote(first)                  # a new edit: what was undone can no longer be redone
    assert not study.can_redo and not study.redo() and study.notice.text == "There is nothing to redo."


def test_every_tree_edit_can_be_undone_in_order(study):
    trees = [study.tree]
    study.jump(0)
    study.play(Add(2))                    # a new variation
    trees.append(study.tree)
    study.set_note("two is fine too")
    trees.append(study.tree)
    study.make_main_line()
    trees.append(study.tree)
    study.promote()                       # already the main line: no change, nothing recorded
    assert [e.label for e in study.undo_stack] == ["play +2", "change a note", "make a line the main line"]
    for tree in reversed(trees[:-1]):
        assert study.undo() and study.tree is tree
    assert not study.can_undo and not study.undo()


def test_stepping_and_replaying_an_existing_move_are_not_edits(study):
    study.forward()
    study.forward()
    study.jump(-1)
    study.play(Add(3))                    # the lesson's own move: the existing child is reused
    assert study.undo_stack == ()


def test_undo_puts_the_cursor_back_where_it_was_when_the_edit_was_made(study):
    first = branch(study)
    study.delete(first)                   # the cursor was in the variation: it moves to the step before
    assert (study.current, study.step) == (1, 0)
    study.jump(3)
    study.undo()                          # back into the variation, where the delete was made
    assert study.current == first + 1 and study.step is None and study.node.note == "and again"


def test_typed_text_that_does_not_parse_is_echoed_cut_short(study):
    tree = study.tree
    assert study.play_text("plus " + "x" * 100_000) is None
    assert study.tree is tree and study.notice.kind == "error"
    assert len(study.notice.text) < 500 and "Nothing was changed" in study.notice.text


# -- narration and step labels in whole phrases (issue 13) --------------------------------------
def test_own_line_narration_is_one_sentence_per_event_not_a_run_on_paragraph():
    from tutor.model.catalog import Catalog
    catalog = Catalog.load()
    lesson = catalog.lesson("pp-four-jacks")
    from tutor.model.tree import StudyTree
    lesson_study = Study.from_lesson(lesson, catalog.family("palace-poker"))
    call = next(i for i, step in enumerate(lesson.steps) if step.action and step.action.endswith("call"))
    lesson_study.jump(call - 1)
    # the same position in a study of one's own: the call is a move of one's own line
    study = Study(game="palace-poker", variant=lesson.variant, tree=StudyTree.start(lesson_study.state))
    study.play(study.state.parse_action(lesson.steps[call].action))
    events = study.events_seen()
    told = study.narration()
    assert len(events) > 3
    assert told.text == events[0].text[:1].upper() + events[0].text[1:] + "."
    assert told.more == tuple(e.text[:1].upper() + e.text[1:] + ("" if e.text.endswith(".") else ".")
                              for e in events[1:])


@pytest.mark.parametrize("text, label", [
    ("Everyone antes 2; the pot is 12", "Everyone antes 2"),
    ("Christine pays 5 and takes 7♠ from the deck as a soldier", "Christine pays 5 and takes 7♠ from the deck as a soldier"),
    ("Row 1, column 1: five of clubs (Ace's hand, Six's hand)", "Row 1, column 1: five of clubs"),
    ("What can Ann play on the 9♥? The jack beats it.", "What can Ann play on the 9♥?"),
    ("Under Caron's rules Ann may lay the jack, the 2 or the 10, or show her 3 to Ben",
     "Under Caron's rules Ann may lay the jack …"),
    ("one two three four five six seven eight nine ten eleven twelve thirteen", 
     "one two three four five six seven eight nine ten eleven twelve thirteen"),
])
def test_step_labels_are_whole_short_phrases(text, label):
    from tutor.model.study import _phrase
    assert _phrase(text) == label
