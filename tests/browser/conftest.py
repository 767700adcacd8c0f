"""Browser test harness: the compiled app, offline, in headless Debian Chromium.

How to write an app test with it
================================

Request ``app_page``: a fresh Chromium context (empty cache) with the offline
site loaded and interactive (Pyodide booted, the app rendered, the BokehJS
document linked to Python, so clicks reach Python). It opens on the first
screen; ``tutor_page.go(page, "learn")`` opens a job::

    from .tutor_page import go, wait_heading

    def test_next_moves_the_cursor(app_page):
        go(app_page, "learn")
        app_page.locator(".nav-next button").click()
        wait_heading(app_page, "Step 1 of 14")

* Give the widgets you drive ``css_classes=[...]``: Panel puts the class on
  the element that hosts the widget's shadow root. Playwright CSS selectors
  pierce open shadow roots, so ``.my-btn button`` finds the button.
* ``shadow_text(page, cls)`` is the text of the first element with class
  ``cls`` (inside its shadow root); ``wait_shadow_text(page, cls, js)`` waits
  until the JS expression over ``t`` (that text) holds. Wait on what the user
  sees, never sleep.
* ``app_page_shared`` is one page per test module (loading takes seconds):
  use it for read-only checks, ``app_page`` when a test changes state;
  ``open_app(query, device)`` opens the app at a URL query (share links,
  ``?debug``) on a device: ``PHONE`` (390x844, touch) or ``DESKTOP``
  (1280x900); test what people meet on both.
* Accessibility: ``a11y.assert_axe_clean(page, "where")`` runs axe-core (the npm
  package, fetched into ``.cache/npm`` by ``./dev setup``) in the page and fails
  on any serious or critical violation. ``a11y.shot(page, name)`` saves a
  screenshot under ``test-results/screenshots/`` (look at them);
  ``a11y.in_view(page, locator)`` says whether an element is inside the viewport.
* The site leaves out packages the app never imports (pandas, pillow,
  contourpy...: ``SiteOptions.drop`` in ``palace_tutor/site/build.py``). A
  widget that needs one fails to import in the worker (the traceback is in
  ``app_console``): take it off that list rather than working around it.
* ``app_console`` is the console of the page and the Pyodide worker (Python
  tracebacks land there); it is printed when a test fails. A console error
  fails the test unless the test allows it (``app_console.allowed.append(s)``).

What the harness guarantees
===========================

* The site is built once per session from the working tree (``palace-tutor
  build``) into ``_site-test/`` and reused while ``build-info.json`` carries
  the same content hash (app, rules/lessons/tutor, build code, pins). Set
  ``PALACE_TUTOR_SITE=DIR`` to test an already built site instead.
* It is served on 127.0.0.1 (``palace_tutor.site.serve``, right MIME types).
* Pages open in fresh contexts with service workers blocked (each would
  precache the whole site): a first visit, which starts from the build's
  memory snapshot fetched from the site (``test_cold_start.py``; the normal
  start, Pyodide installing the packages, is ``test_site_image.py``'s). ``test_smoke.py`` tests the offline revisit and
  ``test_warm_start.py`` the repeat visit, which starts from the build's
  memory snapshot. ``PALACE_TUTOR_WARM=1`` runs every test on a repeat visit
  instead (each context first visits the site and lets the service worker
  precache it, snapshot included; the test's page then restores from it).
* Every request to a host other than the loopback is aborted, and every local
  request answered with an error status, an uncaught page error or a console
  error FAILS the test that caused it (checked after the test).
* Chromium is ``/usr/bin/chromium`` (``$CHROMIUM``) driven by Playwright;
  never ``playwright install``.

The smoke contract
==================

``test_smoke.py`` drives the ``smoke`` section (``tutor/views/deal.py``), the
developer self-check, which the page shows only with ``?debug`` in the address
(people never see it): it keeps one element of class ``smoke`` holding a text
pane of class ``smoke-hand`` (text ``DealtHand.summary()``, starting ``deal
1:``) and a button of class ``smoke-deal`` that deals the next seed. Open the
app at ``?debug`` to drive it. Keep it in the app.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from palace_tutor.site import browser as B
from palace_tutor.site.build import build_if_changed
from palace_tutor.site.serve import serve_process

ROOT = Path(__file__).resolve().parents[2]
TEST_SITE = ROOT / "_site-test"


@pytest.hookimpl(tryfirst=True)  # before -m filters on it
def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The offline site: reused if built from the same sources, else (re)built, under a file lock."""
    given = os.environ.get("PALACE_TUTOR_SITE")
    if given:
        return Path(given)
    build_if_changed(TEST_SITE, ROOT / "app.py")  # one build even with xdist workers (a file lock)
    return TEST_SITE


@pytest.fixture(scope="session")
def site_url(site_dir):
    server, url = serve_process(site_dir)
    yield url
    server.terminate()
    server.wait(10)


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    if not Path(B.CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {B.CHROMIUM}: apt-get install -y chromium")
    pw = sync_playwright().start()
    yield pw
    pw.stop()


@pytest.fixture(scope="session")
def chromium(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=B.CHROMIUM, headless=True, args=B.CHROMIUM_ARGS)
    yield browser
    browser.close()


class ConsoleLog(list):
    """Console lines of the page and its workers, with seconds since the page opened."""

    def __init__(self):
        super().__init__()
        self.allowed = []

    def attach(self, page) -> None:
        t0 = time.perf_counter()
        stamp = lambda: f"{time.perf_counter() - t0:7.2f}s"  # noqa: E731
        page.on("console", lambda m: self.append(f"{stamp()} [page {m.type}] {m.text}"))
        page.on("pageerror", lambda e: self.append(f"{stamp()} [pageerror] {e}"))
        page.on("worker", lambda w: w.on("console", lambda m: self.append(f"{stamp()} [worker {m.type}] {m.text}")))

    # substrings of console errors a test expects (append to it: ``app_console.allowed.append(...)``)
    allowed: list[str]

    def page_errors(self) -> list[str]:
        """Uncaught page errors and console errors of the page or the worker (Python
        tracebacks from callbacks land there), except the allowed ones."""
        return [line for line in self
                if ("[pageerror]" in line or " error] " in line)
                and not any(a in line for a in self.allowed)]


WARM = os.environ.get("PALACE_TUTOR_WARM", "") not in ("", "0")

# the two devices every journey is walked on
from .axe_support import DESKTOP, PHONE  # noqa: E402


def start_the_normal_way(context) -> None:
    """Make this context's first visits install the packages and run the app instead of
    starting from the build's snapshot: the site's snapshot description is answered as
    one of another build, which the worker refuses (a console warning) and starts
    the normal way (palace_tutor/site/snapshot.js fromSite)."""
    context.route("**/pyodide/snapshot.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body='{"build": "another build"}'))


def _open_app(chromium, url, viewport=None, device=None, before=None):
    # no service worker: its precaching would load every test; test_smoke covers it on its own
    options = dict(device or {"viewport": viewport or {"width": 1000, "height": 800}})
    context = chromium.new_context(service_workers="allow" if WARM else "block", **options)
    guard = B.OutsideGuard()
    guard.attach(context)
    if before is not None:  # e.g. a route of the test's own, set before anything loads
        before(context)
    if WARM:  # a first visit whose service worker precaches the site and its start-up snapshot
        first = context.new_page()
        B.open_until_interactive(first, url)
        first.evaluate("async () => { await navigator.serviceWorker.ready; }")
        first.close()
    page = context.new_page()
    console = ConsoleLog()
    console.attach(page)
    page.palace_console = console
    page.palace_guard = guard
    try:
        page.palace_timing = B.open_until_interactive(page, url)
    except Exception:
        print("\n".join(console[-60:]))
        print("\n".join(guard.problems()))
        context.close()
        raise
    return context, page, guard, console


def _finish(opened, request):
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    problems = []
    for context, guard, console in opened:
        context.close()
        if failed:
            print("--- browser console (last 60 lines) ---\n" + "\n".join(console[-60:]))
        problems += guard.problems() + console.page_errors()
    if problems:
        pytest.fail("the site did something it must not:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def app_page(chromium, site_url, request):
    """A fresh context (cold cache) with the app loaded and interactive."""
    context, page, guard, console = _open_app(chromium, site_url)
    yield page
    _finish([(context, guard, console)], request)


@pytest.fixture
def open_app(chromium, site_url, request):
    """``open_app(query="", viewport=None, device=None)``: open the app at ``site_url + query``
    (``"?debug"``, ``"#pt1..."``) in a fresh context on ``device`` (``PHONE``, ``DESKTOP``) or
    at a ``viewport``; returns the interactive page. Checked like ``app_page``."""
    opened = []

    def _open(query: str = "", viewport: dict | None = None, device: dict | None = None):
        context, page, guard, console = _open_app(chromium, site_url + query, viewport, device)
        opened.append((context, guard, console))
        return page

    yield _open
    _finish(opened, request)


@pytest.fixture(scope="module")
def phone_page(chromium, site_url, request):
    """One loaded app per module on a phone (390x844, touch)."""
    context, page, guard, console = _open_app(chromium, site_url, device=PHONE)
    yield page
    _finish([(context, guard, console)], request)


@pytest.fixture(scope="module")
def desktop_page(chromium, site_url, request):
    """One loaded app per module on a desktop screen (1280x900)."""
    context, page, guard, console = _open_app(chromium, site_url, device=DESKTOP)
    yield page
    _finish([(context, guard, console)], request)


@pytest.fixture(scope="module")
def app_page_shared(chromium, site_url, request):
    """One loaded app per test module, for checks that do not change its state."""
    context, page, guard, console = _open_app(chromium, site_url)
    yield page
    _finish([(context, guard, console)], request)


@pytest.fixture
def app_console(app_page):
    return app_page.palace_console


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture
def report(capsys):
    """``report(line)``: print a figure to the terminal even without ``-s`` (timings are printed, never asserted)."""

    def write(line: str) -> None:
        with capsys.disabled():
            print(f"\n[browser] {line}", flush=True)

    return write
