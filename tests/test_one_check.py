"""One check (issue 34, point 3): the checkers' verdicts are the engine's own, under every rule set.

Questions are not made up here: random games are played through the engines under random rule
sets (a random preset, a random half of its options drawn, as in ``test_random_rule_sets``), and
every battle, showdown and end of a deal that happens in them is asked again of the checker
(``check_battle``, ``check_showdown``, ``check_deal``), from only what a table could tell it: the
cards, who was among the last two, the pots, the preset and the options. The checker must give
the verdict the game gave: the battle's outcome and what the hand then did, the showdown's
winners and who took the pot, who took how much of each King's Pot pot and what carried over.

The checker builds its own position (a made-up third player, fresh stacks, the seats in the
order given), so a difference between that position and a real one that changes an outcome (a
table option on ties, how a variation scores, odd chips) is caught here.

Volume: at least QUESTIONS (5,000) questions per game per run (Palace Poker: battles and
showdowns together; King's Pot: whole deals). Measured on the shared 2-core machine: see the
report of issue 34.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from rule_draws import random_rules

from rules.kings_pot import PRESETS as KP_PRESETS
from rules.kings_pot import Fold, FoldCard
from rules.kings_pot import start as kp_start
from rules.kings_pot.checker import check_deal
from rules.palace_poker import PRESETS as POKER_PRESETS
from rules.palace_poker import start as poker_start
from rules.palace_poker.checker import check_battle, check_showdown

QUESTIONS = 5_000


def _draw(rng: random.Random, presets, refused: Counter):
    name = rng.choice(sorted(presets))
    return name, random_rules(rng, {name: presets[name]}, refused)


# -- Palace Poker: every battle and showdown of random games ------------------------------
def _ask_battle(variant, rules, verdict, end):
    """The checker's verdict on a battle the game settled; ``end``: the game just after it."""
    check = check_battle(f"{verdict.attacker.name}: {verdict.attacker.holding}",
                         f"{verdict.defender.name}: {verdict.defender.holding}", variant=variant,
                         last_two=verdict.last_two, options=rules.option_tokens(), others=False)
    what = (variant, rules.option_tokens(), str(verdict.attacker.holding), str(verdict.defender.holding))
    assert check.outcome is verdict.outcome, what
    result = end.result
    how = result.how if result is not None else ""
    then = {"battle split": "split", "tie showdown": "showdown", "no winner": "no winner"}.get(how, "")
    assert check.then == then, what
    if then:
        assert check.result.winner_names == result.winner_names, what


def _ask_showdown(variant, rules, result):
    shown = result.showdown
    check = check_showdown([f"{h.name}: {h.holding}" for h in shown.hands], variant=variant,
                           options=rules.option_tokens(), others=False)
    what = (variant, rules.option_tokens(), [str(h.holding) for h in shown.hands])
    assert check.winners == shown.winners, what
    assert check.result.winner_names == result.winner_names, what
    assert dict(check.result.named_points) == dict(result.named_points), what


def _poker_game(rng, seed, refused, asked: Counter):
    variant, rules = _draw(rng, POKER_PRESETS, refused)
    n = rng.randint(2, 6)
    state = poker_start(variant, {"seats": [f"P{i}" for i in range(n)], "seed": seed,
                                  "options": rules.option_tokens(), "stacks": rng.choice([20, 60]) * rules.big_bet})
    for _ in range(5_000):
        if state.is_over:
            break
        end = state.apply(rng.choice(state.legal_actions()))
        if end.last_battle is not None and end.last_battle is not state.last_battle:
            _ask_battle(variant, rules, end.last_battle, end)
            asked["battle"] += 1
        if end.result is not None and state.result is None and end.result.showdown is not None:
            _ask_showdown(variant, rules, end.result)
            asked["showdown"] += 1
        state = end
    asked[variant] += 1


@pytest.mark.slow
def test_palace_poker_checker_gives_the_games_verdicts_under_random_rule_sets():
    rng, refused, asked = random.Random("one-check/palace-poker"), Counter(), Counter()
    seed = 0
    while asked["battle"] + asked["showdown"] < QUESTIONS:
        _poker_game(rng, seed, refused, asked)
        seed += 1
    assert asked["battle"] > 1_000 and asked["showdown"] > 500, asked  # both kinds, in numbers
    assert all(asked[v] for v in POKER_PRESETS), asked  # every variation


# -- King's Pot: the end of every random deal ---------------------------------------------
def _ask_deal(variant, rules, end):
    order = end.turn_order()  # from the dealer's left, the dealer last: the checker's order
    names = end.table.players
    players = [f"{names[s]}: {' '.join(map(str, end.seats[s].live))}" for s in order]
    folded = [f"{names[s]}: {' '.join(map(str, end.seats[s].folded))}" for s in order if end.seats[s].folded]
    o = end.outcome
    check = check_deal(" ".join(map(str, end.table.tableau)), " ".join(map(str, end.table.kings_hand)), players,
                       folded=folded, pot=o.pot, kings_pot=o.kings_pot, variant=variant,
                       options=rules.option_tokens(), others=False)
    what = (variant, rules.option_tokens(), players, folded, o.pot, o.kings_pot)
    c = check.outcome

    def named(shares):
        return sorted((names[s], chips) for s, chips in shares)

    def named_here(shares):
        return sorted((check.names[s], chips) for s, chips in shares)

    assert c.uncontested == o.uncontested and c.winning_hands == o.winning_hands, what
    assert named_here(c.pot_shares) == named(o.pot_shares), what
    assert named_here(c.kings_shares) == named(o.kings_shares), what
    assert (c.kings_pot_won, c.carried) == (o.kings_pot_won, o.carried), what


def _kp_deal(rng, seed, refused, asked: Counter):
    variant, rules = _draw(rng, KP_PRESETS, refused)
    most = 22 if rules.buy_limit is None else 22 // rules.buy_limit
    n = rng.randint(3, max(3, min(most, 8)))
    state = kp_start(variant, {"players": [f"P{i}" for i in range(n)], "seed": seed, "dealer": rng.randrange(n),
                               "kings_pot": rng.choice([0, 7, 30]),
                               "stacks": [rng.choice([20, 60, 200]) + rules.ante * 7 for _ in range(n)],
                               "options": rules.option_tokens()})
    for _ in range(2_000):
        if state.is_over:
            break
        legal = state.legal_actions()
        stay = [a for a in legal if not isinstance(a, (Fold, FoldCard))]  # mostly stay in: more showdowns
        state = state.apply(rng.choice(stay if stay and rng.random() < 0.9 else legal))
    _ask_deal(variant, rules, state)
    asked["uncontested" if state.outcome.uncontested else "showdown"] += 1
    asked[variant] += 1


@pytest.mark.slow
def test_kings_pot_checker_gives_the_deals_verdicts_under_random_rule_sets():
    rng, refused, asked = random.Random("one-check/kings-pot"), Counter(), Counter()
    for seed in range(QUESTIONS):
        _kp_deal(rng, seed, refused, asked)
    assert asked["showdown"] > 1_000 and asked["uncontested"] > 100, asked
    assert all(asked[v] for v in KP_PRESETS), asked


def test_the_agreement_test_would_catch_a_wrong_battle_verdict(monkeypatch):
    """The comparison can fail: a checker that swaps the winner of a battle is caught."""
    from rules.palace_poker.battle import Outcome

    real = check_battle

    def swapped(*args, **kwargs):
        v = real(*args, **kwargs)
        flip = {Outcome.ATTACKER: Outcome.DEFENDER, Outcome.DEFENDER: Outcome.ATTACKER}
        return type(v)(replace(v.battle, outcome=flip.get(v.outcome, v.outcome)), v.result, v.rules)

    monkeypatch.setitem(_ask_battle.__globals__, "check_battle", swapped)
    rng, asked = random.Random("one-check/catch"), Counter()
    with pytest.raises(AssertionError):
        for seed in range(50):
            _poker_game(rng, seed, Counter(), asked)


def test_the_agreement_test_would_catch_a_wrong_deal_verdict(monkeypatch):
    """The comparison can fail: a checker that pays the betting pot to the next player is caught."""
    real = check_deal

    def shifted(*args, **kwargs):
        v = real(*args, **kwargs)
        n = len(v.holders)
        moved = tuple(((seat + 1) % n, chips) for seat, chips in v.outcome.pot_shares)
        return replace(v, outcome=replace(v.outcome, pot_shares=moved))

    monkeypatch.setitem(_ask_deal.__globals__, "check_deal", shifted)
    rng = random.Random("one-check/catch-deal")
    with pytest.raises(AssertionError):
        for seed in range(20):
            _kp_deal(rng, seed, Counter(), Counter())
