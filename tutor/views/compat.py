"""Work-arounds for the pinned Panel (1.7.5) in the compiled (Pyodide worker) app.

Panel batches layout and ``JSComponent`` updates inside ``hold(doc)``, and
only sends them on when ``state._loaded[doc]`` is set. The server sets it when
the page reports it has loaded; the Pyodide worker never does (only the
server's application handler listens for ``document_ready``). Until it is
set, every such update is left in ``doc.callbacks._held_events`` with the
hold switched off: not sent, and not marked as sent.

That is worse than a delay. The next message from the page (any click, the
page bridge's first report) goes through bokeh's ``Document.apply_json_patch``,
which marks every model of the document as known to the page. A table built
in the meantime (a link opened from the address bar before the page bridge's
first report got through) is then sent later as a bare reference, and BokehJS
throws "reference ... isn't known" and never shows it.

:func:`mark_loaded_when_linked` closes that window: the document is marked
loaded the moment the worker links it to the page (the ``DocumentReady``
event ``panel.io.pyodide._link_docs_worker`` fires right after flushing the
build's held events), before the page can send anything. The page bridge
still calls :func:`mark_document_loaded` on its first report, as a fallback.
"""

from __future__ import annotations

from typing import Any


def mark_document_loaded(doc: Any = None) -> None:
    """Tell Panel the page has loaded (a no-op where Panel already knows), and
    send any updates an earlier hold left behind."""
    from panel.io.state import state

    doc = doc if doc is not None else state.curdoc
    if doc is None or state._loaded.get(doc):
        return
    state._loaded[doc] = True
    callbacks = doc.callbacks
    if callbacks.hold_value is not None:
        doc.unhold()
    elif callbacks._held_events:
        # left behind by a hold that ended while the document was not loaded
        callbacks._hold = "combine"
        doc.unhold()


def mark_loaded_when_linked(doc: Any = None) -> None:
    """Mark ``doc`` (default: the document being built) loaded as soon as the
    Pyodide worker links it to the page. Nothing changes under ``panel serve``
    (Panel's server does this itself) or with no document (tests)."""
    from panel.io.state import state

    doc = doc if doc is not None else state.curdoc
    if doc is None or getattr(doc, "session_context", None) is not None:
        return
    doc.on_event("document_ready", lambda _event: mark_document_loaded(doc))
