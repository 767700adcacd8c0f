"""Settle a disputed hand: the checker forms behind the app's "Settle a hand" section.

One form per question the command line answers (``palace-tutor check ...``), each
declared by its game (the ``checker`` part of the game's registration in
``rules.games``: :mod:`.checkers` holds the shipped games' forms): a Palace Poker
bet battle and showdown, a Palace play under every rule set side by side, a
King's Pot tableau.

A form holds each field's text as typed (a tap on a card and typing both edit
it), which field the next tapped card goes to, and the engine's verdict on
what the fields say now. The verdict comes from the very functions the CLI
calls, given the very strings the CLI would get (:meth:`CheckForm.command`).

Every edit is checked at once and judged again (:mod:`.check_form`): a bad
token is named against its own field (with the rule), the text stays as typed
so nothing is lost, and a verdict is only ever shown for the fields as they
are (any edit that leaves the position unjudgeable clears it). No panel import
here, and no engine import at page load: each form imports its engine when it
first judges.
"""

from __future__ import annotations

from typing import Any

import param

from .check_form import KEPT, NAME_LIMIT, CheckForm, Field, Reading
from .rulings import RulingLinkError, RulingLog, fill_form, read_ruling, ruling_link

__all__ = ["KEPT", "NAME_LIMIT", "CheckForm", "Field", "Reading", "Checker", "forms"]


def forms() -> dict[str, type[CheckForm]]:
    """Every registered game's checker forms by question (``form.key``, or the game's id for a
    form that names no question), in the order of the games and of each game's ``FORMS`` (the
    ``checker`` part of its registration)."""
    from rules.games import game_ids, part

    out: dict[str, type[CheckForm]] = {}
    for game in game_ids():
        for form in part(game, "checker"):
            key = form.key or game
            if key in out:
                raise ValueError(f"two checker forms answer {key!r}: {out[key].__name__} and "
                                 f"{form.__name__} ({game})")
            out[key] = form
    return out


def table_choice(table: Any) -> tuple[str, dict[str, str], str]:
    """The rule set a :class:`~.table_rules.TableRules` holds, as (preset, options, name)."""
    name = table.rules_name or ("your table's rules" if table.options else "")
    return table.variant, dict(table.options), name


class Checker(param.Parameterized):
    """The "Check a hand" section: one form per question, and which is shown."""

    mode = param.Selector(default=None, objects=[], doc="Which question is being asked.")
    opened = param.Integer(default=0, doc="How many ruling links were opened (a view shows the question again).")
    log = param.ClassSelector(class_=RulingLog, constant=True, doc="The rulings this table kept on the device.")

    def __init__(self, **params: Any):
        made = {mode: make() for mode, make in forms().items()}
        mode = params.pop("mode", None)
        params.setdefault("log", RulingLog())
        super().__init__(**params)
        self.forms: dict[str, CheckForm] = made
        self.param.mode.objects = list(made)
        self.mode = mode if mode is not None else next(iter(made), None)

    def titles(self) -> dict[str, str]:
        """Each question's button title, by its key."""
        return {mode: form.mode_title or form.title for mode, form in self.forms.items()}

    def rule_sets(self, game: str, table: Any = None) -> dict[str, tuple[str, dict[str, str], str]]:
        """The rule sets a question of ``game`` can be judged under, by their words in the picker:
        the rules as written, the table's rules being set up in Play (``table``, a
        :class:`~.table_rules.TableRules`) when they are for this game, and every rule set saved
        on this device for it. Each: (preset, options, name)."""
        out: dict[str, tuple[str, dict[str, str], str]] = {"The rules as written": ("", {}, "")}
        if table is None:
            return out
        if table.game == game and table.variant:
            out[f"{table.title()} (set up in Play)"] = table_choice(table)
        for saved in table.saved_for(game):
            out.setdefault(saved.name, (saved.variant, dict(saved.options), saved.name))
        return out

    def use_table(self, table: Any) -> None:
        """The table chose a rule set in Play (or a link carried one): its game's questions are
        judged under it."""
        if table.game and table.variant:
            self.use_rules(table.game, *table_choice(table))

    def use_rules(self, game: str, variant: str, options: Any, title: str = "") -> None:
        """Judge every form of ``game`` under the table's rule set (issue 34, point 2)."""
        for form in self.forms.values():
            if form.game == game:
                form.use_rules(variant, options or {}, title)

    @property
    def form(self) -> CheckForm:
        return self.forms[self.mode]

    # -- a ruling handed over (issue 34, point 4) ------------------------------------------------
    def ruling_link(self) -> str:
        """The link (after '#') of the question shown, its rule set and verdict ('' without one)."""
        return ruling_link(self.form)

    def keep_ruling(self) -> bool:
        """Keep the verdict shown in the table's log on this device."""
        return self.log.keep(self.form, self.titles()[self.mode]) is not None

    def add_rulings(self, text: str) -> int:
        """Add the rulings of an exported log (a file or its text) to the table's log: all or
        nothing, a bad line named (:meth:`~.rulings.RulingLog.add_export`). Returns how many."""
        log: RulingLog = self.log
        return log.add_export(text, self.forms)

    def open_ruling(self, text: str) -> str:
        """Open a ruling link: its question, rule set and verdict, in place of what its form held.
        All or nothing: the question is judged on a spare form first, and any flaw raises
        :class:`~.rulings.RulingLinkError` (nothing changed). Returns what to tell the person."""
        link = read_ruling(text, self.forms)
        spare = type(self.forms[link.mode])()
        fill_form(spare, link)
        if spare.verdict is None:
            why = spare.error or "; ".join(spare.problems.values()) or spare.hint
            raise RulingLinkError(f"The ruling link's question cannot be judged: {why}")
        form = self.forms[link.mode]
        fill_form(form, link)
        self.mode = link.mode
        self.opened += 1
        said = f"Opened a ruling someone shared: {self.titles()[link.mode]}, {form.rules_words()[0].lower()}" \
               f"{form.rules_words()[1:]}"
        if link.headline and link.headline != form.headline():
            said += (f" When the link was made its verdict read: \u201c{link.headline.rstrip('.')}\u201d. This version of "
                     "Palace Tutor rules as shown below.")
        return said
