"""param models of the tutor (no panel import): what the views render.

* :mod:`.tree`: :class:`StudyTree`, the immutable tree of explored lines;
* :mod:`.study`: :class:`Study`, the cursor, lesson player and branch API;
* :mod:`.quiz`: lesson questions and their verdicts;
* :mod:`.share`: links and study files, validated by replaying through the engine;
* :mod:`.catalog`: the games and lessons on offer;
* :mod:`.app`: :class:`TutorApp`, what the whole page shows, and moving between its jobs;
  its parts: :mod:`.page` (state, the one report, opening a study), :mod:`.page_learn`,
  :mod:`.page_table`, :mod:`.page_links`, :mod:`.page_kept`.
"""

from .app import TutorApp
from .catalog import Catalog
from .quiz import QuizModel, QuizResult, check_answer
from .share import ShareError, Snapshot, decode_link, encode_link, export_text, import_text
from .study import Choice, Narration, Notice, StepItem, Study
from .tree import ROOT, Node, Row, StudyTree, TreeError

__all__ = [
    "Catalog", "TutorApp", "Choice", "Narration", "Node", "Notice", "QuizModel", "QuizResult", "ROOT", "Row",
    "ShareError", "Snapshot", "StepItem", "Study", "StudyTree", "TreeError", "check_answer",
    "decode_link", "encode_link", "export_text", "import_text",
]
