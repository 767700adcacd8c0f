"""Settle a disputed hand: the checker forms behind the app's "Check a hand" section.

One form per question the command line answers (``palace-tutor check ...``):

* :class:`BattleForm`: a Palace Poker bet battle (``check battle``);
* :class:`ShowdownForm`: a Palace Poker showdown (``check showdown``);
* :class:`PlayForm`: a Palace play, judged under every preset side by side
  (``check play`` once per preset, through ``compare_play``);
* :class:`TableauForm`: a King's Pot tableau (``check kings-pot``).

A form holds its input as text fields of cards in canonical notation (what a
click on a card and typing both edit), which field the next clicked card goes
to, the engine's verdict and the input it was given, and a message. The
verdict comes from the very functions the CLI calls, given the very strings
the CLI would get (:meth:`CheckForm.command` is that command line).

Nothing is lost on bad input: text that does not parse, a card given twice or
a position the engine refuses leaves the fields, the focus and the verdict as
they were; ``error`` names the token and the rule. No panel import here.
"""

from __future__ import annotations

import shlex
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import param

from rules.cards import ALL_CARDS, JOKER, Card, format_cards, parse_cards, shuffled
from rules.errors import NotationError
from rules.kings_pot.checker import check_tableau
from rules.palace.checker import compare_play
from rules.palace.config import PRESETS as PALACE_PRESETS
from rules.palace_poker.checker import check_battle, check_showdown

NAME_LIMIT = 40  # characters in a showdown player's name
MAX_SHOWDOWN_PLAYERS = 10  # the banner deal seats ten (palace-poker.txt § The Deal)
KINGS = "kings-in-the-house"

KEPT = "Nothing was changed: the fields and the verdict are as they were."


@dataclass(frozen=True)
class Field:
    """One input box of a form.

    ``least``: cards needed before the position can be judged; ``most``: how
    many clicked cards it takes before the next click moves on (``None``: no
    limit; typed text is judged by the engine, which names any wrong count).
    ``group``: the fields that one pasted piece of notation fills together
    (``BANNER | PALACE | SOLDIERS``).
    """

    key: str
    label: str
    least: int = 0
    most: int | None = None
    kind: str = "cards"  # "cards" or "name"
    group: str = ""

    @property
    def is_name(self) -> bool:
        return self.kind == "name"


class CheckForm(param.Parameterized):
    """The common part of every checker form (see the module docstring)."""

    texts = param.Dict(default={}, doc="Field key -> its text (cards in canonical notation, or a name).")
    focus = param.String(default="", doc="The field a clicked card goes to.")
    verdict = param.Parameter(default=None, doc="The engine's verdict for ``checked`` (None before the first).")
    checked = param.Dict(default=None, allow_None=True,
                         doc="The texts and options the verdict was computed from.")
    error = param.String(default="", doc="Why the last edit or check was refused (it changed nothing).")
    hint = param.String(default="", doc="What is still missing before the position can be judged.")

    title: ClassVar[str] = ""
    game: ClassVar[str] = ""
    options: ClassVar[tuple[str, ...]] = ()  # Boolean params that change the verdict

    def __init__(self, **params: Any):
        super().__init__(**params)
        if not self.texts:
            self.texts = {f.key: "" for f in self.fields()}
        if not self.focus:
            self.focus = next(f.key for f in self.fields() if not f.is_name)
        if self.options:
            self.param.watch(self._option_changed, list(self.options))
        self.hint = self._missing()

    # -- what subclasses define ------------------------------------------------------
    def fields(self) -> tuple[Field, ...]:
        raise NotImplementedError

    def deck(self) -> tuple[Card, ...]:
        """The cards the picker offers."""
        return ALL_CARDS

    def copies(self, card: Card) -> int:
        """How many of ``card`` one position may hold (one pack: 1)."""
        return 1

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        """The ``palace-tutor`` argument lists that ask the same question (one per call)."""
        raise NotImplementedError

    def _judge(self, texts: Mapping[str, str]) -> Any:
        """Call the engine's checker on the texts (raises ValueError on a refusal)."""
        raise NotImplementedError

    def example(self) -> None:
        """Fill in a worked position."""
        raise NotImplementedError

    # -- reading -----------------------------------------------------------------------
    def field(self, key: str) -> Field:
        for f in self.fields():
            if f.key == key:
                return f
        raise KeyError(key)

    def cards_in(self, key: str, texts: Mapping[str, str] | None = None) -> tuple[Card, ...]:
        """The cards of a card field (its text always parses: only good text is stored)."""
        return parse_cards((texts or self.texts).get(key, ""))

    def where(self, card: Card) -> list[str]:
        """Keys of the card fields holding ``card`` (once per copy)."""
        return [f.key for f in self.fields() if not f.is_name for c in self.cards_in(f.key) if c == card]

    def as_dict(self) -> dict[str, Any] | None:
        """The verdict as the CLI's ``--json`` object (None before any verdict)."""
        return None if self.verdict is None else self.verdict.as_dict()

    def describe(self) -> str:
        return "" if self.verdict is None else self.verdict.describe()

    @property
    def stale(self) -> bool:
        """True when the fields have changed since the verdict shown was reached."""
        return self.verdict is not None and self.checked != self._snapshot(self.texts)

    def command_line(self, texts: Mapping[str, str] | None = None) -> str:
        """The shell command(s) a player could type for the same answer."""
        # shell quoting: a name like $(touch x) must not run when the line is pasted
        return "\n".join("palace-tutor " + shlex.join(args) for args in self.command(texts))

    # -- editing (each refusal changes nothing) ---------------------------------------------
    def focus_on(self, key: str) -> None:
        self.field(key)  # unknown keys raise KeyError
        self.focus = key

    def set_text(self, key: str, text: str) -> bool:
        """Typed text for one field. Notation for a whole side (``BANNER | PALACE |
        SOLDIERS``, with ``NAME:`` first in a showdown) fills that side's fields."""
        target = self.field(key)
        text = text if isinstance(text, str) else ""
        try:
            if target.group and ("|" in text or (":" in text and not target.is_name
                                                 and self._named(target.group))):
                updates = self._split_side(target.group, text)
            elif target.is_name:
                updates = {key: self._read_name(target, text)}
            else:
                updates = {key: format_cards(parse_cards(text, what=target.label))}
            texts = {**self.texts, **updates}
            self._check_copies(texts, changed=updates)
        except NotationError as err:
            self._refuse(str(err))
            return False
        self._accept(texts, self.focus)
        return True

    def tap(self, card: Card | str) -> bool:
        """A click on a card of the picker: into the focused field, or out of it if
        it is there already. A card the position already holds elsewhere (one
        pack) is refused, saying where it is."""
        try:
            card = card if isinstance(card, Card) else Card.parse(card)
        except NotationError as err:
            self._refuse(str(err))
            return False
        focus = self.field(self.focus)
        if focus.is_name:
            self._refuse(f"{focus.label} is a name: pick a card field first, then tap the cards.")
            return False
        here = list(self.cards_in(focus.key))
        if card in here:  # tap again to take it out
            del here[len(here) - 1 - here[::-1].index(card)]
            self._accept({**self.texts, focus.key: format_cards(here)}, focus.key)
            return True
        held = self.where(card)
        if len(held) >= self.copies(card):
            places = ", ".join(self.field(k).label for k in held)
            limit = "one pack holds it once" if self.copies(card) == 1 else \
                f"the largest table has {self.copies(card)} of it"
            self._refuse(f"{card.label} is already in {places}: {limit}. To move it, pick that field "
                         f"and tap {card.label} to take it out first.")
            return False
        target = focus if _has_room(focus, len(here)) else self._next_with_room(focus.key)
        if target is None:
            self._refuse(f"{focus.label} is full ({focus.most} card{'s' if focus.most != 1 else ''}) and so "
                         f"is every field after it: tap a card in a field to take it out first.")
            return False
        cards = self.cards_in(target.key) + (card,)
        after = self._next_with_room(target.key) if not _has_room(target, len(cards)) else target
        self._accept({**self.texts, target.key: format_cards(cards)}, after.key if after else target.key)
        return True

    def clear(self, key: str | None = None) -> None:
        """Empty one field, or every card field (the verdict stays until a new one)."""
        if key is None:
            texts = {**self.texts, **{f.key: "" for f in self.fields() if not f.is_name}}
            self._accept(texts, next(f.key for f in self.fields() if not f.is_name))
        else:
            f = self.field(key)
            self._accept({**self.texts, key: self._blank(f)}, key if not f.is_name else self.focus)

    def check(self) -> bool:
        """Judge the current fields now (also done after every accepted edit once
        the position is complete)."""
        missing = self._missing()
        if missing:
            self.param.update(hint=missing, error="")
            return False
        changes = self._judged(self.texts)
        self.param.update(**changes)
        return "verdict" in changes

    # -- internals -------------------------------------------------------------------------
    def _blank(self, f: Field) -> str:
        return ""

    def _snapshot(self, texts: Mapping[str, str]) -> dict[str, Any]:
        return {"texts": dict(texts), **{name: getattr(self, name) for name in self.options}}

    def _refuse(self, message: str) -> None:
        self.error = f"{_sentence(message)} {KEPT}"

    def _accept(self, texts: dict[str, str], focus: str) -> None:
        """Store an edit that parsed, and judge the position if it is complete:
        all in one update, so a view redraws once."""
        missing = self._missing(texts)
        judged = {"error": "", "hint": missing} if missing else self._judged(texts)
        self.param.update(texts=texts, focus=focus, **judged)

    def _judged(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """The parameter changes the engine's answer makes (a refusal keeps the verdict)."""
        try:
            verdict = self._judge(texts)
        except ValueError as err:  # NotationError / IllegalActionError from the engine
            return {"error": f"{_sentence(str(err))} The verdict shown is still for the last position that could be "
                             "judged.", "hint": ""}
        return {"verdict": verdict, "checked": self._snapshot(texts), "error": "", "hint": ""}

    def _option_changed(self, *_events: Any) -> None:
        if not self._missing():
            self.param.update(**self._judged(self.texts))

    def _named(self, group: str) -> bool:
        return any(f.is_name and f.group == group for f in self.fields())

    def _missing(self, texts: Mapping[str, str] | None = None) -> str:
        texts = self.texts if texts is None else texts
        needs = []
        for f in self.fields():
            if f.is_name:
                if not texts.get(f.key, "").strip():
                    needs.append(f"{f.label}: a name")
                continue
            have = len(self.cards_in(f.key, texts))
            if have < f.least:
                needs.append(f"{f.label}: {have} of {f.least} card{'s' if f.least != 1 else ''}")
        return ("Still to fill in: " + "; ".join(needs) + ".") if needs else ""

    def _next_with_room(self, key: str) -> Field | None:
        order = [f for f in self.fields() if not f.is_name]
        keys = [f.key for f in order]
        start = keys.index(key) + 1 if key in keys else 0
        for f in order[start:] + order[:start]:
            if f.key != key and _has_room(f, len(self.cards_in(f.key))):
                return f
        return None

    def _check_copies(self, texts: Mapping[str, str], changed: Mapping[str, str]) -> None:
        counts: Counter[Card] = Counter()
        places: dict[Card, list[str]] = {}
        for f in self.fields():
            if f.is_name:
                continue
            for c in self.cards_in(f.key, texts):
                counts[c] += 1
                places.setdefault(c, []).append(f.label)
        for f_key in changed:
            f = self.field(f_key)
            if f.is_name:
                continue
            for c in self.cards_in(f_key, texts):
                if counts[c] > self.copies(c):
                    limit = "one pack holds each card once" if self.copies(c) == 1 else \
                        f"at most {self.copies(c)} of each card at the largest table"
                    raise NotationError(f"{f.label}: {c} is given {counts[c]} times "
                                        f"({', '.join(places[c])}); {limit}", token=str(c),
                                        expected="each card at most once")

    def _read_name(self, f: Field, text: str) -> str:
        name = " ".join(text.split())
        for bad in (":", "|"):
            if bad in name:
                raise NotationError(f"{f.label}: {name!r} contains {bad!r}, which the hand notation uses "
                                    "to separate the name from the cards", token=bad, expected="a plain name")
        if len(name) > NAME_LIMIT:
            raise NotationError(f"{f.label}: a name of at most {NAME_LIMIT} characters, please",
                                token=name[:NAME_LIMIT] + "…", expected=f"at most {NAME_LIMIT} characters")
        return name

    def _split_side(self, group: str, text: str) -> dict[str, str]:
        """``[NAME:] BANNER | PALACE | SOLDIERS`` -> the group's field texts."""
        members = [f for f in self.fields() if f.group == group]
        name_field = next((f for f in members if f.is_name), None)
        cards_text = text
        out: dict[str, str] = {}
        if name_field is not None and ":" in text:
            name, _, cards_text = text.partition(":")
            out[name_field.key] = self._read_name(name_field, name)
        card_fields = [f for f in members if not f.is_name]
        parts = cards_text.split("|")
        if len(parts) != len(card_fields):
            layout = " | ".join(f.label.split()[-1].upper() for f in card_fields)
            raise NotationError(f"{text.strip()!r} has {len(parts)} field(s) separated by '|'; write {layout}"
                                + (" (the last may be empty)" if card_fields[-1].least == 0 else ""),
                                token=text.strip(), expected=layout)
        for f, part in zip(card_fields, parts):
            out[f.key] = format_cards(parse_cards(part, what=f.label))
        return out


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _has_room(f: Field, have: int) -> bool:
    return f.most is None or have < f.most


def _side_fields(side: str, title: str) -> tuple[Field, ...]:
    return (Field(f"{side}.banner", f"{title} banner", 1, 1, group=side),
            Field(f"{side}.palace", f"{title} palace", 3, 3, group=side),
            Field(f"{side}.soldiers", f"{title} soldiers", 0, 5, group=side))


def _side_text(texts: Mapping[str, str], side: str) -> str:
    """``BANNER | PALACE | SOLDIERS`` as the CLI takes it."""
    return " | ".join(texts.get(f"{side}.{part}", "") for part in ("banner", "palace", "soldiers")).rstrip()


class BattleForm(CheckForm):
    """A Palace Poker bet battle (``palace-tutor check battle``)."""

    kings_in_the_house = param.Boolean(default=False, doc="Play the Kings in the House variation.")
    last_two = param.Boolean(default=False, doc="The two are the last players in the hand.")

    title = "Palace Poker: a battle"
    game = "palace-poker"
    options = ("kings_in_the_house", "last_two")
    _FIELDS = _side_fields("attacker", "Attacker") + _side_fields("defender", "Defender")

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def command(self, texts=None) -> list[list[str]]:
        texts = texts or self.texts
        args = ["check", "battle", "--attacker", _side_text(texts, "attacker"),
                "--defender", _side_text(texts, "defender")]
        if self.kings_in_the_house:
            args += ["--variant", KINGS]
        if self.last_two:
            args.append("--last-two")
        return [args]

    def _judge(self, texts):
        return check_battle(_side_text(texts, "attacker"), _side_text(texts, "defender"),
                            variant=KINGS if self.kings_in_the_house else None, last_two=self.last_two)

    def example(self) -> None:
        # Four jacks, one of them a spade, against a spade banner: the exception keeps
        # all four; the defender's queen of diamonds does not count against a diamond banner.
        self.set_text("attacker.banner", "Jd | Js Jh 5d | Jc")
        self.set_text("defender.banner", "Qs | Qc Qd 8h | 8c")


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
            out.append(Field(f"p{i}.name", f"Player {i} name", kind="name", group=f"p{i}"))
            out.extend(_side_fields(f"p{i}", f"Player {i}"))
        return tuple(out)

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

    def hand_texts(self, texts=None) -> list[str]:
        texts = texts or self.texts
        return [f"{texts[f'p{i}.name']}: {_side_text(texts, f'p{i}')}" for i in range(1, self.players + 1)]

    def command(self, texts=None) -> list[list[str]]:
        args = ["check", "showdown"]
        for hand in self.hand_texts(texts):
            args += ["--hand", hand]
        if self.kings_in_the_house:
            args += ["--variant", KINGS]
        return [args]

    def _judge(self, texts):
        return check_showdown(self.hand_texts(texts), variant=KINGS if self.kings_in_the_house else None)

    def add_player(self) -> bool:
        if self.players >= MAX_SHOWDOWN_PLAYERS:
            self._refuse(f"A table seats at most {MAX_SHOWDOWN_PLAYERS} players (palace-poker.txt § The Deal).")
            return False
        n = self.players + 1
        self.param.update(players=n, texts={**self.texts, **self._player_blank(n)})  # one consistent change
        self.param.update(hint=self._missing(), error="")
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
        self.set_text("p1.name", "Elena: Jh | Kh Kc 9d | 8h")
        self.set_text("p2.name", "Aaron: 5s | Kd Ks Jc | 9h 8s")


_PALACE_PACKS = max(max(r.packs) for r in PALACE_PRESETS.values())
_PALACE_JOKERS = max(max(r.packs) * r.jokers_per_pack for r in PALACE_PRESETS.values())


class PlayForm(CheckForm):
    """A Palace play: which cards of the hand may go on the pile, under each preset
    side by side (``palace-tutor check play --variant V`` for each V)."""

    title = "Palace: a play, under each rule set"
    game = "palace"
    variants: ClassVar[tuple[str, ...]] = tuple(PALACE_PRESETS)
    _FIELDS = (Field("pile", "Pile (bottom to top)"), Field("hand", "Hand", 1))

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def deck(self) -> tuple[Card, ...]:
        return ALL_CARDS + (JOKER,) if _PALACE_JOKERS else ALL_CARDS

    def copies(self, card: Card) -> int:
        # the largest table any preset seats; each preset then judges its own count
        return _PALACE_JOKERS if card.is_joker else _PALACE_PACKS

    def command(self, texts=None) -> list[list[str]]:
        texts = texts or self.texts
        return [["check", "play", "--variant", v, "--pile", texts["pile"], "--hand", texts["hand"]]
                for v in self.variants]

    def _judge(self, texts):
        comparison = compare_play(pile=texts["pile"], hand=texts["hand"], variants=self.variants)
        if all(check is None for _, check, _ in comparison.results):
            raise NotationError("no rule set can hold this position: "
                                + "; ".join(f"{v}: {e}" for v, _, e in comparison.results),
                                token=texts["pile"], expected="a pile that legal plays could have built")
        return comparison

    def example(self) -> None:
        # A nine on top: the BGA nine asks for a lower card, the others just for a higher one.
        self.set_text("pile", "5h 9c")
        self.set_text("hand", "2c 9d 7s 10h")


class TableauForm(CheckForm):
    """A King's Pot tableau and King's hand (``palace-tutor check kings-pot``)."""

    title = "King's Pot: the tableau"
    game = "kings-pot"
    _FIELDS = (Field("tableau", "Tableau", 25, 25), Field("kings", "King's hand", 5, 5))

    def fields(self) -> tuple[Field, ...]:
        return self._FIELDS

    def command(self, texts=None) -> list[list[str]]:
        texts = texts or self.texts
        return [["check", "kings-pot", "--tableau", texts["tableau"], "--kings-hand", texts["kings"]]]

    def _judge(self, texts):
        return check_tableau(texts["tableau"], texts["kings"])

    def deal(self, seed: int) -> None:
        """Lay out 30 cards of a shuffled pack (quicker than 30 clicks)."""
        cards = shuffled(ALL_CARDS, seed)
        self._accept({"tableau": format_cards(cards[:25]), "kings": format_cards(cards[25:30])}, "tableau")

    def example(self) -> None:
        self.deal(1)


FORMS: dict[str, Callable[[], CheckForm]] = {
    "battle": BattleForm, "showdown": ShowdownForm, "play": PlayForm, "kings-pot": TableauForm}

MODE_TITLES = {"battle": "Battle", "showdown": "Showdown", "play": "Palace play", "kings-pot": "King's Pot"}


class Checker(param.Parameterized):
    """The "Check a hand" section: one form per question, and which is shown."""

    mode = param.Selector(default="battle", objects=list(FORMS), doc="Which question is being asked.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.forms: dict[str, CheckForm] = {mode: make() for mode, make in FORMS.items()}

    @property
    def form(self) -> CheckForm:
        return self.forms[self.mode]
