"""``palace-tutor courses list | check | show ID [--rule NAME=VALUE ...]``.

``palace_tutor.cli`` parses the command line and calls :func:`run`. Each command loads every
course (a broken one is reported, the others still load). ``check`` exits 1 when any course
fails; an unknown id for ``show`` exits 2 with one line naming it and the known ones. ``show``
with ``--rule`` (a table's own options) also says which chapters go differently under them.
Optional ``dir`` and ``lessons`` attributes point at other folders of courses and lessons.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from rules.games import get_family

from .cli import not_found, print_problems, shown, wrap
from .course import Course, CourseReport
from .course_loader import adapt, lesson_lookup, load_courses
from .course_schema import Families


def _report(args: Any, families: Families) -> CourseReport:
    lessons = getattr(args, "lessons", None)
    lookup = lesson_lookup(lessons, families=families) if lessons else None
    return load_courses(getattr(args, "dir", None), families=families, lessons=lookup)


def cmd_list(report: CourseReport, out: TextIO) -> None:
    width = max((len(c.id) for c in report.courses), default=0)
    for course in report.courses:
        print(f"{course.id:<{width}}  {course.game:<12}  {course.variant:<10}  {course.title}", file=out)


def cmd_check(report: CourseReport, out: TextIO) -> None:
    for course in report.courses:
        steps = sum(len(c.lesson.steps) for c in course.chapters)
        print(f"ok     {course.id}: {len(course.chapters)} chapters, {steps} steps replayed, "
              f"{course.tasks} tasks agree with the engine", file=out)
    print(f"{len(report.courses)} courses replayed, {len(report.problems)} failed", file=out)


def cmd_show(course: Course, out: TextIO, rules: dict[str, Any] | None = None,
             families: Families = get_family) -> None:
    print(f"{course.title}  [{course.id}]", file=out)
    print(f"{course.game}, rule set {course.variant}; {len(course.chapters)} chapters, {course.tasks} tasks", file=out)
    print(wrap(course.summary, ""), file=out)
    adapted = adapt(course, rules, families=families) if rules else None
    for number, chapter in enumerate(course.chapters, start=1):
        print(file=out)
        where = f"lesson {chapter.lesson.id}" if chapter.shared else f"{len(chapter.lesson.steps)} steps"
        print(f"{number}. {chapter.title}  ({chapter.kind}; {where}; {len(chapter.tasks)} tasks; {chapter.rule})",
              file=out)
        print(wrap(chapter.summary, "   "), file=out)
        for index in chapter.tasks:
            print(wrap("- " + chapter.lesson.steps[index].quiz.question, "   "), file=out)
        change = adapted.change(chapter.id) if adapted else None
        if change is not None:
            print(wrap(f"! {change.words()} ({change.detail})", "   "), file=out)


def _rules(args: Any) -> dict[str, Any] | None:
    pairs = getattr(args, "rule", None) or []
    options = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise ValueError(f"--rule {shown(pair)}: write NAME=VALUE")
        options[name.strip()] = value.strip()
    return {"options": options} if options else None


def run(command: str, args: Any, *, out: TextIO | None = None, err: TextIO | None = None,
        families: Families = get_family) -> int:
    """Run ``courses <command>``; returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    report = _report(args, families)
    if command in ("list", "check"):
        (cmd_list if command == "list" else cmd_check)(report, out)
        print_problems(report, err)
        return 1 if report.problems else 0
    if command == "show":
        wanted = getattr(args, "id", None)
        try:
            course = report.by_id(wanted)
        except KeyError:
            return not_found("course", wanted, [p.message for p in report.problems if p.course == wanted],
                             [c.id for c in report.courses], err)
        try:
            cmd_show(course, out, _rules(args), families)
        except ValueError as error:  # an unknown option or value: the engine names it
            print(f"palace-tutor: {error}", file=err)
            return 2
        return 0
    print(f"palace-tutor: unknown courses command {shown(command)}; use list, check or show", file=err)
    return 2
