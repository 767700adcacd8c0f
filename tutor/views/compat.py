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

All of this reaches into Panel's and bokeh's internals, written against the
pinned Panel (:data:`PINNED_PANEL`). :func:`check_panel` fails loudly, with
:class:`PanelChanged` naming what moved, when the version or one of those
internals is not what this module expects: at start-up (the app calls
:func:`mark_loaded_when_linked`, which checks first), in the worker when the
batching callback is not where Panel used to put it, and in
``tests/tutor/test_compat.py``, which also reads the worker module's source.
"""

from __future__ import annotations

import ast
import weakref
from typing import Any

PINNED_PANEL = "1.7.5"  # pyproject.toml pins it; the internals below are this version's

# documents already watched (the page bridge and the device's storage each ask)
_WATCHED: weakref.WeakSet[Any] = weakref.WeakSet()

# (module, object path, attribute) this module reads or writes, outside Pyodide
_PANEL_SHAPE = (
    ("panel.io.state", "state", "_loaded"),
    ("panel.io.state", "state", "_is_pyodide"),
    ("panel.io.state", "state", "curdoc"),
    ("panel.io.document", "", "MockSessionContext"),
    ("bokeh.document.callbacks", "DocumentCallbackManager", "_held_events"),
    ("bokeh.document.callbacks", "DocumentCallbackManager", "_hold"),
    ("bokeh.document.callbacks", "DocumentCallbackManager", "hold_value"),
    ("bokeh.document.callbacks", "DocumentCallbackManager", "_change_callbacks"),
    ("bokeh.document.callbacks", "DocumentCallbackManager", "remove_on_change"),
    ("bokeh.document.document", "Document", "apply_json_patch"),
    # tutor.views.shell.Shell narrows the reference walk after each change
    ("panel.reactive", "ReactiveCustomBase", "_patch_datamodel_ref"),
    ("panel.custom", "ReactiveESM", "_update_model"),
    # lazy_attribute_errors replaces it
    ("bokeh.core.has_props", "HasProps", "_raise_attribute_error_with_matches"),
    # design_styles_only_when_asked replaces it
    ("panel.reactive", "Reactive", "_update_properties"),
    ("panel.reactive", "Reactive", "_process_param_change"),
)
# what panel.io.pyodide (importable only inside Pyodide) must define
_WORKER_NAMES = ("_link_docs_worker", "_process_document_events", "_dict_converter")
_WORKER_CLOSURE = "dispatch_fn"  # the free variable of the pysync callback _link_docs_worker makes


class PanelChanged(RuntimeError):
    """Panel (or bokeh) is not the version, or lacks the internals, that
    :mod:`tutor.views.compat` was written against: the work-arounds would stop
    working silently, so the app refuses to go on."""


def check_panel() -> None:
    """Raise :class:`PanelChanged` unless Panel is the pinned version and has every
    internal this module relies on (the worker's own module is checked in the worker)."""
    import importlib

    import panel

    if panel.__version__ != PINNED_PANEL:
        raise PanelChanged(f"tutor.views.compat was written for Panel {PINNED_PANEL}, not {panel.__version__}: "
                           "check each work-around against the new Panel before moving the pin")
    missing = []
    for module_name, path, attribute in _PANEL_SHAPE:
        obj: Any = importlib.import_module(module_name)
        for part in filter(None, path.split(".")):
            obj = getattr(obj, part, None)
        if obj is None or not _has(obj, attribute):
            missing.append(f"{module_name}.{path + '.' if path else ''}{attribute}")
    if missing:
        raise PanelChanged(f"Panel {panel.__version__} no longer has what tutor.views.compat uses: "
                           + ", ".join(missing))


def _has(obj: Any, attribute: str) -> bool:
    if hasattr(obj, attribute):
        return True
    # instance attributes set in __init__ (bokeh's callback manager): look at the source
    init = getattr(obj, "__init__", None)
    code = getattr(init, "__code__", None)
    return code is not None and attribute in code.co_names


def check_worker_source(source: str) -> None:
    """Raise :class:`PanelChanged` unless the source of ``panel/io/pyodide.py``
    defines what :func:`_batch_worker_patches` relies on (read as text: the module
    imports ``js`` and loads only inside Pyodide)."""
    tree = ast.parse(source)
    defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    defined |= {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
                if isinstance(t, ast.Name)}
    missing = [name for name in _WORKER_NAMES if name not in defined]
    link = next((node for node in tree.body if getattr(node, "name", "") == "_link_docs_worker"), None)
    pysync = None if link is None else next(
        (node for node in ast.walk(link) if isinstance(node, ast.FunctionDef) and node.name == "pysync"), None)
    if pysync is None or _WORKER_CLOSURE not in {n.id for n in ast.walk(pysync) if isinstance(n, ast.Name)}:
        missing.append(f"_link_docs_worker.pysync using {_WORKER_CLOSURE}")
    if missing:
        raise PanelChanged("panel.io.pyodide no longer has what tutor.views.compat uses: " + ", ".join(missing))


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
    ``panel serve`` (Panel's server does both itself). Several components ask
    for the same document: it is watched once (a second swap would find the
    batching callback, not Panel's, and raise :class:`PanelChanged`)."""
    from panel.io.state import state

    check_panel()  # the start-up check: fail here, loudly, rather than stop batching unnoticed
    doc = doc if doc is not None else state.curdoc
    if doc is None or not _in_pyodide_worker_or_bare(doc) or doc in _WATCHED:
        return
    _WATCHED.add(doc)
    batching = []

    def linked(_event: Any) -> None:
        # BokehJS says "ready" again whenever its roots turn idle again (a
        # resized window lays the page out anew): swap the callback only once
        mark_document_loaded(doc)
        if state._is_pyodide and not batching:
            batching.append(_batch_worker_patches(doc))

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


def _batch_worker_patches(doc: Any, worker: Any = None) -> Any:
    """Swap the ``pysync`` callback ``panel.io.pyodide._link_docs_worker`` just
    installed for a batching one that sends through the same function; raise
    :class:`PanelChanged` if Panel's internals are not as expected. Returns
    the new callback."""
    import asyncio

    if worker is None:
        from panel.io import pyodide as worker
    missing = [name for name in _WORKER_NAMES if not hasattr(worker, name)]
    if missing:
        raise PanelChanged("panel.io.pyodide no longer has what tutor.views.compat uses: " + ", ".join(missing))
    for callback in list(doc.callbacks._change_callbacks):
        code = getattr(callback, "__code__", None)
        if getattr(callback, "__name__", "") != "pysync" or code is None or not callback.__closure__:
            continue
        closure = dict(zip(code.co_freevars, (cell.cell_contents for cell in callback.__closure__)))
        if _WORKER_CLOSURE not in closure:
            raise PanelChanged(f"the worker's pysync callback no longer holds {_WORKER_CLOSURE}: "
                               "changes would reach the page one patch at a time, or not at all")
        dispatch, msg_id = closure[_WORKER_CLOSURE], closure.get("msg_id")

        def send(events: list[Any]) -> None:
            json_patch, buffer_map = worker._process_document_events(doc, events)
            json_patch = worker.pyodide.ffi.to_js(json_patch, dict_converter=worker._dict_converter)
            buffers = worker.js.Map.new(worker.pyodide.ffi.to_js(buffer_map))
            dispatch(json_patch, buffers, msg_id)

        return batch_changes(doc, callback, send, asyncio.get_event_loop().call_soon, closure.get("setter"))
    raise PanelChanged("the worker linked the page without a pysync change callback: "
                       "tutor.views.compat cannot batch the changes it sends")


class _UnexpectedAttribute(AttributeError):
    """bokeh's error for an attribute a model does not have, with its list of
    similar names worked out only when the message is read."""

    def __init__(self, owner: str, name: str, properties: Any):
        super().__init__(name)
        self._owner, self._name, self._properties = owner, name, tuple(properties)

    def __str__(self) -> str:
        import difflib

        from bokeh.util.strings import nice_join

        matches, text = difflib.get_close_matches(self._name.lower(), self._properties), "similar"
        if not matches:
            matches, text = sorted(self._properties), "possible"
        return f"unexpected attribute {self._name!r} to {self._owner}, {text} attributes are {nice_join(matches)}"


def _raise_lazily(self: Any, name: str, properties: Any) -> Any:
    raise _UnexpectedAttribute(self.__class__.__name__, name, properties)


def lazy_attribute_errors() -> None:
    """Make bokeh's AttributeError for a missing model attribute cheap to raise.

    Why: Panel asks each changed property of a custom component's model with
    ``getattr(model, key, None)`` (``freeze_doc``), and the properties live on
    the model's data, so every change raised bokeh's error, which first ranks
    all the model's property names with difflib: about half of a Next's Python
    time (0.4 ms each under CPython, seven or eight a Next). The message is the
    same, made when read."""
    from bokeh.core.has_props import HasProps

    HasProps._raise_attribute_error_with_matches = _raise_lazily


def _update_properties(self: Any, *events: Any, doc: Any) -> dict[str, Any]:
    # Panel 1.7.5's Reactive._update_properties, with the design's parameters worked
    # out only for the one change that reads them (the stylesheets)
    changes = {event.name: event.new for event in events}
    if "stylesheets" in changes and self._design:
        params, _ = self._design.params(self, doc)
        if "stylesheets" in params:
            changes["stylesheets"] = params["stylesheets"] + changes["stylesheets"]
    return self._process_param_change(changes)


def design_styles_only_when_asked() -> None:
    """Stop Panel working out the design's styles at every property change.

    Why: for each change of any component (the table's HTML, the narration, the
    step list's mark: six or seven a Next), Panel asked the design for all its
    parameters, which resolves its stylesheets and builds their models, and then
    used them only when the change was to the stylesheets. That was 12-22% of a
    Next's Python time under CPython (min of 7 walks of the longest lessons). The
    result is the same: the styles are worked out when a change needs them."""
    from panel.reactive import Reactive

    Reactive._update_properties = _update_properties
