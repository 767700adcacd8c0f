"""Independent checks of a drill's answer: the engine reached through another path (its list of
legal actions, moves played through ``play``), a brute-force count with another poker evaluator
(treys), or the source documents' own facts. Each returns None when the answer agrees, else a
sentence saying how it differs."""

from __future__ import annotations

from itertools import combinations

from treys import Card as TCard
from treys import Evaluator

from rules.cards import Card
from rules.errors import IllegalActionError
from rules.games import get_family

_EVAL = Evaluator()
SEATS = {"palace-poker": (2, 10), "kings-pot": (3, 22)}  # from the documents (§ Palace Poker, § Players and cards)


def _t(card: Card) -> int:
    return TCard.new(str(card))


def best(cards: list[Card]) -> int | None:
    """treys' best five out of these cards (lower is better); None under five cards."""
    if len(cards) < 5:
        return None
    return min(_EVAL._five([_t(c) for c in combo]) for combo in combinations(cards, 5))


def check(drill) -> str | None:
    answer = drill.answer()
    kind = drill.kind
    return globals()[f"_check_{kind}"](drill, answer)


def _fresh(drill):
    """The position's state, started through the game's registry entry and played with ``play``."""
    pos = drill.position
    state = get_family(pos.game).start(pos.variant, pos.setup)
    for m in pos.moves:
        state, _ = state.play(state.parse_action(m))
    return state


def _check_moves(drill, answer) -> str | None:
    """Each choice against the state's list of legal actions (built apart from ``check`` in
    Palace), and played through ``play`` (which raises on an illegal move). Palace Poker and
    King's Pot list one amount per size of bet, so an amount they do not list is judged by
    ``play`` alone."""
    state = _fresh(drill)
    legal = {str(a) for a in state.legal_actions()}
    for choice, move in zip(drill.choices, drill.probe):
        action = state.parse_action(move)
        listed = str(action) in legal
        right = choice.key in answer.right
        sized = getattr(action, "amount", None) is not None
        if listed and not right:
            return f"{move}: listed as legal, but the answer says no"
        if right and not listed and not sized:
            return f"{move}: the answer says yes, but it is not among the legal actions"
        if right:
            after, _ = state.play(action)
            if after == state:
                return f"{move}: played, but nothing changed"
        else:
            try:
                state.play(action)
            except IllegalActionError:
                pass
            else:
                return f"{move}: refused by the answer but play() accepted it"
    return None


def _check_what(drill, answer) -> str | None:
    from practice.catalog import game_module
    measures = game_module(drill.game).MEASURES
    state = _fresh(drill)
    before, events = state, []
    for m in drill.probe[1:]:
        action = state.parse_action(m)
        if not state.is_legal(action):
            break
        state, happened = state.play(action)
        events.extend(happened)
    got = measures[drill.probe[0]](before, state, tuple(events))
    got = got[0] if isinstance(got, tuple) else got
    if (got,) != tuple(answer.right):
        return f"replayed through play(): {got!r}, answer {answer.right!r}"
    return None


def _check_seats(drill, answer) -> str | None:
    lo, hi = SEATS[drill.game]
    n = int(drill.probe[1])
    expect = "yes" if lo <= n <= hi else "no"
    return None if answer.right == (expect,) else f"{n} players: the document says {expect}"


def _sides(text: str):
    name, cards = text.split(":", 1)
    fields = [f.split() for f in cards.split("|")]
    return name.strip(), [Card.parse(c) for f in fields for c in f], Card.parse(fields[0][0]).suit


def _check_battle(drill, answer) -> str | None:
    a_text, d_text, last_two = drill.probe
    _, a_cards, a_suit = _sides(a_text)
    _, d_cards, d_suit = _sides(d_text)
    a_best = best([c for c in a_cards if c.suit is not d_suit])
    d_best = best([c for c in d_cards if c.suit is not a_suit])
    four = any(sum(c.rank is r for c in cards) == 4 for cards in (a_cards, d_cards) for r in {c.rank for c in cards})
    if a_best is None or d_best is None or four or drill.variant == "kings-in-the-house" or a_best == d_best:
        return None  # the strict comparison below does not decide these
    expect = "attacker" if a_best < d_best else "defender"
    return None if answer.right == (expect,) else f"treys says {expect}, answer {answer.right}"


def _check_showdown(drill, answer) -> str | None:
    values = {}
    for text in drill.probe:
        name, cards, _ = _sides(text)
        values[name] = best(cards)
    if None in values.values():
        return None
    top = min(values.values())
    leaders = [n for n, v in values.items() if v == top]
    if len(leaders) == 1:
        return None if answer.right == (leaders[0],) else f"treys says {leaders[0]}, answer {answer.right}"
    ok = answer.right == ("split",) or (len(answer.right) == 1 and answer.right[0] in leaders)
    return None if ok else f"treys ties {leaders}, answer {answer.right}"


def _check_tableau(drill, answer) -> str | None:
    from rules.kings_pot import HandName
    tableau = [Card.parse(c) for c in drill.probe[0].split()]
    values = {n: best([tableau[c] for c in HandName(n).cells]) for n in drill.probe[2:]}
    top = min(values.values())
    expect = tuple(n for n in drill.probe[2:] if values[n] == top)
    return None if answer.right == expect else f"treys says {expect}, answer {answer.right}"


ROWS = ("ace", "two", "three", "four", "five")
COLUMNS = ("six", "seven", "eight", "nine", "ten")


def _check_lines(drill, answer) -> str | None:
    cell = int(drill.probe[0])
    r, c = divmod(cell, 5)
    expect = {ROWS[r], COLUMNS[c]} | ({"jack"} if r == c else set()) | ({"queen"} if r + c == 4 else set())
    return None if set(answer.right) == expect else f"the document's square says {sorted(expect)}"


def _check_where(drill, answer) -> str | None:
    hand = drill.probe[0]
    expect = (f"row {ROWS.index(hand) + 1}" if hand in ROWS else f"column {COLUMNS.index(hand) + 1}"
              if hand in COLUMNS else {"jack": "diagonal from the top left", "queen": "diagonal from the bottom left",
                                       "king": "five cards apart from the tableau"}[hand])
    return None if answer.right == (expect,) else f"the document says {expect}"


def _check_backs(drill, answer) -> str | None:
    card = Card.parse(drill.probe[0])
    expect = card.rank.word
    return None if answer.right == (expect,) else f"a {card.rank.word} backs the {expect}'s hand"


def _check_sees(drill, answer) -> str | None:
    state = _fresh(drill)
    over = state.is_over
    for choice in drill.choices:
        where = choice.text[choice.text.index("(") + 1:-1]
        hidden = ("folded" in where or ("face-down" in where and not over) or "discard" in where
                  or ("palace card" in where and "own" not in where)
                  or ("'s card" in where and "own" not in where and not over))
        if (choice.key in answer.right) == hidden:
            return f"{choice.text}: expected {'hidden' if hidden else 'seen'}"
    return None


def _check_winners(drill, answer) -> str | None:
    from rules.kings_pot import HandName
    state = _fresh(drill)
    after, _ = state.play(state.parse_action(drill.probe[0]))
    deck = list(after.table.deck)
    values = {h: best([deck[c] for c in h.cells]) for h in HandName if h.cells}
    values[HandName.KING] = best(deck[25:30])
    holders: dict[HandName, set[str]] = {}
    for name, seat in zip(after.names, after.seats):
        for c in seat.live:
            holders.setdefault(HandName(c.rank.word), set()).add(name)  # a card backs its rank's hand
    backed = [h for h in holders if holders[h]]
    if not backed:
        return None if answer.right == ("nobody",) else "nobody backs a hand"
    top = min(values[h] for h in backed)
    expect = sorted(set().union(*(holders[h] for h in backed if values[h] == top)))
    return None if sorted(answer.right) == expect else f"treys says {expect}, answer {answer.right}"


def _check_excluded(drill, answer) -> str | None:
    """§ Banner Suits read afresh: in a battle a player's cards of the opponent's banner suit do
    not count, except the four cards of a four of a kind. (A straight flush among the counted
    cards, which would beat the four, and the rule options are left to the engine's own tests.)"""
    a_text, d_text, side, *cards = drill.probe
    _, mine, _ = _sides(a_text if side == "attacker" else d_text)
    _, _, against = _sides(d_text if side == "attacker" else a_text)
    if drill.options or drill.variant == "kings-in-the-house":
        return None
    four = {c.rank for c in mine if sum(x.rank is c.rank for x in mine) == 4}
    counted = [c for c in mine if c.suit is not against]
    if best(counted) is not None and best(counted) <= 10:  # treys: 1-10 are straight flushes
        return None
    expect = {str(c) for c in mine if c.suit is against and c.rank not in four}
    got = {card for choice, card in zip(drill.choices, cards) if choice.key in answer.right}
    return None if got == expect else f"the source's rule leaves out {sorted(expect)}, answer {sorted(got)}"
