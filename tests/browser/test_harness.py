"""The harness itself: an outside request is caught, not silently allowed."""

from palace_tutor.site import browser as B


def test_guard_aborts_and_reports_a_request_to_another_host(chromium, site_url):
    context = chromium.new_context()
    guard = B.OutsideGuard()
    guard.attach(context)
    page = context.new_page()
    page.goto(site_url + "favicon.svg")  # any local page, so fetch() runs from our origin
    outcome = page.evaluate("""async () => {
        try { await fetch('https://cdn.jsdelivr.net/pyodide/v0.27.7/full/pyodide.js'); return 'fetched'; }
        catch (e) { return 'failed'; } }""")
    context.close()
    assert outcome == "failed"
    assert guard.blocked == ["https://cdn.jsdelivr.net/pyodide/v0.27.7/full/pyodide.js"]
    assert guard.problems() == ["outside request (aborted): https://cdn.jsdelivr.net/pyodide/v0.27.7/full/pyodide.js"]
