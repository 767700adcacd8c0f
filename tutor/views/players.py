"""Play: the strip in Play's top row (the Shell's ``players`` slot).

A thin view of :class:`tutor.model.versus.PlayMode`: who plays each seat (a person, or
the computer at a level) and the computer's pace, in a pop-over that closes with Close, a
tap outside or Escape; the computer's turns, which play themselves (the page's timer asks
Python after the pace's delay: ``data-auto``), with Pause / Resume and "Show me again"; the
coach's hint for the person to act; what the others did since the person's last move; and
the all-cards switch behind its warning. Every decision and every word comes from the
model (the engines, the players, the coach); nothing here knows a rule. The hand-over of
pass-and-play is the page's own screen (the Shell's), which makes the page beneath inert:
while it is up this strip draws nothing of the game.

Markup contract (tests): ``.strip-root`` holds ``.players-setup`` (a ``details``: one
``select.seat-level[data-seat=N]`` per seat, ``button[data-act=start]``, ``.close-setup``,
``select.pace``, ``button.show-all``), and in a game ``.playing`` + ``.pause`` (the computer
is playing), ``.resume`` / ``.their-move`` (paused, or looking back), ``.your-move``,
``.hint`` / ``.hint-text`` / ``.follow-hint`` (the coach), ``.recent`` (one line: ``.last-move``,
the newest, the earlier ones folded behind it, and ``.show-again`` at the person's turn). The
root's ``data-turn`` is the model's ``Turn.kind``,
``data-node`` the study position it is drawn for, ``data-auto`` the delay before the
computer's next move plays by itself (absent: nothing plays by itself) and
``data-decision-ms`` the computer's last decision time (to measure it in the browser).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import panel as pn
import param

from tutor.model.review import summary_of
from tutor.model.versus import PACES, PERSON, PlayMode

from .esm import PlainJSComponent, module_text
from .review import REVIEW_CSS, off_line_html, review_html
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
.your-move, .playing { font-weight: 600; }
.recent { flex: 1 1 100%; min-width: 0; display: flex; gap: 4px 8px; align-items: center; }
.recent .moves { flex: 1 1 auto; min-width: 0; }
.recent .last-move { margin: 0; color: #3b4452; font-size: 0.92rem; }
.recent details { font-size: 0.92rem; color: #3b4452; }
.recent summary { cursor: pointer; min-height: 32px; display: flex; flex-wrap: wrap; align-items: center; column-gap: 4px; }
.recent .more { color: #1f5fbf; white-space: nowrap; }
.recent ol { margin: 2px 0 4px; padding-left: 1.4em; }
.recent .show-again { flex: none; }
.peek { display: grid; gap: 6px; border-top: 1px solid #c3c9d2; padding-top: 8px; }
.warn { color: #6b3d00; }
@media (max-width: 699px) { .recent .last-move, .recent details { font-size: 0.85rem; } .recent .show-again { padding: 0 8px; } }
@media (min-width: 641px) { .players-setup[open] .players-form { position: absolute; left: 0; right: auto; top: calc(100% + 4px);
  width: min(92vw, 400px); } }
"""


class PlayStrip(PlainJSComponent):
    """HTML from Python (escaped by construction); a press comes back as ``{act, value, levels}``
    (``levels``: the setup form's choice per seat)."""

    html = param.String(default="")

    _esm = module_text(Path(__file__).with_name("play_strip.mjs"))

    _stylesheets = [STRIP_CSS, REVIEW_CSS]

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


def _options(choices: Any, chosen: str) -> str:
    return "".join(tag("option", label, value=value, **({"selected": ""} if value == chosen else {}))
                   for value, label in choices)


def setup_html(model: PlayMode) -> str:
    """The players pop-over: a person or the computer at a level per seat, the computer's
    pace, the all-cards switch with its warning, and Close (a tap outside or Escape too)."""
    names, levels = model.names(), model.levels()
    playing = model.opponents is not None
    rows = ""
    for seat, name in enumerate(names):
        chosen = levels[seat] if seat < len(levels) else PERSON
        rows += tag("label", "", "seat-row", raw=tag("span", name, "who")
                    + tag("select", "", "seat-level", raw=_options(LEVEL_LABELS, chosen), data_seat=seat,
                          aria_label=f"Who plays {name}"))
    buttons = _button("Play with these players", "start", "primary")
    if playing and not model.dealt:
        buttons += _button("Stop: I play every seat", "stop")
    buttons += _button("Close", "close-setup", "close-setup")
    note = tag("p", "Two or more people: the device is passed round, and a screen hides the cards until "
                    "the next player has it. Names: the table setup (⚙).", "form-note")
    pace = tag("label", "", "seat-row pace-row", raw=tag("span", "Computer's pace", "who")
               + tag("select", "", "pace", raw=_options(((k, v[0]) for k, v in PACES.items()), model.pace),
                     data_act="pace", aria_label="How fast the computer plays"))
    peek = ""
    if playing:
        if model.all_cards:
            peek = tag("div", "", "peek", raw=_button("Hide the others' cards again", "show-all", "", data_value="off"))
        else:
            peek = tag("div", "", "peek", raw=tag(
                "p", "Show every card: everyone looking at the screen sees every hand, the computer's too, "
                     "until the next deal.", "form-note warn")
                + _button("Show every card", "show-all", "show-all", data_value="on"))
    summary = tag("summary", "Players ▾", aria_label="Who plays each seat, and the computer's pace")
    form = rows + note + tag("div", "", "form-buttons", raw=buttons) + pace + peek
    return tag("details", "", "players-setup", raw=summary + tag("div", "", "players-form", raw=form))


def recent_html(model: PlayMode) -> str:
    """What the others did since the person's last move, on one line: the newest in sight (the
    rest folded behind it), and at the person's turn "Show me again" at its end. One line keeps
    the table in sight on a phone."""
    said = model.recent
    if not said:
        return ""
    if len(said) == 1:
        moves = tag("p", said[-1], "last-move")
    else:
        moves = tag("details", "", "earlier", raw=tag(
            "summary", "", "", raw=tag("span", said[-1], "last-move") + tag("span", f" (and {len(said) - 1} before)",
                                                                          "more"))
            + tag("ol", "", "", raw="".join(tag("li", s) for s in said)))
    again = _button("Show me again", "show-again", "show-again") if model.turn.kind == "person" else ""
    return tag("div", "", "recent", raw=tag("div", "", "moves", raw=moves) + again)


def turn_html(model: PlayMode) -> str:
    turn = model.turn
    review = model.review
    if review.open:  # a finished game, looked back through along its own line
        return (tag("div", "", "turn", raw=_hint_button(model)) if turn.kind == "person" else "") + \
            review_html(review) + _hint_box(model)
    if review.end is not None and turn.kind == "over" and model.study is not None:  # another line tried, ended
        return off_line_html(review, summary_of(model.study.state))
    parts = ""
    auto = model.autoplay_ms()
    if turn.kind == "computer":
        if auto is not None:
            parts += tag("span", f"{turn.name} is playing…", "playing") + _button("Pause", "pause", "pause")
        elif model.paused:
            parts += (_button("Resume ▶", "resume", "resume primary")
                      + _button(f"{turn.name}'s move", "their-move", "their-move"))
        else:  # looking back along the line
            parts += (_button(f"{turn.name}'s move ▶", "their-move", "their-move primary")
                      + _button("Back to the game ⏭", "to-end", "to-end"))
    elif turn.kind == "person":
        parts += _hint_button(model)
    out = tag("div", "", "turn", raw=parts)
    if turn.kind in ("computer", "person", "over"):
        out += recent_html(model)
    if review.end is not None:  # another move tried after the game: the way back to it
        out += off_line_html(review, None)
    return out + _hint_box(model)


def _hint_button(model: PlayMode) -> str:
    return tag("span", f"Your move, {model.turn.name}", "your-move") + _button("Hint", "hint", "hint")


def _hint_box(model: PlayMode) -> str:
    if not (model.hint_text and model.turn.kind == "person"):
        return ""
    return tag("div", "", "hint-box", raw=tag("p", model.hint_text, "hint-text", role="status")
               + _button("Play it", "follow-hint", "follow-hint primary"))


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
        elif act == "auto":
            node = _whole(value)
            model.auto(node if node is not None and node >= 0 else None)
        elif act in self._ACTS:
            self._ACTS[act](model, value)

    _ACTS = {
        "stop": lambda m, v: m.stop(),
        "their-move": lambda m, v: m.computer_move(),
        "hint": lambda m, v: m.hint(),
        "follow-hint": lambda m, v: m.follow_hint(),
        "taken": lambda m, v: m.taken(),
        "pace": lambda m, v: m.set_pace(v),
        "pause": lambda m, v: m.pause(True),
        "resume": lambda m, v: m.pause(False),
        "show-again": lambda m, v: m.show_again(),
        "show-all": lambda m, v: m.show_all(v == "on"),
        "to-end": lambda m, v: m.study is not None and m.study.to_end(),
        "review-goto": lambda m, v: (i := _whole(v)) is not None and m.review.goto(i),
        "review-prev": lambda m, v: m.review.step_yours(-1),
        "review-next": lambda m, v: m.review.step_yours(+1),
        "review-end": lambda m, v: m.review.to_end(),
        "review-learn": lambda m, v: m.review.learn(),
        "review-mistake": lambda m, v: (i := _whole(v)) is not None and m.review.try_again(i),
    }

    @param.depends("model.study", "model.turn", "model.position", "model.hint_text", "model.recent",
                   "model.opponents", "model.decision_ms", "model.pace", "model.paused", "model.replaying",
                   "model.all_cards", "model.review.end", "model.review.at", "model.review.mistakes",
                   "model.review.judged", watch=True)
    def _draw(self) -> None:
        """One drawing per change of the model (a computer's move is one change)."""
        model = self.model
        names = model.names()
        if not names:
            self.strip.html = ""
            return
        turn = model.turn
        ms = "" if model.decision_ms is None else model.decision_ms
        auto = model.autoplay_ms()
        extra = {} if auto is None else {"data_auto": auto}
        # during a hand-over nothing of the game is drawn here (the page's screen covers it)
        body = "" if turn.kind == "pass" else setup_html(model) + turn_html(model)
        self.strip.html = tag("div", "", "strip-root", raw=body, data_turn=turn.kind, data_decision_ms=ms,
                              data_node=model.position, **extra)

    def __panel__(self):
        return self.strip


def _whole(text: str) -> int | None:
    """A whole number as the page sends it ('12', '-1'); None for anything else (a hand-made
    message: '--3' and '²' pass str.isdigit after a strip, and int() refuses them)."""
    return int(text) if isinstance(text, str) and re.fullmatch(r"-?[0-9]{1,9}", text) else None
