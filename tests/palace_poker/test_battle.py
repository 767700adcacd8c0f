"""Battle resolution (§ Banner Suits, § Ties, § Call, § Kings in the House Rule).

Expected hands come from the document's worked example or are counted by hand
in the comments; none is read back from the code.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, Card, parse_cards
from rules.errors import IllegalActionError
from rules.palace_poker import PRESETS, Holding, Mark, Outcome, Place, evaluate_side, resolve_battle
from rules.palace_poker.hands import fast_value

KINGS = PRESETS["kings-in-the-house"]
from rules.poker import Category

H = Holding.parse


def cards(text):
    return list(parse_cards(text))


def test_worked_example_brads_pair_of_aces_loses_to_franks_three_queens():
    # § Raise: Brad (3h banner, palace Ac Ah 9d) bets against Frank (Qs banner,
    # palace Qc Qd 8h); Frank shows trips.
    v = resolve_battle(H("3h | Ac Ah 9d |"), H("Qs | Qc Qd 8h |"), attacker_name="Brad", defender_name="Frank")
    assert v.outcome is Outcome.DEFENDER
    assert v.attacker.category is Category.ONE_PAIR
    assert v.defender.category is Category.THREE_OF_A_KIND
    assert set(v.defender.best) == set(cards("Qs Qc Qd"))
    assert v.defender.excluded == (Card.parse("8h"),)  # Brad's banner is hearts


def test_worked_example_dave_pair_of_jacks_beats_christine_with_her_diamonds_excluded():
    # § Example Game Continued, round two: Dave Jd | Js Jh 5d | 9c against
    # Christine Ts | 6d 6c 8d | 7s Jc. Christine's spade banner knocks out Dave's Js,
    # leaving him a pair of jacks; Dave's diamond banner knocks out her 6d and 8d,
    # so her pair of sixes is gone.
    v = resolve_battle(H("Jd | Js Jh 5d | 9c"), H("Ts | 6d 6c 8d | 7s Jc"),
                       attacker_name="Dave", defender_name="Christine")
    assert v.outcome is Outcome.ATTACKER
    assert v.attacker.category is Category.ONE_PAIR
    assert set(v.attacker.best) == set(cards("Jd Jh 9c 5d"))
    assert v.attacker.excluded == (Card.parse("Js"),)
    assert v.defender.category is Category.HIGH_CARD
    assert set(v.defender.excluded) == set(cards("6d 8d"))
    assert v.as_dict()["defender"]["excluded"] == ["6d", "8d"]


def test_four_of_a_kind_counts_whole_despite_banner():
    # § Example Game Continued, round three: Dave's four jacks include the Js,
    # of Frank's banner suit, and still count; Frank's Qd is excluded, leaving
    # two pair, queens and eights.
    v = resolve_battle(H("Jd | Js Jh 5d | Jc"), H("Qs | Qc Qd 8h | 8c"), attacker_name="Dave", defender_name="Frank")
    assert v.outcome is Outcome.ATTACKER
    assert v.attacker.category is Category.FOUR_OF_A_KIND
    assert set(v.attacker.best) == set(cards("Jd Js Jh Jc 5d"))
    assert v.attacker.excluded == ()
    assert v.attacker.rescued == (Card.parse("Js"),)
    js = next(m for m in v.attacker.marks if m.card == Card.parse("Js"))
    assert js.mark is Mark.FOUR_OF_A_KIND and js.excluded_by == "Frank" and js.in_best
    assert v.defender.category is Category.TWO_PAIR
    assert v.defender.excluded == (Card.parse("Qd"),)
    # the checker's JSON: the order of the best five is presentation, so compare as sets
    out = v.as_dict()
    assert out["winner"] == "attacker"
    assert (out["attacker"]["category"], out["attacker"]["excluded"]) == ("four of a kind", [])
    assert sorted(out["attacker"]["best"]) == sorted(["Jd", "Js", "Jh", "Jc", "5d"])
    assert (out["defender"]["category"], out["defender"]["excluded"]) == ("two pair", ["Qd"])
    assert sorted(out["defender"]["best"]) == sorted(["Qs", "Qc", "8h", "8c"])


def test_four_of_a_kind_exception_rescues_only_the_four_not_the_kicker():
    # Against a spade banner: 9c 9d 9h 9s + As (spade) + 3c. The four nines count;
    # the fifth card must count anyway, so it is the 3c, not the As.
    side = evaluate_side(H("9c | 9d 9h 9s | As 3c"), against=Card.parse("2s").suit)
    assert side.category is Category.FOUR_OF_A_KIND
    assert set(side.best) == set(cards("9c 9d 9h 9s 3c"))
    assert side.excluded == (Card.parse("As"),)


def test_banner_suits_excluded_in_battle():
    # § Banner Suits: Elena (4d banner) attacks Frank (Qs banner). Her spades
    # do not count against him, his diamonds do not count against her. Elena's
    # spade flush (As Ks 9s 5s 2s with the 4d) is worth only the 4d;
    # Frank's diamonds Ad Kd leave him Qs 8c.
    v = resolve_battle(H("4d | As Ks 9s | 5s 2s"), H("Qs | Ad Kd 8c |"), attacker_name="Elena", defender_name="Frank")
    assert set(v.attacker.excluded) == set(cards("As Ks 9s 5s 2s"))
    assert v.attacker.best == (Card.parse("4d"),)
    assert set(v.defender.excluded) == set(cards("Ad Kd"))
    assert set(v.defender.best) == set(cards("Qs 8c"))
    assert v.outcome is Outcome.DEFENDER  # queen high beats four high
    for m in v.attacker.marks:
        assert (m.mark is Mark.EXCLUDED) == (m.card.suit.char == "s")
        if m.mark is Mark.EXCLUDED:
            assert m.excluded_by == "Frank" and "♠" in m.reason


def test_own_banner_suit_cards_always_count():
    # § Banner Suits: one's own suit is never the opponent's, so it counts in every battle.
    for against in "cdh":
        side = evaluate_side(H("Ks | Qs Js Ts | 9s"), against=Card.parse("2" + against).suit)
        assert side.category is Category.STRAIGHT_FLUSH and side.excluded == ()


def test_equal_hands_go_to_more_own_suit_cards_in_best_five():
    # § Ties: both make a pair of kings with A Q 9 (no 4d, 3c). Attacker (hearts) holds
    # Kh Ah in the five: 2 own-suit; defender (clubs) holds Kc Qc 9c: 3 own-suit.
    v = resolve_battle(H("Kh | Ks Ah Qd | 9d 4d"), H("Kc | Kd As Qc | 9c 3c"))
    assert v.attacker.value == v.defender.value
    assert (v.attacker.own_suit_count, v.defender.own_suit_count) == (2, 3)
    assert v.outcome is Outcome.DEFENDER and v.decided_by == "own suit"
    assert v.ruling is not None and v.ruling.key == "palace-poker-own-suit-count"


def test_complete_tie_both_fold_unless_last_two():
    # § Ties: same pair of kings with A Q 9 and one own-suit card each (Kh; Kc).
    a, d = H("Kh | Ks As Qd | 9d"), H("Kc | Kd Ad Qs | 9s")
    v = resolve_battle(a, d)
    assert (v.attacker.own_suit_count, v.defender.own_suit_count) == (1, 1)
    assert v.outcome is Outcome.BOTH_FOLD and v.as_dict()["winner"] == "both-fold"
    assert resolve_battle(a, d, last_two=True).outcome is Outcome.SPLIT


def test_no_battle_between_same_banner_suit():
    with pytest.raises(IllegalActionError, match="both banners are diamonds"):
        resolve_battle(H("Jd | Js Jh 5d |"), H("Qd | Qc Qs 8h |"))


def test_fewer_than_five_countable_cards_still_make_a_hand():
    # Against hearts: 3h banner with palace Ac Ah 9d is A A 9 3... minus nothing; against
    # clubs the Ac goes, leaving Ah 9d 3h: ace high, three cards.
    side = evaluate_side(H("3h | Ac Ah 9d |"), against=Card.parse("2c").suit)
    assert side.category is Category.HIGH_CARD and len(side.best) == 3


def test_kings_in_the_house_royal_palace_card_plays_ace_for_wheel():
    # § Kings in the House Rule: hearts banner, Kh in the palace, 2 3 4 5 around it.
    h = H("5h | Kh 2c 3d | 4s")
    plain = evaluate_side(h, against=None)
    wild = evaluate_side(h, against=None, rules=KINGS)
    assert plain.category is Category.HIGH_CARD
    assert wild.category is Category.STRAIGHT and wild.describe_hand() == "straight to the five"
    kh = next(m for m in wild.marks if m.card == Card.parse("Kh"))
    assert kh.mark is Mark.WILD and kh.stands_for == Card.parse("Ah") and kh.place is Place.PALACE


def test_kings_in_the_house_straight_flush_wheel_in_own_suit():
    side = evaluate_side(H("2s | Qs 3s 4s | 5s"), against=Card.parse("2h").suit, rules=KINGS)
    assert side.category is Category.STRAIGHT_FLUSH and side.wild == Card.parse("Qs")


def test_kings_in_the_house_only_palace_royals_of_own_suit():
    # A royal of the own suit in the banner or among soldiers is not wild; nor is
    # a palace royal of another suit.
    assert evaluate_side(H("Kh | 2c 3d 9c | 4s 5c"), against=None, rules=KINGS).category is Category.HIGH_CARD
    assert evaluate_side(H("5h | 2c 3d 9c | 4s Jh"), against=None, rules=KINGS).category is Category.HIGH_CARD
    assert evaluate_side(H("5h | Ks 2c 3d | 4s"), against=None, rules=KINGS).category is Category.HIGH_CARD


def test_kings_in_the_house_royal_is_no_ace_outside_a_wheel():
    # As an ace the Jh would make A K Q J T (with the Jc); that is not a wheel, so
    # it stays a jack: a pair of jacks. Nor does it pair the Ac.
    side = evaluate_side(H("Th | Jh Kd Qs | Jc"), against=None, rules=KINGS)
    assert side.category is Category.ONE_PAIR and side.describe_hand() == "one pair, jacks"
    assert side.wild is None
    side = evaluate_side(H("7h | Jh Ac 8d |"), against=None, rules=KINGS)
    assert side.category is Category.HIGH_CARD


def test_every_card_gets_exactly_one_mark_and_best_cards_are_marked_in_best():
    v = resolve_battle(H("Jd | Js Jh 5d | Jc"), H("Qs | Qc Qd 8h | 8c"))
    for side in (v.attacker, v.defender):
        assert [m.card for m in side.marks] == list(side.holding.cards)
        assert {m.card for m in side.marks if m.in_best} == set(side.best)
        assert all(m.ref.source == "palace-poker.txt" for m in side.marks)


holdings = st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=9, unique=True).map(
    lambda cs: Holding(cs[0], tuple(cs[1:4]), tuple(cs[4:])))


@settings(max_examples=500, deadline=None)
@given(holdings, st.sampled_from([None, "c", "d", "h", "s"]), st.booleans())
def test_fast_value_used_by_the_odds_agrees_with_the_full_evaluation(holding, against, kings):
    suit = None if against is None else Card.parse("2" + against).suit
    if suit is holding.suit:
        return
    rules = KINGS if kings else PRESETS["limit"]
    full = evaluate_side(holding, against=suit, rules=rules)
    fast = fast_value([c.index for c in holding.cards], [c.index for c in holding.palace],
                      holding.suit.index, None if suit is None else suit.index, rules)
    assert fast == full.value


def test_hands_rank_as_in_any_poker_game_and_suits_have_no_rank():
    # § The Cards. Suits never rank: the same ranks in other suits are the same hand.
    a = evaluate_side(H("As | Kd Qh Jc | 9s"), against=None)
    b = evaluate_side(H("Ac | Kh Qd Js | 9c"), against=None)
    assert a.value == b.value and a.category is Category.HIGH_CARD
    # the usual order: a flush beats a straight, a full house beats a flush
    straight = evaluate_side(H("9c | 8d 7h 6s | 5c"), against=None)
    flush = evaluate_side(H("2h | 7h 9h Jh | Kh"), against=None)
    full = evaluate_side(H("3c | 3d 3h 2s | 2c"), against=None)
    assert straight.category is Category.STRAIGHT and flush.category is Category.FLUSH
    assert full.category is Category.FULL_HOUSE
    assert straight.value < flush.value < full.value
