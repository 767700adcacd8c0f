"""Thin Panel views (``pn.viewable.Viewer``) that only render ``tutor.model``.

The page (:mod:`.app`) is a :class:`~tutor.model.app.TutorApp` rendered by
:class:`~.app.TutorView`: one :class:`~.shell.Shell` of our own markup
(:mod:`.frame`: the header with the three jobs, the first screen, the study
view with its step bar and drawer, Settle a hand) with the Panel parts slotted
in: the table, the lesson player (:mod:`.lesson`), the study tree
(:mod:`.tree`), sharing (:mod:`.share`), the checker (:mod:`.checker`).
:mod:`.prerender` renders the same page under CPython for the first paint.
Views change the model only through its methods; the model never imports panel.
The page's views follow one thing, ``TutorApp.change`` (``param.depends``), and
update each of their components once per change; a renderer follows the study
it is given (see ``docs/tutor.md``, "The page model and its views").

Table renderers: the per-game plug-in
=====================================

Each game family draws its table with a :class:`~.renderer.TableRenderer`, the
``table`` part of the game's registration (``rules.games``: ``"table":
"tutor.views.tables.palace:PalaceTable"``), imported the first time the game is shown::

    # tutor/views/tables/palace.py
    from tutor.views.renderer import TableRenderer

    class PalaceTable(TableRenderer):
        def _build(self):          # once: create panes/widgets, return the layout
            ...
        def refresh(self):         # every step: reassign pane objects / params
            ...

What a renderer gets (inputs), all from ``self.study``
(a :class:`~tutor.model.study.Study`):

* ``self.view()``: the position as the chosen seat may see it
  (``state.view(study.seat)``; ``study.seat is None`` means all cards, the
  teaching view). ``self.study.state`` is the full engine state, for
  ``legal_actions()``, ``candidate_actions()`` and ``explain(action)``.
* ``self.study.choices()``: every candidate action with the engine's verdict
  (legal first), which is what highlights are made of.
* ``self.study.selection``: a tuple of whatever the renderer has recorded as
  picked so far (cards clicked, a target chosen); it is cleared whenever the
  cursor moves.

What a renderer emits (outputs), all by calling the base class:

* ``self.select(*items)`` / ``self.toggle(item)``: record a partial choice
  (e.g. a clicked card), which triggers ``refresh`` so the pick shows.
* ``self.act(action)``: try a finished action (an engine action value built
  from the clicks). The engine's one check decides: a legal action becomes a
  node of the study tree and the cursor moves there; a refused one changes
  nothing and the page shows the engine's reason and rule reference.
* ``seat_names()``: the players' names by seat (the engine's ``names``; the
  page's "whose view" switch offers the same seats, from the page model).

Contract:

* Build once, update in ``refresh`` by reassigning ``pane.object`` or
  component parameters: ``refresh`` runs on every Next and the step must stay
  under 100 ms in the browser (``python -m bench step``).
* Text that came from users or lesson data is escaped
  (:mod:`.text`: ``esc``, ``tag``; :mod:`.cards`: ``card_face``, ``card_back``) or set as text by a
  component; never format it into HTML unescaped.
* ``refresh`` reads ``self.study`` afresh each time: the page reuses one
  renderer per game and swaps its ``study`` (with ``in_play`` and ``playing``,
  in one change) when another lesson or link opens; the renderer redraws when
  the study moves, picks or asks a question (``TableRenderer._redraw``), once
  per change.

A game may declare :class:`~.renderer.DefaultRenderer` as its table: the view
as text with card faces, every candidate action as a button (legal plain,
illegal struck through with the engine's reason), so stepping, branching by
clicking and sharing work for any game. A game that declares no table fails
the tests (``tests/test_game_parts.py``), not a person opening it.
"""

from .renderer import DefaultRenderer, TableRenderer, renderer_for

__all__ = ["DefaultRenderer", "TableRenderer", "renderer_for"]
