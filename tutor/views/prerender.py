"""The page's first screen as plain HTML and CSS, made under CPython at build time,
for the page to paint before any large script runs (issue 17).

It is not a second copy of the page: :func:`page_state` builds the real
:class:`~.app.TutorView` (the same code the browser runs), lets it open what the
address holds, and reads back what it would send to the browser: the frame's
markup, the small UI state, the HTML parts (narration, notice) and the table's
markup. :func:`static_page` then puts that state into the markup the way the
browser's script does (``Shell``'s ``applyUi``: which job shows, the counter,
the enabled buttons, the chosen lesson), so the live page takes over with the
same geometry: no jump.

* :func:`first_screen_html` -- the first screen of a plain address (the jobs,
  the game guides);
* :func:`study_screen_html` -- the screen a study link opens on (a lesson's
  step, a dealt table; a link that does not open: the first screen, saying
  why, as the page does).

The markup uses no shadow DOM except for the table, which sits in a
declarative shadow root (``<template shadowrootmode="open">``) with its own
stylesheet, exactly as the live table does; a browser without declarative
shadow DOM paints the page without the table until the app arrives.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .frame import HOST_CSS, SHELL_CSS
from .text import esc, tag


@dataclass(frozen=True)
class PageState:
    """What the live page holds right after it opened an address."""

    frame: str
    ui: dict[str, Any]
    parts: dict[str, str]          # data-part name -> HTML (``title`` is plain text)
    table_html: str = ""           # the game table's markup (the Board's ``html``), if a study is shown
    table_css: str = ""            # the Board's stylesheet


def page_state(fragment: str = "", catalog: Any = None) -> PageState:
    """Build the live page under CPython, open ``fragment`` as the page would, and read its state."""
    from tutor.model.app import TutorApp
    from tutor.model.catalog import Catalog

    from .app import TutorView
    from .shell import PARTS

    view = TutorView(app=TutorApp(catalog or Catalog.load()))
    view.bridge._handle_msg({"kind": "start", "value": fragment})
    shell = view.shell
    parts = {name: getattr(shell, attr) for name, attr in PARTS.items()}
    table_html = table_css = ""
    renderer = view.table.renderer() if view.app.job in ("learn", "play") else None
    board = getattr(renderer, "board", None)
    if board is not None:
        table_html = board.html
        table_css = "".join(board._stylesheets) + "".join(s for s in board.stylesheets if isinstance(s, str))
    return PageState(shell.frame, json.loads(shell.ui), parts, table_html, table_css)


# -- the browser's applyUi, on the markup -------------------------------------------------------------
def _set_attr(html: str, marker: str, attr: str, value: str | None) -> str:
    """Set (or remove, for None) ``attr`` on every element whose opening tag holds ``marker``."""
    def fix(match: re.Match[str]) -> str:
        tag_text = re.sub(rf' {attr}="[^"]*"', "", match.group(0))
        if value is None:
            return tag_text
        return tag_text[:-1] + f' {attr}="{esc(value)}">'
    return re.sub(rf"<[a-z]+[^>]*{re.escape(marker)}[^>]*>", fix, html)


def _fill(html: str, marker: str, inner: str) -> str:
    """Put ``inner`` into the (empty) element whose opening tag holds ``marker``."""
    return re.sub(rf"(<([a-z]+)[^>]*{re.escape(marker)}[^>]*>)(</\2>)", lambda m: m.group(1) + inner + m.group(3),
                  html, count=1)


def _options(options: list[list[str]], chosen: str) -> str:
    return "".join(tag("option", label, value=value, **({"selected": ""} if value == chosen else {}))
                   for value, label in options)


def static_page(state: PageState) -> str:
    """The frame with the state applied as the browser's script applies it."""
    ui = state.ui
    job = ui.get("job", "home")
    html = state.frame.replace('data-job="home"', f'data-job="{esc(job)}"', 1)
    html = html.replace('class="pt-app"', f'class="pt-app" data-steps="{"yes" if ui.get("has_steps") else "no"}"', 1)
    for name, inner in state.parts.items():
        if inner:
            html = _fill(html, f'data-part="{name}"', esc(inner) if name == "title" else inner)
    for value, cls in (("learn", "job job-learn"), ("play", "job job-play"), ("settle", "job job-settle"),
                       ("home", "brand")):
        html = _set_attr(html, f'class="{cls}"', "aria-current", "page" if value == job else None)
    for act, on in (("start", ui.get("can_back")), ("prev", ui.get("can_back")), ("next", ui.get("can_forward")),
                    ("end", ui.get("can_forward"))):
        html = _set_attr(html, f'data-act="{act}"', "disabled", None if on else "")
    html = _fill(html, 'class="where-text"', esc(ui.get("counter", "")))
    lesson = ui.get("lesson")
    if lesson:
        html = html.replace(f'<option value="{esc(lesson)}">', f'<option value="{esc(lesson)}" selected="">', 1)
    seats = ui.get("seats") or []
    html = re.sub(r'(<select data-act="seat">).*?(</select>)',
                  lambda m: m.group(1) + _options(seats, str(ui.get("seat", -1))) + m.group(2), html, count=1,
                  flags=re.S)
    if len(seats) <= 1:
        html = _set_attr(html, 'class="field seat-select"', "hidden", "")
    if ui.get("play_game"):
        html = html.replace(f'<option value="{esc(ui["play_game"])}">', f'<option value="{esc(ui["play_game"])}" '
                                                                         'selected="">', 1)
    for tab in ("steps", "lines", "share"):
        on = tab == ("steps" if ui.get("has_steps") else "lines")
        html = _set_attr(html, f'data-tab="{tab}"', "aria-current", "true" if on else "false")
        if on:
            html = html.replace(f'class="tab-panel panel-{tab}"', f'class="tab-panel panel-{tab} on"', 1)
    if state.table_html:
        board = (tag("div", "", "board", raw=tag("div", "", "board-body", raw=state.table_html
                                                   .replace('<div class="reason-slot"></div>', "")
                                                   + tag("div", "", "reason-line"))))
        shadow = tag("template", "", "", raw=tag("style", "", "", raw=state.table_css) + board,
                     shadowrootmode="open")
        html = _fill(html, 'data-child="table"', tag("div", "", "game-table pt-prerendered", raw=shadow))
    return html


def page_markup(state: PageState) -> str:
    """The static page with its stylesheet: one element to put in ``<body>``."""
    css = ".pt-host {" + HOST_CSS + "}\n" + SHELL_CSS
    return tag("style", "", "", raw=css) + tag("div", "", "pt-host", raw=static_page(state))


def first_screen_html(catalog: Any = None) -> str:
    """The first screen of a plain address, as the live page shows it."""
    return page_markup(page_state("", catalog))


def study_screen_html(fragment: str, catalog: Any = None) -> str:
    """The screen a study link (the part after ``#``) opens on, as the live page shows it."""
    return page_markup(page_state(fragment, catalog))


__all__ = ["PageState", "page_state", "static_page", "first_screen_html", "study_screen_html"]
