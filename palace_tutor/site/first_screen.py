"""The first screen as plain HTML and CSS, painted before any large script runs.

The page (``page.py``) shows it at once and swaps in the live app when Python
has rendered it. It is rendered at build time under CPython, from the same
models the app runs. The app's own pre-render (``tutor.views.prerender.
first_screen_html()``, which returns ``(html, css)``) is used when the app
provides it, so the first screen and the live one share one layout; until
then this module's stand-in shows the title, the three jobs and the first
lesson's opening narration.
"""

from __future__ import annotations

import html

from rules.games import game_title
from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.study import Study

STAND_IN_CSS = """
.pt-first { max-width: 1200px; margin: 0 auto; padding: 8px 12px 24px; }
.pt-first h1 { font-size: 1.5rem; margin: 4px 0 8px; }
.pt-first .pt-jobs { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px; padding: 0; list-style: none; }
.pt-first .pt-jobs li { flex: 1 1 180px; border: 1px solid #c9d1dc; border-radius: 8px; padding: 8px 12px; }
.pt-first .pt-jobs b { display: block; font-size: 1.05rem; }
.pt-first .pt-lesson { border-top: 1px solid #e3e7ee; padding-top: 8px; }
.pt-first .pt-lesson h2 { font-size: 1.2rem; margin: 4px 0; }
.pt-first .pt-lesson h3 { font-size: 1.05rem; margin: 8px 0 4px; color: #1b4f9c; }
.pt-first .pt-lesson p { margin: 4px 0; line-height: 1.45; max-width: 70ch; }
"""

JOBS = (("Learn", "Step through a lesson: every play explained, with the rule behind it."),
        ("Play", "A game against the computer, or pass-and-play at one table."),
        ("Settle a hand", "Enter the cards and get the verdict with the reason."))


def stand_in() -> tuple[str, str]:
    """(html, css): the title, the three jobs, the first lesson's title and opening narration."""
    app = TutorApp(Catalog.load())
    app.start()  # what the live page opens on: the first game's first lesson
    parts = ['<h1>Palace Tutor</h1>', '<ul class="pt-jobs">']
    parts += [f"<li><b>{html.escape(name)}</b>{html.escape(what)}</li>" for name, what in JOBS]
    parts.append("</ul>")
    lesson = app.study.lesson if app.study is not None else None
    if lesson is not None:
        said = app.study.narration()
        parts += ['<section class="pt-lesson">',
                  f"<h2>{html.escape(game_title(lesson.game))}: {html.escape(lesson.title)}</h2>",
                  f"<h3>{html.escape(said.heading)}</h3>",
                  *(f"<p>{html.escape(p)}</p>" for p in said.text.split("\n\n") if p.strip()),
                  "</section>"]
    return '<div class="pt-first">' + "\n".join(parts) + "</div>", STAND_IN_CSS


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


def first_screen() -> tuple[str, str]:
    """(html, css) of the first screen: the app's own pre-render if it has one, else the stand-in."""
    try:
        from tutor.views.prerender import first_screen_html
    except ImportError:
        return stand_in()
    out = first_screen_html()
    return (out, "") if isinstance(out, str) else tuple(out)
