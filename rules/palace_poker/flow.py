"""What each action does to a Palace Poker position, with events for narration.

``advance`` is only called for actions the legality check accepted; it returns
the successor state and the events (dealt, kept as banner, rejected, bought,
discarded, bet, raise, excluded, battle won, pot won or split...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, counted
from ..refs import Event, ruling
from .actions import Action, Kind
from .battle import BattleVerdict, Outcome, resolve_battle
from .betting import defender_call, opening_minimum
from .hands import Mark
from .model import Battle, DealerDraw, HandResult, Phase, Player, Status, evolve
from .sections import ref
from .showdown import resolve_showdown
from .view import SeatEvent

if TYPE_CHECKING:
    from .state import PokerState

LAST_BATTLE = ruling(
    "palace-poker-last-battle",
    ref("Winning the Pot"),
    "When a battle leaves one player, does the winner still take the loser's banner and soldiers, and "
    "which soldiers count for the points score?",
    "says the last two players' battle decides the pot, and (§ Palace Poker without money) that the "
    "winner scores ten less the soldiers that ended up in his hand, from five to ten",
    "the hand ends the moment one player is left: the loser's palace cards are discarded, the loser's "
    "banner and soldiers are not taken, and the points score counts the winner's soldiers as they stand "
    "(at most five, so five to ten points)")

SHOWDOWN_ORDER = ruling(
    "palace-poker-showdown-order",
    ref("Showdown"),
    "In what order do players show at a showdown, and may a beaten hand be mucked?",
    "has everyone show, beginning with the player who began the run of stays, discards and folds; it "
    "does not say where to begin when that player folded, nor for the same-suit showdown of the No Pot "
    "Sharing Rule",
    "every player still in shows, clockwise, starting with the one who began the run (or the next "
    "player still in after that one, if that player folded); in a same-suit showdown, starting with the player whose "
    "turn would have been next. Nobody mucks: the tutor shows every hand")

ODD_CHIPS = ruling(
    "palace-poker-odd-chips",
    ref("Winning the Pot", "split"),
    "When a split pot does not divide evenly, who gets the odd chips?",
    "says the pot is split, without saying what happens to chips that do not divide",
    "each winner gets the same whole number of chips; the chips left over go one at a time to the "
    "winners in seat order starting from the dealer's left")

NO_POT_SHARING_SCOPE = ruling(
    "palace-poker-no-pot-sharing-scope",
    ref("No Pot Sharing Rule"),
    "Does the No Pot Sharing Rule also stop the last two players from splitting after a tied battle?",
    "replaces only the split between players left alone with one banner suit by a showdown",
    "only that split is replaced; a tied battle between the last two still splits the pot (in the "
    "points game nothing is split: such a tie ends the hand with no winner)")

POINTS_QUIET_RUN = ruling(
    "palace-poker-points-no-money-put-in",
    ref("Palace Poker without money"),
    "Without money, what ends a hand by showdown, since nobody ever puts money in?",
    "ends a hand (§ Showdown) when every player in turn stays, discards or folds, that is, when nobody "
    "puts money in; the points game makes buying and attacking free",
    "'no money put in' means no buy and no attack: in the points game a free buy or attack still breaks "
    "the run, and the hand ends when every player still in has stayed, discarded or folded in a row")

POINTS_BATTLE = ruling(
    "palace-poker-points-battle",
    ref("Palace Poker without money"),
    "In the points game, may the defender fold or raise?",
    "has the defender look at the attacker's cards and say who is out, with no calling or raising",
    "an attack is settled at once by comparing the hands, exactly as a called battle; there is no fold, "
    "call or raise. A complete tie between the last two ends the hand with no winner and no points")

POINTS_TIE = ruling(
    "palace-poker-points-absolute-tie",
    ref("Palace Poker without money"),
    "Who scores when the points game ends in a complete tie?",
    "gives no points to anyone after an absolute tie (same hand, same number of own-suit cards)",
    "a showdown tie after the own-suit count, or a complete battle tie between the last two, ends the "
    "hand with nobody scoring")

DRAW_RUNS_OUT = ruling(
    "palace-poker-dealer-draw-runs-out",
    ref("The Deal", "first dealer"),
    "What if the pack runs out during the draw for first dealer?",
    "deals further cards to the tied high-card holders until one is highest, and says nothing of the "
    "pack running out",
    "the cards of earlier rounds are shuffled and the draw goes on (only a stacked pack can get there)")


BATTLE_REVEAL = ruling(
    "palace-poker-battle-reveal",
    ref("Call"),
    "After a called battle, who gets to see whose palace cards?",
    "has the player who called last look at the other's palace cards first; a caller with the better hand "
    "then shows his own to confirm it, while a beaten caller hands the cards back and throws his own away "
    "unseen; a tie is not covered",
    "the last caller sees both hands; the other player sees the caller's palace cards only when the caller "
    "wins or ties (a tie has to be checked by both); players outside the battle see neither. In the points "
    "game the defender is the one who looks")


DISCARD_ORDER = ruling(
    "palace-poker-discard-order",
    ref("Discard"),
    "When several soldiers are discarded at once, which one ends on top of the discard pile?",
    "does not say; it matters only with the Open Market Rule, where the top discard can be bought",
    "they go onto the pile in the order they stood in the soldier row, oldest first, so the most recently "
    "gained of them ends on top")


def _in_row_order(me: Player, cards) -> tuple[Card, ...]:
    return tuple(c for c in me.soldiers if c in cards)


def _event(kind: str, text: str, section: str, clause: str = "", **data) -> Event:
    return Event(kind, text, ref(section, clause), tuple(data.items()))


def _who(s: "PokerState", seat: int, role: str = "seat") -> dict:
    """Event data naming a player: the seat (``role``) and the name (``name``, or ``ROLE_name``)."""
    return {role: seat, ("name" if role == "seat" else f"{role}_name"): s.players[seat].name}


def _private(event: Event, seats, public: Event | None = None) -> SeatEvent:
    """``event`` for ``seats`` only; the others learn ``public`` (None: nothing). See view.events_for."""
    return SeatEvent(event.kind, event.text, event.ref, event.data, shown_to=tuple(seats), public=public)


def _set(players: tuple[Player, ...], seat: int, **changes) -> tuple[Player, ...]:
    return players[:seat] + (evolve(players[seat], **changes),) + players[seat + 1:]


def _pay(players: tuple[Player, ...], seat: int, amount: int) -> tuple[Player, ...]:
    p = players[seat]
    return _set(players, seat, stack=p.stack - amount, paid=p.paid + amount)


def _cards(cards) -> str:
    return " ".join(c.label for c in cards)


def advance(state: "PokerState", action: Action) -> tuple["PokerState", tuple[Event, ...]]:
    handler = _HANDLERS[state.phase]
    new, events = handler(state, action)
    return new, tuple(events)


# -- the deal ---------------------------------------------------------------

def _dealer_draw(s: "PokerState", action: Action):
    draw: DealerDraw = s.draw
    seat = draw.contenders[len(draw.cards)]
    events = []
    deck, plan = s.deck, s.plan
    if not deck:
        plan, deck = plan.arrange(draw.earlier, "reshuffle", "reshuffles")
        draw = evolve(draw, earlier=())
        events.append(_event("reshuffle", "The pack has run out: the cards of the earlier rounds are shuffled "
                             "to go on with the draw", "The Deal", "first dealer", ruling=DRAW_RUNS_OUT.key))
    card, deck = deck[0], deck[1:]
    name = s.players[seat].name
    cards = draw.cards + ((seat, card),)
    events.append(_event("dealer-draw", f"{name} draws {card.label} for the deal", "The Deal", "first dealer",
                         **_who(s, seat), card=card))
    if len(cards) < len(draw.contenders):
        return evolve(s, deck=deck, plan=plan, draw=evolve(draw, cards=cards)), events
    top = max(c.rank for _, c in cards)
    high = tuple(seat for seat, c in cards if c.rank == top)
    if len(high) > 1:
        names = " and ".join(s.players[i].name for i in high)
        events.append(_event("dealer-tie", f"{names} tie with {top.plural}: they draw again", "The Deal",
                             "first dealer", seats=high, names=tuple(s.players[i].name for i in high)))
        new_draw = DealerDraw(high, draw.round + 1, (), draw.earlier + tuple(c for _, c in cards))
        return evolve(s, deck=deck, plan=plan, draw=new_draw), events
    dealer = high[0]
    table = draw.earlier + tuple(c for _, c in cards)
    plan, deck = plan.arrange(deck + table, "deck", "deck")
    events.append(_event("dealer", f"{s.players[dealer].name} has the high card and deals first", "The Deal",
                         "first dealer", **_who(s, dealer)))
    events.append(_event("shuffle", "The draw's cards go back into the pack and it is shuffled", "The Deal"))
    new = evolve(s, deck=deck, plan=plan, draw=None, dealer=dealer, actor=dealer)
    return _after_dealer(new), events


def _after_dealer(s: "PokerState") -> "PokerState":
    if s.rules.ante_amount > 0:
        return evolve(s, phase=Phase.ANTE, actor=s.dealer)
    return evolve(s, phase=Phase.BANNERS, actor=s.dealer, dealt=0)


def _ante(s: "PokerState", action: Action):
    ante = s.rules.ante_amount
    players = s.players
    for i in range(len(players)):
        players = _pay(players, i, ante)
    pot = s.pot + ante * len(players)
    ev = _event("ante", f"Everyone antes {ante}; the pot is {pot}", "The Deal", "ante", amount=ante, pot=pot)
    return evolve(s, players=players, pot=pot, phase=Phase.BANNERS, dealt=0), [ev]


def _banner(s: "PokerState", action: Action):
    order = s.deal_order
    pos = s.dealt
    seat = order[pos]
    events = []
    deck, plan, aside = s.deck, s.plan, s.set_aside
    if not deck:
        plan, deck = plan.arrange(aside, "reshuffle", "reshuffles")
        aside = ()
        events.append(_event("reshuffle", "The deck has run out: the set-aside cards are shuffled and the "
                             "banner deal goes on", "The Deal", "runs out"))
    card, deck = deck[0], deck[1:]
    name = s.players[seat].name
    group = range((pos // 4) * 4, pos)  # seats 1-4, 5-8 and 9-10 from the dealer's left
    holder = next((order[p] for p in group if s.players[order[p]].suit is card.suit), None)
    if holder is not None:
        hname = s.players[holder].name
        events.append(_event("banner-rejected", f"{card.label} to {name}: rejected, {hname} already holds "
                             f"{card.suit.word}", "The Deal", "banner suits", **_who(s, seat), card=card,
                             **_who(s, holder, "holder")))
        return evolve(s, deck=deck, plan=plan, set_aside=aside + (card,)), events
    players = _set(s.players, seat, banner=card)
    events.append(_event("banner-kept", f"{card.label} to {name}: kept as banner", "The Deal", "banner suits",
                         **_who(s, seat), card=card))
    done = pos + 1 == len(order)
    new = evolve(s, players=players, deck=deck, plan=plan, set_aside=aside, dealt=pos + 1,
                  phase=Phase.SHUFFLE if done else Phase.BANNERS)
    return new, events


def _shuffle(s: "PokerState", action: Action):
    back = len(s.set_aside)
    plan, deck = s.plan.arrange(s.deck + s.set_aside, "palace_deck", "palace_deck")
    ev = _event("shuffle", f"The dealer puts the {counted(back, 'set-aside card')} back and shuffles the deck",
                "Palace Cards", count=back)
    return evolve(s, deck=deck, plan=plan, set_aside=(), phase=Phase.PALACE, dealt=0), [ev]


def _palace(s: "PokerState", action: Action):
    order = s.deal_order
    k = s.dealt
    seat = order[k % len(order)]
    card, deck = s.deck[0], s.deck[1:]
    p = s.players[seat]
    players = _set(s.players, seat, palace=p.palace + (card,))
    nth = ("first", "second", "third")[len(p.palace)] if len(p.palace) < 3 else f"#{len(p.palace) + 1}"
    dealt = _event("palace-card", f"{p.name} gets a {nth} palace card, face down", "Palace Cards",
                   **_who(s, seat), card=card)
    # the card is the receiver's secret; the others learn only that a card was dealt
    events = [_private(dealt, (seat,), Event(dealt.kind, dealt.text, dealt.ref, tuple(_who(s, seat).items())))]
    k += 1
    if k < s.rules.palace_cards * len(order):
        return evolve(s, players=players, deck=deck, dealt=k), events
    first = order[0]
    events.append(_event("play", f"The deal is done; {players[first].name}, on the dealer's left, plays first",
                         "The Play", **_who(s, first)))
    return evolve(s, players=players, deck=deck, dealt=0, phase=Phase.TURN, actor=first, turn=first), events


# -- turns ------------------------------------------------------------------

def _turn(s: "PokerState", action: Action):
    me = s.players[s.actor]
    kind = action.kind
    rules = s.rules
    events = []
    if kind in (Kind.BUY, Kind.MARKET):
        deck, plan, discard = s.deck, s.plan, s.discard
        if kind is Kind.BUY:
            if not deck:
                plan, deck = plan.arrange(discard, "reshuffle", "reshuffles")
                events.append(_event("reshuffle", f"The draw deck is empty: the dealer shuffles the "
                                     f"{len(discard)}-card discard pile into a new deck", "Buy", "empty deck"))
                discard = ()
            card, deck = deck[0], deck[1:]
            cost, section = rules.buy_cost, "Buy"
        else:
            card, discard = discard[-1], discard[:-1]
            cost, section = rules.market_cost, "Open Market Rule"
        players = _pay(s.players, s.actor, cost)
        players = _set(players, s.actor, soldiers=me.soldiers + (card,))
        where = "the deck" if kind is Kind.BUY else "the top of the discard pile"
        events.append(_event("bought", f"{me.name} pays {cost} and takes {card.label} from {where} as a soldier",
                             section, **_who(s, s.actor), card=card, amount=cost))
        return evolve(s, players=players, deck=deck, discard=discard, plan=plan, pot=s.pot + cost,
                       phase=Phase.AFTER_BUY, quiet=()), events
    if kind is Kind.BET:
        return _attack(s, action)
    quiet = (s.quiet or ()) + (s.actor,)
    if kind is Kind.DISCARD:
        thrown = _in_row_order(me, action.cards)
        players = _set(s.players, s.actor, soldiers=tuple(c for c in me.soldiers if c not in thrown))
        events.append(_event("discarded", f"{me.name} discards {_cards(thrown)}", "Discard",
                             **_who(s, s.actor), cards=thrown, ruling=DISCARD_ORDER.key))
        s = evolve(s, players=players, discard=s.discard + thrown)
    elif kind is Kind.STAY:
        events.append(_event("stay", f"{me.name} stays", "Stay", **_who(s, s.actor)))
    else:  # fold on a turn
        players = _set(s.players, s.actor, palace=(), banner=None, soldiers=(), status=Status.FOLDED)
        events.append(_event("fold", f"{me.name} folds; all of {me.name}'s cards go to the discard pile", "Fold on a turn",
                             **_who(s, s.actor)))
        s = evolve(s, players=players, discard=s.discard + me.palace + (me.banner,) + me.soldiers)
    return _end_turn(evolve(s, quiet=quiet), events)


def _after_buy(s: "PokerState", action: Action):
    return _soldier_choice(s, action, then=_end_turn)


def _spoils(s: "PokerState", action: Action):
    return _soldier_choice(s, action, then=_end_turn)


def _soldier_choice(s: "PokerState", action: Action, then):
    me = s.players[s.actor]
    section = "Buy" if s.phase is Phase.AFTER_BUY else "Fold"
    if action.kind is Kind.KEEP:
        events = [_event("kept", f"{me.name} keeps {counted(len(me.soldiers), 'soldier')}", section, **_who(s, s.actor))]
    else:
        thrown = _in_row_order(me, action.cards)
        players = _set(s.players, s.actor, soldiers=tuple(c for c in me.soldiers if c not in thrown))
        s = evolve(s, players=players, discard=s.discard + thrown)
        events = [_event("discarded", f"{me.name} discards {_cards(thrown)}", section, **_who(s, s.actor),
                         cards=thrown, ruling=DISCARD_ORDER.key)]
    return then(evolve(s, battle=None), events)


def _end_turn(s: "PokerState", events: list) -> tuple["PokerState", list]:
    """Close the current turn: end the hand if it is over, else pass the turn clockwise."""
    done = _maybe_end(s, events)
    if done is not None:
        return done, events
    nxt = s.next_in_hand(s.turn)
    return evolve(s, phase=Phase.TURN, actor=nxt, turn=nxt, battle=None), events


def _maybe_end(s: "PokerState", events: list) -> "PokerState | None":
    active = s.in_hand
    if len(active) == 1:
        return _finish_last(s, active[0], events)
    if len({s.players[i].suit for i in active}) == 1:
        return _finish_same_suit(s, active, events)
    if s.quiet and set(active) <= set(s.quiet):
        start = s.quiet[0] if s.players[s.quiet[0]].in_hand else s.next_in_hand(s.quiet[0])
        first = s.players[start].name
        events.append(_event("run-complete", f"Every player still in has stayed, discarded or folded in a row "
                             f"since {s.players[s.quiet[0]].name}: the hand ends in a showdown, starting "
                             f"with {first}", "Showdown", ruling=(POINTS_QUIET_RUN.key if s.rules.points else None)))
        return _showdown(s, start, events, how="showdown")
    return None


# -- battles ----------------------------------------------------------------

def _attack(s: "PokerState", action: Action):
    rules = s.rules
    me = s.players[s.actor]
    target = action.target
    them = s.players[target]
    if rules.points:
        ev = _event("bet", f"{me.name} attacks {them.name} (free in the points game)", "Palace Poker without money",
                    **_who(s, s.actor), **_who(s, target, "target"), amount=0)
        battle = Battle(s.actor, target, target, 0, 0)
        return _settle(evolve(s, battle=battle, quiet=()), [ev], caller=target, ruling_used=POINTS_BATTLE)
    amount = opening_minimum(rules, me) if action.amount is None else action.amount
    owed = defender_call(rules, amount, me, them)
    players = _pay(s.players, s.actor, amount)
    ev = _event("bet", f"{me.name} bets {amount} against {them.name} ({them.banner.label})", "Bet (or battle)",
                **_who(s, s.actor), **_who(s, target, "target"), amount=amount, owed=owed)
    battle = Battle(s.actor, target, target, owed, amount, 0, (amount, 0))
    return evolve(s, players=players, pot=s.pot + amount, battle=battle, phase=Phase.BATTLE, actor=target,
                   quiet=()), [ev]


def _battle(s: "PokerState", action: Action):
    b: Battle = s.battle
    me = s.players[b.responder]
    other = b.other(b.responder)
    is_attacker = b.responder == b.attacker
    if action.kind is Kind.FOLD:
        ev = _event("fold", f"{me.name} folds to {s.players[other].name}", "Raise" if is_attacker else "Fold",
                    **_who(s, b.responder))
        return _knock_out(s, loser=b.responder, winner=other, events=[ev], status=Status.FOLDED)
    if action.kind is Kind.CALL:
        pay = min(b.owed, me.stack)
        put = _add_put(b, b.responder, pay)
        players = _pay(s.players, b.responder, pay)
        short = " (all in)" if pay < b.owed else ""
        ev = _event("call", f"{me.name} calls with {pay}{short}; the pot is {s.pot + pay}", "Call",
                    **_who(s, b.responder), amount=pay)
        s = evolve(s, players=players, pot=s.pot + pay, battle=evolve(b, put=put))
        return _settle(s, [ev], caller=b.responder)
    amount = action.amount if action.amount is not None else _default_raise(s)
    pay = b.owed + amount
    players = _pay(s.players, b.responder, pay)
    ev = _event("raise", f"{me.name} puts in {pay}: {b.owed} to call and {amount} more", "Raise",
                **_who(s, b.responder), amount=pay, call=b.owed, raised=amount)
    battle = evolve(b, responder=other, owed=amount, raises=b.raises + 1, put=_add_put(b, b.responder, pay))
    return evolve(s, players=players, pot=s.pot + pay, battle=battle, actor=other), [ev]


def _default_raise(s: "PokerState") -> int:
    from .betting import raise_step
    return raise_step(s.rules, s.battle, s.players[s.battle.responder])


def _add_put(b: Battle, seat: int, amount: int) -> tuple[int, int]:
    a, d = b.put
    return (a + amount, d) if seat == b.attacker else (a, d + amount)


def _settle(s: "PokerState", events: list, *, caller: int, ruling_used=None):
    """Both hands are compared (a called battle, or any attack in the points game)."""
    b: Battle = s.battle
    att, dfd = s.players[b.attacker], s.players[b.defender]
    shower = b.other(caller)
    if s.rules.points:
        events.append(_event("reveal", f"{s.players[shower].name} shows the palace cards to "
                             f"{s.players[caller].name}, who says who is out", "Palace Poker without money",
                             **_who(s, shower), **_who(s, caller, "to"), ruling=BATTLE_REVEAL.key))
    else:
        events.append(_event("reveal", f"{s.players[caller].name} called last, so {s.players[shower].name} "
                             f"shows the palace cards to {s.players[caller].name} first", "Raise", "last caller",
                             **_who(s, shower), **_who(s, caller, "to"), ruling=BATTLE_REVEAL.key))
    verdict = resolve_battle(att.holding, dfd.holding, s.rules, last_two=len(s.in_hand) == 2,
                             attacker_name=att.name, defender_name=dfd.name)
    caller_lost = verdict.outcome is (Outcome.DEFENDER if caller == b.attacker else Outcome.ATTACKER)
    seen = (caller,) if caller_lost else (caller, shower)
    events.extend(_verdict_events(s, verdict, seen))
    s = evolve(s, last_battle=verdict, battle_seen=seen)
    if verdict.outcome is Outcome.SPLIT:
        if s.rules.tied_last_battle == "showdown" and not s.rules.shares_pot and not s.rules.points:
            # option tied-last-battle (ruling palace-poker-no-pot-sharing-scope read the other way)
            events.append(_event("tie-showdown", "The last two tie, and at this table the No Pot Sharing Rule "
                                 "sends them to a showdown instead of a split", "No Pot Sharing Rule"))
            return _showdown(s, b.attacker, events, how="tie showdown"), events
        return _finish_split(s, (b.attacker, b.defender), events, how="battle split"), events
    if verdict.outcome is Outcome.BOTH_FOLD:
        players = s.players
        discard = s.discard
        for seat in (b.attacker, b.defender):
            p = players[seat]
            discard += p.palace + (p.banner,) + p.soldiers
            players = _set(players, seat, palace=(), banner=None, soldiers=(), status=Status.TIED)
        events.append(_event("both-out", f"{att.name} and {dfd.name} are both out; all their cards go to the "
                             "discard pile", "Ties", "both fold", seats=(b.attacker, b.defender),
                             names=(att.name, dfd.name)))
        return _end_turn(evolve(s, players=players, discard=discard, battle=None),
                         events)
    winner = b.attacker if verdict.outcome is Outcome.ATTACKER else b.defender
    loser = b.other(winner)
    return _knock_out(s, loser=loser, winner=winner, events=events, status=Status.BEATEN)


def _verdict_events(s: "PokerState", v: BattleVerdict, seen: tuple[int, ...]) -> list[Event]:
    """The battle's narration. The hands are told only to who saw them (``seen``
    saw both; each player knows his own side); the table learns the outcome."""
    events = []
    b = s.battle
    for side, seat in ((v.attacker, b.attacker), (v.defender, b.defender)):
        knows = (seat, *seen)
        if side.excluded:
            events.append(_private(_event(
                "excluded", f"Not counted for {side.name}: {_cards(side.excluded)} (the opponent's banner is "
                f"{side.against.symbol})", "Banner Suits", **_who(s, seat), cards=side.excluded,
                suit=side.against.word), knows))
        if side.rescued:
            events.append(_private(_event(
                "four-of-a-kind", f"{side.name}'s {_cards(side.rescued)} counts anyway: it completes a four of a "
                "kind", "Banner Suits", "four-of-a-kind exception", **_who(s, seat), cards=side.rescued), knows))
        wild = [m for m in side.marks if m.mark is Mark.WILD]
        if wild:
            events.append(_private(_event(
                "wild", f"{side.name}'s {wild[0].card.label} plays as an ace", "Kings in the House Rule",
                **_who(s, seat), card=wild[0].card), knows))
    kind = {"hand": "battle-won", "own suit": "battle-won", "tie": "battle-tie"}[v.decided_by]
    data = {"verdict": v}
    if v.winner is not None:
        won = b.attacker if v.outcome is Outcome.ATTACKER else b.defender
        names = {**_who(s, won, "winner"), **_who(s, b.other(won), "loser")}
        data.update(names)
        told = Event(kind, f"{v.winner.name} wins the battle against {v.loser.name}", v.ref, tuple(names.items()))
    else:
        told = Event(kind, f"{v.attacker.name} and {v.defender.name} tie the battle", v.ref)
    events.append(_private(Event(kind, v.reason, v.ref, tuple(data.items())), seen, told))
    return events


def _knock_out(s: "PokerState", *, loser: int, winner: int, events: list, status: Status):
    """The loser (by fold or by the cards) is out; the winner takes the banner and soldiers."""
    lp, wp = s.players[loser], s.players[winner]
    players = _set(s.players, loser, palace=(), status=status)
    s = evolve(s, players=players, discard=s.discard + lp.palace, battle=evolve(s.battle, responder=winner))
    events.append(_event("out", f"{lp.name} is out; {lp.name}'s palace cards go to the discard pile", "Fold",
                         **_who(s, loser)))
    done = _maybe_end(s, events)
    if done is not None:
        return done, events
    taken = (lp.banner,) + lp.soldiers
    players = _set(s.players, loser, banner=None, soldiers=())
    players = _set(players, winner, soldiers=wp.soldiers + taken)
    events.append(_event("spoils", f"{wp.name} takes {_cards(taken)} as {'a soldier' if len(taken) == 1 else 'soldiers'}", "Fold",
                         **_who(s, winner), cards=taken))
    return evolve(s, players=players, phase=Phase.SPOILS, actor=winner), events


# -- the end of the hand ----------------------------------------------------

def _finish(s: "PokerState", result: HandResult, events: list) -> "PokerState":
    players = s.players
    for seat, amount in result.shares:
        players = _set(players, seat, stack=players[seat].stack + amount)
    for seat, pts in result.points:
        players = _set(players, seat, score=players[seat].score + pts)
    for seat, pts in result.points:
        p = players[seat]
        events.append(_event("scored", f"{p.name} scores {counted(pts, 'point')} ({s.rules.win_points} less "
                             f"{counted(len(p.soldiers), 'soldier')}), {p.score} in all", "Palace Poker without money",
                             "score", **_who(s, seat), points=pts, total=p.score))
        if p.score >= s.rules.target:
            events.append(_event("game-won", f"{p.name} reaches {p.score} points, the target of {s.rules.target}, "
                                 "and wins the game", "Palace Poker without money", "target", **_who(s, seat),
                                 total=p.score))
    if len(result.shares) > 1:
        events.append(Event("pot-split", "The pot is split: " + ", ".join(f"{n} {a}" for n, a in result.named_shares),
                            result.ref, (("shares", result.shares), ("named_shares", result.named_shares))))
    events.append(Event("hand-over", result.reason, result.ref,
                        (("winners", result.winners), ("winner_names", result.winner_names),
                         ("shares", result.shares), ("points", result.points))))
    game_over = s.rules.points and any(p.score >= s.rules.target for p in players)
    can_ante = [p for p in players if p.stack >= s.rules.ante_amount]
    if not game_over and len(can_ante) >= 2 and s.dealer is not None:
        nxt = next_dealer(players, s.dealer, s.rules.ante_amount)
        events.append(_event("next-dealer", f"{players[nxt].name} deals the next hand: the deal passes to the left",
                             "Example Game Continued", "next dealer", **_who(s, nxt)))
    return evolve(s, players=players, pot=0, phase=Phase.OVER, actor=None, battle=None, result=result)


def next_dealer(players: tuple[Player, ...], dealer: int, ante: int) -> int:
    """The next hand's dealer: the first player on the dealer's left who can pay the
    ante (the example's next deal is Aaron's, on Frank's left: § Example Game Continued)."""
    n = len(players)
    return next(i for k in range(1, n + 1) if players[(i := (dealer + k) % n)].stack >= ante)


def _points_for(s: "PokerState", seat: int) -> tuple[tuple[int, int], ...]:
    if not s.rules.points:
        return ()
    return ((seat, s.rules.win_points - len(s.players[seat].soldiers)),)


def _result(s: "PokerState", how: str, winners, shares, reason: str, rule, points=(), showdown=None,
            used=None) -> HandResult:
    return HandResult(how, tuple(winners), tuple(shares), reason, rule, tuple(points), showdown, used, s.names)


def _finish_last(s: "PokerState", seat: int, events: list) -> "PokerState":
    p = s.players[seat]
    pts = _points_for(s, seat)
    what = f"scores {pts[0][1]} points" if pts else f"wins the pot of {s.pot}"
    result = _result(s, "last player", (seat,), ((seat, s.pot),) if s.pot else (),
                     f"{p.name} is the last player in the hand and {what}", ref("Winning the Pot"),
                     pts, used=LAST_BATTLE if s.last_battle is not None else None)
    return _finish(s, result, events)


def _split_shares(s: "PokerState", seats) -> tuple[tuple[int, int], ...]:
    ordered = [i for i in s.deal_order if i in seats]
    share, odd = divmod(s.pot, len(ordered))
    return tuple((i, share + (1 if k < odd else 0)) for k, i in enumerate(ordered))


def _finish_split(s: "PokerState", seats, events: list, *, how: str) -> "PokerState":
    names = tuple(s.players[i].name for i in seats)
    if s.rules.points:
        result = _result(s, "no winner", (), (), f"{' and '.join(names)} tie completely: nobody scores this hand",
                         ref("Palace Poker without money"), used=POINTS_TIE)
        return _finish(s, result, events)
    shares = _split_shares(s, seats)
    text = ", ".join(f"{s.players[i].name} {a}" for i, a in shares)
    section = ("Ties", "last two") if how == "battle split" else ("Winning the Pot", "same suit")
    if s.pot % len(seats):
        used = ODD_CHIPS
    elif how == "battle split" and not s.rules.pot_sharing:
        used = NO_POT_SHARING_SCOPE
    else:
        used = None
    result = _result(s, how, tuple(seats), shares, f"{' and '.join(names)} split the pot of {s.pot}: {text}",
                     ref(*section), used=used)
    return _finish(s, result, events)


def _finish_same_suit(s: "PokerState", active, events: list) -> "PokerState":
    suit = s.players[active[0]].suit
    if s.rules.shares_pot:
        events.append(_event("same-suit", f"Everyone left holds a {suit.singular} banner: the hand is over and "
                             "they split the pot", "Winning the Pot", "same suit"))
        return _finish_split(s, active, events, how="same suit split")
    nxt = s.next_in_hand(s.turn) if s.turn is not None else active[0]
    section = "Palace Poker without money" if s.rules.points else "No Pot Sharing Rule"
    events.append(_event("same-suit", f"Everyone left holds a {suit.singular} banner: the hand goes straight to "
                         "a showdown", section))
    return _showdown(s, nxt, events, how="same suit showdown")


def _showdown(s: "PokerState", start: int, events: list, *, how: str) -> "PokerState":
    order = [start]
    i = start
    while True:
        i = s.next_in_hand(i)
        if i == start:
            break
        order.append(i)
    holdings = [(s.players[i].name, s.players[i].holding) for i in order]
    verdict = resolve_showdown(holdings, s.rules)
    for seat, hand in zip(order, verdict.hands):
        events.append(_event("show", f"{hand.name} shows {_cards(hand.holding.palace)}: {hand.describe_hand()}",
                             "Showdown", **_who(s, seat), cards=hand.holding.palace))
    winners = tuple(s.seat_of(n) for n in verdict.winners)
    if len(winners) > 1:
        if s.rules.points:
            result = _result(s, "no winner", (), (), verdict.reason + "; nobody scores this hand",
                             ref("Palace Poker without money"), (), verdict, POINTS_TIE)
            return _finish(s, result, events)
        shares = _split_shares(s, winners)
        result = _result(s, how, winners, shares, verdict.reason + f"; the pot of {s.pot} is split",
                         verdict.ref, (), verdict, ODD_CHIPS if s.pot % len(winners) else SHOWDOWN_ORDER)
        return _finish(s, result, events)
    w = winners[0]
    pts = _points_for(s, w)
    what = f"scores {pts[0][1]} points" if pts else f"wins the pot of {s.pot}"
    result = _result(s, how, winners, ((w, s.pot),) if s.pot else (), f"{verdict.reason}: {verdict.winners[0]} {what}",
                     verdict.ref, pts, verdict, verdict.ruling or SHOWDOWN_ORDER)
    return _finish(s, result, events)


_HANDLERS = {
    Phase.DEALER_DRAW: _dealer_draw, Phase.ANTE: _ante, Phase.BANNERS: _banner, Phase.SHUFFLE: _shuffle,
    Phase.PALACE: _palace, Phase.TURN: _turn, Phase.AFTER_BUY: _after_buy, Phase.BATTLE: _battle,
    Phase.SPOILS: _spoils,
}
