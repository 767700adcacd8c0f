"""The six-player example (§ The Deal, § Raise, § Example Game Continued),
played action by action through the engine. Every expected figure is the
document's: the banner deal card by card, the bets, the battles, the $142 pot."""

from rules.cards import Card, parse_cards
from rules.palace_poker import Outcome, Phase, Status
from rules.poker import Category


def kinds(events):
    return [e.kind for e in events]


def test_worked_example_banner_deal_from_its_card_sequence(example_start, play, example_steps):
    state, log = play(example_start, example_steps["deal"][:13])
    banner_events = [e for _, evs in log[1:] for e in evs]
    seen = [(e.get("name"), str(e.get("card")), e.kind) for e in banner_events]
    assert seen == [
        ("Aaron", "8c", "banner-kept"),
        ("Brad", "Jc", "banner-rejected"), ("Brad", "3h", "banner-kept"),
        ("Christine", "Ts", "banner-kept"),
        ("Dave", "2c", "banner-rejected"), ("Dave", "5h", "banner-rejected"), ("Dave", "Th", "banner-rejected"),
        ("Dave", "Kh", "banner-rejected"), ("Dave", "Jd", "banner-kept"),
        ("Elena", "4d", "banner-kept"),  # fifth player: a new group, so Dave's diamonds do not matter
        ("Frank", "Td", "banner-rejected"), ("Frank", "Qs", "banner-kept"),
    ]
    assert "Aaron already holds clubs" in banner_events[1].text
    assert banner_events[-2].get("holder_name") == "Elena"
    assert [str(p.banner) for p in state.players] == ["8c", "3h", "Ts", "Jd", "4d", "Qs"]
    assert [str(c) for c in state.set_aside] == ["Jc", "2c", "5h", "Th", "Kh", "Td"]
    assert state.phase is Phase.SHUFFLE and state.accounted()


def test_worked_example_everyone_antes_two_dollars(example_start, play):
    state, log = play(example_start, ["ante"])
    assert state.pot == 12 and all(p.stack == 1000 - 2 for p in state.players)


def test_worked_example_palace_cards_and_buys_come_out_in_the_documents_order(example_start, play, example_steps):
    state, log = play(example_start, example_steps["deal"])
    shuffle_events = log[13][1]
    assert shuffle_events[0].kind == "shuffle" and shuffle_events[0].get("count") == 6
    palace = {p.name: p.palace for p in state.players}
    assert palace == {
        "Aaron": parse_cards("4s Ks Tc"), "Brad": parse_cards("Ac Ah 9d"), "Christine": parse_cards("6d 6c 8d"),
        "Dave": parse_cards("Js Jh 5d"), "Elena": parse_cards("9h 4h 3d"), "Frank": parse_cards("Qc Qd 8h")}
    assert state.phase is Phase.TURN and state.to_act == "Aaron"  # play starts at the dealer's left
    assert len(state.deck) == 52 - 6 - 18
    assert state.deck[:5] == parse_cards("5c 7s 9c 2h Jc")


def test_worked_example_brad_pair_of_aces_loses_to_frank_three_queens(example_start, play, example_steps):
    state, _ = play(example_start, example_steps["deal"] + ["Aaron: buy", "Aaron: keep"])
    assert state.player("Aaron").soldiers == (Card.parse("5c"),)
    pot = state.pot
    amounts = []
    for text in ["Brad: bet Frank", "Frank: raise", "Brad: raise", "Frank: raise", "Brad: call"]:
        before = state.pot
        state, events = state.apply_text(text)
        amounts.append(state.pot - before)
    # § Raise: Brad $5; Frank $5 + $5; Brad $5 + $10; Frank $10 + $10; Brad calls $10
    assert amounts == [5, 10, 15, 20, 10]
    assert state.pot == pot + 60 == 77
    assert kinds(events)[:2] == ["call", "reveal"]
    assert "Frank shows the palace cards to Brad first" in events[1].text
    verdict = state.last_battle
    assert verdict.outcome is Outcome.DEFENDER
    assert verdict.attacker.category is Category.ONE_PAIR and verdict.defender.category is Category.THREE_OF_A_KIND
    assert state.player("Brad").status is Status.BEATEN
    assert set(parse_cards("Ac Ah 9d")) <= set(state.discard)  # Brad's palace cards start the discard pile
    assert state.phase is Phase.SPOILS and state.to_act == "Frank"
    assert state.player("Frank").soldiers == (Card.parse("3h"),)  # Brad's banner


def test_worked_example_bets_follow_the_face_up_count(example_start, play, example_steps):
    state, _ = play(example_start, example_steps["deal"] + example_steps["one"][:14])
    # Frank discarded the 3h, so he has one face-up card: he bets $5 against Aaron
    before = state.pot
    state, events = state.apply_text("Frank: bet Aaron")
    assert state.pot - before == 5
    state, events = state.apply_text("Aaron: fold")
    assert state.player("Frank").soldiers == parse_cards("8c 5c")
    state, _ = state.apply_text("Frank: discard 5c")
    assert state.player("Frank").soldiers == parse_cards("8c")
    assert state.to_act == "Christine"


def test_worked_example_christine_held_two_soldiers_at_one_time(example_start, play, example_steps):
    state, _ = play(example_start, example_steps["deal"] + example_steps["one"] + ["Christine: buy"])
    assert state.player("Christine").soldiers == parse_cards("7s Jc")


def test_worked_example_dave_bets_ten_against_ten_of_spades(example_start, play, example_steps):
    state, _ = play(example_start, example_steps["deal"] + example_steps["one"] + example_steps["two"][:2])
    action = state.parse_action("bet Ts")  # § Bet (or battle): naming the opponent by banner card
    assert state.names[action.target] == "Christine"
    before = state.pot
    state, _ = state.play(action)
    assert state.pot - before == 10  # banner + one soldier (9c), $5 each


def test_worked_example_dave_pair_of_jacks_beats_christine_with_her_diamonds_excluded(example_start, play,
                                                                                      example_steps):
    # The document's Christine folds; had she called, the engine settles it so.
    steps = example_steps["deal"] + example_steps["one"] + example_steps["two"][:3]
    state, _ = play(example_start, steps)
    assert state.call_amount == 15  # Christine: banner + two soldiers, $5 each
    state, events = state.apply_text("Christine: call")
    v = state.last_battle
    assert v.outcome is Outcome.ATTACKER and v.attacker.name == "Dave"
    assert v.attacker.category is Category.ONE_PAIR and v.attacker.excluded == (Card.parse("Js"),)
    assert set(v.defender.excluded) == set(parse_cards("6d 8d"))
    excluded = [e for e in events if e.kind == "excluded"]
    assert {e.get("name") for e in excluded} == {"Dave", "Christine"}


def test_worked_example_dave_takes_christines_cards_and_discards_three(example_start, play, example_steps):
    steps = example_steps["deal"] + example_steps["one"] + example_steps["two"][:4]
    state, _ = play(example_start, steps)
    assert state.player("Dave").soldiers == parse_cards("9c Ts 7s Jc")
    state, _ = state.apply_text("Dave: discard Ts 7s 9c")
    assert state.player("Dave").soldiers == parse_cards("Jc")


def test_worked_example_four_jacks_beat_frank_two_pair_and_dave_wins_142(example_start, play, example_steps):
    steps = example_steps["deal"] + example_steps["one"] + example_steps["two"]
    state, _ = play(example_start, steps)
    assert [p.name for p in state.players if p.in_hand] == ["Dave", "Frank"]
    assert state.player("Frank").soldiers == parse_cards("8c")
    state, _ = state.apply_text("Dave: bet Frank")
    assert state.call_amount == 10
    state, events = state.apply_text("Frank: call")
    v = state.last_battle
    assert v.outcome is Outcome.ATTACKER
    assert v.attacker.category is Category.FOUR_OF_A_KIND and v.attacker.rescued == (Card.parse("Js"),)
    assert v.defender.category is Category.TWO_PAIR and v.defender.excluded == (Card.parse("Qd"),)
    assert state.is_over and state.winner_names == ("Dave",)
    assert state.result.share("Dave") == 142
    assert "four-of-a-kind" in kinds(events) and kinds(events)[-2:] == ["hand-over", "next-dealer"]
    # every chip the others put in went to Dave: he paid $27 in all
    assert state.player("Dave").stack == 1000 - 27 + 142
    assert sum(p.stack for p in state.players) == 6000 and state.accounted()


def test_worked_example_is_legal_at_every_step_and_cards_stay_accounted(example_start, example_steps):
    state = example_start
    for text in sum(example_steps.values(), []):
        action = state.parse_action(text)
        assert state.is_legal(action), (text, state.explain(action).reason)
        assert str(action.key()) in {str(a) for a in state.legal_actions()}
        state = state.apply(action)
        assert state.accounted()
    assert state.is_over
