"""Your table's rules: a rule set built from a preset by answering the game's
table options, given a name, kept on this device and dealt under.

The form is generated from the chosen game's declared options
(``Config.OPTIONS``, :mod:`rules.options`): each option's question, its
choices in words with the preset's own one marked, and the source section it
rests on. Nothing here knows a rule: changing a choice asks the engine
(``with_options``); a combination the engine refuses keeps the previous,
valid rules and says why, naming the clashing settings.

A deal started under the rule set carries ``options`` (name -> choice, only
where it differs from the preset) and ``rules_name`` in its setup, so the
study, its share link, its study file and the next deal carry it too.

Saved rule sets are a small JSON list in the browser's storage, read and
written through the same bridge as the saved studies (``tutor.views.library``);
text that cannot be read is left as it is and saving stays off.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import param

from rules.core import Presets
from rules.errors import NotationError
from rules.options import MAX_NAME, Configurable, RuleConflictError, read_setup_options, setup_options

from .catalog import Catalog
from .device_model import DeviceListModel
from .device_store import DeviceList, ListFormat
from .rule_words import clash_words, refusal_words
from .rules_sheet import RuleSheet, rules_sheet
from .params import TupleOf
from .study import Notice

FORMAT = "palace-tutor-rule-sets"
VERSION = 1
STORAGE_KEY = "palace-tutor.rule-sets"
MAX_RULE_SETS = 100
KIND_WORDS = {"reading": "How to read the rule", "variation": "A variation", "setting": "A table setting"}


@dataclass(frozen=True)
class ChoiceRow:
    """One answer to an option's question, in words; ``preset``: the preset's own answer."""

    token: str
    meaning: str
    preset: bool


@dataclass(frozen=True)
class OptionRow:
    """One question of the form (plain data for the view)."""

    name: str
    question: str
    cite: str          # the source section, in plain words
    kind: str          # reading / variation / setting, in words
    choices: tuple[ChoiceRow, ...]
    free: str          # how to write a free value ("a whole number from 0 to 2"), or ""
    current: str       # the token the rule set stands on
    preset: str        # the preset's own token
    preset_meaning: str
    preset_mark: str = "as written"  # or "our reading": the preset's answer is our ruling on its source

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "question": self.question, "cite": self.cite, "kind": self.kind,
                "choices": [{"token": c.token, "meaning": c.meaning, "preset": c.preset} for c in self.choices],
                "free": self.free, "current": self.current, "preset": self.preset,
                "preset_meaning": self.preset_meaning, "preset_mark": self.preset_mark}


@dataclass(frozen=True)
class SavedRuleSet:
    """A rule set kept on this device: a name, the game and preset, the changed options."""

    id: str
    name: str
    game: str
    variant: str
    options: tuple[tuple[str, str], ...]

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "game": self.game, "variant": self.variant,
                "options": dict(self.options)}


class RuleSetStoreError(ValueError):
    """Storage text that cannot be read as a list of rule sets; the message says why."""


def cite_words(ref: Any) -> str:
    """A source section in plain words: 'The Palace of Caron, "Playing the game 4": <our summary>'."""
    return f"{ref.source_title}, \u201c{ref.section}\u201d: {ref.summary}"


def _rule_set(item: Any, _place: int) -> SavedRuleSet:
    texts = [item.get(k) for k in ("id", "name", "game", "variant")] if isinstance(item, dict) else [None]
    options = item.get("options") if isinstance(item, dict) else None
    if not all(isinstance(t, str) and t for t in texts) or not isinstance(options, dict) \
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise RuleSetStoreError("is not a rule set")
    entry_id, name, game, variant = (str(t) for t in texts)
    return SavedRuleSet(entry_id, name, game, variant, tuple(options.items()))


LIST_FORMAT: ListFormat[SavedRuleSet] = ListFormat(FORMAT, VERSION, "rule_sets", "rule sets", _rule_set,
                                                   SavedRuleSet.as_json, lambda e: e.id, RuleSetStoreError)


def read_rule_sets(text: str) -> tuple[SavedRuleSet, ...]:
    """Every rule set in storage text ('' is an empty list). Raises RuleSetStoreError naming the
    first entry that cannot be read (the device's list sets it aside instead: :class:`TableRules`)."""
    store = DeviceList(LIST_FORMAT)
    found = store.read(text)
    if store.aside:
        raise RuleSetStoreError(f"entry {store.aside[0].place + 1} {store.aside[0].why}")
    return found


def write_rule_sets(entries: tuple[SavedRuleSet, ...]) -> str:
    return DeviceList(LIST_FORMAT).text(entries)


def preset_title(catalog: Catalog, game: str, variant: str) -> str:
    """A preset as a person calls it: the game's own title ("Caron's rules"), else its
    name in words ("no-pot-sharing" -> "No pot sharing")."""
    try:
        presets: Presets = catalog.family(game).presets
    except ValueError:
        presets = Presets(game, {})
    return presets.title(variant)


def rules_title(study: Any, catalog: Catalog) -> str:
    """What a study's rules are called: the table's own rule set's name, else the preset."""
    setup = getattr(study, "setup", None) or {}
    name = setup.get("rules_name") if isinstance(setup, Mapping) else None
    return name if isinstance(name, str) and name.strip() else preset_title(catalog, study.game, study.variant)


def carried_rules(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a setup that hold the table's own rule set (for the next deal)."""
    return {k: setup[k] for k in ("options", "rules_name") if k in setup}


class TableRules(DeviceListModel, param.Parameterized):
    """The rule set being built, and the ones saved on this device (see the module docstring)."""

    _entries = "saved"  # kept on the device (DeviceListModel: load, written, changed, storage_failed)
    _unreadable = "The rule sets kept on this device could not be read: {err}. They are left as they are."
    _other_tab = "Another tab left the rule sets unreadable ({err}); they are left as they are."
    _not_stored = ("Not kept: this device did not store the rule set ({message}). Deals under it still carry "
                   "it in their links.")

    game: str = param.String(default="", doc="The game whose options the form asks.")
    variant: str = param.String(default="", doc="The preset the rule set starts from.")
    options: dict[str, str] = param.Dict(default={}, doc="Name -> choice, where the rule set differs from the preset.")
    rules_name: str = param.String(default="", doc="The rule set's name ('' until the table names it).")
    notice: Notice | None = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                 doc="Why the last change was refused, or what the last save did.")
    saved: tuple[SavedRuleSet, ...] = TupleOf(SavedRuleSet, doc="Rule sets kept on this device.")
    stored: str = param.String(default="", doc="The saved list as storage text: what the bridge writes.")
    writable: bool = param.Boolean(default=True, doc="False while the stored text could not be read (kept as it is).")

    def __init__(self, catalog: Catalog, clock: Callable[[], float] = time.time, **params: Any):
        self.catalog = catalog
        self._clock = clock
        self._count = 0
        self._device: DeviceList[SavedRuleSet] = DeviceList(LIST_FORMAT)
        self._said: Notice | None = None  # what the last edit says once the device confirms it
        super().__init__(**params)

    # -- the rule set being built -------------------------------------------------------------
    def base(self) -> Any:
        """The preset's rule config."""
        return self.catalog.family(self.game).presets[self.variant]

    def rules(self) -> Any:
        """The rule config the table plays (always one the engine accepted)."""
        if not isinstance(self.base(), Configurable):
            return self.base()
        return self.base().with_options(self.options) if self.options else self.base()

    def rebase(self, game: str, variant: str) -> None:
        """Start from another game or preset. The same game keeps the choices made
        where the new preset takes them; another game starts afresh."""
        if (game, variant) == (self.game, self.variant) or not game or not variant:
            return
        keep = dict(self.options) if game == self.game else {}
        name = self.rules_name if game == self.game else ""
        self.param.update(game=game, variant=variant, options={}, rules_name=name, notice=None)
        if keep:
            try:
                self.options = setup_options(self.base().with_options(keep), self.base())
            except (RuleConflictError, NotationError) as err:
                self.notice = Notice("error", f"Your choices do not hold under these rules ({refusal_words(self.base(), err)}); "
                                              "the form shows this preset's own rules.")

    def rows(self) -> list[OptionRow]:
        """The form: one row per option of the game, in the engine's order."""
        if not self.game or not self.variant:
            return []
        base = self.base()
        if not isinstance(base, Configurable):
            return []  # a game without table options
        rules = self.rules()
        found = []
        for opt in type(base).OPTIONS:
            preset_token = opt.token(opt.value_of(base))
            choices = tuple(ChoiceRow(c.token, c.meaning, c.token == preset_token) for c in opt.choices)
            found.append(OptionRow(opt.name, opt.question, cite_words(opt.ref), KIND_WORDS.get(opt.kind, ""),
                                   choices, opt.free.form if opt.free is not None else "",
                                   opt.token(opt.value_of(rules)), preset_token, opt.meaning(opt.value_of(base)),
                                   _preset_mark(opt, base)))
        return found

    def choose(self, option: str, text: str) -> bool:
        """Answer one question. A refused answer (a clash, a bad value) keeps the
        rules as they were and says why."""
        if not isinstance(self.base(), Configurable):
            return False
        try:
            made = self.base().with_options({**self.options, option: text}, where="your table")
        except RuleConflictError as err:
            self.notice = Notice("error", f"Those rules cannot be played together: {clash_words(self.base(), err)}. "
                                          "Your rules are as they were.")
            return False
        except NotationError:
            opt = type(self.base()).OPTIONS[option]
            self.notice = Notice("error", f"\u201c{opt.question}\u201d takes {opt.valid().replace(' | ', ' or ')}, "
                                          f"not \u201c{text}\u201d. Your rules are as they were.")
            return False
        self.param.update(options=setup_options(made, self.base()), notice=None)
        return True

    def set_name(self, text: str) -> bool:
        name = " ".join(str(text or "").split())
        if len(name) > MAX_NAME or not name.isprintable():
            self.notice = Notice("error", f"A rule set's name is one line of at most {MAX_NAME} characters. "
                                          "The name was not changed.")
            return False
        self.param.update(rules_name=name, notice=None)
        return True

    def reset(self) -> None:
        """Back to the preset as written (and no name)."""
        self.param.update(options={}, rules_name="", notice=None)

    def sheet(self) -> RuleSheet | None:
        """The rules being set up on one page (None before a game is chosen)."""
        if not self.game or not self.variant:
            return None
        return rules_sheet(self.game, self.variant, self.options, self.rules_name)

    def is_custom(self) -> bool:
        return bool(self.options or self.rules_name)

    def setup_extra(self) -> dict[str, Any]:
        """What a deal's setup takes to be played under this rule set."""
        extra: dict[str, Any] = {}
        if self.options:
            extra["options"] = dict(self.options)
        if self.rules_name:
            extra["rules_name"] = self.rules_name
        return extra

    def title(self) -> str:
        return self.rules_name or self.preset_title()

    def preset_title(self, variant: str | None = None) -> str:
        """The preset the rule set starts from (or ``variant``), as a person calls it."""
        return preset_title(self.catalog, self.game, self.variant if variant is None else variant)

    def adopt(self, game: str, variant: str, setup: Mapping[str, Any]) -> None:
        """Show the rule set a study is played under (a link or a file opened)."""
        given = setup.get("options")
        options: Mapping[Any, Any] = given if isinstance(given, dict) else {}
        name = setup.get("rules_name") if isinstance(setup.get("rules_name"), str) else ""
        self.param.update(game=game, variant=variant, options={str(k): str(v) for k, v in options.items()},
                          rules_name=name, notice=None)

    # -- kept on this device ---------------------------------------------------------------------
    def save(self) -> SavedRuleSet | None:
        """Keep the rule set on this device (over one of the same game and name)."""
        if not self.writable:
            self.notice = Notice("error", "The rule sets kept on this device could not be read, so nothing is "
                                          "saved over them.")
            return None
        if not self.rules_name:
            self.notice = Notice("error", "Give the rule set a name first, to find it again.")
            return None
        old = next((e for e in self.saved if e.game == self.game and e.name.casefold() == self.rules_name.casefold()), None)
        if old is None and len(self.saved) >= MAX_RULE_SETS:
            self.notice = Notice("error", f"This device keeps at most {MAX_RULE_SETS} rule sets: delete one first.")
            return None
        made = SavedRuleSet(old.id if old else self._new_id(), self.rules_name, self.game, self.variant,
                            tuple(sorted(self.options.items())))
        self._store(lambda saved: (made,) + tuple(e for e in saved if e.id != made.id), Notice("info", f"Kept \u201c{made.name}\u201d on this device"
                                           + (" (replacing the earlier one)." if old else ".")))
        return made

    def pick(self, entry_id: str) -> bool:
        """Play a saved rule set again (checked by the engine first: a damaged one changes nothing)."""
        entry = next((e for e in self.saved if e.id == entry_id), None)
        if entry is None:
            self.notice = Notice("error", "That rule set is no longer on this device.")
            return False
        base = None
        try:
            base = self.catalog.family(entry.game).presets[entry.variant]
            read_setup_options(base, {"options": dict(entry.options), "rules_name": entry.name})
        except (ValueError, KeyError) as err:
            self.notice = Notice("error", f"\u201c{entry.name}\u201d cannot be played: {refusal_words(base, err)}. "
                                          "Nothing was changed.")
            return False
        self.param.update(game=entry.game, variant=entry.variant, options=dict(entry.options), rules_name=entry.name,
                          notice=Notice("info", f"Playing under \u201c{entry.name}\u201d."))
        return True

    def delete(self, entry_id: str) -> bool:
        entry = next((e for e in self.saved if e.id == entry_id), None)
        if entry is None or not self.writable:
            return False
        self._store(lambda saved: tuple(e for e in saved if e.id != entry_id),
                    Notice("info", f"Deleted \u201c{entry.name}\u201d from this device."))
        return True

    def saved_for(self, game: str) -> tuple[SavedRuleSet, ...]:
        return tuple(e for e in self.saved if e.game == game)

    def _new_id(self) -> str:
        known = {e.id for e in self.saved}
        while True:
            self._count += 1
            made = f"r{int(self._clock() * 1000):x}-{self._count}"
            if made not in known:
                return made


def _preset_mark(opt: Any, base: Any) -> str:
    """'our reading' where the preset's answer is our ruling on the preset's own source
    (Caron's four of a kind); 'as written' where the preset's source says it (the house
    rules' four of a kind anytime) or the option is a variation or a setting."""
    from rules.refs import RULINGS

    ruling = RULINGS.get(opt.ruling) if opt.ruling else None
    source = getattr(base, "source", None)
    return "our reading" if ruling is not None and source in (None, ruling.ref.source) else "as written"


# -- "under your table's reading", in the hand checker ------------------------------------
_KEYS = re.compile(r"\s*\((?:option|ruling) [a-z0-9-]+\)")


def kings_pot_readings(verdict: Any) -> tuple[str, ...]:
    """A King's Pot tableau's verdict on the King's pot rests on option
    ``kings-pot-win``: the engine's line under the table's reading, then under
    each other reading, in plain words (no option or ruling keys)."""
    from rules.kings_pot import KingsPotRules

    option = KingsPotRules.OPTIONS["kings-pot-win"]
    lines = [f"As this table reads it ({option.meaning(verdict.kings_pot_win)}): "
             + _KEYS.sub("", verdict.kings_pot_line())]
    for other in option.other_values(verdict.kings_pot_win):
        line = _KEYS.sub("", verdict.kings_pot_line(other))
        lines.append(f"Some tables read this rule the other way: {option.meaning(other)}. "
                     f"There {line[0].lower()}{line[1:]}")
    return tuple(lines)
