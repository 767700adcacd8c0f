"""Load lesson files and replay them through their engines.

``load_lessons()`` reads every ``lessons/data/<game>/*.toml`` shipped with the
package (through ``importlib.resources``, so it works from the installed wheel
in the browser), replays each one and checks every step. A lesson that fails
becomes a :class:`LessonProblem`; the others still load.

``replay(lesson)`` gives the engine's states before and after each step, the
events, the engine's verdict on each action and the result of each check. A
lesson that came from the loader was already replayed: the result is kept on
it, so the app pays for a replay once.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules.games import GameFamily, get_family

from .checks import evaluate_check
from .errors import LessonError
from .model import EntryReport, Lesson, LessonEntry, LessonProblem, LoadReport, ReplayedStep, SkippedFile
from .quizzes import validate_quiz
from .schema import parse_entry, parse_lesson

__all__ = ["MAX_NESTING", "data_directory", "evaluate_check", "initial_state", "lesson_entries", "load_lesson_text",
           "load_lessons", "open_entry", "replay", "validate_quiz"]

Families = Callable[[str], GameFamily]
# arrays and tables inside each other: a lesson needs a handful of levels; far more
# made tomllib hit Python's recursion limit, which has no line to show
MAX_NESTING = 32
# the longest shipped lesson is under 10,000 characters and the longest course about 30,000; a
# file far past that is not a lesson (and scanning and parsing it would hold up the page)
MAX_LESSON_CHARS = 500_000


def data_directory() -> Traversable:
    """The lesson files shipped with the package."""
    return resources.files("lessons") / "data"


def load_lesson_text(text: str, name: str, *, families: Families = get_family) -> Lesson:
    """Parse, validate and replay one lesson; raises :class:`LessonError`.

    ``name`` is how errors refer to the text (its file name). ``families``
    maps a game id to its engine (tests pass a small fake one).
    """
    lesson = parse_lesson(_toml(text, name), name, families)
    steps = _replay(lesson, families)
    object.__setattr__(lesson, "_replay", steps)
    return lesson


def _toml(text: str, name: str) -> dict[str, Any]:
    """A lesson (or course) file's TOML table; :class:`LessonError` if it is not TOML, is too long
    or nests too deep."""
    if len(text) > MAX_LESSON_CHARS:
        raise LessonError(f"too long for a lesson or a course: {len(text):,} characters (the limit is "
                          f"{MAX_LESSON_CHARS:,})", name=name)
    line = _nesting_past(text, MAX_NESTING)
    if line is not None:
        raise LessonError(f"not valid TOML for a lesson: arrays or tables nested more than {MAX_NESTING} "
                          f"deep (at line {line})", name=name)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:  # its message ends "(at line L, column C)"
        raise LessonError(f"not valid TOML: {err}", name=name) from None
    except RecursionError:  # a nesting the scan above did not see
        raise LessonError("not valid TOML for a lesson: nested too deeply", name=name) from None


# what the nesting scan stops at (everything else it skips in one step)
_SCAN_STOP = re.compile(r"""[\n#"'\[\]{}]""")
# the end of a string that opened with the key's quote; a backslash escapes the next character
# in the double-quoted kinds; a one-line string also ends, unclosed, at the end of its line
_STRING_END = {'"': re.compile(r'["\\\n]'), "'": re.compile(r"['\n]"),
               '"""': re.compile(r'"""|\\'), "'''": re.compile(r"'''")}


def _nesting_past(text: str, limit: int) -> int | None:
    """The line where brackets and braces first nest more than ``limit`` deep,
    outside strings and comments; None if they never do."""
    depth, line, i, n = 0, 1, 0, len(text)
    while True:
        found = _SCAN_STOP.search(text, i)
        if found is None:
            return None
        i = found.start()
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            j = _string_end(text, i + len(quote), quote)
            line += text.count("\n", i, j)
            i = j + (len(quote) if j < n and text.startswith(quote, j) else 0)
            continue
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return line
        else:
            depth = max(0, depth - 1)
        i += 1


def _string_end(text: str, j: int, quote: str) -> int:
    """Where the string whose body starts at ``j`` ends: at its closing quote, at the end of
    its line if it is a one-line string left open (tomllib says where), else at the end."""
    stop = _STRING_END[quote]
    while True:
        found = stop.search(text, j)
        if found is None:
            return len(text)
        if found.group() != "\\":
            return found.start()
        j = found.start() + 2


def _text_of(entry: Traversable | Path, name: str) -> str:
    data = entry.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise LessonError(f"not UTF-8 text ({err.reason} at line {line}): save the file as UTF-8",
                          name=name) from None


def _lesson_files(directory: Traversable | Path, what: str = "lesson") -> tuple[list[tuple[str, Traversable | Path]],
                                                                              list[SkippedFile]]:
    """``(game folder/file name, file)`` for every ``*.toml`` one level down,
    and every other file with the reason it is not read; both sorted. ``what`` names
    what the files hold (``lesson`` or ``course``), for the reasons."""
    place = f"a {what} is <game>/<id>.toml, one folder per game"
    found, skipped = [], []
    for top in directory.iterdir():
        if top.name.startswith((".", "_")):
            if top.is_dir() and top.name != "__pycache__":
                skipped.append(SkippedFile(f"{top.name}/", "folders starting with '.' or '_' are not read"))
            continue
        if not top.is_dir():
            where = "in its game's folder" if top.name.lower().endswith(".toml") else "a .toml file"
            skipped.append(SkippedFile(top.name, f"not read: a {what} belongs {where} ({place})"))
            continue
        for entry in top.iterdir():
            name = f"{top.name}/{entry.name}"
            if entry.is_dir():
                skipped += _nested(entry, name, top.name, what)
            elif entry.name.endswith(".toml"):
                found.append((name, entry))
            elif entry.name.lower().endswith(".toml"):
                skipped.append(SkippedFile(name, "not read: the extension must be .toml in lower case"))
            elif not entry.name.startswith("."):
                skipped.append(SkippedFile(name, f"not a .toml file ({place})"))
    return sorted(found, key=lambda pair: pair[0]), sorted(skipped, key=lambda s: s.name)


def _nested(folder: Traversable | Path, name: str, game: str, what: str = "lesson") -> list[SkippedFile]:
    """Every file under a folder inside a game's folder (never read)."""
    out = []
    for entry in folder.iterdir():
        if entry.name in ("__pycache__",) or entry.name.startswith("."):
            continue
        if entry.is_dir():
            out += _nested(entry, f"{name}/{entry.name}", game, what)
        else:
            out.append(SkippedFile(f"{name}/{entry.name}", f"not read: it is in a folder inside a game's folder; "
                                                           f"{what}s are read from {game}/ itself"))
    return out


def load_lessons(directory: Traversable | Path | str | None = None, *,
                 families: Families = get_family) -> LoadReport:
    """Load every lesson under ``directory`` (default: the shipped lessons).

    Files live in one folder per game (``palace-poker/``, ``palace/``,
    ``kings-pot/``); a lesson must sit in its game's folder and be named after
    its id. Lessons come out by game folder, then ``order``, then file name.
    Nothing a file contains stops the other files from loading.
    """
    lessons, problems, skipped = _read_each(
        _folder(directory), lambda file, name: load_lesson_text(_text_of(file, name), name, families=families))
    return LoadReport(lessons, problems, skipped)


def _read_each(root: Traversable | Path, read: Callable[[Any, str], Any],
               problem: Callable[..., Any] = LessonProblem, what: str = "lesson") -> tuple[tuple, tuple, tuple]:
    """``read(file, name)`` of every lesson (or course) file under ``root``, each checked in
    its place, in listed order; the files that failed as problems (``problem(name, message,
    id, step)``); the files not read."""
    out: list = []
    problems: list = []
    seen: dict[str, str] = {}
    files, skipped = _lesson_files(root, what)
    for name, file in files:
        try:
            item = read(file, name)
            _check_place(item.id, item.game, name, seen, what)
        except LessonError as err:
            problems.append(problem(name, str(err), err.lesson, err.step))
            continue
        except Exception as err:  # an engine bug must not hide the other files
            problems.append(problem(
                name, f"{name}: the engine failed while replaying it: {type(err).__name__}: {err}"))
            continue
        seen[item.id] = name
        out.append(item)
    out.sort(key=_listed_order)
    return tuple(out), tuple(problems), tuple(skipped)


def _folder(directory: Traversable | Path | str | None, default: Callable[[], Traversable] | None = None,
            what: str = "lesson") -> Traversable | Path:
    """The folder of lessons (default: the shipped one); LessonError if there is none."""
    root = (default or data_directory)() if directory is None else (
        Path(directory) if isinstance(directory, str) else directory)
    if not root.is_dir():
        raise LessonError(f"there is no folder of {what}s here", name=str(root))
    return root


def _listed_order(lesson: Lesson | LessonEntry) -> tuple:
    """By game folder, then ``order``, then file name."""
    return lesson.origin.partition("/")[0], lesson.order, lesson.origin


def _check_place(lesson_id: str, game: str, name: str, seen: dict[str, str], what: str = "lesson") -> None:
    """A lesson (or course) sits in its game's folder, is named after its id, and its id is its own."""
    folder, _, file_name = name.partition("/")
    if folder != game:
        raise LessonError(f"a {game} {what} belongs in the {game}/ folder, not {folder}/",
                          name=name, lesson=lesson_id, what=what)
    if file_name != f"{lesson_id}.toml":
        raise LessonError(f"the file should be named {lesson_id}.toml after the {what}'s id",
                          name=name, lesson=lesson_id, what=what)
    if lesson_id in seen:
        raise LessonError(f"id {lesson_id!r} is already used by {seen[lesson_id]}", name=name, lesson=lesson_id,
                          what=what)


def lesson_entries(directory: Traversable | Path | str | None = None) -> EntryReport:
    """Every lesson's entry under ``directory`` (default: the shipped lessons), in the order
    :func:`load_lessons` gives, read without any engine: a list of lessons costs a TOML read
    of each file, and a lesson is checked and replayed when it is opened (:func:`open_entry`).
    A file whose entry cannot be read (not TOML, no id, title or game, out of its place, an id
    used twice) is a problem here already."""
    entries, problems, skipped = _read_each(
        _folder(directory), lambda file, name: parse_entry(_toml(_text_of(file, name), name), name))
    return EntryReport(entries, problems, skipped)


def open_entry(entry: LessonEntry, directory: Traversable | Path | str | None = None, *,
               families: Families = get_family) -> Lesson:
    """The whole lesson behind ``entry``: its file read again, checked and replayed through
    its engine, as :func:`load_lessons` does; :class:`LessonError` if it fails."""
    root = _folder(directory)
    name = entry.origin
    try:
        text = _text_of(root.joinpath(*name.split("/")), name)
    except OSError as err:  # gone or unreadable since it was listed
        raise LessonError(f"the lesson file could not be read ({err.strerror or err})", name=name) from None
    try:
        lesson = load_lesson_text(text, name, families=families)
    except LessonError:
        raise
    except Exception as err:  # an engine bug must not take the page down
        # worded as load_lessons words it (no lesson id in front)
        raise LessonError(f"the engine failed while replaying it: {type(err).__name__}: {err}", name=name) from None
    if (lesson.id, lesson.game) != (entry.id, entry.game):  # the file changed since its entry was read
        raise LessonError(f"the lesson file changed since it was listed (now {lesson.id!r}, a {lesson.game} "
                          "lesson)", name=name, lesson=entry.id)
    return lesson


# --------------------------------------------------------------------------
# replay


def replay(lesson: Lesson, *, families: Families = get_family) -> tuple[ReplayedStep, ...]:
    """The lesson as the engine plays it; raises :class:`LessonError` at the
    first step the engine refuses or whose checks fail."""
    if lesson._replay is None:
        object.__setattr__(lesson, "_replay", _replay(lesson, families))
    return lesson._replay


def initial_state(lesson: Lesson, *, families: Families = get_family) -> Any:
    """The position the lesson starts from: the setup with the prelude played."""
    return replay(lesson, families=families)[0].before


def _replay(lesson: Lesson, families: Families) -> tuple[ReplayedStep, ...]:
    def fail(reason: str, step: int | None = None) -> LessonError:
        return LessonError(reason, name=lesson.origin or lesson.id, lesson=lesson.id, step=step)

    family = families(lesson.game)
    try:
        state = family.start(lesson.variant, lesson.setup_plain())
    except ValueError as err:
        raise fail(f"[setup] is refused by the {lesson.game} engine: {err}") from None
    for number, text in enumerate(lesson.prelude, start=1):
        try:
            action = state.parse_action(text)
        except ValueError as err:
            raise fail(f"prelude action {number} ({text!r}) does not parse: {err}") from None
        verdict = state.check(action)
        if not verdict.legal:
            raise fail(f"prelude action {number} ({text!r}) is not allowed: {verdict.reason} "
                       f"[{verdict.ref}]")
        state = state.apply(action)
    out: list[ReplayedStep] = []
    for number, step in enumerate(lesson.steps, start=1):
        before = state
        action = verdict = None
        events: tuple = ()
        if step.action is not None:
            try:
                action = before.parse_action(step.action)
            except ValueError as err:
                raise fail(f"action {step.action!r} does not parse: {err}", number) from None
            verdict = before.check(action)
            if not verdict.legal:
                raise fail(f"action {step.action!r} is not allowed here: {verdict.reason} "
                           f"[{verdict.ref}]", number)
            state, events = before.play(action)
        results = tuple(evaluate_check(check, state, events) for check in step.checks)
        for result in results:
            if not result.passed:
                raise fail(f"check failed: {result.message}", number)
        quiz_answer = None
        if step.quiz is not None:
            try:
                quiz_answer = validate_quiz(step.quiz, before, state, events, action)
            except ValueError as err:
                raise fail(f"quiz: {err}", number) from None
        out.append(ReplayedStep(number, step, before, state, action, verdict, tuple(events),
                                results, quiz_answer))
    return tuple(out)
