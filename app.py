"""Palace Tutor: the Panel app. Builds the page from ``tutor`` and marks it servable.

Run it with ``panel serve app.py`` (development) or build the static site with
``palace-tutor build`` (see README).
"""

import panel as pn

from tutor.views.deal import DealView

pn.extension(design=None)

pn.Column(
    "# Palace Tutor",
    "A rules tutor for Palace Poker, Palace and King's Pot. Lessons arrive soon; "
    "meanwhile, deal a hand and see the best five cards in it.",
    DealView(),
).servable(title="Palace Tutor")
