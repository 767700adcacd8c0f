"""A drill's table: the cards of the position a "which may she do?" drill asks about, laid out
as at the table, so the learner answers by tapping them (as she would play them) and not only
with the choice buttons.

The table only says which choice a tap is: a card of the mover's whose single play is a choice
of the drill answers that choice, a face-down card answers "turn over a face-down card", the
stock "take a chance on the stock's top card", the pile "pick up the pile"; in Palace Poker a
soldier (or any card of the player's) answers "discard it", an opponent's banner "attack her",
the draw deck "buy". Whether that is
allowed, and why, is the engine's one check, asked when the answer is checked
(:meth:`practice.Drill.grade`); nothing here decides it.
A choice the table has no place for (several cards at once, a card the mover does not hold,
a word like "flash") keeps its button only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.cards import Card


@dataclass(frozen=True)
class Spot:
    """One card on the drill's table: its face (None: lying face down) and the choice a tap
    on it answers ('' when it answers none)."""

    card: Card | None
    key: str = ""


@dataclass(frozen=True)
class Zone:
    """Where cards lie: ``name`` (Palace: hand, face-up, face-down, stock, pile; Palace Poker:
    banner, soldiers, palace-cards) and our words for it."""

    name: str
    words: str
    spots: tuple[Spot, ...]


MOVES_ASK = "Tap every move allowed on the table, then Check"


@dataclass(frozen=True)
class DrillTable:
    """The mover's cards and the pile, each card with the choice it answers; ``ask``: what the
    learner does on it (several answers), ``said``: the words a card's verdict starts with when
    it is right or not ('' when the engine's reason says it alone)."""

    mover: str
    zones: tuple[Zone, ...]
    ask: str = MOVES_ASK
    said: tuple[str, str] = ("allowed", "not allowed")

    def keys(self) -> frozenset[str]:
        """The choices a tap on this table can answer."""
        return frozenset(s.key for z in self.zones for s in z.spots if s.key)


Moves = tuple[tuple[str, Any], ...]
"""Each choice's key and the engine's action it stands for."""


def _palace(state: Any, moves: Moves) -> DrillTable | None:
    """Palace: the mover's hand, face-up and face-down cards, the stock and the pile's top card."""
    from rules.palace import Chance, Flip, PalaceState, Pickup, Play

    seat = state.to_move if isinstance(state, PalaceState) else None
    if seat is None:
        return None
    plays: dict[Card, str] = {}
    flip = chance = pickup = ""
    for key, action in moves:
        if isinstance(action, Play) and len(action.cards) == 1:
            plays.setdefault(action.cards[0], key)
        elif isinstance(action, Flip):
            flip = flip or key
        elif isinstance(action, Chance):
            chance = chance or key
        elif isinstance(action, Pickup):
            pickup = pickup or key
    name = state.names[seat]
    zones = (
        Zone("hand", f"{name}'s hand", tuple(Spot(c, plays.get(c, "")) for c in state.hands[seat])),
        Zone("face-up", f"{name}'s face-up cards", tuple(Spot(c, plays.get(c, "")) for c in state.face_up[seat])),
        Zone("face-down", f"{name}'s face-down cards", tuple(Spot(None, flip) for _ in state.face_down[seat])),
        Zone("stock", f"The stock ({len(state.stock)} card{'s' if len(state.stock) != 1 else ''})",
             (Spot(None, chance),) if state.stock else ()),
        Zone("pile", "The pile", (Spot(state.pile[-1], pickup),) if state.pile else ()),
    )
    table = DrillTable(name, tuple(z for z in zones if z.spots))
    return table if table.keys() else None


def _palace_poker(state: Any, moves: Moves) -> DrillTable | None:
    """Palace Poker: the player to act's banner, soldiers and palace cards; a card whose discard
    alone is a choice answers it. An attack is made by naming the opponent, by name or by banner
    card (§ Bet (or battle)): an opponent's banner answers the plain attack on her (the attack
    with an amount keeps its button); the draw deck answers "buy" (§ Buy). The other choices (a
    stay, a fold, a raise, several discards) keep their buttons."""
    from rules.palace_poker import Bet, Buy, Discard, PokerState

    seat = state.actor if isinstance(state, PokerState) else None
    if seat is None:
        return None
    discards: dict[Card, str] = {}
    bets: dict[int, str] = {}
    buy = ""
    for key, action in moves:
        if isinstance(action, Discard) and len(action.cards) == 1:
            discards.setdefault(action.cards[0], key)
        elif isinstance(action, Bet) and action.amount is None and action.target != seat:
            bets.setdefault(action.target, key)
        elif isinstance(action, Buy):
            buy = buy or key
    player, name = state.player(seat), state.names[seat]
    zones = [
        Zone("banner", f"{name}'s banner", (Spot(player.banner, discards.get(player.banner, "")),)
             if player.banner is not None else ()),
        Zone("soldiers", f"{name}'s soldiers", tuple(Spot(c, discards.get(c, "")) for c in player.soldiers)),
        Zone("palace-cards", f"{name}'s palace cards", tuple(Spot(c, discards.get(c, "")) for c in player.palace)),
    ]
    for target, key in sorted(bets.items()):
        banner = state.player(target).banner
        if banner is not None:
            zones.append(Zone("opponent", f"{state.names[target]}'s banner", (Spot(banner, key),)))
    if buy and state.deck:
        zones.append(Zone("draw", f"The draw deck ({len(state.deck)} card{'s' if len(state.deck) != 1 else ''})",
                          (Spot(None, buy),)))
    table = DrillTable(name, tuple(z for z in zones if z.spots))
    return table if table.keys() else None


#: the tables drawn for "moves" drills; each draws only its own game's states (None for others)
TABLES: tuple[Callable[[Any, Moves], DrillTable | None], ...] = (_palace, _palace_poker)


def _battle_cards(drill: Any) -> DrillTable:
    """Palace Poker's "which of her cards do not count in this battle?" (``excluded``): the
    opponent's banner, then the player's banner, palace cards and soldiers, each card the
    choice that names it (the drill's choices are her cards in that order)."""
    from practice.palace_poker_checker import side_cards

    attacker, defender, side, *cards = drill.probe
    mine, theirs = (attacker, defender) if side == "attacker" else (defender, attacker)
    me, them = mine.split(":")[0], theirs.split(":")[0]
    # each card tapped answers the choice the drill made for that card (matched by the card, not
    # by order: a card with no choice is an error here, never a tap that answers another card)
    key_of = {card: choice.key for choice, card in zip(drill.choices, cards, strict=True)}
    spots: dict[str, list[Spot]] = {"banner": [], "palace card": [], "soldier": []}
    for card, place in side_cards(mine):
        spots[place].append(Spot(card, key_of[str(card)]))
    zones = (Zone("against", f"{them}'s banner", (Spot(side_cards(theirs)[0][0]),)),
             Zone("banner", f"{me}'s banner", tuple(spots["banner"])),
             Zone("palace-cards", f"{me}'s palace cards", tuple(spots["palace card"])),
             Zone("soldiers", f"{me}'s soldiers", tuple(spots["soldier"])))
    return DrillTable(me, tuple(z for z in zones if z.spots), ask="Tap every card that does not count, then Check",
                      said=("", ""))


def drill_table(drill: Any) -> DrillTable | None:
    """The table of a drill whose answer is cards on the table, where they can be tapped: which
    moves may be made, which cards do not count in a battle (None for a drill asked in words
    only: a count, a battle's winner, a game without a table here)."""
    if drill is not None and drill.kind == "excluded":
        return _battle_cards(drill)
    if drill is None or drill.kind != "moves" or drill.position.checker:
        return None
    state = drill.position.state()
    return moves_table(state, tuple((c.key, state.parse_action(move)) for c, move in zip(drill.choices, drill.probe)))


def moves_table(state: Any, moves: Moves) -> DrillTable | None:
    """The mover's cards in ``state``, each the choice of ``moves`` that plays it (None when the
    game has no table here or no choice is a card): Practice's "which may she do?" drills and
    Learn's course tasks ("tap the moves that are allowed", "make the move") alike."""
    return next((table for make in TABLES if (table := make(state, moves)) is not None), None)
