"""Table renderers: how one game's position is drawn, and how clicks on it
become actions. See :mod:`tutor.views` for the protocol in words.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any, ClassVar

import panel as pn
import param

from rules.cards import Card
from rules.refs import Verdict
from tutor.model.study import Study

from .components import ItemList
from .cards import card_back, card_face
from .text import esc, tag

def renderer_for(game_id: str) -> type["TableRenderer"]:
    """The table of ``game_id``: the ``table`` part of its registration (``rules.games``),
    imported the first time the game is shown (the page does not pay for games nobody
    opens). A game may declare :class:`DefaultRenderer`; a game that declares no table
    is an error (``rules.games.PartError``), found by the tests rather than at a table."""
    from rules.games import part

    table: type[TableRenderer] = part(game_id, "table")
    return table


class TableRenderer(pn.viewable.Viewer):
    """Base class of the per-game tables.

    Subclasses build their panes and widgets ONCE in ``__init__``/``_build``
    and update them in :meth:`refresh` by reassigning pane objects or
    component parameters (never by rebuilding): ``refresh`` runs on every
    step, and the step must stay under 100 ms in the browser.
    """

    study = param.ClassSelector(class_=Study, default=None, allow_None=True,
                                doc="The study whose cursor position is drawn.")

    playing = param.Boolean(default=False, doc="Play against the computer is on: the other seats' moves come "
                                               "from the strip above the table (tutor.views.players).")

    in_play = param.Boolean(default=False, doc="The study is open in Play, where the person acts on the table "
                                               "(not Learn): set by the page before each study it draws.")

    showing_all = param.Boolean(default=False, doc="In a game in Play, every card is shown because the person "
                                                   "asked (the all-cards switch): the table says so by name.")

    game: ClassVar[str | None] = None

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._drawn: tuple[Any, ...] | None = None  # what the table was last drawn from
        self._layout = self._build()
        self._redraw()

    # -- for subclasses ----------------------------------------------------------------
    def _build(self) -> pn.viewable.Viewable:
        """Create the panes once; return the layout."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw for the study's current position, seat and selection."""
        raise NotImplementedError

    def view(self) -> Any:
        """What the chosen seat may see (everything when ``study.seat`` is None)."""
        return self.study.state.view(self.study.seat)

    def seat_names(self) -> tuple[str, ...]:
        """The players' names by seat (the engine's ``names``: the page's seat switch offers the
        same, ``TutorApp.seat_choices``)."""
        return tuple(self.study.state.names)

    def act(self, action: Any) -> Verdict:
        """Try ``action`` (built from clicks) at the cursor. The engine decides;
        a refusal leaves everything as it was and shows the reason."""
        return self.study.play(action)

    def select(self, *items: Any) -> None:
        """Record what the learner has picked so far while building an action."""
        self.study.selection = tuple(items)

    def toggle(self, item: Any) -> None:
        picked = self.study.selection
        self.study.selection = tuple(i for i in picked if i != item) if item in picked else picked + (item,)

    def others_move(self, name: str, how: str) -> str:
        """What the table says when another seat, whose cards this view hides, is to move:
        ``how`` to play for them in free play; in play against the computer, where to tap."""
        if self.playing:
            return f"It is {name}'s move: their cards stay hidden, and their move plays by itself."
        return f"It is {name}'s move. {how}"

    # -- plumbing --------------------------------------------------------------------------
    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @param.depends("study", "study.current", "study.step", "study.tree", "study.seat", "study.selection",
                   "study.quiz_open", "study.covered", "playing", "in_play", "showing_all", watch=True)
    def _redraw(self) -> None:
        """The table follows its study (a move and its question reach it in one call). Another
        study given with another job is heard twice (the study's values, then the page's): it
        is drawn once."""
        study = self.study
        if study is None:
            return
        drawn = (study, study.tree, study.current, study.step, study.seat, study.selection, study.quiz_open,
                 study.covered, self.playing, self.in_play, self.showing_all)
        last = self._drawn
        if last is not None and last[0] is study and last[1] is study.tree and last[2:] == drawn[2:]:
            return
        self._drawn = drawn
        self.refresh()


ASKING = "Answer the question first: the moves and their verdicts come back after it."


# -- the default table: the state's view as text, actions as buttons -----------------------
def _is_cards(value: Any) -> bool:
    return isinstance(value, tuple) and value != () and all(isinstance(v, Card) or v is None for v in value)


def value_html(value: Any, depth: int = 0) -> str:
    """A generic, escaped rendering of a view value: cards as faces/backs,
    records as definition lists, sequences of records as lists."""
    if isinstance(value, Card):
        return card_face(value)
    if value is None:
        return tag("span", "hidden", "hidden")
    if isinstance(value, Enum):
        return esc(value.name.lower().replace("_", " "))
    if isinstance(value, (str, int, float, bool)):
        return esc(value)
    if _is_cards(value):
        return tag("span", "", "cards", raw="".join(card_back(title="face down") if c is None else card_face(c)
                                                    for c in value))
    if isinstance(value, (frozenset, set)):
        return esc(", ".join(sorted(str(v) for v in value)) or "none")
    if dataclasses.is_dataclass(value):
        if depth >= 3:
            return esc(type(value).__name__)
        rows = "".join(
            tag("div", "", "field", raw=tag("dt", f.name.replace("_", " ")) + tag("dd", "", raw=value_html(
                getattr(value, f.name), depth + 1)))
            for f in dataclasses.fields(value) if not f.name.startswith("_"))
        return tag("dl", "", "record", raw=rows)
    if isinstance(value, (tuple, list)):
        if not value:
            return tag("span", "none", "none")
        if depth >= 2:
            return esc(f"{len(value)} items")
        return tag("ol", "", "records", raw="".join(tag("li", "", raw=value_html(v, depth + 1)) for v in value))
    return esc(value)


class DefaultRenderer(TableRenderer):
    """Any game: the (seat's) view as text with card faces, and every
    candidate action as a button: legal ones plain, illegal ones struck through
    with the engine's reason as their tooltip (a click shows it too)."""

    def _build(self) -> pn.viewable.Viewable:
        self._table = pn.pane.HTML("", css_classes=["table-text"], sizing_mode="stretch_width",
                                   stylesheets=[_TABLE_CSS])
        self._actions = ItemList(mode="buttons", label="Actions you can try", css_classes=["choices"],
                                 sizing_mode="stretch_width")
        self._actions.on_pick(self._picked)
        self._choices: tuple[Any, ...] = ()
        return pn.Column(self._table, pn.pane.HTML("<b>Try an action</b> (the rules decide):",
                                                   margin=(10, 5, 0, 5)),
                         self._actions, sizing_mode="stretch_width")

    def refresh(self) -> None:
        study = self.study
        if study is None:
            return
        state = study.state
        self._table.object = value_html(self.view())
        self._choices = () if study.quiz_open else study.choices()  # a question open: no moves, no verdicts
        if state.is_over:
            items = [{"key": -1, "label": "The game is over.", "cls": "over"}]
        elif study.quiz_open:
            items = [{"key": -1, "label": ASKING, "cls": "asking"}]
        else:
            items = [{"key": i, "label": choice.text, "cls": "legal" if choice.verdict.legal else "illegal",
                      "title": choice.verdict.reason} for i, choice in enumerate(self._choices)]
        self._actions.show(items, None)  # one update

    def _picked(self, key: Any) -> None:
        if isinstance(key, int) and 0 <= key < len(self._choices):
            self.act(self._choices[key].action)


_TABLE_CSS = """
.record { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
.record .field { display: contents; }
.record dt { color: #5b6472; }
.record dd { margin: 0; }
.records { margin: 0; padding-left: 1.2em; }
.card { display: inline-block; min-width: 2.2em; padding: 2px 4px; margin: 1px 2px; border: 1px solid #9aa3af;
        border-radius: 4px; background: white; text-align: center; font-weight: 600; }
.card.red { color: #c0262d; }
.card.black { color: #1d2430; }
.card.back { background: #35507a; color: #dfe7f5; }
.hidden, .none { color: #7a8391; font-style: italic; }
"""
