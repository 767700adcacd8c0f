"""The site's ``index.html``: readable at once, interactive in place.

``panel convert`` gives a page whose first paint waits for 4 MB of BokehJS and
Panel scripts in ``<head>``, and whose pre-render is the app's document drawn
by BokehJS (so also after those scripts), then drawn a second time when Python
is ready. This page instead:

1. ``<head>``: only small inline parts: the Pyodide worker starts first (it is
   the long pole), the first screen's CSS, the manifest and icons. Nothing
   render-blocking is fetched.
2. ``<body>``: the first screen as plain HTML (``first_screen.py``), a status
   line over it that says what is loading (fixed: it takes no room, so the first
   screen has the live page's geometry), and the app's root elements, laid out
   in place but hidden until the hand-over.
3. After the first paint, BokehJS and Panel's scripts load in order (inserted
   with ``async = false``); the worker's render message waits for them.
4. Hand-over: BokehJS draws the live app into the hidden roots; two frames
   later (its layout done) the first screen goes and the roots show, in one
   frame: nothing that was visible moves (no layout shift).

The converted page's message handler is kept (its wiring of the worker and
BokehJS documents is Panel's); each edit to it checks that its pattern is
there, so a Panel upgrade that changes the page fails the build loudly.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from tutor.views.esm import script_text

from .localize import _JS_HELPER, CDN_DIST, PANEL_DIST_DIR, VIEWPORT_META, _sub_required, localize_urls

_SCRIPT_SRC_RE = re.compile(r'<script type="text/javascript" src="([^"]+)"></script>')
_ROOT_RE = re.compile(r'<div id="[^"]+" data-root-id="[^"]+" style="display: contents;"></div>')
_TITLE_RE = re.compile(r"<title>(.*?)</title>", re.S)
_HANDLER_START = "const pyodideWorker = new Worker("

# The worker's status messages, in words (Panel's are "Loading pyodide" and so on).
STATUS_WORDS = {
    "Loading pyodide": "Starting Python in this browser (step 1 of 3)",
    "Loading packages": "Loading the rules and the app (step 2 of 3)",
    "Executing code": "Setting up the table (step 3 of 3)",
}

PAGE_CSS = """
html, body { margin: 0; padding: 0; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 16px; color: #1d2430;
       background: #fff; }
.pt-pending { position: absolute; left: 0; top: 0; width: 100%; visibility: hidden; pointer-events: none; }
.pt-status { position: fixed; z-index: 1000; left: 12px; right: 12px; bottom: 64px; width: fit-content;
             max-width: 560px; margin: 0 auto; box-sizing: border-box; display: flex; align-items: center; gap: 10px;
             padding: 8px 14px; border-radius: 8px; background: #1d2430; color: #fff; font-size: 0.95rem;
             box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25); }
.pt-status::before { content: ""; flex: none; width: 12px; height: 12px; border-radius: 50%;
                     border: 3px solid #5b6b82; border-top-color: #fff; animation: pt-spin 0.9s linear infinite; }
.pt-status.pt-failed { background: #7d1d22; }
.pt-status.pt-failed::before { display: none; }
@keyframes pt-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .pt-status::before { animation: none; } }
.pt-link-card { display: none; max-width: 70ch; margin: 0 auto; padding: 16px; }
.pt-link .pt-home { display: none; }
.pt-link .pt-link-card { display: block; }
.pt-link-card h1 { font-size: 1.4rem; margin: 4px 0 8px; }
.pt-link-card h2 { font-size: 1.1rem; margin: 12px 0 4px; color: #1b4f9c; }
.pt-link-card p { line-height: 1.45; margin: 4px 0; }
.pt-link-card .pt-link-kind { color: #3b4656; font-size: 0.95rem; }
.pt-update { position: fixed; left: 12px; right: 12px; top: 8px; z-index: 1000; width: fit-content;
             max-width: 560px; margin: 0 auto; box-sizing: border-box; display: flex; align-items: center; gap: 12px;
             background: #1d2430; color: #fff; padding: 8px 8px 8px 16px; border-radius: 8px;
             box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25); }
.pt-update[hidden] { display: none; }
.pt-ready { top: auto; bottom: 12px; background: #1e5b30; }
.pt-update button { flex: none; white-space: nowrap; min-height: 44px; min-width: 44px; padding: 0 16px; font: inherit; border: 0; border-radius: 6px;
                    background: #fff; color: #1d2430; cursor: pointer; }
.pt-update button:focus-visible { outline: 3px solid #8ab4ff; outline-offset: 2px; }
"""

# Loads the scripts in order after the first paint; window.__ptBokehReady resolves when all ran.
LOADER_JS = """
(function () {
  const scripts = %(scripts)s;
  let ready;
  window.__ptBokehReady = new Promise((r) => { ready = r; });
  function load() {
    let left = scripts.length;
    for (const src of scripts) {
      const s = document.createElement('script');
      s.src = src;
      s.async = false;  // run in order, as the converted page's blocking scripts did
      s.onload = () => { if (--left === 0) ready(); };
      s.onerror = () => window.__ptStatus(null, 'A part of the page did not load (' + src + '). Reload to try again.');
      document.head.appendChild(s);
    }
  }
  // after the first paint: the first screen never waits for these
  if (document.visibilityState === 'hidden') setTimeout(load, 0);
  else requestAnimationFrame(() => setTimeout(load, 0));
})();
"""

STATUS_JS = """
window.__ptStatus = function (msg, failed) {
  const el = document.getElementById('pt-status');
  if (!el) return;
  const words = %(words)s;
  el.textContent = failed || words[msg] || msg;
  if (failed) el.classList.add('pt-failed');
};
// The app calls __ptDrawn() once its page is drawn. Bokeh's embedding resolves before
// that: a custom component imports its code (a module, fetched and compiled in a later
// task) and only then draws itself and its children. On a slow machine the first screen
// went away onto an empty page, and the page counted as interactive with no content.
window.__ptDrawnYet = new Promise((r) => { window.__ptDrawn = r; });
// the live app drawn into the hidden roots: show it in place of the first screen in one frame
window.__ptHandOver = async function () {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  // never stuck on the first screen: after 20 s the page is shown whatever it holds
  await Promise.race([window.__ptDrawnYet, new Promise((r) => setTimeout(r, 20000))]);
  if (document.visibilityState !== 'hidden') { await frame(); await frame(); }
  const first = document.getElementById('pt-first');
  if (first) first.remove();
  const status = document.getElementById('pt-status');
  if (status && !status.classList.contains('pt-failed')) status.remove();
  document.getElementById('pt-app').classList.remove('pt-pending');
};
"""

# A shared link's first screen (link_peek.mjs, with the link reader the app uses, link.mjs):
# a classic script, run before the first paint.
LINK_PEEK = Path(__file__).with_name("link_peek.mjs")


def _link_script(index: str) -> str:
    return f'<script data-index="{html_lib.escape(index, quote=True)}">{script_text(LINK_PEEK)}</script>'


EARLY_WORKER_JS = """
  window.__ptWorker = new Worker(%(url)s);
  window.__ptQueue = [];
  window.__ptWorker.onmessage = (e) => window.__ptQueue.push(e);
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
%(viewport)s
<title>%(title)s</title>
<meta name="description" content="%(description)s">
<meta name="theme-color" content="%(theme)s">
<meta name="palace-tutor-build" content="%(build)s">
%(links)s
<script>%(early_worker)s</script>
%(link_script)s
<style>%(page_css)s%(first_css)s</style>
%(esms_options)s
</head>
<body class="pn-loading">
<div id="pt-first">
<div class="pt-home">
%(first_html)s
</div>
<div id="pt-link-card" class="pt-link-card"></div>
</div>
<p id="pt-status" class="pt-status" role="status">%(status)s</p>
<div id="pt-app" class="pt-pending">
%(roots)s
</div>
<div id="pt-update" class="pt-update" role="status" hidden></div>
<div id="pt-ready" class="pt-update pt-ready" role="status" hidden></div>
<script>%(status_js)s</script>
<script>%(loader_js)s</script>
<script>
%(handler)s
</script>
%(after_js)s
</body>
</html>
"""


@dataclass(frozen=True)
class Converted:
    """What the page takes from ``panel convert``'s output."""

    title: str
    scripts: tuple[str, ...]  # in order
    esms_options: str
    roots: tuple[str, ...]
    handler: str  # the worker message handler script's body


def read_converted(page: str) -> Converted:
    title = _TITLE_RE.search(page)
    scripts = tuple(localize_urls(s) for s in _SCRIPT_SRC_RE.findall(page))
    roots = tuple(_ROOT_RE.findall(page))
    start = page.find(_HANDLER_START)
    if not title or not scripts or not roots or start < 0:
        raise ValueError("cannot compose the page: the converted page changed shape "
                         f"(title {bool(title)}, scripts {len(scripts)}, roots {len(roots)}, handler {start >= 0})")
    end = page.index("</script>", start)
    esms = re.search(r'<script type="esms-options">.*?</script>', page, re.S)
    return Converted(html_lib.unescape(title.group(1)), scripts, esms.group(0) if esms else "", roots,
                     page[start:end].rstrip())


def _handler(raw: str, worker_url: str, early_worker: bool, after_interactive: bool) -> str:
    """The converted handler, made to take the worker started in ``<head>``, rewrite the
    stylesheet URLs Python names, wait for BokehJS, report status in words and hand over."""
    js = localize_urls(raw)
    start = f"const pyodideWorker = new Worker({json.dumps(worker_url)});"
    js = _sub_required(start, "const pyodideWorker = window.__ptWorker;" if early_worker else start, js,
                       "the worker start")
    js = _SUB(js, "JSON.parse(msg.docs_json)", "JSON.parse(__ptLocal(msg.docs_json))", "the rendered document")
    js = _SUB(js, "apply_json_patch(msg.patch,", "apply_json_patch(__ptLocal(msg.patch),", "worker patches")
    status = re.search(r"\} else if \(msg\.type === 'status'\) \{\n.*?\n(\s*)\} else if \(msg\.type === 'render'\) \{\n",
                       js, re.S)
    if status is None:
        raise ValueError("cannot compose the page: the handler's status branch changed shape")
    js = (js[:status.start()] + "} else if (msg.type === 'status') {\n          window.__ptStatus(msg.msg)\n"
          + f"{status.group(1)}}} else if (msg.type === 'render') {{\n          await window.__ptBokehReady\n"
          + js[status.end():])
    js = _SUB(js, "const [views] = await Bokeh.embed.embed_items(docs_json, render_items)",
              "const [views] = await Bokeh.embed.embed_items(docs_json, render_items)\n"
              "          await window.__ptHandOver()", "the embedding of the live app")
    if after_interactive:
        js = _SUB(js, "pyodideWorker.postMessage({'type': 'rendered'})",
                  "pyodideWorker.postMessage({'type': 'rendered'})\n          window.__ptInteractive()",
                  "the end of the first render")
    helper = _JS_HELPER % (json.dumps(CDN_DIST), json.dumps(PANEL_DIST_DIR))
    replay = "\nfor (const e of window.__ptQueue.splice(0)) pyodideWorker.onmessage(e);" if early_worker else ""
    return helper + js + replay


def _SUB(text: str, old: str, new: str, what: str) -> str:  # noqa: N802 - reads as the edit it makes
    return _sub_required(old, new, text, what)


def compose(converted_page: str, *, worker_url: str, first_html: str, first_css: str, build: str,
            early_worker: bool = True, links: str = "", after_js: str = "", title: str | None = None,
            description: str = "", theme: str = "#1b4f9c", link_index: str | None = None) -> str:
    """The site's ``index.html`` from ``panel convert``'s page and the first screen.

    ``after_js``: a script run once the app is interactive (``window.__ptInteractive``),
    e.g. the service worker's registration; ``links``: extra ``<head>`` links;
    ``link_index``: the site file of ``first_screen.link_index()`` (a shared link's first screen)."""
    c = read_converted(converted_page)
    after = after_js or "<script>window.__ptInteractive = () => {};</script>"
    return TEMPLATE % {
        "viewport": VIEWPORT_META,
        "title": html_lib.escape(title or c.title),
        "description": html_lib.escape(description, quote=True),
        "theme": theme,
        "build": build,
        "links": links,
        "early_worker": EARLY_WORKER_JS % {"url": json.dumps(worker_url)} if early_worker else "",
        "link_script": _link_script(link_index) if link_index else "",
        "page_css": PAGE_CSS,
        "first_css": first_css,
        "esms_options": c.esms_options,
        "status": html_lib.escape(STATUS_WORDS["Loading pyodide"]),
        "first_html": first_html,
        "roots": "\n".join(c.roots),
        "status_js": STATUS_JS % {"words": json.dumps(STATUS_WORDS)},
        "loader_js": LOADER_JS % {"scripts": json.dumps(list(c.scripts))},
        "handler": _handler(c.handler, worker_url, early_worker, True),
        "after_js": after,
    }
