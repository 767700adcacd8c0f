"""The one legality check of a Palace Poker position: allowed or not, why, and on what rule."""

from __future__ import annotations

from typing import cast

from ..cards import Card, counted, faces
from ..refs import Ruling, Verdict, ruling
from .actions import Action, Bet, Call, Discard, Kind, Raise
from .betting import LATER_RAISES, RAISE_CAP, SHORT_STACKS, defender_call, opening_minimum, raise_step
from .model import Hand, Phase, Player
from .sections import ref

OPEN_MARKET_FACE_DOWN = ruling(
    "palace-poker-open-market-face-down",
    ref("Open Market Rule"),
    "The discard pile is face down; how does one buy its top card?",
    "lets a player buy the top card of the discard pile for a big bet, and insists elsewhere (§ Buy) "
    "that the discard pile is always face down",
    "the buyer pays first and takes the top discard unseen (it may be a card everyone watched being "
    "discarded, or an unseen palace card); it then becomes a face-up soldier like a bought card, and "
    "the buyer may discard as after any buy")

TURN_FOLD = ruling(
    "palace-poker-turn-fold",
    ref("Fold on a turn"),
    "When a player folds on their own turn, who gets their banner and soldiers?",
    "allows folding on one's turn but only describes what happens to a defender's cards (the attacker "
    "takes the banner and soldiers)",
    "nobody has won them, so all the folding player's cards (palace, banner and soldiers) go to the discard pile; the "
    "fold counts as a quiet turn in the run that ends the hand")

ATTACKER_FOLD = ruling(
    "palace-poker-attacker-fold",
    ref("Raise"),
    "What happens when a raised attacker folds?",
    "lets a raised attacker fold, call or re-raise, and describes folding only for the defender",
    "the same as a defender's fold with the roles swapped: the attacker's palace cards are discarded, "
    "the attacker is out, and the defender takes the attacker's banner and soldiers as soldiers")

_NAMES = {Phase.DEALER_DRAW: (Kind.DEAL,), Phase.ANTE: (Kind.ANTE,), Phase.BANNERS: (Kind.DEAL,),
          Phase.SHUFFLE: (Kind.SHUFFLE,), Phase.PALACE: (Kind.DEAL,),
          Phase.TURN: (Kind.BUY, Kind.MARKET, Kind.DISCARD, Kind.BET, Kind.STAY, Kind.FOLD),
          Phase.AFTER_BUY: (Kind.KEEP, Kind.DISCARD), Phase.BATTLE: (Kind.FOLD, Kind.CALL, Kind.RAISE),
          Phase.SPOILS: (Kind.KEEP, Kind.DISCARD), Phase.OVER: ()}
_PHASE_REF = {Phase.DEALER_DRAW: "The Deal", Phase.ANTE: "The Deal", Phase.BANNERS: "The Deal",
              Phase.SHUFFLE: "Palace Cards", Phase.PALACE: "Palace Cards", Phase.TURN: "The Play",
              Phase.AFTER_BUY: "Buy", Phase.BATTLE: "Raise", Phase.SPOILS: "Fold", Phase.OVER: "Winning the Pot"}


# whose move it is: the clause that hands the decision to that player
_TURN_REF = {Phase.DEALER_DRAW: ("The Deal", "first dealer"), Phase.ANTE: ("The Deal", "the dealer"),
             Phase.BANNERS: ("The Deal", "the dealer"), Phase.SHUFFLE: ("Palace Cards", "the dealer"),
             Phase.PALACE: ("Palace Cards", "the dealer"), Phase.TURN: ("The Play", "whose turn it is"),
             Phase.AFTER_BUY: ("The Play", "whose turn it is"), Phase.BATTLE: ("Raise", "who answers a bet"),
             Phase.SPOILS: ("The Play", "whose turn it is")}



def _no(reason: str, section: str, clause: str = "", r: Ruling | None = None) -> Verdict:
    return Verdict(False, reason, ref(section, clause), r)


def _yes(reason: str, section: str, clause: str = "", r: Ruling | None = None) -> Verdict:
    return Verdict(True, reason, ref(section, clause), r)


def check(state: Hand, action: Action) -> Verdict:
    phase = state.phase
    if phase is Phase.OVER:
        return _no("the hand is over", "Winning the Pot")
    actor = state.actor
    if action.actor is not None and actor is not None and action.actor != actor:
        who = state.players[action.actor].name if 0 <= action.actor < len(state.players) else f"seat {action.actor}"
        return _no(f"it is {state.players[actor].name}'s move, not {who}'s", *_TURN_REF[phase])
    if action.kind not in _NAMES[phase]:
        return _no(f"'{action.kind.value}' is not possible now: {_situation(state)}", _PHASE_REF[phase])
    if phase in (Phase.DEALER_DRAW, Phase.BANNERS, Phase.PALACE):
        return _yes({Phase.DEALER_DRAW: "the dealer deals the next card of the draw for first dealer",
                     Phase.BANNERS: "the dealer deals the next banner card",
                     Phase.PALACE: "the dealer deals the next palace card"}[phase], _PHASE_REF[phase])
    if phase is Phase.ANTE:
        return _yes(f"everyone antes {state.rules.ante_amount}", "The Deal", "ante")
    if phase is Phase.SHUFFLE:
        return _yes("the set-aside cards go back and the deck is shuffled", "Palace Cards")
    if phase is Phase.TURN:
        return _check_turn(state, action)
    if phase in (Phase.AFTER_BUY, Phase.SPOILS):
        return _check_soldiers(state, action)
    return _check_battle(state, action)


_DEALING = {Phase.DEALER_DRAW: "the cards are being drawn for first dealer", Phase.ANTE: "everyone antes first",
            Phase.BANNERS: "the banner cards are being dealt",
            Phase.SHUFFLE: "the set-aside cards go back and the deck is shuffled first",
            Phase.PALACE: "the palace cards are being dealt"}


def _situation(state: Hand) -> str:
    """What the table is doing now and what may be done, in words for a person."""
    phase = state.phase
    dealing = _DEALING.get(phase)
    if dealing is not None:
        return dealing
    name = state.players[state.acting].name
    if phase is Phase.TURN:
        market = "buy the top discard, " if state.rules.open_market else ""
        return f"it is {name}'s turn, to buy, {market}discard, bet, stay or fold"
    if phase is Phase.AFTER_BUY:
        return f"{name} has just bought and now keeps the soldiers or discards some"
    if phase is Phase.SPOILS:
        return f"{name} won the battle and now keeps the soldiers or discards some"
    return f"{name} answers the bet: fold, call or raise"


def _check_turn(state: Hand, action: Action) -> Verdict:
    rules = state.rules
    me = state.players[state.acting]
    kind = action.kind
    if kind is Kind.BUY:
        if not state.deck and not state.discard:
            return _no("the draw deck and the discard pile are both empty, so there is nothing to buy",
                       "Buy", "both empty")
        cost = rules.buy_cost
        if me.stack < cost:
            return _no(f"buying costs {cost} and {me.name} has {me.stack}", "Buy", r=SHORT_STACKS)
        how = "the discard pile is shuffled into a new deck first, then " if not state.deck else ""
        return _yes(f"{how}{me.name} pays {cost} and takes the top card as a soldier", "Buy")
    if kind is Kind.MARKET:
        if not rules.open_market:
            return _no("buying from the discard pile needs the Open Market variation", "Open Market Rule")
        if not state.discard:
            return _no("the discard pile is empty", "Open Market Rule")
        cost = rules.market_cost
        if me.stack < cost:
            return _no(f"the market costs a big bet ({cost}) and {me.name} has {me.stack}", "Open Market Rule",
                       r=SHORT_STACKS)
        return _yes(f"{me.name} pays {cost} for the top card of the discard pile, taken unseen",
                    "Open Market Rule", r=OPEN_MARKET_FACE_DOWN)
    if kind is Kind.DISCARD:
        return _check_discard(me, cast(Discard, action), "Discard")
    if kind is Kind.STAY:
        return _yes(f"{me.name} does nothing this turn", "Stay")
    if kind is Kind.FOLD:
        return _yes(f"{me.name} gives up the hand; all of {me.name}'s cards go to the discard pile", "Fold on a turn",
                    r=TURN_FOLD)
    return _check_bet(state, cast(Bet, action))


def _check_discard(me: Player, action: Discard, section: str, limit: int | None = None) -> Verdict:
    row = {c.index for c in me.soldiers}
    missing = [c for c in action.cards if c.index not in row]
    if missing:
        held = faces(me.soldiers) or "none"
        return _no(f"{missing[0].label} is not one of {me.name}'s soldiers (soldiers: {held}); only soldiers can be "
                   "discarded", section)
    left = len(me.soldiers) - len(action.cards)
    if limit is not None and left > limit:
        return _no(f"{me.name} would still hold {left} soldiers; at most {limit} are allowed", section, "five")
    return _yes(f"{me.name} discards {faces(action.cards)} face down", section)


def _check_soldiers(state: Hand, action: Action) -> Verdict:
    me = state.players[state.acting]
    limit = state.rules.max_soldiers
    section = "Buy" if state.phase is Phase.AFTER_BUY else "Fold"
    if action.kind is Kind.KEEP:
        if len(me.soldiers) > limit:
            return _no(f"{me.name} holds {len(me.soldiers)} soldiers and must discard down to {limit}",
                       section, "five")
        return _yes(f"{me.name} keeps all {counted(len(me.soldiers), 'soldier')}", section)
    return _check_discard(me, cast(Discard, action), section, limit)


def _check_bet(state: Hand, action: Bet) -> Verdict:
    rules = state.rules
    me = state.players[state.acting]
    target = action.target
    if not 0 <= target < len(state.players):
        return _no(f"there is no seat @{target} at this table", "Bet (or battle)")
    them = state.players[target]
    if target == state.actor:
        return _no("nobody can bet against themselves", "Bet (or battle)")
    if not them.in_hand:
        return _no(f"{them.name} is out of the hand", "Bet (or battle)")
    if them.suit is me.suit:
        word = me.suit.word if me.suit is not None else "unknown"
        shown = f" ({them.banner.label})" if them.banner is not None else ""
        return _no(f"{them.name}'s banner{shown} is {word}, the same suit as {me.name}'s; "
                   "players of one banner suit never battle", "Bet (or battle)", "same suit")
    if rules.points:
        if action.amount is not None:
            return _no("the points game has no money: attacking is free", "Palace Poker without money")
        return _yes(f"{me.name} attacks {them.name}; with no money the battle is settled at once",
                    "Palace Poker without money")
    least = opening_minimum(rules, me)
    amount = least if action.amount is None else action.amount
    if not rules.no_limit and amount != least:
        return _no(f"in limit the bet is {counted(me.face_up, 'face-up card')} x {rules.small_bet} = {least}, not {amount}",
                   "Bet (or battle)")
    if amount < least:
        return _no(f"the least bet is {counted(me.face_up, 'face-up card')} x {rules.small_bet} = {least}; {amount} is "
                   "too little", "Bet (or battle)", "no-limit")
    if amount > me.stack:
        return _no(f"{me.name} has {me.stack}, not enough to bet {amount}", "Bet (or battle)", r=SHORT_STACKS)
    owed = defender_call(rules, amount, me, them)
    return _yes(f"{me.name} bets {amount} against {them.name}, who may fold, call ({owed}) or raise",
                "Bet (or battle)")


def _check_battle(state: Hand, action: Action) -> Verdict:
    rules = state.rules
    battle = state.in_battle
    me = state.players[battle.responder]
    other = state.players[battle.other(battle.responder)]
    attacker = battle.responder == battle.attacker
    if action.kind is Kind.FOLD:
        if attacker:
            return _yes(f"{me.name} gives up; {other.name} takes {me.name}'s banner and soldiers", "Raise",
                        "attacker folds", ATTACKER_FOLD)
        return _yes(f"{me.name} gives up; {other.name} takes {me.name}'s banner and soldiers", "Fold")
    owed = battle.owed
    given = action.amount if isinstance(action, (Call, Raise)) else None
    if action.kind is Kind.CALL:
        pay = min(owed, me.stack)
        if given is not None and given != pay:
            return _no(f"calling costs {me.name} {pay}, not {given}", "Call")
        if pay < owed and rules.short_stack == "pay-in-full":
            return _no(f"calling costs {owed} and {me.name} has {me.stack}; at this table a call is paid in "
                       "full, so folding is all that is left", "Call", "all in", SHORT_STACKS)
        if pay < owed:
            return _yes(f"{me.name} calls all in with {pay} (short of {owed})", "Call", "all in", SHORT_STACKS)
        return _yes(f"{me.name} calls with {pay}; the cards decide", "Call")
    # raise
    if rules.raise_cap is not None and battle.raises >= rules.raise_cap:
        return _no(f"this table caps a battle at {counted(rules.raise_cap, 'raise')}", "Raise", "cap", RAISE_CAP)
    step = raise_step(rules, battle, me)
    first = battle.raises == 0
    section_ruling = None if first else LATER_RAISES
    if rules.no_limit:
        amount = step if given is None else given
        if amount < step:
            return _no(f"the least raise here is {step}; {amount} is too little", "Raise", "no-limit",
                       section_ruling)
    else:
        amount = step if given is None else given
        if amount != step:
            return _no(f"in limit the raise here is {step}, not {amount}", "Raise", "limit", section_ruling)
    if owed + amount > me.stack:
        return _no(f"raising costs {owed} to call plus {amount}, and {me.name} has {me.stack}", "Raise",
                   r=SHORT_STACKS)
    return _yes(f"{me.name} pays {owed} to call and raises {amount}", "Raise", r=section_ruling)
