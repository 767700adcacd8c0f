"""Settle a disputed hand: the checker forms behind the app's "Settle a hand" section.

One form per question the command line answers (``palace-tutor check ...``):

* :class:`BattleForm`: a Palace Poker bet battle (``check battle``);
* :class:`ShowdownForm`: a Palace Poker showdown (``check showdown``);
* :class:`PlayForm`: a Palace play, judged under every preset side by side
  (``check play`` once per preset, through ``compare_play``);
* :class:`TableauForm`: a King's Pot tableau (``check kings-pot``).

A form holds each field's text as typed (a tap on a card and typing both edit
it), which field the next tapped card goes to, and the engine's verdict on
what the fields say now. The verdict comes from the very functions the CLI
calls, given the very strings the CLI would get (:meth:`CheckForm.command`).

Every edit is checked at once and judged again (:mod:`.check_form`): a bad
token is named against its own field (with the rule), the text stays as typed
so nothing is lost, and a verdict is only ever shown for the fields as they
are (any edit that leaves the position unjudgeable clears it). No panel import
here, and no engine import at page load: each form imports its engine when it
first judges.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import param

from rules.cards import ALL_CARDS, JOKER, Card, format_cards, shuffled
from rules.errors import NotationError

from .check_form import KEPT, NAME_LIMIT, CheckForm, Field, Reading

__all__ = ["KEPT", "NAME_LIMIT", "CheckForm", "Field", "Reading", "BattleForm", "ShowdownForm", "PlayForm",
           "TableauForm", "Checker", "FORMS", "MODE_TITLES"]

MAX_SHOWDOWN_PLAYERS = 10  # the banner deal seats ten (palace-poker.txt § The Deal)
KINGS = "kings-in-the-house"


def _side_fields(side: str, title: str, named: bool = False, name_needed: bool = False) -> tuple[Field, ...]:
    name = (Field(f"{side}.name", f"{title}'s name", 1 if name_needed else 0, kind="name", group=side),) \
        if named else ()
    return name + (Field(f"{side}.banner", f"{title} banner", 1, 1, group=side),
                   Field(f"{side}.palace", f"{title} palace", 3, 3, group=side),
                   Field(f"{side}.soldiers", f"{title} soldiers", 0, 5, group=side))


def _side_text(texts: Mapping[str, str], side: str) -> str:
    """``[NAME: ]BANNER | PALACE | SOLDIERS`` as the CLI takes it."""
    cards = " | ".join(texts.get(f"{side}.{part}", "") for part in ("banner", "palace", "soldiers")).rstrip()
    name = texts.get(f"{side}.name", "").strip()
    return f"{name}: {cards}" if name else cards


def _poker_pack_rule() -> str:
    from rules.palace_poker import ref
    return f"one pack holds each card once ({ref('The Cards')})"


class BattleForm(CheckForm):
    """A Palace Poker bet battle (``palace-tutor check battle``); the players' names are
    optional (the verdict then says "the attacker")."""

    kings_in_the_house = param.Boolean(default=False, doc="Play the Kings in the House variation.")
    last_two = param.Boolean(default=False, doc="The two are the last players in the hand.")

    title = "Palace Poker: a battle"
    game = "palace-poker"
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
        if self.kings_in_the_house:
            args += ["--variant", KINGS]
        if self.last_two:
            args.append("--last-two")
        return [args]

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.palace_poker import check_battle  # the engine loads when a form is first judged
        return check_battle(_side_text(texts, "attacker"), _side_text(texts, "defender"),
                            variant=KINGS if self.kings_in_the_house else None, last_two=self.last_two)

    def headline(self) -> str:
        from .verdict_words import battle_headline
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
        if self.kings_in_the_house:
            args += ["--variant", KINGS]
        return [args]

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.palace_poker import check_showdown
        return check_showdown(self.hand_texts(texts), variant=KINGS if self.kings_in_the_house else None)

    def headline(self) -> str:
        from .verdict_words import showdown_headline
        return "" if self.verdict is None else showdown_headline(self.verdict)

    def add_player(self) -> bool:
        if self.players >= MAX_SHOWDOWN_PLAYERS:
            self._refuse(f"A table seats at most {MAX_SHOWDOWN_PLAYERS} players (palace-poker.txt § The Deal).")
            return False
        n = self.players + 1
        texts = {**self.texts, **self._player_blank(n)}
        self.param.update(players=n, texts=texts)  # one consistent change
        self._accept(texts, self.focus)
        return True

    def remove_player(self) -> bool:
        """Take away the last player's hand."""
        if self.players <= 2:
            self._refuse("A showdown needs at least two hands (palace-poker.txt § Showdown).")
            return False
        n = self.players
        texts = {k: v for k, v in self.texts.items() if not k.startswith(f"p{n}.")}
        focus = self.focus if not self.focus.startswith(f"p{n}.") else "p1.banner"
        self.param.update(players=n - 1, texts=texts, focus=focus)
        self._accept(texts, focus)
        return True

    def example(self) -> None:
        # Equal hands (kings with jack, nine, eight): the one with more cards of
        # its own banner suit in the five wins (palace-poker.txt § Winning the Pot).
        while self.players > 2:
            self.remove_player()
        self._accept({**self.texts, "p1.name": "Elena: Jh | Kh Kc 9d | 8h", "p2.name": "Aaron: 5s | Kd Ks Jc | 9h 8s"},
                     self.focus)
        self.commit("p1.name")
        self.commit("p2.name")


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
        return [["check", "play", "--variant", v, "--pile", texts["pile"], "--hand", texts["hand"]]
                for v in self.variants]

    def _judge(self, texts: Mapping[str, str]) -> Any:
        from rules.palace import compare_play
        comparison = compare_play(pile=texts["pile"], hand=texts["hand"], variants=self.variants)
        if all(check is None for _, check, _ in comparison.results):
            raise NotationError("no rule set can hold this pile: "
                                + "; ".join(f"{v}: {e}" for v, _, e in comparison.results),
                                token=texts["pile"], expected="a pile that legal plays could have built")
        return comparison

    def headline(self) -> str:
        from .compare import play_comparison
        return "" if self.verdict is None else play_comparison(self.verdict).headline

    def example(self) -> None:
        # A nine on top: the BGA nine asks for a lower card, the others just for a higher one.
        self._accept({**self.texts, "pile": "5h 9c", "hand": "2c 9d 7s 10h"}, self.focus)
        self.commit("hand")


class TableauForm(CheckForm):
    """A King's Pot tableau and King's hand (``palace-tutor check kings-pot``)."""

    title = "King's Pot: the tableau"
    game = "kings-pot"
    _FIELDS = (Field("tableau", "Tableau", 25, 25), Field("kings", "King's hand", 5, 5))

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
        from .verdict_words import tableau_headline
        return "" if self.verdict is None else tableau_headline(self.verdict)

    def deal(self, seed: int) -> None:
        """Lay out 30 cards of a shuffled pack (quicker than 30 taps)."""
        cards = shuffled(ALL_CARDS, seed)
        self._accept({"tableau": format_cards(cards[:25]), "kings": format_cards(cards[25:30])}, "tableau")

    def example(self) -> None:
        self.deal(1)


FORMS: dict[str, Callable[[], CheckForm]] = {
    "battle": BattleForm, "showdown": ShowdownForm, "play": PlayForm, "kings-pot": TableauForm}

MODE_TITLES = {"battle": "Battle", "showdown": "Showdown", "play": "Palace play", "kings-pot": "King's Pot"}


class Checker(param.Parameterized):
    """The "Check a hand" section: one form per question, and which is shown."""

    mode: str = param.Selector(default="battle", objects=list(FORMS), doc="Which question is being asked.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.forms: dict[str, CheckForm] = {mode: make() for mode, make in FORMS.items()}

    @property
    def form(self) -> CheckForm:
        return self.forms[self.mode]
