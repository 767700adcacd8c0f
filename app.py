"""Palace Tutor: the Panel app. Builds the page from ``tutor`` and marks it servable.

Run it with ``panel serve app.py`` (development) or build the static site with
``palace-tutor build`` (see README). The developer self-check (a seeded deal
computed by ``rules`` in the browser, compared with CPython by the smoke test of
``tests/browser``) is on the page but shown only with ``?debug`` in the address.
"""

import panel as pn

from tutor.views.app import build

pn.extension(design=None)

build().servable(title="Palace Tutor")
