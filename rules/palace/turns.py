"""What an accepted action does: the transitions of the Palace state machine.

Everything here runs only after :func:`rules.palace.decide.decide` accepted the
action. Each transition works on a copy of the state's fields and records
:class:`~rules.refs.Event` values for narration. The special-card effects are
read from the rule set (``rules.clear``, ``rules.reset``...), never from the
preset's name.
"""

from __future__ import annotations

from operator import attrgetter
from collections.abc import Callable
from typing import Any, Literal, cast

from ..cards import Card
from ..refs import Event, ruling
from . import actions as A
from . import known, legality
from .words import cards_words
from .known import SEEN as _SEEN

_INDEX = attrgetter("index")
from . import sections as S
from .starter import lowest_in_hand_seat, seats_from_left, worst_face_up_seat
from .model import AFTER, CHOOSE, FLASH, OVER, PLAY, REVEAL, SWAP, P, FlashInfo, Phase, Position, Window, remove_cards

CHANCE_ENDS_TURN = ruling(
    "chance-ends-turn", S.house("Playing the Game 6"),
    "A chanced 10, 2 or fourth card of a kind normally earns another play: does it after a chance?",
    "after a chance no other card may be played that turn, and normal play resumes next turn",
    "the chanced card does everything else it does (a 10 still clears, an Ace still forces the next "
    "player, a 2 left on top lets anything follow) but the turn ends: no replay")
REFILL_TIMING = ruling(
    "refill-before-replay", S.house("Playing the Game 1"),
    "When is the hand refilled, and may a player who plays again draw first?",
    "players draw back to three after playing; after a wild or a 10 a player short of cards may draw "
    "before the next card",
    "the hand is refilled right after every play that leaves it short, so a player who plays again "
    "always does so from a full hand")
FLASHED_CARDS = ruling(
    "caron-flashed-threes-go-on-pile", S.caron("Card Values (3)"),
    "Does a flashed 3 stay in its player's hand?",
    "a 3 is shown to anyone, and is also the highest card, one that can be played on anything",
    "the flashed 3 (and every 3 sent back) is played onto the pile, so whoever ends up taking the "
    "pile takes the 3s too")
FLASH_TURN = ruling(
    "caron-flash-turn-order", S.caron("Card Values (3)"),
    "After a flash is settled, whose turn is it?",
    "the text says who takes the pile but not who plays next",
    "the flash was its player's turn: whoever takes the pile, play goes on from the player who first "
    "flashed, to the next player in turn, who starts a fresh pile")
FLASH_FOUR = ruling(
    "caron-flash-four-of-a-kind", S.caron("Playing the game 4"),
    "What if the 3s exchanged in a flash make four in a row?",
    "four or more of a kind in a row, whoever completes them, clear the pile for the player who "
    "completed them, who plays another card",
    "the flash ends there: nobody takes the pile, it is cleared, and the player who put down the "
    "fourth 3 plays again; play then carries on from that player")
FACE_DOWN_THREE = ruling(
    "caron-face-down-three", S.caron("Card Values (3)"),
    "A face-down card turned over is a 3: at whom is it flashed?",
    "a 3 is shown to a player of its owner's choosing",
    "the owner chooses the target as for any 3, after seeing the card")
FIRST_OUT = ruling(
    "first-out-wins", S.house("Playing the Game"),
    "When does the house or Caron game end?",
    "the aim is to be first to shed every card, and a last face-down card that can be played wins",
    "the first player out wins and the game ends there; only the BGA rules play on to find a loser")
OUT_WITH_REPLAY = ruling(
    "out-with-extra-turn", S.bga("Playing cards: going out"),
    "A player's last card is a 10 (or a 2, or a fourth card) that would earn another play: what now?",
    "a player with no cards left is out",
    "the player is out and the extra play lapses; play passes to the next player still in")
LAST_FACE_DOWN = ruling(
    "last-face-down-card", S.house("Ending the Game 3f"),
    "What happens to a last face-down card that cannot be played?",
    "it wins if it can be played; otherwise the pile is taken and that card goes back face down, "
    "to be played last",
    "the player takes the pile, the card goes back face down (its owner now knows it) and it is "
    "flipped again once the hand is empty; BGA has no such rule: there the card is taken with the "
    "pile")
PEEK = ruling(
    "face-down-look-at-next", S.house("Ending the Game 3d"),
    "Face-down cards are played blind, yet the player 'looks at the next one': how do both hold?",
    "face-down cards are played one at a time and blind; after one is played the player looks at the "
    "next and may throw it at once if it matches",
    "a face-down card is turned over blind; after a successful one its owner (only) looks at the "
    "next, which is played on a later turn with 'flip' like any face-down card; in the house game, "
    "if it has the rank just played it may follow at once ('quick flip') before the next player")
QUICK_THROW = ruling(
    "quick-throw-joins-play", S.house("Playing the Game 7"),
    "Is a quickly thrown card a new play?",
    "a drawn card of the rank just thrown may follow it at once, before the next player",
    "it joins the play before it: it counts toward four in a row, a 5 thrown this way adds a skip, a 4 "
    "does not reverse play a second time; only the cards drawn in the refills of that play qualify")
CLEAR_CANCELS = ruling(
    "clear-cancels-skip-and-reverse", S.caron("Extra Rules (5)"),
    "If 5s (skip) or 4s (reverse) complete four of a kind, do they also skip or reverse?",
    "the extra rules give the 5 and the 4 their effects but say nothing about clears",
    "no: the pile is cleared and its player plays again, which already decides who moves next")
REVERSE_PER_PLAY = ruling(
    "caron-reverse-per-play", S.caron("Extra Rules (4)"),
    "Do two 4s played together reverse play twice?",
    "a 4 changes the direction of play; for 5s the text counts the cards, for 4s it does not",
    "one reversal per play, however many 4s it holds")
TAKE_UP_TIMING = ruling(
    "face-up-into-hand-timing", S.house("Ending the Game 1"),
    "When exactly do the house face-up cards join the hand?",
    "with the stock gone and the hand played out, the face-up cards are taken into the hand",
    "at once, as part of the play that empties the hand (so a replay after a 10 can use them); they "
    "are not 'drawn' cards, so they cannot be thrown as a quick play")
CARON_TABLE = ruling(
    "caron-face-up-from-table", S.caron("End Game 1"),
    "A Caron player may take the face-up cards into the hand: what if they do not?",
    "with hand and stock empty a player can elect to take the face-up cards into the hand",
    "taking them up ('take-up') is a free choice at any point of such a turn; otherwise the face-up "
    "cards are played straight from the table, several of one rank at a time if wanted")
LAST_CARD_TIMING = ruling(
    "last-card-call-timing", S.house("Alternate Rules 1"),
    "Under the 'Last Card' option, when must the call be made and who can catch a player out?",
    "a player down to one face-down card must say so; another player who catches them out makes "
    "them take the pile",
    "the call ('last-card') can be made as soon as the player is down to one face-down card, before "
    "the next player moves, or on any later move of theirs; until then any other player may, on "
    "their own turn, 'call-out' that player, who takes the pile; the caller's turn goes on")
REPLAY_IS_A_TURN = ruling(
    "replay-is-a-turn", S.house("Card Values: Tens and Jokers"),
    "Is the extra play after a clear optional?",
    "the player who cleared 'can now play any card'; elsewhere, a turn can never be skipped",
    "the replay is a full turn, played from wherever the player plays now (hand, face-up cards or a "
    "face-down card): any card may go (or a chance); there is nothing to take, so it cannot be passed")
FOUR_IN_A_ROW = ruling(
    "four-in-a-row-counting", S.caron("Playing the game 4"),
    "How are the four of a kind counted, with two packs and across players?",
    "four or more cards of a rank in a row clear the pile, whoever put them down; the BGA page says "
    "four cards of the same value burn it, no matter who plays them",
    "count the cards of one rank lying in a row on top of the pile, across plays, players and quick "
    "throws (for BGA too: 'four of the same value' means four in a row); any other card in between, "
    "a Joker included, breaks the row, and a clear or a pickup starts the count again; with two packs "
    "a single play of five to eight of a rank clears as well")
CARON_TEN = ruling(
    "caron-ten-no-replay", S.caron("Card Values (10)"),
    "Does a Caron 10 give its player another play, as the house 10 does?",
    "the 10 clears the pile; the replay is mentioned only for four of a kind, which acts 'like a 10 "
    "and a 2'",
    "no: a 10 clears and the turn passes; four of a kind clears and its player plays again (the 2's "
    "half)")


class Turn:
    """A draft of the next state and the events on the way there."""

    __slots__ = ("d", "ev", "rules", "narrate", "hands")

    def __init__(self, st: Position, narrate: bool = True):
        d = self.d = st.__dict__.copy()  # copy() clones the table; dict() would re-insert every key
        # the hands change in most actions, sometimes twice: a list while the draft is open
        self.hands = d["hands"] = list(d["hands"])
        self.ev: list[Event] = []
        self.rules = st.rules
        self.narrate = narrate

    def event(self, kind: str, text: str, key: str | None = None, *, private_to: int | None = None,
              secret: tuple[str, ...] = (), **data: Any) -> None:
        """Record an event. Callers test ``narrate`` first: building the words costs time, and
        random play (``apply``) asks for none. ``secret`` names the data only the seat
        ``private_to`` may see (cards drawn unseen); ``text`` never holds them, so
        ``rules.refs.events_seen_by(events, seat)`` is safe to narrate to ``seat``."""
        if self.narrate:
            self.ev.append(Event(kind, text, self.rules.ref(key) if key else None, tuple(data.items()),
                                 private_to=private_to, secret=secret))

    def name(self, seat: int) -> str:
        name: str = self.d["names"][seat]
        return name

    def seat_set(self, field: str, seat: int, value: object) -> None:
        old = self.d[field]
        self.d[field] = old[:seat] + (value,) + old[seat + 1:]

    def take(self, seat: int, cards: tuple[Card, ...], src: str) -> None:
        """Remove ``cards`` from where they are played from."""
        if src == "hand":
            self.hands[seat] = remove_cards(self.hands[seat], cards)
        elif src == "face-up":
            self.seat_set("face_up", seat, remove_cards(self.d["face_up"][seat], cards))
        elif src == "drawn":
            self.d["drawn"] = None

    # -- what the whole table knows: seen twins in hands (rules.palace.known), stock_shown, down_shown --
    def draw_stock(self, count: int) -> frozenset[int]:
        """Take ``count`` cards off the top of the stock; returns which of them (0 for the top
        card) everyone knew."""
        d = self.d
        stock = d["stock"]
        d["stock"] = stock[count:]
        places = d["stock_shown"]
        left = len(stock) - count
        if not places or max(places) < left:  # none of the known places is drawn
            return frozenset()
        d["stock_shown"] = frozenset(p for p in places if p < left)
        return frozenset(len(stock) - 1 - p for p in places if p >= left)

    def next_active(self, seat: int) -> int:
        n = len(self.d["names"])
        out = self.d["out"]
        step: int = self.d["direction"]
        s = (seat + step) % n
        while s in out:
            s = (s + step) % n
        return s

    def top(self) -> int:
        return legality.effective_top(self.rules, self.d["pile"])


def advance(st: P, a: A.Action, narrate: bool = True) -> tuple[P, tuple[Event, ...]]:
    """The state after an accepted action, and what happened (``narrate=False``: no events)."""
    t = Turn(st, narrate)
    d = t.d
    d["turn"] = st.turn + 1
    _BY_PHASE[st.phase](t, st, a)
    d["hands"] = tuple(t.hands)
    return type(st)._adopt(d), tuple(t.ev)


def _in_play(t: Turn, st: Position, a: A.Action) -> None:
    """An ordinary turn: cards put down, a flip, the pile taken, a chance, a call."""
    d = t.d
    seat = st.to_move
    kind = type(a)
    if kind is A.Play:
        _throw(t, seat, cast(A.Play, a).cards, "hand" if d["hands"][seat] or d["stock"] else "face-up", "normal",
               None)
    elif kind is A.Flash:
        a = cast(A.Flash, a)  # kind is its class (so below)
        _throw(t, seat, a.cards, st.source(seat), "normal", a.target)
    elif kind is A.Flip:
        _flip(t, seat)
    elif kind is A.Pickup:
        _pickup(t, seat, ())
        _pass_turn(t, seat)
    elif kind is A.Chance:
        _chance(t, seat)
    elif kind is A.TakeUp:
        _take_up(t, seat, "face_up_to_hand")
    elif kind is A.LastCard:
        _declare(t, seat)
    elif kind is A.CallOut:
        victim = cast(A.CallOut, a).seat
        if t.narrate:
            t.event("call-out", f"{t.name(seat)} catches {t.name(victim)} without a 'Last Card' call",
                    "last_card_call", seat=seat, victim=victim)
        _pickup(t, victim, ())
        t.seat_set("declared", victim, True)


def _chance(t: Turn, seat: int) -> None:
    """The stock's top card is drawn unseen by the others, to be played or kept with the pile."""
    d = t.d
    card = d["stock"][0]
    if d["stock_shown"]:  # a chanced card stays unseen even if the table knew it (kept: secret)
        t.draw_stock(1)
    else:
        d["stock"] = d["stock"][1:]
    d["drawn"], d["drawn_from"], d["phase"] = card, "stock", REVEAL
    if t.narrate:
        # drawn unseen by the others: it shows only if it is played
        t.event("chance", f"{t.name(seat)} takes a chance on the stock's top card", "chance_only",
                seat=seat, card=card, private_to=seat, secret=("card",))


def _in_reveal(t: Turn, st: Position, a: A.Action) -> None:
    """A card turned up: played (or flashed), or kept with the pile."""
    d = t.d
    seat = st.to_move
    if type(a) is A.Pickup:
        card = d["drawn"]
        d["drawn"] = None
        _pickup(t, seat, (card,), secret=st.drawn_from == "stock")  # a kept chance card stays unseen
        _pass_turn(t, seat)
    else:
        how = "chance" if st.drawn_from == "stock" else "flip"
        _throw(t, seat, cast("A.Play | A.Flash", a).cards, "drawn", how, getattr(a, "target", None))


def _in_flash(t: Turn, st: Position, a: A.Action) -> None:
    """A flash answered: sent back, tried on the stock, or lost (the pile taken)."""
    d = t.d
    seat = st.to_move
    info = cast(FlashInfo, st.flash)  # set in this phase
    kind = type(a)
    if kind is A.Reflect:
        _reflect(t, info, cast(A.Reflect, a).cards, st.source(seat))
    elif kind is A.CheckStock:
        _check_stock(t, seat, info)
    else:  # pickup
        if t.narrate:
            t.event("flash-lost", f"{t.name(seat)} cannot answer the flash", "flash", seat=seat)
        _pickup(t, seat, ())
        d["flash"] = None
        _pass_turn(t, info.origin)


def _check_stock(t: Turn, seat: int, info: FlashInfo) -> None:
    """The stock's top card is shown: a flash card answers at once, any other stays on top."""
    d = t.d
    card = d["stock"][0]
    if t.narrate:
        t.event("check-stock", f"{t.name(seat)} checks the stock: its top card is {cards_words((card,))}",
                "flash_check_stock", seat=seat, card=card)
    if t.rules.is_flash[card.index >> 2]:
        t.draw_stock(1)
        _reflect(t, info, (card,), "stock")
    else:
        d["flash"] = FlashInfo(info.flasher, info.target, info.origin, True)
        d["stock_shown"] = d["stock_shown"] | {len(d["stock"]) - 1}  # shown to everyone


def _in_after(t: Turn, st: Position, a: A.Action) -> None:
    """Before the next player: a quick throw of the rank just played, a call, or a pass."""
    d = t.d
    seat = st.to_move
    w = cast(Window, st.window)  # open in this phase
    kind = type(a)
    if kind is A.Quick:
        a = cast(A.Quick, a)
        t.take(seat, a.cards, "hand")
        d["pile"] = d["pile"] + a.cards
        if t.narrate:
            t.event("quick", f"{t.name(seat)} quickly throws {cards_words(a.cards)}", "quick_play",
                    seat=seat, cards=a.cards)
        _resolve(t, seat, w.rank - 2, len(a.cards), "quick", (w.skips, w.reverse), remove_cards(w.fresh, a.cards))
    elif kind is A.QuickFlip:
        _quick_flip(t, seat, w)
    elif kind is A.LastCard:
        _declare(t, seat)
        if not (w.fresh or w.flip):
            _pass_turn(t, seat, w.skips, w.reverse)
    else:  # pass
        _pass_turn(t, seat, w.skips, w.reverse)


def _quick_flip(t: Turn, seat: int, w: Window) -> None:
    """The next face-down card, of the rank just played, thrown at once."""
    d = t.d
    card = d["face_down"][seat][0]
    t.seat_set("face_down", seat, d["face_down"][seat][1:])
    t.seat_set("peeked", seat, False)
    if d["down_shown"][seat]:
        t.seat_set("down_shown", seat, False)
    d["pile"] = d["pile"] + (card,)
    if t.narrate:
        t.event("quick", f"{t.name(seat)} quickly flips {cards_words((card,))} onto the pile", "quick_face_down",
                seat=seat, cards=(card,))
    _resolve(t, seat, card.index >> 2, 1, "quick-flip", (w.skips, w.reverse), ())


def _in_choose(t: Turn, st: Position, a: A.Action) -> None:
    """Setup: the chosen cards go face up, the rest is the hand."""
    seat = st.to_move
    a = cast(A.Choose, a)  # the one action of this phase
    t.seat_set("face_up", seat, a.cards)
    t.hands[seat] = remove_cards(t.d["hands"][seat], a.cards)
    if t.narrate:
        t.event("choose", f"{t.name(seat)} puts {cards_words(a.cards)} face up", "face_up_choice",
                seat=seat, cards=a.cards)
    _next_in_setup(t, seat)


def _in_swap(t: Turn, st: Position, a: A.Action) -> None:
    """Setup: a hand card and a face-up card change places, or the seat is ready."""
    d = t.d
    seat = st.to_move
    if type(a) is A.Swap:
        # the face-up card was seen by everyone going into the hand
        t.hands[seat] = remove_cards(d["hands"][seat], (a.hand_card,)) + (_SEEN[a.face_up_card.index],)
        t.seat_set("face_up", seat, remove_cards(d["face_up"][seat], (a.face_up_card,)) + (a.hand_card,))
        if t.narrate:
            t.event("swap", f"{t.name(seat)} swaps {cards_words((a.hand_card,))} from hand with the face-up "
                    f"{a.face_up_card.label}", "face_up_choice", seat=seat)
    else:
        _next_in_setup(t, seat)


_BY_PHASE: dict[Phase, Callable[[Turn, Position, A.Action], None]] = {
    PLAY: _in_play, REVEAL: _in_reveal, FLASH: _in_flash, AFTER: _in_after, CHOOSE: _in_choose,
    SWAP: _in_swap}


# -- setup ------------------------------------------------------------------
def _next_in_setup(t: Turn, seat: int) -> None:
    d = t.d
    n = len(d["names"])
    nxt = (seat + 1) % n
    if nxt == (d["dealer"] + 1) % n:
        begin_play(t)
    else:
        d["to_move"] = nxt


def begin_play(t: Turn) -> None:
    """Setup is over: decide who starts (and with what)."""
    d, rules = t.d, t.rules
    n = len(d["names"])
    how = rules.starter
    opening = None
    if how == "worst-face-up":
        seat = worst_face_up_seat(rules, d["face_up"], d["dealer"])
        why = "has the weakest face-up cards"
    elif how == "lowest-in-hand":
        seat, opening, tied = lowest_in_hand_seat(rules, d["hands"], d["dealer"], d["seed"])
        why = (f"holds the lowest card, a {opening.word}, and must open with it" if opening else
               "opens (nobody holds anything but wilds)")
        if len(tied) > 1:
            why += f" (drawn at random among {', '.join(t.name(s) for s in tied)})"
    else:
        seat = seats_from_left(d["dealer"], n)[0]
        why = "sits on the dealer's left"
    d.update(phase=PLAY, to_move=seat, opening=opening, again="")
    if t.narrate:
        t.event("starter", f"{t.name(seat)} {why}", "starter", seat=seat)


# -- playing cards ------------------------------------------------------------
def _throw(t: Turn, seat: int, cards: tuple[Card, ...], src: str, how: str, target: int | None) -> None:
    """Put ``cards`` (one rank) from ``src`` on the pile and resolve what they do."""
    d, rules = t.d, t.rules
    code = cards[0].index >> 2
    if src == "hand":  # t.take, inlined for the common case
        t.hands[seat] = remove_cards(t.hands[seat], cards)
    else:
        t.take(seat, cards, src)
    d["pile"] = d["pile"] + cards
    d["opening"] = None
    if rules.is_flash[code]:
        assert target is not None  # a flash names its target
        if t.narrate:
            t.event("flash", f"{t.name(seat)} shows {cards_words(cards)} to {t.name(target)}", "flash",
                    seat=seat, target=target, cards=cards)
        _after_flash_card(t, seat, FlashInfo(seat, target, seat), src)
        return
    if t.narrate:
        where = {"face-up": " from the table", "drawn": ""}.get(src, "")
        t.event("play", f"{t.name(seat)} plays {cards_words(cards)}{where}", "beat", seat=seat,
                cards=cards, source=src)
    _resolve(t, seat, code, len(cards), how, (0, False), ())


def _clear(t: Turn, seat: int, why: str | Literal[False], key: str) -> None:
    """The pile leaves the game; ``why`` is read only when narrating (False when not)."""
    d = t.d
    d["cleared"] = d["cleared"] + d["pile"]
    if t.narrate:
        n = len(d["pile"])
        t.event("clear", f"{why}: the pile ({n} card{'' if n == 1 else 's'}) leaves the game", key, seat=seat,
                cards=d["pile"])
    d["pile"] = ()


def _resolve(t: Turn, seat: int, code: int, count: int, how: str, carry: tuple[int, bool],
             fresh_before: tuple[Card, ...]) -> None:
    """The effects of cards (of rank ``code``) just put on the pile, then who moves next."""
    d, rules = t.d, t.rules
    extra = ""
    if rules.is_clear[code]:
        _clear(t, seat, t.narrate and f"{legality.rank_at(code).plural.capitalize()} clear", "clear")
        extra = "clear" if rules.clear_extra_turn else ""
        skips, reverse = 0, False
    elif (len(pile := d["pile"]) >= rules.four_of_a_kind and pile[-2].rank is pile[-1].rank
          and legality.run_length(pile) >= rules.four_of_a_kind):
        run = legality.run_length(d["pile"])
        _clear(t, seat, t.narrate and f"{run} {legality.rank_at(code).plural} in a row", "four_of_a_kind")
        extra = "clear" if rules.four_extra_turn else ""
        skips, reverse = 0, False
    else:
        skips, reverse = carry
        if rules.is_reset[code]:
            extra = "reset"
        if rules.is_reverse[code] and how not in ("quick", "quick-flip"):
            reverse = not reverse
        if rules.is_skip[code]:
            skips += count
    if extra and how == "chance":
        if t.narrate:
            t.event("no-replay", "a chanced card earns no further play this turn", "chance_only")
        extra = ""
    hands = t.hands
    fresh = _refill(t, seat) if d["stock"] and len(hands[seat]) < d["size"] else ()
    flipped = how == "flip" or how == "quick-flip"
    if flipped and rules.peek_next_face_down and d["face_down"][seat]:
        t.seat_set("peeked", seat, True)
    if not hands[seat]:
        _take_up_if_due(t, seat)
        if not hands[seat] and not d["face_up"][seat] and not d["face_down"][seat]:
            _go_out(t, seat, skips, reverse)
            return
    if extra:
        d.update(to_move=seat, phase=PLAY, again=extra, window=None)
        if t.narrate:
            t.event("extra-turn", f"{t.name(seat)} plays again",
                    "reset" if extra == "reset" else "clear_extra_turn" if rules.is_clear[code] else
                    "four_extra_turn", seat=seat)
        return
    if how != "chance":
        matching: tuple[Card, ...] = ()
        if rules.quick_play and (fresh or fresh_before):
            matching = fresh_before
            for c in fresh:  # a loop: a comprehension costs a call, and fresh is a card or two
                if c.index >> 2 == code:
                    matching += (c,)
        down = d["face_down"][seat]
        flip = (flipped and rules.quick_face_down and bool(down)
                and down[0].index >> 2 == code and not hands[seat] and not d["face_up"][seat])
        if matching or flip or (rules.last_card_call and len(down) == 1 and not d["declared"][seat]):
            d.update(phase=AFTER, to_move=seat,
                     window=Window(legality.rank_at(code), matching, flip, skips, reverse))
            return
    _pass_turn(t, seat, skips, reverse)


def _refill(t: Turn, seat: int) -> tuple[Card, ...]:
    d = t.d
    stock: tuple[Card, ...] = d["stock"]
    if not stock:
        return ()
    hand = t.hands[seat]
    need = d["size"] - len(hand)
    if need <= 0:
        return ()
    drawn = stock[:need]
    places = d["stock_shown"]
    if places and max(places) >= len(stock) - need:  # a card the table had seen: still known in the hand
        shown = t.draw_stock(need)
        drawn = tuple(known.SEEN[c.index] if i in shown else c for i, c in enumerate(drawn))
    else:
        d["stock"] = stock[need:]
    t.hands[seat] = hand + drawn
    if t.narrate:  # which cards were drawn is the drawer's secret
        t.event("refill", f"{t.name(seat)} draws {len(drawn)} from the stock", "refill", seat=seat,
                cards=drawn, private_to=seat, secret=("cards",))
    return drawn


def _take_up(t: Turn, seat: int, key: str) -> None:
    d = t.d
    cards = d["face_up"][seat]
    t.hands[seat] = d["hands"][seat] + known.seen(cards)  # everyone saw them go into the hand
    t.seat_set("face_up", seat, ())
    if t.narrate:
        t.event("take-up", f"{t.name(seat)} takes {cards_words(cards)} from the table into hand", key,
                seat=seat, cards=cards)


def _take_up_if_due(t: Turn, seat: int) -> None:
    d = t.d
    if (t.rules.face_up_to_hand == "must" and not d["hands"][seat] and not d["stock"]
            and d["face_up"][seat]):
        _take_up(t, seat, "face_up_to_hand")


def _is_out(d: dict[str, Any], seat: int) -> bool:
    return not d["hands"][seat] and not d["face_up"][seat] and not d["face_down"][seat]


def _go_out(t: Turn, seat: int, skips: int = 0, reverse: bool = False) -> None:
    d, rules = t.d, t.rules
    d["out"] = d["out"] + (seat,)
    d.update(window=None, flash=None, again="")
    if rules.ending == "first-out-wins":
        d.update(phase=OVER, winner=seat)
        if t.narrate:
            t.event("out", f"{t.name(seat)} has no cards left and wins", "ending", seat=seat)
        return
    if t.narrate:
        t.event("out", f"{t.name(seat)} has no cards left and is out", "ending", seat=seat)
    active = [s for s in range(len(d["names"])) if s not in d["out"]]
    if len(active) <= 1:
        d.update(phase=OVER, loser=active[0] if active else None)
        if active:
            if t.narrate:
                t.event("game-over", f"{t.name(active[0])} is the last player left and loses", "ending",
                        seat=active[0])
        return
    _pass_turn(t, seat, skips, reverse)


def _pass_turn(t: Turn, seat: int, skips: int = 0, reverse: bool = False) -> None:
    d = t.d
    if reverse:
        d["direction"] = -d["direction"]
        if t.narrate:
            t.event("reverse", "the direction of play reverses", "reverse")
    out, step, n = d["out"], d["direction"], len(d["names"])
    nxt = (seat + step) % n
    while nxt in out:
        nxt = (nxt + step) % n
    if skips:
        for _ in range(skips):
            if t.narrate:
                t.event("skip", f"{t.name(nxt)} is skipped", "skip", seat=nxt)
            nxt = t.next_active(nxt)
    d["to_move"] = nxt
    d["phase"] = PLAY
    d["again"] = ""
    d["window"] = d["flash"] = d["drawn"] = None


def _pickup(t: Turn, seat: int, extra: tuple[Card, ...], key: str = "pickup", secret: bool = False) -> None:
    """``seat`` takes the pile, and ``extra`` with it; ``secret``: ``extra`` was never shown, so
    the list of cards taken is for ``seat`` only (``pile`` stays public)."""
    d = t.d
    pile = d["pile"]
    cards = pile + extra
    # everyone saw the pile go into the hand (and ``extra`` too unless it was never shown)
    t.hands[seat] = d["hands"][seat] + tuple(map(_SEEN.__getitem__, map(_INDEX, pile if secret else cards)))
    if secret:
        t.hands[seat] += extra
    d["pile"] = ()
    if t.narrate:
        count = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
        t.event("pickup", f"{t.name(seat)} takes the pile ({count})", key, seat=seat,
                cards=cards, pile=pile, private_to=seat if secret else None,
                secret=("cards",) if secret else ())


def _declare(t: Turn, seat: int) -> None:
    t.seat_set("declared", seat, True)
    if t.narrate:
        t.event("last-card", f"{t.name(seat)} announces 'Last Card'", "last_card_call", seat=seat)


# -- face-down cards ----------------------------------------------------------
def _flip(t: Turn, seat: int) -> None:
    d, rules = t.d, t.rules
    down = d["face_down"][seat]
    card, rest = down[0], down[1:]
    later = d["peeked"][seat]  # its owner looked at it after playing the one before: same rules again
    t.seat_set("face_down", seat, rest)
    t.seat_set("peeked", seat, False)
    if d["down_shown"][seat]:
        t.seat_set("down_shown", seat, False)
    if t.narrate:
        t.event("flip", f"{t.name(seat)} turns over a face-down card: {cards_words((card,))}",
                "face_down_same_rules" if later else "face_down_one_at_a_time", seat=seat, card=card)
    code = card.index >> 2
    if legality.judge(rules, t.top(), code, 1).legal:
        if rules.is_flash[code]:
            d.update(drawn=card, drawn_from="face-down", phase=REVEAL)
            return
        d["pile"] = d["pile"] + (card,)
        _resolve(t, seat, code, 1, "flip", (0, False), ())
        return
    if rules.last_face_down_returns and not rest:
        _pickup(t, seat, (), "win")
        t.seat_set("face_down", seat, (card,))
        t.seat_set("peeked", seat, True)
        t.seat_set("down_shown", seat, True)  # everyone saw it turned over
        if t.narrate:
            t.event("returned", f"The {card.label} cannot be played: it goes back face down, to be played last", "win",
                    seat=seat, card=card)
    else:
        _pickup(t, seat, (card,), "face_down")
    if rules.last_card_call and len(d["face_down"][seat]) == 1 and not d["declared"][seat]:
        # down to one face-down card: a chance to say so before the next player moves
        d.update(phase=AFTER, to_move=seat, window=Window(card.rank, (), False))
        return
    _pass_turn(t, seat)


# -- flashes ------------------------------------------------------------------
def _after_flash_card(t: Turn, seat: int, info: FlashInfo, src: str) -> None:
    """Flash cards are on the pile: refill, then four in a row, or wait for the answer."""
    d, rules = t.d, t.rules
    if src == "hand":
        _refill(t, seat)
        _take_up_if_due(t, seat)
    if _is_out(d, seat):
        _go_out(t, seat)
        return
    run = legality.run_length(d["pile"])
    if run >= rules.four_of_a_kind:
        _clear(t, seat, t.narrate and f"{run} {d['pile'][-1].rank.plural} in a row end the flash",
               "four_of_a_kind")
        d.update(flash=None, drawn=None)
        if rules.four_extra_turn:
            d.update(to_move=seat, phase=PLAY, again="clear", window=None)
            if t.narrate:
                t.event("extra-turn", f"{t.name(seat)} plays again", "four_extra_turn", seat=seat)
        else:
            _pass_turn(t, seat)
        return
    d.update(flash=info, phase=FLASH, to_move=info.target, drawn=None)


def _reflect(t: Turn, info: FlashInfo, cards: tuple[Card, ...], src: str) -> None:
    d = t.d
    seat = info.target
    t.take(seat, cards, src)
    d["pile"] = d["pile"] + cards
    if t.narrate:
        t.event("reflect", f"{t.name(seat)} sends it back with {cards_words(cards)}", "flash", seat=seat,
                target=info.flasher, cards=cards)
    _after_flash_card(t, seat, FlashInfo(seat, info.flasher, info.origin), src)
