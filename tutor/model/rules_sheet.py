"""The table's rules on one page (issue 35, point 3): what a rules sheet holds.

:func:`rules_sheet` gathers, for a game, a preset and the table's choices, the lines the
engines give (:mod:`rules.sheet`): every option's question and the answer played (marked
where the table departs from its rule book), then the game's own ``sheet`` part (Palace: the
special cards, who starts, how a game ends) or, for a game without one, its guide's "how a
game goes". Each line carries its section. ``tutor.views.sheet`` prints it as one page, in
the app and for ``palace-tutor sheet``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import NotationError
from rules.games import get_family, has_part, part, registration
from rules.options import Configurable
from rules.refs import RuleRef
from rules.sheet import TABLE_CHOICES, SheetLine, option_lines

HOW_IT_GOES = "How a game goes"


@dataclass(frozen=True)
class RuleSheet:
    """One page: the game, the rules' name, the preset and its rule book, and the lines by topic."""

    game: str
    game_title: str
    rules_title: str
    preset_title: str
    source_title: str
    sections: tuple[tuple[str, tuple[SheetLine, ...]], ...]

    def lines(self) -> tuple[SheetLine, ...]:
        return tuple(line for _, lines in self.sections for line in lines)


def _preset_title(presets: object, variant: str) -> str:
    titles = getattr(presets, "titles", {}) or {}
    words = variant.replace("-", " ")
    return str(titles.get(variant) or words[:1].upper() + words[1:])


def rules_sheet(game: str, variant: str | None = None, options: Mapping[str, str] | None = None,
                name: str = "") -> RuleSheet:
    """The sheet of ``game`` under ``variant`` (default: its first preset) with the table's
    ``options`` (name -> choice) and its rule set's ``name``. An unknown game, preset, option or
    choice raises the engine's own ``ValueError`` naming it."""
    family = get_family(game)
    presets = family.presets
    variant = variant or next(iter(presets))
    if variant not in presets:
        raise NotationError(f"unknown rules {variant!r} for {family.title}; known: {', '.join(presets)}",
                            token=variant, expected=" | ".join(presets))
    preset = presets[variant]
    config = preset.with_options(dict(options), where="your table") if options else preset
    lines: list[SheetLine] = list(option_lines(config, preset)) if isinstance(config, Configurable) else []
    if has_part(game, "sheet"):
        lines += part(game, "sheet")(config)
    else:  # no sheet part: the guide's steps, each with its section
        guide = part(game, "guide")
        lines += [SheetLine(HOW_IT_GOES, text, RuleRef(cite.source, cite.section)) for text, cite in guide.steps]
    topics: dict[str, list[SheetLine]] = {}
    for line in lines:
        topics.setdefault(line.topic, []).append(line)
    ordered = sorted(topics.items(), key=lambda item: item[0] == TABLE_CHOICES)  # the choices last
    source = next((line.ref.source_title for line in lines if line.topic != TABLE_CHOICES), "")
    title = _preset_title(presets, variant)
    return RuleSheet(game, registration(game).title, name.strip() or title, title, source,
                     tuple((topic, tuple(found)) for topic, found in ordered))
