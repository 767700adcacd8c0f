"""Nothing on screen answers a question before it is answered (issue 13.3).

At every question of every shipped lesson, while it is open: the game's table
shows the position but no move to tap, no legal or illegal mark, no verdict
("If called now: ..."), no leading hand; the step list hides the step being
asked. Once answered (or its answer shown), the moves come back.
"""

import pytest

pn = pytest.importorskip("panel")

from tutor.views.renderer import renderer_for  # noqa: E402

from .tables_support import catalog, lesson_study, parse  # noqa: E402


def questions():
    found = catalog()
    for game in found.game_ids():
        for entry in found.lessons_for(game):
            lesson = found.lesson(entry.id)
            for index, step in enumerate(lesson.steps):
                if step.quiz is not None:
                    yield pytest.param(lesson.id, index, id=f"{lesson.id}-step{index + 1}")


GIVEAWAYS = ("legal", "illegal", "playable", "leading", "pending", "preview", "best-five", "excluded",
             "quad-exception")


def at_question(lesson_id, index):
    study = lesson_study(lesson_id, answered=False)
    study.jump(index - 1) if index else study.jump(-1)
    assert study.quiz.step == index and study.quiz_open
    return study


@pytest.mark.parametrize("lesson_id, index", list(questions()))
def test_an_open_question_holds_back_every_answer_until_it_is_answered(lesson_id, index):
    study = at_question(lesson_id, index)
    table = renderer_for(study.game)(study=study)
    root = parse(table.board.html)
    # (the record of a battle already over may stay: it is history, not the question's answer)
    marked = sorted({c for el in root.walk() for c in el.classes if c in GIVEAWAYS
                     and not any("last" in a.classes for a in el.ancestors())})
    assert marked == [], f"the table marks {marked} while the question is open"
    keys = [el.attrs.get("data-key", "") for el in root.walk()]
    assert not [k for k in keys if "|do|" in k or "|pick|" in k or "|amount|" in k], "moves are offered"
    assert "If called now" not in root.text and "Answer the question first" in root.text
    labels = [item.label for item in study.step_items()]
    asked = study.lesson.steps[index]
    assert labels[index + 1] == f"{index + 1}. (answer the question first)"
    assert all(label.endswith("…") for label in labels[index + 2:])

    study.quiz.show_answer()
    assert not study.quiz_open
    after = parse(table.board.html)
    assert "Answer the question first" not in after.text
    if asked.action and not study.state.is_over:
        keys = [el.attrs.get("data-key", "") for el in after.walk()]
        assert any("|do|" in k or "|pick|" in k or "|amount|" in k for k in keys), "no move offered after"


@pytest.mark.parametrize("lesson_id, index", [q for q in questions() if q.values[1] >= 1][:4])
def test_moving_onto_a_question_reaches_the_table_once_with_the_question_already_open(lesson_id, index):
    # the table redraws on the cursor and on quiz_open; heard in two calls, it drew the
    # position first as if no question were asked (moves on offer), then again
    study = at_question(lesson_id, index)
    study.back()
    assert not study.quiz_open
    calls = []
    study.param.watch(lambda *events: calls.append((sorted(e.name for e in events), study.quiz_open)),
                      ["current", "step", "quiz_open"])
    study.forward()
    assert study.quiz.step == index
    assert len(calls) == 1, calls
    names, open_then = calls[0]
    assert "quiz_open" in names and open_then is True
