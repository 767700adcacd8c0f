"""The page model: pickers, opening links and files without losing work."""

import pytest

from tutor.model.app import FREE_PLAY, TutorApp
from tutor.model.share import encode_link, export_text

from . import toygame
from .toygame import Add


@pytest.fixture
def app():
    catalog = toygame.catalog(toygame.lesson(), toygame.lesson(lesson_id="race-long", variant="twelve",
                                                            title="A longer race"))
    model = TutorApp(catalog)
    model.start("")
    return model


def test_opens_the_first_lesson_of_the_first_game(app):
    assert app.game == "race" and app.lesson_id == "race-basics"
    assert app.study.lesson.id == "race-basics"


def test_lesson_picker_lists_the_game_lessons_then_free_play(app):
    assert list(app.lesson_options().values()) == ["race-basics", "race-long", FREE_PLAY]


def test_picking_a_lesson_opens_it(app):
    app.lesson_id = "race-long"
    assert app.study.lesson.id == "race-long" and app.study.variant == "twelve"


def test_free_play_starts_from_the_first_preset(app):
    app.lesson_id = FREE_PLAY
    assert app.study.lesson is None and app.study.variant == "ten"


def test_a_good_link_replaces_the_study(app):
    app.study.jump(0)
    app.study.play(Add(1))
    link = app.link()
    app.lesson_id = "race-long"
    assert app.open_link("#" + link)
    assert app.lesson_id == "race-basics" and app.study.state.total == 4
    assert app.notice.kind == "info"


@pytest.mark.parametrize("bad", ["#pt1.AAAA", "#pt9.AAAA", "#nonsense"])
def test_a_bad_link_leaves_the_current_work_untouched(app, bad):
    app.study.jump(0)
    app.study.play(Add(1))
    study, tree, current = app.study, app.study.tree, app.study.current
    assert not app.open_link(bad)
    assert app.study is study and study.tree is tree and study.current == current
    assert app.notice.kind == "error" and "Nothing was changed" in app.notice.text


def test_start_with_a_bad_link_still_opens_a_lesson_and_says_why():
    model = TutorApp(toygame.catalog())
    model.start("#pt1.broken")
    assert model.study.lesson.id == "race-basics"
    assert model.notice.kind == "error"


def test_import_and_export_round_trip(app):
    app.study.jump(1)
    app.study.play(Add(1))
    text = app.export_file()
    app.lesson_id = FREE_PLAY
    assert app.import_file(text.encode())
    assert app.study.state.total == 7 and app.study.lesson.id == "race-basics"
    assert app.export_filename() == "race-basics.palace-tutor.txt"


def test_a_binary_file_is_refused(app):
    study = app.study
    assert not app.import_file(b"\xff\xfe\x00garbage")
    assert app.study is study and "not a text file" in app.notice.text


def test_link_follows_the_cursor(app):
    first = app.link()
    app.study.forward()
    assert app.link() != first and app.link() == encode_link(app.study)


def test_free_play_with_names_and_a_shuffle_number(app):
    assert app.open_free_play("twelve", ["Ann", "Bo"], 7)
    assert app.study.lesson is None and app.study.setup == {"seats": ["Ann", "Bo"], "seed": 7}
    assert app.study.state.seats == ("Ann", "Bo") and app.lesson_id == FREE_PLAY


@pytest.mark.parametrize("game", ["palace-poker", "palace", "kings-pot"])
def test_free_play_deals_every_real_game(game):
    from tutor.model.catalog import Catalog

    model = TutorApp(Catalog(families=None, family_lookup=__import__("rules.games", fromlist=["x"]).get_family))
    model.game = game
    assert model.open_free_play(next(iter(model.catalog.family(game).presets)), ["Ann", "Ben", "Cleo"], 3), \
        model.notice
    assert model.study.state.legal_actions()


def test_free_play_reports_the_engine_complaint_not_the_key_name():
    from tutor.model.catalog import Catalog
    from rules.games import get_family

    model = TutorApp(Catalog(family_lookup=get_family))
    model.game = "kings-pot"
    study = model.study
    assert not model.open_free_play("standard", ["Ann"], 1)   # King's Pot needs 3 to 22 players
    assert model.study is study and "3 to 22" in model.notice.text and "unknown key" not in model.notice.text


def test_export_before_a_study_is_open_is_an_empty_file():
    # the page is usable a moment before it reports its address (found by the monkey test)
    model = TutorApp(toygame.catalog())
    assert model.study is None
    assert model.export_file() == "" and model.export_filename() == "study.palace-tutor.txt"
