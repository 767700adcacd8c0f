"""Palace table options (issue 16, point 1): the two readings a table argues about,
one test per choice, named after the clause. Expected plays come from the
documents (palace-of-caron.txt § Playing the game 4, § Card Values (10);
palace-house-rules.txt § Card Values: Aces, § Playing the Game 2).
"""

from __future__ import annotations

import pytest

from rules.options import other_readings
from rules.palace import PRESETS

from palace_support import kinds, legal, ok, position, run, why

C, H = "caron", "house"
ANYTIME = {"four-of-a-kind": "anytime"}
WILDS_TOO = {"answer-a-forcing-card": "wilds-too"}


def test_the_defaults_are_each_documents_reading():
    assert PRESETS["caron"].option_tokens() == {"four-of-a-kind": "match-or-beat",
                                                "answer-a-forcing-card": "same-rank-only"}
    assert PRESETS["house"].option("four-of-a-kind") == "anytime"  # the house text says "at any time"


# -- Caron § Playing the game 4: four of a kind "acts like a 10 and a 2" -------------------
def test_caron_four_of_a_kind_match_or_beat_four_fives_do_not_go_on_a_king():
    state = position(C, ["5c 5d 5h 5s", "Kd"], pile="Kc", down=["", "6s"])
    verdict = why(state, "play 5c 5d 5h 5s")
    assert not verdict.legal and "four-of-a-kind" in verdict.options
    assert PRESETS["caron"].OPTIONS["four-of-a-kind"].ruling == "caron-four-of-a-kind-placement"


def test_caron_four_of_a_kind_anytime_four_fives_go_on_a_king_and_clear():
    state = position(C, ["5c 5d 5h 5s 9c", "Kd"], pile="Kc", down=["", "6s"], options=ANYTIME)
    assert ok(state, "play 5c 5d 5h 5s") and not ok(state, "play 9c")
    state, events = run(state, "play 5c 5d 5h 5s")
    # like a 10 it clears the pile, like a 2 its player plays again
    assert "clear" in kinds(events) and state.to_move == 0 and state.pile == ()


def test_caron_four_of_a_kind_other_reading_is_reported():
    state = position(C, ["5c 5d 5h 5s", "Kd"], pile="Kc", down=["", "6s"])
    found = other_readings(state, state.parse_action("play 5c 5d 5h 5s"))
    assert [(r.option, r.chosen, r.other, r.verdict.legal) for r in found] == [
        ("four-of-a-kind", "match-or-beat", "anytime", True)]
    assert "would be allowed" in found[0].sentence()


# -- house § Card Values: Aces against § Playing the Game 2 (wilds "can always" be played) ---
@pytest.mark.parametrize("wild", ["2c", "Tc"])
def test_house_ace_same_rank_only_a_wild_does_not_answer_an_ace(wild):
    state = position(H, [f"{wild} 5c", "Kc"], pile="8d Ah", down=["", "3d"])
    verdict = why(state, f"play {wild}")
    assert not verdict.legal and verdict.ruling.key == "house-ace-only-ace-answers"
    assert legal(state) == {"pickup"}


@pytest.mark.parametrize("wild", ["2c", "Tc"])
def test_house_ace_wilds_too_a_wild_may_be_played_on_an_ace(wild):
    state = position(H, [f"{wild} 5c", "Kc"], pile="8d Ah", down=["", "3d"], options=WILDS_TOO)
    verdict = why(state, f"play {wild}")
    assert verdict.legal and "answer-a-forcing-card" in verdict.options
    assert not ok(state, "play 5c")  # an ordinary card still does not answer it
    assert legal(state) == {f"play {wild}", "pickup"}


def test_house_ace_other_reading_is_reported_both_ways():
    state = position(H, ["2c 5c", "Kc"], pile="8d Ah", down=["", "3d"])
    found = other_readings(state, state.parse_action("play 2c"))
    assert [(r.option, r.other, r.verdict.legal) for r in found] == [("answer-a-forcing-card", "wilds-too", True)]
    state = state.under(state.rules.with_options(WILDS_TOO))
    found = other_readings(state, state.parse_action("play 2c"))
    assert [(r.option, r.other, r.verdict.legal) for r in found] == [
        ("answer-a-forcing-card", "same-rank-only", False)]


def test_an_unknown_palace_option_is_named():
    with pytest.raises(ValueError) as err:
        position(H, ["2c", "Kc"], options={"aces": "wild"})
    assert "'aces'" in str(err.value) and "four-of-a-kind" in str(err.value)
