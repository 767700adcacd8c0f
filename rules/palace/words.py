"""Palace actions in plain words, for a person (``state.describe(action)``).

Short imperative phrases with the players' names ("play the three sevens",
"show the 3♠ to Dave", "pick up the pile"), so quizzes, the move list, a refusal
and the computer coach never show engine notation. Nothing here decides a
rule: which actions are legal is :mod:`rules.palace.decide`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, faces
from . import actions as A

if TYPE_CHECKING:
    from .model import Position

_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def cards_words(cards: tuple[Card, ...]) -> str:
    """``the 8♥``; ``the two eights``; several ranks: ``the 2♥, 6♣ and Q♣``."""
    if len(cards) == 1:
        return f"the {cards[0].label}"
    if all(c.rank is cards[0].rank for c in cards):
        return f"the {_COUNTS.get(len(cards), len(cards))} {cards[0].rank.plural}"
    return "the " + faces(cards)


def _name(st: "Position", seat: int) -> str:
    return st.names[seat] if 0 <= seat < len(st.names) else f"seat {seat}"


_WORDS: dict[type[A.Action], str] = {
    A.Flip: "turn over a face-down card", A.QuickFlip: "throw the next face-down card at once",
    A.Chance: "take a chance on the stock's top card", A.CheckStock: "try the stock's top card",
    A.Pass: "let the next player go", A.TakeUp: "take the face-up cards into the hand",
    A.Ready: "finish swapping", A.LastCard: "announce the last face-down card",
}


def describe(st: "Position", action: A.Action) -> str:
    """``action`` in plain words in ``st`` (see the module notes)."""
    kind = type(action)  # type(action) is tested again below so that a type checker narrows it
    if type(action) is A.Play:
        where = " from the table" if st.phase.value == "play" and st.source() == "face-up" else ""
        return f"play {cards_words(action.cards)}{where}"
    if type(action) is A.Flash:
        return f"show {cards_words(action.cards)} to {_name(st, action.target)}"
    if type(action) is A.Reflect:
        return f"send the flash back with {cards_words(action.cards)}"
    if type(action) is A.Quick:
        return f"throw {cards_words(action.cards)} at once"
    if type(action) is A.Choose:
        return f"put {cards_words(action.cards)} face up"
    if type(action) is A.Swap:
        return f"swap the {action.hand_card.label} in hand for the face-up {action.face_up_card.label}"
    if type(action) is A.CallOut:
        return f"catch {_name(st, action.seat)} without a 'last card' call"
    if kind is A.Pickup:
        phase = st.phase.value
        if phase == "reveal":
            return "keep the drawn card and take the pile"
        return "take the pile" if phase == "flash" else "pick up the pile"
    return _WORDS.get(kind, str(action))
