"""Short link tokens: one drill (``clause~variant~seed[~name=choice...]``) and a table's quiz.

Tokens use only characters safe in a URL fragment. Reading one is bounded (its length) and a
bad token is refused with a NotationError naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import NotationError

MAX_TOKEN = 600
SEP = "~"


def drill_token(clause: str, variant: str, options: tuple[tuple[str, str], ...] | Mapping[str, str],
                seed: int) -> str:
    pairs = sorted(dict(options).items())
    return SEP.join([clause, variant, str(seed)] + [f"{k}={v}" for k, v in pairs])


def read_drill_token(token: str) -> tuple[str, str, dict[str, str], int]:
    """``(clause, variant, options, seed)`` from a drill token."""
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
        raise NotationError(f"a drill link token is text of 1 to {MAX_TOKEN} characters",
                            token=str(token)[:40], expected="clause~variant~seed")
    parts = token.split(SEP)
    if len(parts) < 3:
        raise NotationError(f"drill token {token!r}: expected clause~variant~seed",
                            token=token, expected="clause~variant~seed")
    clause, variant, seed_text, *rest = parts
    options: dict[str, str] = {}
    for item in rest:
        name, eq, value = item.partition("=")
        if not eq or not name or not value:
            raise NotationError(f"drill token {token!r}: {item!r} is not name=choice",
                                token=item, expected="name=choice")
        options[name] = value
    return clause, variant, options, parse_seed(seed_text)


MAX_SEED = 2**31 - 1


def parse_seed(text: str | int) -> int:
    """A seed is a whole number from 0 to 2**31-1."""
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    elif isinstance(text, str) and text.strip().isdigit() and len(text.strip()) <= 10:
        value = int(text.strip())
    else:
        raise NotationError(f"seed {str(text)[:40]!r}: a seed is a whole number from 0 to {MAX_SEED}",
                            token=str(text)[:40], expected=f"0..{MAX_SEED}")
    if not 0 <= value <= MAX_SEED:
        raise NotationError(f"seed {value}: a seed is a whole number from 0 to {MAX_SEED}",
                            token=str(value), expected=f"0..{MAX_SEED}")
    return value
