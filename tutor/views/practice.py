"""Practice (:class:`tutor.model.practice.PracticeModel`) on the page: one section of the
Shell's frame (``.view-practice``, shown for the job ``practice``) whose content is one HTML
part, ``practice``, made from the model alone: which game and rules, how many of them are
known, the drill's question and its choices as buttons; after an answer, right or wrong, why
(the engine's reasons), the section, the next drill and "Explore this position". Presses come
back as Shell acts: ``practice-game`` (a game id), ``practice-pick`` (a choice's key),
``practice-check``, ``practice-next``, ``practice-explore``.

A table's quiz (a teacher's link, ``practice.quiz``) shows "Question 3 of 10" and at its end
the learner's own score (``.practice-quiz-where``), with ``.practice-leave``.

Markup read by the browser tests: ``.practice-known``, ``.practice-question``,
``.practice-choice`` (``data-value``; ``aria-pressed`` in a several-answer drill),
``.practice-check``, ``.practice-verdict`` (``.right`` / ``.wrong``), ``.practice-why``,
``.practice-ref``, ``.practice-next``, ``.practice-explore``.

A drill whose answer is cards on the table (which moves may be made; which cards do not count
in a Palace Poker battle) shows its table (``.practice-table``,
:mod:`tutor.model.drill_table`): the mover's cards (and Palace's stock and pile), each card
that answers a choice a button (``.practice-card``, ``data-value`` the choice's key,
``aria-pressed`` when picked; after the answer ``.is-right`` / ``.is-wrong`` and the engine's
reason in its name). A tap comes back as ``practice-tap``. Check and the verdict come right under
the table (in sight of the cards); the choice buttons stay after them (``.practice-list-head``),
for the keyboard and for the choices the table has no place for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.model.table_rules import preset_title

from .tap_table import TABLE_CSS, table_html
from .text import tag

if TYPE_CHECKING:  # the frame imports this module for its section, without the page model
    from tutor.model.app import TutorApp

def practice_section_html() -> str:
    """The section in the page's frame; its content is the ``practice`` part."""
    return tag("section", "", "view view-practice", raw=tag("h1", "Practice", "", id="pt-practice-title")
               + tag("div", "", "practice-part", data_part="practice")
               + tag("div", "", "child mastery-slot", data_child="mastery"), aria_labelledby="pt-practice-title")


def _games_html(app: TutorApp) -> str:
    buttons = ""
    for game in app.catalog.game_ids():
        attrs = {"aria_pressed": "true" if game == app.practice.game else "false"}
        buttons += tag("button", app.game_title(game), "practice-game", type="button", data_act="practice-game",
                       data_value=game, **attrs)
    return tag("div", "", "practice-games", raw=buttons, role="group", aria_label="Game")


def _choices_html(app: TutorApp) -> str:
    model, drill = app.practice, app.practice.drill
    graded = model.graded
    right = set(graded.answer.right) if graded is not None else set()
    out = ""
    for choice in drill.choices:
        cls = "practice-choice"
        attrs = {}
        if drill.several:
            attrs["aria_pressed"] = "true" if choice.key in model.picked else "false"
        if graded is not None:
            attrs["disabled"] = ""
            cls += " is-right" if choice.key in right else (" is-wrong" if choice.key in graded.picked else "")
        label = choice.text + (" ✓" if graded is not None and choice.key in right else "")
        out += tag("li", "", "", raw=tag("button", label, cls, type="button", data_act="practice-pick",
                                         data_value=choice.key, **attrs))
    return tag("ul", "", "practice-choices", raw=out)


def _table_html(app: TutorApp) -> str:
    """The drill's table (see the module docstring), or '' for a drill asked in words only."""
    model, graded = app.practice, app.practice.graded
    drill = model.drill
    return table_html(model.table(), labels={c.key: c.text for c in drill.choices}, picked=model.picked,
                      several=drill.several, said=None if graded is None else graded.answer.said, act="practice-tap")


def _verdict_html(app: TutorApp) -> str:
    graded, drill = app.practice.graded, app.practice.drill
    if graded is None:
        if drill.several:
            return tag("button", "Check", "practice-check primary", type="button", data_act="practice-check")
        return ""
    words = "Right." if graded.correct else "Not quite."
    verdict = tag("p", words, "practice-verdict " + ("right" if graded.correct else "wrong"), role="status")
    why = tag("p", graded.why, "practice-why") if graded.why else ""
    ref = tag("p", f"Rule: {graded.ref.words}", "practice-ref")
    following = "Next question ▶" if app.practice.quiz is not None else "Next drill ▶"
    buttons = tag("button", following, "practice-next primary", type="button", data_act="practice-next")
    if not drill.position.checker:
        buttons += tag("button", "Explore this position", "practice-explore", type="button",
                       data_act="practice-explore")
    return verdict + why + ref + tag("div", "", "practice-buttons", raw=buttons)


def practice_html(app: TutorApp) -> str:
    """The practice section's content (see the module docstring)."""
    model = app.practice
    if not model.game:
        return ""
    from tutor.model.learning import matrix_of  # here, not above: the frame imports this module

    head = "" if model.quiz is not None else _games_html(app)
    # the same words and count as the map's row of this rule book below (one count, not two)
    row = matrix_of(model.mastery, app.catalog, model.game, model.variant)
    if row is not None:
        head += tag("p", row.sentence(), "practice-known")
    else:
        rules = "your table's rules" if model.options else preset_title(app.catalog, model.game, model.variant)
        head += tag("p", f"{app.game_title(model.game)}, {rules}: {model.known_words('rules')}", "practice-known")
    if model.quiz is not None:
        head += tag("p", "", "practice-quiz", raw=tag("span", model.quiz_words(), "practice-quiz-where")
                    + tag("button", "Leave the quiz", "practice-leave", type="button", data_act="practice-leave"))
    if model.problem:
        head += tag("p", model.problem, "practice-problem", role="alert")
    if model.drill is None:
        return head
    body = tag("p", model.drill.question, "practice-question")
    table = _table_html(app)
    if table:  # the table, then Check and the verdict under it (in sight of the cards), the list after
        if model.graded is None:
            ask = model.table()
            hint = ask.ask if ask is not None and model.drill.several else "Tap the move on the table"
            body += table + tag("p", f"{hint}. The same choices are listed in words below.", "practice-hint")
        else:
            body += table
        body += _verdict_html(app) + tag("p", "The choices in words", "practice-list-head") + _choices_html(app)
        return head + tag("div", "", "practice-drill", raw=body)
    if model.drill.several:
        body += tag("p", "Pick every right answer, then Check.", "practice-hint")
    body += _choices_html(app) + _verdict_html(app)
    return head + tag("div", "", "practice-drill", raw=body)


PRACTICE_CSS = """
/* practice (tutor.views.practice) */
.pt-app:not([data-job="practice"]) .view-practice { display: none; }
.view-practice { max-width: 760px; margin: 0 auto; padding: 12px 12px 40px; overflow-y: auto; }
.practice-games { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 6px; }
.practice-games button, .practice-choices button, .practice-buttons button, .practice-check { min-height: 44px; }
.practice-games button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
.practice-known { color: var(--muted); margin: 4px 0 10px 0; }
.practice-problem { color: #8a1c1c; }
.practice-drill { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
.practice-question { font-size: 1.1rem; font-weight: 700; margin: 0 0 8px 0; }
.practice-hint { color: var(--muted); margin: 0 0 6px 0; }
.practice-choices { list-style: none; margin: 0 0 8px 0; padding: 0; display: grid; gap: 6px; }
.practice-choice { width: 100%; text-align: left; padding: 6px 12px; background: #fff; color: var(--ink); }
.practice-choice[aria-pressed="true"] { border: 2px solid var(--accent); background: #e8f0fc; }
.practice-choice.is-right { border: 2px solid #1b6b34; background: #e6f4ea; color: #12351f; }
.practice-choice.is-wrong { border: 2px solid #8a1c1c; background: #fbeaea; color: #4a0f0f; }
.practice-verdict { font-weight: 700; font-size: 1.05rem; margin: 6px 0 2px 0; }
.practice-verdict.right { color: #1b6b34; }
.practice-verdict.wrong { color: #8a1c1c; }
.practice-why, .practice-ref { margin: 2px 0; }
.practice-ref { color: var(--muted); font-size: 0.92rem; }
.practice-buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.mastery-slot { margin-top: 16px; }
.practice-list-head { font-weight: 600; margin: 10px 0 4px 0; }
""" + TABLE_CSS

