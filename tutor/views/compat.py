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


def _in_pyodide_worker_or_bare(doc: Any) -> bool:
    """True for the compiled app's document (Panel's worker gives it a
    ``MockSessionContext``) and for a bare document; False under ``panel serve``."""
    from panel.io.document import MockSessionContext

    context = getattr(doc, "session_context", None)
    return context is None or isinstance(context, MockSessionContext)


def mark_loaded_when_linked(doc: Any = None) -> None:
    """Mark ``doc`` (default: the document being built) loaded as soon as the
    Pyodide worker links it to the page, and from then on send each burst of
    updates as one patch (:func:`batch_changes`). Nothing changes under
    ``panel serve`` (Panel's server does both itself)."""
    from panel.io.state import state

    doc = doc if doc is not None else state.curdoc
    if doc is None or not _in_pyodide_worker_or_bare(doc):
        return

    def linked(_event: Any) -> None:
        mark_document_loaded(doc)
        if state._is_pyodide:
            _batch_worker_patches(doc)

    doc.on_event("document_ready", linked)


def batch_changes(doc: Any, callback: Any, send: Any, schedule: Any, setter: Any = None) -> Any:
    """Replace the change ``callback`` of ``doc`` by one that collects the
    document's change events and calls ``send(events)`` once per burst, when
    ``schedule(flush)`` runs ``flush`` (after the Python code that made them).

    Why: Panel's worker posts every change as its own patch, so one Next (a
    table, the narration, the step list, the tree and the link) reached the
    page as seven or eight messages, each applied and laid out by BokehJS on
    its own. One patch per burst is one update of the page. Events whose
    ``setter`` is ``setter`` came from the page and are not sent back.
    Returns the new callback."""
    pending: list[Any] = []

    def flush() -> None:
        events = list(pending)
        pending.clear()
        if events:
            send(events)

    def collect(event: Any) -> None:
        if setter is not None and getattr(event, "setter", None) == setter:
            return
        pending.append(event)
        if len(pending) == 1:
            schedule(flush)

    page_patch = doc.apply_json_patch

    def apply_json_patch(*args: Any, **kwargs: Any) -> Any:
        # Applying the page's patch marks every model of the document as known
        # to the page (bokeh's flush_synced): what Python changed must be sent
        # first, or a model made since would later go out as a bare reference
        # ("reference ... isn't known").
        flush()
        return page_patch(*args, **kwargs)

    doc.apply_json_patch = apply_json_patch
    doc.callbacks.remove_on_change(callback)
    doc.on_change(collect)
    return collect


def _batch_worker_patches(doc: Any) -> None:
    """Swap the ``pysync`` callback ``panel.io.pyodide._link_docs_worker`` just
    installed for a batching one that sends through the same function; if
    Panel's internals are not as expected, leave them alone."""
    import asyncio

    from panel.io import pyodide as worker

    for callback in list(doc.callbacks._change_callbacks):
        code = getattr(callback, "__code__", None)
        if getattr(callback, "__name__", "") != "pysync" or code is None or not callback.__closure__:
            continue
        closure = dict(zip(code.co_freevars, (cell.cell_contents for cell in callback.__closure__)))
        if "dispatch_fn" not in closure:
            return
        dispatch, msg_id = closure["dispatch_fn"], closure.get("msg_id")

        def send(events: list[Any]) -> None:
            json_patch, buffer_map = worker._process_document_events(doc, events)
            json_patch = worker.pyodide.ffi.to_js(json_patch, dict_converter=worker._dict_converter)
            buffers = worker.js.Map.new(worker.pyodide.ffi.to_js(buffer_map))
            dispatch(json_patch, buffers, msg_id)

        batch_changes(doc, callback, send, asyncio.get_event_loop().call_soon, closure.get("setter"))
        return
