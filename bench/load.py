"""``python -m bench load [--runs N] [--levers] [--settle S] [--json]``: how fast the site opens.

Side by side in one run, alternating, in headless Chromium with every byte
from 127.0.0.1 (outside requests are aborted and reported):

* ``ours``: the offline site of ``app.py`` as ``palace-tutor build`` makes it;
* ``stock``: a trivial Panel app (``bench/_trivial_app.py``: a button and a
  Markdown pane) built the stock way (``panel convert --to pyodide-worker``,
  unmodified wheels, panel's own micropip loader), self-hosted the same way.

Each run loads every variant cold (a fresh browser context: empty HTTP cache,
no service worker), then warm (a second visit in the same context, once its
service worker, if any, is active; ``--settle S`` waits S seconds more, as a
real repeat visit comes when the browser has long finished writing what the
first one cached). Page -> interactive is measured from
navigation until the app's Python is linked to the page (clicks work).
Prints medians and ratios; with ``--json`` the last line is one JSON object.

``--levers`` adds variants of ``ours`` with one load-time lever turned back to
stock each (see ``palace_tutor.site.build.SiteOptions``), and ``ours`` with
every lever off, to show what each lever gives.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from palace_tutor.site import browser as B
from palace_tutor.site.build import SiteOptions, build_site, content_hash, read_build_info
from palace_tutor.site.serve import serve_process

ROOT = Path(__file__).resolve().parents[1]
SITES = ROOT / ".cache" / "bench-sites"
PHASES: list[dict[str, float]] = []  # worker milestones of the last visits
LATER: list[bool] = []  # did the visit fetch the code left for later before it was interactive?


def variants(levers: bool, only: list[str] | None = None) -> dict[str, tuple[Path, SiteOptions]]:
    app, trivial = ROOT / "app.py", ROOT / "bench" / "_trivial_app.py"
    best = SiteOptions()
    out = {"ours": (app, best), "stock": (trivial, SiteOptions.stock().replace(with_project=False))}
    if levers:
        # the snapshot is made from the lock's packages and reaches a visit through the service worker
        out["ours, stock loader"] = (app, best.replace(loader="stock", drop=(), snapshot=False, lazy=False,
                                                       site_image=False, dataclass_code=False))  # micropip needs them all
        out["ours, full panel/bokeh wheels"] = (app, best.replace(strip_assets=False))
        out["ours, all dependencies"] = (app, best.replace(drop=()))
        out["ours, worker started late"] = (app, best.replace(early_worker=False))
        out["ours, no service worker"] = (app, best.replace(service_worker=False, snapshot=False))
        out["ours, no start-up snapshot"] = (app, best.replace(snapshot=False))
        out["ours, all code in the first visit"] = (app, best.replace(lazy=False))
        out["ours, first visit installs the packages"] = (app, best.replace(cold_snapshot=False))
        out["ours, no bytecode"] = (app, best.replace(pyc=False))
        out["ours, garbage collector on"] = (app, best.replace(pause_gc=False))
        out["ours, panel convert's page"] = (app, best.replace(first_screen=False))
        out["ours, no precompressed copies"] = (app, SiteOptions.plain_host())
        out["ours, wheels instead of the image"] = (app, best.replace(site_image=False, dataclass_code=False))
        out["ours, Panel imported the normal way"] = (app, best.replace(quick_import=False))
        out["ours, dataclass methods compiled in the browser"] = (app, best.replace(dataclass_code=False))
        out["ours, all of Panel imported at once"] = (app, best.replace(deferred_imports=False))
        out["ours, templates compiled and unused modules imported at start"] = (app, best.replace(first_use_edits=False))
        out["ours, no lever"] = (app, SiteOptions.stock())
    if only:
        unknown = [n for n in only if n not in out]
        if unknown:
            raise SystemExit(f"bench load: no variant {unknown}; known: {', '.join(out)}")
        out = {n: v for n, v in out.items() if n in ("ours", "stock") or n in only}
    return out


def ensure_site(name: str, app: Path, options: SiteOptions) -> Path:
    out = SITES / name.replace(",", "").replace(" ", "-").replace("/", "-")
    info = read_build_info(out)
    if not info or info.get("build") != content_hash(app, False, options, ROOT):
        build_site(out=out, app=app, options=options)
    return out


def _bytes_fetched(site: Path, urls: list[str]) -> int:
    total = 0
    for url in urls:
        path = urlsplit(url).path.lstrip("/") or "index.html"
        f = site / path
        if f.is_file():
            total += f.stat().st_size
    return total


def _transferred(requests) -> int:
    """Bytes over the wire (coded bodies and headers) of the finished requests."""
    total = 0
    for r in requests:
        try:
            sizes = r.sizes()
        except Exception:  # noqa: BLE001 - a request that never finished moved no body
            continue
        total += max(sizes["responseBodySize"], 0) + max(sizes["responseHeadersSize"], 0)
    return total


def throttle(page, rate: float) -> None:
    """Chromium's CPU slowed ``rate`` times (DevTools ``Emulation.setCPUThrottlingRate``)."""
    if rate and rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def _visit(context, url: str, timeout_s: float = 300, service_worker: bool = False,
           cpu: float = 1) -> tuple[float, float, tuple[list, int]]:
    """Open ``url`` in a new page of ``context``; seconds to interactive and to first paint,
    the requests it (and its worker) made until then and the bytes they moved."""
    page = context.new_page()
    throttle(page, cpu)
    requested: list = []
    page.on("request", lambda r: requested.append(r))
    t0 = time.perf_counter()
    marks: dict[str, float] = {}

    def on_console(msg) -> None:
        for key, text in (("pyodide_booted_s", "Loaded!"), ("packages_loaded_s", "Packages loaded!")):
            if msg.text == text and key not in marks:
                marks[key] = round(time.perf_counter() - t0, 3)

    page.on("worker", lambda w: w.on("console", on_console))
    try:
        timing = B.open_until_interactive(page, url, timeout_s=timeout_s)
    except Exception:
        page.close()
        raise
    paint = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0")
    until_interactive = list(requested)
    wire = _transferred(until_interactive)
    LATER.append(any("/pyodide/later/" in r.url for r in until_interactive))
    if service_worker:  # the site's service worker must be active (precached) before the next visit
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.close()
    PHASES.append(marks)
    return timing.interactive_s, round(paint / 1000, 3), (until_interactive, wire)


def _median_marks(marks: list[dict[str, float]]) -> dict[str, float]:
    keys = sorted({k for m in marks for k in m})
    return {k: round(statistics.median(m[k] for m in marks if k in m), 2) for k in keys}


def measure(runs: int, levers: bool, cpu: float = 1, only: list[str] | None = None, settle: float = 0) -> dict:
    from playwright.sync_api import sync_playwright

    variants_ = variants(levers or bool(only), only)
    sites = {name: ensure_site(name, app, opts) for name, (app, opts) in variants_.items()}
    servers = {name: serve_process(site) for name, site in sites.items()}
    cold: dict[str, list[float]] = {n: [] for n in sites}
    warm: dict[str, list[float]] = {n: [] for n in sites}
    paint: dict[str, list[float]] = {n: [] for n in sites}
    phases: dict[str, dict[str, list[dict]]] = {n: {"cold": [], "warm": []} for n in sites}
    fetched: dict[str, int] = {}
    transferred: dict[str, int] = {}
    background: dict[str, int] = {}
    offline_ok: dict[str, bool] = {}
    problems: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=B.CHROMIUM, headless=True, args=B.CHROMIUM_ARGS)
            names = list(sites)
            for r in range(runs):
                order = names[r % len(names):] + names[:r % len(names)]  # alternate who goes first
                for name in order:
                    url = servers[name][1]
                    context = browser.new_context(viewport={"width": 1000, "height": 800})
                    guard = B.OutsideGuard()
                    guard.attach(context, route=False)  # keep the HTTP cache, as a visitor has it
                    sw_requests: list = []  # the service worker's own (precaching, after interactive)
                    context.on("request", lambda r: sw_requests.append(r) if r.service_worker else None)
                    sw = variants_[name][1].service_worker
                    t_cold, p_cold, reqs = _visit(context, url, service_worker=sw, cpu=cpu)
                    phases[name]["cold"].append(PHASES[-1])
                    time.sleep(settle)  # a repeat visit comes later: the browser's own writing done
                    t_warm, _, _ = _visit(context, url, service_worker=sw, cpu=cpu)
                    phases[name]["warm"].append(PHASES[-1])
                    if r == 0:
                        fetched[name] = _bytes_fetched(sites[name], [q.url for q in reqs[0]])
                        transferred[name] = reqs[1]
                        if LATER[-2]:
                            problems.append(f"{name}: the first visit fetched the code left for later before "
                                            "it was interactive (what a start imports has changed?)")
                        background[name] = _transferred(sw_requests)
                        # a third visit with the network cut: does the site still open?
                        context.set_offline(True)
                        try:
                            _visit(context, url, timeout_s=45, service_worker=sw, cpu=cpu)
                            offline_ok[name] = True
                        except Exception:  # noqa: BLE001 - a failure to open is the measurement
                            offline_ok[name] = False
                        context.set_offline(False)
                    context.close()
                    problems += [f"{name}: {p}" for p in guard.problems()]
                    cold[name].append(t_cold)
                    paint[name].append(p_cold)
                    warm[name].append(t_warm)
                    print(f"run {r + 1}/{runs}  {name:<32} cold {t_cold:6.2f} s   warm {t_warm:6.2f} s", flush=True)
            browser.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait(10)
    med = {n: statistics.median(v) for n, v in cold.items()}
    wmed = {n: statistics.median(v) for n, v in warm.items()}
    return {
        "runs": runs, "cpu_throttling": cpu, "settle_s": settle,
        "cold_s": {n: round(v, 2) for n, v in med.items()},
        "warm_s": {n: round(v, 2) for n, v in wmed.items()},
        "first_paint_cold_s": {n: round(statistics.median(v), 2) for n, v in paint.items()},
        "cold_vs_stock": {n: round(v / med["stock"], 3) for n, v in med.items()},
        "warm_vs_cold": {n: round(wmed[n] / med[n], 3) for n in med},
        "phases_median_s": {n: {visit: _median_marks(v) for visit, v in ph.items()} for n, ph in phases.items()},
        "fetched_mb_cold": {n: round(b / 1e6, 1) for n, b in fetched.items()},
        # what a first visit moves over the wire until it is interactive (coded, with headers)
        "transferred_mb_cold": {n: round(b / 1e6, 2) for n, b in transferred.items()},
        # then the service worker's precaching, in the background (the offline copy)
        "service_worker_mb_after": {n: round(b / 1e6, 2) for n, b in background.items()},
        "opens_offline_after_first_visit": offline_ok,
        "outside_requests_or_errors": problems,
        "builds": {n: read_build_info(s)["build"] for n, s in sites.items()},
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="cold+warm loads per variant (default 5)")
    ap.add_argument("--levers", action="store_true", help="also measure each load-time lever")
    ap.add_argument("--variant", action="append", metavar="NAME",
                    help="measure only this lever variant (with ours and stock), e.g. 'ours, first visit from the snapshot'")
    ap.add_argument("--cpu-throttle", type=float, default=1, metavar="RATE",
                    help="slow Chromium's CPU RATE times, as a phone (DevTools CPU throttling; e.g. 4)")
    ap.add_argument("--settle", type=float, default=0, metavar="SECONDS",
                    help="wait this long between the first visit (its service worker active) and the repeat "
                         "visit, as a later visit finds the browser done writing its caches (default 0)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    res = measure(a.runs, a.levers, a.cpu_throttle, a.variant, a.settle)
    print(f"\npage -> interactive, median of {a.runs} (seconds), {time.perf_counter() - t0:.0f} s in all")
    if a.cpu_throttle != 1:
        print(f"(CPU throttled {a.cpu_throttle:g}x)")
    if a.settle:
        print(f"(repeat visits {a.settle:g} s after the first)")
    print(f"{'variant':<32} {'paint':>6} {'cold':>6} {'warm':>6} {'cold/stock':>10} {'warm/cold':>9} "
          f"{'MB files':>8} {'MB wire':>8} {'MB sw':>6} offline")
    for n in res["cold_s"]:
        print(f"{n:<32} {res['first_paint_cold_s'][n]:6.2f} {res['cold_s'][n]:6.2f} {res['warm_s'][n]:6.2f} {res['cold_vs_stock'][n]:10.3f} "
              f"{res['warm_vs_cold'][n]:9.3f} {res['fetched_mb_cold'].get(n, 0):8.1f} "
              f"{res['transferred_mb_cold'].get(n, 0):8.2f} {res['service_worker_mb_after'].get(n, 0):6.1f} "
              f"{'yes' if res['opens_offline_after_first_visit'].get(n) else 'no'}")
    print("\nworker milestones, median (s): pyodide booted / packages loaded")
    for n, ph in res["phases_median_s"].items():
        print(f"{n:<32} " + "   ".join(f"{visit} {m.get('pyodide_booted_s', 0):5.2f} / {m.get('packages_loaded_s', 0):5.2f}"
                                        for visit, m in ph.items()))
    for p in res["outside_requests_or_errors"]:
        print("PROBLEM:", p)
    if a.json:
        print(json.dumps(res))
    return 1 if res["outside_requests_or_errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
