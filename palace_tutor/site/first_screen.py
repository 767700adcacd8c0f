"""The first screen as plain HTML and CSS, painted before any large script runs.

The page (``page.py``) shows it at once and swaps in the live app when Python
has rendered it. It is rendered at build time, from the same models and the same
page code the app runs (``prerender.py``), so the first screen and the live one
share one layout. A shared link's first screen says which lesson and step it
opens on, from :func:`link_index` (``link_peek.mjs``).
"""

from __future__ import annotations

from pathlib import Path

from rules.games import game_title
from tutor.model.catalog import Catalog
from tutor.model.study import Study

LINK_INDEX = "lessons.json"  # site file: what a link's first screen can say before Python runs


def link_index() -> dict:
    """For every lesson: its game, title, and the narration of its start and of each main-line
    step, as the app says them (from the same models). The page shows the one a shared
    link opens on while Python starts (``page.py``)."""
    catalog = Catalog.load()
    out = {}
    for lesson in catalog.lessons:
        study = Study.from_lesson(lesson, catalog.family(lesson.game))
        start = study.narration()
        steps = []
        for index in range(len(lesson.steps)):
            study.jump(index)
            said = study.narration()
            steps.append([said.heading, said.text])
        out[lesson.id] = {"game": game_title(lesson.game), "title": lesson.title,
                          "start": [start.heading, start.text], "steps": steps}
    return out


def first_screen(root: Path | None = None) -> tuple[str, str]:
    """(html, css) of the first screen: the app's own pre-render (``prerender.py``; ``root``:
    the checkout whose npm packages it uses)."""
    from .prerender import first_screen_html

    return first_screen_html(root=root), ""
