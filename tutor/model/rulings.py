"""A ruling you can hand over (issue 34, point 4): its link, and the table's log of rulings.

A ruling link opens the same question, rule set and verdict on another phone. It is the
part after ``#`` in the page's address::

    rl1.<base64url( sha256(z)[:6] + z )>,  z = zlib(JSON payload)

packed as a study link is (:func:`.share.pack`: the checksum catches a link cut short or
changed before anything is decoded). The JSON payload: ``v`` (the format, exactly 1), ``q``
(the question: a checker form's key, ``battle``), ``t`` (each field's text, canonical),
``s`` (the form's settings: its Boolean options and its number of players), ``r`` (the
rule set: preset, options, name) and ``h`` (the verdict's lead sentence when the link was
made). Opening is all or nothing (:meth:`.checker.Checker.open_ruling`): every field is
checked, the question is judged again by the engine on a spare form, and only a question
that gets a verdict replaces what the form holds; a verdict that differs from ``h`` (another
version of the rules) is said beside it. Any flaw raises :class:`RulingLinkError` naming
what is wrong and ending "Nothing was changed.".

The table's log (:class:`RulingLog`): each ruling the table chose to keep (when, the
question, what was asked, the verdict, the rules, its link), kept on the device as a
:class:`~.device_store.DeviceList` (the saved studies' and rule sets' store: nothing lost,
a damaged entry set aside) and exported as a text file. A ruling deleted from it comes back
with Undo (:class:`~.device_model.DeviceListModel`'s, as a saved study does), and an exported
log is read back (:func:`read_export`: a file, or its text pasted), all or nothing: a line
that is not part of such a log is named (:class:`RulingImportError`) and the log is left as
it was.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import param

from rules.errors import NotationError

from .device_model import DeviceListModel
from .device_store import DeviceList, ListFormat
from .share import cut as _cut
from .share import is_tagged_link, pack, read_tagged
from .study import Notice

RULING_TAG = "rl1."  # a ruling link's fragment starts so
FORMAT = 1
MAX_TEXT = 400        # characters in one field of a ruling link
MAX_RULINGS = 300     # rulings kept in one device's log
STORAGE_KEY = "palace-tutor-rulings"
_KEYS = {"v", "q", "t", "s", "r", "h"}
_SHOWN = 40


class RulingLinkError(NotationError):
    """A ruling link that cannot be opened; the message says what is wrong and that nothing changed."""

    def __init__(self, message: str, token: str | None = None):
        super().__init__(f"{message} Nothing was changed.", token=token, expected="a Palace Tutor ruling link")


class RulingImportError(NotationError):
    """Text that cannot be read as an exported log of rulings: the message names the line and
    what it should be, and says that nothing was added."""

    def __init__(self, message: str, token: str | None = None):
        super().__init__(f"{message} Nothing was added: the log is as it was.", token=token,
                         expected="a log of rulings exported by Palace Tutor")


class RulingLogError(ValueError):
    """Storage text that cannot be read as a log of rulings; the message says why."""


# -- the link -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class RulingLink:
    """What a ruling link holds, checked for form (see the module docstring)."""

    mode: str
    texts: Mapping[str, str]
    settings: Mapping[str, Any]
    variant: str
    options: Mapping[str, str]
    title: str
    headline: str


def form_mode(form: Any) -> str:
    """The question a form answers, as the checker lists it (its key, else its game)."""
    return str(form.key or form.game)


def ruling_link(form: Any) -> str:
    """The fragment (no ``#``) that opens this form's question, rule set and verdict
    elsewhere; '' while the form has no verdict."""
    if form.verdict is None:
        return ""
    texts = {k: v for k, v in form.canonical_texts().items() if v}
    settings = {name: getattr(form, name) for name in form.options + form.shape}
    data = {"v": FORMAT, "q": form_mode(form), "t": texts, "s": settings,
            "r": [form.rules_variant, dict(form.rules_options), form.rules_title], "h": form.headline()}
    return RULING_TAG + pack(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def is_ruling_link(text: str) -> bool:
    return is_tagged_link(text, RULING_TAG)


def read_ruling(text: str, modes: Mapping[str, Any]) -> RulingLink:
    """A ruling link (the whole address or its fragment), checked for form against the
    questions the checker knows (``modes``: key -> form). Raises :class:`RulingLinkError`."""
    data = read_tagged(text, RULING_TAG, "ruling", _KEYS, FORMAT, RulingLinkError)
    mode = data.get("q")
    if not isinstance(mode, str) or mode not in modes:
        raise RulingLinkError(f"The ruling link asks a question this version does not know ({_cut(repr(mode))}); "
                              f"it knows: {', '.join(modes)}.", token=str(mode))
    texts = _strings(data.get("t"), "cards")
    settings = data.get("s", {})
    if not isinstance(settings, dict) or not all(isinstance(v, (bool, int)) for v in settings.values()):
        raise RulingLinkError("The ruling link's settings (options, players) are not in the expected form.")
    rules = data.get("r")
    if not (isinstance(rules, list) and len(rules) == 3 and isinstance(rules[0], str) and isinstance(rules[2], str)):
        raise RulingLinkError("The ruling link's rule set is not in the expected form.")
    headline = data.get("h", "")
    if not isinstance(headline, str):
        raise RulingLinkError("The ruling link's verdict is not in the expected form.")
    return RulingLink(mode, texts, settings, rules[0][:_SHOWN], _strings(rules[1], "rule set's options"),
                      rules[2][:MAX_TEXT], headline[:MAX_TEXT])


def _strings(value: Any, what: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise RulingLinkError(f"The ruling link's {what} are not in the expected form.")
    long = next((k for k, v in value.items() if len(v) > MAX_TEXT), None)
    if long is not None:
        raise RulingLinkError(f"The ruling link's {_cut(long)} is longer than any question needs.", token=long)
    return dict(value)


def fill_form(form: Any, link: RulingLink) -> None:
    """Put a ruling link's question into ``form``: its settings and rule set, then every field.
    Raises :class:`RulingLinkError` for a setting or field the form does not have."""
    known = set(form.options + form.shape)
    odd = sorted(set(link.settings) - known)
    if odd:
        raise RulingLinkError(f"The ruling link sets {_cut(odd[0])!r}, which this question does not have.",
                              token=odd[0])
    try:
        form.param.update(**dict(link.settings))
    except ValueError as err:  # a number of players outside the table's bounds, a wrong type
        raise RulingLinkError(f"The ruling link's settings cannot be used: {_cut(str(err))}.") from None
    keys = {f.key: f.label for f in form.fields()}
    odd = sorted(set(link.texts) - set(keys))
    if odd:
        raise RulingLinkError(f"The ruling link fills a field this question does not have ({_cut(odd[0])!r}).",
                              token=odd[0])
    form.use_rules(link.variant, link.options, link.title)
    form.fill(link.texts)


def asked_words(form: Any) -> str:
    """What a form asks, in a line: each filled field by its label ("Attacker banner: J♦; ...")."""
    reading = form.read()
    said = {f.key: reading.names.get(f.key, "") if f.is_name else " ".join(c.label for c in reading.cards.get(f.key, ()))
            for f in form.fields()}
    return "; ".join(f"{f.label}: {said[f.key]}" for f in form.fields() if said[f.key])


# -- the table's log --------------------------------------------------------------------------------
@dataclass(frozen=True)
class LoggedRuling:
    """One ruling kept in the table's log."""

    id: str
    when: str       # ISO 8601, UTC, to the minute: "2026-11-28T21:04Z"
    question: str   # "Battle"
    asked: str      # the fields as typed (asked_words)
    verdict: str    # the verdict's lead sentence
    rules: str      # "Under the rules as written."
    link: str       # the ruling link's fragment (without '#')

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "when": self.when, "question": self.question, "asked": self.asked,
                "verdict": self.verdict, "rules": self.rules, "link": self.link}

    @property
    def when_words(self) -> str:
        """``28 Nov 2026, 21:04 UTC``."""
        try:
            moment = time.strptime(self.when, "%Y-%m-%dT%H:%MZ")
        except ValueError:
            return self.when
        return time.strftime("%d %b %Y, %H:%M UTC", moment).lstrip("0")


_WHEN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\dZ")


def _entry(raw: Any, _place: int) -> LoggedRuling:
    names = ("id", "when", "question", "asked", "verdict", "rules", "link")
    values = [raw.get(k) for k in names] if isinstance(raw, dict) else [None]
    if not all(isinstance(v, str) for v in values):
        raise RulingLogError("is not a ruling")
    entry = LoggedRuling(*values)
    if not entry.id or not _WHEN.fullmatch(entry.when) or not entry.link.startswith(RULING_TAG):
        raise RulingLogError("is not a ruling (its id, time or link is not in the expected form)")
    return entry


EXPORT_TITLE = "Palace Tutor: our table's rulings"
EXPORT_HOW = "Each ruling opens again in Palace Tutor: put its link after the tutor's address."
EXPORT_EMPTY = "No rulings kept yet."
_HEAD = re.compile(r"(?P<when>\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC): (?P<question>\S.*)")
_PARTS = ("Asked:", "Verdict:", "Under", "Link: #")  # how a ruling's lines after its first start, in order
_PART_WORDS = ("\u201cAsked:\u201d", "\u201cVerdict:\u201d", "rules (\u201cUnder ...\u201d)", "\u201cLink: #...\u201d")


def read_export(text: str, modes: Mapping[str, Any]) -> tuple[LoggedRuling, ...]:
    """The rulings of a log exported by :meth:`RulingLog.export_text`, in its order, each with an
    empty id; each link is checked as a ruling link for the questions ``modes``. Raises
    :class:`RulingImportError` naming the first line that does not belong."""
    lines = [(n, line.rstrip()) for n, line in enumerate(str(text).splitlines(), 1) if line.strip()]
    first = lines[0][1].strip() if lines else ""
    if first != EXPORT_TITLE:
        raise RulingImportError(f"This is not a log of rulings exported by Palace Tutor: it should start with "
                                f"\u201c{EXPORT_TITLE}\u201d" + (f", not \u201c{_cut(first)}\u201d." if first else
                                                              " (it is empty)."), token=_cut(first))
    blocks: list[list[tuple[int, str]]] = []
    for n, line in lines[1:]:
        if line.strip() in (EXPORT_HOW, EXPORT_EMPTY):
            continue
        if not line[0].isspace():
            blocks.append([(n, line)])  # a ruling starts: its time and question
        elif not blocks:
            raise RulingImportError(f"Line {n}, \u201c{_cut(line.strip())}\u201d, comes before the first ruling's "
                                    "time and question.", token=_cut(line.strip()))
        else:
            blocks[-1].append((n, line.strip()))
    return tuple(_read_block(block, modes) for block in blocks)


def _read_block(block: list[tuple[int, str]], modes: Mapping[str, Any]) -> LoggedRuling:
    number, head = block[0]
    match = _HEAD.fullmatch(head.strip())
    try:
        moment = time.strptime(match["when"], "%d %b %Y, %H:%M UTC") if match else None
    except ValueError:
        moment = None
    if match is None or moment is None:
        raise RulingImportError(f"Line {number}, \u201c{_cut(head.strip())}\u201d, should start a ruling with its "
                                "time and question, as in \u201c28 Nov 2026, 21:06 UTC: Battle\u201d.",
                                token=_cut(head.strip()))
    said = []
    for place, part in enumerate(_PARTS):
        if place + 1 >= len(block):
            raise RulingImportError(f"The ruling of line {number} ({match['when']}) ends before its "
                                    f"{_PART_WORDS[place]} line.", token=_cut(head.strip()))
        n, line = block[place + 1]
        if not line.startswith(part):
            raise RulingImportError(f"Line {n}, \u201c{_cut(line)}\u201d, should be the {_PART_WORDS[place]} line "
                                    f"of the ruling of line {number}.", token=_cut(line))
        said.append(line if part == "Under" else line[len(part):].strip())
    if len(block) > 1 + len(_PARTS):
        n, line = block[1 + len(_PARTS)]
        raise RulingImportError(f"Line {n}, \u201c{_cut(line)}\u201d, comes after the link of the ruling of line "
                                f"{number}: a ruling ends with its link.", token=_cut(line))
    asked, verdict, rules, link = said
    try:
        read_ruling(link, modes)
    except RulingLinkError as err:
        raise RulingImportError(f"Line {block[-1][0]}: the link of the ruling of {match['when']} cannot be opened: "
                                f"{str(err).replace(' Nothing was changed.', '')}", token=_cut(link)) from None
    return LoggedRuling("", time.strftime("%Y-%m-%dT%H:%MZ", moment), match["question"], asked, verdict, rules,
                        link)


LIST_FORMAT: ListFormat[LoggedRuling] = ListFormat("palace-tutor-rulings", 1, "rulings", "rulings", _entry,
                                                   LoggedRuling.as_json, lambda e: e.id, RulingLogError)


class RulingLog(DeviceListModel, param.Parameterized):
    """The rulings this table kept, newest first, stored on the device (see the module docstring).

    The storage bridge calls :meth:`load` (on start), :meth:`written`, :meth:`changed` (another
    tab) and :meth:`storage_failed` (:class:`~.device_model.DeviceListModel`); it writes
    ``stored`` whenever it changes."""

    _unreadable = "The table's log on this device could not be read: {err}. It is left as it is."
    _other_tab = "Another tab left the table's log unreadable ({err}); it is left as it is."
    _not_stored = "Not kept: this device did not store the ruling ({message}). Its link still opens it."

    entries: tuple[LoggedRuling, ...] = param.Parameter(default=(), doc="The rulings kept, newest first.")
    stored: str = param.String(default="", doc="The text to keep on the device.")
    writable: bool = param.Boolean(default=False, doc="False until the device's log was read (or if it "
                                                      "cannot be): nothing is written over what it could not read.")
    notice: Notice | None = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                                doc="What the last change did, or why it was refused.")
    deleted: tuple[LoggedRuling, int] | None = param.Tuple(default=None, length=2, allow_None=True,
                                                           doc="The last deleted ruling and its place, for Undo.")

    def __init__(self, clock: Callable[[], float] = time.time, **params: Any):
        super().__init__(**params)
        self._device: DeviceList[LoggedRuling] = DeviceList(LIST_FORMAT)
        self._clock = clock
        self._said: Notice | None = None
        self._count = 0

    def keep(self, form: Any, question: str) -> LoggedRuling | None:
        """Keep the form's ruling (its verdict now) in the log; refused, saying why, when there
        is no verdict, the log could not be read, or it is full."""
        link = ruling_link(form)
        if not link:
            self.notice = Notice("error", "There is no verdict to keep yet: fill in the cards first.")
            return None
        if not self.writable:
            self.notice = Notice("error", "The table's log on this device has not been read (or could not be), "
                                          "so nothing is written over it.")
            return None
        if len(self.entries) >= MAX_RULINGS:
            self.notice = Notice("error", f"The log holds {MAX_RULINGS} rulings, its most: export it, then "
                                          "delete some.")
            return None
        now = self._clock()
        entry = LoggedRuling(self._new_id(now), time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime(now)), question,
                             asked_words(form), form.headline() or form.describe().split("\n")[0],
                             form.rules_words(), link)
        self._store(lambda kept: (entry,) + kept, Notice("info", "Kept in the table's log on this device."),
                    deleted=None)  # Undo is for the last change: after this one it could bring a ruling in twice
        return entry

    def delete(self, entry_id: str) -> bool:
        """Delete one ruling; Undo (:meth:`undo_delete`) puts it back where it was."""
        entry = next((e for e in self.entries if e.id == entry_id), None)
        if entry is None or not self.writable:
            return False
        self._remove(entry, Notice("info", f"Deleted the ruling of {entry.when_words} from the log. "
                                           "Undo brings it back."))
        return True

    def _back_words(self, entry: LoggedRuling) -> str:
        return f"The ruling of {entry.when_words} is back in the log."

    def add_export(self, text: str, modes: Mapping[str, Any]) -> int:
        """Add the rulings of an exported log (a file, or its text pasted) that this log does not
        hold yet (the same time and link), in their order, before the rulings kept here. All or
        nothing: a line that does not belong is named and nothing is added. Returns how many
        were added."""
        if not self.writable:
            self.notice = Notice("error", "The table's log on this device has not been read (or could not be), "
                                          "so nothing is written over it.")
            return 0
        try:
            found = read_export(text, modes)
        except RulingImportError as err:
            self.notice = Notice("error", str(err))
            return 0
        held = {(e.when, e.link) for e in self.entries}
        new: list[LoggedRuling] = []
        for entry in found:
            if (entry.when, entry.link) not in held:
                held.add((entry.when, entry.link))
                new.append(replace(entry, id=self._new_id(self._clock())))
        if len(self.entries) + len(new) > MAX_RULINGS:
            self.notice = Notice("error", f"The log would hold {len(self.entries) + len(new)} rulings; it keeps at most "
                                          f"{MAX_RULINGS}. Nothing was added: delete some first.")
            return 0
        skipped = len(found) - len(new)
        words = (f"Added {len(new)} {'ruling' if len(new) == 1 else 'rulings'} to the table's log"
                 + (f" ({skipped} already in it)." if skipped else "."))
        if not new:
            self.notice = Notice("info", f"Every ruling in it is already in the table's log ({skipped}). "
                                         "Nothing was added." if skipped else "The exported log holds no rulings.")
            return 0
        self._store(lambda kept: tuple(new) + kept, Notice("info", words), deleted=None)
        return len(new)

    def export_text(self) -> str:
        """The log as a text file a person reads: newest first, each ruling with its link."""
        lines = [EXPORT_TITLE, "", EXPORT_HOW, ""]
        for e in self.entries:
            lines += [f"{e.when_words}: {e.question}", f"  Asked: {e.asked}", f"  Verdict: {e.verdict}",
                      f"  {e.rules}", f"  Link: #{e.link}", ""]
        if not self.entries:
            lines.append(EXPORT_EMPTY)
        return "\n".join(lines).rstrip("\n") + "\n"

    def _new_id(self, now: float) -> str:
        known = {e.id for e in self.entries}
        while True:
            self._count += 1
            made = f"k{int(now * 1000):x}-{self._count}"
            if made not in known:
                return made
