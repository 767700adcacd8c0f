"""The course file format: the course's own fields, its chapters, and the checks on them.

``parse_course(data, name, families, lookup)`` turns the table read from a course file into
a :class:`~lessons.course.Course` whose chapters are lessons, each replayed through its
engine; it raises :class:`LessonError` naming the file, the course, the chapter, the step and
the reason. A chapter written in the course is a lesson without its own id, game and
variant (the course gives them); a chapter that names a lesson file (``lesson = "id"``)
takes it as it is, through ``lookup``. The format is documented for teachers in
``docs/lessons.md`` ("Courses"); keep the two in step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.games import GameFamily

from .course import CHAPTER_KINDS, Chapter, ChapterEntry, Course, CourseEntry
from .errors import LessonError
from .model import Lesson
from .schema import ID_PATTERN, _Context, _Table, make_ref, parse_lesson, prose

COURSE_FIELDS = ("id", "title", "game", "variant", "summary", "intro", "order", "source", "chapters")
CHAPTER_FIELDS = ("id", "title", "kind", "summary", "rule", "lesson", "intro", "constructed", "source", "setup",
                  "prelude", "steps")
# what a chapter written in the course takes from the lesson format
INLINE_FIELDS = ("intro", "constructed", "source", "setup", "prelude", "steps")
MAX_CHAPTERS = 100

Families = Callable[[str], GameFamily]
Lookup = Callable[[str], Lesson]
Replay = Callable[[Lesson], Any]


class _CourseContext(_Context):
    """Errors that name the course and the chapter."""

    def __init__(self, name: str):
        super().__init__(name)
        self.chapter: str | None = None

    def error(self, reason: str, field: str | None = None) -> LessonError:
        return LessonError(reason, name=self.name, lesson=self.lesson, step=self.step, field=field,
                           chapter=self.chapter, what="course")


def _id(table: _Table, ctx: _CourseContext, what: str, example: str) -> str:
    value = table.get("id", str, required=True).strip()
    if not ID_PATTERN.fullmatch(value):
        raise ctx.error(f"{what} {value!r} must be lowercase letters, digits and dashes, like {example!r}", field="id")
    return value


def _header(data: Any, name: str) -> tuple[_CourseContext, _Table, str, str, str]:
    ctx = _CourseContext(name)
    if isinstance(data, dict) and isinstance(data.get("id"), str) and ID_PATTERN.fullmatch(data["id"].strip()):
        ctx.lesson = data["id"].strip()
    top = _Table(data, "the course", COURSE_FIELDS, ctx)
    course_id = _id(top, ctx, "id", "pl-bga-course")
    ctx.lesson = course_id
    return ctx, top, course_id, prose(top.get("title", str, required=True)), top.get("game", str, required=True).strip()


def parse_course_entry(data: Any, name: str) -> CourseEntry:
    """A course table's entry in a list of courses, without its engine or its chapters."""
    _, top, course_id, title, game = _header(data, name)
    return CourseEntry(id=course_id, title=title, game=game, variant=top.get("variant", str, required=True).strip(),
                       order=top.get("order", int, default=100), origin=name, chapters=_chapter_entries(data))


def _chapter_entries(data: dict[str, Any]) -> tuple[ChapterEntry, ...]:
    """Each chapter as written, for the list (the whole course, read with its engine, checks
    them: here a chapter that is not a table is left out, a field that is not one is empty)."""
    out = []
    for raw in data.get("chapters") or ():
        if not (isinstance(raw, dict) and isinstance(raw.get("id"), str)):
            continue
        title, lesson, steps = raw.get("title"), raw.get("lesson"), raw.get("steps")
        steps = steps if isinstance(steps, list) else []
        tasks = tuple(i for i, step in enumerate(steps) if isinstance(step, dict) and "quiz" in step)
        out.append(ChapterEntry(raw["id"].strip(), prose(title) if isinstance(title, str) else "",
                                lesson.strip() if isinstance(lesson, str) else "", len(steps), tasks))
    return tuple(out)


def parse_course(data: Any, name: str, families: Families, lookup: Lookup, replay: Replay) -> Course:
    """Validate a course table, build its chapters and replay each (``replay(lesson)``
    raises ``LessonError`` for a chapter the engine disagrees with)."""
    ctx, top, course_id, title, game = _header(data, name)
    variant = top.get("variant", str, required=True).strip()
    summary = prose(top.get("summary", str, required=True))
    intro = prose(top.get("intro", str, default=""))
    order = top.get("order", int, default=100)
    try:
        family = families(game)
    except ValueError as err:
        raise ctx.error(f"game: {err}", field="game") from None
    except ImportError as err:
        raise ctx.error(f"the {game} engine is not available ({err})", field="game") from None
    if variant not in list(family.presets):
        raise ctx.error(f"variant {variant!r} is not a preset of {game} (known: {', '.join(family.presets)})",
                        field="variant")
    source_table = top.get("source", dict, required=True)
    source = make_ref(ctx, source_table, "[source]", None, family)
    raw_chapters = top.get("chapters", list, required=True)
    if not raw_chapters:
        raise ctx.error("a course needs at least one [[chapters]]", field="chapters")
    if len(raw_chapters) > MAX_CHAPTERS:
        raise ctx.error(f"a course has at most {MAX_CHAPTERS} chapters, not {len(raw_chapters)}", field="chapters")
    head = {"game": game, "variant": variant, "source": source_table, "course": course_id}
    chapters: list[Chapter] = []
    for number, raw in enumerate(raw_chapters, start=1):
        ctx.chapter, ctx.step = f"#{number}", None
        chapter = _parse_chapter(raw, number, ctx, head, family, families, lookup, replay)
        if any(c.id == chapter.id for c in chapters):
            raise ctx.error(f"chapter id {chapter.id!r} is used twice", field="id")
        chapters.append(chapter)
    ctx.chapter = None
    return Course(id=course_id, title=title, game=game, variant=variant, summary=summary, source=source,
                  chapters=tuple(chapters), intro=intro, order=order, origin=name)


def _parse_chapter(raw: Any, number: int, ctx: _CourseContext, head: dict[str, Any], family: GameFamily,
                   families: Families, lookup: Lookup, replay: Replay) -> Chapter:
    table = _Table(raw, "[[chapters]]", CHAPTER_FIELDS, ctx)
    chapter_id = _id(table, ctx, "chapter id", "the-nine")
    ctx.chapter = chapter_id
    kind = table.get("kind", str, required=True).strip()
    if kind not in CHAPTER_KINDS:
        raise ctx.error(f"chapter kind {kind!r} is unknown; known: {', '.join(CHAPTER_KINDS)}", field="kind")
    if table.has("lesson"):
        lesson = _shared_lesson(table, ctx, head, lookup)
        shared = True
    else:
        lesson = _inline_lesson(table, number, chapter_id, ctx, head, families, replay)
        shared = False
    title = prose(table.get("title", str, required=not shared, default=lesson.title))
    summary = prose(table.get("summary", str, required=not shared, default=lesson.summary))
    if table.has("rule"):
        rule = make_ref(ctx, table.data["rule"], "the chapter's rule", lesson.source.source, family)
    elif shared:
        rule = lesson.source
    else:
        raise ctx.error("[[chapters]] lacks the required field 'rule' (the section its idea comes from)",
                        field="rule")
    chapter = Chapter(id=chapter_id, title=title, kind=kind, summary=summary, rule=rule, lesson=lesson,
                      shared=shared)
    if not chapter.tasks:
        raise ctx.error("a chapter asks the learner at least one question (a [steps.quiz]): a course "
                        "makes the learner do the moves")
    return chapter


def _shared_lesson(table: _Table, ctx: _CourseContext, head: dict[str, Any], lookup: Lookup) -> Lesson:
    """The lesson file a chapter names, of the course's game and rule set."""
    stray = [f for f in INLINE_FIELDS if table.has(f)]
    if stray:
        raise ctx.error(f"a chapter that names a lesson file takes its position and steps from it: remove "
                        f"{stray[0]!r}", field=stray[0])
    lesson_id = table.get("lesson", str).strip()
    try:
        lesson = lookup(lesson_id)
    except LessonError as err:
        raise ctx.error(f"the lesson {lesson_id!r} does not load: {err}", field="lesson") from None
    except KeyError:
        raise ctx.error(f"there is no lesson {lesson_id!r}", field="lesson") from None
    if (lesson.game, lesson.variant) != (head["game"], head["variant"]):
        raise ctx.error(f"the lesson {lesson_id!r} is a {lesson.game} lesson under the {lesson.variant!r} rules; "
                        f"this course teaches {head['game']} under {head['variant']!r}", field="lesson")
    return lesson


def _inline_lesson(table: _Table, number: int, chapter_id: str, ctx: _CourseContext, head: dict[str, Any],
                   families: Families, replay: Replay) -> Lesson:
    """A chapter written in the course: a lesson the course gives its id, game and rule set,
    read by the lesson format's own parser and replayed."""
    if not table.has("steps"):
        raise ctx.error("[[chapters]] needs either 'lesson' (a lesson file's id) or its own [[chapters.steps]]",
                        field="steps")
    data = {key: table.data[key] for key in INLINE_FIELDS if table.has(key)}
    data.setdefault("source", head["source"])
    data.setdefault("constructed", True)  # positions made up to teach one idea
    title = table.get("title", str, required=True)
    summary = table.get("summary", str, required=True)
    data.update(id=f"{head['course']}-{chapter_id}", title=title, summary=summary, game=head["game"],
                variant=head["variant"], order=number)
    try:
        lesson = parse_lesson(data, ctx.name, families)
        replay(lesson)
    except LessonError as err:  # said as the course's error: file, course, chapter, step
        ctx.step = err.step
        raise ctx.error(err.reason, field=err.field) from None
    return lesson
