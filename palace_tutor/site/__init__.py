"""Host-side tooling that builds and serves the static site (never shipped to the browser).

``build.build_site`` turns ``app.py`` into a self-contained Pyodide site
(``panel convert --to pyodide-worker`` plus local copies of everything the
CDNs would have served); ``serve.serve`` serves a built site on 127.0.0.1.
Downloads are cached under ``.cache/`` at the repository root (or
``$PALACE_TUTOR_CACHE``), so a second build needs no network.
"""
