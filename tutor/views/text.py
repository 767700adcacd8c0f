"""HTML building with every piece of text escaped.

All text shown by the views goes through :func:`esc` (or is set with
``textContent`` by the components), so a player name like
``<img src=x onerror=...>`` is displayed as those characters and never
becomes markup. Build HTML only with these helpers.
"""

from __future__ import annotations

import html
from typing import Any

from rules.cards import Card


def esc(value: Any) -> str:
    """The text of ``value``, safe to place in HTML content or a quoted attribute."""
    return html.escape(str(value), quote=True)


def tag(name: str, text: Any = "", cls: str = "", raw: str = "", **attrs: Any) -> str:
    """``<name class=cls attrs>escaped text + raw</name>``; ``raw`` must itself
    be built from these helpers."""
    parts = [name]
    if cls:
        parts.append(f'class="{esc(cls)}"')
    for key, value in attrs.items():
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{esc(value)}"')
    return f"<{' '.join(parts)}>{esc(text)}{raw}</{name}>"


def card_html(card: Card | None, cls: str = "") -> str:
    """A card face (rank and suit symbol, red or black), or a back for ``None``."""
    if card is None:
        return tag("span", "\U0001F0A0", f"card back {cls}".strip(), title="face down", aria_label="face down")
    colour = "joker" if card.is_joker else ("red" if card.suit.is_red else "black")
    return tag("span", card.label, f"card {colour} {cls}".strip(), title=card.words)


def cards_html(cards: Any, cls: str = "") -> str:
    if cards is None:
        return tag("span", "hidden", "hidden")
    if not cards:
        return tag("span", "none", "none")
    return tag("span", "", "cards", raw="".join(card_html(c, cls) for c in cards))
