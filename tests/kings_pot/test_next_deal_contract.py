"""King's Pot's next deal through the contract (ruling kings-pot-next-deal): a player who
cannot pay for a card sits out; with fewer than three who can, the game is over and says why."""

from kp_decks import T1, T1_KING_TWO_PAIR


def test_a_player_out_of_chips_sits_out_of_the_next_deal(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, "6d Ks 2s 3s", players=["Ana", "Ben", "Cleo", "Dan"],
             stacks=[100, 100, 100, 1])
    s, _ = run(s, "buy 1", "buy 1", "buy 1", "buy 1", "reveal 1", "check", "check", "check",
               "check", "reveal 2", "bet 1", "fold", "fold", "fold")
    assert s.seats[3].stack == 0  # Dan spent his last chip on his card
    outcome = s.game_outcome()
    assert outcome.goes_on and outcome.over == ""
    nxt = s.next_deal({}, 7)
    assert nxt.sitting_out == ("Dan",) and nxt.setup["players"] == ["Ana", "Ben", "Cleo"]
    assert nxt.state.players == ("Ana", "Ben", "Cleo") and "Dan sits out" in nxt.text


def test_with_two_players_left_who_can_pay_the_game_is_over(deal, run):
    s = deal(T1, T1_KING_TWO_PAIR, "6d Ks 2s", stacks=[100, 1, 100])
    s, _ = run(s, "buy 1", "buy 1", "buy 1", "reveal 1", "check", "bet 1", "fold", "fold")
    outcome = s.game_outcome()
    assert not outcome.goes_on and "only 2 players can pay for a card" in outcome.over
    assert s.next_deal({}, 1) is None


def test_the_reveals_and_the_showdown_are_the_dealers_steps_nobody_decides(deal, run):
    s, _ = run(deal(T1, T1_KING_TWO_PAIR, "6d Ks 2s"), "buy 1", "buy 1")
    assert s.automatic() is None  # buying is a decision
    s, _ = run(s, "buy 1")
    assert str(s.automatic()) == "reveal 1"
