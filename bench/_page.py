"""What the browser benches (``bench step``, ``bench tables --browser``) share: the compiled app
open in headless Chromium, the page-side helpers that find its parts, and percentiles.

Named with a leading underscore so ``python -m bench`` does not list it as a bench.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# JS function declarations, pasted at the top of a page function: deep(root, cls) finds the first
# element with that class anywhere below root, shadow roots included; inner(host, sel) finds the
# first match for a selector inside host's (nested) shadow roots.
FIND_FUNCTIONS_JS = """
  function deep(root, cls) {
    for (const el of root.querySelectorAll('*')) {
      if (el.classList && el.classList.contains(cls)) return el;
      if (el.shadowRoot) { const r = deep(el.shadowRoot, cls); if (r) return r; }
    }
    return null;
  }
  function inner(host, sel) {
    const roots = [host];
    while (roots.length) {
      const r = roots.shift();
      const hit = (r.shadowRoot || r).querySelector(sel);
      if (hit) return hit;
      for (const el of (r.shadowRoot || r).querySelectorAll('*')) if (el.shadowRoot) roots.push(el);
    }
    return null;
  }"""


def show_timed_parts(page, timeout_ms: int = 60_000) -> None:
    """Show the drawer's Share and Lines tabs once, so that the parts a Next is timed on (the
    link box, the study tree) are drawn: the page draws each the first time it shows
    (tutor.views.shell, ``add_later``). Needs the wide layout, where the drawer is a column."""
    for tab, part in (("share", "link-box"), ("lines", "tree-list")):
        page.locator(f".tab.tab-{tab}").first.click()
        page.wait_for_function("() => {" + FIND_FUNCTIONS_JS + f" return deep(document, '{part}') !== null; }}",
                               timeout=timeout_ms)


def pct(values: list[float], q: float) -> float:
    """The q-quantile of values, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# a phone as the browser tests have it (tests/browser/axe_support.py)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def bench_site(site: Path | None = None) -> Path:
    """The site a browser bench opens: ``site`` (already built, e.g. ``palace-tutor build --out
    DIR``), else the offline site of ``app.py`` built or reused in ``.cache/bench-sites`` like
    ``bench load`` does."""
    if site is not None:
        if not (site / "index.html").is_file():
            raise SystemExit(f"bench: no built site in {site} (palace-tutor build --out {site})")
        return site
    from bench.load import ensure_site
    from palace_tutor.site.build import SiteOptions

    return ensure_site("ours", ROOT / "app.py", SiteOptions())


@contextmanager
def app_browser(bench: str, site: Path | None = None, slow_all: float | None = None,
                also: tuple[Path, ...] = ()) -> Iterator[tuple[object, str, list[str]]]:
    """The compiled app (``bench_site``) served from 127.0.0.1 and a headless Chromium: yields
    (a function ``new_page(**context_options)`` giving a page in a fresh context, the site's URL,
    the pages' uncaught errors so far). ``slow_all``: Chromium in a cgroup allowed that share of
    one core (``bench._slow_all``). ``also``: more built sites, each served on its own port, for
    a bench that measures them side by side (their URLs: ``new_page.also``). On the way out, the
    bench fails if a site reached outside or a page raised."""
    from contextlib import ExitStack

    from playwright.sync_api import sync_playwright

    from palace_tutor.site import browser as B
    from palace_tutor.site.serve import serve_process

    from bench._slow_all import quota

    server, url = serve_process(bench_site(site))
    more = [serve_process(bench_site(s)) for s in also]
    guards: list = []
    errors: list[str] = []
    try:
        with sync_playwright() as pw, ExitStack() as stack:
            if slow_all:
                chromium = stack.enter_context(quota(slow_all, B.CHROMIUM))
                browser = pw.chromium.launch(executable_path=chromium, headless=True, args=B.CHROMIUM_ARGS)
                first = browser.new_context(viewport={"width": 1000, "height": 800})
            else:
                browser, first = B.launch(pw)
            contexts = [first]

            def new_page(**options):
                context = browser.new_context(**options) if options and browser is not None else first
                if context is not first:
                    contexts.append(context)
                guard = B.OutsideGuard()
                guard.attach(context)
                guards.append(guard)
                page = context.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                return page

            new_page.also = [u for _, u in more]  # type: ignore[attr-defined]
            try:
                yield new_page, url, errors
                problems = [p for g in guards for p in g.problems()] + [f"page error: {e}" for e in errors]
            finally:
                # the browser closes before the cgroup it runs in is removed (the ExitStack's
                # exit), on an error too: a cgroup still holding processes cannot be removed
                for context in contexts:
                    context.close()
                if browser is not None:
                    browser.close()
    finally:
        for proc in [server] + [p for p, _ in more]:
            proc.terminate()
            proc.wait(10)
    if problems:
        raise SystemExit(f"bench {bench}: the site did something it must not:\n" + "\n".join(problems))


@contextmanager
def app_page(bench: str, site: Path | None = None,
             slow_all: float | None = None) -> Iterator[tuple[object, str, list[str]]]:
    """The compiled app (``bench_site``), served from 127.0.0.1, in a new page of headless
    Chromium (``slow_all``: see ``app_browser``): yields (page, the site's URL, the page's
    uncaught errors so far). On the way out, the bench fails if the site reached outside or the
    page raised."""
    with app_browser(bench, site, slow_all) as (new_page, url, errors):
        yield new_page(), url, errors
