"""Links and files on the page model: a shared link opened (a study, a table's quiz, a
ruling, a table's rule set), a study file imported, and the open study as a file (a part
of :class:`~.app.TutorApp`).

Opening a link or a file goes through :mod:`.share`, which validates the whole
thing before anything is replaced: on any error the current study stays as it
was and ``notice`` says what was wrong."""

from __future__ import annotations

from .page import PageModel
from .practice import QUIZ_TAG
from .rule_link import RuleSetLinkError, is_rule_set_link, read_rule_set_link
from .rulings import RulingLinkError, is_ruling_link
from .share import ShareError, Snapshot, decode_link, export_text, import_text
from .study import Notice


class PageLinks(PageModel):
    """What opens from a link or a file, and the open study as a file."""

    # -- links and files in ---------------------------------------------------------------------
    def open_link(self, text: str) -> bool:
        """Open a shared link; on any flaw the current study stays and
        ``notice`` explains. The link of the study already open changes
        nothing (the page may report the same address twice: its first report
        and the address-bar change can cross on the way to Python), so a
        selection or seat chosen meanwhile is kept."""
        if self.study is not None and text.strip().rsplit("#", 1)[-1] == self.link():
            return True
        token = text.strip().rsplit("#", 1)[-1]
        if token.startswith(QUIZ_TAG):  # a table's quiz (practice.quiz): answered in Practice
            return self.open_quiz(token)
        if is_ruling_link(token):  # a ruling handed over (tutor.model.rulings): shown in Settle
            return self.open_ruling(token)
        if is_rule_set_link(token):  # a table's rule set (tutor.model.rule_link): dealt under, in Play
            return self.open_rule_set(token)
        return self._open_snapshot(lambda: decode_link(text, self.catalog), "link")

    def open_ruling(self, text: str) -> bool:
        """A ruling someone handed over: its question, rule set and verdict, in Settle. A broken
        link changes nothing (what the form held stays) and the notice says what is wrong."""
        try:
            said = self.checker.open_ruling(text)
        except RulingLinkError as err:
            self.notice = Notice("error", str(err))
            return False
        self._park()
        self.param.update(job="settle", notice=Notice("info", said))
        return True

    def open_quiz(self, token: str) -> bool:
        """A teacher's quiz link: its questions, in Practice; a bad one changes nothing and says why."""
        if not self.practice.open_quiz(token):
            self.notice = Notice("error", self.practice.problem)
            return False
        self.param.update(job="practice", notice=None)
        return True

    def open_rule_set(self, token: str) -> bool:
        """A table's rule set someone handed over: a game dealt under it in Play, the table setup
        showing it (to keep on this device). A bad link changes nothing and says why."""
        try:
            found = read_rule_set_link(token, self.catalog)
        except RuleSetLinkError as err:
            self.notice = Notice("error", str(err))
            return False
        rules = self.table_rules
        with self._one_report():
            before = self._table_rules_now()
            rules.param.update(game=found.game, variant=found.variant, options=dict(found.options),
                               rules_name=found.name, notice=None)
            if not self._deal_under_table_rules(before):
                return False
            what = f"\u201c{found.name}\u201d" if found.name else f"{rules.preset_title()} for {self.game_title(found.game)}"
            self.notice = Notice("info", f"Opened the table's rules {what}: a game is dealt under them. "
                                         "To keep them on this device, open the table setup and press Keep.")
        return True

    def import_file(self, content: str | bytes) -> bool:
        """Open an exported study file; same guarantees as :meth:`open_link`."""
        def load() -> Snapshot:
            if isinstance(content, bytes):
                try:
                    text = content.decode("utf-8")
                except UnicodeDecodeError:
                    raise ShareError("The file is not a text file. Nothing was changed.", what="file") from None
            else:
                text = content
            return import_text(text, self.catalog)
        return self._open_snapshot(load, "file")

    # -- files out ------------------------------------------------------------------------------
    def export_file(self) -> str:
        """The open study as a text file; empty before a study is open (the page
        is usable a moment before it reports its address and a study opens), and while a game
        is in progress (:meth:`game_in_progress`)."""
        return export_text(self.study) if self.study is not None and not self.game_in_progress() else ""

    def export_filename(self) -> str:
        study = self.study
        if study is None:
            return "study.palace-tutor.txt"
        name = study.lesson.id if study.lesson is not None else f"{study.game}-{study.variant}"
        return f"{name}.palace-tutor.txt"
