"""The Palace table under CPython: it draws every lesson position in every view,
its highlight is exactly what the engine allows, every card says the engine's
reason, and clicks build the engine's actions (the engine decides)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("panel")

from rules.palace import FAMILY  # noqa: E402
from rules.palace import actions as A  # noqa: E402
from rules.palace.state import Phase  # noqa: E402
from tutor.model.study import Study  # noqa: E402
from tutor.model.tree import StudyTree  # noqa: E402
from tutor.views.renderer import renderer_for  # noqa: E402
from tutor.views.tables.palace import PalaceTable  # noqa: E402

from .tables_support import expected_playable, lesson_ids, lesson_study, parse, stops  # noqa: E402

LESSONS = lesson_ids("palace")


def study_at(state, variant: str = "house") -> Study:
    """A study starting at an explicit engine state (no lesson)."""
    return Study(game="palace", variant=variant, tree=StudyTree.start(state))


def table_for(study: Study) -> PalaceTable:
    table = renderer_for("palace")(study=study)
    assert isinstance(table, PalaceTable)
    return table


def mover_cards(root, state):
    """The card elements in the mover's seat block, by zone."""
    seat = root.find(cls="seat", data_seat=str(state.to_move))
    return {z: seat.find(cls=f"{z}-zone").find_all(cls="card") for z in ("hand", "up", "down")}


def drawn_playable(root) -> Counter:
    """The faces drawn as playable, outside the face-down rows (those are turned with 'flip')."""
    from rules.cards import Card
    return Counter(Card.parse(el.attrs["data-card"]) for el in root.find_all(cls="playable")
                   if not any("down-zone" in a.classes for a in el.ancestors()))


def random_positions(variant: str, games: int, seed: int):
    rnd = random.Random(seed)
    for g in range(games):
        state = FAMILY.start(variant, {"players": rnd.choice((2, 3, 4)), "seed": rnd.randrange(10**6)})
        for _ in range(rnd.randrange(5, 120)):
            if state.is_over:
                break
            state = state.apply(rnd.choice(state.legal_actions()))
        yield state


# -- builds everywhere ----------------------------------------------------------------------
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_position_draws_in_every_view(lesson_id):
    study = lesson_study(lesson_id)
    table = table_for(study)
    for seat in (None, *range(len(table.seat_names()))):
        study.seat = seat
        for _ in stops(study):
            root = parse(table.board.html)
            assert root.find(cls="palace-table") is not None
            assert len(root.find_all(cls="seat")) == study.state.players


def test_there_are_palace_lessons_to_draw():
    assert {lesson_study(i).variant for i in LESSONS} == {"house", "caron", "bga"}


# -- see why: the highlight is the engine's legal plays -----------------------------------
def _check_highlight(state, table, study):
    root = parse(table.board.html)
    assert drawn_playable(root) == expected_playable(state), str(state)
    downs = [el for seat in root.find_all(cls="seat") for el in seat.find(cls="down-zone").find_all(cls="card")]
    flip_targets = [el for el in downs if "playable" in el.classes]
    mover_downs = mover_cards(root, state)["down"]
    assert flip_targets == (mover_downs if state.is_legal(A.FLIP) else [])
    for el in root.find_all(cls="dimmed"):
        assert el.attrs["data-reason"] and el.attrs["title"]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_highlight_equals_legal_plays_at_every_lesson_position(lesson_id):
    study = lesson_study(lesson_id)
    table = table_for(study)
    for _ in stops(study):
        _check_highlight(study.state, table, study)


@pytest.mark.parametrize("variant,seed", [("house", 11), ("caron", 12), ("bga", 13)])
def test_highlight_equals_legal_plays_in_random_positions(variant, seed):
    phases = Counter()
    for state in random_positions(variant, 60, seed=seed):
        study = study_at(state, variant)
        _check_highlight(state, table_for(study), study)
        phases[state.phase] += 1
    assert phases[Phase.PLAY] > 10


def test_each_card_of_the_mover_says_the_engine_reason():
    study = lesson_study("pl-house-multiples")
    table = table_for(study)
    state = study.state
    verdicts = state.card_verdicts()
    root = parse(table.board.html)
    cards = mover_cards(root, state)["hand"]
    assert cards
    for el in cards:
        from rules.cards import Card
        card = Card.parse(el.attrs["data-card"])
        reason = el.attrs["data-reason"]
        if "dimmed" in el.classes:
            assert verdicts[card].reason in reason and str(verdicts[card].ref) in reason
        assert reason == el.attrs["title"]


def test_face_up_cards_wait_while_the_hand_is_in_play():
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["8h 9c", "4d"], "face_up": ["Kd", "5s"],
                                   "face_down": ["2c", "3c"], "stock": "7s", "pile": "6d", "to_move": 0})
    study = study_at(state)
    root = parse(table_for(study).board.html)
    up = mover_cards(root, state)["up"]
    assert [el.attrs["data-card"] for el in up] == ["Kd"] and "dimmed" in up[0].classes
    assert "face-up cards wait" in up[0].attrs["data-reason"]


# -- whose view -----------------------------------------------------------------------------
def test_a_seat_sees_its_own_hand_and_only_backs_of_the_others():
    study = lesson_study("pl-house-multiples")
    table = table_for(study)
    state = study.state
    other = (state.to_move + 1) % state.players
    study.seat = other
    root = parse(table.board.html)
    mover = root.find(cls="seat", data_seat=str(state.to_move))
    assert all(c.attrs["data-card"] == "back" for c in mover.find(cls="hand-zone").find_all(cls="card"))
    assert not root.find_all(cls="playable") and "move" in root.find(cls="note").text
    own = root.find(cls="seat", data_seat=str(other)).find(cls="hand-zone").find_all(cls="card")
    assert [c.attrs["data-card"] for c in own] == [str(c) for c in state.hands[other]]
    # face-down cards are backs for everyone but the teaching view
    downs = [c for s in root.find_all(cls="seat") for c in s.find(cls="down-zone").find_all(cls="card")]
    assert downs and all(c.attrs["data-card"] == "back" for c in downs)


# -- branch: clicks build the engine's actions -------------------------------------------------
def click(table, kind: str, arg: str = "", value: str = "") -> None:
    table.board._handle_msg({"key": f"{table.study.current}|{kind}|{arg}", "value": value})


def pick(table, zone: str, card: str) -> None:
    state = table.study.state
    cards = {"hand": state.hands[state.to_move], "up": state.face_up[state.to_move]}[zone]
    index = [str(c) for c in cards].index(card)
    click(table, "pick", f"{zone}:{index}")


def press(table, label_start: str) -> None:
    root = parse(table.board.html)
    buttons = [b for b in root.find_all(cls="act") if b.text.startswith(label_start)]
    assert buttons, [b.text for b in root.find_all(cls="act")]
    table.board._handle_msg({"key": buttons[0].attrs["data-key"], "value": ""})


def test_picking_two_sixes_and_playing_follows_the_lesson_line():
    study = lesson_study("pl-house-multiples")
    table = table_for(study)
    main_child = study.node.children[0]
    nodes = len(study.tree.nodes)
    pick(table, "hand", "6c")
    pick(table, "hand", "6d")
    assert len(study.selection) == 2
    root = parse(table.board.html)
    assert len(root.find_all(cls="selected")) == 2
    press(table, "Play 6")
    assert study.current == main_child and len(study.tree.nodes) == nodes


def test_picking_another_rank_starts_a_new_pick():
    study = lesson_study("pl-house-multiples")
    table = table_for(study)
    hand = study.state.hands[study.state.to_move]
    first, other = hand[0], next(c for c in hand if c.rank is not hand[0].rank)
    pick(table, "hand", str(first))
    pick(table, "hand", str(other))
    assert len(study.selection) == 1


def test_a_refused_play_changes_nothing_and_says_why():
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["4h 9c", "4d"], "pile": "6d",
                                   "stock": "7s 8s", "to_move": 0})
    study = study_at(state)
    table = table_for(study)
    pick(table, "hand", "4h")
    before = (study.tree, study.current)
    press(table, "Play 4")
    assert (study.tree, study.current) == before
    assert study.notice.kind == "refused"
    assert state.check(A.Play((state.hands[0][0],))).reason in study.notice.text


def test_flash_a_three_at_a_chosen_player():
    study = lesson_study("pl-caron-flashed-three")
    table = table_for(study)
    target = study.lesson.steps[0].action
    state = study.state
    names = state.names
    pick(table, "hand", "3s")
    main_child = study.node.children[0]
    press(table, f"Flash 3♠ at {names[2]}")
    assert study.current == main_child and "flash 3s @2" in str(target)


def test_word_buttons_play_the_engine_actions():
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["4h", "4d"], "pile": "6d 9s",
                                   "stock": "7s 8s", "to_move": 0})
    study = study_at(state)
    table = table_for(study)
    press(table, "Pick up the pile")
    assert study.node.action == A.PICKUP
    assert sorted(map(str, study.state.hands[0])) == ["4h", "6d", "9s"]


def test_a_face_down_card_is_turned_by_tapping_it():
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["", "4d"], "face_down": ["Kc 5c", "2d"],
                                   "pile": "6d", "to_move": 0})
    study = study_at(state)
    table = table_for(study)
    root = parse(table.board.html)
    downs = mover_cards(root, state)["down"]
    assert downs and all("playable" in d.classes for d in downs)
    table.board._handle_msg({"key": downs[-1].attrs["data-key"], "value": ""})
    assert study.node.action == A.FLIP


def test_a_click_drawn_for_another_position_is_ignored():
    study = lesson_study("pl-house-multiples")
    table = table_for(study)
    root = parse(table.board.html)
    stale = root.find(cls="playable").attrs["data-key"]
    study.forward()
    study.back()
    study.forward()
    before = study.selection
    table.board._handle_msg({"key": stale, "value": ""})
    assert study.selection == before


def test_only_the_just_drawn_card_of_the_rank_may_follow_at_once():
    """House quick play: after 8h 8d the refill draws 8s; the 8c held before may not follow."""
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["8h 8d 8c 5c", "4d 4s 4c"],
                                   "stock": "8s 9c 9d 9h", "pile": "6d", "to_move": 0})
    state = state.apply(state.parse_action("play 8h 8d"))
    assert state.phase is Phase.AFTER
    table = table_for(study_at(state))
    root = parse(table.board.html)
    hand = mover_cards(root, state)["hand"]
    marks = {el.attrs["data-card"]: ("playable" if "playable" in el.classes else "dimmed") for el in hand}
    assert marks == {"8c": "dimmed", "5c": "dimmed", "8s": "playable"}
    assert "not drawn just now" in next(el for el in hand if el.attrs["data-card"] == "8c").attrs["data-reason"]
    pick(table, "hand", "8s")
    press(table, "Throw 8♠ now")
    assert str(table.study.node.action) == "quick 8s"


# -- the other phases ---------------------------------------------------------------------------
def test_choosing_face_up_cards_by_tapping_them():
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "seed": 3})
    assert state.phase is Phase.CHOOSE
    table = table_for(study_at(state))
    hand = state.hands[state.to_move]
    for card in hand[:3]:
        pick(table, "hand", str(card))
    press(table, "Put ")
    node = table.study.node
    assert node.action == A.Choose(hand[:3])
    assert sorted(table.study.state.face_up[0]) == sorted(hand[:3])


def test_swapping_a_hand_card_with_a_face_up_card():
    state = FAMILY.start("bga", {"seats": ["Ann", "Ben"], "seed": 3})
    assert state.phase is Phase.SWAP
    table = table_for(study_at(state, "bga"))
    hand, up = state.hands[state.to_move], state.face_up[state.to_move]
    pick(table, "hand", str(hand[0]))
    pick(table, "hand", str(hand[1]))          # a second hand card replaces the first
    pick(table, "up", str(up[0]))
    press(table, f"Swap {hand[1].label} for {up[0].label}")
    assert table.study.node.action == A.Swap(hand[1], up[0])
    press(table, "Done swapping")
    assert table.study.node.action == A.READY


def test_a_chance_card_waits_to_be_played_or_kept():
    """House: a 7 drawn on a King cannot go, so the only way on is to keep it with the pile."""
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["4h 9c", "4d"], "pile": "Kd",
                                   "stock": "7s 8s 2c", "to_move": 0})
    table = table_for(study_at(state))
    press(table, "Chance")
    study = table.study
    assert study.state.phase is Phase.REVEAL
    root = parse(table.board.html)
    drawn = root.find(cls="drawn-zone").find(cls="card")
    assert drawn.attrs["data-card"] == "7s" and "dimmed" in drawn.classes
    assert "Play 7♠" in [b.text for b in root.find_all(cls="illegal")]
    press(table, "Play 7♠")
    assert study.notice.kind == "refused" and study.state.phase is Phase.REVEAL
    press(table, "Keep it and take the pile")
    assert study.node.action == A.PICKUP and "7s" in map(str, study.state.hands[0])


def test_answering_a_flash_in_the_caron_lesson():
    study = lesson_study("pl-caron-flashed-three")
    study.jump(0)                                # 3♠ has been flashed at Cat
    table = table_for(study)
    state = study.state
    assert state.phase is Phase.FLASH
    root = parse(table.board.html)
    assert "flashed at" in root.find(cls="flash-note").text
    playable = drawn_playable(root)
    assert playable == expected_playable(state) and all(c.rank.value == 3 for c in playable)
    main = study.node.children[0]
    pick(table, "hand", str(next(iter(playable))))
    press(table, "Send it back with 3")
    assert study.current == main


def test_a_refusal_that_rests_on_a_table_option_says_what_the_other_reading_gives():
    # house § Card Values: Aces: only an Ace answers an Ace (our reading); the other reading
    # (wild cards "can always" be played, § Playing the Game 2) would allow the 2
    state = FAMILY.start("house", {"seats": ["Ann", "Ben"], "hands": ["2c 5c", "Kc"], "pile": "8d Ah",
                                   "face_down": ["", "3d"], "to_move": 0})
    study = study_at(state)
    study.play(A.Play((state.hands[0][0],)))
    assert study.notice.kind == "refused"
    assert "Some tables read this rule the other way: wild cards" in study.notice.text
    assert "There this would be allowed" in study.notice.text
    # a refusal no option touches says nothing more
    study.play(A.Play((state.hands[0][1],)))
    assert study.notice.kind == "refused" and "other reading" not in study.notice.text
