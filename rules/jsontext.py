"""JSON that a person or a link supplies, read within bounds (issue 35, point 7).

``json.loads`` recurses once per level of brackets: twenty thousand ``[`` exhaust the
stack, and in the browser's Python (WebAssembly, a small C stack) that kills the
interpreter for good instead of raising. So every JSON text from outside (a table setup,
a link's payload, a study file's fields, the browser's storage) is measured first, without
recursion: its length, then how deep its brackets nest (outside strings), and only then
parsed. Each refusal is a :class:`~rules.errors.NotationError` naming what was read and the
limit it broke (:class:`JsonBoundsError` for the size and the depth), so the page shows it as
it shows any other bad input.

Standard library only: every layer may use it.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import NotationError

MAX_DEPTH = 32
"""Levels of ``[``/``{`` inside each other; the deepest real text (a study link's tree of
``[parent, action]`` pairs, a setup with cards per seat) needs four or five."""

class JsonBoundsError(NotationError):
    """JSON text refused for its size or its depth before any parsing (not for its syntax)."""


_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"')  # a JSON string (possessive: no backtracking)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the brackets of ``text`` nest, outside strings (0 for none); no recursion."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def read_json(text: str, *, what: str, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """The value of the JSON ``text``, read only if it is at most ``max_chars`` long and nests at
    most ``max_depth`` deep; ``what`` names it in the message ("the setup", "the stored list")."""
    if not isinstance(text, str):
        raise NotationError(f"{what} is not text", expected="JSON text")
    if len(text) > max_chars:
        raise JsonBoundsError(f"{what} is {len(text):,} characters long; the limit is {max_chars:,}",
                            token=text[:40], expected=f"JSON of at most {max_chars:,} characters")
    depth = nesting(text)
    if depth > max_depth:
        raise JsonBoundsError(f"{what} nests brackets {depth:,} deep; the limit is {max_depth}",
                            token=text[:40], expected=f"JSON nested at most {max_depth} deep")
    try:
        return json.loads(text)
    except ValueError as err:  # JSONDecodeError, and a number too long for int()
        raise NotationError(f"{what} is not valid JSON ({str(err)[:120]})", token=text[:40],
                            expected="JSON text") from None
