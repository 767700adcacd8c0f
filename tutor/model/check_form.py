"""The common part of every checker form: fields checked as they are typed, taps,
and the engine's verdict on what the fields say now (see :mod:`.checker`).

Every edit is checked at once and judged again: a bad token is named in
``problems`` against its own field (with the rule), the text stays as typed so
nothing is lost, and a verdict is only ever shown for the fields as they are.
How the fields' text is read (cards, names, side notation, a card half typed, a
card given twice) is :mod:`.field_reading`'s.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import Any, ClassVar

import param

from rules.cards import ALL_CARDS, Card, format_cards, parse_cards
from rules.errors import NotationError

from .field_reading import NAME_LIMIT, Field, FieldReader, Reading, has_room, plain_name, sentence

__all__ = ["KEPT", "NAME_LIMIT", "CheckForm", "Field", "Reading"]

KEPT = "Nothing was changed."


class CheckForm(param.Parameterized):
    """The common part of every checker form (see the module docstring)."""

    texts: dict[str, str] = param.Dict(default={}, doc="Field key -> its text as typed (cards, or a name).")
    focus: str = param.String(default="", doc="The field a tapped card goes to.")
    problems: dict[str, str] = param.Dict(default={}, doc="Field key -> what is wrong with its text: the bad "
                                                          "token and the rule.")
    # each form's own engine verdict (a battle's, a showdown's...): its class is imported with
    # the engine when the form is first judged, so it cannot be named here
    verdict: Any = param.ClassSelector(class_=object, default=None, allow_None=True,
                                       doc="The engine's verdict on the fields as they are now, or None.")
    checked: dict[str, Any] | None = param.Dict(default=None, allow_None=True,
                         doc="The texts and options the verdict was computed from (always the current ones).")
    error: str = param.String(default="", doc="Why the position cannot be judged (the engine's refusal, not tied to "
                                         "one field), or why a tap was refused.")
    hint: str = param.String(default="", doc="What is still missing before the position can be judged.")
    typing: str = param.String(default="", doc="The field being typed in: a card half typed at its end "
                                          "(``Q``, ``10``) is not yet an error.")
    # the table's rule set (issue 34, point 2): the verdict is the engine's under it
    rules_variant: str = param.String(default="", doc="The preset of the table's rule set ('': the form's own).")
    rules_options: dict[str, str] = param.Dict(default={}, doc="The table's options (name -> choice), where they "
                                                               "differ from the preset.")
    rules_title: str = param.String(default="", doc="The rule set's name ('': the rules as written).")

    _edited = ""  # the field of the last edit: a card given twice is named there

    title: ClassVar[str] = ""
    game: ClassVar[str] = ""       # the game whose checker part declares the form
    key: ClassVar[str] = ""        # the form's question among Settle a hand's ("battle")
    mode_title: ClassVar[str] = ""  # the question's button ("Battle")
    verdict_kind: ClassVar[str] = ""  # how a view shows the verdict ("": its headline and description)
    options: ClassVar[tuple[str, ...]] = ()  # Boolean params that change the verdict
    shape: ClassVar[tuple[str, ...]] = ()  # params that change which fields there are
    actions: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    """More buttons for the form: (label, CSS class, name of the method a tap calls)."""

    def __init__(self, **params: Any):
        super().__init__(**params)
        if not self.texts:
            self.texts = {f.key: self._blank(f) for f in self.fields()}
        if not self.focus:
            self.focus = self._first_card_field()
        if self.options:
            self.param.watch(self._option_changed, list(self.options))
        self.param.update(**self._judged(self.texts))

    # -- what subclasses define ------------------------------------------------------
    def fields(self) -> tuple[Field, ...]:
        raise NotImplementedError

    def deck(self) -> tuple[Card, ...]:
        """The cards the picker offers."""
        return ALL_CARDS

    def copies(self, card: Card) -> int:
        """How many of ``card`` one position may hold (one pack: 1)."""
        return 1

    def copies_rule(self) -> str:
        """The rule that limits the copies of a card, for the message."""
        return "one pack holds each card once"

    def command(self, texts: Mapping[str, str] | None = None) -> list[list[str]]:
        """The ``palace-tutor`` argument lists that ask the same question (one per call)."""
        raise NotImplementedError

    def _judge(self, texts: Mapping[str, str]) -> Any:
        """Call the engine's checker on canonical texts (raises ValueError on a refusal)."""
        raise NotImplementedError

    def example(self) -> None:
        """Fill in a worked position."""
        raise NotImplementedError

    # -- the table's rules -------------------------------------------------------------------
    def use_rules(self, variant: str, options: Mapping[str, str], title: str = "") -> None:
        """Judge under a rule set: a preset (``variant``, "" for the form's own) and the table's
        options; ``title`` names it. The verdict is judged again at once; an option the engine
        does not know is named in ``error`` (nothing typed is lost, no verdict stays)."""
        self.param.update(rules_variant=variant or "", rules_options={str(k): str(v) for k, v in options.items()},
                          rules_title=title or "")
        self.param.update(**self._judged(self.texts, self.typing))

    def rules_words(self) -> str:
        """Which rules the verdict is under, as a person says it."""
        preset = self._preset_words()
        changed = len(self.rules_options)
        if self.rules_title:
            base = f" ({preset}" + (f", {changed} changed" if changed else "") + ")" if preset else ""
            return f"Under your table's rules, \u201c{self.rules_title}\u201d{base}."
        if changed:
            return f"Under your table's rules ({preset or 'the usual rules'}, {changed} changed)."
        return f"Under the {preset} as written." if preset else "Under the rules as written."

    def _preset_words(self) -> str:
        """The preset judged under, as a person calls it ('Online (BGA) rules', not 'bga'); '' for none."""
        from rules.core import Presets
        from rules.games import get_family

        if not self.rules_variant:
            return ""
        try:
            presets: Presets = get_family(self.game).presets
        except ValueError:
            presets = Presets(self.game, {})
        words = presets.title(self.rules_variant)
        return words if words.lower().endswith("rules") else f"{words} rules"

    def rule_args(self, options: Mapping[str, str] | None = None) -> list[str]:
        """The rule set's options (or ``options``) as command-line arguments (``--rule NAME=VALUE`` each)."""
        given = self.rules_options if options is None else options
        return [a for name, value in sorted(given.items()) for a in ("--rule", f"{name}={value}")]

    # -- reading -----------------------------------------------------------------------
    def field(self, key: str) -> Field:
        for f in self.fields():
            if f.key == key:
                return f
        raise KeyError(key)

    def read(self, texts: Mapping[str, str] | None = None) -> Reading:
        """Read every field (see :class:`Reading`); never raises."""
        return self._read(self.texts if texts is None else texts, self.typing if texts is None else "")

    def cards_in(self, key: str, texts: Mapping[str, str] | None = None) -> tuple[Card, ...]:
        """The cards a card field holds now (none while its text has a problem)."""
        return self.read(texts).cards.get(key, ())

    def canonical_texts(self, texts: Mapping[str, str] | None = None) -> dict[str, str]:
        """Each field's content in canonical notation (side notation spread over its fields)."""
        reading = self.read(texts)
        return {f.key: reading.canonical(f.key) for f in self.fields()}

    def where(self, card: Card) -> list[str]:
        """Keys of the card fields holding ``card`` (once per copy)."""
        reading = self.read()
        return [f.key for f in self.fields() if not f.is_name for c in reading.cards.get(f.key, ()) if c == card]

    def as_dict(self) -> dict[str, Any] | None:
        """The verdict as the CLI's ``--json`` object (None without a verdict)."""
        return None if self.verdict is None else self.verdict.as_dict()

    def describe(self) -> str:
        return "" if self.verdict is None else self.verdict.describe()

    def headline(self) -> str:
        """The verdict in one plain sentence, with the players' names ('' without a verdict)."""
        return ""

    def command_line(self, texts: Mapping[str, str] | None = None) -> str:
        """The shell command(s) a player could type for the same answer."""
        texts = self.canonical_texts(texts)
        # shell quoting: a name like $(touch x) must not run when the line is pasted
        return "\n".join("palace-tutor " + shlex.join(args) for args in self.command(texts))

    # -- editing -----------------------------------------------------------------------------
    def focus_on(self, key: str) -> None:
        self.field(key)  # unknown keys raise KeyError
        self.focus = key

    def set_text(self, key: str, text: str, typing: bool = False) -> bool:
        """Typed text for one field, kept as typed and checked at once: a bad token
        is named in ``problems[key]``; the verdict is for the new fields or gone.
        Side notation (``[NAME:] BANNER | PALACE | SOLDIERS``) typed in one field of
        a side counts for the whole side. ``typing``: the learner is still typing
        here, so a card half typed at the end waits. True when this field reads well."""
        text = text if isinstance(text, str) else ""
        texts = self._spread_around(key)
        texts[key] = text
        self._edited = key
        self.param.update(typing=key if typing else "", **self._edit(texts, self.focus, key if typing else ""))
        return key not in self.problems

    def commit(self, key: str) -> None:
        """The learner is done with a field (Enter, or left it): its text is written
        canonically, and side notation is spread over the side's fields. A field
        with a problem stays as typed."""
        if self.typing:
            self._accept(self.texts, self.focus)  # the half-typed card is judged now
        reading = self.read()
        if key in reading.problems:
            return
        keys = [k for k, source in reading.spread.items() if source == key] or [key]
        texts = {**self.texts, **{k: reading.canonical(k) for k in keys}}
        if texts != self.texts:
            self._accept(texts, self.focus)

    def tap(self, card: Card | str) -> bool:
        """A tap on a card of the picker: into the focused field, or out of it if it
        is there already. A card the position already holds elsewhere (one pack),
        or a field with a typo in it, refuses the tap, saying why; nothing changes."""
        try:
            card = card if isinstance(card, Card) else Card.parse(card)
        except NotationError as err:
            self._refuse(str(err))
            return False
        focus = self.field(self.focus)
        if focus.is_name:
            self._refuse(f"{focus.label} is a name: pick a card field first, then tap the cards.")
            return False
        reading = self.read()
        if focus.key in reading.problems:
            self._refuse(f"{focus.label} has something that is not a card in it: correct it or clear it "
                         "before tapping cards into it.")
            return False
        here = list(reading.cards.get(focus.key, ()))
        if card in here:  # tap again to take it out
            del here[len(here) - 1 - here[::-1].index(card)]
            self._accept({**self._settled(reading), focus.key: format_cards(here)}, focus.key)
            return True
        held = self.where(card)
        if len(held) >= self.copies(card):
            places = ", ".join(self.field(k).label for k in held)
            limit = "one pack holds it once" if self.copies(card) == 1 else \
                f"the largest table has {self.copies(card)} of it"
            self._refuse(f"{card.label} is already in {places}: {limit}. To move it, pick that field "
                         f"and tap {card.label} to take it out first.")
            return False
        target = focus if has_room(focus, len(here)) else self._reader().next_with_room(focus.key, reading)
        if target is None:
            self._refuse(f"{focus.label} is full ({focus.most} card{'s' if focus.most != 1 else ''}) and so "
                         f"is every field after it: tap a card in a field to take it out first.")
            return False
        cards = reading.cards.get(target.key, ()) + (card,)
        self._edited = target.key
        after = self._reader().next_with_room(target.key, reading, extra={target.key: len(cards)}) \
            if not has_room(target, len(cards)) else target
        self._accept({**self._settled(reading), target.key: format_cards(cards)},
                     after.key if after else target.key)
        return True

    def clear(self, key: str | None = None) -> None:
        """Empty one field, or every card field."""
        if key is None:
            texts = {**self.texts, **{f.key: "" for f in self.fields() if not f.is_name}}
            self._accept(texts, self._first_card_field())
        else:
            f = self.field(key)
            self._accept({**self._spread_around(key), key: self._blank(f)}, key if not f.is_name else self.focus)

    def fill(self, texts: Mapping[str, str]) -> None:
        """Put a whole question in at once (a ruling link): these fields, every other one empty."""
        full = {f.key: self._blank(f) for f in self.fields()}
        full.update({k: v for k, v in texts.items() if k in full})
        self._edited = ""
        self._accept(full, self._first_card_field())

    def check(self) -> bool:
        """Judge the fields now, a half-typed card included (also done after every edit);
        True if there is a verdict."""
        self.param.update(typing="", **self._judged(self.texts))
        return self.verdict is not None

    # -- internals -------------------------------------------------------------------------
    def _first_card_field(self) -> str:
        """Where tapped cards go first ("" for a form with no card field)."""
        return next((f.key for f in self.fields() if not f.is_name), "")

    def _blank(self, f: Field) -> str:
        return ""

    def _snapshot(self, texts: Mapping[str, str]) -> dict[str, Any]:
        return {"texts": dict(texts), **{name: getattr(self, name) for name in self.options},
                "rules": (self.rules_variant, dict(self.rules_options), self.rules_title)}

    def _refuse(self, message: str) -> None:
        self.error = f"{sentence(message)} {KEPT}"

    @staticmethod
    def _player_blank(i: int) -> dict[str, str]:
        """The empty fields of player ``i`` (a form with a row per player says which)."""
        raise NotImplementedError("this form has no rows of players")

    def _add_player_row(self, most: int, refusal: str) -> bool:
        """One more player's empty row, unless the form has ``most`` already (then ``refusal``)."""
        players = int(getattr(self, "players"))
        if players >= most:
            self._refuse(refusal)
            return False
        texts = {**self.texts, **self._player_blank(players + 1)}
        self.param.update(players=players + 1, texts=texts)  # one consistent change
        self._accept(texts, self.focus)
        return True

    def _remove_player_row(self, least: int, refusal: str, home: str) -> bool:
        """Take away the last player's row, unless only ``least`` are left (then ``refusal``);
        the cursor in that row goes ``home``."""
        n = int(getattr(self, "players"))
        if n <= least:
            self._refuse(refusal)
            return False
        texts = {k: v for k, v in self.texts.items() if not k.startswith(f"p{n}.")}
        focus = self.focus if not self.focus.startswith(f"p{n}.") else home
        self.param.update(players=n - 1, texts=texts, focus=focus)
        self._accept(texts, focus)
        return True

    def _spread_around(self, key: str) -> dict[str, str]:
        """The texts, with a side written out in another field of ``key``'s side spread
        over its fields first (an edit of one of them must not be hidden by it)."""
        target = self.field(key)
        texts = dict(self.texts)
        if target.group:
            reading = self.read()
            texts.update({k: reading.canonical(k) for k, source in reading.spread.items()
                          if source != key and self.field(source).group == target.group})
        return texts

    def _settled(self, reading: Reading) -> dict[str, str]:
        """The texts with any side notation already spread (a tap edits single fields)."""
        if not reading.spread:
            return dict(self.texts)
        return {**self.texts, **{k: reading.canonical(k) for k in reading.spread}}

    def _accept(self, texts: dict[str, str], focus: str) -> None:
        """Store an edit and judge the position again: all in one update, so a view redraws once."""
        self.param.update(typing="", **self._edit(texts, focus, ""))

    def _edit(self, texts: dict[str, str], focus: str, typing: str) -> dict[str, Any]:
        return dict(texts=texts, focus=focus, **self._judged(texts, typing))

    def _judged(self, texts: Mapping[str, str], typing: str = "") -> dict[str, Any]:
        """The parameter changes the fields make: their problems, what is missing, and
        the engine's verdict (or its refusal) when the position is complete."""
        reading = self._read(texts, typing)
        nothing = {"verdict": None, "checked": None, "error": ""}
        if reading.problems:
            labels = ", ".join(self.field(k).label for k in reading.problems)
            return {**nothing, "problems": dict(reading.problems),
                    "hint": f"Correct the marked field{'s' if len(reading.problems) > 1 else ''} ({labels}) "
                            "to get a verdict."}
        if reading.pending:
            key, token = next(iter(reading.pending.items()))
            return {**nothing, "problems": {},
                    "hint": f"{self.field(key).label}: finish typing the card {token!r} (a rank and a suit, "
                            "like Qs or 10h)."}
        missing = self._reader().missing(reading)
        if missing:
            return {**nothing, "problems": {}, "hint": missing}
        canonical = {f.key: reading.canonical(f.key) for f in self.fields()}
        try:
            verdict = self._judge(canonical)
        except ValueError as err:  # NotationError / IllegalActionError from the engine
            message = sentence(str(err))
            where = self._field_of(err, canonical, texts)
            if where is not None:
                return {**nothing, "problems": {where: message}, "hint": ""}
            return {**nothing, "problems": {}, "error": self._option_words(err) or message, "hint": ""}
        return {"verdict": verdict, "checked": self._snapshot(canonical), "error": "", "hint": "",
                "problems": {}}

    def _field_of(self, err: Exception, canonical: Mapping[str, str], texts: Mapping[str, str]) -> str | None:
        """The field an engine refusal is about: the one whose text is the bad token,
        else the only field holding it."""
        said = str(err).casefold()
        named = [f.key for f in self.fields() if said.startswith(f"{f.label.casefold()}:")]
        if named:  # the engine names the field as the form does ("tableau: expected 25 cards...")
            return named[0]
        token = getattr(err, "token", None)
        if not token:
            return None
        token = token.strip()
        for f in self.fields():
            if token and token in (canonical.get(f.key, ""), texts.get(f.key, "").strip()):
                return f.key
        try:
            card = Card.parse(token)
        except NotationError:
            return None
        holders = [f.key for f in self.fields() if not f.is_name and card in parse_cards(canonical.get(f.key, ""))]
        return holders[-1] if holders else None

    def _option_words(self, err: Exception) -> str:
        """The engine's refusal of one of the rule set's options, by the option's question and its
        section, as a person says it ('' when the refusal is not about an option)."""
        from rules.games import get_family

        if str(err).startswith("--rule: unknown"):  # an option another version (or a typo) named
            token = str(err).partition(" option '")[2].partition("'")[0]
            return f"Your table's rules name a rule this version does not know ({token!r})."
        name = str(err).partition(":")[0].removeprefix("option ") if str(err).startswith("option ") else ""
        try:
            option = type(next(iter(get_family(self.game).presets.values()))).OPTIONS[name]
        except (KeyError, ValueError, StopIteration, AttributeError):
            return ""
        answers = "; ".join(c.meaning for c in option.choices) or (option.free.form if option.free else "")
        return (f"Your table's rules answer \u201c{option.question}\u201d ({option.ref.words}) with "
                f"{getattr(err, 'token', '')!r}, which this version does not know; it knows: {answers}.")

    def _option_changed(self, *_events: Any) -> None:
        self.param.update(**self._judged(self.texts, self.typing))

    def _reader(self) -> FieldReader:
        return FieldReader(self.fields(), self._read_name, self.copies, self.copies_rule())

    def _read(self, texts: Mapping[str, str], typing: str = "") -> Reading:
        return self._reader().read(texts, typing, self._edited)

    def _read_name(self, f: Field, text: str) -> str:
        """A name field's text (a form reads its other words fields here, as King's Pot its pots)."""
        return plain_name(f, text)
