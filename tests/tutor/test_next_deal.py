"""The next deal in the app asks the engine (issue 31): with too few players left who can pay,
"Next deal" is no longer offered (it used to be, and then failed with a setup error), and the
notice says why the game is over; a player out of chips sits out of a deal that can go on."""

from __future__ import annotations

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog

PLAYERS = ["Ana", "Ben", "Cleo"]


def _finished(stacks, players=PLAYERS, moves=()):
    app = TutorApp(Catalog.load())
    assert app.open_setup("standard", {"players": players, "stacks": stacks, "seed": 1}, game="kings-pot")
    for text in moves:
        assert app.study.play(app.study.state.parse_action(text)).legal, text
    assert app.study.state.is_over
    return app


def test_no_next_deal_is_offered_once_too_few_can_pay_and_the_notice_says_why():
    # Ben spends his only chip on his card and the deal ends without a showdown: two players
    # can still pay for a card, and a deal needs three (kings-pot.txt § Players and cards)
    app = _finished([100, 1, 100], moves=("buy 1", "buy 1", "buy 1", "reveal 1", "check", "bet 1", "fold", "fold"))
    assert app.study.state.seats[1].stack == 0
    assert not app.can_deal_next()
    assert not app.next_deal()
    assert "only 2 players can pay for a card" in app.notice.text


def test_a_player_out_of_chips_sits_out_and_the_others_play_on():
    app = _finished([100, 100, 100, 1], players=["Ana", "Ben", "Cleo", "Dan"],
                    moves=("buy 1", "buy 1", "buy 1", "buy 1", "reveal 1", "check", "check", "check", "check",
                           "reveal 2", "bet 1", "fold", "fold", "fold"))
    assert app.can_deal_next() and app.next_deal(), app.notice
    assert app.study.setup["players"] == ["Ana", "Ben", "Cleo"]
