"""King's Pot settled whole (issue 34, point 1): ``palace-tutor check kings-pot ... --player``.

Expected payouts are worked by hand from kings-pot.txt over the hand-made tableaus of
``kp_decks`` (whose every line's category was worked by hand): the highest hand backed by a
player wins the betting pot (§ Showdown); the King's pot goes with it only when the King's
hand is the winning hand, by default when it beats all twelve tableau hands (§ Winning the
King's pot; ruling kings-pot-kings-hand-wins); a split pot's odd chip goes to the first
winner from the dealer's left (ruling kings-pot-odd-chips); with three players each buys at
most 22 / 3 = 7 cards (§ Buying cards). Players: Ana deals, so Ben, Cleo, Ana in turn order.
"""

import json

import pytest

from kp_decks import T1, T1_KING_TWO_PAIR, T1_KING_WHEEL_FLUSH, T3, T3_KING_STRAIGHT
from palace_tutor.cli import main
from rules.errors import NotationError
from rules.kings_pot.checker import check_deal

T1_TEXT, T3_TEXT = " ".join(T1), " ".join(T3)


def cli(capsys, *args):
    code = main(["check", "kings-pot", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def players(*given):
    return [a for name, cards in given for a in ("--player", f"{name}: {cards}")]


def test_the_best_backed_hand_takes_the_pot_and_the_kings_pot_stays(capsys):
    # Ben's A♦ backs the Ace's full house, the best tableau hand; the King's two pair is below it
    code, out, err = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_TWO_PAIR,
                         *players(("Ben", "Ad"), ("Cleo", "8c"), ("Ana", "6d")), "--folded", "Ana: 7c",
                         "--pot", "40", "--kings-pot", "30", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["winning_hands"] == ["ace"] and data["pot"] == {"chips": 40, "shares": {"Ben": 40}}
    assert data["kings_pot"] == {"chips": 30, "won": False, "shares": {}, "carried": 30}


def test_a_kings_hand_above_every_tableau_hand_takes_both_pots_for_its_backer(capsys):
    code, out, _ = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_WHEEL_FLUSH,
                       *players(("Ben", "Ad"), ("Cleo", "As Kc"), ("Ana", "6d")), "--pot", "41", "--kings-pot", "30")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("The betting pot (41 chips) goes to Cleo. Cleo's K♣ backs the King's hand")
    assert lines[2].startswith("The King's pot (30 chips) goes to Cleo as well")
    assert "§ Winning the King's pot" in lines[2]
    assert "item" not in out and "kings_pot" not in out  # plain words, no internal keys


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_from_the_dealers_left():
    v = check_deal(T1_TEXT, T1_KING_TWO_PAIR, ["Ben: Ad", "Cleo: As", "Ana: 6d"], pot=41, kings_pot=30)
    assert v.paid() == {"Ben": 21, "Cleo": 20, "Ana": 0}
    main_line = v.pot_lines()[0]
    assert "Ben and Cleo split the betting pot" in main_line.text and "odd chip to Ben" in main_line.text
    assert main_line.ruling is not None and main_line.ruling.key == "kings-pot-odd-chips"


def test_when_everyone_else_folded_the_pot_goes_without_a_showdown_and_the_kings_pot_stays():
    # the King's straight flush would beat everything, but without a showdown it is never compared
    v = check_deal(T1_TEXT, T1_KING_WHEEL_FLUSH, ["Ben: Ad", "Cleo:", "Ana:"], folded=["Cleo: Kc", "Ana: 6d"],
                   pot=12, kings_pot=30)
    assert v.outcome.uncontested and v.paid() == {"Ben": 12, "Cleo": 0, "Ana": 0} and v.outcome.carried == 30


def test_a_verdict_that_rests_on_an_option_shows_the_other_readings_answer():
    # T3: the King's straight to the ten ties the Eight's straight, which nobody backs; Cleo backs the King
    deal = ["Ben: Ad", "Cleo: Kh", "Ana: 6s"]
    v = check_deal(T3_TEXT, T3_KING_STRAIGHT, deal, pot=40, kings_pot=30)
    assert v.paid() == {"Ben": 0, "Cleo": 40, "Ana": 0} and not v.outcome.kings_pot_won  # a tie does not beat
    [(option, token, _, other)] = v.others
    assert (option, token) == ("kings-pot-win", "best-backed-hand")
    assert other.paid() == {"Ben": 0, "Cleo": 70, "Ana": 0}
    # and the table that chose that reading gets it, with the default beside it
    w = check_deal(T3_TEXT, T3_KING_STRAIGHT, deal, pot=40, kings_pot=30, options={"kings-pot-win": "best-backed-hand"})
    assert w.paid()["Cleo"] == 70 and w.others[0][1] == "beats-every-hand" and w.others[0][3].paid()["Cleo"] == 40
    # our reading of the clause (a tie is not a win) is shown only where the table plays it
    assert v.pot_lines()[1].ruling.key == "kings-pot-kings-hand-wins" and w.pot_lines()[1].ruling is None


@pytest.mark.parametrize("args, words", [
    (players(("Ben", "Ad 2h 2s 3s 4d 4h 6s 7s"), ("Cleo", "As"), ("Ana", "6d")),
     ["Ben has 8 cards", "at most 7", "§ Buying cards"]),
    (players(("Ben", "Ad"), ("Cleo", "9c"), ("Ana", "6d")), ["9c appears twice", "row 1, column 1", "Cleo's cards"]),
    (players(("Ben", "Ad"), ("Cleo", "As"), ("Ana", "6d")) + ["--folded", "Ana: As"], ["As appears twice"]),
    (players(("Ben", "Ad"), ("Cleo", "As"), ("Ana", "6d")) + ["--folded", "Dora: 7c"], ["'Dora'", "not one of"]),
    (players(("Ben", "Ad"), ("Cleo", "8x"), ("Ana", "6d")), ["Cleo's cards, the first card", "did you mean 8♣?"]),
    (players(("Ben", "Ad"), ("Cleo", "As")), ["2 players", "3 to"]),
    (players(("Ben", "Ad"), ("Cleo", "As"), ("Ana", "6d")) + ["--pot", "lots"], ["--pot 'lots'", "whole number"]),
    (players(("Ben", "Ad"), ("Cleo", "As"), ("Ana", "6d")) + ["--rule", "kings-pot-win=sometimes"],
     ["sometimes", "kings-pot-win"]),
    (["--pot", "40"], ["--pot needs the players"]),
])
def test_bad_input_is_named_with_the_rule_and_exits_2(capsys, args, words):
    code, out, err = cli(capsys, "--tableau", T1_TEXT, "--kings-hand", T1_KING_TWO_PAIR, *args)
    assert code == 2 and out == ""
    for w in words:
        assert w in err, (w, err)


def test_the_checker_raises_notation_errors_for_the_app_too():
    with pytest.raises(NotationError, match="Ben has 8 cards"):
        check_deal(T1_TEXT, T1_KING_TWO_PAIR, ["Ben: Ad 2h 2s 3s 4d 4h 6s 7s", "Cleo: As", "Ana: 6d"])
