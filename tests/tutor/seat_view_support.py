"""Finding hidden cards in what the tutor shows a seat (tests/tutor/test_seat_view.py).

What a seat may not know is computed from the engine's views, independently of
the tutor: every card in the teaching view (``state.view(None)``) that is not
in ``state.view(seat)``. A card counts as hidden in a line only if the seat
could not see it at ANY position of the line up to the cursor (a card played
face up and later picked up was seen, and its move may be named).
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Iterable
from typing import Any

from rules.cards import Card


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere in a view value (dataclasses, tuples, dicts), walked without recursion."""
    found: set[Card] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            todo.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            todo.extend(item)
    return found


def hidden_from(state: Any, seat: int) -> set[Card]:
    """Cards in the position that ``seat`` may not see: full information minus its view."""
    return cards_in(state.view(None)) - cards_in(state.view(seat))


def shown_by_move(before: Any, action: Any, after: Any) -> set[Card]:
    """Cards a move turns face up for the whole table although no position shows them
    (they are gone again when the move is over), read from the two positions:

    * Palace ``flip``/``quick flip``: the face-down card turned over (it may go straight
      into the hand with the pile);
    * Palace ``check-stock`` (Caron): the stock's top card, shown to everyone by ruling
      caron-check-stock-for-three, and left on the stock.
    """
    from rules.palace import actions as A

    if isinstance(action, (A.Flip, A.QuickFlip)):
        seat = before.to_move
        return set(before.face_down[seat]) - set(after.face_down[seat])
    if isinstance(action, A.CheckStock):
        return {before.stock[0]}
    return set()


def never_seen(tree: Any, seat: int) -> dict[int, set[Card]]:
    """For every node of a study tree: the cards ``seat`` could not see at any position of
    the path from the start to that node (nor saw turned over by a move on it)."""
    out: dict[int, set[Card]] = {}
    for node_id in tree.preorder():  # parents first
        node = tree[node_id]
        hidden = hidden_from(node.state, seat)
        if not node.is_root:
            parent = tree[node.parent]
            hidden &= out[parent.id]
            hidden -= shown_by_move(parent.state, node.action, node.state)
        out[node_id] = hidden
    return out


def _patterns(card: Card) -> re.Pattern[str]:
    """Every way the tutor writes a card: notation (``Qs``, as a word), label (``Q♠``),
    words (``queen of spades``) and the ``data-card`` attribute of a drawn face."""
    spellings = [re.escape(card.label), re.escape(card.words)]
    token = re.escape(str(card))
    return re.compile("|".join(spellings) + rf"|(?<![A-Za-z0-9]){token}(?![A-Za-z0-9])")


def named_cards(text: str, cards: Iterable[Card]) -> set[Card]:
    """The ``cards`` that ``text`` (HTML or plain) names in any spelling."""
    plain = html.unescape(text)
    return {c for c in cards if _patterns(c).search(plain) or f'data-card="{c}"' in text}
