"""Issue 9, notation round trip for position strings: the positions the
checkers read (a Palace pile and hand, a King's Pot tableau and King's hand)
come back from a verdict as the same position, whatever spelling they were
typed in; and fuzzed text given to any checker is refused only with a
``ValueError`` (``NotationError`` or ``IllegalActionError``) that has a message.

(Card lists and Palace Poker holdings have their own round-trip tests:
tests/poker/test_card_notation_fuzz.py, tests/palace_poker/test_values.py.)
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.cards import ALL_CARDS, Card, format_cards, parse_cards
from rules.kings_pot.checker import check_tableau
from rules.palace.checker import check_play
from rules.palace_poker.checker import check_battle, check_showdown


def _spell(card: Card, style: int) -> str:
    """One of the spellings a player may type for ``card``."""
    rank, suit = card.rank, card.suit
    return [str(card), str(card).lower(), rank.label + suit.symbol, rank.char + suit.char.upper()][style]


spelled = st.integers(min_value=0, max_value=3)
separators = st.sampled_from([" ", ", ", "  ", ","])


def _typed(cards, styles, sep) -> str:
    return sep.join(_spell(c, s) for c, s in zip(cards, styles))


@settings(max_examples=150, deadline=None)
@given(st.permutations(ALL_CARDS), st.integers(min_value=0, max_value=8), st.integers(min_value=1, max_value=8),
       st.sampled_from(["house", "caron", "bga"]), st.lists(spelled, min_size=16, max_size=16), separators)
def test_palace_pile_and_hand_come_back_as_typed(deck, n_pile, n_hand, variant, styles, sep):
    pile, hand = deck[:n_pile], deck[n_pile:n_pile + n_hand]
    try:
        first = check_play(variant, pile=_typed(pile, styles, sep), hand=_typed(hand, styles[8:], sep))
    except ValueError:
        assume(False)  # a pile this rule book cannot build; refusals are tested with the checker
    assert first.pile == tuple(pile) and first.hand == tuple(hand)
    again = check_play(variant, pile=format_cards(first.pile), hand=format_cards(first.hand))
    assert again.as_dict() == first.as_dict()


@settings(max_examples=100, deadline=None)
@given(st.permutations(ALL_CARDS), st.lists(spelled, min_size=30, max_size=30), separators)
def test_kings_pot_tableau_comes_back_row_by_row(deck, styles, sep):
    grid, kings = deck[:25], deck[25:30]
    verdict = check_tableau(_typed(grid, styles, sep), _typed(kings, styles[25:], sep))
    hands = {h.name.title: h.cards for h in verdict.hands}
    rows = [hands[f"{name}'s hand"] for name in ("Ace", "Two", "Three", "Four", "Five")]
    # the five row hands, top to bottom, are the tableau as typed
    assert [c for row in rows for c in row] == list(grid)
    assert tuple(hands["King's hand"]) == tuple(kings)
    again = check_tableau(" ".join(format_cards(r) for r in rows), format_cards(hands["King's hand"]))
    assert again.as_dict() == verdict.as_dict()


junk = st.text(alphabet="23456789TJQKA10cdhsx♠♥|: ,", max_size=40)


@settings(max_examples=300, deadline=None)
@given(junk, junk, st.sampled_from(["battle", "showdown", "play", "kings-pot"]))
def test_fuzzed_checker_input_is_refused_only_with_a_value_error(a, b, which):
    run = {"battle": lambda: check_battle(a, b),
           "showdown": lambda: check_showdown([a, b]),
           "play": lambda: check_play("house", pile=a, hand=b),
           "kings-pot": lambda: check_tableau(a, b)}[which]
    try:
        run()
    except ValueError as err:
        assert str(err).strip()
