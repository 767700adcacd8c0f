"""What a learner knows, as a map and as a file: the mastery of every clause matrix (how many
of each rule set's clauses are known, each clause's strength), the chapters done of every
course, and the file that carries both to another device.

The file is JSON: ``{"format": "palace-tutor-learning", "version": 1, "mastery": {...},
"courses": {...}}``, the two parts exactly as the browser keeps them
(``practice.mastery.Mastery.to_json`` and ``lessons.progress.Progress.to_json``). Importing
reads the whole file first, with each part's own checks; a broken or foreign file is refused
with the reason (:class:`LearningFileError`) and nothing changes. A good file is merged into
what this device has: per clause the record with more answers, per course the best outcome of
every task; nothing known here is lost.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from lessons.progress import Progress, ProgressError
from rules.jsontext import JsonBoundsError, read_json
from practice import Clause, clauses
from practice.mastery import Mastery, ProgressFileError

from .course import CourseModel, merged
from .practice import PracticeModel
from .table_rules import preset_title

FORMAT = "palace-tutor-learning"
VERSION = 1
MAX_BYTES = 2_000_000
class LearningFileError(ValueError):
    """A file that cannot be imported, and why; nothing was changed."""


@dataclass(frozen=True)
class ClauseRow:
    """One clause on the map: its id, the rule in our words, strength (0 to 1), answers."""

    id: str
    about: str
    strength: float
    right: int
    wrong: int
    known: bool
    last_right: bool = False

    def words(self) -> str:
        """The rule's state in words: a strength is only said once the last answer was right
        (right after a wrong answer the scheduler's recall is high too, but it is not known)."""
        if not self.right + self.wrong:
            return "not practised yet"
        if not self.last_right:
            return "last answer wrong"
        return f"{round(100 * self.strength)}%" + (" (known)" if self.known else "")


@dataclass(frozen=True)
class MatrixRow:
    """One clause matrix (a rule book's rules): the game and rule set in words, and how many of
    its clauses (with a drill) are known."""

    matrix: str
    game: str
    rules: str
    known: int
    total: int
    seen: int

    def sentence(self) -> str:
        """"Palace, House rules: 12 of 58 rules known"."""
        return f"{self.game}, {self.rules}: {self.known} of {self.total} rules known"


def drilled(game: str | None = None) -> tuple[Any, ...]:
    """Every clause with a drill (``practice.Clause``; a game whose drills part declares its
    clauses otherwise has no map here)."""
    try:
        every = clauses(game)
    except ImportError:  # a game without a practice module
        return ()
    return tuple(c for c in every if isinstance(c, Clause) and c.make is not None)


def _base(variant: str) -> str:
    """The preset a clause is drilled under, without the options it adds (``house+last-card``)."""
    return variant.split("+")[0]


def _rule_book(catalog: Any, game: str, those: list[Any]) -> str:
    """A matrix's rule book in words: its preset's title, and "and its variations" where its
    clauses are drilled under several presets (Palace Poker's Points, No limit...)."""
    presets = list(dict.fromkeys(_base(c.variant) for c in those))
    title = preset_title(catalog, game, presets[0])
    return title if len(presets) == 1 else f"{title} and its variations"


def _row(mastery: Mastery, catalog: Any, game: str, matrix: str, those: list[Any]) -> MatrixRow:
    progress = mastery.progress([c.id for c in those])
    return MatrixRow(matrix, catalog.title(game), _rule_book(catalog, game, those),
                     progress.known, progress.total, progress.seen)


def matrices(mastery: Mastery, catalog: Any) -> tuple[MatrixRow, ...]:
    """Every clause matrix with a drill, and how much of it is known."""
    out: list[MatrixRow] = []
    for game in catalog.game_ids():
        by_matrix: dict[str, list[Any]] = {}
        for clause in drilled(game):
            by_matrix.setdefault(clause.matrix, []).append(clause)
        out.extend(_row(mastery, catalog, game, matrix, those) for matrix, those in by_matrix.items())
    return tuple(out)


def matrix_of(mastery: Mastery, catalog: Any, game: str, variant: str) -> MatrixRow | None:
    """The map's row of the rule book a table of ``game`` under ``variant`` is drilled from
    (the same count the map shows), or None where no drill has it."""
    those = drilled(game)
    matrix = next((c.matrix for c in those if _base(c.variant) == _base(variant)), None)
    if matrix is None:
        return None
    return _row(mastery, catalog, game, matrix, [c for c in those if c.matrix == matrix])


def clause_rows(mastery: Mastery, ids: tuple[str, ...]) -> tuple[ClauseRow, ...]:
    """The clauses ``ids`` (a rule set's), each with its strength and answers."""
    about = {c.id: c.about for c in drilled()}
    rows = []
    for cid in ids:
        record = mastery.get(cid)
        rows.append(ClauseRow(cid, about.get(cid, ""), record.strength(), record.right, record.wrong,
                              record.known(), record.last_right))
    return tuple(rows)


def course_lines(catalog: Any, progress: Progress) -> tuple[tuple[str, str], ...]:
    """(course title, "3 of 13 chapters done, 8 stars of 39") of every course begun."""
    out = []
    for mine in progress.courses:
        if not mine.answers:
            continue
        try:
            course = catalog.course(mine.course)
        except ValueError:  # a course this version does not have
            continue
        out.append((str(course.title), mine.words(course)))
    return tuple(out)


def export_text(course: CourseModel, practice: PracticeModel) -> str:
    """The learner's whole progress as the file's text."""
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "mastery": json.loads(practice.mastery.to_json()),
                       "courses": json.loads(course.progress.to_json())},
                      ensure_ascii=False, sort_keys=True, indent=1)


def read_file(text: str | bytes) -> tuple[Mastery, Progress]:
    """The file's two parts, each checked as the browser's own storage is; LearningFileError why not."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise LearningFileError(f"the file is too large ({len(text):,} bytes; a progress file is under "
                                    f"{MAX_BYTES:,})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise LearningFileError("the file is not a text file") from None
    if len(text) > MAX_BYTES:
        raise LearningFileError(f"the file is too large ({len(text):,} characters)")
    try:  # bounded: nesting that exhausts the stack kills the browser's Python (issue 35, point 7)
        data = read_json(text, what="the file", max_chars=MAX_BYTES)
    except JsonBoundsError as err:
        raise LearningFileError(str(err)) from None
    except ValueError:
        raise LearningFileError("the file is not a Palace Tutor progress file (it is not JSON, or it was cut "
                                "short)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LearningFileError("the file is not a Palace Tutor progress file (saved with 'Save my progress')")
    if data.get("version") != VERSION:
        raise LearningFileError(f"the file was written by another version of Palace Tutor (format version "
                                f"{str(data.get('version'))[:20]!r}; this one reads version {VERSION})")
    try:
        mastery = Mastery.from_json(json.dumps(data.get("mastery")), known_clauses=[c.id for c in drilled()])
    except ProgressFileError as err:
        raise LearningFileError(f"its rules practised cannot be read: {err}") from None
    try:
        progress = Progress.from_json(json.dumps(data.get("courses")))
    except ProgressError as err:
        raise LearningFileError(f"its courses cannot be read: {err}") from None
    return mastery, progress


def merged_mastery(mine: Mastery, theirs: Mastery) -> Mastery:
    """Per clause, the record with more answers (this device's on a tie)."""
    records = {r.clause: r for r in mine.records}
    for record in theirs.records:
        here = records.get(record.clause)
        if here is None or record.right + record.wrong > here.right + here.wrong:
            records[record.clause] = record
    return Mastery(tuple(sorted(records.values(), key=lambda r: r.clause)))


def import_text(text: str | bytes, course: CourseModel, practice: PracticeModel) -> str:
    """Merge a progress file into this device's progress; the words to say. LearningFileError
    (nothing changed) when the file cannot be read."""
    mastery, progress = read_file(text)
    practice.adopt(merged_mastery(practice.mastery, mastery))
    course.adopt(merged(course.progress, progress))
    counted = sum(1 for r in mastery.records if r.seen)
    return (f"Progress imported: {counted} rule{'s' if counted != 1 else ''} practised and "
            f"{len(progress.courses)} course{'s' if len(progress.courses) != 1 else ''} merged with this device's.")
