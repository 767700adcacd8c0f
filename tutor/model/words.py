"""An action in plain words for a person, from the engine.

The engine says how an action reads in its position (``describe``: "play the
three sevens", "pick up the pile"); quizzes, the side-by-side view and move
lists show that instead of engine notation. An engine without it falls back
to its notation, so nothing breaks while one game lacks it.
"""

from __future__ import annotations

from lessons.quizzes import move_words as action_words

__all__ = ["action_words"]
