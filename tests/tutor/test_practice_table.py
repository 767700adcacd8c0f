"""Practice's drills answered on the table (issue 32): a drill that asks which moves may be made
shows the mover's cards, the stock and the pile, and a tap on a card answers the choice that
plays it, as its button does; the verdict, and each card's reason with its rule, are the
engine's (``Drill.grade``), never decided by the table.

Expected values come from the drill's own question (the cards it says Ann holds, the pile's top
card) and from the engine's list of legal moves in a state the test rebuilds (not the one check
the drill asks)."""

from __future__ import annotations

import re

import pytest

from lessons.model import action_key
from practice import clauses, make_drill
from rules.cards import Card
from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.drill_table import Zone, drill_table
from tutor.views.practice import practice_html


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def legal_keys(drill) -> set[str]:
    state = drill.position.state()
    legal = {action_key(a) for a in state.legal_actions()}
    return {c.key for c, move in zip(drill.choices, drill.probe) if action_key(state.parse_action(move)) in legal}


def said_cards(text: str) -> list[Card]:
    return [Card.parse(t.replace("10", "T").replace("♠", "s").replace("♥", "h").replace("♦", "d")
                       .replace("♣", "c")) for t in re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", text)]


def practising(catalog, clause: str, seed: int) -> TutorApp:
    app = TutorApp(catalog)
    app.practice_game("palace")
    drill = make_drill(clause, seed=seed)
    app.practice.param.update(variant=drill.variant, drill=drill, graded=None, picked=())
    return app


def test_the_table_shows_the_hand_and_pile_the_question_names(catalog):
    app = practising(catalog, "H-G2", 1)
    drill = app.practice.drill
    held = drill.question.split(" holds ")[1].split(".")[0]          # "10♦, 7♠, 9♣ and A♠"
    top = drill.question.split("The pile has the ")[1].split(" on top")[0]
    table = app.practice.table()
    zones = {z.name: z for z in table.zones}
    assert [s.card for s in zones["hand"].spots] == said_cards(held)
    assert [s.card for s in zones["pile"].spots] == said_cards(top)
    assert all(s.card is None for s in zones["face-down"].spots)
    texts = {c.key: c.text for c in drill.choices}
    for zone in table.zones:                                      # a card answers the choice that plays it
        for spot in zone.spots:
            if spot.key and spot.card is not None and zone.name != "pile":
                assert texts[spot.key] == f"Play the {spot.card.label}"
    assert texts[zones["pile"].spots[0].key] == "Pick up the pile"
    page = practice_html(app)
    assert page.count('data-act="practice-tap"') == sum(1 for z in table.zones for s in z.spots if s.key)
    assert page.count('data-act="practice-pick"') == len(drill.choices)   # the buttons stay


def test_tapping_the_allowed_cards_is_right_and_a_wrong_card_says_the_engines_reason(catalog):
    app = practising(catalog, "H-G2", 1)
    model, drill = app.practice, app.practice.drill
    table = model.table()
    right = legal_keys(drill)
    on_table = table.keys()
    assert right & on_table, "the drill has an allowed card to tap"
    wrong = next(k for k in sorted(on_table) if k not in right)
    model.tap(wrong)
    assert model.picked == (wrong,)
    model.tap(wrong)                                              # a second tap takes it back
    assert model.picked == ()
    model.tap(wrong)
    model.check()
    assert not model.graded.correct
    said = model.graded.answer.said[wrong]
    page = practice_html(app)
    card = re.search(rf'<button class="practice-card is-wrong[^"]*"[^>]*data-value="{wrong}"[^>]*>', page).group(0)
    assert "not allowed" in card and said.reason.replace("'", "&#x27;") in card and "(rule: §" in card

    app2 = practising(catalog, "H-G2", 1)
    for key in sorted(right):
        (app2.practice.tap if key in on_table else app2.practice.pick)(key)
    app2.practice.check()
    assert app2.practice.graded.correct
    page = practice_html(app2)
    assert page.count("practice-card is-right") >= len(right & on_table)


def test_a_tap_answers_as_the_button_does_and_only_for_the_tables_cards(catalog):
    for clause, seed in (("H-G2", 1), ("H-D7", 1)):
        by_tap, by_button = practising(catalog, clause, seed), practising(catalog, clause, seed)
        keys = sorted(by_tap.practice.table().keys())
        for key in keys:
            by_tap.practice.tap(key)
            by_button.practice.pick(key)
        assert by_tap.practice.picked == by_button.practice.picked
        by_tap.practice.check()
        by_button.practice.check()
        assert by_tap.practice.graded == by_button.practice.graded
    app = practising(catalog, "H-G2", 1)
    off_table = [c.key for c in app.practice.drill.choices if c.key not in app.practice.table().keys()]
    for key in off_table + ["zz"]:
        app.practice.tap(key)
    assert app.practice.picked == ()


def test_every_palace_moves_drill_maps_only_its_own_choices_and_words_drills_have_no_table():
    checked = 0
    for clause in (c for c in clauses("palace") if c.make is not None):
        for seed in range(2):
            drill = make_drill(clause.id, seed=seed)
            table = drill_table(drill)
            if drill.kind != "moves":
                assert table is None
                continue
            if table is None:
                continue
            assert table.keys() <= {c.key for c in drill.choices}
            state = drill.position.state()
            held = set(state.hands[state.to_move]) | set(state.face_up[state.to_move])
            shown = {s.card for z in table.zones for s in z.spots if z.name in ("hand", "face-up")}
            assert shown == held
            checked += 1
    assert checked >= 10, checked  # the moves drills have tables (else the loop proved nothing)
    assert drill_table(make_drill("PP-3", seed=1)) is None         # a battle: asked in words
    assert drill_table(make_drill("H-D1", seed=1)) is None         # a count of the deal


def test_palace_poker_soldiers_are_tapped_to_discard_them():
    """Palace Poker: a player who has just bought a soldier may discard (palace-poker.txt, the
    soldiers); the drill's table shows her banner, soldiers and palace cards as the question
    says them, and a card whose discard alone is a choice answers it."""
    drill = make_drill("PP-17", seed=0)
    table = drill_table(drill)
    zones = {z.name: z for z in table.zones}
    said = drill.question
    assert [str(s.card) for s in zones["banner"].spots] == [str(c) for c in said_cards(said.split("Ann: banner ")[1][:3])]
    palace = said.split("Ann's palace cards are ")[1].split(".")[0]
    assert [s.card for s in zones["palace-cards"].spots] == said_cards(palace)
    texts = {c.key: c.text for c in drill.choices}
    for zone in table.zones:
        for spot in zone.spots:
            if spot.key:
                assert texts[spot.key] == f"Discard {spot.card.label}"
    assert any(s.key for s in zones["soldiers"].spots)


def test_palace_poker_banner_suits_cards_are_tapped_and_the_engine_marks_them(catalog):
    """The banner-exclude drill (PP-36, palace-poker.txt § Banner Suits): the table shows the
    opponent's banner and the player's banner, palace cards and soldiers as the question says
    them; every card of hers is a tap; tapping the cards of the opponent's banner suit (the
    source's rule, read here from the question) and Check is right, one more card is not."""
    drill = make_drill("PP-36", seed=5)   # no four of a kind: the plain rule decides every card
    table = drill_table(drill)
    zones = {z.name: z for z in table.zones}
    said = drill.question
    them = said_cards(said.split("'s banner is ")[1].split(".")[0])
    assert [s.card for s in zones["against"].spots] == them and not zones["against"].spots[0].key
    mine = said_cards(said.split("'s cards: ")[1])
    shown = [s.card for name in ("banner", "palace-cards", "soldiers") for s in zones.get(name, Zone("", "", ())).spots]
    assert shown == mine
    assert table.keys() == {c.key for c in drill.choices}
    left_out = sorted(s.key for z in table.zones for s in z.spots if s.key and s.card.suit is them[0].suit)
    app = TutorApp(Catalog.load())
    app.practice_game("palace-poker")
    app.practice.param.update(variant=drill.variant, drill=drill, graded=None, picked=())
    page = practice_html(app)
    assert "Tap every card that does not count, then Check" in page
    for key in left_out:
        app.practice.tap(key)
    app.practice.check()
    assert app.practice.graded.correct
    page = practice_html(app)
    assert page.count("practice-card is-right") == len(left_out)
    wrong = TutorApp(Catalog.load())
    wrong.practice_game("palace-poker")
    wrong.practice.param.update(variant=drill.variant, drill=drill, graded=None, picked=())
    extra = next(s.key for s in zones["banner"].spots)       # her own banner always counts (§ Banner Suits)
    for key in left_out + [extra]:
        wrong.practice.tap(key)
    wrong.practice.check()
    assert not wrong.practice.graded.correct
    card = re.search(rf'<button class="practice-card is-wrong[^"]*"[^>]*data-value="{extra}"[^>]*>',
                     practice_html(wrong)).group(0)
    assert "counts" in card and "(rule: §" in card and "allowed" not in card


def test_palace_poker_an_attack_is_a_tap_on_the_opponents_banner_and_a_buy_on_the_deck():
    """§ Bet (or battle): the attacker names the opponent "by name or by banner card"; § Buy: a
    buy turns the draw deck's top card. The drill's table offers each opponent's banner for the
    attack on her and the deck for the buy (the opponents' banners as the question says them);
    a stay and a fold keep their buttons; whether the attack is allowed is the engine's check
    (PP-24: never on a banner of one's own suit)."""
    drill = make_drill("PP-23", seed=1)
    table = drill_table(drill)
    texts = {c.key: c.text for c in drill.choices}
    opponents = [z for z in table.zones if z.name == "opponent"]
    assert [z.words for z in opponents] == ["Ann's banner", "Ben's banner"]
    for zone in opponents:
        who = zone.words.split("'s")[0]
        (spot,) = zone.spots
        assert texts[spot.key].startswith(f"Attack {who}")
        assert [spot.card] == said_cards(drill.question.split(f"{who}: banner ")[1][:3])
    (deck,) = [z for z in table.zones if z.name == "draw"]
    assert deck.spots[0].card is None and texts[deck.spots[0].key].startswith("Buy")
    on_table = {texts[k] for k in table.keys()}
    assert not any(t.startswith(("Stay", "Fold")) for t in on_table)
    assert not any(z.words.startswith(f"{table.mover}'s banner") and z.spots[0].key for z in table.zones)

    same_suit = make_drill("PP-24", seed=3)                        # Eve (5♥) and Ann (6♥): one suit
    graded = same_suit.grade([s.key for z in drill_table(same_suit).zones if z.name == "opponent"
                              for s in z.spots if s.card.suit is Card.parse("6h").suit])
    assert not graded.correct and "Ann" in graded.why
