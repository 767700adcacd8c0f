"""The lesson file format: every field, its type, and the checks on it.

``parse_lesson(data, name, families)`` turns the table read from a TOML file
into a :class:`~lessons.model.Lesson`, or raises :class:`LessonError` naming
the file, the lesson, the step and the field. Unknown fields are errors (a
misspelt ``naration`` must not silently drop a step's text). The format is
documented for teachers in ``docs/lessons.md``; keep the two in step.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import re
from collections.abc import Callable
from typing import Any

from rules.games import GameFamily
from rules.refs import RuleRef

from .errors import LessonError
from .model import (CHECK_KINDS, PICKS, PROBE_OPS, QUIZ_KINDS, AnswerSource, Check, FrozenMap, Lesson,
                    LessonEntry, Quiz, Step, freeze, normalize_answer)
from .probes import ProbeError, parse_path

LESSON_FIELDS = ("id", "title", "game", "variant", "summary", "intro", "constructed", "order",
                 "source", "setup", "prelude", "steps")
PRELUDE_FIELDS = ("action", "times")
MAX_PRELUDE = 1000
SOURCE_FIELDS = ("file", "section", "clause")
STEP_FIELDS = ("action", "narration", "rule", "checks", "quiz")
CHECK_FIELDS = tuple(CHECK_KINDS) + tuple(PROBE_OPS) + ("data", "reason", "note")
QUIZ_FIELDS = ("question", "kind", "accepted", "options", "explanation", "answer", "pick", "goal", "hint")
ANSWER_FIELDS = ("probe", "event", "key", "count")

ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

_TYPE_WORDS = {str: "text", bool: "true or false", int: "a whole number", dict: "a table",
               list: "an array"}


def _type_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    for kind, word in ((str, "text"), (int, "a number"), (float, "a number"), (dict, "a table"),
                       (list, "an array")):
        if isinstance(value, kind):
            return word
    return type(value).__name__


class _Context:
    """Where we are in the file, to build errors that say so."""

    def __init__(self, name: str):
        self.name = name
        self.lesson: str | None = None
        self.step: int | None = None

    def error(self, reason: str, field: str | None = None) -> LessonError:
        return LessonError(reason, name=self.name, lesson=self.lesson, step=self.step, field=field)


class _Table:
    """One TOML table under validation: unknown keys are refused up front."""

    def __init__(self, data: Any, where: str, allowed: tuple[str, ...], ctx: _Context):
        if not isinstance(data, dict):
            raise ctx.error(f"{where} must be a table, not {_type_word(data)}")
        self.data, self.where, self.ctx = data, where, ctx
        for key in data:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise ctx.error(f"unknown field {key!r} in {where}{hint}; "
                                f"allowed: {', '.join(allowed)}", field=key)

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type, *, required: bool = False, default: Any = None) -> Any:
        if key not in self.data:
            if required:
                raise self.ctx.error(f"{self.where} lacks the required field {key!r}", field=key)
            return default
        value = self.data[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.ctx.error(f"{key!r} in {self.where} must be {_TYPE_WORDS[kind]}, "
                                 f"not {_type_word(value)}", field=key)
        if kind is str and not value.strip():
            raise self.ctx.error(f"{key!r} in {self.where} is empty", field=key)
        return value

    def text_list(self, key: str, *, required: bool = False) -> tuple[str, ...]:
        values = self.get(key, list, required=required, default=[])
        for v in values:
            if not isinstance(v, str) or not v.strip():
                raise self.ctx.error(f"{key!r} in {self.where} must list texts; "
                                     f"found {_type_word(v) if not isinstance(v, str) else 'an empty text'}",
                                     field=key)
        return tuple(v.strip() for v in values)


def prose(text: str) -> str:
    """Text as a teacher wrote it, for display: lines within a paragraph join
    with single spaces; a blank line still separates paragraphs."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def _plain_data(value: Any, where: str, ctx: _Context) -> None:
    """Setup and figures must be plain data (a share link carries them)."""
    if isinstance(value, (_dt.date, _dt.time, _dt.datetime)):
        raise ctx.error(f"{where} holds a date or time ({value}); write it as text or a number")
    if isinstance(value, dict):
        for k, v in value.items():
            _plain_data(v, f"{where}.{k}", ctx)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _plain_data(v, f"{where}[{i}]", ctx)


def make_ref(ctx: _Context, value: Any, where: str, default_file: str | None,
             family: GameFamily) -> RuleRef:
    """A rule reference from ``"Section"`` or ``{file, section, clause}``."""
    if isinstance(value, str):
        file, section, clause = default_file, value, ""
    else:
        table = _Table(value, where, SOURCE_FIELDS, ctx)
        file = table.get("file", str, required=default_file is None, default=default_file)
        section = table.get("section", str, required=True)
        clause = table.get("clause", str, default="")
    if file not in family.sources:
        raise ctx.error(f"{where}: {file!r} is not a source of {family.id} "
                        f"(its sources: {', '.join(family.sources)})")
    try:
        return RuleRef(file, section.strip(), clause.strip())
    except ValueError as err:
        raise ctx.error(f"{where}: {err}") from None


def _header(data: dict[str, Any], name: str) -> tuple[_Context, _Table, str, str, str]:
    """The lesson table's id, title and game, checked: what a list of lessons needs."""
    ctx = _Context(name)
    if isinstance(data.get("id"), str) and ID_PATTERN.fullmatch(data["id"].strip()):
        ctx.lesson = data["id"].strip()  # so even the first error names the lesson
    top = _Table(data, "the lesson", LESSON_FIELDS, ctx)
    lesson_id = top.get("id", str, required=True).strip()
    if not ID_PATTERN.fullmatch(lesson_id):
        raise ctx.error(f"id {lesson_id!r} must be lowercase letters, digits and dashes, "
                        "like 'pp-banner-deal'", field="id")
    ctx.lesson = lesson_id
    title = prose(top.get("title", str, required=True))
    game = top.get("game", str, required=True).strip()
    return ctx, top, lesson_id, title, game


def parse_entry(data: dict[str, Any], name: str) -> LessonEntry:
    """A lesson table's entry in a list of lessons, checked as far as the entry goes, without
    its engine (the whole table is checked by :func:`parse_lesson` when the lesson opens)."""
    _, top, lesson_id, title, game = _header(data, name)
    return LessonEntry(id=lesson_id, title=title, game=game, order=top.get("order", int, default=100),
                       origin=name)


def parse_lesson(data: dict[str, Any], name: str,
                 families: Callable[[str], GameFamily]) -> Lesson:
    """Validate a lesson table and build the :class:`Lesson` (not yet replayed)."""
    ctx, top, lesson_id, title, game = _header(data, name)
    variant = top.get("variant", str, required=True).strip()
    summary = prose(top.get("summary", str, required=True))
    intro = prose(top.get("intro", str, default=""))
    constructed = top.get("constructed", bool, default=False)
    order = top.get("order", int, default=100)
    setup = top.get("setup", dict, default={})
    _plain_data(setup, "[setup]", ctx)
    for table_name in ("setup", "source"):
        strays = [k for k in (data.get(table_name) or {}) if k in LESSON_FIELDS]
        if strays and isinstance(data.get(table_name), dict):
            raise ctx.error(f"{strays[0]!r} is inside [{table_name}]: in TOML a key belongs to the "
                            "table heading above it, so put the lesson's own fields before the "
                            "first [table]", field=strays[0])
    prelude = _parse_prelude(top.get("prelude", list, default=[]), ctx)
    raw_steps = top.get("steps", list, required=True)
    if not raw_steps:
        raise ctx.error("a lesson needs at least one [[steps]]", field="steps")

    try:
        family = families(game)
    except ValueError as err:  # NotationError: unknown game id
        raise ctx.error(f"game: {err}", field="game") from None
    except ImportError as err:
        raise ctx.error(f"the {game} engine is not available ({err})", field="game") from None
    if variant not in list(family.presets):  # Presets[...] raises NotationError, not KeyError
        raise ctx.error(f"variant {variant!r} is not a preset of {game} "
                        f"(known: {', '.join(family.presets)})", field="variant")
    source_table = top.get("source", dict, required=True)
    source = make_ref(ctx, source_table, "[source]", None, family)

    steps = []
    for number, raw in enumerate(raw_steps, start=1):
        ctx.step = number
        steps.append(_parse_step(raw, ctx, source.source, family))
    ctx.step = None
    return Lesson(id=lesson_id, title=title, game=game, variant=variant, source=source,
                  summary=summary, setup=FrozenMap(setup), steps=tuple(steps), intro=intro,
                  constructed=constructed, prelude=prelude, order=order, origin=name)


def _parse_prelude(items: list, ctx: _Context) -> tuple[str, ...]:
    """``["ante", { action = "deal", times = 12 }, ...]`` -> the actions, one by one."""
    out: list[str] = []
    for number, item in enumerate(items, start=1):
        where = f"prelude item {number}"
        if isinstance(item, str):
            if not item.strip():
                raise ctx.error(f"{where} is empty", field="prelude")
            out.append(item.strip())
            continue
        table = _Table(item, where, PRELUDE_FIELDS, ctx)
        action = table.get("action", str, required=True).strip()
        times = table.get("times", int, default=1)
        if times < 1:
            raise ctx.error(f"'times' in {where} must be 1 or more, not {times}", field="times")
        out.extend([action] * times)
        if len(out) > MAX_PRELUDE:
            break
    if len(out) > MAX_PRELUDE:
        raise ctx.error(f"the prelude has more than {MAX_PRELUDE} actions", field="prelude")
    return tuple(out)


def _parse_step(raw: Any, ctx: _Context, default_file: str, family: GameFamily) -> Step:
    table = _Table(raw, "[[steps]]", STEP_FIELDS, ctx)
    action = table.get("action", str)
    narration = prose(table.get("narration", str, required=True))
    if not table.has("rule"):
        raise ctx.error("[[steps]] lacks the required field 'rule' (the section it teaches)",
                        field="rule")
    rule = make_ref(ctx, table.data["rule"], "rule", default_file, family)
    checks = tuple(_parse_check(c, ctx) for c in table.get("checks", list, default=[]))
    quiz = _parse_quiz(table.data["quiz"], ctx) if table.has("quiz") else None
    reads_event = quiz is not None and (quiz.answer is None or bool(quiz.answer.event))
    if quiz and quiz.kind in ("battle-winner", "outcome") and action is None and reads_event:
        raise ctx.error(f"a {quiz.kind} quiz read from the step's events needs the step to have "
                        "an action that settles it")
    return Step(action=action.strip() if action else None, narration=narration, rule=rule,
                checks=checks, quiz=quiz)


def _parse_check(raw: Any, ctx: _Context, where: str = "[[steps.checks]]") -> Check:
    table = _Table(raw, where, CHECK_FIELDS, ctx)
    kinds = [k for k in CHECK_KINDS if table.has(k)]
    if len(kinds) != 1:
        raise ctx.error("a check needs exactly one of " + ", ".join(CHECK_KINDS)
                        + (f"; it has {', '.join(kinds)}" if kinds else ""))
    kind = kinds[0]
    note = table.get("note", str, default="").strip()
    allowed_extra = {"probe": set(PROBE_OPS), "event": {"data"}, "illegal": {"reason"}}.get(kind, set())
    for key in table.data:
        if key not in (kind, "note") and key not in allowed_extra:
            raise ctx.error(f"{key!r} does not go with a {kind!r} check "
                            f"(it takes: {', '.join(sorted(allowed_extra | {kind, 'note'}))})",
                            field=key)
    if kind == "probe":
        path = table.get("probe", str).strip()
        try:
            parse_path(path)
        except ProbeError as err:
            raise ctx.error(str(err), field="probe") from None
        ops = [op for op in PROBE_OPS if table.has(op)]
        if len(ops) != 1:
            raise ctx.error(f"probe {path!r} needs exactly one of {', '.join(PROBE_OPS)}")
        op = ops[0]
        expected = table.data[op]
        _plain_data(expected, op, ctx)
        if op == "length" and (not isinstance(expected, int) or isinstance(expected, bool)):
            raise ctx.error(f"'length' must be a whole number, not {_type_word(expected)}")
        if op in ("cards", "includes") and not isinstance(expected, (str, list)):
            raise ctx.error(f"{op!r} must be cards as text ('Jc Jd') or an array")
        return Check("probe", path, freeze(expected), op=op, note=note)
    if kind == "event":
        data = table.get("data", dict, default={})
        _plain_data(data, "data", ctx)
        return Check("event", table.get("event", str).strip(), freeze(data), note=note)
    if kind == "legal":
        return Check("legal", "", table.text_list("legal"), note=note)
    if kind in ("allowed", "illegal"):
        reason = table.get("reason", str, default="").strip()
        return Check(kind, table.get(kind, str).strip(), None, reason=reason, note=note)
    return Check("over", "", table.get("over", bool), note=note)


def _parse_quiz(raw: Any, ctx: _Context) -> Quiz:
    table = _Table(raw, "[steps.quiz]", QUIZ_FIELDS, ctx)
    question = prose(table.get("question", str, required=True))
    kind = table.get("kind", str, required=True).strip()
    if kind not in QUIZ_KINDS:
        raise ctx.error(f"quiz kind {kind!r} is unknown; known: {', '.join(QUIZ_KINDS)}",
                        field="kind")
    accepted = table.text_list("accepted", required=True)
    if not accepted:
        raise ctx.error("a quiz needs at least one accepted answer", field="accepted")
    explanation = prose(table.get("explanation", str, required=True))
    hint = prose(table.get("hint", str, default=""))
    pick = _parse_pick(table, kind, ctx)
    options = _parse_options(table, kind, pick, accepted, ctx)
    answer = None
    if table.has("answer"):
        if kind in ("legal-plays", "move"):
            raise ctx.error(f"a {kind} quiz is answered by the engine's legal moves; "
                            "it takes no 'answer'", field="answer")
        answer = _parse_answer(table.data["answer"], ctx)
    elif kind == "outcome":
        raise ctx.error("an outcome quiz says where the engine's answer is read: "
                        "answer = { event = ..., key = ... } or { probe = ... }", field="answer")
    goal = None
    if table.has("goal"):
        if kind != "move":
            raise ctx.error(f"'goal' goes with a move quiz (what the move must achieve), not a {kind} quiz",
                            field="goal")
        goal = _parse_check(table.data["goal"], ctx, "the quiz's goal")
    return Quiz(question=question, kind=kind, accepted=frozenset(accepted), explanation=explanation,
                options=options, answer=answer, pick=pick, goal=goal, hint=hint)


def _parse_pick(table: _Table, kind: str, ctx: _Context) -> str:
    """``pick = "one"`` (default) or ``"all"``; a legal-plays quiz is always 'all'."""
    if not table.has("pick"):
        return "all" if kind == "legal-plays" else "one"
    pick = table.get("pick", str).strip()
    if pick not in PICKS:
        raise ctx.error(f"pick {pick!r} is unknown; known: {', '.join(PICKS)}", field="pick")
    if kind == "legal-plays" and pick != "all":
        raise ctx.error("a legal-plays quiz always asks for every legal move (pick = \"all\")", field="pick")
    if kind == "battle-winner" and pick == "all":
        raise ctx.error("a battle has one winner: a battle-winner quiz takes pick = \"one\"", field="pick")
    return pick


def _parse_options(table: _Table, kind: str, pick: str, accepted: tuple[str, ...],
                   ctx: _Context) -> tuple[str, ...]:
    """The answers offered to tap: required for a choice or a pick-all question, never for
    moves (the engine's own moves are offered)."""
    options = table.text_list("options")
    if kind in ("legal-plays", "move"):
        if options:
            raise ctx.error(f"a {kind} quiz offers the engine's own moves; it takes no 'options'",
                            field="options")
        return options
    if kind == "choice" or pick == "all":
        if len(options) < 2:
            what = "a choice quiz" if kind == "choice" else "a pick-all quiz"
            raise ctx.error(f"{what} lists its 'options' (two or more)", field="options")
        keys = {normalize_answer(o) for o in options}
        stray = [a for a in accepted if normalize_answer(a) not in keys]
        if stray:
            which = (f"the accepted answer {stray[0]!r} is" if len(stray) == 1 else
                     f"the accepted answers {', '.join(map(repr, stray))} are")
            raise ctx.error(f"{which} not among the options", field="accepted")
    elif options:
        # a battle-winner or outcome quiz may offer answers to tap; one of them must be right
        if len(options) < 2:
            raise ctx.error("'options' lists two or more answers to choose from", field="options")
        keys = {normalize_answer(a) for a in accepted}
        if not any(normalize_answer(o) in keys for o in options):
            raise ctx.error("none of the 'options' is an accepted answer", field="options")
    if len({normalize_answer(o) for o in options}) != len(options):
        raise ctx.error("an answer is listed twice in 'options'", field="options")
    return options


def _parse_answer(raw: Any, ctx: _Context) -> AnswerSource:
    table = _Table(raw, "[steps.quiz.answer]", ANSWER_FIELDS, ctx)
    if table.has("probe") == table.has("event"):
        raise ctx.error("the quiz 'answer' reads either a probe or an event's key")
    count = table.get("count", bool, default=False)
    if table.has("probe"):
        if table.has("key"):
            raise ctx.error("'key' goes with an event answer, not a probe", field="key")
        path = table.get("probe", str).strip()
        try:
            parse_path(path)
        except ProbeError as err:
            raise ctx.error(str(err), field="probe") from None
        return AnswerSource(probe=path, count=count)
    return AnswerSource(event=table.get("event", str).strip(),
                        key=table.get("key", str, required=True).strip(), count=count)
