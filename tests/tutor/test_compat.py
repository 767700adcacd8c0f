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
