"""An action in plain words for a person, from the engine.

The engine says how an action reads in its position (``describe``: "play the
three sevens", "pick up the pile"); quizzes, the side-by-side view and move
lists show that instead of engine notation. An engine without it falls back
to its notation, so nothing breaks while one game lacks it.
"""

from __future__ import annotations

from typing import Any


def action_words(state: Any, action: Any) -> str:
    """``action`` as a person would say it in ``state``."""
    describe = getattr(state, "describe", None)
    if callable(describe):
        try:
            words = describe(action)
        except (TypeError, ValueError):
            words = ""
        if isinstance(words, str) and words:
            return words
    return str(action)
