"""Rewrite ``panel convert --to pyodide-worker`` output to load everything from the site itself.

The converted page loads Pyodide from jsdelivr, wheels from cdn.holoviz.org,
BokehJS from cdn.bokeh.org and Panel's CSS from cdn.holoviz.org, including
stylesheet URLs that the worker sends at run time inside document JSON and
patches. Every such URL becomes a path relative to the page:

    pyodide/      Pyodide core, wheels, pyodide-lock.json
    panel-dist/   Panel's JS/CSS from the installed panel
    bokeh/js/     BokehJS from the installed bokeh

Each rewrite checks that its pattern was found, so a Panel upgrade that moves
things fails the build instead of leaking a request to a CDN.
"""

from __future__ import annotations

import json
import re

from panel.io.resources import CDN_DIST  # e.g. https://cdn.holoviz.org/panel/1.7.5/dist/

PYODIDE_DIR = "pyodide/"
PANEL_DIST_DIR = "panel-dist/"
BOKEH_JS_DIR = "bokeh/js/"

_PYODIDE_RE = re.compile(r"https://cdn\.jsdelivr\.net/pyodide/v[^/]+/(?:full|pyc)/")
_WHEEL_RE = re.compile(r"https://cdn\.holoviz\.org/panel/(?:[^'\"]*/)?wheels/([^/'\"]+\.whl)")
_BOKEH_RE = re.compile(
    r"https://cdn\.bokeh\.org/bokeh/(?:release|dev)/(bokeh(?:-[a-z]+)?)-[0-9][^'\"]*?(\.min\.js|\.js)")
# anything that still looks like an outside URL after rewriting
_LEFT_RE = re.compile(r"https?://(?:cdn|unpkg|pyscript|fonts\.)[^\s'\"()<>\\]+")

# Applied in the page to what the worker sends (document JSON, patches): the
# worker's Python builds stylesheet URLs from CDN_DIST at run time.
_JS_HELPER = """\
const __PT_CDN = %s, __PT_LOCAL = new URL(%s, document.baseURI).href;
function __ptLocal(o) {
  if (typeof o === 'string') return o.split(__PT_CDN).join(__PT_LOCAL);
  if (Array.isArray(o)) return o.map(__ptLocal);
  if (o && typeof o === 'object' && Object.getPrototypeOf(o) === Object.prototype) {
    const r = {}; for (const k in o) r[k] = __ptLocal(o[k]); return r;
  }
  return o;
}
"""


def _sub_required(pattern: str, repl: str, text: str, what: str, count: int = 1) -> str:
    if pattern not in text:
        raise ValueError(f"cannot localize {what}: {pattern!r} not found in the converted output")
    return text.replace(pattern, repl, count)


def localize_urls(text: str) -> str:
    """Point every CDN URL at the site's own copy (paths relative to the site root)."""
    text = _PYODIDE_RE.sub(PYODIDE_DIR, text)
    text = _WHEEL_RE.sub(lambda m: PYODIDE_DIR + m.group(1), text)
    text = _BOKEH_RE.sub(lambda m: f"{BOKEH_JS_DIR}{m.group(1)}{m.group(2)}", text)
    return text.replace(CDN_DIST, PANEL_DIST_DIR)


VIEWPORT_META = '<meta name="viewport" content="width=device-width, initial-scale=1">'


def localize_page(html: str) -> str:
    """The page: static URLs, plus run-time rewriting of what the worker sends."""
    html = localize_urls(html)
    # phones lay a page out 980 px wide unless it asks for the device width
    html = _sub_required('<meta charset="utf-8">', '<meta charset="utf-8">\n    ' + VIEWPORT_META, html,
                         "the page's charset")
    html = _sub_required("const pyodideWorker = new Worker(",
                         _JS_HELPER % (json.dumps(CDN_DIST), json.dumps(PANEL_DIST_DIR))
                         + "const pyodideWorker = new Worker(", html, "the worker start")
    html = _sub_required("JSON.parse(msg.docs_json)", "JSON.parse(__ptLocal(msg.docs_json))", html,
                         "the rendered document")
    html = _sub_required("apply_json_patch(msg.patch,", "apply_json_patch(__ptLocal(msg.patch),", html,
                         "worker patches")
    return html


def remaining_outside_urls(text: str) -> list[str]:
    """Outside URLs left in ``text``, except the one the run-time rewriter replaces."""
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("const __PT_CDN = "))
    return sorted(set(_LEFT_RE.findall(text)))


# --- load-time levers (issue 8) ---------------------------------------------

_STOCK_LOADER_RE = re.compile(
    r"  await self\.pyodide\.loadPackage\(\"micropip\"\);\n"
    r"  const env_spec = \[.*?\]\n"
    r"  for \(const pkg of env_spec\) \{.*?\n  \}\n"
    r"  console\.log\(\"Packages loaded!\"\);", re.S)


def lock_loader(worker_js: str, packages: list[str]) -> str:
    """Replace the stock install loop (micropip, one package after another) with one
    ``loadPackage`` of the site's lock: all wheels fetched in parallel, no micropip,
    no dependency resolution in the browser."""
    new = (f"  self.postMessage({{type: 'status', msg: 'Loading packages'}})\n"
           f"  await self.pyodide.loadPackage({json.dumps(sorted(packages))}, "
           f"{{checkIntegrity: true}});\n"
           f"  console.log(\"Packages loaded!\");")
    out, n = _STOCK_LOADER_RE.subn(lambda _m: new, worker_js)
    if n != 1:
        raise ValueError("cannot replace the package loader: the converted worker changed shape")
    return out


def early_worker(html: str, worker_url: str) -> str:
    """Start the Pyodide worker at the top of the page, before BokehJS is fetched and parsed.

    Messages the worker sends before the page's handler exists are queued and
    replayed, so nothing is lost; the worker boots Pyodide while the main
    thread loads BokehJS and draws the pre-rendered page.
    """
    start = ("<script type=\"text/javascript\">\n"
             f"  window.__ptWorker = new Worker({json.dumps(worker_url)});\n"
             "  window.__ptQueue = [];\n"
             "  window.__ptWorker.onmessage = (e) => window.__ptQueue.push(e);\n"
             "</script>\n")
    html = _sub_required("<head>", "<head>\n" + start, html, "the page head")
    html = _sub_required(f"const pyodideWorker = new Worker({json.dumps(worker_url)});",
                         "const pyodideWorker = window.__ptWorker;", html, "the worker start")
    # after the page's own handler is installed, replay what arrived before it
    marker = "      };\n    </script>"
    replay = ("      };\n"
              "      for (const e of window.__ptQueue.splice(0)) pyodideWorker.onmessage(e);\n"
              "    </script>")
    return _sub_required(marker, replay, html, "the end of the worker handler")


def ordered_messages(worker_js: str) -> str:
    """Run the page's messages to Python in the worker one by one, in order.

    Panel's worker hands each message to Python through one shared global
    (``patch``, ``location``) and ``runPythonAsync``, which starts the code only
    on a later turn of the event loop. Two messages that arrive together (the
    page sends its next change as soon as the worker says it is idle, and a
    repeat visit releases the messages that waited for site-packages in one go)
    both read the second one: a click was applied twice and the first lost.
    The code run for a message never awaits, so ``runPython`` runs it at once.
    """
    handler = "self.onmessage = async (event) => {"
    start = worker_js.find(handler)
    if start < 0:
        raise ValueError("cannot order the worker's messages: its message handler is not in the converted output")
    head, body = worker_js[:start], worker_js[start:]
    if body.count("self.pyodide.runPythonAsync(`") != 3:
        raise ValueError("cannot order the worker's messages: its message handler changed shape")
    return head + body.replace("self.pyodide.runPythonAsync(`", "self.pyodide.runPython(`")


_PATCH_BRANCH = re.compile(
    r"(  \} else if \(msg\.type === 'patch'\) \{\n    self\.pyodide\.globals\.set\('patch', msg\.patch\)\n)"
    r"(    self\.pyodide\.runPython\(`.*?`\)\n)"
    r"(    self\.postMessage\(\{type: 'idle'\}\)\n)", re.S)


def idle_after_errors(worker_js: str) -> str:
    """The worker says it is idle after a change from the page even when Python raised.

    The page sends its next change only once the worker is idle; Panel's worker
    posted ``idle`` after running the change, so one exception in a callback left
    the page queueing every later click forever (a frozen app, found by the
    monkey test). The error still propagates: it is logged as before.
    """
    def wrap(m: re.Match) -> str:
        run = "".join("  " + line for line in m.group(2).splitlines(keepends=True))
        return f"{m.group(1)}    try {{\n{run}    }} finally {{\n  {m.group(3)}    }}\n"

    js, n = _PATCH_BRANCH.subn(wrap, worker_js)
    if n != 1:
        raise ValueError("cannot make the worker report idle after an error: its patch handler changed shape")
    return js


def pause_gc(worker_js: str) -> str:
    """No cyclic garbage collection while Pyodide installs packages, imports Panel and builds
    the app (millions of young objects, almost none garbage; the collector would rescan them
    many times), then freeze what startup made so later collections (in click handlers) skip it."""
    js = _sub_required('self.pyodide.globals.set("sendPatch", sendPatch);',
                       'self.pyodide.globals.set("sendPatch", sendPatch);\n'
                       '  self.pyodide.runPython("import gc; gc.disable()");', worker_js, "the worker start")
    return _sub_required("const [docs_json, render_items, root_ids] = await self.pyodide.runPythonAsync(code)",
                         "const [docs_json, render_items, root_ids] = await self.pyodide.runPythonAsync(code)\n"
                         '    self.pyodide.runPython("import gc; gc.enable(); gc.freeze()");', js,
                         "the app run")


def boot_helpers(worker_js: str, boot_js: str) -> str:
    """Put ``snapshot.js`` (``PalaceSnapshot``: the snapshot's restore, the site-packages image's
    reader) into the worker, after Pyodide's loader."""
    return _sub_required('importScripts("pyodide/pyodide.js");', 'importScripts("pyodide/pyodide.js");\n' + boot_js,
                         worker_js, "the worker's first line")


def snapshot_boot(worker_js: str, cache_name: str, build: str, cold: bool = False) -> str:
    """Start from the build's memory snapshot when the service worker has cached it
    (``snapshot.py``): no package install, no imports, the page already rendered.
    With ``cold`` (``SiteOptions.cold_snapshot``), a first visit fetches the snapshot
    from the site instead. Otherwise, or when restoring fails (a console warning),
    start the normal way."""
    if "root.PalaceSnapshot = api;" not in worker_js:
        raise ValueError("the snapshot's start needs boot_helpers first")
    js = _sub_required('importScripts("pyodide/pyodide.js");',
                       'importScripts("pyodide/pyodide.js");\n'
                       + f"const __PT_CACHE = {json.dumps(cache_name)}, __PT_BUILD = {json.dumps(build)};\n",
                       worker_js, "the worker's first line")
    js = _sub_required("  self.pyodide = await loadPyodide();",
                       "  // a repeat visit starts from this build's snapshot if the service worker cached it\n"
                       "  const __ptRestored = await PalaceSnapshot.fromCache(__PT_CACHE, __PT_BUILD, loadPyodide,"
                       ' "pyodide/");\n'
                       + ("  const __ptStarted = __ptRestored || await PalaceSnapshot.fromSite(__PT_BUILD, loadPyodide, "
                          '"pyodide/");\n' if cold else "  const __ptStarted = __ptRestored;\n")
                       + "  self.pyodide = __ptStarted || await loadPyodide();", js, "the Pyodide start")
    js = _sub_required("  await self.pyodide.loadPackage(", "  if (!__ptStarted) await self.pyodide.loadPackage(", js,
                       "the package loader (the lock loader is needed)")
    # the rendered page at once (runPythonAsync would wait for a turn of the event loop,
    # and the files of site-packages, written on the next turn, would go first)
    js = _sub_required("await self.pyodide.runPythonAsync(code)",
                       "(__ptStarted ? self.pyodide.runPython(PalaceSnapshot.RESULT) : await self.pyodide.runPythonAsync(code))",
                       js, "the app run")
    # after a restore, the files of site-packages are written while the page draws:
    # the page's messages make Python import, so they wait for them
    # (and once the page speaks, it is drawn: a first visit from the snapshot fetches the files
    # it left for later, snapshot.js onDemandFiles)
    return _sub_required("self.onmessage = async (event) => {\n",
                         "self.onmessage = async (event) => {\n  await PalaceSnapshot.filesReady\n"
                         "  PalaceSnapshot.prefetchFiles()\n", js, "the worker's message handler")


def _python_before(worker_js: str, anchor: str, source: str, what: str) -> str:
    """Put ``source`` (Python) into the app's code just before ``anchor`` (a line of it)."""
    if any(c in source for c in ("\\", "`", "${")):
        raise ValueError(f"{what} cannot go into a JavaScript template literal as it is")
    return _sub_required(anchor, source.replace("\n", "\\n") + anchor, worker_js, f"the app's code ({what})")


def lazy_finder(worker_js: str, finder: str) -> str:
    """Put ``finder`` (Python, see ``lazy.py``) first in the app's code, before anything imports."""
    return _python_before(worker_js, "\\nimport asyncio\\n", finder, "the finder's source")


def compiled_dataclasses(worker_js: str, loader: str) -> str:
    """Put ``loader`` (``dataclass_code.py``) in the app's code before anything defines a dataclass
    (after the lazy finder, if that went in first)."""
    return _python_before(worker_js, "\\nimport asyncio\\n", loader, "the compiled dataclasses' loader")


def quick_panel_import(worker_js: str, source: str) -> str:
    """Import Panel with ``source`` (``quick_import.py``) just before the app's first import of it."""
    return _python_before(worker_js, "\\nfrom panel.io.pyodide import init_doc, write_doc\\n", source,
                          "the quick import of Panel")


_LOAD_PACKAGE_RE = re.compile(r"await self\.pyodide\.loadPackage\((\[[^\]]*\]), \{checkIntegrity: true\}\);")


def site_image(worker_js: str, url: str, sha256: str) -> str:
    """A first visit writes site-packages from one image (``site_image.py``) fetched while
    Pyodide starts; without it (not fetched, or damaged) it installs the wheels as before.
    After ``snapshot_boot``: a start from the snapshot fetches nothing."""
    restored = "  self.pyodide = __ptStarted || await loadPyodide();"
    start = (f"PalaceSnapshot.fetchImage({json.dumps(url)}, {json.dumps(sha256)})")
    if restored in worker_js:
        js = worker_js.replace(restored, f"  const __ptImage = __ptStarted ? null : {start};\n" + restored, 1)
    else:
        js = _sub_required("  self.pyodide = await loadPyodide();",
                           f"  const __ptImage = {start};\n  self.pyodide = await loadPyodide();", worker_js,
                           "the Pyodide start")
    if not _LOAD_PACKAGE_RE.search(js):
        raise ValueError("cannot localize the package loader: the lock loader's loadPackage call not found")
    return _LOAD_PACKAGE_RE.sub(lambda m: "await PalaceSnapshot.installImage(self.pyodide, __ptImage, () => "
                                          f"self.pyodide.loadPackage({m.group(1)}, {{checkIntegrity: true}}));",
                                js, count=1)
