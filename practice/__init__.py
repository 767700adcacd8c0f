"""Practice: drills made by the engines for every clause of the clause matrices, a mastery model
(spaced repetition), and a quiz for a table. Imports ``rules`` only; no param, no panel.

    from practice import make_drill
    drill = make_drill("H-A1", seed=7)             # the clause's own rule book; or variant=, options=
    drill.question, drill.choices                   # our words
    graded = drill.grade(["b"])                    # the engine's answer, asked now
    graded.correct, graded.why, graded.ref, graded.position

See docs/practice.md for the whole API.
"""

from .catalog import clauses, drill_from_token, find_clause, game_of, make_drill
from .drill import Answer, Choice, Drill, Graded, Position, Said
from .spec import Clause

__all__ = ["clauses", "drill_from_token", "find_clause", "game_of", "make_drill", "Answer", "Choice", "Drill",
           "Graded", "Position", "Said", "Clause"]
