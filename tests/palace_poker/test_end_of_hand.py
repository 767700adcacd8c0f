"""How a hand ends (§ Ties, § Showdown, § Winning the Pot, § No Pot Sharing Rule),
through the engine."""

from rules.cards import Card, parse_cards
from rules.palace_poker import Phase, Status

from palace_poker_support import table

THREE = {"A": "Ks Ad 9d", "B": "Kd As 9s", "C": "2d 3d 4d"}
FIVE_BANNERS = ("Kh", "Qs", "Jd", "Tc", "9h")  # E (a second banner group) shares A's hearts
FIVE = {n: c for n, c in zip("ABCDE", ["2c 3c 4c", "5d 6d 7d", "8s 9s Ts", "2h 3h 4h", "5c 6c 7c"])}


def shows(events):
    return [e.get("name") for e in events if e.kind == "show"]


def test_battle_tie_both_out_and_all_their_cards_discarded():
    # A (Kh | Ks Ad 9d) against B (Kc | Kd As 9s): each counts K K A 9 with one card of
    # its own suit in the five, so the battle is a complete tie; C is left and wins.
    state = table(banners=("Kh", "Kc", "Qs"), palace=THREE)
    state = state.apply_text("A: bet B")[0]
    state, events = state.apply_text("B: call")
    assert "battle-tie" in [e.kind for e in events] and "both-out" in [e.kind for e in events]
    assert state.player("A").status is Status.TIED and state.player("B").status is Status.TIED
    assert set(parse_cards("Kh Ks Ad 9d Kc Kd As 9s")) <= set(state.discard)
    assert state.is_over and state.winner_names == ("C",) and state.result.share("C") == 6 + 5 + 5
    assert state.accounted()


def test_battle_tie_between_last_two_splits_the_pot():
    state = table(banners=("Kh", "Kc"), palace={"A": "Ks Ad 9d", "B": "Kd As 9s"})
    state = state.apply_text("A: bet B")[0]
    state, events = state.apply_text("B: call")
    assert state.is_over and state.result.how == "battle split"
    assert [e.kind for e in events][-3:] == ["pot-split", "hand-over", "next-dealer"]
    assert dict(state.result.named_shares) == {"A": 7, "B": 7}  # 2 + 2 ante, 5 + 5 bets


def test_same_suit_survivors_split_the_pot_odd_chip_to_the_dealers_left():
    state = table(banners=FIVE_BANNERS, palace=FIVE, rules={"ante": 3})
    for text in ["A: stay", "B: fold", "C: fold"]:
        state = state.apply_text(text)[0]
    state, events = state.apply_text("D: fold")
    assert [p.name for p in state.players if p.in_hand] == ["A", "E"]
    assert state.is_over and state.result.how == "same suit split"
    assert dict(state.result.named_shares) == {"A": 8, "E": 7}  # a pot of 15
    assert state.result.ruling.key == "palace-poker-odd-chips"


def test_no_pot_sharing_same_suit_survivors_have_a_showdown():
    state = table("no-pot-sharing", banners=FIVE_BANNERS, palace=FIVE)
    for text in ["A: stay", "B: fold", "C: fold", "D: fold"]:
        state, events = state.apply_text(text)
    assert state.result.how == "same suit showdown"
    assert shows(events) == ["E", "A"]  # from the player whose turn was next
    # A: Kh 2c 3c 4c; E: 9h 5c 6c 7c. No exclusions: king high beats nine high.
    assert state.winner_names == ("A",)


def test_hand_ends_when_every_player_in_turn_stays_discards_or_folds():
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"},
                  then=["9s"])
    state = state.apply_text("A: buy")[0].apply_text("A: keep")[0]
    state = state.apply_text("B: stay")[0].apply_text("C: stay")[0]
    assert not state.is_over
    state, events = state.apply_text("A: discard 9s")
    assert state.is_over and state.result.how == "showdown"
    assert shows(events) == ["B", "C", "A"]  # starting with B, who began the run
    assert "run-complete" in [e.kind for e in events]


def test_a_buy_breaks_the_run_of_quiet_turns():
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"})
    for text in ["A: stay", "B: stay", "C: buy", "C: keep", "A: stay", "B: stay"]:
        state = state.apply_text(text)[0]
    assert not state.is_over
    state, events = state.apply_text("C: stay")
    assert state.is_over and shows(events) == ["A", "B", "C"]


def test_showdown_starts_with_the_next_player_when_the_run_starter_folded():
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "2c 3c 4c", "B": "5d 6d 7d", "C": "8h 9h Th"})
    for text in ["A: buy", "A: keep", "B: fold", "C: stay"]:
        state = state.apply_text(text)[0]
    state, events = state.apply_text("A: stay")
    assert shows(events) == ["C", "A"]
    # the source does not say where to start when the run's first player folded
    assert state.result.ruling.key == "palace-poker-showdown-order"


def test_showdown_has_no_suit_exclusions_and_ties_go_to_own_suit_count():
    # § Winning the Pot: Elena (Jh) and Aaron (5s) both show kings with J 9 8; Elena has
    # three hearts in her five, Aaron two spades, so Elena wins. Aaron's 9h counts.
    state = table(banners=("5s", "Jh"), names=["Aaron", "Elena"],
                  palace={"Aaron": "Kd Ks Jc", "Elena": "Kh Kc 9d"}, then=["9h", "8h", "8s"])
    for text in ["Aaron: buy", "Aaron: keep", "Elena: buy", "Elena: keep", "Aaron: buy", "Aaron: keep",
                 "Elena: stay"]:
        state = state.apply_text(text)[0]
    state, events = state.apply_text("Aaron: stay")
    verdict = state.result.showdown
    assert state.winner_names == ("Elena",) and verdict.decided_by == "own suit"
    aaron, elena = verdict.hand("Aaron"), verdict.hand("Elena")
    assert set(aaron.best) == set(parse_cards("Kd Ks Jc 9h 8s")) and aaron.excluded == ()
    assert set(elena.best) == set(parse_cards("Kh Kc Jh 9d 8h"))
    assert (elena.own_suit_count, aaron.own_suit_count) == (3, 2)
    assert state.result.share("Elena") == state.player("Elena").paid + state.player("Aaron").paid


def test_showdown_complete_tie_splits_the_pot():
    state = table(banners=("Kh", "Kc"), palace={"A": "Ks Ad 9d", "B": "Kd As 9s"}, rules={"ante": 3})
    state = state.apply_text("A: stay")[0]
    state, events = state.apply_text("B: stay")
    assert state.winner_names == ("A", "B") and dict(state.result.named_shares) == {"A": 3, "B": 3}


def test_kings_in_the_house_royal_plays_ace_in_an_engine_battle():
    setup = dict(banners=("5h", "Qs"), palace={"A": "Kh 2c 3c", "B": "Qd 9s 8s"}, then=["4c"])
    for variant, winner in (("limit", "B"), ("kings-in-the-house", "A")):
        state = table(variant, **setup).apply_text("A: buy")[0].apply_text("A: keep")[0]
        state = state.apply_text("B: stay")[0]
        state, events = state.apply_text("A: bet B")
        state, events = state.apply_text("B: call")
        assert state.winner_names == (winner,)
        if winner == "A":
            wild = [e for e in events if e.kind == "wild"]
            assert wild and wild[0].get("card") == Card.parse("Kh")
            assert state.last_battle.attacker.describe_hand() == "straight to the five"


def test_last_battle_ends_the_hand_without_spoils():
    state = table(palace={"A": "Ac Ad As", "B": "2d 3d 4d"}).apply_text("A: bet B")[0]
    state = state.apply_text("B: call")[0]
    assert state.is_over and state.phase is Phase.OVER
    assert state.player("A").soldiers == ()  # B's banner was not taken
    assert state.result.ruling.key == "palace-poker-last-battle"
    assert state.legal_actions() == () and state.candidate_actions() == ()
    assert not state.explain(state.parse_action("stay")).legal


def test_next_hand_passes_the_deal_to_the_left_and_keeps_the_stacks(example_start, play, example_steps):
    state, log = play(example_start, sum(example_steps.values(), []))
    # § Example Game Continued: Aaron, on Frank's left, gathers the cards for his deal
    told = [e for _, evs in log for e in evs if e.kind == "next-dealer"]
    assert [e.get("name") for e in told] == ["Aaron"] and told[0].ref.section == "Example Game Continued"
    nxt = state.next_hand({"seed": 3})
    assert nxt.dealer_name == "Aaron" and nxt.hand_number == 2
    assert [p.stack for p in nxt.players] == [p.stack for p in state.players]
    assert nxt.chips == 6000


def test_three_players_left_with_one_banner_suit_split_the_pot():
    # Nine players: seats 1, 5 and 9 (one per banner group) all hold hearts.
    banners = ("Kh", "Qs", "Jd", "Tc", "9h", "8s", "7d", "6c", "5h")
    palace = dict(zip("ABCDEFGHI", ["2c 2d 2s", "3c 3d 3s", "4c 4d 4s", "5c 5d 5s", "6d 6s 6h", "7c 7s 7h",
                                    "8c 8d 8h", "9c 9d 9s", "Td Ts Th"]))
    state = table(banners=banners, palace=palace)
    for text in ["A: stay", "B: fold", "C: fold", "D: fold", "E: stay", "F: fold", "G: fold"]:
        state = state.apply_text(text)[0]
    assert not state.is_over
    state = state.apply_text("H: fold")[0]
    assert state.result.how == "same suit split" and state.winner_names == ("A", "E", "I")
    assert sum(a for _, a in state.result.shares) == 9 * 2


def test_battle_chips_stay_in_the_central_pot_until_the_hand_ends():
    # § Bet (or battle): the battle's winner does not take the pot while others remain.
    state = table(banners=("Kh", "Qs", "Jd"), palace={"A": "Ac Ad As", "B": "5d 6d 7d", "C": "8h 9h Th"})
    state = state.apply_text("bet B")[0].apply_text("call")[0]
    assert state.last_battle.winner.name == "A" and not state.is_over
    assert state.pot == 3 * 2 + 5 + 5 and state.player("A").stack == 1000 - 2 - 5


def test_two_left_the_battle_winner_wins_the_pot():
    # § Winning the Pot: with two left, a battle decides the pot, by a fold or by the cards.
    # Pot: two antes of $2, A's $5 bet (and B's $5 call when B calls).
    folded = table(palace={"A": "2c 3c 4c", "B": "Ac Ad As"}).apply_text("A: bet B")[0].apply_text("B: fold")[0]
    assert folded.is_over and folded.winner_names == ("A",) and folded.result.share("A") == 9
    assert folded.result.ref.section == "Winning the Pot"
    called = table(palace={"A": "2c 3c 4c", "B": "Ac Ad As"}).apply_text("A: bet B")[0].apply_text("B: call")[0]
    assert called.is_over and called.winner_names == ("B",) and called.result.share("B") == 14
    assert called.player("B").stack == 1000 - 2 - 5 + 14


def test_no_pot_sharing_showdown_tie_divides_the_pot():
    # § No Pot Sharing Rule: the same-suit survivors show down and a complete tie still
    # divides the pot. A (Kh | Ks 9d 2c) and E (9h | Kd Kc 2d) both have K K 9 2 with one
    # heart each. Pot: five antes of $2.
    palace = {"A": "Ks 9d 2c", "B": "5d 6d 7d", "C": "8s 7s Ts", "D": "3h 4h 5h", "E": "Kd Kc 2d"}
    state = table("no-pot-sharing", banners=FIVE_BANNERS, palace=palace)
    for text in ["A: stay", "B: fold", "C: fold", "D: fold"]:
        state = state.apply_text(text)[0]
    assert state.result.how == "same suit showdown"
    assert set(state.winner_names) == {"A", "E"} and dict(state.result.named_shares) == {"A": 5, "E": 5}
