"""Drive a built site in headless Debian Chromium with Playwright, offline.

Host tooling for the browser tests (``tests/browser``) and ``bench load``;
never shipped. Chromium is the Debian package (``/usr/bin/chromium`` or
``$CHROMIUM``); ``playwright install`` is never needed.

Every request to a host other than the loopback is aborted and recorded in
``OutsideGuard.blocked``; local answers of 400 and above are recorded in
``OutsideGuard.failed``. Callers fail on either.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage",
                 # belt and braces under the route guard: no name but the loopback resolves, so even a
                 # request that no route sees (a service worker's own fetch) cannot leave the machine
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]
LOOPBACK = ("127.0.0.1", "localhost", "[::1]", "::1")

# The converted page removes ``pn-loading`` from <body> after the worker's
# first render, and sets ``pyodideWorker.jsdoc`` once the BokehJS document is
# linked to the Python one: from then on, clicks reach Python.
INTERACTIVE_JS = ("() => !document.body.classList.contains('pn-loading') && "
                  "typeof pyodideWorker !== 'undefined' && pyodideWorker.jsdoc !== undefined")

# Text of the first element with a css class, looking inside Bokeh/Panel shadow
# roots (style/link nodes are skipped). null if there is no such element.
SHADOW_TEXT_JS = """(cls) => {
  function find(root) {
    for (const el of root.querySelectorAll('*')) {
      if (el.classList && el.classList.contains(cls)) return el;
      if (el.shadowRoot) { const r = find(el.shadowRoot); if (r) return r; }
    }
    return null;
  }
  const el = find(document);
  if (!el) return null;
  const root = el.shadowRoot || el;
  return [...root.childNodes].filter(n => !['STYLE', 'LINK'].includes(n.nodeName))
    .map(n => n.textContent).join('').trim();
}"""


@dataclass
class OutsideGuard:
    """Route handler: loopback requests proceed, anything else is aborted and recorded."""

    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    local: int = 0

    @staticmethod
    def is_local(url: str) -> bool:
        return url.startswith(("data:", "blob:", "chrome-extension:")) or urlsplit(url).hostname in LOOPBACK

    def route(self, route) -> None:
        url = route.request.url
        if self.is_local(url):
            self.local += 1
            route.continue_()
        else:
            self._block(url)
            route.abort("blockedbyclient")

    def _block(self, url: str) -> None:
        if url not in self.blocked:
            self.blocked.append(url)

    def on_request(self, request) -> None:
        # requests no route handler saw (e.g. from a service worker) are still reported
        if not self.is_local(request.url):
            self._block(request.url)

    def on_response(self, response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def attach(self, context, route: bool = True) -> None:
        """Guard ``context``. ``route=False`` only records (the host resolver rules in
        ``CHROMIUM_ARGS`` still stop any request to another host): Playwright turns the
        HTTP cache off while routing, and a bench of what a visit fetches needs it."""
        if route:
            context.route("**/*", self.route)
        context.on("request", self.on_request)
        context.on("response", self.on_response)

    def problems(self) -> list[str]:
        return [f"outside request (aborted): {u}" for u in self.blocked] + \
               [f"failed local request: {u}" for u in self.failed]


def launch(playwright, user_data_dir: str | None = None, **kwargs):
    """Chromium (persistent profile if ``user_data_dir``), a context, and its first page."""
    opts = dict(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                viewport={"width": 1000, "height": 800}, **kwargs)
    if user_data_dir:
        ctx = playwright.chromium.launch_persistent_context(user_data_dir, **opts)
        return None, ctx
    viewport = opts.pop("viewport")
    browser = playwright.chromium.launch(**opts)
    return browser, browser.new_context(viewport=viewport)


def wait_interactive(page, timeout_s: float = 240) -> None:
    page.wait_for_function(INTERACTIVE_JS, timeout=timeout_s * 1000, polling=50)


def shadow_text(page, css_class: str) -> str | None:
    return page.evaluate(SHADOW_TEXT_JS, css_class)


def wait_shadow_text(page, css_class: str, predicate_js: str, timeout_s: float = 60) -> None:
    """Wait (checking every animation frame) until ``predicate_js(text)`` holds for the element's text.

    ``predicate_js`` is a JS expression over ``t``, e.g. ``"t.includes('deal 2:')"``.
    """
    page.wait_for_function(f"(cls) => {{ const t = ({SHADOW_TEXT_JS})(cls); return t !== null && ({predicate_js}); }}",
                           arg=css_class, timeout=timeout_s * 1000, polling="raf")


# The page is settled when the Python worker has had nothing to do for 0.5 s
# (everything sent has landed).
SETTLED_JS = """() => {
  const w = pyodideWorker;
  if (w.busy || w.queue.length) { window.__idleSince = null; return false; }
  window.__idleSince = window.__idleSince || performance.now();
  return performance.now() - window.__idleSince > 500;
}"""


def wait_settled(page, timeout_s: float = 60) -> None:
    """Until the Python worker has been idle for half a second, counted from now."""
    page.evaluate("() => { window.__idleSince = null; }")
    page.wait_for_function(SETTLED_JS, timeout=timeout_s * 1000, polling=50)


@dataclass
class LoadTiming:
    dom_s: float
    interactive_s: float


def open_until_interactive(page, url: str, timeout_s: float = 240) -> LoadTiming:
    """Navigate and wait until the app is interactive; times from navigation start."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded", timeout=timeout_s * 1000)
    t_dom = time.perf_counter() - t0
    wait_interactive(page, timeout_s)
    return LoadTiming(round(t_dom, 3), round(time.perf_counter() - t0, 3))
