"""How much a battle costs: the opening bet, the call, and the raises
(§ Bet (or battle), § Call, § Raise), with the rulings the source leaves open."""

from __future__ import annotations

from typing import Protocol

from ..cards import Card
from ..refs import ruling
from .config import PokerRules
from .model import Player
from .sections import ref

RAISE_CAP = ruling(
    "palace-poker-raise-cap",
    ref("Raise"),
    "How many times may the two players in a battle raise each other?",
    "lets the attacker re-raise after a raise and describes a raise, a re-raise and a second re-raise "
    "in the example, but states no limit",
    "no cap by default: betting is heads-up, so as in heads-up poker the players may keep raising until "
    "one calls, folds or runs out of chips; a table that wants a cap sets the raise_cap option")

LATER_RAISES = ruling(
    "palace-poker-later-raises",
    ref("Raise"),
    "How big is a raise after the defender's first raise, and what is the least raise in no-limit?",
    "gives the defender's raise (a big bet, or one small bet more without soldiers; in no-limit at "
    "least that much) and shows, in the limit example, every later raise as a big bet even from players "
    "without soldiers",
    "the no-soldier allowance applies only to the defender's first raise; every later raise, by either "
    "player, is one big bet in limit and at least one big bet in no-limit")

SHORT_STACKS = ruling(
    "palace-poker-short-stacks",
    ref("Call"),
    "What may a player do who has fewer chips than an action costs?",
    "never mentions running short: every payment is a fixed number of small or big bets",
    "table stakes: nobody pays more than they have. Buying, buying from the market, attacking and raising "
    "need the full amount; a player facing a bet may always call with everything left (all in), and the "
    "battle is then settled as usual. Chips in the pot stay there (one pot, no side pots). A player who "
    "cannot pay the ante sits out the next hand")


def opening_minimum(rules: PokerRules, attacker: Player) -> int:
    """(soldiers + 1) x small bet: the bet in limit, the least bet in no-limit (§ Bet (or battle))."""
    return attacker.face_up * rules.small_bet


def defender_call(rules: PokerRules, opening: int, attacker: Player, defender: Player) -> int:
    """What the defender owes to call (§ Call): the defender's own face-up cards in small bets; in no-limit
    the attacker's bet moved by one small bet per soldier of difference ($100 -> $90 or $105)."""
    if rules.no_limit:
        return opening + (len(defender.soldiers) - len(attacker.soldiers)) * rules.small_bet
    return defender.face_up * rules.small_bet


class RaiseAt(Protocol):
    """What the raise's size depends on, as a battle and its view both hold it."""

    @property
    def raises(self) -> int: ...
    @property
    def responder(self) -> int: ...
    @property
    def defender(self) -> int: ...


class Raiser(Protocol):
    """A player or a seat's view of one: the raise depends only on the soldiers."""

    @property
    def soldiers(self) -> tuple[Card, ...]: ...


def raise_step(rules: PokerRules, battle: RaiseAt, raiser: Raiser) -> int:
    """The raise in limit, the least raise in no-limit (§ Raise; ruling palace-poker-later-raises)."""
    first = battle.raises == 0 and battle.responder == battle.defender
    if not raiser.soldiers and (first or rules.small_raise == "every-raise"):
        return rules.small_bet
    return rules.big_bet
