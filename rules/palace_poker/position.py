"""Palace Poker positions set up from what a table can see when it argues, so the engine's
own flow settles the question (the checker's "one check").

A table disputes a battle (who wins when one player bets against another and is called) or a
showdown (who wins when the run of stays comes round). :func:`battle_position` and
:func:`showdown_position` build that moment as a :class:`~.state.PokerState` in the middle
of the play, and name the actions that follow: the attacker's bet and the defender's call
(in the points game the attack alone, settled at once), or the last stay of the run. Playing
them through the state runs the engine's flow (``flow._settle``, ``payout.showdown``,
``payout._finish``), so what happens to the pot after a tie, in the points game or under the No
Pot Sharing Rule is the engine's, under the table's rules.

The players sit in the order given, the dealer last, each with plenty of chips (the stacks play
no part in who wins); every card not given lies in the draw deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ALL_CARDS, Suit
from .actions import Action, Bet, Call, Stay
from .config import PokerRules
from .deck import ShufflePlan
from .hands import Holding
from .model import Phase, Player
from .state import PokerState

STACK_BIG_BETS = 1000  # chips each player holds, in big bets: more than any battle can cost
BYSTANDER_NAMES = ("another player", "a third player", "someone else")


def _player(name: str, holding: Holding, stack: int) -> Player:
    return Player(name, stack, holding.banner, holding.palace, holding.soldiers)


def table_position(rules: PokerRules, variant: str, seated: Sequence[tuple[str, Holding]], *,
                   to_act: int = 0, quiet: tuple[int, ...] = ()) -> PokerState:
    """The players ``seated`` (name, cards) in the play, ``to_act`` to take a turn, ``quiet``
    the seats that have stayed in a row just before; the dealer is the last seat."""
    stack = 0 if rules.points else STACK_BIG_BETS * max(rules.big_bet, 1)
    players = tuple(_player(name, holding, stack) for name, holding in seated)
    used = {c for p in players for c in p.cards}
    deck = tuple(c for c in ALL_CARDS if c not in used)
    return PokerState(rules=rules, variant=variant, players=players, dealer=len(players) - 1, phase=Phase.TURN,
                      deck=deck, plan=ShufflePlan("checker"), actor=to_act, turn=to_act, quiet=quiet,
                      chips=stack * len(players))


def _bystander(a: Holding, d: Holding, names: Sequence[str]) -> tuple[str, Holding]:
    """A third player still in the hand, of a banner suit neither battler holds."""
    used = set(a.cards + d.cards)
    suit = next(s for s in Suit if s not in (a.suit, d.suit))
    free = [c for c in ALL_CARDS if c not in used]
    banner = next(c for c in free if c.suit is suit)
    palace = tuple(c for c in free if c != banner)[:3]
    name = next(n for n in BYSTANDER_NAMES if n.casefold() not in {m.casefold() for m in names})
    return name, Holding(banner, palace, ())


def battle_position(rules: PokerRules, variant: str, attacker: tuple[str, Holding], defender: tuple[str, Holding],
                    *, last_two: bool) -> tuple[PokerState, tuple[Action, ...]]:
    """The attacker to move, the defender beside; a third player still in unless they are the
    last two. The actions: the bet against the defender, then (with money) the call."""
    seated = [attacker, defender]
    if not last_two:
        seated.append(_bystander(attacker[1], defender[1], [attacker[0], defender[0]]))
    state = table_position(rules, variant, seated)
    return state, ((Bet(1),) if rules.points else (Bet(1), Call()))


def showdown_position(rules: PokerRules, variant: str, seated: Sequence[tuple[str, Holding]]) \
        -> tuple[PokerState, tuple[Action, ...]]:
    """Every player but the last has stayed in a row; the last one's stay ends the run, and the
    hand goes to a showdown (§ Showdown), shown from the first player given."""
    last = len(seated) - 1
    return table_position(rules, variant, seated, to_act=last, quiet=tuple(range(last))), (Stay(),)


def play_out(state: PokerState, actions: Sequence[Action]) -> PokerState:
    """The position after ``actions``, each through the engine's check (an illegal one raises)."""
    for action in actions:
        state = state.apply(action)
    return state


__all__ = ["table_position", "battle_position", "showdown_position", "play_out"]
