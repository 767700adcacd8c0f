"""``palace-tutor check kings-pot``: who takes each pot, or which of the thirteen hands wins.

:func:`check_deal` settles a whole deal: given the 25 tableau cards (row by row from the top
left), the King's hand, each player's cards (still held, and folded) and the two pots, it
sets the deal up at its end (:mod:`.position`) and lets the engine end it, under the table's
rules: the verdict is the deal's own outcome, with the engine's reasons, and what another
reading of a table option would give where it changes who is paid.

:func:`check_tableau` only values the thirteen hands and names the best (no players given).

Bad input raises a ``NotationError`` with a one-line message naming the token and the rule
(wrong count, duplicate card, unknown card, too many cards bought); the CLI prints it and
exits 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..cards import Card, counted, parse_cards
from ..errors import NotationError
from ..options import other_outcomes
from ..refs import Event, RuleRef
from . import sections as S
from .position import Holder, end_of_deal
from .pot_words import PotLine, deal_pot_lines
from .showdown import KINGS_POT_RULING, MAIN_POT_RULING, ODD_CHIP_RULING, HandResult, Outcome, best_of, \
    kings_hand_wins, rank_hands
from .board import TableauBoard, make_board
from .tableau import CELLS, KINGS_HAND_SIZE, HandName, RevealSchedule, cell_name
from .variant import PRESETS, KingsPotRules


@dataclass(frozen=True)
class TableauVerdict:
    """The thirteen hands valued, and the winner(s) among them."""

    hands: tuple[HandResult, ...]
    winner: tuple[HandName, ...]
    kings_pot_win: str = "beats-every-hand"  # the table's option of that name

    @property
    def kings_hand_wins(self) -> bool:
        """Under the default reading: the King's hand beats every tableau hand (the other
        reading needs the cards players hold, which this checker is not given)."""
        return kings_hand_wins(self.hands)

    def describe(self) -> str:
        lines = []
        for r in self.hands:
            where = r.name.where
            lines.append(f"{r.name.title} ({where}): {' '.join(str(c) for c in r.cards)} "
                         f"- {r.describe()}")
        best = " and ".join(h.title for h in self.winner)
        what = self.hands[list(HandName).index(self.winner[0])].describe()
        verb = "wins" if len(self.winner) == 1 else "tie for the win"
        lines.append(f"Best hand: the {best} {verb} with {what}.")
        lines.append(self.kings_pot_line())
        lines.append("At the table the betting pot goes to the best hand that a player backs, "
                     "which may be a lower one (ruling kings-pot-main-pot-winner).")
        return "\n".join(lines)

    def kings_pot_line(self, reading: str | None = None) -> str:
        """Who takes the King's pot here, under the table's reading of option
        ``kings-pot-win`` (or under ``reading``, the other choice, for "the other
        reading gives ...")."""
        if (reading or self.kings_pot_win) == "best-backed-hand":
            return ("At this table the King's pot goes with the King's hand when it is the best hand "
                    "that players back: to its backers, with the betting pot (option kings-pot-win). "
                    + ("Here it beats every tableau hand, so any backer of it wins both pots."
                       if self.kings_hand_wins else
                       "Here it does not beat every tableau hand: it takes both pots only if no "
                       "better hand is backed."))
        if self.kings_hand_wins:
            return ("The King's hand beats every tableau hand, so the King's pot is won by the "
                    "player with the best backed hand (ruling kings-pot-kings-hand-wins).")
        return ("The King's hand does not beat every tableau hand, so the King's pot "
                "would carry over (ruling kings-pot-kings-hand-wins).")

    def board(self) -> TableauBoard:
        """The same picture the deal view gives, with every card face up (for the app)."""
        cells: list[Card | None] = [None] * CELLS
        for r in self.hands:
            for cell, card in zip(r.name.cells, r.cards):
                cells[cell] = card
        king = next(r for r in self.hands if r.name is HandName.KING)
        return make_board(cells, frozenset(range(CELLS)), RevealSchedule().labels(), king.cards, True)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": {r.name.key: {"cards": [str(c) for c in r.cards], "category": r.category.words}
                      for r in self.hands},
            "winner": [h.key for h in self.winner],
        }


def _read(text: str, what: str, count: int) -> tuple[Card, ...]:
    cards = parse_cards(text, what=what)
    for c in cards:
        if c.is_joker:
            raise NotationError(f"{what}: {str(c)!r} is a joker; King's Pot uses a 52-card pack "
                                f"without jokers [{S.ref(S.PLAYERS_AND_CARDS)}]", token=str(c),
                                expected="a standard card")
    if len(cards) != count:
        raise NotationError(f"{what}: expected {count} cards, got {len(cards)}"
                            + (" (a 5x5 grid, row by row from the top left)" if count == CELLS else "")
                            + f" [{S.ref(S.TABLEAU)}]",
                            token=text.strip()[:60], expected=f"{count} cards")
    return cards


def _layout(tableau: str, kings_hand: str) -> tuple[tuple[Card, ...], tuple[Card, ...], dict[Card, str]]:
    """The tableau and the King's hand read, no card twice; where each card lies."""
    grid = _read(tableau, "tableau", CELLS)
    kings = _read(kings_hand, "King's hand", KINGS_HAND_SIZE)
    seen: dict[Card, str] = {}
    for i, c in enumerate(grid):
        where = f"tableau {cell_name(i)}"
        if c in seen:
            raise _twice(c, seen[c], where)
        seen[c] = where
    for i, c in enumerate(kings):
        where = f"King's hand card {i + 1}"
        if c in seen:
            raise _twice(c, seen[c], where)
        seen[c] = where
    return grid, kings, seen


def check_tableau(tableau: str, kings_hand: str, *, options: Mapping[str, str] | None = None) -> TableauVerdict:
    """Value the twelve tableau hands and the King's hand; name the best. ``options``: the
    table's options by name and choice (``KingsPotRules.OPTIONS``)."""
    rules = KingsPotRules().with_options(options, where="--rule") if options else KingsPotRules()
    grid, kings, _ = _layout(tableau, kings_hand)
    hands = rank_hands(grid, kings)
    return TableauVerdict(hands, best_of(hands), rules.kings_pot_win)


def _twice(card: Card, first: str, second: str) -> NotationError:
    return NotationError(f"{card} appears twice ({first} and {second}); one pack holds each card "
                         f"once [{S.ref(S.PLAYERS_AND_CARDS)}]", token=str(card),
                         expected="each card at most once")


# -- a whole deal: who takes each pot ---------------------------------------------------------

@dataclass(frozen=True)
class DealVerdict:
    """A deal ended by the engine: the thirteen hands, each player's cards, the engine's
    :class:`~.showdown.Outcome` and narration, and the pots said line by line."""

    variant: str
    rules: KingsPotRules
    hands: tuple[HandResult, ...]
    holders: tuple[Holder, ...]
    outcome: Outcome
    events: tuple[Event, ...]
    others: tuple[tuple[str, str, str, "DealVerdict"], ...] = ()
    """(option, the other choice's token, its meaning, the verdict under it) where it pays differently."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.holders)

    @property
    def winner(self) -> tuple[HandName, ...]:
        """The best of all thirteen hands, backed or not."""
        return best_of(self.hands)

    def hand(self, name: HandName) -> HandResult:
        return next(r for r in self.hands if r.name is name)

    def tableau(self) -> TableauVerdict:
        return TableauVerdict(self.hands, self.winner, self.rules.kings_pot_win)

    def board(self) -> TableauBoard:
        return self.tableau().board()

    def backing(self, seat: int, hand: HandName) -> tuple[Card, ...]:
        """The cards of a player (live ones) that back ``hand``."""
        return tuple(c for c in self.holders[seat].live if HandName.for_rank(c.rank) is hand)

    def paid(self) -> dict[str, int]:
        """Chips each player takes from the two pots."""
        out = dict.fromkeys(self.names, 0)
        for seat, chips in self.outcome.pot_shares + self.outcome.kings_shares:
            out[self.names[seat]] += chips
        return out

    def pot_lines(self) -> tuple[PotLine, PotLine]:
        """Who takes the betting pot and the King's pot, and why: one short paragraph each."""
        return deal_pot_lines(self)

    def describe(self) -> str:
        rules = PRESETS.get(self.variant)
        lines = [f"King's Pot, {self.variant} rules" + ("" if rules == self.rules else " with the table's options")
                 + "."]
        for line in self.pot_lines():
            lines.append(f"{line.text} [{line.ref}]")
        for option, token, meaning, other in self.others:
            lines.append(f"Under the other reading of {option} ({token}: {meaning}):")
            lines.extend(f"  {line.text}" for line in other.pot_lines())
        lines.append("The hands:")
        for r in self.hands:
            backers = [h.name for i, h in enumerate(self.holders) if self.backing(i, r.name)]
            backed = f"; backed by {', '.join(backers)}" if backers else ""
            lines.append(f"  {r.name.title} ({r.name.where}): {' '.join(str(c) for c in r.cards)} - "
                         f"{r.describe()}{backed}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        o = self.outcome
        names = self.names
        return {
            "hands": {r.name.key: {"cards": [str(c) for c in r.cards], "category": r.category.words}
                      for r in self.hands},
            "winner": [h.key for h in self.winner],
            "uncontested": o.uncontested,
            "winning_hands": [h.key for h in o.winning_hands],
            "pot": {"chips": o.pot, "shares": {names[s]: c for s, c in o.pot_shares}},
            "kings_pot": {"chips": o.kings_pot, "won": o.kings_pot_won,
                          "shares": {names[s]: c for s, c in o.kings_shares}, "carried": o.carried},
            "other_readings": [{"option": option, "choice": token, "pot": {names[s]: c for s, c in v.outcome.pot_shares},
                                "kings_pot": {names[s]: c for s, c in v.outcome.kings_shares}}
                               for option, token, _, v in self.others],
        }


def read_player(text: str, what: str = "--player") -> tuple[str, tuple[Card, ...]]:
    """``NAME: CARDS`` (the cards may be none, for a player who folded them all)."""
    if not isinstance(text, str):
        raise NotationError(f"{what}: expected 'NAME: CARDS', got {text!r}"[:120], token=repr(text)[:40],
                            expected="NAME: CARDS")
    name, colon, cards = text.partition(":")
    name = " ".join(name.split())
    if not colon or not name:
        raise NotationError(f"{what} {text.strip()!r}: start with the player's name and a colon, like "
                            "'Ann: 7h 7d'", token=text.strip(), expected="NAME: CARDS")
    return name, parse_cards(cards, what=f"{name}'s {'folded cards' if what == '--folded' else 'cards'}")


def _holders(players: Sequence[str], folded: Sequence[str], seen: dict[Card, str]) -> tuple[Holder, ...]:
    live: dict[str, tuple[Card, ...]] = {}
    names: dict[str, str] = {}
    for text in players:
        name, cards = read_player(text, "--player")
        if name.casefold() in names:
            raise NotationError(f"{name!r} is given twice; each player once, with all their cards",
                                token=name, expected="distinct names")
        names[name.casefold()] = name
        live[name] = cards
    gone: dict[str, tuple[Card, ...]] = {}
    for text in folded:
        name, cards = read_player(text, "--folded")
        if name.casefold() not in names:
            raise NotationError(f"--folded {name!r}: not one of the players ({', '.join(names.values())}); list "
                                "every player with --player, even one who holds no card now", token=name,
                                expected="one of the players")
        key = names[name.casefold()]
        gone[key] = gone.get(key, ()) + cards
    for name in live:
        for c, where in [(c, f"{name}'s cards") for c in live[name]] + \
                [(c, f"{name}'s folded cards") for c in gone.get(name, ())]:
            if c in seen:
                raise _twice(c, seen[c], where)
            seen[c] = where
    return tuple(Holder(n, live[n], gone.get(n, ())) for n in live)


def _chips(value: Any, what: str) -> int:
    text = str(value).strip()
    if isinstance(value, bool) or not (isinstance(value, int) or (text.isascii() and text.isdigit())) \
            or len(text) > 12:
        raise NotationError(f"{what} {text!r}: a whole number of chips, like 40", token=text,
                            expected="a whole number of chips")
    return int(text)


def check_deal(tableau: str, kings_hand: str, players: Sequence[str], *, folded: Sequence[str] = (),
               pot: int | str = 0, kings_pot: int | str = 0, variant: str = "standard",
               options: Mapping[str, str] | None = None, others: bool = True) -> DealVerdict:
    """Who takes each pot at the end of a deal (see the module). ``players``: ``NAME: CARDS``
    for each player, in turn order from the dealer's left (the dealer last), the cards still
    held; ``folded``: ``NAME: CARDS`` for cards a player folded. ``options``: the table's
    options by name and choice. ``others``: also judge under every other reading of an option
    and keep those that pay differently."""
    grid, kings, seen = _layout(tableau, kings_hand)
    holders = _holders(players, folded, seen)
    chips = _chips(pot, "--pot"), _chips(kings_pot, "--kings-pot")
    rules = PRESETS[variant].with_options(options, where="--rule") if options else PRESETS[variant]
    verdict = _judge(grid, kings, holders, chips, variant, rules)
    if not others:
        return verdict
    found = other_outcomes(rules, lambda r: _judge(grid, kings, holders, chips, variant, r),
                           lambda v: (v.outcome.pot_shares, v.outcome.kings_shares, v.outcome.carried))
    return replace(verdict, others=tuple((opt.name, opt.token(value), opt.meaning(value), v)
                                         for opt, value, v in found))


def _judge(grid: tuple[Card, ...], kings: tuple[Card, ...], holders: tuple[Holder, ...], chips: tuple[int, int],
           variant: str, rules: KingsPotRules) -> DealVerdict:
    options = {n: t for n, t in rules.option_tokens().items() if n in rules.differences(PRESETS[variant])}
    state, action = end_of_deal(grid, kings, holders, pot=chips[0], kings_pot=chips[1], variant=variant,
                                options=options)
    end, events = state.play(action)
    assert end.outcome is not None  # the deal is over: the engine ended it
    return DealVerdict(variant, end.rules, rank_hands(grid, kings), holders, end.outcome, events)


__all__ = ["check_tableau", "check_deal", "read_player", "TableauVerdict", "DealVerdict", "PotLine",
           "KINGS_POT_RULING", "MAIN_POT_RULING", "ODD_CHIP_RULING"]
