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

import tomllib
from collections.abc import Callable, Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules.games import GameFamily, get_family

from .errors import LessonError
from .model import (AnswerSource, Check, CheckResult, Lesson, LessonProblem, LoadReport, Quiz,
                    ReplayedStep, action_key)
from .probes import ProbeError, compare, plain, resolve, same
from .schema import parse_lesson

Families = Callable[[str], GameFamily]


def data_directory() -> Traversable:
    """The lesson files shipped with the package."""
    return resources.files("lessons") / "data"


def load_lesson_text(text: str, name: str, *, families: Families = get_family) -> Lesson:
    """Parse, validate and replay one lesson; raises :class:`LessonError`.

    ``name`` is how errors refer to the text (its file name). ``families``
    maps a game id to its engine (tests pass a small fake one).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"not valid TOML: {err}", name=name) from None
    lesson = parse_lesson(data, name, families)
    steps = _replay(lesson, families)
    object.__setattr__(lesson, "_replay", steps)
    return lesson


def _lesson_files(directory: Traversable | Path) -> list[tuple[str, Traversable | Path]]:
    """``(game folder/file name, file)`` for every ``*.toml`` one level down, sorted."""
    found = []
    for game_dir in directory.iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith((".", "_")):
            continue
        for entry in game_dir.iterdir():
            if entry.is_file() and entry.name.endswith(".toml"):
                found.append((f"{game_dir.name}/{entry.name}", entry))
    return sorted(found, key=lambda pair: pair[0])


def load_lessons(directory: Traversable | Path | str | None = None, *,
                 families: Families = get_family) -> LoadReport:
    """Load every lesson under ``directory`` (default: the shipped lessons).

    Files live in one folder per game (``palace-poker/``, ``palace/``,
    ``kings-pot/``); a lesson must sit in its game's folder and be named after
    its id. Lessons come out by game folder, then ``order``, then file name.
    Nothing a file contains stops the other files from loading.
    """
    root = data_directory() if directory is None else (
        Path(directory) if isinstance(directory, str) else directory)
    if not root.is_dir():
        raise LessonError("there is no folder of lessons here", name=str(root))
    lessons: list[Lesson] = []
    problems: list[LessonProblem] = []
    seen: dict[str, str] = {}
    for name, entry in _lesson_files(root):
        try:
            lesson = load_lesson_text(entry.read_text(encoding="utf-8"), name, families=families)
            folder, _, file_name = name.partition("/")
            if folder != lesson.game:
                raise LessonError(f"a {lesson.game} lesson belongs in the {lesson.game}/ folder, "
                                  f"not {folder}/", name=name, lesson=lesson.id)
            if file_name != f"{lesson.id}.toml":
                raise LessonError(f"the file should be named {lesson.id}.toml after the lesson's id",
                                  name=name, lesson=lesson.id)
            if lesson.id in seen:
                raise LessonError(f"id {lesson.id!r} is already used by {seen[lesson.id]}",
                                  name=name, lesson=lesson.id)
        except LessonError as err:
            problems.append(LessonProblem(name, str(err), err.lesson, err.step))
            continue
        except UnicodeDecodeError as err:
            problems.append(LessonProblem(name, f"{name}: not UTF-8 text ({err.reason})"))
            continue
        except Exception as err:  # an engine bug must not hide the other lessons
            problems.append(LessonProblem(
                name, f"{name}: the engine failed while replaying it: {type(err).__name__}: {err}"))
            continue
        seen[lesson.id] = name
        lessons.append(lesson)
    lessons.sort(key=lambda lesson: (lesson.origin.partition("/")[0], lesson.order, lesson.origin))
    return LoadReport(tuple(lessons), tuple(problems))


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
