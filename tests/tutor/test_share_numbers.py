"""Numbers in links and study files (issue 18, point 1): a number is a short
run of ASCII digits and a version is exactly the integer 1. Anything else is
refused with the app's own error (``ShareError``), never a bare ``ValueError``
from ``int()`` (4,300-digit limit, superscripts that pass ``isdigit()``), and
never read as some other number (Arabic-Indic digits that ``int()`` accepts,
``true`` or ``1.0`` taken for 1)."""

import base64
import hashlib
import zlib

import pytest

from tutor.model.app import TutorApp
from tutor.model.share import ShareError, decode_link, export_text, import_text

from . import toygame
from .test_share import explored, make_link
from .toygame import Add

LONG = "1" * 5000          # past int()'s 4,300-digit limit
SUPERSCRIPT = "\u00b9"      # '¹': isdigit() is True, int() raises
ARABIC_ONE = "\u0661"       # '١': int() reads it as 1
GOOD = {"v": 1, "g": "race", "r": "ten", "l": "race-basics", "t": [[0, "+3"], [1, "+3"], [2, "+2"]],
        "c": 3}


def _refused(load):
    with pytest.raises(ShareError) as err:
        load()
    assert "Nothing was changed" in str(err.value)
    return str(err.value)


# -- links ---------------------------------------------------------------------------
@pytest.mark.parametrize("version", [LONG, SUPERSCRIPT, ARABIC_ONE, "\uff11"])
def test_a_link_version_is_ascii_digits_of_bounded_length(version):
    link = make_link(GOOD)
    message = _refused(lambda: decode_link(f"pt{version}." + link[4:], toygame.catalog()))
    assert "not a Palace Tutor study link" in message and len(message) < 300  # the 5,000 digits are not echoed back


@pytest.mark.parametrize("version", [True, 1.0, "1", [1]])
def test_a_payload_version_is_exactly_the_integer_one(version):
    message = _refused(lambda: decode_link(make_link({**GOOD, "v": version}), toygame.catalog()))
    assert "format" in message


@pytest.mark.parametrize("key", [LONG, SUPERSCRIPT, ARABIC_ONE, "01", "+1", " 1"])
def test_a_note_position_is_a_plain_position_number(key):
    message = _refused(lambda: decode_link(make_link({**GOOD, "o": {key: "a note"}}), toygame.catalog()))
    assert "note on position" in message and len(message) < 300


def test_a_good_note_position_still_opens():
    snapshot = decode_link(make_link({**GOOD, "o": {"1": "a note"}}), toygame.catalog())
    assert snapshot.tree[1].note == "a note"


def test_a_huge_number_in_the_json_is_refused_cleanly():
    # json.loads itself refuses a 5,000-digit integer; that must still be a ShareError
    packed = zlib.compress(('{"v":1,"g":"race","r":"ten","l":"race-basics","t":[],"c":' + LONG + "}").encode())
    body = hashlib.sha256(packed).digest()[:6] + packed
    _refused(lambda: decode_link("pt1." + base64.urlsafe_b64encode(body).rstrip(b"=").decode(),
                                 toygame.catalog()))


# -- files ---------------------------------------------------------------------------
def _file():
    return export_text(explored())


@pytest.mark.parametrize("field", ["format", "current", "step"])
@pytest.mark.parametrize("number", [LONG, SUPERSCRIPT, ARABIC_ONE, "\uff11", "1.0", "true", "-1"])
def test_a_file_field_number_is_ascii_digits_of_bounded_length(field, number):
    lines = [line for line in _file().splitlines() if not line.startswith(f"{field}:")]
    lines.insert(3, f"{field}: {number}")
    message = _refused(lambda: import_text("\n".join(lines), toygame.catalog()))
    assert "whole number" in message or "format" in message
    assert len(message) < 300


@pytest.mark.parametrize("line", [
    f"{LONG} (after 0): +3",
    f"1 (after {LONG}): +3",
    f"1 (after {ARABIC_ONE}): +3",
    f"{ARABIC_ONE} (after 0): +3",
    f"note {LONG}: \"x\"",
    f"note {ARABIC_ONE}: \"x\"",
    f"note {SUPERSCRIPT}: \"x\"",
])
def test_a_file_position_or_note_number_is_ascii_digits_of_bounded_length(line):
    text = "\n".join(["format: 1", "game: race", "variant: ten", "lesson: race-basics", "current: 0", line])
    message = _refused(lambda: import_text(text, toygame.catalog()))
    assert len(message) < 300


def test_a_good_file_still_opens():
    snapshot = import_text(_file(), toygame.catalog())
    assert snapshot.title == "Friday's game"


# -- the entry points: any refusal is a notice, and the study stays -------------------
@pytest.fixture
def app():
    model = TutorApp(toygame.catalog(toygame.lesson()))
    model.start("")
    model.open_job("learn")  # the page opens on its first screen; a study needs a job
    model.study.jump(0)
    model.study.play(Add(1))
    return model


BAD_LINKS = [f"#pt{LONG}.AAAA", f"#pt{SUPERSCRIPT}.AAAA", f"#pt{ARABIC_ONE}.AAAA", "#pt1.abc%",
             "#" + make_link({**GOOD, "v": True}), "#" + make_link({**GOOD, "o": {SUPERSCRIPT: "x"}}),
             "#" + "A" * 300_000]
BAD_FILES = [f"format: {SUPERSCRIPT}\n", f"format: {LONG}\n", f"format: 1\n{LONG} (after 0): +3\n",
             b"format: 1\n\xff", f"format: 1\nnote {SUPERSCRIPT}: \"x\"\n".encode()]


@pytest.mark.parametrize("link", BAD_LINKS, ids=range(len(BAD_LINKS)))
def test_a_bad_link_is_a_notice_and_the_study_stays(app, link):
    study, tree, current = app.study, app.study.tree, app.study.current
    assert app.open_link(link) is False
    assert app.study is study and study.tree is tree and study.current == current
    assert app.notice.kind == "error" and len(app.notice.text) < 400


@pytest.mark.parametrize("link", BAD_LINKS, ids=range(len(BAD_LINKS)))
def test_a_bad_link_at_start_stays_on_the_first_screen_with_a_notice(link):
    model = TutorApp(toygame.catalog(toygame.lesson()))
    model.start(link)
    assert model.job == "home" and model.study is None
    assert model.notice.kind == "error"


@pytest.mark.parametrize("content", BAD_FILES, ids=range(len(BAD_FILES)))
def test_a_bad_file_is_a_notice_and_the_study_stays(app, content):
    study, tree = app.study, app.study.tree
    assert app.import_file(content) is False
    assert app.study is study and study.tree is tree
    assert app.notice.kind == "error" and len(app.notice.text) < 400


def test_any_value_error_from_opening_is_still_only_a_notice(app, monkeypatch):
    # the entry points' last guard: whatever refusal escapes share's own checks
    def broken(*_args, **_kwargs):
        raise ValueError("an engine refused " + "x" * 10_000)
    monkeypatch.setattr("tutor.model.page_links.decode_link", broken)
    monkeypatch.setattr("tutor.model.page_links.import_text", broken)
    study, tree = app.study, app.study.tree
    assert app.open_link("#pt1.AAAA") is False and app.import_file("format: 1") is False
    assert app.study is study and study.tree is tree
    assert app.notice.kind == "error" and "Nothing was changed" in app.notice.text and len(app.notice.text) < 400


# -- fuzzing: any digits of any script, anywhere a number goes ------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402

_digits = st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(_digits, st.sampled_from(["format: {}", "current: {}", "step: {}", "{} (after 0): +3",
                                 "1 (after {}): +3", 'note {}: "x"']))
def test_fuzzed_digits_in_a_file_open_only_as_ascii_numbers(digits, template):
    toygame.register()
    text = "\n".join(["format: 1", "game: race", "variant: ten", "lesson: race-basics",
                      template.format(digits)])
    try:
        import_text(text, toygame.catalog())
    except ShareError:
        return
    assert digits.isascii()  # only plain 0-9 may ever be read as a number


@settings(max_examples=200, deadline=None)
@given(_digits)
def test_fuzzed_digits_in_a_link_open_only_as_ascii_numbers(digits):
    toygame.register()
    for link in (f"pt{digits}." + make_link(GOOD)[4:], make_link({**GOOD, "o": {digits: "x"}})):
        try:
            decode_link(link, toygame.catalog())
        except ShareError:
            continue
        assert digits.isascii()
