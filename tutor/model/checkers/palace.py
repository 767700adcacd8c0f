"""Palace's checker form: which cards of a hand may go on a pile, under every rule set side by
side (``palace-tutor check play`` once per rule set). The engine loads when it is first judged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from functools import cache

from rules.cards import ALL_CARDS, JOKER, Card
from rules.errors import NotationError

from ..check_form import CheckForm, Field


@cache
def _palace_limits() -> tuple[int, int]:
    """Packs and Jokers of the largest table any Palace preset seats."""
    from rules.palace import PRESETS
    packs = max(max(r.packs) for r in PRESETS.values())
    jokers = max(max(r.packs) * r.jokers_per_pack for r in PRESETS.values())
    return packs, jokers


def palace_variants() -> tuple[str, ...]:
    from rules.palace import PRESETS
    return tuple(PRESETS)


class PlayForm(CheckForm):
    """A Palace play: which cards of the hand may go on the pile, under each preset
    side by side (``palace-tutor check play --variant V`` for each V)."""

    title = "Palace: a play, under each rule set"
    game = "palace"
    key = "play"
    mode_title = "Palace play"
    verdict_kind = "comparison"
    _FIELDS = (Field("pile", "Pile (bottom to top)"), Field("hand", "Hand", 1))

    @property
    def variants(self) -> tuple[str, ...]:
        return palace_variants()

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def deck(self) -> tuple[Card, ...]:
        return ALL_CARDS + (JOKER,) if _palace_limits()[1] else ALL_CARDS

    def copies(self, card: Card) -> int:
        # the largest table any preset seats; each preset then judges its own count
        packs, jokers = _palace_limits()
        return jokers if card.is_joker else packs

    def copies_rule(self) -> str:
        packs, _ = _palace_limits()
        return f"even the largest table plays with {packs} packs"

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        texts = texts or self.canonical_texts()
        lines = [["check", "play", "--variant", v, "--pile", texts["pile"], "--hand", texts["hand"]]
                 for v in self.variants]
        table = self.table_column()
        if table is not None:
            lines.append(["check", "play", "--variant", table[1], "--pile", texts["pile"], "--hand", texts["hand"],
                          *self.rule_args()])
        return lines

    def table_column(self) -> tuple[str, str, dict[str, str]] | None:
        """The table's own rule set as a fourth column (issue 34, point 6), when one is in force
        that is not simply a preset as written: (its name, its preset, its options)."""
        if not self.rules_variant or not (self.rules_options or self.rules_title):
            return None
        return self.rules_title or "Your table's rules", self.rules_variant, dict(self.rules_options)

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.palace import compare_play
        comparison = compare_play(pile=texts["pile"], hand=texts["hand"], variants=self.variants,
                                  table=self.table_column())
        if all(check is None for _, check, _ in comparison.results):
            raise NotationError("no rule set can hold this pile: "
                                + "; ".join(f"{v}: {e}" for v, _, e in comparison.results),
                                token=texts["pile"], expected="a pile that legal plays could have built")
        return comparison

    def headline(self) -> str:
        from ..compare import play_comparison
        return "" if self.verdict is None else play_comparison(self.verdict).headline

    def example(self) -> None:
        # A nine on top: the BGA nine asks for a lower card, the others just for a higher one.
        self._accept({**self.texts, "pile": "5h 9c", "hand": "2c 9d 7s 10h"}, self.focus)
        self.commit("hand")


FORMS = (PlayForm,)
