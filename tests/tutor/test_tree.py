"""The study tree (DESIGN: states are immutable, a tree node keeps its state,
main line first like a chess study)."""

import pytest

from tutor.model.tree import ROOT, GrowingTree, StudyTree, TreeError

from . import toygame
from .toygame import Add


def grow(tree, parent, n):
    state = tree[parent].state
    after, events = state.play(Add(n))
    return tree.add(parent, Add(n), str(Add(n)), after, state.check(Add(n)), events)


@pytest.fixture
def tree():
    """Root -> +1 (a) -> +1 (b); root -> +2 (c) -> +3 (d); root -> +3 (e)."""
    t = StudyTree.start(toygame.start("ten", {}))
    t, a = grow(t, ROOT, 1)
    t, b = grow(t, a.id, 1)
    t, c = grow(t, ROOT, 2)
    t, d = grow(t, c.id, 3)
    t, e = grow(t, ROOT, 3)
    return t


def test_each_node_keeps_the_state_it_reaches(tree):
    assert [tree[i].state.total for i in tree.main_line()] == [0, 1, 2]
    assert tree[4].state.total == 5 and tree[5].state.total == 3


def test_navigating_never_replays_from_the_root(tree):
    before = toygame.ADVANCES["count"]
    for node_id in tree.preorder():
        tree.path(node_id), tree[node_id].state.legal_actions()
    tree.rows()
    assert toygame.ADVANCES["count"] == before


def test_adding_an_existing_move_reuses_the_child(tree):
    again, node = grow(tree, ROOT, 1)
    assert again is tree and node.id == 1


def test_first_child_is_the_main_line(tree):
    assert tree.main_line() == (0, 1, 2)
    assert tree.on_main_line(2) and not tree.on_main_line(4)
    assert tree.main_line_ancestor(4) == ROOT


def test_rows_show_main_line_first_and_variations_indented(tree):
    shown = [(r.node.text, r.depth, r.starts_variation) for r in tree.rows()]
    # PGN order: root, main move +1, then the alternatives to it (indented),
    # then the main line resumes
    assert shown == [("", 0, False), ("+1", 0, False), ("+2", 1, True), ("+3", 1, False),
                     ("+3", 1, True), ("+1", 0, False)]


def test_edits_return_a_new_tree_and_leave_the_old_one(tree):
    promoted = tree.promote(4)
    assert tree.main_line() == (0, 1, 2)
    assert promoted.main_line() == (0, 3, 4)


def test_promote_moves_a_variation_one_level_up():
    t = StudyTree.start(toygame.start("ten", {}))
    t, a = grow(t, ROOT, 1)
    t, b = grow(t, a.id, 1)
    t, b2 = grow(t, a.id, 2)       # variation inside the main line
    t, c = grow(t, ROOT, 2)
    t, c1 = grow(t, c.id, 1)
    t, c2 = grow(t, c.id, 3)      # variation inside a variation
    once = t.promote(c2.id)
    assert once[c.id].children == (c2.id, c1.id)
    assert once.main_line() == (0, a.id, b.id)
    twice = once.promote(c2.id)
    assert twice.main_line() == (0, c.id, c2.id)
    assert twice.promote(c2.id) is twice


def test_make_main_line_promotes_all_the_way():
    t = StudyTree.start(toygame.start("ten", {}))
    t, a = grow(t, ROOT, 1)
    t, c = grow(t, ROOT, 2)
    t, c1 = grow(t, c.id, 1)
    t, c2 = grow(t, c.id, 3)
    assert t.make_main_line(c2.id).main_line() == (0, c.id, c2.id)


def test_delete_removes_the_whole_variation(tree):
    smaller = tree.delete(3)
    assert 3 not in smaller and 4 not in smaller
    assert smaller.root.children == (1, 5)
    assert len(smaller) == 4


def test_start_position_cannot_be_deleted(tree):
    with pytest.raises(TreeError, match="start position"):
        tree.delete(ROOT)


def test_lesson_steps_cannot_be_deleted(tree):
    marked = tree.with_steps(2, (1,))
    with pytest.raises(TreeError, match="lesson step 2"):
        marked.delete(1)


def test_unknown_position_is_a_clear_error(tree):
    with pytest.raises(TreeError, match="no position #99"):
        tree.promote(99)


def test_deep_nesting_of_variations_displays_without_recursion():
    t = StudyTree.start(toygame.start("ten", {}))
    # a tree 3000 variations deep would blow the recursion limit if rows() recursed
    parent = ROOT
    for _ in range(3000):
        state = t[parent].state
        t, main = t.add(parent, Add(1), "+1", state, None, ())
        t, alt = t.add(parent, Add(2), "+2", state, None, ())
        parent = alt.id
    assert len(t.rows()) == len(t)


def test_the_same_move_with_and_without_the_actors_name_is_one_child():
    """Palace Poker notation may name the actor (``Ann: buy``); playing ``buy``
    afterwards from the same position must follow that child, not add a twin."""
    from rules.games import get_family
    from tutor.model.study import Study

    family = get_family("palace-poker")
    study = Study.from_setup(family, "limit", {"seats": ["Ann", "Ben", "Christine"], "seed": 3})
    while study.state.phase.value != "turn":
        study.play(study.state.legal_actions()[0])
    at, mover = study.current, study.state.actor_name
    study.play(study.state.parse_action(f"{mover}: buy"))
    first = study.current
    study.goto(at)
    study.play(study.state.parse_action("buy"))
    assert study.current == first
    assert len(study.tree[at].children) == 1
    # and the other way round: a move typed bare first, then with the name
    study.goto(at)
    study.play(study.state.parse_action("stay"))
    stayed = study.current
    study.goto(at)
    study.play_text(f"{mover.upper()}: STAY")
    assert study.current == stayed and len(study.tree[at].children) == 2


def test_a_tree_grown_in_place_is_the_tree_that_adding_one_by_one_makes():
    # the same moves, branches and a repeated move (which must give back the existing child)
    moves = [(ROOT, 1), (1, 1), (ROOT, 2), (3, 3), (ROOT, 3), (ROOT, 1), (3, 1), (2, 2)]
    one_by_one = StudyTree.start(toygame.start("ten", {}))
    growing = GrowingTree(one_by_one)
    for parent, n in moves:
        state = one_by_one[parent].state
        after, events = state.play(Add(n))
        one_by_one, expected = one_by_one.add(parent, Add(n), str(Add(n)), after, state.check(Add(n)), events)
        got = growing.add(parent, Add(n), str(Add(n)), growing[parent].state.play(Add(n))[0],
                          state.check(Add(n)), events)
        assert got.id == expected.id and got.parent == expected.parent
    grown = growing.done()
    assert grown.next_id == one_by_one.next_id == 8
    assert {i: (n.parent, n.children, n.text, n.actor) for i, n in grown.nodes.items()} == \
        {i: (n.parent, n.children, n.text, n.actor) for i, n in one_by_one.nodes.items()}
    # done() is a tree of its own: growing on does not change it
    growing.add(ROOT, Add(2), "+2", growing[ROOT].state.play(Add(2))[0])  # exists: unchanged
    growing.add(2, Add(3), "+3", growing[2].state.play(Add(3))[0])
    assert 8 not in grown.nodes and len(grown.nodes) == 8
