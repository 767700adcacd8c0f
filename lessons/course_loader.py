"""Load course files and replay every chapter through its engine; a course under a table's
own rules.

``load_courses()`` reads every ``lessons/courses/<game>/<id>.toml`` shipped with the package
(through ``importlib.resources``, so it works from the installed wheel in the browser).
Every chapter is replayed and every task checked against the engine when the course loads:
a course whose stated answer disagrees with the engine does not load, and says which
chapter, which step and why. One broken course file never stops the others.

A chapter may name a lesson file (``lesson = "pl-bga-example"``): it is read from the
lessons folder (``lessons/data``, or the ``lessons`` folder given) and replayed as the
lesson loader does.

``adapt(course, rules)`` replays every chapter under a table's own rule set (options and
optional rules on top of the course's preset) and names each step that goes differently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rules.games import get_family
from rules.refs import SECTIONS

from .course import AdaptedCourse, Course, CourseEntry, CourseProblem, CourseReport, StepChange
from .course_schema import Families, Lookup, parse_course, parse_course_entry
from .errors import LessonError
from .loader import _folder, _read_each, _replay, _text_of, _toml, lesson_entries, open_entry
from .model import FrozenMap, Lesson

#: The setup keys a table's own rule set is given by (a setup carries them to the engine).
RULE_KEYS = ("alternates", "options")


def courses_directory() -> Traversable:
    """The course files shipped with the package."""
    return resources.files("lessons") / "courses"


def lesson_lookup(directory: Traversable | Path | str | None = None, *, families: Families = get_family) -> Lookup:
    """Lesson id -> the lesson, read from the lessons folder (default: the shipped lessons)
    and replayed once; ``KeyError`` for an id no lesson file has, ``LessonError`` for one
    that does not load."""
    report = lesson_entries(directory)
    entries = {entry.id: entry for entry in report.entries}
    broken = {p.lesson: p.message for p in report.problems if p.lesson}
    opened: dict[str, Lesson] = {}

    def lookup(lesson_id: str) -> Lesson:
        if lesson_id not in opened:
            if lesson_id in broken:
                raise LessonError(broken[lesson_id], name=lesson_id)
            opened[lesson_id] = open_entry(entries[lesson_id], directory, families=families)
        return opened[lesson_id]

    return lookup


def load_course_text(text: str, name: str, *, families: Families = get_family, lessons: Lookup | None = None) -> Course:
    """Parse, validate and replay one course; raises :class:`LessonError` (naming the course
    and the chapter). ``lessons`` resolves the lesson files chapters name (default: the
    shipped lessons)."""
    lookup = lessons if lessons is not None else lesson_lookup(families=families)
    return parse_course(_toml(text, name), name, families, lookup, lambda lesson: _keep_replay(lesson, families))


def _keep_replay(lesson: Lesson, families: Families) -> None:
    object.__setattr__(lesson, "_replay", _replay(lesson, families))


def load_courses(directory: Traversable | Path | str | None = None, *, families: Families = get_family,
                 lessons: Lookup | None = None) -> CourseReport:
    """Load every course under ``directory`` (default: the shipped courses), one folder per
    game, each file named after its course's id. Courses come out by game folder, then
    ``order``, then file name. Nothing a file holds stops the other files from loading."""
    root = _folder(directory, courses_directory, "course")
    lookup = lessons if lessons is not None else lesson_lookup(families=families)
    courses, problems, skipped = _read_each(
        root, lambda file, name: load_course_text(_text_of(file, name), name, families=families, lessons=lookup),
        _problem, "course")
    return CourseReport(courses, problems, skipped)


def _problem(name: str, message: str, course: str | None = None, step: int | None = None) -> CourseProblem:
    return CourseProblem(name, message, course, None, step)


def course_entries(directory: Traversable | Path | str | None = None) -> tuple[tuple[CourseEntry, ...],
                                                                              tuple[CourseProblem, ...]]:
    """Every course's entry (id, title, game, rule set, order), read without any engine, in
    the order :func:`load_courses` gives; and the files whose entry cannot be read."""
    root = _folder(directory, courses_directory, "course")
    entries, problems, _ = _read_each(
        root, lambda file, name: parse_course_entry(_toml(_text_of(file, name), name), name), _problem, "course")
    return entries, problems


def open_course(entry: CourseEntry, directory: Traversable | Path | str | None = None, *,
                families: Families = get_family, lessons: Lookup | None = None) -> Course:
    """The whole course behind ``entry``, read again, checked and replayed."""
    root = _folder(directory, courses_directory, "course")
    name = entry.origin
    try:
        text = _text_of(root.joinpath(*name.split("/")), name)
    except OSError as err:
        raise LessonError(f"the course file could not be read ({err.strerror or err})", name=name,
                          what="course") from None
    try:
        course = load_course_text(text, name, families=families, lessons=lessons)
    except LessonError:
        raise
    except Exception as err:  # an engine bug must not take the page down
        raise LessonError(f"the engine failed while replaying it: {type(err).__name__}: {err}", name=name,
                          what="course") from None
    if (course.id, course.game) != (entry.id, entry.game):
        raise LessonError(f"the course file changed since it was listed (now {course.id!r}, a {course.game} course)",
                          name=name, lesson=entry.id, what="course")
    return course


# --------------------------------------------------------------------------
# a course under a table's own rules


def table_rules(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a setup that makes a table's own rule set: its optional rules and options."""
    out: dict[str, Any] = {}
    if setup.get("alternates"):
        alternates = setup["alternates"]
        out["alternates"] = [alternates] if isinstance(alternates, str) else list(alternates)
    if setup.get("options"):
        out["options"] = dict(setup["options"])
    return out


def _under(lesson: Lesson, rules: Mapping[str, Any]) -> Lesson:
    """The chapter's lesson with the table's rules added to its setup (a fresh, unreplayed copy)."""
    setup = lesson.setup_plain()
    mine = table_rules(setup)
    merged = dict(setup)
    if rules.get("alternates") or mine.get("alternates"):
        merged["alternates"] = list(dict.fromkeys([*mine.get("alternates", []), *rules.get("alternates", [])]))
    if rules.get("options") or mine.get("options"):
        merged["options"] = {**mine.get("options", {}), **rules.get("options", {})}
    return dataclasses.replace(lesson, setup=FrozenMap(merged))


def _first_change(lesson: Lesson, rules: Mapping[str, Any], families: Families) -> LessonError | None:
    try:
        _replay(_under(lesson, rules), families)
    except LessonError as err:
        return err
    return None


def _settings(rules: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each option and optional rule of a table's rule set, alone: (its name, the rules with it only)."""
    out = [(f"{name}: {value}", {"options": {name: value}}) for name, value in (rules.get("options") or {}).items()]
    out += [(name, {"alternates": [name]}) for name in (rules.get("alternates") or [])]
    return out


def _said(course: Course, setting: str, families: Families) -> str:
    """A setting (``name: choice`` or an optional rule's name) in plain words, as the rules'
    own options word it."""
    config = families(course.game).presets[course.variant]
    name, colon, value = setting.partition(": ")
    if not colon:
        refs = {alt: ref for alt, _, ref in getattr(config, "alternates", ())}
        if name not in refs:
            return name
        gist = SECTIONS.get(refs[name].source, {}).get(refs[name].section)
        return gist or f"the optional rule of {refs[name].section}"
    option = config.OPTIONS[name]
    meaning = next((c.meaning for c in option.choices if c.token == value), None)
    if meaning is None and option.free is not None:
        try:
            meaning = option.free.meaning(option.free.parse(value))
        except ValueError:
            meaning = None
    return f"{option.question} Your table: {meaning or value}"


def _check_rules(course: Course, rules: Mapping[str, Any], families: Families) -> None:
    """The table's settings exist for the course's preset and agree with each other (the
    engine's ``NotationError`` or ``RuleConflictError`` otherwise, naming the setting)."""
    config = families(course.game).presets[course.variant]
    if rules.get("alternates"):
        with_alternates = getattr(config, "with_alternates", None)
        if with_alternates is None:
            raise ValueError(f"{course.game} has no optional rules; {rules['alternates'][0]!r} is not one")
        config = with_alternates(rules["alternates"])
    if rules.get("options"):
        config.with_options(rules["options"])


def adapt(course: Course, rules: Mapping[str, Any], *, families: Families = get_family) -> AdaptedCourse:
    """The course under a table's own rule set: ``rules`` holds ``options`` (name -> choice)
    and/or ``alternates`` (optional rules), as a setup gives them. Every chapter is replayed
    under them; a chapter whose steps go differently (a move refused, a figure or an answer
    that changes) is named with its first such step and the settings that change it, each
    tried alone. Unknown settings raise the engine's ``NotationError``."""
    rules = table_rules(rules)
    unknown = [k for k in rules if k not in RULE_KEYS]
    if unknown:
        raise ValueError(f"a table's rule set is given by {', '.join(RULE_KEYS)}, not {unknown[0]!r}")
    _check_rules(course, rules, families)
    changes = [change for chapter in course.chapters
               if (change := _chapter_change(course, chapter, rules, families)) is not None]
    shown = tuple(sorted((k, repr(v)) for k, v in rules.items()))
    return AdaptedCourse(course, shown, tuple(changes))


def chapter_change(course: Course, chapter_id: str, rules: Mapping[str, Any], *,
                   families: Families = get_family) -> StepChange | None:
    """One chapter of :func:`adapt`: how the table's own rule set changes it (None: it goes the
    same way). Learn asks it of the chapter opened, so only that one is replayed."""
    rules = table_rules(rules)
    _check_rules(course, rules, families)
    return _chapter_change(course, course.chapter(chapter_id), rules, families)


def _chapter_change(course: Course, chapter: Any, rules: Mapping[str, Any], families: Families) -> StepChange | None:
    err = _first_change(chapter.lesson, rules, families)
    if err is None:
        return None
    alone = {name: _first_change(chapter.lesson, only, families) for name, only in _settings(rules)}
    changing = [name for name, e in alone.items() if e is not None]
    # the settings that change this very step, each alone (else every one that changes the chapter)
    which = tuple(name for name in changing if alone[name].step == err.step) or tuple(changing)
    said = tuple(_said(course, name, families) for name in which)
    return StepChange(chapter.id, err.step, which, err.reason, said)
