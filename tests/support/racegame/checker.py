"""The race's checker form: may this amount be added to this total?"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.cards import Card
from rules.errors import NotationError
from tutor.model.check_form import CheckForm, Field

from . import Add, RaceState


def _number(text: str, what: str) -> int:
    if not text.strip().lstrip("+").isdigit():
        raise NotationError(f"{what}: {text!r} is not a whole number", token=text, expected="a whole number")
    return int(text.strip().lstrip("+"))


class AddForm(CheckForm):
    """Whether an amount may be added to a total in a race to ten."""

    title = "Race: may this amount be added?"
    mode_title = "Race"
    _FIELDS = (Field("total", "Total so far", 1, kind="text", placeholder="a number, e.g. 8"),
               Field("add", "Amount to add", 1, kind="text", placeholder="1, 2 or 3"))

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def deck(self) -> tuple[Card, ...]:
        return ()

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        return []

    def _judge(self, texts: Mapping[str, str]) -> Any:
        state = RaceState(total=_number(texts["total"], "Total so far"))
        return state.check(Add(_number(texts["add"], "Amount to add")))

    def headline(self) -> str:
        v = self.verdict
        return "" if v is None else f"{'Allowed' if v.legal else 'Not allowed'}: {v.reason}."

    def example(self) -> None:
        self._accept({"total": "8", "add": "3"}, self.focus)


FORMS = (AddForm,)


class RelayForm(AddForm):
    mode_title = "Relay"


RELAY_FORMS = (RelayForm,)
