"""A table whose cards answer a question by a tap (:class:`tutor.model.drill_table.DrillTable`):
Practice's drills (``tutor.views.practice``) and Learn's course tasks (``tutor.views.quiz``)
draw it alike. Each card that answers a choice is a button (``.practice-card``, ``data-act``
the caller's, ``data-value`` the choice's key, ``aria-pressed`` when picked in a several-answer
question); once answered, ``.is-right`` / ``.is-wrong`` and the verdict's words in its name.
What is right is the caller's verdict (the engine's one check), never decided here."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .cards import CARD_CSS, card_back, card_face
from .text import tag


def spot_html(table: Any, spot: Any, *, labels: Mapping[str, str], picked: tuple[str, ...], several: bool,
              said: Mapping[str, Any] | None, act: str) -> str:
    """One card: a picture, or a button when a tap on it answers a choice. ``said``: after the
    answer, each choice's verdict (``right``, ``reason``, ``ref``), else None."""
    picture = card_back(title="face-down card") if spot.card is None else card_face(spot.card)
    if not spot.key:
        return picture
    choice = labels[spot.key]
    attrs: dict[str, str] = {}
    cls = "practice-card"
    if said is None:
        if several:
            attrs["aria_pressed"] = "true" if spot.key in picked else "false"
        label = choice
    else:
        attrs["disabled"] = ""
        verdict = said[spot.key]  # the engine's word on this choice, with its rule
        cls += " is-right" if verdict.right else (" is-wrong" if spot.key in picked else "")
        rule = f" (rule: {verdict.ref.words})" if verdict.ref is not None else ""
        word = table.said[0 if verdict.right else 1]  # "allowed" / "not allowed", or the reason alone
        reason = f" {verdict.reason}" if verdict.reason else ""
        label = (f"{choice}: {word}.{reason}{rule}" if word else f"{verdict.reason}{rule}").strip()
        attrs["title"] = label
    if spot.key in picked:
        cls += " is-picked"
    return tag("button", "", cls, raw=picture, type="button", data_act=act, data_value=spot.key,
               aria_label=label, **attrs)


def table_html(table: Any, *, labels: Mapping[str, str], picked: tuple[str, ...], several: bool,
               said: Mapping[str, Any] | None, act: str) -> str:
    """The table (see the module docstring), or '' when there is none."""
    if table is None:
        return ""
    zones = ""
    for zone in table.zones:
        cards = "".join(spot_html(table, spot, labels=labels, picked=picked, several=several, said=said, act=act)
                        for spot in zone.spots)
        zones += tag("div", "", f"practice-zone zone-{zone.name}", raw=tag("span", zone.words, "practice-zone-name")
                     + tag("div", "", "cards", raw=cards))
    return tag("div", "", "practice-table", raw=zones, role="group", aria_label=f"The table: {table.mover}'s cards")


def within(scope: str, css: str) -> str:
    """``css`` with every rule's selectors put inside ``scope`` (the cards' styles, meant for a
    table's own shadow root, used in the page's stylesheet for Practice's table alone)."""
    def scoped(match: re.Match[str]) -> str:
        selectors = ", ".join(f"{scope} {sel.strip()}" for sel in match.group(1).split(","))
        return f"{selectors} {{{match.group(2)}}}\n"
    return re.sub(r"([^{}]+)\{([^{}]*)\}", scoped, css)


TABLE_CSS = """
.practice-table { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: flex-end; margin: 4px 0 6px 0;
                  padding: 8px 10px; border-radius: 10px; background: #27613f; color: #fff; }
.practice-zone-name { display: block; font-size: 0.8rem; color: #e3f1e8; margin-bottom: 6px; }
.practice-table .practice-card, .practice-table .practice-card:hover { padding: 0; border: 0; background: none;
                 min-height: 44px; min-width: 44px; border-radius: 8px; cursor: pointer; }
.practice-card:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
.practice-card[aria-pressed="true"] .card { transform: translateY(-6px);
                 box-shadow: 0 0 0 3px #8fb8ff; border: 2px solid #1f5fbf; }
.practice-card.is-right .card { border: 2px solid #1b6b34; box-shadow: 0 0 0 3px #a9dcb8; }
.practice-card.is-right .card::after { content: "✓"; position: absolute; top: -2px; right: 2px; color: #1b6b34; }
.practice-card.is-wrong .card { border: 2px solid #8a1c1c; box-shadow: 0 0 0 3px #f2b8b8; }
.practice-card.is-wrong .card::after { content: "✗"; position: absolute; top: -2px; right: 2px; color: #8a1c1c; }
.practice-table .practice-card:disabled { cursor: default; border: 0; background: none; }
""" + within(".practice-table", CARD_CSS)
