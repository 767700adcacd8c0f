"""A chosen seat never reads another seat's hidden cards anywhere on the page.

DESIGN (hidden information through ``state.view(seat)``): with a seat chosen
("Ben's view"), the table, the narration, the events listed with a lesson step,
the tree's move labels, the step list and the pot chart's labels must not name a
card that seat could not see. The hidden cards are computed from the engine's
views alone (tests/tutor/seat_view_support.py), never from the tutor's filtering.
The teaching view (no seat) must show them, so each test can fail.

The lesson's own text (its introduction, a step's narration, a pause's entry in
the step list) is written for the teacher and is not checked here.
"""

from __future__ import annotations

import html
import random
import re

import pytest

pytest.importorskip("panel")

from tutor.model.app import TutorApp  # noqa: E402
from tutor.model.table_data import pot_line  # noqa: E402
from tutor.views.app import TutorView  # noqa: E402

from .seat_view_support import named_cards, never_seen  # noqa: E402
from .tables_support import catalog, stops  # noqa: E402

NAMES = ("Ann", "Ben", "Cleo")


def page_for(game: str) -> TutorView:
    page = TutorView(app=TutorApp(catalog()))
    page.app.game = game
    return page


def open_lesson(game: str, lesson_id: str) -> TutorView:
    page = page_for(game)
    assert page.app.open_lesson(lesson_id), page.app.notice
    return page


def open_seeded_game(game: str, variant: str, seed: int, moves: int) -> TutorView:
    """A dealt game of three, played on by random legal moves (the same for a seed)."""
    page = page_for(game)
    assert page.app.open_free_play(variant, list(NAMES), seed), page.app.notice
    study, rng = page.app.study, random.Random(seed)
    for _ in range(moves):
        if study.state.is_over:
            break
        assert study.play(rng.choice(study.state.legal_actions())).legal
    return page


def teacher_text(study) -> set[str]:
    """The lesson's own words at the cursor (written for the teacher, not checked)."""
    lesson = study.lesson
    if lesson is None:
        return set()
    if study.step is not None:
        return {lesson.steps[study.step].narration}
    return {lesson.intro or lesson.summary} if study.node.is_root else set()


# the rule cited, its summary and a ruling: fixed texts about the rules, not about this deal
# (a summary may say "7s" meaning sevens)
RULE_TEXTS = re.compile(r'<div class="rule">.*?</div>|<details class="source">.*?</details>'
                        r'|<div class="ruling">.*?</div>', re.DOTALL)


def at_cursor(page: TutorView) -> dict[str, str]:
    """What the page shows that depends on the cursor: the table and the narration pane
    (with the lesson's own text and the rule texts taken out)."""
    study = page.app.study
    narration = RULE_TEXTS.sub("", page.shell.narration_html)
    for text in teacher_text(study):
        narration = narration.replace(html.escape(text, True), "")
    return {"table": page.table._renderers[study.game].board.html, "narration": narration}


def labels(page: TutorView) -> list[tuple[str, int, str]]:
    """Every move label on the page as (where, node it names, text): the tree list, the
    step list (moves only; a pause quotes the lesson) and the pot chart."""
    study = page.app.study
    out = [("tree", item["key"], item["label"]) for item in page.tree._rows.items]
    for item in page.lesson.steps.items:
        index = item["key"]
        if index >= 0 and study.lesson.steps[index].action:
            out.append(("steps", study.step_node(index).id, item["label"]))
    line = study.tree.line(study.current)
    out += [("pot chart", node_id, text) for node_id, text in zip(line, pot_line(study).labels)]
    return out


def leaks(page: TutorView, seat: int | None, hidden_of: dict[int, dict[int, set]]) -> dict[str, set]:
    """Walk every stop of the line with ``seat`` chosen; for each part of the page, the
    cards it named that some seat (``seat`` itself, or every seat in the teaching view)
    never saw by then."""
    study = page.app.study
    study.seat = seat
    viewers = list(hidden_of) if seat is None else [seat]
    found: dict[str, set] = {}
    for _ in stops(study):
        for part, text in at_cursor(page).items():
            for viewer in viewers:
                found.setdefault(part, set()).update(named_cards(text, hidden_of[viewer][study.current]))
    for part, node_id, text in labels(page):
        for viewer in viewers:
            found.setdefault(part, set()).update(named_cards(text, hidden_of[viewer][node_id]))
    return found


def check_every_seat(page: TutorView, *, told_in_teaching: tuple[str, ...]) -> None:
    """No seat's view names a card it could not see; the teaching view names some of
    them, in the table and in each part of ``told_in_teaching``."""
    study = page.app.study
    seats = page.table._renderers[study.game].seat_names()  # the seat switch's choices
    assert len(seats) >= 2
    hidden_of = {seat: never_seen(study.tree, seat) for seat in range(len(seats))}
    for seat in hidden_of:
        shown = {part: cards for part, cards in leaks(page, seat, hidden_of).items() if cards}
        assert not shown, f"seat {seat} is shown cards it never saw: {shown}"
    teaching = leaks(page, None, hidden_of)
    for part in ("table", *told_in_teaching):
        assert teaching.get(part), f"the teaching view's {part} names no hidden card: the test cannot fail"


# -- Palace Poker: palace cards, battle hands -----------------------------------------------
def test_palace_poker_lesson_seat_views_hide_palace_cards_and_battle_hands():
    check_every_seat(open_lesson("palace-poker", "pp-four-jacks"), told_in_teaching=("narration",))


@pytest.mark.slow  # a long seeded game: the full suite's, not the quick loop's
def test_palace_poker_seeded_game_seat_views_hide_palace_cards():
    check_every_seat(open_seeded_game("palace-poker", "limit", 3, 80), told_in_teaching=("narration",))


# -- Palace: hands, face-down cards, refill and chance draws ------------------------------------
def test_palace_lesson_seat_views_hide_hands_and_refills():
    check_every_seat(open_lesson("palace", "pl-house-refill"), told_in_teaching=())


@pytest.mark.slow
@pytest.mark.parametrize("variant,seed", [("house", 1), ("caron", 2), ("bga", 0)])
def test_palace_seeded_game_seat_views_hide_hands_and_draws(variant, seed):
    check_every_seat(open_seeded_game("palace", variant, seed, 60), told_in_teaching=())


# -- King's Pot: cards bought, a card folded face down, the unturned tableau ---------------------
def test_kings_pot_lesson_seat_views_hide_bought_and_folded_cards():
    check_every_seat(open_lesson("kings-pot", "kp-full-deal"), told_in_teaching=("tree", "pot chart"))


@pytest.mark.slow
def test_kings_pot_seeded_game_seat_views_hide_bought_cards():
    check_every_seat(open_seeded_game("kings-pot", "standard", 5, 40), told_in_teaching=())


# -- the pieces one by one --------------------------------------------------------------------
def kp_lesson_at_the_single_fold():
    """kp-full-deal, at Cleo's single fold of 7♦ (step 9 of the lesson, from kings-pot.txt's example)."""
    from .tables_support import lesson_study

    study = lesson_study("kp-full-deal")
    index = next(i for i, step in enumerate(study.lesson.steps) if step.action == "fold 7d")
    study.jump(index)
    return study, index


def test_a_move_is_labelled_with_its_public_text_for_the_other_seats():
    study, _ = kp_lesson_at_the_single_fold()
    node = study.node
    cleo = [p.name for p in study.state.view(None).players].index("Cleo")
    assert node.actor == cleo
    assert node.label(None) == "fold 7d" and node.label(cleo) == "fold 7d"
    assert all(node.label(seat) == "fold a card" for seat in range(4) if seat != cleo)


def test_the_step_list_says_what_happened_in_words():
    """Each move's entry is the first clause of what the seat is told, not the notation."""
    study, index = kp_lesson_at_the_single_fold()
    for seat in (None, 0, 1):
        study.seat = seat
        items = {item.index: item.label for item in study.step_items()}
        assert items[index].startswith(f"{index + 1}. Cleo folds a card")
        assert "7d" not in items[index] and "7♦" not in items[index]
        moves = [i for i, step in enumerate(study.lesson.steps) if step.action]
        assert all(items[i] != f"{i + 1}. {study.lesson.steps[i].action}" for i in moves)
        assert all(len(items[i].split()) <= 14 for i in moves)  # short: a number and a whole short phrase


# -- notation that would tell a hidden card ------------------------------------------------------
@pytest.mark.parametrize("game,variant", [("palace", "house"), ("palace", "caron"), ("palace", "bga"),
                                          ("palace-poker", "limit"), ("palace-poker", "open-market"),
                                          ("kings-pot", "standard")])
def test_a_moves_label_for_another_seat_names_only_cards_that_seat_can_see(game, variant):
    """Why only King's Pot actions have a ``public_text``: in seeded random games, the
    cards that each move's label (as every other seat reads it) names are visible to
    that seat just before or just after the move, or turned up for all by the move.
    Palace plays, flashes, reflections, quick throws and setup choices put cards face
    up; Palace Poker discards are face-up soldiers; a King's Pot single fold is the
    one face-down move, and its public text names no card."""
    from rules.games import get_family
    from tutor.model.tree import Node

    from .seat_view_support import hidden_from, shown_by_move

    family = get_family(game)
    key = "players" if game == "kings-pot" else "seats"
    checked = 0
    for seed in range(8):
        state, rng = family.start(variant, {key: list(NAMES), "seed": seed}), random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            after = state.apply(action)
            node = Node(1, 0, after, action, str(action), actor=state.mover)
            for seat in range(len(NAMES)):
                if seat == node.actor:
                    continue
                secret = hidden_from(state, seat) & hidden_from(after, seat)
                secret -= shown_by_move(state, action, after)
                assert not named_cards(node.label(seat), secret), (seed, seat, str(action))
                checked += 1
            state = after
    assert checked > 250  # enough moves by others were read
