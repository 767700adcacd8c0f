"""Reading a figure out of a game state, and comparing it with a lesson's figure.

A probe path names a value on the state after a step, the way a teacher would
point at it: ``pot``, ``players[Dave].stack``, ``players[2].soldiers``,
``pile.top``. Grammar::

    path    := segment ("." segment)*
    segment := NAME ["(" [ARG] ")"] ("[" KEY "]")*

``NAME`` is an attribute (or a key of a mapping); ``()`` calls a method that
takes no argument, ``(ARG)`` one that takes one (a whole number, or else the
text as written: ``player(Dave).stack``, ``result.share(Dave)``; a text the method
refuses that reads as a card is given as that card: ``hand_backed_by(7c)``); ``[KEY]`` indexes: a mapping by key, a sequence by a whole
number or by the ``name`` (or the text) of one of its items, so players can be
named as the document names them.

Values are compared in a plain form (:func:`plain`): cards as their notation
(``Qs``), enum members as lowercase words (``four of a kind``), sequences as
lists. Card texts compare as cards, so ``Q♠`` and ``qs`` match ``Qs``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rules.cards import Card, parse_cards
from rules.errors import NotationError


class ProbeError(ValueError):
    """A probe path that does not parse, or that does not lead to a value."""


@dataclass(frozen=True)
class Segment:
    name: str
    call: bool
    args: tuple[int | str, ...]
    keys: tuple[str, ...]


_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# a whole number in a path: ASCII digits (isdigit() also passes superscripts, which
# int() refuses), short enough for int(); anything else is a name
_WHOLE = re.compile(r"-?[0-9]{1,9}")
_SEGMENT = re.compile(rf"({_NAME})(\(([^()\[\]]*)\))?((?:\[[^\[\]]+\])*)")


def parse_path(text: str) -> tuple[Segment, ...]:
    """Parse a probe path; raises :class:`ProbeError` naming the bad part."""
    if not isinstance(text, str) or not text.strip():
        raise ProbeError("a probe path is needed, like 'pot' or 'players[Dave].stack'")
    segments = []
    for part in text.strip().split("."):
        match = _SEGMENT.fullmatch(part.strip())
        if not match:
            raise ProbeError(
                f"cannot read {part!r} in probe {text!r}: write names joined by dots, "
                "with [key] to index, e.g. players[Dave].stack")
        keys = tuple(k.strip() for k in re.findall(r"\[([^\[\]]+)\]", match.group(4)))
        arg = (match.group(3) or "").strip()
        args: tuple[int | str, ...] = ()
        if arg:
            args = (int(arg),) if _WHOLE.fullmatch(arg) else (arg,)
        segments.append(Segment(match.group(1), bool(match.group(2)), args, keys))
    return tuple(segments)


def resolve(obj: Any, path: str) -> Any:
    """Follow ``path`` from ``obj``; raises :class:`ProbeError` saying where it failed."""
    here = "the state"
    for seg in parse_path(path):
        obj = _attribute(obj, seg.name, here)
        here = f"{here}.{seg.name}" if here != "the state" else seg.name
        if seg.call:
            if not callable(obj):
                raise ProbeError(f"{here} is not a method, so it cannot be called")
            shown = f"({', '.join(map(str, seg.args))})"
            obj = _call(obj, seg.args, f"{here}{shown}")
            here += shown
        for key in seg.keys:
            obj = _index(obj, key, here)
            here += f"[{key}]"
    return obj


def _call(method: Any, args: tuple[int | str, ...], shown: str) -> Any:
    """Call with the argument as written; a text that fails there but reads as a card is
    tried as that card (``hand_backed_by(7c)``)."""
    try:
        return method(*args)
    except Exception as err:  # a bad argument is the lesson's mistake: report it
        first = err
    if len(args) == 1 and isinstance(args[0], str):
        try:
            card = Card.parse(args[0])
        except NotationError:
            card = None
        if card is not None:
            try:
                return method(card)
            except Exception as err:
                first = err
    raise ProbeError(f"{shown} fails: {type(first).__name__}: {first}") from None


def _public_names(obj: Any) -> list[str]:
    if isinstance(obj, Mapping):
        return sorted(str(k) for k in obj)
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def _attribute(obj: Any, name: str, here: str) -> Any:
    if isinstance(obj, Mapping) and name in obj:
        return obj[name]
    if not name.startswith("_") and hasattr(obj, name):
        return getattr(obj, name)
    names = _public_names(obj)
    shown = ", ".join(names[:30]) + (", ..." if len(names) > 30 else "")
    raise ProbeError(f"{here} has no {name!r} (it has: {shown})")


def _index(obj: Any, key: str, here: str) -> Any:
    if isinstance(obj, Mapping):
        if key in obj:
            return obj[key]
        for k, v in obj.items():
            if _same_token(str(k), key) or (isinstance(k, int) and _WHOLE.fullmatch(key)
                                            and k == int(key)):
                return v
        raise ProbeError(f"{here} has no key {key!r} (keys: {', '.join(map(str, obj))})")
    if isinstance(obj, Sequence) and not isinstance(obj, str):
        if _WHOLE.fullmatch(key):
            try:
                return obj[int(key)]
            except IndexError:
                raise ProbeError(f"{here}[{key}] is out of range ({len(obj)} items)") from None
        found = [item for item in obj
                 if _same_token(str(getattr(item, "name", "")), key) or _same_token(str(item), key)]
        if len(found) == 1:
            return found[0]
        if found:
            raise ProbeError(f"{here}[{key}] is ambiguous: {len(found)} items match")
        names = [str(getattr(item, "name", item)) for item in obj]
        raise ProbeError(f"{here} has no item named {key!r} (items: {', '.join(names)})")
    raise ProbeError(f"{here} cannot be indexed with [{key}] (it is {type(obj).__name__})")


# --------------------------------------------------------------------------
# plain values and comparison


def plain(value: Any) -> Any:
    """The comparable, printable form of an engine value."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Enum):
        return value.name.lower().replace("_", " ")
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=str)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return str(value)


def _same_token(a: str, b: str) -> bool:
    a, b = a.strip(), b.strip()
    if a.casefold() == b.casefold():
        return True
    try:
        return Card.parse(a) == Card.parse(b)
    except NotationError:
        return False


def same(actual: Any, expected: Any) -> bool:
    """Plain ``actual`` equals the lesson's ``expected`` (TOML data)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(actual, bool) and isinstance(expected, bool) and actual == expected
    if isinstance(expected, (int, float)):
        return isinstance(actual, (int, float)) and actual == expected
    if isinstance(expected, str):
        if isinstance(actual, str):
            return _same_token(actual, expected) or _words(actual) == _words(expected)
        if isinstance(actual, list):  # "Jc Jd" against a list of cards
            return same(actual, tuple(expected.split()))
        return False
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(same(a, e) for a, e in zip(actual, expected)))
    if isinstance(expected, Mapping):
        return (isinstance(actual, Mapping) and set(actual) == set(map(str, expected))
                and all(same(actual[str(k)], v) for k, v in expected.items()))
    return actual == expected


def _words(text: str) -> list[str]:
    return text.casefold().split()


def _as_cards(value: Any, what: str) -> list[Card]:
    try:
        if isinstance(value, str):
            return sorted(parse_cards(value))
        if isinstance(value, (list, tuple)):
            return sorted(Card.parse(str(v)) for v in value)
    except NotationError as err:
        raise ProbeError(f"{what} is not a list of cards: {err}") from None
    raise ProbeError(f"{what} is not a list of cards (it is {value!r})")


def compare(op: str, actual: Any, expected: Any) -> bool:
    """Apply a probe operator (see ``lessons.model.PROBE_OPS``) to plain ``actual``."""
    if op == "equals":
        return same(actual, expected)
    if op == "cards":
        return _as_cards(actual, "the engine's value") == _as_cards(expected, "the lesson's figure")
    if op == "length":
        try:
            return len(actual) == expected
        except TypeError:
            raise ProbeError(f"the engine's value {actual!r} has no length") from None
    if op == "includes":
        if not isinstance(actual, list):
            raise ProbeError(f"'includes' needs a list, and the engine's value is {actual!r}")
        wanted = list(expected.split()) if isinstance(expected, str) else list(expected)
        pool = list(actual)
        for item in wanted:
            for i, have in enumerate(pool):
                if same(have, item):
                    del pool[i]
                    break
            else:
                return False
        return True
    raise ProbeError(f"unknown comparison {op!r}")
