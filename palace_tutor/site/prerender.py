"""The page's first screen as plain HTML and CSS, made at build time, for the page to paint
before any large script runs (issue 17).

It is not a second copy of the page. :func:`tutor.views.prerender.page_state` builds the
real page under CPython and reads what it would send to the browser (the frame's markup,
the small UI state, the HTML parts, the table's markup); :func:`static_page` then puts that
state on the markup with the page's own code (``tutor/views/shell_ui.mjs``, which the
Shell runs in the browser), under Node with jsdom for a DOM (``prerender.mjs``). So the
live page takes over with the same geometry: no jump.

* :func:`first_screen_html` -- the first screen of a plain address (the jobs, the game guides);
* :func:`study_screen_html` -- the screen a study link opens on (a lesson's step, a dealt
  table; a link that does not open: the first screen, saying why, as the page does).

The markup uses no shadow DOM except for the table, which sits in a declarative shadow
root (``<template shadowrootmode="open">``) with its own stylesheet, exactly as the live
table does; a browser without declarative shadow DOM paints the page without the table
until the app arrives.

Node and the checkout's npm packages (``fetch.node_tools``: ``./dev setup`` and the site
build install them) are needed; none of this goes to the browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tutor.views.frame import stylesheet
from tutor.views.prerender import PageState, page_state
from tutor.views.text import tag

from . import fetch

SCRIPT = Path(__file__).with_name("prerender.mjs")


def _node_modules(root: Path | None) -> Path:
    modules = (root or fetch.repo_root()) / "node_modules"
    if not (modules / "jsdom").is_dir():
        raise RuntimeError(f"the pre-render needs jsdom in {modules}: run ./dev setup (npm ci) first")
    return modules


def static_page(state: PageState, root: Path | None = None) -> str:
    """The frame with the state put on it by the page's own code (see the module's text).
    ``root``: the checkout whose ``node_modules`` to use (default: the one around the working folder)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("the pre-render needs Node (apt-get install -y nodejs)")
    data = {"frame": state.frame, "ui": state.ui, "parts": state.parts, "table_html": state.table_html,
            "table_css": state.table_css}
    proc = subprocess.run([node, str(SCRIPT), str(_node_modules(root))], input=json.dumps(data),
                          capture_output=True, text=True, encoding="utf-8")
    if proc.returncode:
        raise RuntimeError(f"the pre-render failed:\n{proc.stderr[-4000:]}")
    return proc.stdout


def page_markup(state: PageState, root: Path | None = None) -> str:
    """The static page with its stylesheet: one element to put in ``<body>``."""
    return tag("style", "", "", raw=stylesheet(".pt-host")) + tag("div", "", "pt-host", raw=static_page(state, root))


def first_screen_html(catalog: Any = None, root: Path | None = None) -> str:
    """The first screen of a plain address, as the live page shows it."""
    return page_markup(page_state("", catalog), root)


def study_screen_html(fragment: str, catalog: Any = None, root: Path | None = None) -> str:
    """The screen a study link (the part after ``#``) opens on, as the live page shows it."""
    return page_markup(page_state(fragment, catalog), root)


__all__ = ["static_page", "page_markup", "first_screen_html", "study_screen_html"]
