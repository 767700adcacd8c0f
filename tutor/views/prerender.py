"""The live page's state right after it opened an address, read under CPython at build time.

:func:`page_state` builds the real :class:`~.app.TutorView` (the same code the browser
runs), lets it open what the address holds, and reads back what it would send to the
browser: the frame's markup, the small UI state, the HTML parts (narration, notice) and
the table's markup. The site build paints it as the page's first screen
(``palace_tutor/site/prerender.py``), with the page's own code for the UI state
(``shell_ui.mjs``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


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


__all__ = ["PageState", "page_state"]
