"""The whole tutor page as one model: which job is open (the first screen,
learning, playing, settling a hand), which game and lesson, the study in
progress, who plays each seat in Play (:class:`~.versus.PlayMode`), the rules
of the table being set up (:class:`~.table_rules.TableRules`), the studies
kept on this device (:class:`~.library.Library`), and the messages about
links and files.

Learning and playing each keep their own study: going to Play and back to
Learn finds the lesson where it was left. A lesson opens in Learn; a dealt
table, or a shared study without a lesson, opens in Play.

:class:`TutorApp` is made of parts, each a module: :mod:`.page` (the params, the one
watcher and its report, opening a study), :mod:`.page_learn` (lessons, courses,
Practice), :mod:`.page_table` (Play's deals, table setup and seats), :mod:`.page_links`
(links and files in and out), :mod:`.page_kept` (saved studies and rule sets). This
module holds what moves between the jobs: the page's start, its address, the browser's
Back and Forward, and :meth:`TutorApp.open_job`.
"""

from __future__ import annotations

from .page import FREE_PLAY, JOBS, STUDY_JOBS, Change
from .page_kept import KeptOnDevice
from .page_learn import LearnJobs
from .page_links import PageLinks
from .page_table import SETUP_CHARS, PlaySetup, PlayTable
from .share import Snapshot, decode_link
from .study import Study

# the names others import from here, where they were before the parts were split off
__all__ = ["FREE_PLAY", "JOBS", "SETUP_CHARS", "STUDY_JOBS", "Change", "PlaySetup", "TutorApp"]


def _position_in(study: Study | None, snapshot: Snapshot) -> int | None:
    """The node of ``study`` at the snapshot's position (the same moves from the same start
    of the same game, rules and lesson), or None."""
    if study is None or (study.game, study.variant, getattr(study.lesson, "id", None), dict(study.setup)) != \
            (snapshot.game, snapshot.variant, getattr(snapshot.lesson, "id", None), dict(snapshot.setup)):
        return None
    node = study.tree.root.id
    for step in snapshot.tree.path(snapshot.current)[1:]:
        text = snapshot.tree[step].text
        node_next = next((c for c in study.tree[node].children if study.tree[c].text == text), None)
        if node_next is None:
            return None
        node = node_next
    return node


class TutorApp(LearnJobs, PlayTable, PageLinks, KeptOnDevice):
    """What the page shows. Views render it; only its methods change it."""

    # -- opening the page, its address and history ----------------------------------------------
    def start(self, fragment: str = "", resumed: bool = False) -> None:
        """Open the page: the study in the address (in Learn or Play), else the
        first screen. A link that cannot be opened leaves the first screen up,
        saying why (the lead's ruling: nothing is opened that was not asked
        for). Without a link nothing changes: the page's first report can
        arrive after the learner's first tap (the page repeats it until Python
        answers), and must not take them back to the first screen.
        ``resumed``: the address is this device's own (a reload, the browser's
        Back into the page, the last study it showed), not a link someone sent:
        it opens without "Opened the shared link"."""
        if fragment.strip().lstrip("#"):
            if resumed:
                self.resume(fragment)
            else:
                self.open_link(fragment)

    def resume(self, text: str) -> bool:
        """Open a link this device made (Continue, a reload, Back and Forward) with the same
        checks as a shared one, but no message: nothing was shared."""
        if self.study is not None and text.strip().rsplit("#", 1)[-1] == self.link():
            return True
        return self._open_snapshot(lambda: decode_link(text, self.catalog), "link", info=None)

    def visit(self, job: str, fragment: str) -> None:
        """The browser's Back or Forward reached an entry of the app: show its job, at the
        position of its address. A position of the study that job keeps is gone back to in
        that study (its notes, lines and undo kept); any other opens as a study of its own."""
        if job not in JOBS:
            return
        if job not in STUDY_JOBS or not fragment.strip().lstrip("#"):
            self.open_job(job)
            return
        try:
            snapshot = decode_link(fragment, self.catalog)
        except ValueError:
            return  # an entry whose link no longer opens: the page stays as it is
        kept = self.study if self.job == job else self._parked.get(job)
        node = _position_in(kept, snapshot)
        with self._one_report():
            if kept is None or node is None:
                self._show(snapshot.study(), info=None)
                return
            if kept is not self.study or self.job != job:
                self._show(kept, info=None, job=job)
            kept.move_to(node, snapshot.step)

    # -- the jobs -------------------------------------------------------------------------------
    def open_job(self, job: str) -> None:
        """Show one job. Learn and Play find their own study as it was left
        (Learn opens the picked lesson the first time, Play deals a table)."""
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r}; known: {', '.join(JOBS)}")
        if job == self.job and (job not in STUDY_JOBS or self.study is not None):
            return
        self._park()
        if job == "practice" and not self.practice.game:
            self.practice_game(self.game or "")
            return
        if job in STUDY_JOBS:
            parked = self._parked.get(job)
            if parked is not None:
                self._show(parked, info=None, job=job)
                return
            if job == "learn":
                first = self.lesson_id or next(iter(self.lesson_options().values()))
                if self.open_lesson(first or self._first_lesson()):
                    return
            elif self.new_deal():
                return
        self.job = job
