"""What each action does to a Palace Poker position, with events for narration.

``advance`` is only called for actions the legality check accepted; it returns
the successor state and the events (dealt, kept as banner, rejected, bought,
discarded, bet, raise, excluded, battle won...). The end of the hand (the pot
won or split, a showdown) is :mod:`.payout`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from ..cards import Card, counted, faces
from ..refs import Event, ruling
from .actions import Action, Ante, Bet, Deal, Discard, Kind, Raise, Shuffle
from .battle import BattleVerdict, Outcome, resolve_battle
from .betting import defender_call, opening_minimum, raise_step
from .events import event, private, who
from .hands import Mark
from .model import Battle, DealerDraw, Hand, Phase, Player, Status, evolve, pay, with_player
from .payout import finish_last, finish_same_suit, finish_split, showdown
from .sections import ref

H = TypeVar("H", bound=Hand)
Events = list[Event]
Step = tuple[Hand, Events]

AUTOMATIC: dict[Phase, Action] = {Phase.DEALER_DRAW: Deal(), Phase.ANTE: Ante(), Phase.BANNERS: Deal(),
                                  Phase.SHUFFLE: Shuffle(), Phase.PALACE: Deal()}
"""The phases whose one action nobody chooses, and that action: the draw for dealer, the
antes, the banner and palace deals, the shuffle between them (§ The Deal, § Palace Cards)."""

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


def _in_row_order(me: Player, cards: Iterable[Card]) -> tuple[Card, ...]:
    chosen = set(cards)
    return tuple(c for c in me.soldiers if c in chosen)


def advance(state: H, action: Action) -> tuple[H, tuple[Event, ...]]:
    """The position after ``action`` (which the check accepted) and what happened; the
    position is of the class given (the state, a :class:`.model.Hand` with its front)."""
    handler = _HANDLERS[state.phase]
    new, events = handler(state, action)
    return cast(H, new), tuple(events)


def deal_out(state: H) -> H:
    """``state`` with the steps nobody decides done (the deal, the antes, the shuffle)."""
    steps = 0
    while state.phase in AUTOMATIC and steps < 1000:
        state = advance(state, AUTOMATIC[state.phase])[0]
        steps += 1
    return state


# -- the deal ---------------------------------------------------------------

def _dealer_draw(s: Hand, action: Action) -> Step:
    draw = s.dealer_draw
    seat = draw.contenders[len(draw.cards)]
    events: Events = []
    deck, plan = s.deck, s.plan
    if not deck:
        plan, deck = plan.arrange(draw.earlier, "reshuffle", "reshuffles")
        draw = evolve(draw, earlier=())
        events.append(event("reshuffle", "The pack has run out: the cards of the earlier rounds are shuffled "
                             "to go on with the draw", "The Deal", "first dealer", ruling=DRAW_RUNS_OUT.key))
    card, deck = deck[0], deck[1:]
    name = s.players[seat].name
    cards = draw.cards + ((seat, card),)
    events.append(event("dealer-draw", f"{name} draws {card.label} for the deal", "The Deal", "first dealer",
                         **who(s, seat), card=card))
    if len(cards) < len(draw.contenders):
        return evolve(s, deck=deck, plan=plan, draw=evolve(draw, cards=cards)), events
    top = max(c.rank for _, c in cards)
    high = tuple(seat for seat, c in cards if c.rank == top)
    if len(high) > 1:
        names = " and ".join(s.players[i].name for i in high)
        events.append(event("dealer-tie", f"{names} tie with {top.plural}: they draw again", "The Deal",
                             "first dealer", seats=high, names=tuple(s.players[i].name for i in high)))
        new_draw = DealerDraw(high, draw.round + 1, (), draw.earlier + tuple(c for _, c in cards))
        return evolve(s, deck=deck, plan=plan, draw=new_draw), events
    dealer = high[0]
    table = draw.earlier + tuple(c for _, c in cards)
    plan, deck = plan.arrange(deck + table, "deck", "deck")
    events.append(event("dealer", f"{s.players[dealer].name} has the high card and deals first", "The Deal",
                         "first dealer", **who(s, dealer)))
    events.append(event("shuffle", "The draw's cards go back into the pack and it is shuffled", "The Deal"))
    new = evolve(s, deck=deck, plan=plan, draw=None, dealer=dealer, actor=dealer)
    return _after_dealer(new), events


def _after_dealer(s: Hand) -> Hand:
    if s.rules.ante_amount > 0:
        return evolve(s, phase=Phase.ANTE, actor=s.dealer)
    return evolve(s, phase=Phase.BANNERS, actor=s.dealer, dealt=0)


def _ante(s: Hand, action: Action) -> Step:
    ante = s.rules.ante_amount
    players = s.players
    for i in range(len(players)):
        players = pay(players, i, ante)
    pot = s.pot + ante * len(players)
    ev = event("ante", f"Everyone antes {ante}; the pot is {pot}", "The Deal", "ante", amount=ante, pot=pot)
    return evolve(s, players=players, pot=pot, phase=Phase.BANNERS, dealt=0), [ev]


def _banner(s: Hand, action: Action) -> Step:
    order = s.deal_order
    pos = s.dealt
    seat = order[pos]
    events: Events = []
    deck, plan, aside = s.deck, s.plan, s.set_aside
    if not deck:
        plan, deck = plan.arrange(aside, "reshuffle", "reshuffles")
        aside = ()
        events.append(event("reshuffle", "The deck has run out: the set-aside cards are shuffled and the "
                             "banner deal goes on", "The Deal", "runs out"))
    card, deck = deck[0], deck[1:]
    name = s.players[seat].name
    group = range((pos // 4) * 4, pos)  # seats 1-4, 5-8 and 9-10 from the dealer's left
    holder = next((order[p] for p in group if s.players[order[p]].suit is card.suit), None)
    if holder is not None:
        hname = s.players[holder].name
        events.append(event("banner-rejected", f"{card.label} to {name}: rejected, {hname} already holds "
                             f"{s.players[holder].banner_suit.word}", "The Deal", "banner suits", **who(s, seat), card=card,
                             **who(s, holder, "holder")))
        return evolve(s, deck=deck, plan=plan, set_aside=aside + (card,)), events
    players = with_player(s.players, seat, banner=card)
    events.append(event("banner-kept", f"{card.label} to {name}: kept as banner", "The Deal", "banner suits",
                         **who(s, seat), card=card))
    done = pos + 1 == len(order)
    new = evolve(s, players=players, deck=deck, plan=plan, set_aside=aside, dealt=pos + 1,
                  phase=Phase.SHUFFLE if done else Phase.BANNERS)
    return new, events


def _shuffle(s: Hand, action: Action) -> Step:
    back = len(s.set_aside)
    plan, deck = s.plan.arrange(s.deck + s.set_aside, "palace_deck", "palace_deck")
    ev = event("shuffle", f"The dealer puts the {counted(back, 'set-aside card')} back and shuffles the deck",
                "Palace Cards", count=back)
    return evolve(s, deck=deck, plan=plan, set_aside=(), phase=Phase.PALACE, dealt=0), [ev]


def _palace(s: Hand, action: Action) -> Step:
    order = s.deal_order
    k = s.dealt
    seat = order[k % len(order)]
    card, deck = s.deck[0], s.deck[1:]
    p = s.players[seat]
    players = with_player(s.players, seat, palace=p.palace + (card,))
    nth = ("first", "second", "third")[len(p.palace)] if len(p.palace) < 3 else f"#{len(p.palace) + 1}"
    dealt = event("palace-card", f"{p.name} gets a {nth} palace card, face down", "Palace Cards",
                   **who(s, seat), card=card)
    # the card is the receiver's secret; the others learn only that a card was dealt
    events: Events = [private(dealt, (seat,), Event(dealt.kind, dealt.text, dealt.ref, tuple(who(s, seat).items())))]
    k += 1
    if k < s.rules.palace_cards * len(order):
        return evolve(s, players=players, deck=deck, dealt=k), events
    first = order[0]
    events.append(event("play", f"The deal is done; {players[first].name}, on the dealer's left, plays first",
                         "The Play", **who(s, first)))
    return evolve(s, players=players, deck=deck, dealt=0, phase=Phase.TURN, actor=first, turn=first), events


# -- turns ------------------------------------------------------------------

def _turn(s: Hand, action: Action) -> Step:
    actor = s.acting
    me = s.players[actor]
    kind = action.kind
    rules = s.rules
    events: Events = []
    if kind in (Kind.BUY, Kind.MARKET):
        deck, plan, discard = s.deck, s.plan, s.discard
        if kind is Kind.BUY:
            if not deck:
                plan, deck = plan.arrange(discard, "reshuffle", "reshuffles")
                events.append(event("reshuffle", f"The draw deck is empty: the dealer shuffles the "
                                     f"{len(discard)}-card discard pile into a new deck", "Buy", "empty deck"))
                discard = ()
            card, deck = deck[0], deck[1:]
            cost, section = rules.buy_cost, "Buy"
        else:
            card, discard = discard[-1], discard[:-1]
            cost, section = rules.market_cost, "Open Market Rule"
        players = pay(s.players, actor, cost)
        players = with_player(players, actor, soldiers=me.soldiers + (card,))
        where = "the deck" if kind is Kind.BUY else "the top of the discard pile"
        events.append(event("bought", f"{me.name} pays {cost} and takes {card.label} from {where} as a soldier",
                             section, **who(s, actor), card=card, amount=cost))
        return evolve(s, players=players, deck=deck, discard=discard, plan=plan, pot=s.pot + cost,
                       phase=Phase.AFTER_BUY, quiet=()), events
    if isinstance(action, Bet):
        return _attack(s, action)
    quiet = (s.quiet or ()) + (actor,)
    if isinstance(action, Discard):
        thrown = _in_row_order(me, action.cards)
        players = with_player(s.players, actor, soldiers=tuple(c for c in me.soldiers if c not in thrown))
        events.append(event("discarded", f"{me.name} discards {faces(thrown)}", "Discard",
                            **who(s, actor), cards=thrown, ruling=DISCARD_ORDER.key))
        s = evolve(s, players=players, discard=s.discard + thrown)
    elif kind is Kind.STAY:
        events.append(event("stay", f"{me.name} stays", "Stay", **who(s, actor)))
    else:  # fold on a turn
        players = with_player(s.players, actor, palace=(), banner=None, soldiers=(), status=Status.FOLDED)
        events.append(event("fold", f"{me.name} folds; all of {me.name}'s cards go to the discard pile", "Fold on a turn",
                            **who(s, actor)))
        s = evolve(s, players=players, discard=s.discard + me.palace + (me.banner_card,) + me.soldiers)
    return _end_turn(evolve(s, quiet=quiet), events)


def _soldier_choice(s: Hand, action: Action) -> Step:
    """After buying (§ Buy) or winning a battle (§ Fold): keep the soldiers or discard some."""
    actor = s.acting
    me = s.players[actor]
    section = "Buy" if s.phase is Phase.AFTER_BUY else "Fold"
    if not isinstance(action, Discard):  # keep
        events = [event("kept", f"{me.name} keeps {counted(len(me.soldiers), 'soldier')}", section, **who(s, actor))]
    else:
        thrown = _in_row_order(me, action.cards)
        players = with_player(s.players, actor, soldiers=tuple(c for c in me.soldiers if c not in thrown))
        s = evolve(s, players=players, discard=s.discard + thrown)
        events = [event("discarded", f"{me.name} discards {faces(thrown)}", section, **who(s, actor),
                        cards=thrown, ruling=DISCARD_ORDER.key)]
    return _end_turn(evolve(s, battle=None), events)


def _end_turn(s: Hand, events: Events) -> Step:
    """Close the current turn: end the hand if it is over, else pass the turn clockwise."""
    done = _maybe_end(s, events)
    if done is not None:
        return done, events
    nxt = s.next_in_hand(s.playing)
    return evolve(s, phase=Phase.TURN, actor=nxt, turn=nxt, battle=None), events


def _maybe_end(s: Hand, events: Events) -> Hand | None:
    active = s.in_hand
    if len(active) == 1:
        return finish_last(s, active[0], events)
    if len({s.players[i].suit for i in active}) == 1:
        return finish_same_suit(s, active, events)
    if s.quiet and set(active) <= set(s.quiet):
        start = s.quiet[0] if s.players[s.quiet[0]].in_hand else s.next_in_hand(s.quiet[0])
        first = s.players[start].name
        events.append(event("run-complete", f"Every player still in has stayed, discarded or folded in a row "
                             f"since {s.players[s.quiet[0]].name}: the hand ends in a showdown, starting "
                             f"with {first}", "Showdown", ruling=(POINTS_QUIET_RUN.key if s.rules.points else None)))
        return showdown(s, start, events, how="showdown")
    return None


# -- battles ----------------------------------------------------------------

def _attack(s: Hand, action: Bet) -> Step:
    rules = s.rules
    actor = s.acting
    me = s.players[actor]
    target = action.target
    them = s.players[target]
    if rules.points:  # settled at once: POINTS_BATTLE
        ev = event("bet", f"{me.name} attacks {them.name} (free in the points game)", "Palace Poker without money",
                   **who(s, actor), **who(s, target, "target"), amount=0, ruling=POINTS_BATTLE.key)
        battle = Battle(actor, target, target, 0, 0)
        return _settle(evolve(s, battle=battle, quiet=()), [ev], caller=target)
    amount = opening_minimum(rules, me) if action.amount is None else action.amount
    owed = defender_call(rules, amount, me, them)
    players = pay(s.players, actor, amount)
    ev = event("bet", f"{me.name} bets {amount} against {them.name} ({them.banner_card.label})", "Bet (or battle)",
               **who(s, actor), **who(s, target, "target"), amount=amount, owed=owed)
    battle = Battle(actor, target, target, owed, amount, 0, (amount, 0))
    return evolve(s, players=players, pot=s.pot + amount, battle=battle, phase=Phase.BATTLE, actor=target,
                   quiet=()), [ev]


def _battle(s: Hand, action: Action) -> Step:
    b = s.in_battle
    me = s.players[b.responder]
    other = b.other(b.responder)
    is_attacker = b.responder == b.attacker
    if action.kind is Kind.FOLD:
        ev = event("fold", f"{me.name} folds to {s.players[other].name}", "Raise" if is_attacker else "Fold",
                    **who(s, b.responder))
        return _knock_out(s, loser=b.responder, winner=other, events=[ev], status=Status.FOLDED)
    if action.kind is Kind.CALL:
        paid = min(b.owed, me.stack)
        put = _add_put(b, b.responder, paid)
        players = pay(s.players, b.responder, paid)
        short = " (all in)" if paid < b.owed else ""
        ev = event("call", f"{me.name} calls with {paid}{short}; the pot is {s.pot + paid}", "Call",
                   **who(s, b.responder), amount=paid)
        s = evolve(s, players=players, pot=s.pot + paid, battle=evolve(b, put=put))
        return _settle(s, [ev], caller=b.responder)
    given = action.amount if isinstance(action, Raise) else None
    amount = given if given is not None else raise_step(s.rules, b, me)
    paid = b.owed + amount
    players = pay(s.players, b.responder, paid)
    ev = event("raise", f"{me.name} puts in {paid}: {b.owed} to call and {amount} more", "Raise",
               **who(s, b.responder), amount=paid, call=b.owed, raised=amount)
    battle = evolve(b, responder=other, owed=amount, raises=b.raises + 1, put=_add_put(b, b.responder, paid))
    return evolve(s, players=players, pot=s.pot + paid, battle=battle, actor=other), [ev]


def _add_put(b: Battle, seat: int, amount: int) -> tuple[int, int]:
    a, d = b.put
    return (a + amount, d) if seat == b.attacker else (a, d + amount)


def _settle(s: Hand, events: Events, *, caller: int) -> Step:
    """Both hands are compared (a called battle, or any attack in the points game)."""
    b = s.in_battle
    att, dfd = s.players[b.attacker], s.players[b.defender]
    shower = b.other(caller)
    if s.rules.points:
        events.append(event("reveal", f"{s.players[shower].name} shows the palace cards to "
                             f"{s.players[caller].name}, who says who is out", "Palace Poker without money",
                             **who(s, shower), **who(s, caller, "to"), ruling=BATTLE_REVEAL.key))
    else:
        events.append(event("reveal", f"{s.players[caller].name} called last, so {s.players[shower].name} "
                             f"shows the palace cards to {s.players[caller].name} first", "Raise", "last caller",
                             **who(s, shower), **who(s, caller, "to"), ruling=BATTLE_REVEAL.key))
    verdict = resolve_battle(att.holding, dfd.holding, s.rules, last_two=len(s.in_hand) == 2,
                             attacker_name=att.name, defender_name=dfd.name)
    caller_lost = verdict.outcome is (Outcome.DEFENDER if caller == b.attacker else Outcome.ATTACKER)
    seen = (caller,) if caller_lost else (caller, shower)
    events.extend(_verdict_events(s, verdict, seen))
    s = evolve(s, last_battle=verdict, battle_seen=seen)
    if verdict.outcome is Outcome.SPLIT:
        if s.rules.tied_last_battle == "showdown" and not s.rules.shares_pot and not s.rules.points:
            # option tied-last-battle (ruling palace-poker-no-pot-sharing-scope read the other way)
            events.append(event("tie-showdown", "The last two tie, and at this table the No Pot Sharing Rule "
                                 "sends them to a showdown instead of a split", "No Pot Sharing Rule"))
            return showdown(s, b.attacker, events, how="tie showdown"), events
        return finish_split(s, (b.attacker, b.defender), events, how="battle split"), events
    if verdict.outcome is Outcome.BOTH_FOLD:
        players = s.players
        discard = s.discard
        for seat in (b.attacker, b.defender):
            p = players[seat]
            discard += p.palace + (p.banner_card,) + p.soldiers
            players = with_player(players, seat, palace=(), banner=None, soldiers=(), status=Status.TIED)
        events.append(event("both-out", f"{att.name} and {dfd.name} are both out; all their cards go to the "
                             "discard pile", "Ties", "both fold", seats=(b.attacker, b.defender),
                             names=(att.name, dfd.name)))
        return _end_turn(evolve(s, players=players, discard=discard, battle=None),
                         events)
    winner = b.attacker if verdict.outcome is Outcome.ATTACKER else b.defender
    loser = b.other(winner)
    return _knock_out(s, loser=loser, winner=winner, events=events, status=Status.BEATEN)


def _verdict_events(s: Hand, v: BattleVerdict, seen: tuple[int, ...]) -> list[Event]:
    """The battle's narration. The hands are told only to who saw them (``seen``
    saw both; each player knows his own side); the table learns the outcome."""
    events: Events = []
    b = s.in_battle
    for side, seat in ((v.attacker, b.attacker), (v.defender, b.defender)):
        knows = (seat, *seen)
        if side.excluded and side.against is not None:
            events.append(private(event(
                "excluded", f"Not counted for {side.name}: {faces(side.excluded)} (the opponent's banner is "
                f"{side.against.symbol})", "Banner Suits", **who(s, seat), cards=side.excluded,
                suit=side.against.word), knows))
        if side.rescued:
            events.append(private(event(
                "four-of-a-kind", f"{side.name}'s {faces(side.rescued)} counts anyway: it completes a four of a "
                "kind", "Banner Suits", "four-of-a-kind exception", **who(s, seat), cards=side.rescued), knows))
        wild = [m for m in side.marks if m.mark is Mark.WILD]
        if wild:
            events.append(private(event(
                "wild", f"{side.name}'s {wild[0].card.label} plays as an ace", "Kings in the House Rule",
                **who(s, seat), card=wild[0].card), knows))
    kind = {"hand": "battle-won", "own suit": "battle-won", "tie": "battle-tie"}[v.decided_by]
    data: dict[str, object] = {"verdict": v}
    if v.winner is not None and v.loser is not None:
        won = b.attacker if v.outcome is Outcome.ATTACKER else b.defender
        names = {**who(s, won, "winner"), **who(s, b.other(won), "loser")}
        data.update(names)
        told = Event(kind, f"{v.winner.name} wins the battle against {v.loser.name}", v.ref, tuple(names.items()))
    else:
        told = Event(kind, f"{v.attacker.name} and {v.defender.name} tie the battle", v.ref)
    events.append(private(Event(kind, v.reason, v.ref, tuple(data.items())), seen, told))
    return events


def _knock_out(s: Hand, *, loser: int, winner: int, events: Events, status: Status) -> Step:
    """The loser (by fold or by the cards) is out; the winner takes the banner and soldiers."""
    lp, wp = s.players[loser], s.players[winner]
    players = with_player(s.players, loser, palace=(), status=status)
    s = evolve(s, players=players, discard=s.discard + lp.palace, battle=evolve(s.in_battle, responder=winner))
    events.append(event("out", f"{lp.name} is out; {lp.name}'s palace cards go to the discard pile", "Fold",
                         **who(s, loser)))
    done = _maybe_end(s, events)
    if done is not None:
        return done, events
    taken = (lp.banner_card,) + lp.soldiers
    players = with_player(s.players, loser, banner=None, soldiers=())
    players = with_player(players, winner, soldiers=wp.soldiers + taken)
    events.append(event("spoils", f"{wp.name} takes {faces(taken)} as {'a soldier' if len(taken) == 1 else 'soldiers'}", "Fold",
                         **who(s, winner), cards=taken))
    return evolve(s, players=players, phase=Phase.SPOILS, actor=winner), events


_HANDLERS: dict[Phase, Callable[[Hand, Action], Step]] = {
    Phase.DEALER_DRAW: _dealer_draw, Phase.ANTE: _ante, Phase.BANNERS: _banner, Phase.SHUFFLE: _shuffle,
    Phase.PALACE: _palace, Phase.TURN: _turn, Phase.AFTER_BUY: _soldier_choice, Phase.BATTLE: _battle,
    Phase.SPOILS: _soldier_choice,
}
