"""The Palace Poker table under CPython: every lesson position in every view; the
battle marks (counted, excluded with whose banner, the four-of-a-kind exception,
the wild card, the best five); the buttons building the engine's actions; odds
computed only on request; the pot chart."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("panel")

from rules.cards import Card  # noqa: E402
from rules.palace_poker import FAMILY  # noqa: E402
from rules.palace_poker.actions import Kind  # noqa: E402
from rules.palace_poker.model import Phase  # noqa: E402
from rules.palace_poker.odds import battle_odds  # noqa: E402
from tutor.model import table_data  # noqa: E402
from tutor.model.study import Study  # noqa: E402
from tutor.views.renderer import renderer_for  # noqa: E402
from tutor.views.tables.palace_poker import PokerTable  # noqa: E402

from .tables_support import lesson_ids, lesson_study, parse, stops  # noqa: E402

LESSONS = lesson_ids("palace-poker")


def table_for(study: Study) -> PokerTable:
    table = renderer_for("palace-poker")(study=study)
    assert isinstance(table, PokerTable)
    return table


def root_of(table):
    return parse(table.board.html)


def click(table, kind: str, arg: str = "", value: str = "") -> None:
    table.board._handle_msg({"key": f"{table.study.current}|{kind}|{arg}", "value": value})


def press(table, label_start: str, value: str = "") -> None:
    buttons = [b for b in root_of(table).find_all(tag="button") if b.text.startswith(label_start)]
    assert buttons, [b.text for b in root_of(table).find_all(tag="button")]
    table.board._handle_msg({"key": buttons[0].attrs["data-key"], "value": value})


def at_step(lesson_id: str, step: int) -> tuple[Study, PokerTable]:
    study = lesson_study(lesson_id)
    study.jump(step)
    return study, table_for(study)


# -- builds everywhere -------------------------------------------------------------------------
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_position_draws_in_every_view(lesson_id):
    study = lesson_study(lesson_id)
    table = table_for(study)
    names = table.seat_names()
    assert names == tuple(p.name for p in study.state.players)
    for seat in (None, *range(len(names))):
        study.seat = seat
        for _ in stops(study):
            root = root_of(table)
            assert len(root.find_all(cls="seat")) == len(names)
            if seat is not None:  # nobody sees another player's palace cards before a showdown
                shown = study.state.view(names[seat])
                for p, seen in zip(study.state.players, shown.players):
                    palace = root.find(cls="seat", data_player=p.name).find(cls="palace-zone")
                    faces = [c for c in palace.find_all(cls="card") if c.attrs["data-card"] != "back"]
                    assert len(faces) == (len(seen.palace) if seen.palace is not None else 0)


# -- see why: battles ------------------------------------------------------------------------
def battle_positions():
    """(lesson, step, state) of every lesson stop right after a battle was called."""
    for lesson_id in LESSONS:
        study = lesson_study(lesson_id)
        seen = None
        for _ in stops(study):
            last = study.state.last_battle
            if last is not None and last is not seen:
                seen = last
                yield lesson_id, -1 if study.step is None else study.step


BATTLES = list(battle_positions())


def test_the_lessons_hold_battles_with_every_kind_of_mark():
    marks = set()
    for lesson_id, step in BATTLES:
        study, _ = at_step(lesson_id, step)
        last = study.state.last_battle
        marks |= {m.mark.name for side in (last.attacker, last.defender) for m in side.marks}
    assert marks == {"COUNTED", "EXCLUDED", "FOUR_OF_A_KIND", "WILD"}


@pytest.mark.parametrize("lesson_id,step", BATTLES)
def test_last_battle_marks_follow_the_banner_rule(lesson_id, step):
    """Independent of the renderer: a card of the opponent's banner suit is excluded unless its
    rank is held four times (§ Banner Suits); every other card counts."""
    study, table = at_step(lesson_id, step)
    state = study.state
    last = state.last_battle
    block = root_of(table).find(cls="last")
    for side, other in ((last.attacker, last.defender), (last.defender, last.attacker)):
        el = block.find(cls="side", data_player=side.name)
        cards = el.find(cls="battle-cards").find_all(cls="card")
        held = side.holding.cards
        assert sorted(c.attrs["data-card"] for c in cards) == sorted(str(c) for c in held)
        ranks = Counter(c.rank for c in held)
        against = other.holding.suit
        for c in cards:
            card = Card.parse(c.attrs["data-card"])
            if card.suit is against and ranks[card.rank] < 4:
                assert "excluded" in c.classes
                words = f"excluded: {other.name}'s banner is {against.symbol}"
                assert words in c.attrs["data-reason"] and words in el.text
                assert "best-five" not in c.classes
            elif card.suit is against:
                assert "quad-exception" in c.classes
                assert "four-of-a-kind exception" in el.text.lower()
            else:
                assert c.classes & {"counted", "wild"}
        best = [c.attrs["data-card"] for c in cards if "best-five" in c.classes]
        assert sorted(best) == sorted(str(c) for c in side.best) and len(best) <= 5


def test_first_battle_strikes_franks_eight_of_hearts():
    """The document's first battle: Brad's heart banner knocks out Frank's 8♥ (pp-first-round)."""
    study, table = at_step("pp-first-round", 6)
    frank = root_of(table).find(cls="last").find(cls="side", data_player="Frank")
    excluded = [c for c in frank.find_all(cls="card") if "excluded" in c.classes]
    assert [c.attrs["data-card"] for c in excluded] == ["8h"]
    assert "excluded: Brad's banner is ♥" in frank.find(cls="excluded-line").text


def test_four_jacks_count_whole_against_franks_spades():
    study = lesson_study("pp-four-jacks")
    study.to_end()
    table = table_for(study)
    dave = root_of(table).find(cls="last").find(cls="side", data_player="Dave")
    quad = [c.attrs["data-card"] for c in dave.find_all(cls="quad-exception")]
    assert quad == ["Js"]
    assert "four-of-a-kind exception" in dave.find(cls="exception-line").text.lower()


def test_kings_in_the_house_shows_the_wild_king():
    lesson_id, step = next(b for b in BATTLES if b[0] == "pp-kings-in-the-house")
    study, table = at_step(lesson_id, step)
    wild = root_of(table).find_all(cls="wild", tag="span")
    assert [c.attrs["data-card"] for c in wild] == ["Kc"]
    assert "Kings in the House" in root_of(table).find(cls="wild-line").text


def test_a_pending_battle_is_previewed_with_both_sides_in_the_teaching_view():
    study, table = at_step("pp-first-round", 2)  # Brad has bet against Frank
    assert study.state.phase is Phase.BATTLE
    pending = root_of(table).find(cls="pending")
    assert {s.attrs["data-player"] for s in pending.find_all(cls="side")} == {"Brad", "Frank"}
    study.seat = study.state.seat_of("Brad")  # Brad sees only his own side
    pending = root_of(table).find(cls="pending")
    assert [s.attrs["data-player"] for s in pending.find_all(cls="side")] == ["Brad"]
    assert "Frank's palace cards are hidden" in pending.text


def test_a_player_outside_the_battle_does_not_see_it():
    study, table = at_step("pp-first-round", 6)
    study.seat = study.state.seat_of("Aaron")
    assert root_of(table).find(cls="last") is None
    # Brad called last and saw both hands; Frank never sees the beaten caller's cards
    # (ruling palace-poker-battle-reveal)
    study.seat = study.state.seat_of("Brad")
    assert root_of(table).find(cls="last") is not None


# -- branch: buttons build the engine's actions -------------------------------------------------
def test_buy_follows_the_lessons_own_move():
    study = lesson_study("pp-first-round")
    table = table_for(study)
    main = study.node.children[0]
    nodes = len(study.tree.nodes)
    press(table, "Buy a soldier")
    assert study.current == main and len(study.tree.nodes) == nodes


def test_a_bet_against_a_chosen_player_in_limit():
    study, table = at_step("pp-first-round", 1)
    main = study.node.children[0]
    click(table, "pick", f"target:{study.state.seat_of('Frank')}")
    assert root_of(table).find(cls="preview") is not None
    bets = root_of(table).find(cls="bets")
    button = next(b for b in bets.find_all(tag="button") if b.text.startswith("Frank"))
    table.board._handle_msg({"key": button.attrs["data-key"], "value": ""})
    assert study.current == main


def test_no_limit_bet_with_a_typed_amount():
    study = lesson_study("pp-no-limit-call-more-soldiers")
    table = table_for(study)
    main = study.node.children[0]
    click(table, "pick", f"target:{study.state.seat_of('Christine')}")
    click(table, "amount", "bet|Christine", "abc")
    assert study.notice.kind == "error" and study.current != main
    before = study.state
    click(table, "amount", "bet|Christine", "100")
    assert study.current == main and study.node.action.key() == before.parse_action("bet Christine 100")


def test_a_refused_bet_says_the_engine_reason():
    study, table = at_step("pp-first-round", 1)
    before = (study.tree, study.current)
    click(table, "amount", "bet|Frank", "7")  # limit: the bet is a fixed amount
    assert study.notice.kind == "refused" and "in limit the bet is" in study.notice.text
    assert (study.tree, study.current) == before


def test_discard_picked_soldiers():
    study, table = at_step("pp-first-round", 6)  # Frank won: he may discard Brad's soldiers
    assert study.state.phase is Phase.SPOILS
    me = study.state.players[study.state.actor]
    main = study.node.children[0]
    click(table, "pick", f"soldier:{[str(c) for c in me.soldiers].index('3h')}")
    press(table, "Discard 3♥")
    assert study.current == main


def test_the_battle_buttons():
    study, table = at_step("pp-first-round", 2)
    labels = [b.text for b in root_of(table).find(cls="actions").find_all(tag="button")]
    assert labels[:3] == ["Fold", f"Call {study.state.battle.owed}", "Raise"]
    main = study.node.children[0]
    press(table, "Raise")
    assert study.current == main and study.node.action.kind is Kind.RAISE


# -- odds and pot --------------------------------------------------------------------------------
def test_odds_are_computed_on_request_only_and_match_the_engine(monkeypatch):
    calls = []
    real = table_data.battle_odds
    monkeypatch.setattr(table_data, "battle_odds", lambda state, seat: calls.append(seat) or real(state, seat))
    study = lesson_study("pp-first-round")
    table = table_for(study)
    assert calls == [] and "odds-button" in table.board.html
    click(table, "odds")
    assert calls == ["Aaron"]
    chart = table._odds_chart
    expected = battle_odds(study.state, "Aaron")
    assert chart.source.data["opponent"] == [o.opponent for o in expected]
    for outcome in ("win", "tie", "lose"):
        assert chart.values(outcome) == pytest.approx([float(getattr(o, outcome)) for o in expected], abs=1e-12)
    assert sum(chart.values("lose")) > 0 and sum(chart.values("win")) > 0
    assert chart.pane in table._charts.objects
    study.forward()                      # stepping computes nothing
    assert calls == ["Aaron"] and chart.pane not in table._charts.objects
    study.back()                         # a position already computed shows at once, from the cache
    assert calls == ["Aaron"] and chart.pane in table._charts.objects


def test_pot_chart_follows_the_line_and_reaches_the_documents_142():
    study = lesson_study("pp-four-jacks")
    table = table_for(study)
    click(table, "pot")
    chart = table._pot_chart
    pots = chart.source.data["y0"]
    assert max(pots) == 142  # § Example Game Continued: Dave takes the $142 pot
    assert chart.marker.data["x"] == [0]
    study.forward()
    assert chart.marker.data["x"] == [1] and chart.marker.data["y"] == [sum(p.paid for p in study.state.players)]
    click(table, "pot")
    assert chart.pane not in table._charts.objects


def test_odds_name_the_viewer_not_the_mover_in_a_seat_view():
    study = lesson_study("pp-first-round")
    table = table_for(study)
    study.seat = study.state.seat_of("Frank")
    assert "Battle odds for Frank" in table.board.html


# -- user text --------------------------------------------------------------------------------
def test_player_names_are_shown_as_text():
    evil = '<img src=x onerror="window.pwned=1">'
    study = Study.from_setup(FAMILY, "limit", {"seats": [evil, "Ben", "Cleo"], "seed": 3})
    table = table_for(study)
    for _ in range(12):
        study.play(study.state.legal_actions()[0])
        root = root_of(table)
        assert not root.find_all(tag="img") and "<img" not in table.board.html
        assert any(evil in el.text for el in root.find_all(cls="seat-name"))


def test_the_charts_need_no_pandas():
    """The static site leaves pandas out; both charts must build and serialise without it."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['pandas'] = None\n"
            "from bokeh.embed import json_item\n"
            "from tutor.views.charts import OddsChart, PotChart\n"
            "from tutor.model.table_data import PotLine\n"
            "from rules.palace_poker.odds import BattleOdds\n"
            "from fractions import Fraction as F\n"
            "o = OddsChart(); o.update([BattleOdds('A', 'B', F(1, 2), F(0), F(1, 2), 4)], 't')\n"
            "p = PotChart(); p.update(PotLine(('start', '1. x'), (('Pot', (0, 5)),), 1))\n"
            "json_item(o.plot); json_item(p.plot); print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr
