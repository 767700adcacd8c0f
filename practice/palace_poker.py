"""Palace Poker drills: one generator per clause of ``docs/clauses/palace-poker.md``.

Templates: "which of these may she do?" on a hand played to the moment (``moves``), "what
happens / how much" read from the state the engine reaches (``what``), "who wins this battle /
showdown?" put to the game's checker (``battle``, ``showdown``), "can this many play?"
(``seats``) and "which of these cards may she look at?" (``sees``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import Card
from rules.palace_poker import Mark
from rules.palace_poker import ref as cite

from .drill import Choice
from .palace_poker_checker import ASKERS, battle, excluded, no_wheel_shape, quads_shape, showdown, tie_shape, wheel_shape
from .palace_poker_spots import (MEASURES, NAMES, Table, money_choices, table_size, name_choices, random_stakes, after_turn, banner_of,
                                 battle_then, bet_amounts, call_amounts, describe_table, facing, fact, raise_amounts,
                                 score_of, turn, what, which)
from .spec import Clause, Ctx, Parts, clauses_from_rows
from .templates import seats_drill, sees_drill

GAME = "palace-poker"
__all__ = ["CLAUSES", "MEASURES", "ASKERS", "GAME"]

ROWS = (
    ('PP-1', 'Palace Poker',
     'Between two and ten people can play.'),
    ('PP-2', 'The Cards',
     'The game uses one ordinary 52-card pack and no jokers.'),
    ('PP-3', 'The Cards',
     'Suits have no order of their own; hands rank as in ordinary poker (compared in battles and in showdowns).'),
    ('PP-4', 'The Deal',
     'The first dealer is found by giving everyone one card; the highest rank deals.'),
    ('PP-5', 'The Deal',
     'Suit never settles that draw: players tied for the highest rank, and only they, get one more card each until one is highest.'),
    ('PP-6', 'The Deal',
     'Before the banners everyone antes, normally half the small bet with any half chip dropped ($2 at $5/$10); a table may set another ante.'),
    ('PP-7', 'The Deal',
     "Banner cards are dealt face up, one per player, beginning on the dealer's left."),
    ('PP-8', 'The Deal',
     'Within a group, a banner whose suit someone in the group already has is set aside and the same player is dealt again, until the suit is new to the group.'),
    ('PP-9', 'The Deal',
     "The groups are seats 1-4, 5-8 and 9-10 counted from the dealer's left; suits are compared only inside a group (so two, three or four players all get different suits)."),
    ('PP-10', 'The Deal',
     'If the pack runs dry during the banner deal, the set-aside cards are shuffled and dealing resumes with the player the dealer had reached.'),
    ('PP-11', 'Palace Cards',
     'Once every banner is out, the set-aside cards return to the pack and it is shuffled again.'),
    ('PP-12', 'Palace Cards',
     "Each player then gets three palace cards face down, dealt singly round the table from the dealer's left."),
    ('PP-13', 'Palace Cards',
     'Palace cards are hidden from everyone but their holder until shown.'),
    ('PP-14', 'The Play',
     "Play moves clockwise, the dealer's left-hand neighbour first."),
    ('PP-15', 'The Play',
     'A turn is exactly one of five things: buy, discard, bet, stay or fold.'),
    ('PP-16', 'Buy',
     'Buying puts one small bet in the pot and turns the top card of the draw deck face up as a soldier.'),
    ('PP-17', 'Buy',
     'On the turn he buys, a player may then throw away any of his soldiers, the new one included.'),
    ('PP-18', 'Buy',
     'The discard pile lies face down, unlike most games.'),
    ('PP-19', 'Buy',
     'Nobody holds more than five soldiers; a buyer who already has five must throw away at least one, and may throw away all.'),
    ('PP-20', 'Buy',
     'An empty draw deck is replaced by the shuffled discard pile, but only at the moment someone wants to buy, never when the last card goes.'),
    ('PP-21', 'Buy',
     'With no card in the draw deck or the discard pile, buying is not possible.'),
    ('PP-22', 'Discard',
     'Discarding as a turn costs nothing and draws nothing: the player throws away one or more of his own soldiers.'),
    ('PP-23', 'Bet (or battle)',
     'To bet, a player names one opponent to battle, by name or by banner card.'),
    ('PP-24', 'Bet (or battle)',
     'Two players whose banners share a suit may never battle each other (possible only with five or more players).'),
    ('PP-25', 'Bet (or battle)',
     'In limit, the attack costs one small bet per face-up card the attacker has (banner plus soldiers): one with no soldiers, six with five.'),
    ('PP-26', 'Bet (or battle)',
     'In no-limit, that amount is only the least the attacker may bet.'),
    ('PP-27', 'Bet (or battle)',
     "Battle chips go to the one central pot; the battle's winner takes the pot only if he is the last one left, so another player may end up with it."),
    ('PP-28', 'Bet (or battle)',
     'A defender who has just been attacked may fold, call or raise.'),
    ('PP-29', 'Fold',
     'A folding defender puts his palace cards on the discard pile, pays nothing more and is out of the hand.'),
    ('PP-30', 'Fold',
     "The attacker adds the folder's banner and soldiers to his own soldiers, may throw any away, and must end with five at most."),
    ('PP-31', 'Call',
     'In limit, a caller pays a small bet per face-up card of his own, which can be more or less than the attacker put in.'),
    ('PP-32', 'Call',
     "In no-limit, the call is the attacker's bet shifted by one small bet for each soldier the defender has fewer or more than the attacker ($100 becomes $90 two soldiers down, $105 one up)."),
    ('PP-33', 'Call',
     'After a call each side makes its best five out of its palace, soldiers and banner; the better five wins the battle.'),
    ('PP-34', 'Call',
     "The loser of a called battle is out and discards his palace cards; the winner takes the loser's banner and soldiers as soldiers, as after a fold."),
    ('PP-35', 'Raise',
     "Whoever calls last is shown the other's palace cards first; a caller who wins then shows his own, a beaten caller throws his away unseen."),
    ('PP-36', 'Banner Suits',
     "In a battle, no card of the opponent's banner suit counts for a player."),
    ('PP-37', 'Banner Suits',
     "So cards of one's own banner suit count in every battle."),
    ('PP-38', 'Banner Suits',
     "A four of a kind counts as four even though one of them is of the opponent's banner suit."),
    ('PP-39', 'Ties',
     'When both battle hands are worth the same, the one with more cards of its own banner suit wins.'),
    ('PP-40', 'Ties',
     'Still equal, and others remain in the hand: both players are out and everything they hold (banner and soldiers too) is discarded.'),
    ('PP-41', 'Ties',
     'Still equal, and they are the last two: they share the pot.'),
    ('PP-42', 'Raise',
     'A raising defender first puts in his call, then the raise on top.'),
    ('PP-43', 'Raise',
     'In limit the raise is one big bet, except that a defender without soldiers raises just one small bet (two small bets in all).'),
    ('PP-44', 'Raise',
     'In no-limit a raise may be any amount from one big bet up, or from one small bet for a defender without soldiers.'),
    ('PP-45', 'Raise',
     'A raised attacker may fold, call or raise again, and so on until someone calls or folds.'),
    ('PP-46', 'Stay',
     'Staying does nothing; the turn passes to the next player clockwise.'),
    ('PP-47', 'Showdown',
     'The hand stops once every player still in has, one after another, stayed, discarded or folded with no money going in; the run may start at any seat.'),
    ('PP-48', 'Showdown',
     'Then everyone shows his palace cards, starting with the player who began the run, and the best five takes the pot.'),
    ('PP-49', 'Showdown',
     'A showdown ignores banner suits: every card counts.'),
    ('PP-50', 'Fold on a turn',
     'A player may fold on his own turn, though staying is free so it is seldom wise.'),
    ('PP-51', 'Winning the Pot',
     'With two players left, the battle between them decides the pot.'),
    ('PP-52', 'Winning the Pot',
     'When the two or three players left all have banners of one suit, the hand ends at once and they share the pot.'),
    ('PP-53', 'Winning the Pot',
     "At a showdown, equal best fives go to the player with more of his own banner suit among them (the example: Elena's three hearts beat Aaron's two spades, and Aaron's heart still counts)."),
    ('PP-54', 'Winning the Pot',
     'If that count is equal too, the pot is split.'),
    ('PP-55', 'Example Game Continued',
     "The worked example played out: Aaron buys, Brad's aces lose to Frank's queens after $5, $10, $15, $20 and $10, Frank takes Aaron's cards on a fold, Dave and Frank clear Christine and Elena, and Dave's four jacks take Frank and the $142 pot."),
    ('PP-56', 'Example Game Continued',
     "The next hand is dealt by the player on the dealer's left (Aaron gathers the cards after Frank's deal); stacks carry over."),
    ('PP-57', 'No Pot Sharing Rule',
     'No Pot Sharing (option): players left alone with one banner suit have a showdown instead of sharing; a tie there still divides the pot.'),
    ('PP-58', 'Open Market Rule',
     'Open Market (option): a player may instead buy the top card of the discard pile, for one big bet.'),
    ('PP-59', 'Kings in the House Rule',
     "Kings in the House (option): a king, queen or jack of one's own banner suit held among the palace cards may stand in for an ace."),
    ('PP-60', 'Kings in the House Rule',
     'Such a royal card is never wild as a banner or a soldier, nor when of another suit.'),
    ('PP-61', 'Kings in the House Rule',
     'It can be an ace only to complete a five-high straight or straight flush, nothing else.'),
    ('PP-62', 'Palace Poker without money',
     'Without money: buying and attacking are free.'),
    ('PP-63', 'Palace Poker without money',
     "Without money, an attack has no calling or raising: the defender looks at the attacker's cards and says who is out."),
    ('PP-64', 'Palace Poker without money',
     "The hand's winner scores ten points less one per soldier he ends with, so from five to ten."),
    ('PP-65', 'Palace Poker without money',
     'The game goes to the first player to reach 100 points, or a target the table agrees.'),
    ('PP-66', 'Palace Poker without money',
     'Without money nobody splits: same-suit survivors show down as under No Pot Sharing, so each hand has one winner.'),
    ('PP-67', 'Palace Poker without money',
     'A complete tie (same hand, same own-suit count) leaves the hand without a winner and nobody scores.'),
    ('PP-68', 'Palace Poker without money',
     'Without money, what counts as "no money put in" for ending the hand: a free buy or attack still breaks the run.'),
    ('PP-69', 'Call',
     'Table stakes (ours, the document never runs short): nobody pays more than he has; a player facing a bet may call with all he has left.'),
    ('PP-70', 'Banner Suits',
     "Exact battle odds (the tutor's, from the rules above): every palace an opponent could hold, judged as a battle would be."),
    ('PP-71', 'The Deal',
     'Stakes are a small bet and a big bet, small first (the example plays $5/$10); the game is limit unless the table plays no-limit.'),
)






























# -- the banner deal and the draw for dealer -------------------------------------------------

def draw_for_dealer(ties: bool) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        rng = ctx.rng
        n = rng.randint(3, 6)
        ranks = rng.sample("23456789TJQK", n) if not ties else None
        pack = list(rng.sample([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"], 52))
        if ties:
            top = rng.choice("9TJQKA")
            highs = [c for c in pack if c[0] == top][:2]
            lows = [c for c in pack if "23456789TJQKA".index(c[0]) < "23456789TJQKA".index(top)][: n - 2]
            first = highs + lows
            rng.shuffle(first)
        else:
            first = [next(c for c in pack if c[0] == r) for r in ranks]
        rest = [c for c in pack if c not in first]
        setup = {"dealer": "draw", "draw_deck": first + rest}
        t = Table.__new__(Table)
        t.ctx = ctx
        t.setup = {"seats": list(NAMES[:n]), "seed": rng.randrange(10**6), **random_stakes(ctx), **setup}
        from rules.palace_poker import start
        opts = {"options": dict(ctx.options)} if ctx.options else {}
        t.state = start(ctx.variant, {**t.setup, **opts})
        t.moves = []
        shown = ", ".join(f"{nm} {Card.parse(c).label}" for nm, c in zip(NAMES[:n], first))
        more = " Players tied for the highest card get another card each from the pack, in turn." if ties else ""
        q = f"To find the first dealer everyone gets one card: {shown}.{more} Who deals?"
        moves = []
        state = t.state
        while state.phase.name == "DEALER_DRAW":
            a = state.legal_actions()[0]
            moves.append(str(a))
            state = state.apply(a)
        return Parts("what", q, name_choices(t), t.position(), ("dealer", *moves))
    return make


def banner_deal(players: tuple[int, int], clash_groups: bool) -> Callable[[Ctx], Parts]:
    """A stacked pack for the banner deal: within each group of four seats every suit is new,
    except one card that repeats a suit (within the first group, or, ``clash_groups``, the first
    card of the second group repeats the first card's suit): which banner does a player get?"""
    def make(ctx: Ctx) -> Parts:
        rng = ctx.rng
        n = rng.randint(*players)
        pack = rng.sample([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"], 52)
        suits: list[str] = []
        for g in range(0, n, 4):
            order = rng.sample("cdhs", 4)[: min(4, n - g)]
            if g == 4 and clash_groups:
                order = [suits[0]] + [x for x in rng.sample("cdhs", 4) if x != suits[0]][: min(4, n - g) - 1]
            suits += order
        if not clash_groups:
            suits.insert(1, suits[0])  # the second card repeats the first card's suit: set aside
        top: list[str] = []
        for suit in suits:
            top.append(next(c for c in pack if c[1] == suit and c not in top))
        deck = top + [c for c in pack if c not in top]
        seats = list(NAMES[:n])
        t = Table(ctx, n, auto=False, deck=deck, **random_stakes(ctx))
        banners = t.auto({"ANTE", "BANNERS"}).moves
        t.moves = []
        seat = 4 if clash_groups else rng.choice((0, 1))
        shown = top[: min(len(top), seat + 3)]
        order = ", ".join(Card.parse(c).label for c in shown)
        q = (f"{n} players: {', '.join(seats)} (the dealer is {seats[-1]}, so {seats[0]} is on the dealer's left). "
             f"The pack's top cards are {order}. Which banner does {seats[seat]} end up with?")
        choices = tuple(Choice(Card.parse(c).label, f"The {Card.parse(c).label}") for c in shown)
        return Parts("what", q, choices, t.position(), (banner_of(seat), *banners))
    return make


def sees(which_cards: str) -> Callable[[Ctx], Parts]:
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, 3, 5), **random_stakes(ctx))
        t.buy_until([ctx.rng.randint(0, 2) for _ in t.state.players])
        if which_cards == "discard":
            me = t.mover
            t.do("buy")
            if t.state.phase.name == "AFTER_BUY":
                sold = t.state.player(me).soldiers
                t.do(f"discard {sold[-1]}")
        st = t.state
        me = 0
        cards = [(st.player(0).palace[0], "Ann's own palace card"), (st.player(1).palace[0], "Ben's palace card"),
                 (st.player(1).banner, "Ben's banner")]
        cards += [(c, "on the discard pile") for c in st.discard[-1:]]
        cards += [(c, f"{p.name}'s soldier") for p in st.players[1:] for c in p.soldiers[:1]][:1]
        return sees_drill(ctx, t.position(), me, "Ann", cards, lead=describe_table(t, 0))
    return make


def _ended_choices(t: Any, *_: Any) -> tuple[Choice, ...]:
    return (Choice("over", "The hand ends: the cards are shown"), Choice("on", "The hand goes on"))


def _same_suit_setup(ctx: Ctx) -> dict[str, Any]:
    return {}


def _same_suit_table(ctx: Ctx) -> Table:
    """Five players whose banners are four suits and then the first suit again: Ann (seat 1)
    and Eve (seat 5), in different groups, hold banners of one suit."""
    pack = ctx.rng.sample([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"], 52)
    suits = ctx.rng.sample("cdhs", 4)
    top = [next(c for c in pack if c[1] == s) for s in suits]
    fifth = next(c for c in pack if c[1] == suits[0] and c not in top)
    deck = top + [fifth] + [c for c in pack if c not in top and c != fifth]
    return Table(ctx, 5, deck=deck, **random_stakes(ctx))


def same_suit_end(measure: str = "winner") -> Callable[[Ctx], Parts]:
    """Five players; Ann (seat 1) and Eve (seat 5) hold banners of one suit (suits repeat only
    across groups); the others fold on their turns: what happens when only those two are left?"""
    def make(ctx: Ctx) -> Parts:
        t = _same_suit_table(ctx)
        folds = []
        for _ in range(12):
            if t.state.phase.name != "TURN":
                break
            m = t.mover
            if m in (0, 4):
                t.do("stay" if len([p for p in t.state.players if p.status.name == "IN"]) > 3 else "buy")
                if t.state.phase.name == "AFTER_BUY":
                    t.do("keep")
            elif len([p for p in t.state.players if p.status.name == "IN"]) > 3:
                t.do("fold")
            else:
                break
        last = t.mover
        folds.append("fold")
        q_table = describe_table(t)
        name = t.name(last)
        q = (f"{q_table} {name} folds, leaving {t.name(0)} and {t.name(4)}, whose banners are both "
             f"{t.state.player(0).banner.suit.word}. What happens to the pot?")
        choices = (Choice(t.name(0), f"{t.name(0)} takes it"), Choice(t.name(4), f"{t.name(4)} takes it"),
                   Choice(f"{t.name(0)}, {t.name(4)}", "They share it"), Choice("on", "Nothing yet: the hand goes on"))
        return Parts("what", q, choices, t.position(), ("winner", "fold"))
    return make


def end_of_hand(measure: str, ask: str, choices: Callable[[Table], Any], setup: Callable[[Ctx], dict] = random_stakes,
                lo: int = 2, hi: int = 4) -> Callable[[Ctx], Parts]:
    """Everyone stays round: the last stay ends the hand. What follows?"""
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, lo, hi), **setup(ctx))
        t.buy_until([ctx.rng.randint(0, 2) for _ in t.state.players])
        n = len(t.state.players)
        for _ in range(n - 1):
            if t.state.phase.name == "TURN":
                t.do("stay")
        return what(t, ("stay",), measure, ask, choices(t))
    return make


def _points(ctx: Ctx) -> dict[str, Any]:
    return {}


def _near_target(ctx: Ctx) -> dict[str, Any]:
    return {"scores": [ctx.rng.choice((88, 90, 92, 95, 97)) for _ in range(4)][:2] + [0, 0]}


def _short(ctx: Ctx) -> dict[str, Any]:
    small = 5
    return {"stakes": [small, 10], "stacks": [ctx.rng.randint(3, 40) for _ in range(6)]}


def _rounds(t: Table) -> tuple[Choice, ...]:
    return tuple(Choice(str(k), f"{k} cards") for k in (2, 3, 4, 5))


def _money_small(t: Table) -> tuple[Choice, ...]:
    rules = t.state.rules
    return money_choices([0, rules.small_bet, rules.big_bet, rules.small_bet // 2, 2 * rules.big_bet])


def _marks(v: Any, kind: Any) -> bool:
    return any(m.mark is kind for side in (v.attacker, v.defender) for m in side.marks)


def makers() -> dict[str, Any]:
    """Every clause's generator (or the reason it has none)."""
    return {**_deal_and_turns(), **_battles_and_endings()}


def _deal_and_turns() -> dict[str, Any]:
    """Clauses 1-35: the cards, the deal, the turns, bets, folds and calls."""
    rounds, money_small = _rounds, _money_small
    return {
        "PP-1": lambda ctx: seats_drill(ctx, ctx.rng.randint(1, 12), NAMES + ("Kim", "Lou"), "seats", "Palace Poker"),
        "PP-2": fact("cards", "How many cards are in play, all zones together?",
                     lambda t: tuple(Choice(str(k), f"{k} cards") for k in (48, 52, 54, 104))),
        "PP-3": lambda ctx: battle(ctx),
        "PP-4": draw_for_dealer(ties=False),
        "PP-5": draw_for_dealer(ties=True),
        "PP-6": fact("ante", "How much does each player ante before the banners?", money_small),
        "PP-7": banner_deal((2, 4), clash_groups=False),
        "PP-8": banner_deal((3, 4), clash_groups=False),
        "PP-9": banner_deal((5, 8), clash_groups=True),
        "PP-10": "only when the pack runs out during the banner deal, which takes many repeated suits; the "
                 "reshuffle that follows is a shuffle nobody decides",
        "PP-11": "a shuffle nobody decides: the set-aside cards go back into the pack",
        "PP-12": fact("palace", "How many palace cards does each player get?", rounds),
        "PP-13": sees("palace"),
        "PP-14": fact("next", "Who takes the first turn?", name_choices, lo=3, hi=6),
        "PP-15": turn(also=lambda t: ["call", "raise", "keep"], soldiers=1),
        "PP-16": after_turn("paid", lambda t: "buy", "How much does the buy cost?", money_small),
        "PP-17": _after_buy(),
        "PP-18": sees("discard"),
        "PP-19": _after_buy(full=True),
        "PP-20": "happens only when the draw deck runs out and someone wants to buy: the discards are shuffled, "
                 "a shuffle nobody decides",
        "PP-21": "needs the whole pack bought and kept as soldiers (ten players buying out the deck); too rare "
                 "to make a position of",
        "PP-22": after_turn("paid", lambda t: f"discard {t.state.player(t.mover).soldiers[0]}",
                            "What does that discard cost?", money_small, soldiers=2,
                            before=lambda t: t.buy_until([1] * len(t.state.players))),
        "PP-23": turn(also=lambda t: [f"bet @{t.mover}"]),
        "PP-24": _same_suit_attack(),
        "PP-25": (turn(soldiers=3, also=bet_amounts, drop=("bet",)), "no-limit"),
        "PP-26": (turn(soldiers=3, also=bet_amounts, drop=("bet",)), "variant:no-limit", "limit"),
        "PP-27": battle_then("pot", "After the battle, where is the pot?",
                             lambda t, a, d: (Choice("stays", "It stays in the middle"),
                                              Choice("taken", "The battle's winner takes it"))),
        "PP-28": facing(also=lambda t: ["stay", "buy"]),
        "PP-29": battle_then("out", "Who is out of the hand now?", _out_choices, answer="fold"),
        "PP-30": battle_then("soldiers-of-mover", "How many soldiers does the attacker now have to choose from?",
                             lambda t, a, d: tuple(Choice(str(k), str(k)) for k in range(0, 8)), answer="fold"),
        "PP-31": facing(also=call_amounts),
        "PP-32": (facing(also=call_amounts), "variant:no-limit", "limit"),
        "PP-33": lambda ctx: battle(ctx),
        "PP-34": battle_then("out", "Who is out of the hand now?", _out_choices, answer="call"),
        "PP-35": battle_then("shows-first", "Whose palace cards are shown first?",
                             lambda t, a, d: (Choice(str(a), t.name(a)), Choice(str(d), t.name(d))), answer="call"),
    }


def _battles_and_endings() -> dict[str, Any]:
    """Clauses 36-71: banner suits and ties, raises, the end of the hand, the variations."""
    money_small, marks = _money_small, _marks
    return {
        # which of her cards does the opponent's banner suit leave out? (tap every one); the
        # table's four-of-a-kind-kicker option decides whether a four's fifth card of that suit counts
        "PP-36": (excluded, {"four-of-a-kind-kicker": "rescued-too"}),
        "PP-37": lambda ctx: battle(ctx, keep=lambda v: any(m.in_best and m.card.suit is s.holding.banner.suit
                                                            for s in (v.attacker, v.defender) for m in s.marks)),
        "PP-38": lambda ctx: battle(ctx, shape=quads_shape),
        "PP-39": lambda ctx: battle(ctx, mirror=True, keep=lambda v: v.decided_by == "own suit"),
        "PP-40": lambda ctx: battle(ctx, shape=tie_shape, last_two=False, keep=lambda v: v.decided_by == "tie"),
        "PP-41": lambda ctx: battle(ctx, shape=tie_shape, last_two=True, keep=lambda v: v.decided_by == "tie"),
        "PP-42": battle_then("paid", "How much does the defender put in?",
                             lambda t, a, d: money_choices([t.state.rules.small_bet * k for k in range(1, 9)]), answer="raise"),
        "PP-43": (facing(also=raise_amounts), "no-limit"),
        "PP-44": (facing(also=raise_amounts), "variant:no-limit", "limit"),
        "PP-45": (facing(raised=True, also=lambda t: ["stay"]), {"raise-cap": "1"}),
        "PP-46": after_turn("next", lambda t: "stay", "Who decides next?", name_choices),
        "PP-47": end_of_hand("ended", "What follows?", _ended_choices),
        "PP-48": lambda ctx: showdown(ctx, players=(2, 4)),
        "PP-49": lambda ctx: showdown(ctx, players=(2, 3)),
        "PP-50": turn(soldiers=1, also=lambda t: ["call"]),
        "PP-51": battle_then("winner", "What happens to the pot?",
                             lambda t, a, d: (Choice(t.name(a), f"{t.name(a)} takes it"),
                                              Choice(t.name(d), f"{t.name(d)} takes it"),
                                              Choice(f"{t.name(a)}, {t.name(d)}", "They share it"),
                                              Choice("on", "Nothing yet: the hand goes on")), lo=2, hi=2),
        "PP-52": (same_suit_end(), "no-pot-sharing"),
        "PP-53": lambda ctx: showdown(ctx, players=(2, 2), mirror=True, keep=lambda v: v.decided_by == "own suit"),
        "PP-54": lambda ctx: showdown(ctx, players=(2, 2), mirror=True, keep=lambda v: v.decided_by == "tie"),
        "PP-55": "the document's whole worked example, one fixed deal: its lessons replay it step by step, and "
                 "its rules are drilled by their own clauses (16, 23, 28-34, 38, 51)",
        "PP-56": end_of_hand("next-dealer", "Who deals the next hand?", name_choices),
        "PP-57": (same_suit_end(), "variant:no-pot-sharing", "limit"),
        "PP-58": (_market, "variant:open-market", "limit"),
        "PP-59": (lambda ctx: battle(ctx, shape=wheel_shape(in_palace=True), keep=lambda v: True),
                  "variant:kings-in-the-house", "limit"),
        "PP-60": (lambda ctx: battle(ctx, shape=wheel_shape(in_palace=False)), "variant:kings-in-the-house"),
        "PP-61": (lambda ctx: battle(ctx, shape=no_wheel_shape), "variant:kings-in-the-house"),
        "PP-62": (after_turn("paid", lambda t: "buy", "How much does the buy cost?",
                             lambda t: money_choices([0, 1, 2, 5, 10])), "variant:points", "limit"),
        "PP-63": (lambda ctx: _points_attack(ctx), "variant:points", "limit"),
        "PP-64": (end_of_hand(score_of(0), "How many points does Ann have now?",
                              lambda t: tuple(Choice(str(k), f"{k} points") for k in range(0, 11))),
                  "variant:points"),
        "PP-65": (end_of_hand("game-winner", "Has anyone won the game?",
                              lambda t: (Choice("nobody", "Nobody yet"),) + tuple(Choice(n, f"{n} has won")
                                                                                for n in t.state.names),
                              setup=lambda ctx: {"scores": [ctx.rng.choice((88, 91, 94, 97)), 90]}, lo=2, hi=2),
                  "variant:points"),
        "PP-66": (same_suit_end(), "variant:points", "limit"),
        "PP-67": "a complete tie in the points game needs two equal best fives with equal own-suit counts at a "
                 "showdown of a dealt hand; the showdown drills (53, 54) ask the same question",
        "PP-68": (after_turn("ended", lambda t: "buy", "Everyone else stayed in a row before this. What follows?",
                             _ended_choices, lo=3, hi=3, setup=lambda ctx: {},
                             before=lambda t: [t.do("stay") for _ in range(2) if t.state.phase.name == "TURN"]),
                  "variant:points"),
        "PP-69": facing(also=call_amounts, soldiers=0, lo=3, hi=4,
                        more=lambda ctx, n: {"stakes": [5, 10], "stacks": [40] + [ctx.rng.randint(4, 14)] * (n - 1)}),
        "PP-70": "the tutor's exact odds are a help for players, not a rule of play",
        "PP-71": after_turn("paid", lambda t: "buy", "How much does the buy cost?", money_small),
    }


def _out_choices(t: Table, a: int, d: int) -> tuple[Choice, ...]:
    return (Choice(str(a), f"{t.name(a)} is out"), Choice(str(d), f"{t.name(d)} is out"),
            Choice(f"{a} {d}", "Both are out"), Choice("", "Nobody is out"))


def _out(before: Any, after: Any, events: tuple) -> str:
    return " ".join(str(s) for s, p in enumerate(after.players)
                    if p.status.name != "IN" and before.player(s).status.name == "IN")


def _shows_first(before: Any, after: Any, events: tuple) -> str:
    for e in events:
        if e.kind == "reveal":
            return str(dict(e.data).get("seat"))
    return "none"


MEASURES["out"] = _out
MEASURES["shows-first"] = _shows_first


def _after_buy(full: bool = False) -> Callable[[Ctx], Parts]:
    """A player has just bought a soldier (holding five already when ``full``): which of these
    may she do with her soldiers?"""
    def make(ctx: Ctx) -> Parts:
        t = Table(ctx, table_size(ctx, 3, 5), **random_stakes(ctx))
        want = [ctx.rng.randint(0, 2) for _ in t.state.players]
        if full:
            want[0] = 5
        t.buy_until(want, then_to=0)
        t.do("buy")
        me = t.state.player(0)
        also = ["keep", f"discard {me.palace[0]}"] + [f"discard {c}" for c in me.soldiers[:2]]
        if len(me.soldiers) > 1:
            also.append("discard " + " ".join(str(c) for c in me.soldiers))
        return which(t, also=also, ask="She has just bought a soldier. Which of these may she do now?")
    return make


def _same_suit_attack() -> Callable[[Ctx], Parts]:
    """Five players; Ann and Eve (seats 1 and 5, in different groups) hold banners of one suit."""
    def make(ctx: Ctx) -> Parts:
        rng = ctx.rng
        t = _same_suit_table(ctx)
        t.buy_until([0] * 5, then_to=rng.choice((0, 4)))
        return which(t)
    return make








def _market(ctx: Ctx) -> Parts:
    """A soldier has just been thrown away (so the discard pile has a top card): may the next
    player buy it?"""
    t = Table(ctx, table_size(ctx, 3, 5), **random_stakes(ctx))
    t.buy_until([1] * len(t.state.players))
    t.do(f"discard {t.state.player(t.mover).soldiers[0]}")
    return which(t, also=["market", "buy"])


def _points_attack(ctx: Ctx) -> Parts:
    t = Table(ctx, table_size(ctx, 3, 5))
    t.buy_until([ctx.rng.randint(0, 2) for _ in t.state.players])
    a = t.mover
    d = ctx.rng.choice([s for s in range(len(t.state.players)) if s != a])
    return what(t, (f"bet @{d}",), "out", "What follows at once?", _out_choices(t, a, d))


CLAUSES: tuple[Clause, ...] = clauses_from_rows("palace-poker", "limit", cite, ROWS, makers())
