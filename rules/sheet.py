"""A rule set on one page (issue 35, point 3): the lines of a table's rules sheet.

Every line says one thing in plain words and carries the :class:`~rules.refs.RuleRef` of the
section it rests on. What a line says is read off the rule config the table plays (its
options' questions and the meaning of the chosen answer, and a game's own ``sheet`` part:
which ranks are special, who starts, how a game ends): nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from .options import Configurable
from .refs import RuleRef


@dataclass(frozen=True)
class SheetLine:
    """One line of a rules sheet: its ``topic`` (the sheet's section), the words, the section cited,
    and ``changed``: the table chose otherwise than its rule book."""

    topic: str
    text: str
    ref: RuleRef
    changed: bool = False


TABLE_CHOICES = "The table's choices"


def option_lines(config: Configurable, preset: Configurable) -> tuple[SheetLine, ...]:
    """One line per option of the rule set: its question, then the answer the table plays."""
    lines = []
    for opt in type(config).OPTIONS:
        value, book = opt.value_of(config), opt.value_of(preset)
        lines.append(SheetLine(TABLE_CHOICES, f"{opt.question} {_sentence(opt.meaning(value))}", opt.ref,
                               changed=opt.token(value) != opt.token(book)))
    return tuple(lines)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
