"""A table's rule set as a link (issue 35, point 2): scanned from a QR code, it opens the same
rules on another phone, in Play, dealt under them and ready to keep on that device.

The part after ``#`` in the page's address::

    rs1.<base64url( sha256(z)[:6] + z )>,  z = zlib(JSON payload)

packed as study and ruling links are (:func:`.share.pack`: the checksum catches a link cut
short or changed before anything is decoded; decompression capped, JSON bounded). The JSON
payload: ``v`` (the format, exactly 1), ``g`` (the game), ``r`` (the preset), ``o`` (the
options that differ from the preset, name -> choice) and ``n`` (the rule set's name, '' for
none). Opening is all or nothing: every part is checked and the engine builds the rules
(``rules.options.read_setup_options``) before anything changes; any flaw raises
:class:`RuleSetLinkError` naming what is wrong and ending "Nothing was changed.".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rules.errors import NotationError
from rules.options import MAX_NAME, Configurable, read_setup_options

from .catalog import Catalog
from .rule_words import refusal_words
from .share import cut as _cut
from .share import is_tagged_link, pack, read_tagged

RULE_SET_TAG = "rs1."  # a rule set link's fragment starts so
FORMAT = 1
MAX_OPTIONS = 60       # options in one link (every game has far fewer)
MAX_TOKEN = 40         # characters of an option's name or choice
_KEYS = {"v", "g", "r", "o", "n"}


class RuleSetLinkError(NotationError):
    """A rule set link that cannot be opened; the message says what is wrong and that nothing changed."""

    def __init__(self, message: str, token: str | None = None):
        super().__init__(f"{message} Nothing was changed.", token=token, expected="a Palace Tutor rule set link")


@dataclass(frozen=True)
class RuleSetLink:
    """What a rule set link holds, checked by the engine."""

    game: str
    variant: str
    options: tuple[tuple[str, str], ...]
    name: str


def rule_set_link(game: str, variant: str, options: dict[str, str], name: str = "") -> str:
    """The fragment (no ``#``) that opens this rule set on another device."""
    data = {"v": FORMAT, "g": game, "r": variant, "o": dict(sorted(options.items())), "n": name}
    return RULE_SET_TAG + pack(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def is_rule_set_link(text: str) -> bool:
    return is_tagged_link(text, RULE_SET_TAG)


def read_rule_set_link(text: str, catalog: Catalog) -> RuleSetLink:
    """A rule set link (the whole address or its fragment), checked part by part and built by the
    engine. Raises :class:`RuleSetLinkError`."""
    return _rules_of(read_tagged(text, RULE_SET_TAG, "rule set", _KEYS, FORMAT, RuleSetLinkError), catalog)


def _rules_of(data: dict[str, Any], catalog: Catalog) -> RuleSetLink:
    game, variant, options, name = data.get("g"), data.get("r"), data.get("o"), data.get("n", "")
    if not isinstance(game, str) or game not in catalog.game_ids():
        raise RuleSetLinkError(f"The rule set link names a game this version does not know ({_cut(repr(game))}).",
                               token=_cut(repr(game)))
    presets = catalog.family(game).presets
    if not isinstance(variant, str) or variant not in presets:
        raise RuleSetLinkError(f"The rule set link names rules this version does not know ({_cut(repr(variant))}).",
                               token=_cut(repr(variant)))
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_TOKEN and len(v) <= MAX_TOKEN
            for k, v in options.items()):
        raise RuleSetLinkError("The rule set link's choices are not in the expected form.")
    if not isinstance(name, str) or len(name) > MAX_NAME or (name and not name.isprintable()):
        raise RuleSetLinkError(f"A rule set's name is one line of at most {MAX_NAME} characters; the link's is not.")
    base = presets[variant]
    if options and not isinstance(base, Configurable):
        raise RuleSetLinkError("The rule set link sets options this game does not have.", token=_cut(next(iter(options))))
    setup: dict[str, Any] = {"options": options} if options else {}
    if name.strip():
        setup["rules_name"] = " ".join(name.split())
    try:
        read_setup_options(base, setup)
    except ValueError as err:
        raise RuleSetLinkError(f"These rules cannot be played: {refusal_words(base, err)}.") from None
    return RuleSetLink(game, variant, tuple(sorted(options.items())), setup.get("rules_name", ""))
