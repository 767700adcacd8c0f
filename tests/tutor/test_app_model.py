"""The page model: the jobs (first screen, Learn, Play, Settle), pickers, free play
and the next deal, opening links and files without losing work."""

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
    model.open_job("learn")
    return model


def test_a_plain_address_opens_the_first_screen_with_nothing_dealt():
    model = TutorApp(toygame.catalog())
    model.start("")
    assert model.job == "home" and model.study is None and model.notice is None


def test_learn_opens_the_first_lesson_of_the_first_game(app):
    assert app.job == "learn"
    assert app.game == "race" and app.lesson_id == "race-basics"
    assert app.study.lesson.id == "race-basics"


def test_learn_and_play_each_keep_their_study(app):
    app.study.forward()
    lesson_study, where = app.study, app.study.current
    app.open_job("play")
    assert app.job == "play" and app.study.lesson is None      # a table was dealt
    table = app.study
    app.open_job("settle")
    assert app.job == "settle"
    app.open_job("learn")
    assert app.study is lesson_study and app.study.current == where
    app.open_job("play")
    assert app.study is table


def test_a_link_opens_in_learn_or_play_by_what_it_holds(app):
    app.study.forward()
    lesson_link = app.link()
    app.open_job("play")
    assert app.link() == ""  # a game dealt in Play has no link until it is over (it would hold the deal)
    app.open_setup(app.study.variant, app.study.setup)  # the same table as a study, not a game
    table_link = app.link()
    app.open_job("home")
    assert app.open_link("#" + lesson_link) and app.job == "learn"
    assert app.open_link("#" + table_link) and app.job == "play"


def test_an_unknown_job_is_refused(app):
    with pytest.raises(ValueError, match="unknown job 'cook'"):
        app.open_job("cook")


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


def test_start_with_a_bad_link_stays_on_the_first_screen_and_says_why():
    model = TutorApp(toygame.catalog())
    model.start("#pt1.broken")
    assert model.job == "home" and model.study is None
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


def test_a_message_about_a_link_goes_away_once_the_learner_moves_on(app):
    assert not app.open_link("#pt1.not-a-link")
    assert app.notice is not None and app.notice.kind == "error"
    app.study.forward()                      # no longer applies: gone
    assert app.notice is None
    app.lesson_id = "race-long"              # and on a study opened after it, too
    assert not app.open_link("#pt1.not-a-link")
    app.study.forward()
    assert app.notice is None


def test_the_message_of_an_opened_link_stays_until_the_first_move(app):
    app.study.jump(0)
    app.study.play(Add(1))
    link = app.link()
    app.lesson_id = "race-long"
    assert app.open_link("#" + link) and app.notice.kind == "info"
    app.study.back()
    assert app.notice is None


# -- free play: one tap deals, the next deal carries on ------------------------------------------
def real_app(seed: int = 11) -> TutorApp:
    from rules.games import get_family
    from tutor.model.catalog import Catalog

    model = TutorApp(Catalog(family_lookup=get_family))
    model._rng.seed(seed)
    return model


def test_a_new_palace_poker_deal_opens_on_the_first_turn_and_keeps_the_deal_to_step_back():
    model = real_app()
    assert model.new_deal(game="palace-poker", names=["Ann", "Ben", "Cleo", "Dev"]), model.notice
    state = model.study.state
    # § The Deal, § Palace Cards: everyone has paid the ante and holds a banner and three palace
    # cards; the player on the dealer's left (the last seat deals by default) acts first (§ The Play)
    assert model.job == "play" and state.phase.name == "TURN"
    assert all(p.banner is not None and len(p.palace) == 3 for p in state.players)
    assert state.actor == 0 and state.pot == 4 * state.rules.ante_amount
    model.study.to_start()
    assert model.study.state.phase.name in ("ANTE", "DEALER_DRAW")      # the deal is there to step through


def test_a_new_deal_of_a_game_without_dealing_steps_opens_at_its_start():
    model = real_app()
    assert model.new_deal(game="palace", names=["Ann", "Ben"]), model.notice
    assert model.study.current == 0 and model.study.state.phase.name == "CHOOSE"


def test_new_deals_shuffle_differently_and_a_shuffle_number_repeats_one():
    model = real_app()
    model.new_deal(game="kings-pot")
    first = model.study.setup["seed"]
    model.new_deal(game="kings-pot")
    assert model.study.setup["seed"] != first
    model.new_deal(game="kings-pot", seed=first)
    assert model.study.setup["seed"] == first


def test_the_next_kings_pot_deal_carries_stacks_and_the_unwon_kings_pot():
    """kings-pot.txt § Winning the King's pot: an unwon King's pot waits for the next deal. The
    figures are the ones the hand-made lesson 'kp-kings-pot-won' starts from (stacks 39, 23, 25, 26,
    13 chips in the King's pot, the deal passed from Dev to Ada), counted by its author."""
    from tutor.model.catalog import Catalog

    model = TutorApp(Catalog.load())
    assert model.open_lesson("kp-full-deal")
    model.study.to_end()
    assert model.can_deal_next()
    assert model.next_deal(), model.notice
    setup = model.study.setup
    assert setup["stacks"] == [39, 23, 25, 26] and setup["kings_pot"] == 13 and setup["dealer"] == 0
    assert model.job == "play" and model.study.state.phase.name == "BUY"


def test_the_next_palace_poker_hand_passes_the_deal_left_and_keeps_the_chips():
    from tutor.model.catalog import Catalog

    model = TutorApp(Catalog.load())
    assert model.open_lesson("pp-four-jacks")
    model.study.to_end()
    before = model.study.state
    assert before.is_over and model.next_deal(), model.notice
    after_setup = model.study.setup
    # § The Deal: the deal passes to the left; Frank dealt, so Aaron deals next
    assert after_setup["dealer"] == "Aaron"
    kept = {p.name: p.stack for p in before.players}
    assert after_setup["stacks"] == [kept[name] for name in after_setup["seats"]]
    assert model.study.state.phase.name == "TURN"


def test_palace_has_no_next_deal():
    model = real_app()
    model.new_deal(game="palace", names=["Ann", "Ben"])
    assert not model.can_deal_next()
    assert not model.next_deal() and "no next deal" in model.notice.text.lower()


def test_export_before_a_study_is_open_is_an_empty_file():
    # the page is usable a moment before it reports its address (found by the monkey test)
    model = TutorApp(toygame.catalog())
    assert model.study is None
    assert model.export_file() == "" and model.export_filename() == "study.palace-tutor.txt"
