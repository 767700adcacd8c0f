"""Errors by cause. Both are ``ValueError`` so callers that only care that the
input was bad can catch one thing; callers that care why can tell them apart."""

from __future__ import annotations

from typing import Any


class NotationError(ValueError):
    """Text that does not parse: an unknown card, a malformed action or position.

    ``token`` is the offending piece of text; ``expected`` says what would
    have been accepted there; ``suggestion``, where a near miss has one, what
    was probably meant (a card for ``8x``: the 8 of clubs, whose key is next to x).
    """

    def __init__(self, message: str, *, token: str | None = None, expected: str | None = None,
                 suggestion: Any = None):
        super().__init__(message)
        self.token = token
        self.expected = expected
        self.suggestion = suggestion


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid in this position.

    Carries the state and the action so a caller (the tutor, a lesson loader)
    can show the position; ``verdict`` holds the reason and the rule reference
    produced by the same check that ``legal_actions()`` uses.
    """

    def __init__(self, message: str, *, state: Any = None, action: Any = None, verdict: Any = None):
        super().__init__(message)
        self.state = state
        self.action = action
        self.verdict = verdict
