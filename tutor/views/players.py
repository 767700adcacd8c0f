"""Play against the computer: the strip in Play's top row (the Shell's ``players`` slot).

A thin view of :class:`tutor.model.versus.PlayMode`: who plays each seat (a person, or
the computer at a level), the computer's next move one tap at a time, the coach's hint
for the person to act, and the hand-over screen of pass-and-play that covers the cards
until the next person taps it. Every decision and every word comes from the model
(the engines, the players, the coach); nothing here knows a rule.

Markup contract (tests): ``.strip-root`` holds ``.players-setup`` (a ``details``: one
``select.seat-level[data-seat=N]`` per seat and ``button[data-act=start]``), and in a
game ``.their-move`` (the computer's next move), ``.hint`` / ``.hint-text`` /
``.follow-hint`` (the coach), ``.last-move``; ``.handover`` is the pass-the-phone screen
(``button.taken``). The root's ``data-turn`` is the model's ``Turn.kind``, ``data-node``
the study position it is drawn for and ``data-decision-ms`` the computer's last
decision time (to measure it in the browser).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.versus import PERSON, PlayMode

from .esm import PlainJSComponent, module_text
from .text import tag

LEVEL_LABELS = ((PERSON, "A person"), ("beginner", "Computer: beginner"), ("standard", "Computer: standard"),
                ("strong", "Computer: strong"))

STRIP_CSS = """
:host { display: block; width: 100%; }
*, *::before, *::after { box-sizing: border-box; }
.strip-root { font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2430;
  display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
button, select { font: inherit; color: inherit; min-height: 44px; min-width: 44px; border: 1px solid #8d96a3;
  border-radius: 8px; background: #fff; padding: 0 12px; cursor: pointer; }
button.primary { background: #1f5fbf; border-color: #1f5fbf; color: #fff; font-weight: 600; }
:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; box-shadow: 0 0 0 5px #1d2430; }
.players-setup { position: relative; flex: none; }
.players-setup > summary { list-style: none; min-height: 44px; display: inline-flex; align-items: center;
  border: 1px solid #8d96a3; border-radius: 8px; padding: 0 10px; cursor: pointer; background: #fff; white-space: nowrap; }
.players-setup > summary::-webkit-details-marker { display: none; }
.players-form { display: grid; gap: 8px; }
.players-setup[open] .players-form { position: fixed; left: 8px; right: 8px; top: 100px; z-index: 30; max-width: 420px;
  background: #fff; border: 1px solid #c3c9d2; border-radius: 10px; box-shadow: 0 6px 18px rgba(0,0,0,.2); padding: 10px; }
.seat-row { display: grid; grid-template-columns: minmax(4em, 1fr) minmax(0, 2fr); gap: 8px; align-items: center; }
.seat-row .who { font-weight: 700; overflow-wrap: anywhere; }
.form-buttons { display: flex; flex-wrap: wrap; gap: 8px; }
.form-note { color: #4a5563; font-size: 0.9rem; margin: 0; }
.turn { flex: 1 1 12em; min-width: 0; display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.last-move { color: #3b4452; font-size: 0.92rem; }
.hint-box { flex: 1 1 100%; padding: 6px 10px; border-radius: 6px; background: #fff7e0; border: 1px solid #e8d49a; }
.hint-box p { margin: 0 0 6px; }
.handover { position: fixed; inset: 0; z-index: 40; background: #1d2430; color: #fff; display: flex;
  flex-direction: column; align-items: center; justify-content: center; gap: 16px; padding: 24px; text-align: center; }
.handover h2 { font-size: 1.6rem; margin: 0; }
.handover p { margin: 0; max-width: 24em; color: #dfe7f5; }
.handover button { min-height: 56px; padding: 0 24px; font-size: 1.1rem; }
@media (min-width: 641px) { .players-setup[open] .players-form { position: absolute; left: 0; right: auto; top: calc(100% + 4px);
  width: min(92vw, 400px); } }
"""


class PlayStrip(PlainJSComponent):
    """HTML from Python (escaped by construction); a press comes back as ``{act, value, levels}``
    (``levels``: the setup form's choice per seat)."""

    html = param.String(default="")

    _esm = module_text(Path(__file__).with_name("play_strip.mjs"))

    _stylesheets = [STRIP_CSS]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._handler: Any = None

    def on_press(self, handler: Any) -> None:
        self._handler = handler

    def _handle_msg(self, msg: Any) -> None:
        if not (isinstance(msg, dict) and isinstance(msg.get("act"), str)) or self._handler is None:
            return
        levels = msg.get("levels")
        levels = [str(v) for v in levels] if isinstance(levels, list) else []
        self._handler(msg["act"], str(msg.get("value") or ""), levels)


# -- markup ----------------------------------------------------------------------------------------
def _button(label: str, act: str, cls: str = "", **attrs: Any) -> str:
    return tag("button", label, cls, type="button", data_act=act, **attrs)


def setup_html(names: tuple[str, ...], levels: list[str], playing: bool) -> str:
    """The per-seat form: a person or the computer at a level."""
    rows = ""
    for seat, name in enumerate(names):
        chosen = levels[seat] if seat < len(levels) else PERSON
        options = "".join(tag("option", label, value=value, **({"selected": ""} if value == chosen else {}))
                          for value, label in LEVEL_LABELS)
        label = f"Who plays {name}"
        rows += tag("label", "", "seat-row", raw=tag("span", name, "who")
                    + tag("select", "", "seat-level", raw=options, data_seat=seat, aria_label=label))
    buttons = _button("Play with these players", "start", "primary")
    if playing:
        buttons += _button("Stop: I play every seat", "stop")
    note = tag("p", "Two or more people: the phone is passed between them, and a screen hides the cards "
                    "until the next one taps it. Names: the table setup (⚙).", "form-note")
    summary = tag("summary", "Players ▾" if playing else "Play the computer ▾",
                  aria_label="Who plays each seat")
    return tag("details", "", "players-setup", raw=summary + tag("div", "", "players-form", raw=rows + note + tag(
        "div", "", "form-buttons", raw=buttons)))


def turn_html(model: PlayMode) -> str:
    turn = model.turn
    parts = ""
    if turn.kind == "computer":
        parts += _button(f"{turn.name}'s move ▶", "their-move", "their-move primary")
    elif turn.kind in ("person", "pass"):
        parts += _button("Hint", "hint", "hint")
    if model.last_move and turn.kind != "off":
        parts += tag("span", model.last_move, "last-move", role="status")
    out = tag("div", "", "turn", raw=parts)
    if model.hint_text and turn.kind == "person":
        out += tag("div", "", "hint-box", raw=tag("p", model.hint_text, "hint-text", role="status")
                   + _button("Play it", "follow-hint", "follow-hint primary"))
    return out


def handover_html(name: str) -> str:
    return tag("div", "", "handover", raw=tag("h2", f"Pass the phone to {name}")
               + tag("p", f"The cards stay hidden until {name} has the phone.")
               + _button(f"I am {name}: show my cards", "taken", "taken primary"),
               role="dialog", aria_modal="true", aria_label=f"Pass the phone to {name}")


class PlayersPane(pn.viewable.Viewer):
    """The play-against-the-computer strip (see the module docstring)."""

    model = param.ClassSelector(class_=PlayMode)

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.strip = PlayStrip(sizing_mode="stretch_width", css_classes=["players-strip"])
        self.strip.on_press(self._pressed)
        self._draw()

    def _pressed(self, act: str, value: str, levels: list[str]) -> None:
        model = self.model
        if act == "start":
            try:
                model.start(levels)
            except ValueError:
                return  # a stale form (another table size): the redraw shows the right one
        elif act == "stop":
            model.stop()
        elif act == "their-move":
            model.computer_move()
        elif act == "hint":
            model.hint()
        elif act == "follow-hint":
            model.follow_hint()
        elif act == "taken":
            model.taken()

    @param.depends("model.study", "model.turn", "model.position", "model.hint_text", "model.last_move",
                   "model.opponents", "model.decision_ms", watch=True)
    def _draw(self) -> None:
        """One drawing per change of the model (a computer's move is one change)."""
        model = self.model
        names = model.names()
        if not names:
            self.strip.html = ""
            return
        playing = model.opponents is not None
        turn = model.turn
        body = setup_html(names, model.levels(), playing) + turn_html(model)
        if turn.kind == "pass":
            body += handover_html(turn.name)
        ms = "" if model.decision_ms is None else model.decision_ms
        self.strip.html = tag("div", "", "strip-root", raw=body, data_turn=turn.kind, data_decision_ms=ms,
                              data_node=model.position)

    def __panel__(self):
        return self.strip
