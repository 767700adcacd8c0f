"""Palace Poker's checker forms: a bet battle (``palace-tutor check battle``) and a showdown
(``palace-tutor check showdown``). The engine loads when a form is first judged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import param

from ..check_form import CheckForm, Field

MAX_SHOWDOWN_PLAYERS = 10  # the banner deal seats ten (palace-poker.txt § The Deal)
KINGS = "kings-in-the-house"


def _side_fields(side: str, title: str, named: bool = False, name_needed: bool = False) -> tuple[Field, ...]:
    name = (Field(f"{side}.name", f"{title}'s name", 1 if name_needed else 0, kind="name", group=side),) \
        if named else ()
    return name + (Field(f"{side}.banner", f"{title} banner", 1, 1, group=side,
                         placeholder="one card, e.g. Qs (or the whole side: Jd | Js Jh 5d | Jc)"),
                   Field(f"{side}.palace", f"{title} palace", 3, 3, group=side,
                         placeholder="three cards, e.g. Js Jh 5d"),
                   Field(f"{side}.soldiers", f"{title} soldiers", 0, 5, group=side,
                         placeholder="up to five cards (may be empty)"))


def _side_text(texts: Mapping[str, str], side: str) -> str:
    """``[NAME: ]BANNER | PALACE | SOLDIERS`` as the CLI takes it."""
    cards = " | ".join(texts.get(f"{side}.{part}", "") for part in ("banner", "palace", "soldiers")).rstrip()
    name = texts.get(f"{side}.name", "").strip()
    return f"{name}: {cards}" if name else cards


def _kings(form: CheckForm) -> dict[str, str] | None:
    """The table's options, with the Kings in the House box on top of a rule set that is not
    already that variation."""
    options = dict(form.rules_options)
    if getattr(form, "kings_in_the_house", False) and form.rules_variant not in ("", KINGS):
        options[KINGS] = "on"
    return options or None


def _poker_pack_rule() -> str:
    from rules.palace_poker import ref
    return f"one pack holds each card once ({ref('The Cards').words})"


class BattleForm(CheckForm):
    """A Palace Poker bet battle (``palace-tutor check battle``); the players' names are
    optional (the verdict then says "the attacker")."""

    kings_in_the_house = param.Boolean(default=False, doc="Play the Kings in the House variation.")
    last_two = param.Boolean(default=False, doc="The two are the last players in the hand.")

    title = "Palace Poker: a battle"
    game = "palace-poker"
    key = "battle"
    mode_title = "Battle"
    verdict_kind = "battle"
    options = ("kings_in_the_house", "last_two")
    _FIELDS = _side_fields("attacker", "Attacker", named=True) + _side_fields("defender", "Defender", named=True)

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def copies_rule(self) -> str:
        return _poker_pack_rule()

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        texts = texts or self.canonical_texts()
        args = ["check", "battle", "--attacker", _side_text(texts, "attacker"),
                "--defender", _side_text(texts, "defender")]
        if self._variant():
            args += ["--variant", self._variant()]
        if self.last_two:
            args.append("--last-two")
        return [args + self.rule_args(_kings(self) or {})]

    def _variant(self) -> str:
        return self.rules_variant or (KINGS if self.kings_in_the_house else "")

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.palace_poker import check_battle  # the engine loads when a form is first judged
        return check_battle(_side_text(texts, "attacker"), _side_text(texts, "defender"),
                            variant=self._variant() or None, last_two=self.last_two, options=_kings(self))

    def headline(self) -> str:
        from ..verdict_words import battle_headline
        return "" if self.verdict is None else battle_headline(self.verdict)

    def example(self) -> None:
        # Four jacks, one of them a spade, against a spade banner: the exception keeps
        # all four; the defender's queen of diamonds does not count against a diamond banner.
        self._accept({**self.texts, **{f.key: "" for f in self.fields()},
                      "attacker.banner": "Dave: Jd | Js Jh 5d | Jc",
                      "defender.banner": "Frank: Qs | Qc Qd 8h | 8c"}, self.focus)
        self.commit("attacker.banner")
        self.commit("defender.banner")


class ShowdownForm(CheckForm):
    """A Palace Poker showdown among two or more players (``palace-tutor check showdown``)."""

    players = param.Integer(default=2, bounds=(2, MAX_SHOWDOWN_PLAYERS), doc="How many hands are shown.")
    kings_in_the_house = param.Boolean(default=False, doc="Play the Kings in the House variation.")

    title = "Palace Poker: a showdown"
    game = "palace-poker"
    key = "showdown"
    mode_title = "Showdown"
    verdict_kind = "showdown"
    shape = ("players",)
    actions = (("Add a player", "checker-add", "add_player"),
               ("Remove the last player", "checker-remove", "remove_player"))
    options = ("kings_in_the_house",)

    def fields(self) -> tuple[Field, ...]:
        out: list[Field] = []
        for i in range(1, self.players + 1):
            out.extend(_side_fields(f"p{i}", f"Player {i}", named=True, name_needed=True))
        return tuple(out)

    def copies_rule(self) -> str:
        return _poker_pack_rule()

    def _blank(self, f: Field) -> str:
        return self._player_blank(int(f.key[1:].split(".")[0]))[f.key]

    def __init__(self, **params: Any):
        if "texts" not in params:
            count = params.get("players", 2)
            params["texts"] = {k: v for i in range(1, count + 1) for k, v in self._player_blank(i).items()}
        super().__init__(**params)

    @staticmethod
    def _player_blank(i: int) -> dict[str, str]:
        return {f"p{i}.name": f"Player {i}", f"p{i}.banner": "", f"p{i}.palace": "", f"p{i}.soldiers": ""}

    def hand_texts(self, texts: Mapping[str, str] | None = None) -> list[str]:
        texts = texts or self.canonical_texts()
        return [_side_text(texts, f"p{i}") for i in range(1, self.players + 1)]

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        args = ["check", "showdown"]
        for hand in self.hand_texts(texts):
            args += ["--hand", hand]
        variant = self.rules_variant or (KINGS if self.kings_in_the_house else "")
        if variant:
            args += ["--variant", variant]
        return [args + self.rule_args(_kings(self) or {})]

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.palace_poker import check_showdown
        variant = self.rules_variant or (KINGS if self.kings_in_the_house else "")
        return check_showdown(self.hand_texts(texts), variant=variant or None, options=_kings(self))

    def headline(self) -> str:
        from ..verdict_words import showdown_headline
        return "" if self.verdict is None else showdown_headline(self.verdict)

    def add_player(self) -> bool:
        from rules.palace_poker import ref
        return self._add_player_row(
            MAX_SHOWDOWN_PLAYERS, f"A table seats at most {MAX_SHOWDOWN_PLAYERS} players ({ref('The Deal').words}).")

    def remove_player(self) -> bool:
        """Take away the last player's hand."""
        from rules.palace_poker import ref
        return self._remove_player_row(2, f"A showdown needs at least two hands ({ref('Showdown').words}).",
                                       "p1.banner")

    def example(self) -> None:
        # Equal hands (kings with jack, nine, eight): the one with more cards of
        # its own banner suit in the five wins (palace-poker.txt § Winning the Pot).
        while self.players > 2:
            self.remove_player()
        self._accept({**self.texts, "p1.name": "Elena: Jh | Kh Kc 9d | 8h", "p2.name": "Aaron: 5s | Kd Ks Jc | 9h 8s"},
                     self.focus)
        self.commit("p1.name")
        self.commit("p2.name")


FORMS = (BattleForm, ShowdownForm)
