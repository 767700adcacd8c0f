"""The course in Learn: a line over the table (the course, the chapter, how far the learner
is, the next chapter once this one is done) and the course's map in the drawer's Steps tab
(every chapter with its tasks answered and stars; a tap opens it). Both are HTML parts of
the Shell (``course``, ``course-map``) made from :class:`tutor.model.course.CourseModel`
alone; presses come back as ``{act: "chapter", value: id}``. The progress is kept on the
device by :class:`CourseStore`, the saved studies' storage bridge under its own key.

Markup read by the browser tests: ``.course-line`` (``.course-where``, ``.course-done``,
``.course-next``, ``.course-table-rules``: how the table's own options change this chapter), ``.course-map`` with ``.course-chapter`` (``data-value``, ``aria-current``
on the open one, ``.stars``), ``.course-problem``.
"""

from __future__ import annotations

from typing import Any

from tutor.model.app import TutorApp
from tutor.model.course import STORAGE_KEY

from .library import LibraryStore
from .text import tag

KIND_WORDS = {"aim": "The aim", "deal": "The deal", "turn": "A turn", "rule": "A rule", "example": "Worked example",
              "strategy": "Playing well"}


class CourseStore(LibraryStore):
    """The device's storage for course progress (or, given its ``key``, the practice's mastery):
    the saved studies' bridge, under its own key."""

    _marks_loaded = False  # the saved studies' store already watches the page's link-up

    def __init__(self, **params: Any):
        params.setdefault("key", STORAGE_KEY)
        super().__init__(**params)


def follow_store(store: CourseStore, model: Any) -> None:
    """Wire the bridge to a model that keeps text on the device (:class:`CourseModel`, or the
    practice's): what the device says goes to the model, what the model keeps goes to it."""
    def heard(kind: str, value: str) -> None:
        if kind == "loaded":
            model.load(value)
            store.stored = model.stored
        elif kind == "written":
            model.written(value)
        elif kind == "changed":
            model.changed(value)
        else:
            model.storage_failed(value)

    store.on_event(heard)
    model.param.watch(lambda event: setattr(store, "stored", event.new), ["stored"])


def stars_html(stars: int) -> str:
    return tag("span", "★" * stars + "☆" * (3 - stars), "stars", aria_label=f"{stars} of 3 stars")


def _in_course(app: TutorApp) -> Any:
    """The course whose chapter is open in Learn, or None."""
    if app.job != "learn" or not app.course.chapter_id:
        return None
    return app.open_course_value()


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def course_line_html(app: TutorApp) -> str:
    """Over the table: the course and chapter, the learner's progress, and the next chapter
    once this one's tasks are answered."""
    course = _in_course(app)
    if course is None:
        return ""
    model = app.course
    index = course.index(model.chapter_id)
    chapter = course.chapters[index]
    mine = model.progress.of(course.id)
    where = tag("span", f"Chapter {index + 1} of {len(course.chapters)}: {chapter.title}", "course-where")
    done = tag("span", mine.words(course), "course-done")
    raw = tag("span", course.title, "course-title") + where + done
    raw += tag("button", "All chapters", "course-open-map", type="button", data_open="steps")
    raw += tag("button", "Practise these rules", "course-practice", type="button", data_act="practice-game",
               data_value=course.game)
    change = app.table_change()  # the table's own options change this chapter: say where and how
    if change is not None:
        where = f"step {change.step}" if change.step is not None else "this chapter"
        raw += tag("details", "", "course-table-rules", raw=tag("summary", f"Your table's rules change {where}")
                   + tag("p", _sentence(change.words()) + " The drills of Practise these rules follow your table's."))
    following = app.next_chapter()
    if following and mine.done(chapter):
        title = course.chapter(following).title
        raw += tag("button", f"Next chapter: {title} ▶", "course-next primary", type="button", data_act="chapter",
                   data_value=following)
    if model.problem:
        raw += tag("span", model.problem, "course-problem", role="alert")
    return tag("div", "", "course-line", raw=raw)


def course_map_html(app: TutorApp) -> str:
    """The course's map: every chapter in order, with its stars and tasks answered."""
    course = _in_course(app)
    if course is None:
        return ""
    model = app.course
    items = ""
    for number, row in enumerate(model.rows(course), 1):
        status = "done" if row.done else f"{row.answered} of {row.tasks} tasks"
        label = (tag("span", f"{number}. {row.title}", "chapter-title")
                 + tag("span", f"{KIND_WORDS.get(row.kind, row.kind)} · {status}", "chapter-status")
                 + stars_html(row.stars))
        attrs = {"aria_current": "step"} if row.current else {}
        items += tag("li", "", "", raw=tag("button", "", "course-chapter" + (" done" if row.done else ""),
                                           raw=label, type="button", data_act="chapter", data_value=row.id,
                                           **attrs))
    head = tag("h3", course.title) + tag("p", model.progress.of(course.id).words(course), "course-map-done")
    return tag("nav", "", "course-map", raw=head + tag("ol", "", "course-chapters", raw=items),
               aria_label="The course's chapters")
