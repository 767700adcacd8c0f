"""The page as one browser component: our own markup (:mod:`.frame`) with the
Panel parts slotted into it.

Why one component: landmarks (header, nav, main), the step bar that stays at
the bottom of a phone screen, the drawer and the job switch are plain HTML and
CSS here, in one shadow root with one stylesheet, instead of stacks of Bokeh
layouts (whose shadow roots cut a ``<main>`` off from its content). Panel
children (the table, the quiz box, the step list, the tree, sharing, the
checker) are real Panel views placed in ``[data-child]`` slots, so each keeps
its own model and updates. Those a start does not show are given when their
slot first shows (:meth:`Shell.add_later`).

Python sets the markup once (``frame``), then small things: ``ui`` (JSON: the
job, the enabled buttons, the step counter, select options) and a few HTML
parts (the narration, the notice). The browser sends presses back as
``{act, value}`` (see :meth:`Shell.on_act`). Opening the drawer, switching its
tabs, the four-colour deck and ``?debug`` are browser-only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import param
from panel.custom import Child

from .esm import PlainJSComponent, module_text
from .frame import stylesheet

PARTS = {"narration": "narration_html", "notice": "notice_html", "heading": "heading_html",
         "title": "title_text", "play-extra": "play_html", "notice-home": "notice_home_html",
         "course": "course_html", "course-map": "course_map_html", "practice": "practice_html",
         "home-learn": "home_learn_html", "home-saved": "home_saved_html"}


class Shell(PlainJSComponent):
    """The page frame (see the module docstring)."""

    frame = param.String(default="", doc="The page's markup (built by tutor.views.frame), set once.")
    ui = param.String(default="{}", doc="JSON of the small UI state (job, enabled buttons, counter, options).")
    narration_html = param.String(default="", doc="The narration of the step (escaped HTML).")
    notice_html = param.String(default="", doc="The latest message, in the study view (escaped HTML).")
    notice_home_html = param.String(default="", doc="The latest message, on the other views (escaped HTML).")
    heading_html = param.String(default="", doc="The study's own name, if the learner gave one (escaped HTML).")
    title_text = param.String(default="", doc="The study view's heading for screen readers (plain text).")
    play_html = param.String(default="", doc="Play: the next-deal offer and what the table is (escaped HTML).")
    course_html = param.String(default="", doc="Learn: the course's line over the table (tutor.views.course).")
    course_map_html = param.String(default="", doc="Learn: the course's map, in the Steps tab (tutor.views.course).")
    practice_html = param.String(default="", doc="Practice: the drill and its verdict (tutor.views.practice).")
    home_learn_html = param.String(default="", doc="The first screen's Learn: where the learner is in a course, "
                                                   "and Continue (tutor.views.frame.learn_actions_html).")

    home_saved_html = param.String(default="", doc="The first screen's My studies and the table's rule sets "
                                                   "(tutor.views.shelf.home_saved_html).")

    table = Child(doc="The game table.")
    extra = Child(doc="Shown under the table (e.g. a position judged under other rule sets).")
    saved = Child(doc="The studies saved on this device (a drawer tab, shown when given or pending).")
    players = Child(doc="Play: who plays each seat (people here, or the computer), in the Play row.")
    rules = Child(doc="Play's table setup: your table's rules (a form from the game's options).")
    quiz = Child(doc="The question asked at this step.")
    steps = Child(doc="The lesson's step list.")
    tree = Child(doc="The study tree and notes.")
    share = Child(doc="Sharing the study.")
    checker = Child(doc="The hand checker.")
    mastery = Child(doc="Practice: the mastery map and the progress file (tutor.views.mastery).")
    debug = Child(doc="The developer self-check (shown with ?debug).")
    bridge = Child(doc="The page bridge (address and keys) and the device's storage bridges.")
    pending = param.List(default=[], item_type=str,
                         doc="Names of the children given once their slot first shows (add_later); the page asks.")

    _esm = module_text(Path(__file__).with_name("shell.mjs"))
    _constants = {"parts": PARTS}  # the page reads them as model.esm_constants

    _stylesheets = [stylesheet(":host")]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._acts: dict[str, Callable[[str], None]] = {"show": self.give}
        self._waiting: dict[str, Any] = {}  # the pending children, by name

    # -- children given once shown -----------------------------------------------------------------
    # Most of the page's Bokeh models sit in drawer tabs and other jobs (the tree, sharing,
    # the saved studies, the Play setup, the checker): a start that builds only what shows
    # sends half as many (issue 17). The page asks for the others as their slots first show.
    def add_later(self, **children: Any) -> None:
        """Give each ``name=child`` when its slot first shows (the child is built; its Bokeh models wait)."""
        self._waiting.update(children)
        self.pending = list(self._waiting)

    def give(self, name: str) -> None:
        """Give a pending child now (the page asks with ``show`` when its slot shows; a repeat
        or an unknown name changes nothing)."""
        if name not in self._waiting:
            return
        self.param.update(**{name: self._waiting[name], "pending": [n for n in self._waiting if n != name]})
        del self._waiting[name]  # only once given: a failure leaves it pending

    def on_act(self, act: str, callback: Callable[[str], None]) -> None:
        """Call ``callback(value)`` when the page sends ``act`` (a press, a choice)."""
        self._acts[act] = callback

    def ui_state(self) -> dict[str, Any]:
        """The UI state as sent (what tests read; the page never reads it back)."""
        state: dict[str, Any] = json.loads(self.ui)
        return state

    # -- one Next, one short update --------------------------------------------------------------
    # After each change of a parameter, Panel (ReactiveCustomBase._set_on_model)
    # walks every model below this component's data to tag the data models with
    # the root's id. Below the Shell is the whole page, so each narration or UI
    # change walked thousands of references in Python (about 14 ms a Next under
    # CPython, three or four times that in Pyodide). Only a change of children
    # can bring new data models (and Panel tags new ones when it makes them), so
    # the walk is kept for those and the rest tags the Shell's own data model.
    _walk_refs = True

    def _update_model(self, events: dict[str, Any], msg: dict[str, Any], root: Any, model: Any, doc: Any,
                      comm: Any) -> None:
        self._walk_refs = any(name in model.children for name in events)
        try:
            super()._update_model(events, msg, root, model, doc, comm)
        finally:
            self._walk_refs = True

    def _patch_datamodel_ref(self, props: Any, ref: str) -> None:  # type: ignore[override]
        if self._walk_refs:
            super()._patch_datamodel_ref(props, ref)
        elif f"__ref:{ref}" not in props.tags:
            props.tags.append(f"__ref:{ref}")

    def _handle_msg(self, msg: Any) -> None:
        if not (isinstance(msg, dict) and isinstance(msg.get("act"), str)):
            return
        callback = self._acts.get(msg["act"])
        value = msg.get("value")
        if callback is not None:
            callback(value if isinstance(value, str) else "")

    def clear_address(self) -> None:
        """Take the fragment out of the address bar (a link that did not open, nothing open)."""
        self._send_msg({"kind": "clear-address"})

    def press(self, act: str, value: str = "") -> None:
        """What a press in the page does (tests under CPython call this)."""
        self._handle_msg({"act": act, "value": value})
