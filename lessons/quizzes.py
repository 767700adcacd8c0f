"""A question against the engine: the right answers, checked when a lesson loads, and a
learner's answer judged when it is given, both by the same engine check.

``validate_quiz`` runs at load time: a quiz whose accepted answers disagree with the
engine does not load (the loader names the step and the reason). ``judge`` and
``judge_picks`` run when a learner answers: right or not, and why in plain words (for a
move the rules refuse, the engine's own reason and the section it rests on). Both read
the right moves through :func:`right_moves`, so what the loader accepted is what the
learner is told.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .checks import event_text, evaluate_check
from .model import AnswerSource, Quiz, action_key, normalize_answer
from .probes import ProbeError, plain, resolve, same


# --------------------------------------------------------------------------
# the engine's right answers


def right_moves(quiz: Quiz, state: Any) -> dict[str, Any]:
    """Action key -> action of every move that answers a move question right in ``state``:
    the legal moves (``legal-plays``); the legal moves that reach the quiz's goal (``move``
    with a ``goal``); the accepted moves (``move`` without one, each legal)."""
    if quiz.kind == "legal-plays":
        return {action_key(a): a for a in state.legal_actions()}
    if quiz.kind != "move":
        raise ValueError(f"a {quiz.kind} quiz is not answered by a move")
    if quiz.goal is None:
        out = {}
        for text in quiz.accepted:
            action = state.parse_action(text)
            if state.check(action).legal:
                out[action_key(action)] = action
        return out
    out = {}
    for action in state.legal_actions():
        after, events = state.play(action)
        if evaluate_check(quiz.goal, after, events).passed:
            out[action_key(action)] = action
    return out


def _read_accepted_moves(quiz: Quiz, before: Any) -> set[str]:
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
    return canonical


def validate_quiz(quiz: Quiz, before: Any, after: Any, events: tuple, action: Any = None) -> str | None:
    """Check a quiz's accepted answers against the engine; return the engine's own answer
    (for the kinds read from the step). Raises ``ValueError`` with the reason. ``action``
    is the step's own move, if it has one (a move question's line goes on with it, so it
    must be a right answer)."""
    if quiz.moves:
        canonical = _read_accepted_moves(quiz, before)
        if quiz.kind == "legal-plays" or quiz.goal is not None:
            right = set(right_moves(quiz, before))
            what = "legal" if quiz.kind == "legal-plays" else f"legal and reaches the goal ({quiz.goal.describe()})"
            missing, wrong = sorted(right - canonical), sorted(canonical - right)
            if wrong:
                raise ValueError(f"accepted but not {what}: " + ", ".join(wrong))
            if missing:
                raise ValueError(f"every correct answer must be accepted; also {what}: " + ", ".join(missing))
        if quiz.kind == "move" and action is not None and action_key(action) not in canonical:
            raise ValueError(f"the step's own move ({action}) is not among the accepted moves: the lesson "
                             "goes on with it, so it must be a right answer")
        return None
    if quiz.kind == "choice" and quiz.answer is None:
        return None
    # a battle-winner quiz reads the winner's name: ``winner_name`` where events name players
    # by seat and by name (the real engines), or ``winner`` where the winner is named directly
    source = quiz.answer or AnswerSource(event="", key="winner_name")
    engine = _read_answer(source, after, events, () if quiz.answer else ("winner",))
    if quiz.pick == "all":
        _same_set(engine, quiz.accepted, source)
    elif not any(same(engine, a) or same(str(engine), a) for a in quiz.accepted):
        raise ValueError(f"the engine's answer is {engine!r} ({source}), which is not among the "
                         f"accepted answers {sorted(quiz.accepted)}")
    return ", ".join(str(v) for v in engine) if isinstance(engine, list) else str(engine)


def _same_set(engine: Any, accepted: Iterable[str], source: AnswerSource) -> None:
    """A pick-all answer: the engine's list and the accepted answers hold the same items."""
    if not isinstance(engine, list):
        raise ValueError(f"a pick-all quiz needs a list from the engine; {source} is {engine!r}")
    pool = list(accepted)
    extra = []
    for item in engine:
        match = next((a for a in pool if same(item, a) or same(str(item), a)), None)
        if match is None:
            extra.append(item)
        else:
            pool.remove(match)
    if extra or pool:
        parts = ([f"the engine also has {', '.join(map(str, extra))}"] if extra else []) + \
                ([f"not the engine's: {', '.join(sorted(pool))}"] if pool else [])
        raise ValueError(f"the accepted answers must be exactly the engine's ({source} is "
                         f"{', '.join(map(str, engine)) or 'empty'}): " + "; ".join(parts))


def _read_answer(source: AnswerSource, after: Any, events: tuple, also: tuple[str, ...] = ()) -> Any:
    value = _read_value(source, after, events, also)
    if not source.count:
        return value
    if not isinstance(value, (list, dict)):
        raise ValueError(f"count: {source.probe or source.key!r} is {value!r}, which holds no items to count")
    return len(value)


def _read_value(source: AnswerSource, after: Any, events: tuple, also: tuple[str, ...]) -> Any:
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
    happened = "; ".join(event_text(e) for e in events) or "no events"
    what = f"an event {source.event!r}" if source.event else "an event"
    keys_said = " or ".join(repr(k) for k in keys)
    raise ValueError(f"{what} with {keys_said} was expected from this step; it produced: {happened}")


# --------------------------------------------------------------------------
# judging a learner's answer


@dataclass(frozen=True)
class Judgement:
    """The verdict on one answer (or one set of picks).

    ``correct``; ``reason`` in plain words (a wrong answer never says the right one);
    ``why``: for each picked move the rules refuse, the move in words, the engine's reason
    and its section; ``refused``: the engine refused the move (``why`` says how), as
    opposed to a legal move that is not what the question asks."""

    answer: str
    correct: bool
    reason: str
    why: tuple[str, ...] = ()
    refused: bool = False


def move_words(state: Any, action: Any) -> str:
    """A move as a person says it, from the engine (its notation if the engine cannot)."""
    describe = getattr(state, "describe", None)
    if callable(describe):
        try:
            words = describe(action)
        except (TypeError, ValueError):
            words = ""
        if isinstance(words, str) and words:
            return words
    return str(action)


def _refusal(state: Any, action: Any) -> str:
    verdict = state.explain(action)
    return f"{move_words(state, action)}: {verdict.reason} ({verdict.ref})"


def _wrong(answer: str, quiz: Quiz, words: str = "Not quite.", why: tuple[str, ...] = (),
           refused: bool = False) -> Judgement:
    hint = f" {quiz.hint}" if quiz.hint else ""
    return Judgement(answer, False, f"{words}{hint} Try again, or show the answer.", why, refused)


def judge(quiz: Quiz, answer: str, state: Any = None) -> Judgement:
    """One typed or picked answer (a question that takes one). A wrong answer does not tell
    the right one: for a move the rules refuse, the engine's reason; for an allowed move
    that is not what is asked, that it is allowed (and the quiz's hint)."""
    text = (answer or "").strip()
    if not text:
        return Judgement(text, False, "Pick or type an answer first.")
    if quiz.accepts(text, state):
        return Judgement(text, True, f"Right. {quiz.explanation}".strip())
    if quiz.moves:
        try:
            action = state.parse_action(text)
        except ValueError as err:
            return Judgement(text, False, f"That answer could not be read: {err}")
        if not state.check(action).legal:
            return _wrong(text, quiz, "That is not allowed here.", (_refusal(state, action),), refused=True)
        return _wrong(text, quiz, f"{move_words(state, action)[:1].upper()}{move_words(state, action)[1:]} "
                                  "is allowed, but it is not what the question asks.")
    return _wrong(text, quiz)


def judge_picks(quiz: Quiz, picks: Iterable[str], state: Any = None, labels: dict[str, str] | None = None) -> Judgement:
    """A set of picked answers (a ``legal-plays`` or pick-all question): right when they are
    exactly the right ones. A wrong set is told how many picks are right, why each refused
    move is refused (the engine's reason), and how many right answers are missing, never
    which. ``labels`` gives the words shown for each pick."""
    picked = tuple(dict.fromkeys(picks))
    labels = labels or {}
    said = ", ".join(labels.get(k, k) for k in picked)
    if not picked:
        what = "move that is allowed here" if quiz.kind == "legal-plays" else "right answer"
        return Judgement("", False, f"Pick every {what}, then check.")
    if quiz.accepts_picks(picked, state):
        lead = "Right: those are all the moves allowed here." if quiz.kind == "legal-plays" else "Right."
        return Judgement(said, True, f"{lead} {quiz.explanation}".strip())
    good = [k for k in picked if quiz.accepts(k, state)]
    wrong = [k for k in picked if k not in good]
    why: list[str] = []
    if quiz.moves:
        for k in wrong:
            try:
                action = state.parse_action(k)
            except ValueError:
                continue
            if not state.check(action).legal:
                why.append(_refusal(state, action))
        right = len(right_moves(quiz, state)) if quiz.kind == "legal-plays" else len(
            {action_key(state.parse_action(a)) for a in quiz.accepted})
        found = len({action_key(state.parse_action(k)) for k in good})
    else:
        right = len({normalize_answer(a) for a in quiz.accepted})
        found = len({normalize_answer(k) for k in good})
    parts = [f"{len(good)} of your {len(picked)} pick{'s' if len(picked) != 1 else ''} "
             f"{'is' if len(good) == 1 else 'are'} right"]
    if wrong:
        parts.append(f"{len(wrong)} {'is' if len(wrong) == 1 else 'are'} not" + (" (see why below)" if why else ""))
    if right - found > 0:
        missing = right - found
        parts.append(f"{missing} right answer{'s are' if missing != 1 else ' is'} still missing")
    return _wrong(said, quiz, "Not yet: " + "; ".join(parts) + ".", tuple(why), refused=bool(why))
