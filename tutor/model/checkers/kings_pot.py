"""King's Pot's checker form: a tableau and the King's hand (``palace-tutor check kings-pot``).
The engine loads when it is first judged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.cards import ALL_CARDS, format_cards, shuffled

from ..check_form import CheckForm, Field


class TableauForm(CheckForm):
    """A King's Pot tableau and King's hand (``palace-tutor check kings-pot``)."""

    title = "King's Pot: the tableau"
    game = "kings-pot"
    key = "kings-pot"
    mode_title = "King's Pot"
    verdict_kind = "tableau"
    actions = (("Deal 30 cards at random", "checker-deal", "deal_at_random"),)
    _FIELDS = (Field("tableau", "Tableau", 25, 25, placeholder="25 cards, row by row from the top left"),
               Field("kings", "King's hand", 5, 5))

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def copies_rule(self) -> str:
        from rules.kings_pot import PLAYERS_AND_CARDS, ref
        return f"one pack holds each card once ({ref(PLAYERS_AND_CARDS)})"

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        texts = texts or self.canonical_texts()
        return [["check", "kings-pot", "--tableau", texts["tableau"], "--kings-hand", texts["kings"]]]

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.kings_pot import check_tableau
        return check_tableau(texts["tableau"], texts["kings"])

    def headline(self) -> str:
        from ..verdict_words import tableau_headline
        return "" if self.verdict is None else tableau_headline(self.verdict)

    def deal(self, seed: int) -> None:
        """Lay out 30 cards of a shuffled pack (quicker than 30 taps)."""
        cards = shuffled(ALL_CARDS, seed)
        self._accept({"tableau": format_cards(cards[:25]), "kings": format_cards(cards[25:30])}, "tableau")

    def deal_at_random(self) -> None:
        """Deal another 30 cards (the first deal of a form is shuffled by 1, the next by 2...)."""
        self._dealt = getattr(self, "_dealt", 0) + 1
        self.deal(self._dealt)

    def example(self) -> None:
        self.deal(1)


FORMS = (TableauForm,)
