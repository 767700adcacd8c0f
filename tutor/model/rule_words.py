"""Why a table's rule set cannot be played, in a person's words.

The engine refuses a rule set with a message for a program: the options' keys and tokens
(``min-bet=50``), where it was read (``setup 'options':``) and the source file and section
(``[kings-pot.txt § …]``). The form, a saved rule set and a rule set link all say it with each
option named by its question and each answer by its meaning; the rule is cited in words
where the form shows it.
"""

from __future__ import annotations

import re
from typing import Any

from rules.errors import NotationError
from rules.options import Configurable, RuleConflictError

_SETTING = re.compile(r"\b([a-z][a-z0-9]*(?:-[a-z0-9]+)*)=([A-Za-z0-9][\w-]*)")
_SOURCE = re.compile(r"\s*\[[^\]]*\]\s*$")      # the file and section: cited in words elsewhere
_OPTION = re.compile(r"^option ([a-z0-9-]+): ")


def _options(base: Any) -> dict[str, Any]:
    return {o.name: o for o in type(base).OPTIONS} if isinstance(base, Configurable) else {}


def _answer(options: dict[str, Any], key: str, token: str) -> str | None:
    """``key=token`` as a person says it, or None when it is not an answer to a known question."""
    opt = options.get(key)
    if opt is None:
        return None
    try:
        meaning = opt.meaning(opt.parse(token))
    except (ValueError, KeyError):
        return None
    return f"\u201c{opt.question}\u201d answered \u201c{meaning}\u201d"


def _plain_settings(options: dict[str, Any], text: str) -> str:
    return _SETTING.sub(lambda m: _answer(options, m.group(1), m.group(2)) or m.group(0), text)


def clash_words(base: Any, err: RuleConflictError) -> str:
    """The engine's reason for a clash, each clashing answer named by its question."""
    options = _options(base)
    named = []
    for setting in err.settings:
        key, _, token = setting.partition("=")
        opt = options.get(key)
        named.append(f"your answer to \u201c{opt.question}\u201d ({opt.meaning(opt.parse(token))})"
                     if token and opt is not None else setting)
    reason = _SOURCE.sub("", str(err).split(" conflict: ", 1)[-1]).rstrip(".")
    reason = _plain_settings(options, reason)
    return f"{' clashes with '.join(named)}: {reason}" if named else reason


def refusal_words(base: Any, err: Exception) -> str:
    """Why the rules read under the preset ``base`` cannot be played (no engine keys, no file names)."""
    if isinstance(err, RuleConflictError):
        return "they cannot be played together: " + clash_words(base, err)
    options = _options(base)
    text = str(err)
    named = _OPTION.match(text)
    if isinstance(err, NotationError) and named and named.group(1) in options:
        opt = options[named.group(1)]
        token = str(err.token or "")[:40]
        return f"\u201c{opt.question}\u201d takes {opt.valid().replace(' | ', ' or ')}, not \u201c{token}\u201d"
    token = str(getattr(err, "token", "") or "")[:40]
    if isinstance(err, NotationError) and text.startswith("unknown") or " unknown " in text:
        if " option " in text and token:
            return f"these rules have no question \u201c{token}\u201d"
        if " variant " in text and token:
            return f"this game has no rule book called \u201c{token}\u201d"
    return "they do not hold under this game's rules"
