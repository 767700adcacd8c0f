"""Play against the computer in the app, the page's model (tutor.model.versus) and its strip
(tutor.views.players) under CPython: a new deal is a game from its first card (the person's
cards shown, the computer's hidden), the computer's moves playing themselves at a pace (the
page's timer calls ``auto``), pause and "show me again", the coach's hint followed, the hand-over
of pass-and-play before anything private, the all-cards switch, no link or file while a game is
on, fresh entropy per deal, and the finished game left as a study. Costs about 10 s."""

from __future__ import annotations

import json
import random

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.versus import PACES, PERSON


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load()


def _table(catalog, names, seed=4):
    app = TutorApp(catalog)
    app.new_deal(game="palace", variant="house", names=names, seed=seed)
    return app, app.versus


def test_a_new_deal_is_a_game_against_the_computer_from_its_first_card(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    study = app.study
    assert mode.dealt and mode.opponents.levels == [PERSON, "standard"]
    assert study.seat == 0 and not study.covered              # Ann's cards from the first card, Ben's hidden
    mode.start([PERSON, "beginner"])
    hints = 0
    for _ in range(2000):
        kind = mode.turn.kind
        if kind == "over":
            break
        if kind == "computer":
            assert mode.turn.name == "Ben" and mode.autoplay_ms() == PACES["normal"][1]
            before = study.current
            mode.auto(study.current)                              # the page's timer, no tap
            assert study.current != before and mode.decision_ms is not None
            assert mode.recent and mode.recent[-1].startswith("Ben: ")
        else:
            assert kind == "person" and mode.turn.name == "Ann" and mode.autoplay_ms() is None
            mode.hint()
            assert mode.hint_text and "@" not in mode.hint_text and ".md" not in mode.hint_text
            mode.follow_hint()
            hints += 1
        assert study.seat == 0
    assert study.state.is_over and hints > 5
    line = study.tree.line(study.current)
    assert len(line) == study.tree.depth(study.current) + 1        # one line, every move a node: a study


def test_a_tick_for_another_position_or_while_paused_plays_nothing(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    mode.start(["beginner", "beginner"])                          # nobody's cards to hide: every card
    study = app.study
    assert study.seat is None and mode.turn.kind == "computer"
    at = study.current
    mode.auto(at + 1000)                                          # a stale tick
    assert study.current == at
    mode.pause(True)
    assert mode.autoplay_ms() is None
    mode.auto(at)
    assert study.current == at
    mode.pause(False)
    mode.auto(at)
    assert study.current != at


def test_at_once_plays_every_computer_move_to_the_persons_decision_and_show_me_again(catalog):
    app, mode = _table(catalog, ["Ann", "Ben", "Cleo"])
    study = app.study
    for _ in range(20):                                           # Ann plays until the others move
        if mode.turn.kind == "computer":
            break
        mode.hint()
        mode.follow_hint()
    mode.set_pace("at-once")
    assert mode.autoplay_ms() == 0
    mode.auto(study.current)
    assert mode.turn.kind in ("person", "over")
    reached, said = study.current, mode.recent
    assert len(said) >= 2 and {s.split(":")[0] for s in said} <= {"Ben", "Cleo"}
    mode.set_pace("fast")
    mode.show_again()                                             # back to just after Ann's move
    assert mode.replaying and study.current != reached and mode.turn.kind == "computer"
    for _ in range(len(said)):
        mode.auto(study.current)                                  # the same moves, from the tree
    assert study.current == reached and not mode.replaying


def test_pass_and_play_hands_over_before_anything_private(catalog):
    app, mode = _table(catalog, ["Ann", "Dave"])
    mode.start([PERSON, PERSON])
    study = app.study
    first = mode.opponents.last_person
    assert first == 0                                             # Ann dealt and holds the device
    for _ in range(200):
        if mode.turn.kind != "person":
            break
        mode.hint()
        mode.follow_hint()
    assert mode.turn.kind == "pass" and mode.turn.name == "Dave"
    assert study.covered and study.viewer == -1                   # nothing private to either seat
    assert "Ann&#x27;s" not in study.narration().text
    mode.hint()
    assert mode.hint_text == ""                                   # no hint to the wrong person
    mode.taken()
    assert mode.turn.kind == "person" and study.seat == 1 and not study.covered
    study.back()                                                  # Dave looks back at Ann's turn
    assert mode.turn.kind == "pass" and mode.turn.name == "Ann" and study.covered
    study.forward()
    assert mode.turn.kind == "person" and study.seat == 1         # still Dave's device
    app.deal_again()                                              # a new deal: the next player takes it
    assert app.study.covered and mode.turn.kind == "pass" and not mode.all_cards


def test_the_all_cards_switch_is_off_again_at_the_next_deal(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    mode.show_all(True)
    assert app.study.seat is None and mode.all_cards
    app.deal_again()
    assert not mode.all_cards and app.study.seat == 0


def test_a_game_in_progress_has_no_link_no_file_and_is_not_saved(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    assert app.game_in_progress() and app.link() == "" and app.export_file() == ""
    assert app.save_study() is None and "Nothing was saved" in app.notice.text
    mode.start(["beginner", "beginner"])
    mode.set_pace("at-once")
    mode.auto(app.study.current)
    assert app.study.state.is_over and not app.game_in_progress()
    assert app.link() and app.export_file()                      # the whole game is a study now


def test_a_link_opens_as_a_study_not_a_game(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    mode.start(["beginner", "beginner"])
    mode.set_pace("at-once")
    mode.auto(app.study.current)
    link = app.link()
    other = TutorApp(catalog)
    assert other.open_link(link)
    assert other.versus.turn.kind == "off" and other.study.seat is None and not other.game_in_progress()


def test_each_deal_draws_fresh_entropy_even_from_a_frozen_random_state(catalog):
    # a start-up memory snapshot freezes `random`'s state: two devices restored from it draw
    # the same numbers from `random`, so the deals must not come from it
    seeds = []
    for _ in range(2):
        random.seed(7)
        app = TutorApp(catalog)
        app.new_deal(game="palace", variant="house", names=["Ann", "Ben"])
        seeds.append(app.study.setup["seed"])
        app.deal_again()
        seeds.append(app.study.setup["seed"])
    assert len(set(seeds)) == 4 and min(seeds) > 0


def test_a_new_deal_keeps_who_plays(catalog):
    app, mode = _table(catalog, ["Ann", "Ben"])
    mode.start(["strong", PERSON])
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=9)
    assert mode.opponents.levels == ["strong", PERSON] and app.study.seat == 1
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben", "Cy"], seed=9)
    assert mode.opponents.levels == [PERSON, "standard", "standard"]
    mode.stop()                                                   # a dealt game stays a game
    assert mode.turn.kind != "off" and app.study.seat == 0
    with pytest.raises(ValueError, match="'grandmaster'"):
        mode.start([PERSON, "grandmaster", "beginner"])


def test_the_strip_offers_what_the_model_says(catalog):
    from tutor.views.players import PlayersPane

    app, mode = _table(catalog, ["Ann", "Ben"])
    pane = PlayersPane(model=mode)
    html = pane.strip.html
    assert 'data-turn="' + mode.turn.kind + '"' in html and "Players" in html and "close-setup" in html
    pane._pressed("start", "", ["beginner", "standard"])
    assert 'data-auto="1800"' in pane.strip.html and "Pause" in pane.strip.html
    pane._pressed("pause", "", [])
    assert "data-auto" not in pane.strip.html and "Resume" in pane.strip.html
    pane._pressed("pace", "fast", [])
    pane._pressed("resume", "", [])
    assert 'data-auto="800"' in pane.strip.html


def test_the_table_says_the_computer_plays_by_itself_and_names_the_all_cards_view(catalog):
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    view.app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=4)
    view.players._pressed("start", "", [PERSON, "beginner"])
    mode = view.versus
    for _ in range(50):
        if mode.turn.kind == "computer":
            break
        mode.hint()
        mode.follow_hint()
    assert mode.turn.kind == "computer"
    html = view.table.renderer().board.html
    assert "plays by itself" in html and "All cards showing" not in html
    assert json.loads(view.shell.ui)["seats"] == [["-1", "Everyone's (teaching)"]]   # one choice: the switch hides
    view.players._pressed("show-all", "on", [])
    assert "All cards showing" in view.table.renderer().board.html


def test_a_computer_move_draws_the_strip_once(catalog):
    from tutor.views.players import PlayersPane

    app = TutorApp(catalog)
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben"], seed=4)
    pane = PlayersPane(model=app.versus)
    pane._pressed("start", "", ["beginner", "beginner"])
    drawn = []
    pane.strip.param.watch(lambda e: drawn.append(e.new), ["html"])
    for _ in range(5):
        before = app.study.current
        pane._pressed("their-move", "", [])
        assert app.study.current != before and len(drawn) == 1      # one move, one drawing
        assert f'data-node="{app.study.current}"' in drawn[0] and "last-move" in drawn[0]
        drawn.clear()


def test_another_table_redraws_the_strip_once_with_its_own_seats(catalog):
    # a new deal of two players after one of four: the strip offers two seats (its turn and
    # position may be the same as before: the table itself changed)
    from tutor.views.players import PlayersPane

    app = TutorApp(catalog)
    app.new_deal(game="palace", variant="house", names=["Ann", "Ben", "Cy", "Dee"], seed=4)
    pane = PlayersPane(model=app.versus)
    drawn = []
    pane.strip.param.watch(lambda e: drawn.append(e.new), ["html"])
    app.new_deal(game="palace", variant="house", names=["Ann", "Dave"], seed=7)
    assert len(drawn) == 1 and 'data-seat="1"' in drawn[0] and 'data-seat="2"' not in drawn[0]


def test_the_next_deal_is_a_game_after_a_game_and_a_study_after_a_study(catalog):
    app = TutorApp(catalog)
    app.new_deal(game="kings-pot", variant="standard", names=["Ann", "Ben", "Cleo"], seed=5)
    mode = app.versus
    mode.start([PERSON, "beginner", "beginner"])
    rng = random.Random(5)
    while not app.study.state.is_over:
        if mode.turn.kind == "computer":
            mode.computer_moves()
        else:
            app.study.play(rng.choice(app.study.state.view(app.study.state.mover).legal_actions()))
    assert app.can_deal_next() and app.next_deal()
    assert mode.dealt and mode.opponents.levels == [PERSON, "beginner", "beginner"] and app.game_in_progress()
    assert app.study.seat == 0                                    # the person holding the device
    # the same finished deal opened as a study (a link): its next deal is a study too
    study = app.study
    while not study.state.is_over:
        study.play(rng.choice(study.state.legal_actions()))
    app.open_setup(study.variant, study.setup)
    for node_id in study.tree.line(study.current)[1:]:
        assert app.study.play(study.tree[node_id].action).legal
    assert app.study.state.is_over and mode.turn.kind == "off"
    assert app.next_deal() and mode.turn.kind == "off" and app.study.seat is None and not app.game_in_progress()


@pytest.mark.parametrize("game", ["palace", "palace-poker", "kings-pot"])
def test_the_tables_reasons_cite_a_rule_by_its_words_not_the_file_name(catalog, game):
    """What a tapped card or button says (its reason) names the rule by its section and rule
    book, as the notices do (issue 33: rules named by their file names)."""
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    names = ["Ann", "Ben", "Cleo"]
    assert view.app.new_deal(game=game, names=names, seed=4)
    mode = view.versus
    cited = 0
    for _ in range(12):
        if mode.turn.kind == "over":
            break
        html = view.table.renderer().board.html
        assert ".txt" not in html
        cited += html.count("(rule: §") + html.count("Rule: §")
        if mode.turn.kind == "computer":
            mode.auto(view.app.study.current)
        else:
            mode.hint()
            mode.follow_hint()
    assert cited > 0


def test_what_the_others_did_is_one_line_with_show_me_again_at_its_end(catalog):
    """At the person's turn the others' moves since theirs are one line of the strip (the newest
    in sight, the earlier folded behind it) ending with "Show me again"; while the computer plays,
    no "Show me again"."""
    from tutor.views.players import PlayersPane

    app, mode = _table(catalog, ["Ann", "Ben", "Cleo"])
    pane = PlayersPane(model=mode)
    for _ in range(200):
        if mode.turn.kind == "person" and len(mode.recent) >= 2:
            break
        if mode.turn.kind == "computer":
            mode.auto(app.study.current)
        else:
            mode.hint()
            mode.follow_hint()
    assert mode.turn.kind == "person" and len(mode.recent) >= 2
    html = pane.strip.html
    recent = html[html.index('<div class="recent">'):]
    assert recent.count('class="last-move"') == 1 and mode.recent[-1] in recent
    assert f"(and {len(mode.recent) - 1} before)" in recent and recent.count("<li>") == len(mode.recent)
    assert recent.index('class="last-move"') < recent.index('data-act="show-again"')
    mode.show_again()
    assert mode.turn.kind == "computer" and 'data-act="show-again"' not in pane.strip.html


@pytest.mark.parametrize("game, variant, said", [
    ("palace", "bga", "Online (BGA) rules · "), ("palace", "caron", "Caron's rules · "),
    ("palace-poker", "no-pot-sharing", "No pot sharing · "), ("palace-poker", "limit", "Limit · ")])
def test_the_tables_status_names_the_rule_book_in_words_not_its_key(catalog, game, variant, said):
    """The felt's status line says which rules are played as a person would ('bga rules' was the
    preset's key in front of a person)."""
    import re

    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(catalog))
    assert view.app.new_deal(game=game, variant=variant, names=["Ann", "Ben", "Cleo"], seed=4)
    status = re.search(r'<span class="variant">([^<]*)</span>', view.table.renderer().board.html)
    assert status is not None and status.group(1).replace("&#x27;", "'").startswith(said)
