"""Work-arounds for the pinned Panel (1.7.5) in the compiled (Pyodide worker) app.

Panel batches a ``JSComponent``'s parameter changes inside ``hold(doc)``, and
only flushes them when ``state._loaded[doc]`` is set. The server sets it when
the page reports it has loaded; the Pyodide worker never does (only the
server's application handler listens for ``document_ready``), so in the
compiled app every change to a JSComponent's parameters after the first
render is silently dropped (and other events can later arrive out of order:
"reference ... isn't known"). Marking the document loaded once the page is
linked to the worker restores the server's behaviour.
"""

from __future__ import annotations


def mark_document_loaded() -> None:
    """Tell Panel the page has loaded (a no-op where Panel already knows)."""
    from panel.io.state import state

    doc = state.curdoc
    if doc is None or state._loaded.get(doc):
        return
    state._loaded[doc] = True
    if doc.callbacks.hold_value is not None:
        doc.unhold()
