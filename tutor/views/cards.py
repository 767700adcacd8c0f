"""Card drawing shared by the game tables (and the checker): HTML strings and their CSS.

Every function returns HTML built with :mod:`.text` (all text escaped), meant
for a pane or a :class:`~tutor.views.tables.board.Board` whose stylesheet
includes :data:`CARD_CSS`. The markup is a stable contract that browser tests
and other views read:

* a face: ``<span|button class="card face red|black|joker ..." data-card="Qs">``
  holding ``.rank`` and ``.suit`` (the suit symbol); its ``title`` (hover) and
  ``data-reason`` (shown on tap by the Board) carry the reason, if any;
* a back: ``class="card back"``, ``data-card="back"``; a card the teaching
  view shows although it lies face down gets the extra class ``down``;
* ``data-key`` makes a card clickable: the Board sends the key to Python;
  clickable cards are ``<button>`` elements (keyboard and tap friendly, at
  least 44 px wide);
* state classes a view may add: ``playable`` (a legal play now), ``dimmed``
  (not playable; the reason says why), ``selected`` (picked for the action
  being built), ``counted`` / ``excluded`` / ``quad-exception`` / ``wild`` /
  ``best-five`` (how a card fares in a Palace Poker battle).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from rules.cards import Card

from .text import tag

_JOKER_RANK = "Jkr"


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.label for c in cards)


def _element(key: str | None) -> tuple[str, dict[str, str]]:
    # a card that is not a button is a picture with a name (role img: an aria-label
    # on a plain span would be ignored by screen readers)
    if key is None:
        return "span", {"role": "img"}
    return "button", {"type": "button", "data_key": key}


def card_face(card: Card, *, cls: str = "", reason: str = "", key: str | None = None,
              title: str = "", **data: str) -> str:
    """A card face: rank and suit symbol, red or black.

    ``reason`` becomes the hover text and the tap text (``data-reason``);
    ``key`` makes it a button whose click is sent to Python; ``data``
    adds ``data-*`` attributes (``zone="hand"`` -> ``data-zone="hand"``).
    """
    return _card_face(card, cls, reason, key, title, tuple(data.items()))


# A step redraws every card on the table (a hundred or more), mostly as it was:
# the same card, classes and reason give the same markup, so it is made once.
@lru_cache(maxsize=4096)
def _card_face(card: Card, cls: str, reason: str, key: str | None, title: str,
               data: tuple[tuple[str, str], ...]) -> str:
    colour = "joker" if card.is_joker else ("red" if card.suit.is_red else "black")
    name, attrs = _element(key)
    words = card.words
    hover = title or (f"{card.label}: {reason}" if reason else words)
    if reason:
        attrs["data_reason"] = f"{card.label}: {reason}"
    for k, v in data:
        attrs[f"data_{k}"] = v
    rank = _JOKER_RANK if card.is_joker else card.rank.label
    suit = "\u2605" if card.is_joker else card.suit.symbol
    inner = tag("span", rank, "rank") + tag("span", suit, "suit")
    return tag(name, "", f"card face {colour} {cls}".strip(), raw=inner, data_card=str(card),
               title=hover, aria_label=words + (f" ({reason})" if reason else ""), **attrs)


def card_back(*, cls: str = "", key: str | None = None, title: str = "face-down card", reason: str = "",
              **data: Any) -> str:
    """The back of a card nobody at the table may see."""
    name, attrs = _element(key)
    if reason:
        attrs["data_reason"] = reason
    for k, v in data.items():
        attrs[f"data_{k}"] = v
    return tag(name, "", f"card back {cls}".strip(), data_card="back", title=title, aria_label=title, **attrs)


def card_row(parts: Iterable[str], cls: str = "", empty: str = "none") -> str:
    """A wrapping row of cards (already drawn); ``empty`` is said when there are none."""
    body = "".join(parts)
    if not body:
        return tag("span", empty, f"cards empty {cls}".strip())
    return tag("span", "", f"cards {cls}".strip(), raw=body)


def backs(count: int, cls: str = "", title: str = "face-down card") -> str:
    """``count`` backs (up to 8 drawn, then the number), for hidden hands and piles."""
    if count <= 0:
        return tag("span", "none", "cards empty")
    shown = "".join(card_back(title=title) for _ in range(min(count, 8)))
    more = tag("span", f"+{count - 8}", "more") if count > 8 else ""
    return tag("span", "", f"cards backs {cls}".strip(), raw=shown + more, data_count=count)


CARD_CSS = """
.cards { display: inline-flex; flex-wrap: wrap; gap: 4px; align-items: flex-end; vertical-align: middle; }
.cards.empty { color: #4a5563; font-style: italic; font-size: 0.9em; }
.cards .more { align-self: center; color: #3b4452; font-weight: 600; margin-left: 2px; }
.card { box-sizing: border-box; display: inline-flex; flex-direction: column; align-items: center;
        justify-content: center; width: 2.9em; min-width: 44px; height: 4.1em; min-height: 60px;
        padding: 0; margin: 0; border: 1px solid #8d96a3; border-radius: 6px; background: white;
        font: inherit; font-weight: 700; line-height: 1.05; position: relative; user-select: none;
        -webkit-tap-highlight-color: transparent; }
button.card { cursor: pointer; }
button.card:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; box-shadow: 0 0 0 5px #1d2430; }
.card .rank { font-size: 1.15em; }
.card .suit { font-size: 1.35em; }
.card.red { color: #b3222a; }
.card.black { color: #1d2430; }
.card.black[data-card$="c"] { color: var(--club, #1d2430); }
.card.red[data-card$="d"] { color: var(--diamond, #b3222a); }
.card.joker { color: #5e3590; }
.card.joker .rank { font-size: 0.85em; }
.card.back { background: repeating-linear-gradient(45deg, #35507a 0 5px, #2b4266 5px 10px);
             border-color: #20324f; }
.card.down { border-style: dashed; background: #f4f1e8; }
.card.down::after { content: "down"; position: absolute; bottom: 1px; font-size: 0.55em; color: #5c4f24;
                    font-weight: 600; }
.card.playable { border: 2px solid #1e6b35; box-shadow: 0 0 0 3px #a9dcb8; background: #f3fcf5; }
.card.dimmed { background: #e4e7eb; border: 1px dashed #5b6472; }
.card.selected { transform: translateY(-8px); box-shadow: 0 0 0 3px #1f5fbf; }
.card.excluded { background: #e4e7eb; border-style: dashed; }
.card.excluded .rank, .card.excluded .suit { text-decoration: line-through; text-decoration-thickness: 2px;
                                             text-decoration-color: #7d1d22; }
.card.excluded::after { content: "excluded"; position: absolute; bottom: 1px; font-size: 0.5em; color: #7d1d22; }
.card.counted { background: #ffffff; }
.card.best-five { border: 2px solid #a87300; box-shadow: 0 0 0 2px #f7dfa0; }
.card.quad-exception { background: #fff3c4; border: 2px solid #a87300; }
.card.quad-exception::after { content: "4 of a kind"; position: absolute; bottom: 1px; font-size: 0.5em;
                              color: #6b4700; }
.card.wild { background: #efe6fb; border: 2px solid #5e3590; }
.card.wild::after { content: "= A"; position: absolute; bottom: 1px; font-size: 0.6em; color: #5e3590; }
"""
"""Styles of the markup above; include it in the stylesheet of whatever shows cards. Suit
colours come from ``--club`` and ``--diamond`` when the page sets them (the four-colour deck)."""
