"""Reading a checker form's fields (:mod:`.check_form`): the text typed in each box into cards
and names, and each box's problem (the bad token and the rule), never raising.

A form is its fields and what it does with them (edits, taps, the engine's verdict); this is
how their text is read, on its own: side notation (``[NAME:] BANNER | PALACE | SOLDIERS``)
typed in one field of a side fills the whole side, a card half typed at the end of the box
being typed in waits, a card given more often than the deck holds is named where the person
is looking, and what is still missing before a verdict is said by field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rules.cards import Card, counted, format_cards, parse_cards
from rules.errors import NotationError

NAME_LIMIT = 40  # characters in a player's name


@dataclass(frozen=True)
class Field:
    """One input box of a form.

    ``least``: cards needed before the position can be judged (a name field:
    1 if the name is required); ``most``: how many tapped cards it takes before
    the next tap moves on (``None``: no limit; typed text is judged by the
    engine, which names any wrong count). ``group``: the fields that one piece
    of side notation fills together (``[NAME:] BANNER | PALACE | SOLDIERS``).
    ``placeholder``: what the empty box suggests typing ("" : the form's default).
    """

    key: str
    label: str
    least: int = 0
    most: int | None = None
    kind: str = "cards"  # "cards", "name", or "text" (a number or a word, read by the form)
    group: str = ""
    placeholder: str = ""

    @property
    def is_name(self) -> bool:
        """A field of words, not cards (a player's name, or another text the form reads)."""
        return self.kind in ("name", "text")


@dataclass(frozen=True)
class Reading:
    """What the fields say: the cards and names read from them (fields with a
    problem have none), and each field's problem (the bad token and the rule)."""

    cards: Mapping[str, tuple[Card, ...]]
    names: Mapping[str, str]
    problems: Mapping[str, str]
    spread: Mapping[str, str]  # field -> the field whose side notation filled it
    pending: Mapping[str, str] | None = None  # field -> the card still being typed at its end

    def canonical(self, key: str) -> str:
        return self.names[key] if key in self.names else format_cards(self.cards.get(key, ()))


NameReader = Callable[[Field, str], str]


@dataclass(frozen=True)
class FieldReader:
    """How one form reads its fields: the fields, how a name (or other words) field is read
    (raising :class:`NotationError`), and how many of a card one position may hold (with the
    rule that says so)."""

    fields: tuple[Field, ...]
    read_name: NameReader
    copies: Callable[[Card], int]
    copies_rule: str

    def field(self, key: str) -> Field:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(key)

    def read(self, texts: Mapping[str, str], typing: str = "", edited: str = "") -> Reading:
        """Every field of ``texts``; ``typing``: the field being typed in (a card half typed at
        its end waits); ``edited``: the field of the last edit (a card given twice is named there)."""
        cards: dict[str, tuple[Card, ...]] = {}
        names: dict[str, str] = {}
        problems: dict[str, str] = {}
        spread: dict[str, str] = {}
        pending: dict[str, str] = {}
        for f in self.fields:  # side notation first: it fills its whole side
            text = texts.get(f.key, "")
            if not self._is_side(f, text):
                continue
            if any(spread.get(g.key) for g in self.fields if g.group == f.group):
                problems[f.key] = (f"{f.label}: this side is already written out in full in another field; "
                                   "give each card in one place.")
                continue
            try:
                parts = self.split_side(f.group, text)
            except NotationError as err:
                problems[f.key] = sentence(str(err))
                continue
            for key, value in parts.items():
                spread[key] = f.key
                if self.field(key).is_name:
                    names[key] = value
                else:
                    cards[key] = parse_cards(value)
        for f in self.fields:
            if f.key in spread or f.key in problems:
                continue
            text = texts.get(f.key, "")
            if f.key == typing and not f.is_name:
                text, half = half_typed(text)
                if half:
                    pending[f.key] = half
            try:
                if f.is_name:
                    names[f.key] = self.read_name(f, text)
                else:
                    cards[f.key] = parse_cards(text, what=f.label)
            except NotationError as err:
                problems[f.key] = sentence(str(err))
                pending.pop(f.key, None)
        self._copy_problems(cards, spread, problems, edited)
        return Reading(cards, names, problems, spread, pending)

    def split_side(self, group: str, text: str) -> dict[str, str]:
        """``[NAME:] BANNER | PALACE | SOLDIERS`` -> the group's field texts."""
        members = [f for f in self.fields if f.group == group]
        name_field = next((f for f in members if f.is_name), None)
        cards_text = text
        out: dict[str, str] = {}
        if name_field is not None and ":" in text:
            name, _, cards_text = text.partition(":")
            out[name_field.key] = self.read_name(name_field, name)
        card_fields = [f for f in members if not f.is_name]
        parts = cards_text.split("|")
        if len(parts) != len(card_fields):
            layout = " | ".join(f.label.split()[-1].upper() for f in card_fields)
            raise NotationError(f"{text.strip()!r} has {counted(len(parts), 'field')} separated by '|'; write {layout}"
                                + (" (the last may be empty)" if card_fields[-1].least == 0 else ""),
                                token=text.strip(), expected=layout)
        for f, part in zip(card_fields, parts):
            out[f.key] = format_cards(parse_cards(part, what=f.label))
        return out

    def missing(self, reading: Reading) -> str:
        """What is still to be filled in before the position can be judged ('' when nothing)."""
        needs = []
        for f in self.fields:
            if f.is_name:
                if f.least and not reading.names.get(f.key, ""):
                    needs.append(f"{f.label}: {'a name' if f.kind == 'name' else 'a value'}")
                continue
            have = len(reading.cards.get(f.key, ()))
            if have < f.least:
                needs.append(f"{f.label}: {have} of {f.least} card{'s' if f.least != 1 else ''}")
        return ("Still to fill in: " + "; ".join(needs) + ".") if needs else ""

    def next_with_room(self, key: str, reading: Reading, extra: Mapping[str, int] | None = None) -> Field | None:
        """The next card field after ``key`` (round the form) with room for a tapped card."""
        order = [f for f in self.fields if not f.is_name]
        keys = [f.key for f in order]
        start = keys.index(key) + 1 if key in keys else 0
        extra = extra or {}
        for f in order[start:] + order[:start]:
            have = extra.get(f.key, len(reading.cards.get(f.key, ())))
            if f.key != key and f.key not in reading.problems and has_room(f, have):
                return f
        return None

    def _is_side(self, f: Field, text: str) -> bool:
        named = any(g.is_name and g.group == f.group for g in self.fields)
        return bool(f.group) and ("|" in text or (":" in text and not f.is_name and named))

    def _copy_problems(self, cards: Mapping[str, tuple[Card, ...]], spread: Mapping[str, str],
                       problems: dict[str, str], edited: str = "") -> None:
        """A card given more often than the deck holds: named at the field just edited
        if it holds that card (that is where the learner is looking), else at each
        later field holding it, saying where else it is, with the rule."""
        places: dict[Card, list[str]] = {}
        for f in self.fields:
            if not f.is_name:
                for c in cards.get(f.key, ()):
                    places.setdefault(c, []).append(f.key)
        for c, keys in places.items():
            if len(keys) <= self.copies(c):
                continue
            blamed = [edited] if edited in keys else keys[self.copies(c):]
            for key in dict.fromkeys(blamed):
                others = ", ".join(dict.fromkeys(self.field(k).label for k in keys if k != key)) or "this field"
                at = spread.get(key, key)
                problems.setdefault(at, f"{self.field(key).label}: {c.label} is also in {others}; "
                                        f"{self.copies_rule}.")


def plain_name(f: Field, text: str) -> str:
    """A player's name as typed, spaces tidied: no ``:`` or ``|`` (the hand notation's), at most
    :data:`NAME_LIMIT` characters."""
    name = " ".join(text.split())
    for bad in (":", "|"):
        if bad in name:
            raise NotationError(f"{f.label}: {name!r} contains {bad!r}, which the hand notation uses "
                                "to separate the name from the cards", token=bad, expected="a plain name")
    if len(name) > NAME_LIMIT:
        raise NotationError(f"{f.label}: a name of at most {NAME_LIMIT} characters, please",
                            token=name[:NAME_LIMIT] + "…", expected=f"at most {NAME_LIMIT} characters")
    return name


def _card_spellings() -> frozenset[str]:
    ranks = [str(n) for n in range(2, 11)] + list("tjqka")
    suits = list("cdhs♣♦♥♠♧♢♡♤")
    words = {r + s for r in ranks for s in suits} | {"jk", "joker", "jkr"}
    out: set[str] = set()
    for word in words:
        try:
            Card.parse(word)
        except NotationError:
            continue
        out.update(word[:i] for i in range(1, len(word)))
    return frozenset(out)


_HALF_CARDS = _card_spellings()


def half_typed(text: str) -> tuple[str, str]:
    """``(text without its last token, that token)`` when the text ends in the start of a
    card being typed (``Qc Qd 1``), else ``(text, "")``."""
    if not text or text[-1] in " ,;\t":
        return text, ""
    head, _, last = text.rpartition(" ")
    for sep in ",;":
        if sep in last:
            extra, _, last = last.rpartition(sep)
            head = f"{head} {extra}"
    if last.casefold() in _HALF_CARDS:
        try:
            Card.parse(last)
            return text, ""  # already a whole card (``Jk`` is also the start of ``jkr``)
        except NotationError:
            return head, last
    return text, ""


def sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def has_room(f: Field, have: int) -> bool:
    return f.most is None or have < f.most
