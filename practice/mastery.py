"""Mastery: how well a learner knows each clause, with spaced repetition.

Each clause has a record: right and wrong answers, and a memory card of the FSRS scheduler (the
pure-Python ``fsrs`` package, https://github.com/open-spaced-repetition/py-fsrs): a right answer
is rated Good, a wrong one Again; the card's *stability* grows with right answers spaced out in
time, and its *retrievability* (the chance the learner still knows it now) fades between
reviews. We call that retrievability the clause's **strength** (0 to 1; 0 before any answer).

A clause is **known** when its last answer was right and its strength now is at least
``KNOWN`` (0.9): a right answer makes it known, and time alone makes it "due" again.

:class:`Mastery` is an immutable value: :meth:`Mastery.record` returns a new one. It saves to a
versioned JSON text (:meth:`Mastery.to_json`) and reads one back (:meth:`Mastery.from_json`); a
broken or foreign file is refused with a :class:`ProgressFileError` naming the reason, and
nothing is lost (the learner's current progress is another value, untouched).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from datetime import datetime, timezone
from typing import Any

from fsrs import Card, Rating, Scheduler

FORMAT = "palace-tutor-progress"
VERSION = 1
KNOWN = 0.9
WEAK = 0.7
MAX_BYTES = 1_000_000
MAX_DEPTH = 6
MAX_CLAUSES = 2000

_SCHEDULER = Scheduler(enable_fuzzing=False)


class ProgressFileError(ValueError):
    """A progress file that cannot be read: the reason names what is wrong."""


def now() -> datetime:
    return datetime.now(timezone.utc)


def _aware(when: datetime | None) -> datetime:
    if when is None:
        return now()
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


@dataclass(frozen=True)
class ClauseRecord:
    """One clause's answers and its scheduler card (kept as the card's own plain data)."""

    clause: str
    right: int = 0
    wrong: int = 0
    last_right: bool = False
    card: tuple[tuple[str, Any], ...] = ()

    def fsrs_card(self) -> Card:
        return Card.from_dict(dict(self.card)) if self.card else Card()

    @property
    def seen(self) -> bool:
        return bool(self.right or self.wrong)

    def strength(self, when: datetime | None = None) -> float:
        if not self.seen:
            return 0.0
        return float(_SCHEDULER.get_card_retrievability(self.fsrs_card(), current_datetime=_aware(when)))

    def due(self) -> datetime | None:
        return self.fsrs_card().due if self.seen else None

    def known(self, when: datetime | None = None) -> bool:
        return self.last_right and self.strength(when) >= KNOWN


@dataclass(frozen=True)
class Progress:
    """How many of some clauses are known, e.g. "41 of 58 house rules known"."""

    known: int
    total: int
    seen: int

    def sentence(self, what: str = "rules") -> str:
        return f"{self.known} of {self.total} {what} known"


@dataclass(frozen=True)
class Mastery:
    records: tuple[ClauseRecord, ...] = field(default=())

    @cached_property
    def _by_clause(self) -> dict[str, ClauseRecord]:
        """The records by clause, made once per value (the map asks for hundreds of clauses)."""
        return {r.clause: r for r in self.records}

    def get(self, clause: str) -> ClauseRecord:
        return self._by_clause.get(clause, ClauseRecord(clause))

    def record(self, clause: str, correct: bool, when: datetime | None = None) -> "Mastery":
        """A new value with one answer counted and the clause's card reviewed at ``when``."""
        rec = self.get(clause)
        card, _ = _SCHEDULER.review_card(rec.fsrs_card(), Rating.Good if correct else Rating.Again,
                                         review_datetime=_aware(when))
        new = replace(rec, right=rec.right + correct, wrong=rec.wrong + (not correct), last_right=correct,
                      card=tuple(sorted(card.to_dict().items())))
        others = tuple(r for r in self.records if r.clause != clause)
        return Mastery(tuple(sorted(others + (new,), key=lambda r: r.clause)))

    def strength(self, clause: str, when: datetime | None = None) -> float:
        return self.get(clause).strength(when)

    def known(self, clause: str, when: datetime | None = None) -> bool:
        return self.get(clause).known(when)

    def progress(self, clauses: Iterable[str], when: datetime | None = None) -> Progress:
        ids = list(clauses)
        return Progress(sum(self.known(c, when) for c in ids), len(ids), sum(self.get(c).seen for c in ids))

    def queue(self, clauses: Iterable[str], when: datetime | None = None, size: int = 10) -> tuple[str, ...]:
        """What to practise next among ``clauses`` (in their order): clauses that are due, the
        weakest first, taking turns with weak ones (answered wrong last, or strength under
        ``WEAK``) and with new ones, so a session mixes review with learning."""
        at = _aware(when)
        ids = list(dict.fromkeys(clauses))
        due, weak, fresh = [], [], []
        for c in ids:
            rec = self.get(c)
            if not rec.seen:
                fresh.append(c)
            elif rec.due() is not None and rec.due() <= at:
                due.append(c)
            elif not rec.last_right or rec.strength(at) < WEAK:
                weak.append(c)
        due.sort(key=lambda c: self.strength(c, at))
        weak.sort(key=lambda c: self.strength(c, at))
        out: list[str] = []
        lanes = [due, weak, fresh]
        while len(out) < size and any(lanes):
            for lane in lanes:
                if lane and len(out) < size:
                    out.append(lane.pop(0))
        return tuple(out)

    # -- the progress file ---------------------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "clauses": {r.clause: {"right": r.right, "wrong": r.wrong, "last_right": r.last_right,
                                       "card": dict(r.card)} for r in self.records}}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, known_clauses: Iterable[str] | None = None) -> "Mastery":
        """Read a progress file. Refused (ProgressFileError, with the reason) when it is too big,
        nested too deep, not JSON, of another format or a newer version, or when a clause's
        record is malformed or (given ``known_clauses``) names no clause we have."""
        data = _load_bounded(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressFileError(f"not a Palace Tutor progress file (its 'format' should be {FORMAT!r})")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ProgressFileError(f"progress file version {version!r} is not a whole number from 1")
        if version > VERSION:
            raise ProgressFileError(f"progress file version {version} is newer than this tutor reads ({VERSION}); "
                                    "update the tutor to import it")
        clauses = data.get("clauses")
        if not isinstance(clauses, dict):
            raise ProgressFileError("progress file has no 'clauses' table")
        if len(clauses) > MAX_CLAUSES:
            raise ProgressFileError(f"progress file lists {len(clauses)} clauses; at most {MAX_CLAUSES} are read")
        allowed = set(known_clauses) if known_clauses is not None else None
        records = [_read_record(cid, raw, allowed) for cid, raw in clauses.items()]
        return cls(tuple(sorted(records, key=lambda r: r.clause)))


def _load_bounded(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise ProgressFileError(f"progress file is {len(text)} bytes; at most {MAX_BYTES} are read")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProgressFileError("progress file is not UTF-8 text") from None
    if not isinstance(text, str):
        raise ProgressFileError("a progress file is text")
    if len(text) > MAX_BYTES:
        raise ProgressFileError(f"progress file is {len(text)} characters; at most {MAX_BYTES} are read")
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # nesting is measured before parsing, so a deep file never reaches the parser
        if in_string:
            escaped = not escaped and ch == "\\"
            if ch == '"' and not escaped:
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                raise ProgressFileError(f"progress file nests deeper than {MAX_DEPTH} levels")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ProgressFileError(f"progress file is not valid JSON: {err.msg} at line {err.lineno}") from None


def _read_record(cid: Any, raw: Any, allowed: set[str] | None) -> ClauseRecord:
    if not isinstance(cid, str) or not 0 < len(cid) <= 40:
        raise ProgressFileError(f"clause name {str(cid)[:40]!r} is not a clause id")
    if allowed is not None and cid not in allowed:
        raise ProgressFileError(f"clause {cid!r} is not one this tutor has")
    if not isinstance(raw, Mapping):
        raise ProgressFileError(f"clause {cid}: its record should be a table")
    counts = {}
    for key in ("right", "wrong"):
        value = raw.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**6:
            raise ProgressFileError(f"clause {cid}: {key!r} should be a whole number, got {value!r}")
        counts[key] = value
    last = raw.get("last_right", False)
    if not isinstance(last, bool):
        raise ProgressFileError(f"clause {cid}: 'last_right' should be true or false")
    card = raw.get("card", {})
    if not isinstance(card, Mapping):
        raise ProgressFileError(f"clause {cid}: 'card' should be a table")
    if card:
        try:
            Card.from_dict(dict(card)).to_dict()
        except (KeyError, TypeError, ValueError) as err:
            raise ProgressFileError(f"clause {cid}: its scheduler card is malformed ({err})") from None
    return ClauseRecord(cid, counts["right"], counts["wrong"], last, tuple(sorted(dict(card).items())))
