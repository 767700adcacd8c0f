"""What this device keeps, on the page model: the open study saved (over the entry it
came from, or as a new one), a saved study opened, the first screen's shelf of saved
studies and rule sets, and a game dealt under a kept rule set (a part of
:class:`~.app.TutorApp`; the lists themselves are :class:`~.library.Library` and
:class:`~.table_rules.TableRules`)."""

from __future__ import annotations

from .library import SavedStudy
from .page import PageModel
from .share import decode_link
from .shelf import Shelf, shelf
from .table_rules import rules_title
from .study import Notice


class KeptOnDevice(PageModel):
    """What a press does with the studies and rule sets kept on this device."""

    # -- the studies kept on this device --------------------------------------------------------
    def save_study(self, as_new: bool = False) -> SavedStudy | None:
        """Keep the open study on this device (over the entry it came from, unless ``as_new``)."""
        if self.study is None:
            return None
        if self.game_in_progress():
            self.notice = Notice("error", "A game is kept once it is over: until then its record would show "
                                          "the cards nobody has seen. Nothing was saved.")
            return None
        return self.library.save(self.study, self.link(), as_new=as_new, rules=rules_title(self.study, self.catalog))

    def open_saved(self, entry_id: str) -> bool:
        """Open a saved study (the share link's full check first: a damaged one changes nothing)."""
        try:
            entry = self.library.entry(entry_id)
        except KeyError:
            return False
        self._opening_saved = True
        try:
            with self._one_report():
                opened = self.study is not None and entry.link == self.link()
                opened = opened or self._open_snapshot(lambda: decode_link(entry.link, self.catalog), "link",
                                                       info=f"Opened \u201c{entry.title}\u201d from your saved studies.")
                if opened:
                    self.library.open_id = entry.id
                    if self.study is not None:
                        self.study.title = entry.title  # its name in the list, renamed or not
        finally:
            self._opening_saved = False
        return opened

    def shelf(self) -> Shelf:
        """What the first screen lists of the studies and rule sets kept on this device."""
        return shelf(self.library, self.table_rules, self.game_title)

    def use_rule_set(self, entry_id: str) -> bool:
        """A rule set kept on this device, from the first screen: a game dealt under it, in Play
        (checked by the engine first: a damaged one changes nothing and says why)."""
        rules = self.table_rules
        with self._one_report():
            before = self._table_rules_now()
            if not rules.pick(entry_id):
                self.notice = rules.notice
                return False
            if not self._deal_under_table_rules(before):
                return False
            self.notice = Notice("info", f"A game dealt under your table's rules \u201c{rules.rules_name}\u201d.")
        return True
