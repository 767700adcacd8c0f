"""Table options: the questions a table settles its own way, declared as data.

The sources are house rules; a table may read an unclear clause another way,
or play one of the documents' variations, or simply agree its own stakes. Each
such question is a :class:`TableOption` of the game's rule config (a frozen
dataclass): its name, the question in plain words, the source section it rests
on, and its choices, each with what it means. A preset's own value is the
default; our recorded ruling is the default reading.

A game's config class lists its options in ``OPTIONS`` (an :class:`OptionSet`)
and mixes in :class:`Configurable`, which gives ``with_options`` (a copy with
some options chosen, by name and token: ``{"betting": "no-limit"}``), the
tokens it stands on, and the options it differs in from another config. A
combination that contradicts itself is refused by the config's
``conflicts()`` with a :class:`RuleConflictError` naming the settings.

A verdict that rests on an option says so (``Verdict.options``, or the ruling
an option stands for); :func:`other_readings` replays the same check under
each other choice and reports the ones that would decide differently, so the
tutor can say "under your table's reading ...; the other reading gives ...".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

from .errors import NotationError
from .refs import RuleRef, Verdict

KINDS = ("reading", "variation", "setting")
"""``reading``: a clause a table may read another way (our ruling is the default);
``variation``: where the sources differ, or one of a document's own variations;
``setting``: an amount or a size the table agrees (stakes, limits, hand size)."""


class RuleConflictError(ValueError):
    """A combination of options that contradicts itself; ``settings`` names them."""

    def __init__(self, message: str, *, settings: tuple[str, ...] = ()):
        super().__init__(message)
        self.settings = settings


@dataclass(frozen=True)
class Conflict:
    """Two or more settings that cannot hold together, and why (in plain words)."""

    settings: tuple[str, ...]
    reason: str
    ref: RuleRef | None = None

    def __str__(self) -> str:
        cite = f" [{self.ref}]" if self.ref else ""
        return f"{' and '.join(self.settings)} conflict: {self.reason}{cite}"


@dataclass(frozen=True)
class Choice:
    """One answer to an option's question: the token a table writes, the value it
    gives the config field, and what it means in plain words."""

    token: str
    value: Any
    meaning: str


@dataclass(frozen=True)
class FreeForm:
    """Values written freely rather than picked from a list (a number, stakes, ranks).

    ``form`` says how to write one ("a whole number from 0 to 99"); ``parse``
    turns text into the config value (raising ``ValueError`` with a reason) and
    ``format`` turns a value back into text; ``meaning`` says what a value means.
    """

    form: str
    parse: Callable[[str], Any]
    format: Callable[[Any], str] = str
    meaning: Callable[[Any], str] = lambda value: str(value)


def whole_number(low: int, high: int, what: str = "", one: str = "") -> FreeForm:
    """A whole number from ``low`` to ``high`` (``what`` names the unit in meanings; ``one``,
    if given, names it for the number 1: "1 chip a card", "2 chips a card")."""

    def parse(text: str) -> int:
        body = text.strip()
        if not (body.isascii() and body.isdigit()) or len(body) > 9:
            raise ValueError(f"expected a whole number from {low} to {high}")
        value = int(body)
        if not low <= value <= high:
            raise ValueError(f"{value} is out of range ({low} to {high})")
        return value

    return FreeForm(f"a whole number from {low} to {high}", parse,
                    meaning=lambda v: f"{v} {one if v == 1 and one else what}".strip())


@dataclass(frozen=True)
class TableOption:
    """One question a table may settle its own way.

    ``fields`` are the rule config's fields the option sets (one, usually);
    ``get``/``put`` convert between them and the option's value when it spans
    several fields. ``choices`` are the listed answers; ``free`` allows other
    values too (a number of chips, a set of ranks). ``ruling`` is the key of the
    ruling whose reading is the default choice, if one is: a verdict citing
    that ruling rests on this option.
    """

    name: str
    question: str
    ref: RuleRef
    fields: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    free: FreeForm | None = None
    ruling: str = ""
    kind: str = "reading"
    get: Callable[[Any], Any] | None = None
    put: Callable[[Any], Mapping[str, Any]] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name!r}: kind must be one of {KINDS}")
        if not self.choices and self.free is None:
            raise ValueError(f"option {self.name!r} has no choices")
        tokens = [c.token for c in self.choices]
        if len(set(tokens)) != len(tokens):
            raise ValueError(f"option {self.name!r} lists a choice twice")

    # -- values and tokens ------------------------------------------------------
    def value_of(self, config: Any) -> Any:
        if self.get is not None:
            return self.get(config)
        return getattr(config, self.fields[0])

    def changes(self, value: Any) -> Mapping[str, Any]:
        """The config fields this value sets."""
        return self.put(value) if self.put is not None else {self.fields[0]: value}

    def token(self, value: Any) -> str:
        """How ``value`` is written (a listed choice's token, else the free form)."""
        for c in self.choices:
            if _same(c.value, value):
                return c.token
        if self.free is not None:
            return self.free.format(value)
        raise ValueError(f"option {self.name!r}: {value!r} is none of its choices")

    def meaning(self, value: Any) -> str:
        for c in self.choices:
            if _same(c.value, value):
                return c.meaning
        return self.free.meaning(value) if self.free is not None else str(value)

    def valid(self) -> str:
        """The valid values, for messages: the tokens, then the free form."""
        parts = [c.token for c in self.choices]
        if self.free is not None:
            parts.append(self.free.form)
        return " | ".join(parts)

    def parse(self, text: Any) -> Any:
        """The value a token stands for; raises :class:`NotationError` naming the
        option and the bad token and listing the valid ones."""
        raw = str(text).strip() if not isinstance(text, bool) else ("yes" if text else "no")
        for c in self.choices:
            if raw.casefold() == c.token.casefold():
                return c.value
        if self.free is not None:
            try:
                return self.free.parse(raw)
            except ValueError as err:
                reason = f" ({err})" if self.choices else ""
                if not self.choices:
                    raise NotationError(f"option {self.name}: {raw!r}: {err}; valid: {self.valid()}",
                                        token=raw, expected=self.valid()) from None
                raise NotationError(f"option {self.name}: {raw!r} is not a valid value{reason}; "
                                    f"valid: {self.valid()}", token=raw, expected=self.valid()) from None
        raise NotationError(f"option {self.name}: {raw!r} is not a choice; valid: {self.valid()}",
                            token=raw, expected=self.valid())

    def other_values(self, value: Any) -> tuple[Any, ...]:
        """The listed choices other than ``value`` (what "the other reading" means)."""
        return tuple(c.value for c in self.choices if not _same(c.value, value))


def _same(a: Any, b: Any) -> bool:
    # True == 1 in Python; a choice of True must not match the number 1
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


class OptionSet:
    """The options of one game, in the order a table would go through them."""

    def __init__(self, game: str, options: Iterable[TableOption]):
        self.game = game
        listed = tuple(options)
        self._options = {o.name: o for o in listed}
        if len(self._options) != len(listed):
            raise ValueError(f"{game}: two options share a name")

    def __iter__(self) -> Iterator[TableOption]:
        return iter(self._options.values())

    def __len__(self) -> int:
        return len(self._options)

    def __contains__(self, name: object) -> bool:
        return name in self._options

    def names(self) -> tuple[str, ...]:
        return tuple(self._options)

    def __getitem__(self, name: str) -> TableOption:
        try:
            return self._options[name]
        except KeyError:
            known = ", ".join(self._options)
            raise NotationError(f"unknown {self.game} option {name!r}; known: {known}", token=str(name),
                                expected=" | ".join(self._options)) from None

    def for_ruling(self, key: str) -> tuple[TableOption, ...]:
        return tuple(o for o in self if o.ruling == key)


C = TypeVar("C", bound="Configurable")


class Configurable:
    """Mixin for a game's frozen rule config: options by name, conflicts, differences."""

    OPTIONS: ClassVar[OptionSet]

    def conflicts(self) -> tuple[Conflict, ...]:
        """Settings of this config that cannot hold together (none by default)."""
        return ()

    def option(self, name: str) -> str:
        """The token this config stands on for option ``name``."""
        opt = self.OPTIONS[name]
        return opt.token(opt.value_of(self))

    def option_tokens(self) -> dict[str, str]:
        return {o.name: o.token(o.value_of(self)) for o in self.OPTIONS}

    def differences(self, other: "Configurable") -> tuple[str, ...]:
        """The options whose value differs between this config and ``other``."""
        return tuple(o.name for o in self.OPTIONS if not _same(o.value_of(self), o.value_of(other)))

    def with_options(self, chosen: Mapping[str, Any], *, where: str = "rules") -> Self:
        """A copy with the options in ``chosen`` (name -> token) set. An unknown
        name or token raises :class:`NotationError` (naming it, listing the valid
        ones); a contradictory result raises :class:`RuleConflictError`."""
        if not isinstance(chosen, Mapping):
            raise NotationError(f"{where}: expected a table of options (name = value), got {chosen!r}"[:160],
                                token=repr(chosen)[:40], expected="name = value")
        changes: dict[str, Any] = {}
        for name, text in chosen.items():
            opt = self.OPTIONS[str(name)] if str(name) in self.OPTIONS else None
            if opt is None:
                known = ", ".join(self.OPTIONS.names())
                raise NotationError(f"{where}: unknown {self.OPTIONS.game} option {str(name)!r}; known: {known}",
                                    token=str(name), expected=" | ".join(self.OPTIONS.names()))
            if not isinstance(text, (str, int)):
                raise NotationError(f"{where}: option {name}: {text!r} is not a value; valid: {opt.valid()}"[:200],
                                    token=repr(text)[:40], expected=opt.valid())
            changes.update(opt.changes(opt.parse(text)))
        return self.replaced(changes, where=where)

    def replaced(self, changes: Mapping[str, Any], *, where: str = "rules") -> Self:
        """A copy with config fields changed, checked for conflicts."""
        try:
            made = dataclasses.replace(self, **dict(changes))  # type: ignore[type-var]
        except ValueError as err:
            raise RuleConflictError(f"{where}: {err}") from None
        found = made.conflicts()
        if found:
            raise RuleConflictError(f"{where}: {found[0]}", settings=found[0].settings)
        return made


def option_rows(config: Configurable) -> list[dict[str, Any]]:
    """One plain row per option: what ``palace-tutor rules --json`` prints."""
    rows = []
    for o in config.OPTIONS:
        value = o.value_of(config)
        choices = [c.token for c in o.choices] + ([o.free.form] if o.free is not None else [])
        rows.append({"name": o.name, "default": o.token(value), "choices": choices, "section": str(o.ref),
                     "question": o.question, "kind": o.kind,
                     "meanings": {c.token: c.meaning for c in o.choices}, "ruling": o.ruling or None})
    return rows


# -- "under your table's reading" -----------------------------------------------------
@dataclass(frozen=True)
class OtherReading:
    """What one other choice of an option would decide, where it decides differently."""

    option: str
    question: str
    chosen: str          # the token the table plays
    other: str           # the other choice's token
    other_meaning: str   # what the other choice means
    verdict: Verdict     # the verdict under the other choice

    def sentence(self) -> str:
        """Plain words: "Some tables read this rule the other way: <meaning>. There this
        would be allowed: <reason>." (the question is the option's; no keys shown)."""
        said = "be allowed" if self.verdict.legal else "not be allowed"
        return (f"Some tables read this rule the other way: {self.other_meaning}. There this would {said}: "
                f"{self.verdict.reason}.")


def options_relied_on(verdict: Verdict, options: OptionSet) -> tuple[str, ...]:
    """The options a verdict rests on: the ones it names, and the one standing for its ruling."""
    names = list(verdict.options)
    if verdict.ruling is not None:
        names += [o.name for o in options.for_ruling(verdict.ruling.key) if o.name not in names]
    return tuple(n for n in names if n in options)


def other_readings(state: Any, action: Any) -> tuple[OtherReading, ...]:
    """For each option the verdict on ``action`` rests on, each other choice that
    would decide differently, with the verdict it would give.

    ``state.rules`` is the config (a :class:`Configurable`); ``state.under(rules)``
    is the same position under other rules. A choice that conflicts with the
    rest of the table's options is skipped (that reading cannot be played here).
    A game without table options has no other reading: ``()``.
    """
    rules = getattr(state, "rules", None)
    if not isinstance(rules, Configurable):
        return ()
    verdict = state.check(action)
    found = []
    for name in options_relied_on(verdict, rules.OPTIONS):
        opt = rules.OPTIONS[name]
        current = opt.value_of(rules)
        for value in opt.other_values(current):
            try:
                other_rules = rules.replaced(opt.changes(value))
            except (RuleConflictError, ValueError):
                continue
            other = state.under(other_rules).check(action)
            if other.legal != verdict.legal:
                found.append(OtherReading(name, opt.question, opt.token(current), opt.token(value),
                                          opt.meaning(value), other))
    return tuple(found)


R = TypeVar("R")


def other_outcomes(rules: Configurable, judge: Callable[[Any], R], key: Callable[[R], Any],
                   base: R | None = None) -> tuple[tuple[TableOption, Any, R], ...]:
    """Where a whole outcome (a battle, a showdown, a deal's pots) rests on how a table reads
    a clause: for each option of kind ``reading``, each other listed choice, judged by
    ``judge(other_rules)``; kept where ``key`` of that result differs from ``key(base)``
    (``base``: ``judge(rules)`` unless given). A choice that conflicts with the table's
    other options, or under which the question cannot be judged, is skipped.
    Returns (option, the other value, its result)."""
    here = key(judge(rules) if base is None else base)
    found = []
    for opt in rules.OPTIONS:
        if opt.kind != "reading":
            continue
        for value in opt.other_values(opt.value_of(rules)):
            try:
                result = judge(rules.replaced(opt.changes(value)))
            except ValueError:  # a conflict, or a position this reading cannot hold
                continue
            if key(result) != here:
                found.append((opt, value, result))
    return tuple(found)


# -- a custom rule set in a setup ------------------------------------------------------
OPTIONS_KEY = "options"
NAME_KEY = "rules_name"
MAX_NAME = 60


def read_setup_options(config: C, setup: Mapping[str, Any]) -> C:
    """``config`` with the setup's ``options`` (name -> token) applied, and its
    ``rules_name`` checked (a custom rule set's name: display data, one line).

    Every game's setup takes these two keys, so a custom rule set travels
    wherever a setup does (share links, study files, the next deal).
    """
    name = setup.get(NAME_KEY)
    if name is not None:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
            raise NotationError(f"setup {NAME_KEY!r}: a rule set's name is one line of 1 to {MAX_NAME} "
                                f"characters, got {name!r}"[:200], token=repr(name)[:40],
                                expected=f"a name of 1 to {MAX_NAME} characters")
    chosen = setup.get(OPTIONS_KEY)
    if chosen is None:
        return config
    return config.with_options(chosen, where=f"setup {OPTIONS_KEY!r}")


def setup_options(config: Configurable, base: Configurable) -> dict[str, str]:
    """The ``options`` a setup needs to turn ``base`` (a preset) into ``config``."""
    return {name: config.option(name) for name in config.differences(base)}
