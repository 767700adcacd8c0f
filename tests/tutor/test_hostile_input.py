"""No input kills the page (issue 35, point 7): every parser of text a person or a link can
supply is thrown nested, huge and malformed input, answers with the app's own error
("... Nothing was changed."), keeps what was open, and the app still answers afterwards.

The expectations are what the issue asks, not the code's output: a refusal that names the
cause, the study that was open still open, and the next ordinary action still working."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib

import pytest

from lessons.errors import LessonError
from lessons.loader import load_lesson_text
from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.checkers.palace import PlayForm
from tutor.model.library import Library
from tutor.model.table_rules import TableRules

OPEN = "[" * 20_000  # the twenty thousand brackets, as typed into Play's table setup
NESTED = "[" * 20_000 + "]" * 20_000
NESTED_OBJECT = '{"a":' * 20_000 + "1" + "}" * 20_000
HUGE = '"' + "x" * 3_000_000 + '"'
MALFORMED = ('{"seed": ', "[1, 2", '{"seats": [1, {"a": ]}', "\ud800", "1" * 5_000, "\x00")


def link_of(payload: bytes) -> str:
    """A link in the share format (tutor/model/share.py's docstring) around any payload."""
    packed = zlib.compress(payload)
    return "pt1." + base64.urlsafe_b64encode(hashlib.sha256(packed).digest()[:6] + packed).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


@pytest.fixture
def app(catalog) -> TutorApp:
    app = TutorApp(catalog)
    app.open_job("play")
    assert app.study is not None
    return app


def refused_and_still_answering(app: TutorApp, study, *words: str) -> None:
    assert app.study is study, "the open study was replaced"
    text = app.shown_notice().text
    assert app.shown_notice().kind == "error" and "Nothing was changed" in text, text
    for word in words:
        assert word in text, text
    assert app.new_deal(), "the app no longer deals after the bad input"
    assert app.study is not study and app.study.state.legal_actions()


@pytest.mark.parametrize("text, why", [(OPEN, "20,000 deep"), ("[" * 9_000 + "]" * 9_000, "9,000 deep"),
                                       ('{"a":' * 3_000, "3,000 deep"), (HUGE, "characters long")] + [(m, "") for m in MALFORMED])
def test_table_setup_json(app, text, why):
    study = app.study
    assert not app.setup_table(app.table_rules.variant, "", "", text)
    refused_and_still_answering(app, study, why)


def test_table_setup_form_from_the_page(catalog):
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    view.shell.press("job", "play")
    study = view.app.study
    for value in (NESTED, HUGE, json.dumps({"variant": "", "players": "", "seed": "", "json": NESTED}),
                  json.dumps({"variant": "", "players": "", "seed": "", "json": "[" * 40}), "{oops"):
        view.shell.press("setup", value)
        assert view.app.study is study and "Nothing was changed" in view.app.shown_notice().text
    view.shell.press("new-deal")
    assert view.app.study is not study


@pytest.mark.parametrize("fragment, why", [
    (link_of(NESTED.encode()), "20,000 deep"),
    (link_of(NESTED_OBJECT.encode()), "20,000 deep"),
    (link_of(b"[" * 3_000_000), "too large"),
    (link_of(b'{"v": 1, "g": '), "not valid JSON"),
    (link_of(b"\xff\xfe"), "damaged"),
    ("pt1." + "A" * 300_000, "characters long"),
    ("[" * 20_000, "not a Palace Tutor study link"),
    ("pt1.%%%", "changed or cut"),
])
def test_links(app, fragment, why):
    study = app.study
    assert not app.open_link("https://example.org/index.html#" + fragment)
    refused_and_still_answering(app, study, why)


FILE_HEAD = "format: 1\ngame: palace\nvariant: house\n"


@pytest.mark.parametrize("text, why", [
    (FILE_HEAD + "setup: " + NESTED + "\ncurrent: 0\n", "20,000 deep"),
    (FILE_HEAD + 'setup: {"seed": 1}\ntitle: ' + NESTED + "\ncurrent: 0\n", "20,000 deep"),
    (FILE_HEAD + 'setup: {"seed": 1}\ncurrent: 0\nnote 0: ' + NESTED_OBJECT + "\n", "20,000 deep"),
    (FILE_HEAD + "setup: {" + "\n", "not written as JSON"),
    ("x" * 3_000_000, "too large"),
    ("\x00" * 100, "not a field"),
])
def test_study_files(app, text, why):
    study = app.study
    assert not app.import_file(text)
    refused_and_still_answering(app, study, why)


@pytest.mark.parametrize("text", [NESTED, NESTED_OBJECT, HUGE, *MALFORMED,
                                  '{"format": "palace-tutor-studies", "version": 1, "studies": ' + NESTED + "}"])
def test_saved_studies_storage(text):
    library = Library()
    assert not library.load(text)
    assert library.notice.kind == "error" and not library.writable
    assert library.stored == ""  # the device's text is left as it is: nothing is written over it


@pytest.mark.parametrize("text", [NESTED, HUGE, *MALFORMED])
def test_rule_sets_storage(catalog, text):
    rules = TableRules(catalog)
    assert not rules.load(text)
    assert rules.notice.kind == "error"


@pytest.mark.parametrize("text, why", [
    ("id = 'x'\nsteps = " + "[" * 20_000 + "]" * 20_000 + "\n", "nested"),
    ("id = 'x'\nnote = '" + "y" * 600_000 + "'\n", "too long"),
    ("id = 'x\n[[[", "not valid TOML"),
])
def test_lesson_files(text, why):
    with pytest.raises(LessonError, match=why):
        load_lesson_text(text, "hostile.toml")


def test_checker_fields_take_huge_and_bracketed_text():
    form = PlayForm()
    for text in ("[" * 20_000, "Q" * 200_000, "\x00\ud800"):
        assert not form.set_text("hand", text)
        assert "hand" in form.problems
    assert form.set_text("hand", "5c")
