"""The end of a Palace Poker hand: the last player in, a split, a showdown, who wins the
pot or the points, and who deals next, with the events that tell it (§ Winning the Pot,
§ Ties, § Showdown, § Palace Poker without money). The moves (:mod:`.flow`) call these
when a hand ends."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import counted, faces
from ..refs import Event, RuleRef, Ruling, ruling
from .events import event, who
from .model import Hand, HandResult, Phase, Player, evolve, with_player
from .sections import ref
from .showdown import ShowdownVerdict, resolve_showdown

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

POINTS_TIE = ruling(
    "palace-poker-points-absolute-tie",
    ref("Palace Poker without money"),
    "Who scores when the points game ends in a complete tie?",
    "gives no points to anyone after an absolute tie (same hand, same number of own-suit cards)",
    "a showdown tie after the own-suit count, or a complete battle tie between the last two, ends the "
    "hand with nobody scoring")


def _finish(s: Hand, result: HandResult, events: list[Event]) -> Hand:
    players = s.players
    for seat, amount in result.shares:
        players = with_player(players, seat, stack=players[seat].stack + amount)
    for seat, pts in result.points:
        players = with_player(players, seat, score=players[seat].score + pts)
    for seat, pts in result.points:
        p = players[seat]
        events.append(event("scored", f"{p.name} scores {counted(pts, 'point')} ({s.rules.win_points} less "
                            f"{counted(len(p.soldiers), 'soldier')}), {p.score} in all", "Palace Poker without money",
                            "score", **who(s, seat), points=pts, total=p.score))
        if p.score >= s.rules.target:
            events.append(event("game-won", f"{p.name} reaches {p.score} points, the target of {s.rules.target}, "
                                "and wins the game", "Palace Poker without money", "target", **who(s, seat),
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
        events.append(event("next-dealer", f"{players[nxt].name} deals the next hand: the deal passes to the left",
                            "Example Game Continued", "next dealer", **who(s, nxt)))
    return evolve(s, players=players, pot=0, phase=Phase.OVER, actor=None, battle=None, result=result)


def next_dealer(players: tuple[Player, ...], dealer: int, ante: int) -> int:
    """The next hand's dealer: the first player on the dealer's left who can pay the
    ante (the example's next deal is Aaron's, on Frank's left: § Example Game Continued)."""
    n = len(players)
    return next(i for k in range(1, n + 1) if players[(i := (dealer + k) % n)].stack >= ante)


def _points_for(s: Hand, seat: int) -> tuple[tuple[int, int], ...]:
    if not s.rules.points:
        return ()
    return ((seat, s.rules.win_points - len(s.players[seat].soldiers)),)


def _result(s: Hand, how: str, winners: Sequence[int], shares: Sequence[tuple[int, int]], reason: str,
            rule: RuleRef, points: Sequence[tuple[int, int]] = (), showdown: ShowdownVerdict | None = None,
            used: Ruling | None = None) -> HandResult:
    return HandResult(how, tuple(winners), tuple(shares), reason, rule, tuple(points), showdown, used, s.names)


def finish_last(s: Hand, seat: int, events: list[Event]) -> Hand:
    """The hand ends with one player left in, who wins the pot (or scores)."""
    p = s.players[seat]
    pts = _points_for(s, seat)
    what = f"scores {pts[0][1]} points" if pts else f"wins the pot of {s.pot}"
    result = _result(s, "last player", (seat,), ((seat, s.pot),) if s.pot else (),
                     f"{p.name} is the last player in the hand and {what}", ref("Winning the Pot"),
                     pts, used=LAST_BATTLE if s.last_battle is not None else None)
    return _finish(s, result, events)


def _split_shares(s: Hand, seats: Sequence[int]) -> tuple[tuple[int, int], ...]:
    ordered = [i for i in s.deal_order if i in seats]
    share, odd = divmod(s.pot, len(ordered))
    return tuple((i, share + (1 if k < odd else 0)) for k, i in enumerate(ordered))


def finish_split(s: Hand, seats: Sequence[int], events: list[Event], *, how: str) -> Hand:
    """The pot is split between ``seats`` (in the points game nobody scores)."""
    names = tuple(s.players[i].name for i in seats)
    if s.rules.points:
        result = _result(s, "no winner", (), (), f"{' and '.join(names)} tie completely: nobody scores this hand",
                         ref("Palace Poker without money"), used=POINTS_TIE)
        return _finish(s, result, events)
    shares = _split_shares(s, seats)
    text = ", ".join(f"{s.players[i].name} {a}" for i, a in shares)
    section = ("Ties", "last two") if how == "battle split" else ("Winning the Pot", "same suit")
    used: Ruling | None
    if s.pot % len(seats):
        used = ODD_CHIPS
    elif how == "battle split" and not s.rules.pot_sharing:
        used = NO_POT_SHARING_SCOPE
    else:
        used = None
    result = _result(s, how, tuple(seats), shares, f"{' and '.join(names)} split the pot of {s.pot}: {text}",
                     ref(*section), used=used)
    return _finish(s, result, events)


def finish_same_suit(s: Hand, active: Sequence[int], events: list[Event]) -> Hand:
    """Everyone left holds one banner suit: they split, or (No Pot Sharing, points) show down."""
    suit = s.players[active[0]].banner_suit
    if s.rules.shares_pot:
        events.append(event("same-suit", f"Everyone left holds a {suit.singular} banner: the hand is over and "
                            "they split the pot", "Winning the Pot", "same suit"))
        return finish_split(s, active, events, how="same suit split")
    nxt = s.next_in_hand(s.turn) if s.turn is not None else active[0]
    section = "Palace Poker without money" if s.rules.points else "No Pot Sharing Rule"
    events.append(event("same-suit", f"Everyone left holds a {suit.singular} banner: the hand goes straight to "
                        "a showdown", section))
    return showdown(s, nxt, events, how="same suit showdown")


def showdown(s: Hand, start: int, events: list[Event], *, how: str) -> Hand:
    """Everyone still in shows, clockwise from ``start``; the best hand wins (ruling
    palace-poker-showdown-order)."""
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
        events.append(event("show", f"{hand.name} shows {faces(hand.holding.palace)}: {hand.describe_hand()}",
                            "Showdown", **who(s, seat), cards=hand.holding.palace))
    seat_named = {s.players[i].name: i for i in order}
    winners = tuple(seat_named[n] for n in verdict.winners)
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
