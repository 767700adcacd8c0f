"""``palace-tutor lessons list | check | show ID``.

``palace_tutor.cli`` parses the command line and calls :func:`run`. Each
command loads every lesson (a broken one is reported, the others still load).
``check`` exits 1 when any lesson fails; a bad id for ``show`` exits 2 with a
one-line message naming it. An optional ``dir`` attribute on the arguments
points at another folder of lessons (a teacher checking their own files).
"""

from __future__ import annotations

import sys
import textwrap
from typing import Any, TextIO

from rules.games import get_family

from .loader import Families, load_lessons, replay
from .model import Lesson, LoadReport


def _report(args: Any, families: Families) -> LoadReport:
    return load_lessons(getattr(args, "dir", None), families=families)


def shown(text: Any, limit: int = 60) -> str:
    """Typed text as a message echoes it: quoted (control characters escaped), and cut."""
    shown = repr(text)
    return shown if len(shown) <= limit else f"{shown[:limit]}... ({len(str(text)):,} characters)"


def print_problems(report: LoadReport, err: TextIO) -> None:
    for skipped in report.skipped:
        print(f"SKIPPED {skipped}", file=err)
    for problem in report.problems:
        print(f"FAILED {problem.message}", file=err)


def not_found(kind: str, wanted: Any, broken: list[str], known: list[str], err: TextIO) -> int:
    """``show`` of an id that is not there: why it does not load (``broken``: its problems), or
    the ids there are; the exit status 2."""
    if broken:
        print(f"palace-tutor: {kind} {shown(wanted)} does not load: {broken[0]}", file=err)
    else:
        print(f"palace-tutor: no {kind} {shown(wanted)}; known: {', '.join(known) or 'none'}", file=err)
    return 2


def cmd_list(report: LoadReport, out: TextIO) -> None:
    width = max((len(lesson.id) for lesson in report.lessons), default=0)
    for lesson in report.lessons:
        print(f"{lesson.id:<{width}}  {lesson.game:<12}  {lesson.title}", file=out)


def cmd_check(report: LoadReport, out: TextIO) -> None:
    for lesson in report.lessons:
        checks = sum(len(step.checks) for step in lesson.steps)
        quizzes = sum(step.quiz is not None for step in lesson.steps)
        print(f"ok     {lesson.id}: {len(lesson.steps)} steps replayed, {checks} checks held, "
              f"{quizzes} quizzes agree with the engine", file=out)
    skipped = f", {len(report.skipped)} files skipped" if report.skipped else ""
    print(f"{len(report.lessons)} lessons replayed, {len(report.problems)} failed{skipped}", file=out)


def wrap(text: str, indent: str) -> str:
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    return "\n\n".join(textwrap.fill(" ".join(p.split()), width=88, initial_indent=indent,
                                     subsequent_indent=indent) for p in paragraphs)


def _runs(actions: tuple[str, ...]) -> str:
    """``deal, deal, deal`` -> ``deal x3``."""
    parts: list[list] = []
    for action in actions:
        if parts and parts[-1][0] == action:
            parts[-1][1] += 1
        else:
            parts.append([action, 1])
    return ", ".join(a if n == 1 else f"{a} x{n}" for a, n in parts)


def cmd_show(lesson: Lesson, out: TextIO) -> None:
    print(f"{lesson.title}  [{lesson.id}]", file=out)
    print(f"{lesson.game}, variant {lesson.variant}; follows {lesson.source}", file=out)
    if lesson.constructed:
        print("(a constructed example: the source has no worked example of this)", file=out)
    print(wrap(lesson.summary, ""), file=out)
    if lesson.prelude:
        print(wrap("starts after: " + _runs(lesson.prelude), ""), file=out)
    if lesson.intro:
        print(file=out)
        print(wrap(lesson.intro, ""), file=out)
    for done in replay(lesson):
        step = done.step
        print(file=out)
        head = f"{done.number}. " + (step.action if step.action is not None else "(narration)")  # as written
        print(head, file=out)
        print(wrap(step.narration, "   "), file=out)
        print(f"   rule: {step.rule}", file=out)
        for result in done.checks:
            note = f" ({result.check.note})" if result.check.note else ""
            print(f"   check: {result.message}{note}", file=out)
        if step.quiz:
            quiz = step.quiz
            print(f"   quiz ({quiz.kind}): {quiz.question}", file=out)
            if quiz.options:
                print("     options: " + " | ".join(quiz.options), file=out)
            print("     accepted: " + ", ".join(sorted(quiz.accepted)), file=out)
            print(wrap(quiz.explanation, "     "), file=out)


def run(command: str, args: Any, *, out: TextIO | None = None, err: TextIO | None = None,
        families: Families = get_family) -> int:
    """Run ``lessons <command>``; returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    report = _report(args, families)
    if command == "list":
        cmd_list(report, out)
        print_problems(report, err)
        return 1 if report.problems else 0
    if command == "check":
        cmd_check(report, out)
        print_problems(report, err)
        return 1 if report.problems else 0
    if command == "show":
        wanted = getattr(args, "id", None)
        try:
            lesson = report.by_id(wanted)
        except KeyError:
            return not_found("lesson", wanted, [p.message for p in report.problems if p.lesson == wanted],
                             [lesson.id for lesson in report.lessons], err)
        cmd_show(lesson, out)
        return 0
    print(f"palace-tutor: unknown lessons command {shown(command)}; use list, check or show", file=err)
    return 2
