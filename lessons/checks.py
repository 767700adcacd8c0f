"""The checks a lesson step states (``[[steps.checks]]``), evaluated on the position after
the step and the step's events: a probe's figure, an event, the legal moves, a move allowed
or refused, the game over. The loader runs them when it replays a lesson; a move question's
goal is one of them too (``lessons.quizzes``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .model import Check, CheckResult, action_key
from .probes import ProbeError, compare, plain, resolve, same


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
