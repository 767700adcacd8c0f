"""The Pyodide-worker work-around in tutor.views.compat, replayed on a plain
bokeh Document the way panel.io.pyodide drives it (no browser needed).

The sequence that broke the compiled app: the worker links the built document
to the page (unhold, DocumentReady), and an update is made inside Panel's
``hold()`` before the page has reported it loaded (a position opened from the
address bar). Panel then parks the update in ``_held_events`` unsent; a later
update goes out first and BokehJS meets a reference it does not know.
"""

from __future__ import annotations

from bokeh.document import Document
from bokeh.events import DocumentReady
from bokeh.models import Div
from panel.io.document import hold
from panel.io.state import state

from tutor.views.compat import mark_document_loaded, mark_loaded_when_linked


def _worker_document():
    doc = Document()
    doc.hold()  # panel.io.pyodide.init_doc holds the document it builds into
    root = Div(text="built")
    doc.add_root(root)
    return doc, root


def _texts(events):
    return [e.new for e in events if getattr(e, "attr", None) == "text"]


def _link(doc, sent):
    # what panel.io.pyodide._link_docs_worker does: listen, unhold, say ready
    doc.on_change(lambda event: sent.append(event))
    doc.unhold()
    doc.callbacks.trigger_event(DocumentReady())


def test_update_made_before_the_page_reports_is_parked_without_the_fix():
    # the bug itself: Panel's hold() ends on a document not marked loaded and
    # leaves the change unsent; the link's unhold is then a no-op
    doc, root = _worker_document()
    sent = []
    _link(doc, sent)
    with hold(doc):
        root.text = "a position opened from the address bar"
    assert _texts(sent) == []
    assert _texts(doc.callbacks._held_events)  # parked, to be sent out of order later
    state._loaded.pop(doc, None)


def test_update_made_before_the_page_reports_is_sent_once_the_worker_linked():
    doc, root = _worker_document()
    mark_loaded_when_linked(doc)
    sent = []
    _link(doc, sent)
    with hold(doc):
        root.text = "a position opened from the address bar"
    try:
        assert _texts(sent) == ["a position opened from the address bar"]
        assert not doc.callbacks._held_events
        assert state._loaded.get(doc)
        # later updates flow at once, as under panel serve
        with hold(doc):
            root.text = "next step"
        assert _texts(sent)[-1] == "next step"
    finally:
        state._loaded.pop(doc, None)


def test_the_page_reports_fallback_sends_what_an_earlier_hold_parked():
    doc, root = _worker_document()
    sent = []
    _link(doc, sent)
    with hold(doc):
        root.text = "parked"
    try:
        mark_document_loaded(doc)
        assert _texts(sent) == ["parked"]
        assert not doc.callbacks._held_events
    finally:
        state._loaded.pop(doc, None)


def test_marking_loaded_twice_sends_nothing_twice():
    doc, root = _worker_document()
    mark_loaded_when_linked(doc)
    sent = []
    _link(doc, sent)
    try:
        count = len(sent)
        mark_document_loaded(doc)  # the page bridge's fallback on its first report
        assert len(sent) == count
    finally:
        state._loaded.pop(doc, None)


def test_the_worker_document_is_handled_and_a_served_one_left_to_panel():
    # the compiled app's document carries Panel's MockSessionContext: the fix
    # must apply there (it did not, when it skipped every session context)
    from panel.io.document import MockSessionContext

    from tutor.views.compat import _in_pyodide_worker_or_bare

    doc = Document()
    assert _in_pyodide_worker_or_bare(doc)
    doc._session_context = lambda: MockSessionContext(document=doc)
    assert _in_pyodide_worker_or_bare(doc)

    class ServedContext:  # stands for bokeh's BokehSessionContext under panel serve
        pass

    doc._session_context = lambda: ServedContext()
    assert not _in_pyodide_worker_or_bare(doc)
    mark_loaded_when_linked(doc)
    assert not doc.callbacks._event_callbacks.get("document_ready")


def test_a_burst_of_changes_goes_to_the_page_as_one_patch():
    from tutor.views.compat import batch_changes

    doc = Document()
    a, b = Div(text="a"), Div(text="b")
    doc.add_root(a)
    doc.add_root(b)
    one_by_one = []
    pysync = one_by_one.append
    doc.on_change(pysync)
    scheduled, sent = [], []
    batch_changes(doc, pysync, sent.append, scheduled.append, setter="js")
    a.text, b.text = "a2", "b2"
    a.text = "a3"
    assert one_by_one == [] and sent == []  # nothing leaves before the burst ends
    assert len(scheduled) == 1  # one flush scheduled for the whole burst
    scheduled.pop()()
    assert len(sent) == 1 and _texts(sent[0]) == ["a2", "b2", "a3"]
    # a change the page made itself is not echoed back
    a.set_from_json("text", "from the page", setter="js")
    assert scheduled == []
    b.text = "b3"
    scheduled.pop()()
    assert [_texts(patch) for patch in sent] == [["a2", "b2", "a3"], ["b3"]]


def test_changes_are_sent_before_the_pages_own_patch_is_applied():
    # bokeh marks every model as known to the page when it applies a patch from
    # the page; a model made in the burst must be sent whole before that
    from tutor.views.compat import batch_changes

    doc = Document()
    doc.add_root(Div(text="root"))
    scheduled, sent_new = [], []

    def send(events):
        sent_new.append([m.text for m in doc.models if m not in doc.models.synced_references])

    def pysync(event):
        pass

    doc.on_change(pysync)
    batch_changes(doc, pysync, send, scheduled.append, setter="js")
    doc.models.flush_synced()  # the first render: the root is known to the page
    table = Div(text="a table made while a message from the page was on its way")
    doc.add_root(table)
    doc.apply_json_patch({"events": []}, setter="js")  # the page's message arrives first
    assert sent_new == [["a table made while a message from the page was on its way"]]
    assert table in doc.models.synced_references  # and only then is it known
    scheduled.pop()()  # the scheduled flush finds nothing left to send
    assert len(sent_new) == 1


# -- failing loudly when Panel moves (issue 14, point 4) ----------------------------------------

import pathlib  # noqa: E402

import pytest  # noqa: E402

from tutor.views.compat import (PINNED_PANEL, PanelChanged, _batch_worker_patches, check_panel,  # noqa: E402
                                check_worker_source)


def _worker_source():
    import panel

    return (pathlib.Path(panel.__file__).parent / "io" / "pyodide.py").read_text(encoding="utf-8")


def test_the_pinned_panel_has_everything_the_work_arounds_use():
    import panel

    assert panel.__version__ == PINNED_PANEL
    check_panel()
    check_worker_source(_worker_source())  # the worker module loads only in Pyodide: read its source


def test_another_panel_version_is_refused_at_start_up(monkeypatch):
    import panel

    monkeypatch.setattr(panel, "__version__", "1.8.0")
    with pytest.raises(PanelChanged, match=r"written for Panel 1\.7\.5, not 1\.8\.0"):
        check_panel()
    with pytest.raises(PanelChanged):
        mark_loaded_when_linked(Document())  # the app's start-up call checks first


def test_a_missing_internal_is_named(monkeypatch):
    from bokeh.document.callbacks import DocumentCallbackManager

    monkeypatch.delattr(DocumentCallbackManager, "remove_on_change")
    with pytest.raises(PanelChanged, match="remove_on_change"):
        check_panel()


def test_a_worker_module_without_the_closure_is_named():
    source = _worker_source().replace("dispatch_fn", "send_fn")
    with pytest.raises(PanelChanged, match="pysync using dispatch_fn"):
        check_worker_source(source)
    with pytest.raises(PanelChanged, match="_process_document_events"):
        check_worker_source(_worker_source().replace("def _process_document_events", "def _process_events"))


def test_batching_in_the_worker_refuses_a_callback_it_does_not_recognise():
    class Worker:  # stands for panel.io.pyodide inside Pyodide
        _link_docs_worker = _process_document_events = _dict_converter = object()

    def linked(send_fn):
        def pysync(event):
            send_fn(event)
        return pysync

    doc = Document()
    doc.on_change(linked(print))
    with pytest.raises(PanelChanged, match="no longer holds dispatch_fn"):
        _batch_worker_patches(doc, Worker)
    with pytest.raises(PanelChanged, match="without a pysync"):
        _batch_worker_patches(Document(), Worker)
    with pytest.raises(PanelChanged, match="_dict_converter"):
        _batch_worker_patches(Document(), type("Old", (), {"_link_docs_worker": 1, "_process_document_events": 1}))


@pytest.fixture
def swaps_in_a_worker(monkeypatch):
    """A built document as in the worker, with each swap of its change callback counted."""
    import tutor.views.compat as compat

    swapped = []
    monkeypatch.setattr(type(state), "_is_pyodide", property(lambda self: True))
    monkeypatch.setattr(compat, "_batch_worker_patches", lambda doc: swapped.append(doc) or "collect")
    doc, _root = _worker_document()
    yield doc, swapped
    state._loaded.pop(doc, None)


def test_the_worker_callback_is_swapped_once_though_the_page_says_ready_again(swaps_in_a_worker):
    # BokehJS sends DocumentReady again when its roots turn idle again (a phone
    # turned sideways, a resized window); the second swap found no pysync and
    # raised PanelChanged in the worker
    doc, swapped = swaps_in_a_worker
    mark_loaded_when_linked(doc)
    _link(doc, [])
    doc.callbacks.trigger_event(DocumentReady())  # the page laid out anew
    assert swapped == [doc]


def test_two_components_asking_for_the_same_document_swap_once(swaps_in_a_worker):
    # the page bridge and the device's storage both call mark_loaded_when_linked:
    # the second handler found the batching callback, not pysync, and raised at start
    doc, swapped = swaps_in_a_worker
    mark_loaded_when_linked(doc)
    mark_loaded_when_linked(doc)
    _link(doc, [])
    assert swapped == [doc]


def test_a_missing_model_attribute_is_cheap_to_ask_and_still_explained(monkeypatch):
    import difflib

    from tutor.views.compat import lazy_attribute_errors

    lazy_attribute_errors()
    ranked = []
    close = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda *a, **k: ranked.append(a) or close(*a, **k))
    div = Div(text="x")
    assert getattr(div, "txt", None) is None  # how Panel asks, after every change
    assert ranked == []
    with pytest.raises(AttributeError, match="unexpected attribute 'txt' to Div, similar attributes are text"):
        div.txt
    with pytest.raises(AttributeError, match="possible attributes are"):
        div.zzzzzz


def test_a_change_asks_the_design_for_its_styles_only_when_it_is_to_the_styles(monkeypatch):
    import panel as pn
    from panel.theme.base import Design

    from tutor.views.compat import design_styles_only_when_asked

    design_styles_only_when_asked()
    asked = []
    params = Design.params
    monkeypatch.setattr(Design, "params", lambda self, *a, **k: asked.append(1) or params(self, *a, **k))
    pane = pn.widgets.TextInput(value="first", design=Design)
    model = pane.get_root(Document())
    asked.clear()
    pane.value = "second"
    assert model.value == "second" and asked == []
    # a change to the styles still gets the design's own in front, as a pane made with them has
    extra = ".extra { color: red; }"
    pane.stylesheets = [extra]
    assert asked
    fresh = pn.widgets.TextInput(value="first", design=Design, stylesheets=[extra]).get_root(Document())

    def names(m):
        return [getattr(s, "url", s) for s in m.stylesheets]

    assert names(model) == names(fresh) and names(model)[-1] == extra and len(names(model)) > 1
