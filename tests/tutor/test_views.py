"""The Panel page under CPython: the shell shows the models, escapes user text,
and wires presses, the page bridge (keys, address) and the jobs to the study.
The compiled app is tested in the browser (tests/browser/test_app_*.py)."""

import pytest

pn = pytest.importorskip("panel")

from tutor.model.app import TutorApp  # noqa: E402
from tutor.model.share import encode_link  # noqa: E402
from tutor.views.app import TutorView, notice_html  # noqa: E402
from tutor.views.lesson import narration_html  # noqa: E402
from tutor.views.renderer import DefaultRenderer, TableRenderer, renderer_for  # noqa: E402
from tutor.views.cards import card_back, card_face  # noqa: E402
from tutor.model.study import Notice  # noqa: E402
from rules.cards import Card  # noqa: E402

from . import toygame  # noqa: E402
from .toygame import Add  # noqa: E402

INJECTION = '<img src=x onerror="window.pwned=1">'


@pytest.fixture
def view():
    page = TutorView(app=TutorApp(toygame.catalog(toygame.lesson(quiz_at=1))))
    page.bridge._handle_msg({"kind": "start", "value": ""})
    page.shell.press("job", "learn")
    return page


def test_the_start_message_shows_the_first_screen_and_learn_opens_the_first_lesson():
    page = TutorView(app=TutorApp(toygame.catalog()))
    page.bridge._handle_msg({"kind": "start", "value": ""})
    assert page.bridge.started and page.app.job == "home" and page.shell.ui_state()["job"] == "home"
    page.shell.press("job", "learn")
    assert page.app.study.lesson.id == "race-basics" and page.shell.ui_state()["job"] == "learn"
    assert "Welcome to the race." in page.shell.narration_html


def test_a_late_first_report_does_not_undo_the_first_tap():
    # the page repeats its first report until Python answers: a tap on Learn can get there first
    page = TutorView(app=TutorApp(toygame.catalog()))
    page.shell.press("job", "learn")
    page.bridge._handle_msg({"kind": "start", "value": ""})
    assert page.app.job == "learn" and page.app.study.lesson.id == "race-basics"


def test_step_list_counter_and_buttons(view):
    assert [i["label"] for i in view.lesson.steps.items][:2] == ["Start: Race basics", "1. North adds 3"]
    assert view.lesson.steps.selected == -1
    ui = view.shell.ui_state()
    assert ui["counter"] == "Start · 4 steps" and not ui["can_back"] and ui["can_forward"]
    view.shell.press("next")
    assert view.lesson.steps.selected == 0
    assert "Step 1 of 4" in view.shell.narration_html and view.shell.ui_state()["counter"] == "Step 1 of 4"
    view.lesson.steps._handle_msg({"key": 3})
    ui = view.shell.ui_state()
    assert view.app.study.step == 3 and not ui["can_forward"] and ui["counter"] == "Step 4 of 4"
    view.shell.press("start")
    assert view.app.study.step is None and view.app.study.current == 0


def test_the_frame_has_landmarks_the_three_jobs_and_every_slot(view):
    frame = view.shell.frame
    for part in ("<header", "<nav", "<main", 'data-child="table"', 'data-child="quiz"', 'data-child="steps"',
                 'data-child="tree"', 'data-child="share"', 'data-child="checker"', 'data-child="debug"',
                 'data-part="narration"', 'aria-live="polite"'):
        assert part in frame, part
    for job in ("learn", "play", "settle"):
        assert f'data-act="job" data-value="{job}"' in frame
    assert 'class="view-debug" hidden=""' in frame   # the self-check shows only with ?debug


def test_jobs_switch_and_study_keys_only_step_a_study(view):
    view.shell.press("job", "settle")
    assert view.app.job == "settle" and view.shell.ui_state()["job"] == "settle"
    step = view.app.study.step
    view.bridge._handle_msg({"kind": "key", "value": "next"})
    assert view.app.study.step == step                 # the arrows step only a shown study
    view.shell.press("job", "learn")
    view.bridge._handle_msg({"kind": "key", "value": "next"})
    assert view.app.study.step == 0


def test_play_deals_and_the_seat_and_game_choices_reach_the_model(view):
    view.shell.press("job", "play")
    ui = view.shell.ui_state()
    assert view.app.job == "play" and view.app.study.lesson is None
    assert ui["play_game"] == "race" and ui["counter"] == "Start" and not ui["has_steps"]
    # a game from its first card: the table shows the seat of whoever holds the device, and
    # the seat switch offers no other seat (the all-cards view is Play's own switch)
    assert [s[1] for s in ui["seats"]] == ["Everyone's (teaching)"] and ui["seat"] == 0
    view.shell.press("seat", "1")
    view.shell.press("seat", "-1")
    assert view.app.study.seat == 0
    view.shell.press("play-game", "relay")
    assert view.app.study.game == "relay" and view.shell.ui_state()["play_game"] == "relay"
    view.shell.press("play-game", "no-such-game")   # ignored
    assert view.app.study.game == "relay"


def test_the_setup_form_deals_with_names_and_a_shuffle_number_or_says_what_is_wrong(view):
    view.shell.press("job", "play")
    view.shell.press("setup", '{"variant": "twelve", "players": "Ann, Bo", "seed": "7", "json": ""}')
    assert view.app.study.setup == {"seats": ["Ann", "Bo"], "seed": 7} and view.app.study.variant == "twelve"
    study = view.app.study
    view.shell.press("setup", '{"variant": "ten", "players": "", "seed": "", "json": "[1, 2"}')
    assert view.app.study is study and "not valid JSON" in view.shell.notice_html
    view.shell.press("new-deal")
    assert view.app.study is not study and view.app.study.setup["seats"] == ["Ann", "Bo"]


def test_arrow_keys_step_through_the_bridge(view):
    view.bridge._handle_msg({"kind": "key", "value": "next"})
    view.bridge._handle_msg({"kind": "key", "value": "next"})
    assert view.app.study.step == 1
    view.bridge._handle_msg({"kind": "key", "value": "prev"})
    assert view.app.study.step == 0


def test_the_address_follows_the_study(view):
    view.app.study.forward()
    assert view.bridge.fragment == encode_link(view.app.study)   # the address bar (always on the page)
    assert view.share.qr.fragment == view.bridge.fragment        # the share box, drawn once its tab opens


LATER = {"tree", "share", "saved", "extra", "players", "rules", "checker", "mastery"}


def _models(view):
    from bokeh.document import Document
    root = view.__panel__().get_root(Document())
    return list(root.references())


def _classes(models):
    return {c for m in models for c in (getattr(m, "css_classes", None) or [])}


def test_a_start_builds_only_what_shows_and_the_page_asks_for_the_rest_by_name(view):
    # the drawer's tabs, Play's setup and players, the checker and the compare pane come
    # when their slot first shows (issue 17); the bridges for the address and the
    # device's storage are on the page from the start
    shell = view.shell
    assert set(shell.pending) == LATER and all(getattr(shell, name) is None for name in LATER)
    start = _models(view)
    assert {"page-bridge", "library-store", "rules-store"} <= _classes(start)
    assert not _classes(start) & {"library-list", "rules-form", "link-box", "tree-pane", "players-strip"}
    shell.press("show", "tree")
    given = shell.tree
    assert given is not None and "tree" not in shell.pending
    shell.press("show", "tree")       # asked twice (the page asks once; a repeat changes nothing)
    shell.press("show", "no-such-part")
    assert shell.tree is given and set(shell.pending) == LATER - {"tree"}
    for name in sorted(LATER - {"tree"}):
        shell.press("show", name)
    assert shell.pending == [] and all(getattr(shell, name) is not None for name in LATER)
    every = _models(view)
    assert {"library-list", "rules-form", "link-box", "tree-pane", "players-strip"} <= _classes(every)
    assert len(start) * 2 < len(every)  # the shipped app on its first screen: 22 of 63 Bokeh models


def _sent(root, css_class):
    """The data the page gets for the part with ``css_class`` (None: not on the page)."""
    found = [m for m in root.references() if css_class in (getattr(m, "css_classes", None) or [])]
    return found[0].data if found else None


def test_a_part_given_late_is_sent_with_what_happened_before_it_was_drawn(view):
    from bokeh.document import Document
    doc = Document()
    root = view.__panel__().get_root(doc)
    doc.add_root(root)
    view.app.study.forward()
    view.app.study.forward()
    assert _sent(root, "link-box") is None and _sent(root, "tree-list") is None
    view.shell.press("show", "share")
    assert _sent(root, "link-box").fragment == encode_link(view.app.study)
    view.shell.press("show", "tree")
    assert _sent(root, "tree-list").selected == view.app.study.node.id == 2


def test_a_link_in_the_address_opens_at_start():
    app = TutorApp(toygame.catalog())
    study = toygame.lesson()
    from tutor.model.study import Study
    s = Study.from_lesson(study, toygame.FAMILY)
    s.jump(2)
    page = TutorView(app=app)
    page.bridge._handle_msg({"kind": "start", "value": encode_link(s)})
    page.bridge._handle_msg({"kind": "start", "value": ""})  # a repeated ping is ignored
    assert (app.study.current, app.study.step) == (2, 2)


def test_clicking_an_action_branches_and_the_tree_shows_it(view):
    renderer = view.table._renderers["race"]
    assert isinstance(renderer, DefaultRenderer)
    view.app.study.jump(0)
    view.app.study.quiz.show_answer()   # the question asked here holds the moves back until then
    labels = [item["label"] for item in renderer._actions.items]
    assert labels == ["+1", "+2", "+3"]
    renderer._actions._handle_msg({"key": 0})   # "+1"
    assert view.app.study.state.total == 4
    rows = view.tree._rows.items
    # the tree says the move in words with who made it (the toy game says its moves as "+1")
    assert any(r["label"] == "↳ 2. South: +1" and r["depth"] == 1 for r in rows), [r["label"] for r in rows]
    assert view.tree._rows.selected == view.app.study.current
    assert not view.tree._promote.disabled


def test_an_illegal_click_shows_the_engine_reason(view):
    view.app.study.jump(3)   # total 8
    renderer = view.table._renderers["race"]
    illegal = [i for i in renderer._actions.items if i["cls"] == "illegal"]
    assert [i["label"] for i in illegal] == ["+3"] and "would pass 10" in illegal[0]["title"]
    renderer._actions._handle_msg({"key": illegal[0]["key"]})
    assert "would pass 10" in notice_html(view.app.study.notice)


def test_user_text_is_escaped_everywhere(view):
    study = view.app.study
    study.title = INJECTION
    study.set_note(INJECTION)
    assert "<img" not in view.shell.heading_html and "&lt;img" in view.shell.heading_html
    assert "<img" not in narration_html(study) and "&lt;img" in narration_html(study)
    assert "<img" not in notice_html(Notice("error", INJECTION))
    assert view.tree._rows.items[0]["label"].endswith(INJECTION)  # shown by textContent in the browser


def test_typed_notation_that_does_not_parse_changes_nothing(view):
    tree = view.app.study.tree
    view.shell.press("typed", "plus two")
    assert view.app.study.tree is tree and "'plus two'" in view.app.study.notice.text
    assert "&#x27;plus two&#x27;" in view.shell.notice_html


def test_quiz_pane_asks_before_its_step_with_picks_checked_together(view):
    study = view.app.study
    study.jump(0)
    box = view.lesson.quiz._box
    assert box.shown and box.question == "What may South add now?" and box.multiple
    assert [o["label"] for o in box.options] == ["+1", "+2", "+3"]
    assert box.score == "1 question in this lesson"
    # while it is open the table offers no moves and the step list hides the step asked
    renderer = view.table._renderers["race"]
    assert [i["cls"] for i in renderer._actions.items] == ["asking"]
    assert view.lesson.steps.items[2]["label"] == "2. (answer the question first)"
    box._handle_msg({"kind": "toggle", "key": "+2"})
    assert box.picked == ["+2"]
    box._handle_msg({"kind": "check"})
    assert box.correct is False and "2 allowed moves are still missing" in box.verdict and not box.done
    for key in ("+1", "+3"):
        box._handle_msg({"kind": "toggle", "key": key})
    box._handle_msg({"kind": "check"})
    assert box.correct is True and box.verdict.startswith("Right") and box.done
    assert box.score == "Score: 0 of 1 right first time (1 question in this lesson)"
    assert [i["label"] for i in renderer._actions.items] == ["+1", "+2", "+3"]       # the moves are back
    assert view.lesson.steps.items[2]["label"] == "2. South adds 3"
    box._handle_msg({"kind": "again"})
    assert not box.done and box.verdict == "" and study.quiz_open
    box._handle_msg({"kind": "show"})
    assert box.done and box.verdict.startswith("The allowed moves are +1; +2; +3.")
    box._handle_msg({"kind": "nonsense"})
    study.forward()


def test_cards_are_drawn_with_suit_colour_and_backs():
    queen = card_face(Card.parse("Qh"))  # one way to draw a card everywhere (issue 14: no second helper)
    assert 'class="card face red"' in queen and ">Q<" in queen and ">♥<" in queen
    assert "card back" in card_back()


def test_table_cards_carry_their_suit_for_the_four_colour_deck():
    from tutor.views.cards import CARD_CSS, card_face

    # the suit is the last letter of data-card: the four-colour deck's CSS reads it from there
    assert 'class="card face black" data-card="Qc"' in card_face(Card.parse("Qc"))
    assert 'class="card face red" data-card="Td"' in card_face(Card.parse("10d"))
    assert '[data-card$="c"] { color: var(--club' in CARD_CSS and '[data-card$="d"] { color: var(--diamond' in CARD_CSS


class Custom(TableRenderer):
    def _build(self):
        return pn.pane.HTML("custom")

    def refresh(self):
        pass


def test_the_table_a_game_declares_is_its_renderer_and_a_game_without_one_is_an_error():
    # issue 31: a game's table is the `table` part of its registration; none declared is an
    # error the tests find, not a silent fall back to the default table
    from rules.errors import NotationError
    from rules.games import PartError, Registration, register, unregister

    register(Registration("race-test", "Race test", "racegame", {"table": f"{__name__}:Custom"}))
    register(Registration("race-bare", "Race bare", "racegame"))
    try:
        assert renderer_for("race-test") is Custom and renderer_for("race") is DefaultRenderer
        with pytest.raises(PartError, match="declares no 'table' part"):
            renderer_for("race-bare")
        with pytest.raises(NotationError, match="no-such-game"):
            renderer_for("no-such-game")
    finally:
        unregister("race-test")
        unregister("race-bare")


def test_a_link_to_another_game_switches_game_and_lesson_pickers():
    relay = toygame.lesson(("+1", "+1"), lesson_id="relay-start", title="Relay start", game="relay")
    from tutor.model.study import Study
    linked = Study.from_lesson(relay, toygame.RELAY)
    linked.jump(1)
    page = TutorView(app=TutorApp(toygame.catalog(toygame.lesson(), relay)))
    page.bridge._handle_msg({"kind": "start", "value": encode_link(linked)})
    assert page.app.study.lesson.id == "relay-start" and page.app.study.step == 1
    assert page.app.job == "learn" and page.shell.ui_state()["lesson"] == "relay-start"
    assert 'value="relay-start"' in page.shell.frame and 'value="race-basics"' in page.shell.frame
    page.shell.press("lesson", "race-basics")
    assert page.app.study.lesson.id == "race-basics" and page.shell.ui_state()["lesson"] == "race-basics"


def _link_at_step(step):
    from tutor.model.study import Study

    s = Study.from_lesson(toygame.lesson(), toygame.FAMILY)
    s.jump(step)
    return encode_link(s)


def test_the_first_report_arriving_after_an_address_change_does_not_reopen():
    # The page's first report ("start", repeated until confirmed) and an address
    # change ("hash") can cross on their way to the worker. A late start must not
    # open its (older) address over the link just opened, nor wipe what the
    # learner picked on the table since.
    app = TutorApp(toygame.catalog())
    page = TutorView(app=app)
    page.bridge._handle_msg({"kind": "hash", "value": _link_at_step(2)})
    study = app.study
    study.selection = ("picked",)
    page.bridge._handle_msg({"kind": "start", "value": ""})  # sent before the address changed
    assert app.study is study and (study.step, study.selection) == (2, ("picked",))


def test_the_same_link_reported_twice_keeps_the_open_study():
    app = TutorApp(toygame.catalog())
    page = TutorView(app=app)
    link = _link_at_step(2)
    page.bridge._handle_msg({"kind": "start", "value": link})
    study = app.study
    study.selection = ("picked",)
    page.bridge._handle_msg({"kind": "hash", "value": link})
    assert app.study is study and study.selection == ("picked",)
    # another link still opens
    page.bridge._handle_msg({"kind": "hash", "value": _link_at_step(1)})
    assert app.study is not study and app.study.step == 1


def test_delete_then_undo_and_redo_from_the_tree_pane(view):
    study = view.app.study
    study.jump(0)
    study.play(Add(1))
    view.tree._note.value = "one is slow"
    view.tree._save_note.clicks += 1
    assert study.node.note == "one is slow" and not view.tree._undo.disabled
    assert study.undo_stack[-1].label == "change a note" and view.tree._redo.disabled
    branch = study.current
    view.tree._delete.clicks += 1
    assert branch not in study.tree
    assert "\u201cone is slow\u201d" in notice_html(study.notice) and "Undo brings them back" in study.notice.text
    view.tree._undo.clicks += 1
    assert branch in study.tree and study.node.note == "one is slow"
    assert study.redo_stack[-1].label == "delete 1 position" and not view.tree._redo.disabled
    assert any("one is slow" in r["label"] for r in view.tree._rows.items)
    view.tree._redo.clicks += 1
    assert branch not in study.tree and view.tree._redo.disabled


def test_a_next_does_not_walk_every_model_of_the_page(view, monkeypatch):
    # Panel tags data models with their root after every change of a component;
    # under the Shell that walk covered the whole page on each Next (issue 17)
    from bokeh.document import Document
    from bokeh.model import Model

    doc = Document()
    root = view.__panel__().get_root(doc)
    doc.add_root(root)
    shell_data = view.shell._models[root.ref["id"]][0].data
    walked = []
    select = Model.select
    monkeypatch.setattr(Model, "select", lambda self, selector: walked.append(self) or select(self, selector))
    view.shell.press("next")
    assert "Step 1 of" in view.shell.ui_state()["counter"]
    assert shell_data not in walked
    assert f"__ref:{root.ref['id']}" in shell_data.tags
    # a new child can bring new data models: those are still tagged
    view.shell.extra = pn.pane.HTML("new")
    assert shell_data in walked


def _count_updates(parts):
    """How many times each part's parameters change (one batch: once; Panel sends a part's
    batch to the browser as one message)."""
    from collections import Counter

    updated = Counter()
    for name, part in parts.items():
        part.param.watch(lambda *_e, name=name: updated.update([name]), [p for p in part.param if p != "name"])
    return updated


def test_a_next_updates_each_part_of_the_page_once(view):
    # one page model reports a move once: the step bar, the step list, the table, the
    # address and the share link each change, and each is sent to the browser once
    from bokeh.document import Document

    doc = Document()
    doc.add_root(view.__panel__().get_root(doc))
    view.shell.press("show", "share")
    view.shell.press("show", "tree")
    renderer = view.table._renderers["race"]
    parts = {"shell": view.shell, "steps": view.lesson.steps, "bridge": view.bridge, "link": view.share.qr,
             "tree": view.tree._rows, "table": renderer._table, "moves": renderer._actions,
             "quiz": view.lesson.quiz._box, "note": view.tree._note}
    updated = _count_updates(parts)
    view.shell.press("next")
    # (the quiz box too: the lesson asks its question before step 2, at step 1)
    assert dict(updated) == {"shell": 1, "steps": 1, "bridge": 1, "link": 1, "tree": 1, "table": 1, "moves": 1,
                             "quiz": 1}
    study = view.app.study
    assert view.shell.ui_state()["counter"] == "Step 1 of 4" and view.lesson.steps.selected == 0
    assert view.bridge.fragment == encode_link(study) and view.tree._rows.selected == study.current


def test_a_next_sends_the_new_link_once_to_the_share_box_and_once_to_the_address(view):
    # each property a part changes is a message of its own from the page's Python (Panel's worker
    # sends each document event alone): the link shown, its QR code and Copy are one component,
    # and the address and Continue's words are one value of the bridge
    from bokeh.document import Document
    from panel.io.state import state

    doc = Document()
    doc.add_root(view.__panel__().get_root(doc))
    state._loaded[doc] = True  # as in the browser: else Panel holds the document's events
    view.shell.press("show", "share")
    owners = {id(model.data): name for name, part in (("bridge", view.bridge), ("share", view.share.qr))
              for model, _ in part._models.values()}
    sent: list[tuple[str, str]] = []
    doc.on_change(lambda e: sent.append((owners.get(id(getattr(e, "model", None)), "other"), getattr(e, "attr", ""))))
    view.shell.press("next")
    assert sorted(m for m in sent if m[0] != "other") == [("bridge", "open_study"), ("share", "fragment")]
    assert view.bridge.fragment == view.share.qr.fragment == encode_link(view.app.study)
    assert view.bridge.label.startswith(view.app.study.lesson.title)
