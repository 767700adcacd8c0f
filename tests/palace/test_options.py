"""Palace table options (issue 16, point 1): the two readings a table argues about,
one test per choice, named after the clause. Expected plays come from the
documents (palace-of-caron.txt § Playing the game 4, § Card Values (10);
palace-house-rules.txt § Card Values: Aces, § Playing the Game 2).
"""

from __future__ import annotations

import pytest

from rules.options import RuleConflictError, other_readings
from rules.palace import PRESETS, start

from palace_support import kinds, legal, ok, position, run, why

C, H = "caron", "house"
ANYTIME = {"four-of-a-kind": "anytime"}
WILDS_TOO = {"answer-a-forcing-card": "wilds-too"}


def test_the_defaults_are_each_documents_reading():
    assert PRESETS["caron"].option_tokens() == {"four-of-a-kind": "match-or-beat",
                                                "answer-a-forcing-card": "same-rank-only",
                                                "take-the-pile": "when-stuck", "ten-replays": "no", "jokers": "0"}
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
    assert found[0].sentence().startswith("Some tables read this rule the other way: four of a kind may go on "
                                          "any card, like a wild. There this would be allowed: ")


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


# -- Caron § Playing the game 3: taking the pile (ruling caron-no-voluntary-pickup) -----------
def test_caron_take_the_pile_when_stuck_not_while_a_card_can_be_played():
    state = position(C, ["9c 5c", "Kd"], pile="8c", down=["", "6s"])
    assert legal(state) == {"play 9c"}
    assert why(state, "pickup").ruling.key == "caron-no-voluntary-pickup"


def test_caron_take_the_pile_any_time_as_the_house_tips_allow():
    state = position(C, ["9c 5c", "Kd"], pile="8c", down=["", "6s"], options={"take-the-pile": "any-time"})
    assert legal(state) == {"play 9c", "pickup"}


# -- Caron § Card Values (10): the replay (ruling caron-ten-no-replay) ---------------------------
def test_caron_ten_replays_no_the_turn_passes_after_the_clear():
    state, events = run(position(C, ["Tc 5c", "Kd 4d"], pile="8c", down=["6h", "6s"]), "play Tc")
    assert "clear" in kinds(events) and state.to_move == 1


def test_caron_ten_replays_yes_its_player_plays_again():
    state = position(C, ["Tc 5c", "Kd 4d"], pile="8c", down=["6h", "6s"], options={"ten-replays": "yes"})
    state, events = run(state, "play Tc")
    assert "clear" in kinds(events) and state.to_move == 0 and state.again == "clear"


# -- house § Card Values: Tens and Jokers: how many Jokers (ruling house-jokers) -------------------
def _jokers(state):
    return sum(n for card, n in state.all_cards().items() if card.is_joker)


@pytest.mark.parametrize("jokers, expected", [(None, 2), ("1", 1), ("0", 0)])
def test_house_jokers_each_pack_keeps_its_jokers_unless_the_table_says_otherwise(jokers, expected):
    # two players: one pack (ruling house-packs); the house deck keeps its two Jokers by default
    setup = {"players": 2, "seed": 3, **({"options": {"jokers": jokers}} if jokers else {})}
    state = start("house", setup)
    assert _jokers(state) == expected and sum(state.all_cards().values()) == 52 + expected


def test_jokers_in_a_rank_order_without_them_are_refused():
    with pytest.raises(RuleConflictError) as err:
        PRESETS["caron"].with_options({"jokers": "2"})
    assert "jokers=2" in str(err.value) and "no rank" in str(err.value)
