"""Palace Tutor: the Panel app. Builds the page from ``tutor`` and marks it servable.

Run it with ``panel serve app.py`` (development) or build the static site with
``palace-tutor build`` (see README). The "Self-check" card at the bottom is the
smoke hook of ``tests/browser`` (a seeded deal computed by ``rules`` in the
browser, compared with CPython).
"""

import panel as pn

from tutor.views.app import build
from tutor.views.deal import DealView

pn.extension(design=None)

pn.Column(
    build(),
    pn.Card(DealView(), title="Self-check: the rules running in this browser", collapsed=False,
            sizing_mode="stretch_width",
            styles={"max-width": "min(1200px, 100%)", "overflow-x": "auto", "margin": "24px auto 0"}),
    sizing_mode="stretch_width",
).servable(title="Palace Tutor")
