"""Learn and Practice on the page model: the lessons by game, a game's course where this
learner left off, its chapters, how the table's own rules change the chapter open, and
Practice started under the table's rules (a part of :class:`~.app.TutorApp`)."""

from __future__ import annotations

from typing import Any

from lessons.course_loader import chapter_change

from .page import FREE_PLAY, PageModel
from .study import Notice, Study


class LearnJobs(PageModel):
    """What a press does in Learn and Practice: lessons, courses, chapters, drills."""

    # -- Learn: lessons and courses -------------------------------------------------------------
    def _first_lesson(self) -> str:
        for game in self.catalog.game_ids():
            for lesson in self.catalog.lessons_for(game):
                return str(lesson.id)
        return FREE_PLAY

    def lesson_groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Every lesson, grouped by game: [(game title, [(lesson title, id), ...]), ...]."""
        groups = []
        for game in self.catalog.game_ids():
            lessons = self.catalog.lessons_for(game)
            if lessons:
                groups.append((self.game_title(game), [(lesson.title, lesson.id) for lesson in lessons]))
        return groups

    def learn_game(self, game: str) -> bool:
        """The first screen's "Learn" of a game: its course where this learner left off (the
        course of the table's rule set when the table being set up is this game, else the
        course last opened, else the game's first); a game without a course, its first lesson."""
        courses = self.catalog.courses_for(game)
        if not courses:
            lessons = self.catalog.lessons_for(game)
            return bool(lessons) and self.open_lesson(lessons[0].id)
        ids = [c.id for c in courses]
        rules = self.table_rules
        table = next((c.id for c in courses if rules.game == game and c.variant == rules.variant), None)
        last = self.course.progress.last_course(game)
        return self.open_course(table or (last if last is not None and last in ids else ids[0]))

    def course_places(self) -> tuple[Any, ...]:
        """Every course this learner has begun on this device and where they are in it
        (``tutor.model.course.CoursePlace``; the one open now first), from the courses' list
        entries: the first screen says it without replaying a course."""
        titles = {lesson.id: lesson.title for game in self.catalog.game_ids()
                  for lesson in self.catalog.lessons_for(game)}
        entries = [entry for game in self.catalog.game_ids() for entry in self.catalog.courses_for(game)]
        return self.course.places(entries, lambda lesson_id: str(titles.get(lesson_id, "")))

    def first_course_game(self) -> str:
        """The game the first screen's Learn starts with when no course is begun: the first
        game (in the catalog's order) with a course, else with a lesson ('' if none)."""
        games = self.catalog.game_ids()
        with_course = [g for g in games if self.catalog.courses_for(g)]
        return next(iter(with_course or [g for g in games if self.catalog.lessons_for(g)]), "")

    def learn_course(self, course_id: str = "") -> bool:
        """The first screen's Learn: ``course_id`` where this learner left off; without one, the
        course they were last in (the first begun), else the first game's course from its start."""
        if course_id:
            return self.open_course(course_id)
        places = self.course_places()
        if places:
            return self.open_course(places[0].course)
        game = self.first_course_game()
        return bool(game) and self.learn_game(game)

    def open_course(self, course_id: str, chapter_id: str | None = None) -> bool:
        """Open a course at a chapter (without one: where this learner left off), in Learn."""
        try:
            course = self.catalog.course(course_id)
            chapter_id, step = self.course.start_at(course, chapter_id)
            chapter = course.chapter(chapter_id)
            study = Study.from_lesson(chapter.lesson, self.catalog.family(course.game),
                                      scores=self.course.scores_for(course_id, chapter_id))
        except (ValueError, KeyError) as err:  # LessonError, NotationError, an unknown chapter
            self.notice = Notice("error", f"Could not open that course: {err}. Nothing was changed.")
            return False
        with self._one_report():
            self._course_study = study
            self.course.opened(course.game, course.id, chapter_id)
            self._show(study, info=None, job="learn")
            if step >= 0:
                study.jump(min(step, len(chapter.lesson.steps) - 1))
        return True

    # -- practice -------------------------------------------------------------------------------
    def practice_game(self, game: str) -> bool:
        """Practice ``game`` under the table's rules (the table being set up, when it is this
        game; else the rule set of the course open; else the game's first preset)."""
        try:
            presets = list(self.catalog.family(game).presets)
        except ValueError:
            return False
        rules, course = self.table_rules, self.open_course_value()
        if rules.game == game and rules.variant:
            variant, options = rules.variant, dict(rules.setup_extra().get("options") or {})
        elif course is not None and course.game == game:
            variant, options = course.variant, {}
        else:
            variant, options = presets[0], {}
        with self._one_report():
            self.practice.start(game, variant, {str(k): str(v) for k, v in options.items()})
            self.job = "practice"
        return True

    def explore_drill(self) -> bool:
        """The drill's position opened as a study (in Play), to try every move there."""
        drill = self.practice.drill
        if drill is None or drill.position.checker:
            return False
        position = drill.position
        if not self.open_setup(position.variant, position.setup, game=position.game):
            return False
        study = self.study
        for move in position.moves:
            if study is None or study.play_text(move) is None:
                break
        return True

    def open_chapter(self, chapter_id: str) -> bool:
        """A chapter picked on the open course's map."""
        return bool(self.course.course_id) and self.open_course(self.course.course_id, chapter_id)

    def next_chapter(self) -> str:
        """The chapter after the open one in its course ('' at the last one, or outside a course)."""
        course = self.open_course_value()
        if course is None or not self.course.chapter_id:
            return ""
        index = course.index(self.course.chapter_id)
        return course.chapters[index + 1].id if index + 1 < len(course.chapters) else ""

    def table_change(self) -> Any:
        """How the rules of the table being set up change the chapter open in Learn (a
        ``lessons.StepChange``: its first step that goes differently and the settings, in the
        options' words), or None.

        Our reading (docs/rulings.md, "A course and a table's own rules"): a course teaches its
        rule book as written, the preset its file names; a table that plays the same rule
        book with its own options is told, in the chapter those options change, which step
        goes differently and why, and its Practice drills follow the table's rules. Only the
        chapter opened is replayed under them (``lessons.chapter_change``), once."""
        course, rules = self.open_course_value(), self.table_rules
        chapter = self.course.chapter_id
        if course is None or not chapter or not rules.options or (rules.game, rules.variant) != (
                course.game, course.variant):
            return None
        key = (course.id, chapter, tuple(sorted(rules.options.items())))
        if key not in self._table_changes:
            try:
                self._table_changes[key] = chapter_change(course, chapter, {"options": dict(rules.options)},
                                                          families=self.catalog.family)
            except (ValueError, KeyError):  # a setting this rule book does not take: nothing to say
                self._table_changes[key] = None
        return self._table_changes[key]

    def course_chapter_open(self) -> str:
        """The course whose chapter is the study open in Learn ('' when the open study is no
        course's chapter): the first screen continues it once, as the course."""
        if self.study is None or self.study is not self._course_study or not self.course.chapter_id:
            return ""
        return self.course.course_id

    def open_course_value(self) -> Any:
        """The course followed in Learn (a ``lessons.Course``), or None."""
        if not self.course.course_id:
            return None
        try:
            return self.catalog.course(self.course.course_id)
        except ValueError:
            return None
