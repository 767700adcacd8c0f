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

from .errors import LessonError
from .model import (AnswerSource, Check, CheckResult, EntryReport, Lesson, LessonEntry, LessonProblem, LoadReport,
                    Quiz, ReplayedStep, SkippedFile, action_key)
from .probes import ProbeError, compare, plain, resolve, same
from .schema import parse_entry, parse_lesson

Families = Callable[[str], GameFamily]
# arrays and tables inside each other: a lesson needs a handful of levels; far more
# made tomllib hit Python's recursion limit, which has no line to show
MAX_NESTING = 32
# the longest shipped lesson is under 10,000 characters; a file far past that is not a lesson
# (and scanning and parsing it would hold up the page or the command line)
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
    """A lesson file's TOML table; :class:`LessonError` if it is not TOML, is too long or nests too deep."""
    if len(text) > MAX_LESSON_CHARS:
        raise LessonError(f"too long for a lesson: {len(text):,} characters (the limit is {MAX_LESSON_CHARS:,})",
                          name=name)
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


_LESSON_PLACE = "a lesson is <game>/<id>.toml, one folder per game"


def _lesson_files(directory: Traversable | Path) -> tuple[list[tuple[str, Traversable | Path]], list[SkippedFile]]:
    """``(game folder/file name, file)`` for every ``*.toml`` one level down,
    and every other file with the reason it is not read; both sorted."""
    found, skipped = [], []
    for top in directory.iterdir():
        if top.name.startswith((".", "_")):
            if top.is_dir() and top.name != "__pycache__":
                skipped.append(SkippedFile(f"{top.name}/", "folders starting with '.' or '_' are not read"))
            continue
        if not top.is_dir():
            where = "in its game's folder" if top.name.lower().endswith(".toml") else "a .toml file"
            skipped.append(SkippedFile(top.name, f"not read: a lesson belongs {where} ({_LESSON_PLACE})"))
            continue
        for entry in top.iterdir():
            name = f"{top.name}/{entry.name}"
            if entry.is_dir():
                skipped += _nested(entry, name, top.name)
            elif entry.name.endswith(".toml"):
                found.append((name, entry))
            elif entry.name.lower().endswith(".toml"):
                skipped.append(SkippedFile(name, "not read: the extension must be .toml in lower case"))
            elif not entry.name.startswith("."):
                skipped.append(SkippedFile(name, f"not a .toml file ({_LESSON_PLACE})"))
    return sorted(found, key=lambda pair: pair[0]), sorted(skipped, key=lambda s: s.name)


def _nested(folder: Traversable | Path, name: str, game: str) -> list[SkippedFile]:
    """Every file under a folder inside a game's folder (never read)."""
    out = []
    for entry in folder.iterdir():
        if entry.name in ("__pycache__",) or entry.name.startswith("."):
            continue
        if entry.is_dir():
            out += _nested(entry, f"{name}/{entry.name}", game)
        else:
            out.append(SkippedFile(f"{name}/{entry.name}", f"not read: it is in a folder inside a game's folder; "
                                                           f"lessons are read from {game}/ itself"))
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


def _read_each(root: Traversable | Path, read: Callable[[Any, str], Any]) -> tuple[tuple, tuple, tuple]:
    """``read(file, name)`` of every lesson file under ``root``, each checked in its place, in
    listed order; the files that failed as problems; the files not read."""
    out: list = []
    problems: list[LessonProblem] = []
    seen: dict[str, str] = {}
    files, skipped = _lesson_files(root)
    for name, file in files:
        try:
            item = read(file, name)
            _check_place(item.id, item.game, name, seen)
        except LessonError as err:
            problems.append(LessonProblem(name, str(err), err.lesson, err.step))
            continue
        except Exception as err:  # an engine bug must not hide the other lessons
            problems.append(LessonProblem(
                name, f"{name}: the engine failed while replaying it: {type(err).__name__}: {err}"))
            continue
        seen[item.id] = name
        out.append(item)
    out.sort(key=_listed_order)
    return tuple(out), tuple(problems), tuple(skipped)


def _folder(directory: Traversable | Path | str | None) -> Traversable | Path:
    """The folder of lessons (default: the shipped one); LessonError if there is none."""
    root = data_directory() if directory is None else (
        Path(directory) if isinstance(directory, str) else directory)
    if not root.is_dir():
        raise LessonError("there is no folder of lessons here", name=str(root))
    return root


def _listed_order(lesson: Lesson | LessonEntry) -> tuple:
    """By game folder, then ``order``, then file name."""
    return lesson.origin.partition("/")[0], lesson.order, lesson.origin


def _check_place(lesson_id: str, game: str, name: str, seen: dict[str, str]) -> None:
    """A lesson sits in its game's folder, is named after its id, and its id is its own."""
    folder, _, file_name = name.partition("/")
    if folder != game:
        raise LessonError(f"a {game} lesson belongs in the {game}/ folder, not {folder}/",
                          name=name, lesson=lesson_id)
    if file_name != f"{lesson_id}.toml":
        raise LessonError(f"the file should be named {lesson_id}.toml after the lesson's id",
                          name=name, lesson=lesson_id)
    if lesson_id in seen:
        raise LessonError(f"id {lesson_id!r} is already used by {seen[lesson_id]}", name=name, lesson=lesson_id)


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
                quiz_answer = validate_quiz(step.quiz, before, state, events)
            except ValueError as err:
                raise fail(f"quiz: {err}", number) from None
        out.append(ReplayedStep(number, step, before, state, action, verdict, tuple(events),
                                results, quiz_answer))
    return tuple(out)


# --------------------------------------------------------------------------
# checks


def _event_text(event: Any) -> str:
    data = ", ".join(f"{k}={plain(v)}" for k, v in event.data)
    return f"{event.kind}({data})" if data else event.kind


def evaluate_check(check: Check, state: Any, events: Iterable[Any]) -> CheckResult:
    """Evaluate ``check`` on the position after a step and the step's events."""
    try:
        return _evaluate(check, state, tuple(events))
    except ProbeError as err:
        return CheckResult(check, False, None, f"{check.describe()}: {err}")


def _evaluate(check: Check, state: Any, events: tuple) -> CheckResult:
    if check.kind == "probe":
        actual = plain(resolve(state, check.subject))
        passed = compare(check.op, actual, check.expected)
        return CheckResult(check, passed, actual,
                           f"{check.describe()}" + ("" if passed else f", but the engine has {actual!r}"))
    if check.kind == "event":
        wanted = check.expected or {}
        for event in events:
            if event.kind == check.subject and all(
                    same(plain(event.get(k)), v) for k, v in wanted.items()):
                return CheckResult(check, True, _event_text(event), check.describe())
        happened = "; ".join(_event_text(e) for e in events) or "no events"
        return CheckResult(check, False, happened,
                           f"expected {check.describe()}, but the step produced: {happened}")
    if check.kind == "legal":
        expected = {action_key(_parse(state, text)) for text in check.expected}
        actual = {action_key(a) for a in state.legal_actions()}
        missing, extra = sorted(expected - actual), sorted(actual - expected)
        parts = []
        if missing:
            parts.append("not legal: " + ", ".join(missing))
        if extra:
            parts.append("also legal: " + ", ".join(extra))
        return CheckResult(check, not parts, sorted(actual),
                           check.describe() + ("" if not parts else " — but " + "; ".join(parts)))
    if check.kind in ("allowed", "illegal"):
        verdict = state.check(_parse(state, check.subject))
        want_legal = check.kind == "allowed"
        passed = verdict.legal == want_legal
        if passed and check.reason and check.reason.casefold() not in verdict.reason.casefold():
            return CheckResult(check, False, verdict.reason,
                               f"{check.describe()}: the engine refuses it, but says "
                               f"{verdict.reason!r}, which does not mention {check.reason!r}")
        how = "allows" if verdict.legal else "refuses"
        return CheckResult(check, passed, verdict.reason,
                           check.describe() + ("" if passed else
                                               f", but the engine {how} it: {verdict.reason}"))
    actual = bool(state.is_over)
    return CheckResult(check, actual == check.expected, actual,
                       check.describe() + ("" if actual == check.expected else
                                           f", but is_over is {actual}"))


def _parse(state: Any, text: str) -> Any:
    try:
        return state.parse_action(text)
    except ValueError as err:
        raise ProbeError(f"action {text!r} does not parse here: {err}") from None


# --------------------------------------------------------------------------
# quizzes


def validate_quiz(quiz: Quiz, before: Any, after: Any, events: tuple) -> str | None:
    """Check a quiz's accepted answers against the engine; return the engine's
    own answer (for the outcome kinds). Raises ``ValueError`` with the reason."""
    if quiz.kind == "legal-plays":
        canonical = set()
        for text in quiz.accepted:
            try:
                action = before.parse_action(text)
            except ValueError as err:
                raise ValueError(f"accepted answer {text!r} does not parse: {err}") from None
            verdict = before.check(action)
            if not verdict.legal:
                raise ValueError(f"accepted but not legal here: {text} ({verdict.reason})")
            canonical.add(action_key(action))
        legal = {action_key(a) for a in before.legal_actions()}
        missing, wrong = sorted(legal - canonical), sorted(canonical - legal)
        if wrong:
            raise ValueError("accepted but not legal here: " + ", ".join(wrong))
        if missing:
            raise ValueError("every correct answer must be accepted; also legal: "
                             + ", ".join(missing))
        return None
    if quiz.kind == "choice" and quiz.answer is None:
        return None
    # a battle-winner quiz reads the winner's name: ``winner_name`` where events name players
    # by seat and by name (the real engines), or ``winner`` where the winner is named directly
    source = quiz.answer or AnswerSource(event="", key="winner_name")
    engine = _read_answer(source, after, events, () if quiz.answer else ("winner",))
    if not any(same(engine, a) or same(str(engine), a) for a in quiz.accepted):
        raise ValueError(f"the engine's answer is {engine!r} ({source}), which is not among the "
                         f"accepted answers {sorted(quiz.accepted)}")
    return str(engine)


def _read_answer(source: AnswerSource, after: Any, events: tuple, also: tuple[str, ...] = ()) -> Any:
    if source.probe:
        try:
            return plain(resolve(after, source.probe))
        except ProbeError as err:
            raise ValueError(str(err)) from None
    keys = (source.key, *also)
    for event in events:
        if not source.event or event.kind == source.event:
            key = next((k for k in keys if k in dict(event.data)), None)
            if key is not None:
                return plain(event.get(key))
    happened = "; ".join(_event_text(e) for e in events) or "no events"
    what = f"an event {source.event!r}" if source.event else "an event"
    keys_said = " or ".join(repr(k) for k in keys)
    raise ValueError(f"{what} with {keys_said} was expected from this step; it produced: {happened}")
