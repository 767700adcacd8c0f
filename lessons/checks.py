"""The checks a lesson step states (``[[steps.checks]]``), evaluated on the position after
the step and the step's events: a probe's figure, an event, the legal moves, a move allowed
or refused, the game over. The loader runs them when it replays a lesson; a move question's
goal is one of them too (``lessons.quizzes``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.core import Action

from .probes import ProbeError, compare, plain, resolve, same


@dataclass(frozen=True)
class Check:
    """Something that must hold after a step; the loader verifies it on replay.

    ``kind`` is one of :data:`lessons.model.CHECK_KINDS`. ``subject`` is the probe path
    (``pot``, ``players[Dave].stack``), the event kind, or the action text.
    ``expected`` is the lesson's figure: for a probe, the value the document
    gives; for an event, the data the event must carry; for ``legal``, the
    action texts; for ``over``, a bool. ``note`` tells the learner where the
    figure comes from ("the document says Dave wins $142").
    """

    kind: str
    subject: str = ""
    expected: Any = None
    op: str = "equals"
    reason: str = ""
    note: str = ""

    def describe(self) -> str:
        """One line for a teacher or the app: what this check asserts."""
        if self.kind == "probe":
            words = {"equals": "is", "cards": "holds exactly", "length": "has length",
                     "includes": "includes"}[self.op]
            return f"{self.subject} {words} {_show(self.expected)}"
        if self.kind == "event":
            data = ", ".join(f"{k}={_show(v)}" for k, v in (self.expected or {}).items())
            return f"event {self.subject}" + (f" ({data})" if data else "")
        if self.kind == "legal":
            return "legal actions: " + (", ".join(self.expected) or "none")
        if self.kind == "allowed":
            return f"{self.subject} is allowed"
        if self.kind == "illegal":
            return f"{self.subject} is refused" + (f" ({self.reason})" if self.reason else "")
        return "the game is over" if self.expected else "the game goes on"


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}={_show(v)}" for k, v in value.items()) + "}"
    return str(value)


@dataclass(frozen=True)
class CheckResult:
    """A check as the replay found it: ``actual`` is what the engine gave."""

    check: Check
    passed: bool
    actual: Any
    message: str


def action_key(action: Action) -> str:
    """How two moves are compared as answers: the canonical text of the move's
    identity (``Action.key``), without the actor the notation may assert
    (``Brad: bet Frank`` and ``bet Frank`` are the same move when it is Brad's turn)."""
    return str(action.key())


def event_text(event: Any) -> str:
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
                return CheckResult(check, True, event_text(event), check.describe())
        happened = "; ".join(event_text(e) for e in events) or "no events"
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
