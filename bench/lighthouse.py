"""``python -m bench lighthouse [--runs N] [--stock] [--json]``: Lighthouse on the built site.

Lighthouse (npm ``lighthouse``, installed on first use into ``.cache/lighthouse``)
audits the offline site of ``app.py`` as ``palace-tutor serve`` serves it
(precompressed copies by ``Accept-Encoding``), with its default mobile profile:
a phone-sized screen, simulated slow 4G (150 ms, 1.6 Mbit/s) and a 4x slower
CPU, computed from a real load in headless Debian Chromium
(``CHROME_PATH=/usr/bin/chromium``). No name but the loopback resolves, so no
request can leave the machine.

Accessibility is also audited on the live app: a Lighthouse snapshot once the
page is interactive (``lighthouse_snapshot.mjs``), since the navigation run
audits the page as it is when the load settles, possibly still the first
screen. Prints per run and as medians: the performance and accessibility scores,
first contentful paint, largest contentful paint, speed index, total blocking
time, cumulative layout shift, time to interactive, bytes, and the
accessibility audits that fail (with the elements they name). With ``--stock``
the bench's trivial anchor app (``bench load``) is audited the same way. With
``--json`` the last line is one JSON object. A bench, not a test: the figures
move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.load import ROOT, ensure_site, variants
from palace_tutor.site import browser as B
from palace_tutor.site.serve import serve_process

LIGHTHOUSE_VERSION = "12.8.2"  # the 12.x line runs on Node 20 (13 needs Node 22)
TOOL_DIR = ROOT / ".cache" / "lighthouse"
METRICS = {  # audit id -> (name, unit)
    "first-contentful-paint": ("FCP", "ms"),
    "largest-contentful-paint": ("LCP", "ms"),
    "speed-index": ("SI", "ms"),
    "total-blocking-time": ("TBT", "ms"),
    "cumulative-layout-shift": ("CLS", ""),
    "interactive": ("TTI", "ms"),
    "total-byte-weight": ("bytes", "B"),
    "mainthread-work-breakdown": ("main thread", "ms"),
}
GOALS = {"performance": 0.7, "accessibility": 0.98, "FCP": 3000}


def lighthouse_cli() -> Path:
    """The Lighthouse command line, installed from npm on first use."""
    cli = TOOL_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
    installed = TOOL_DIR / "node_modules" / "lighthouse" / "package.json"
    if not (cli.is_file() and json.loads(installed.read_text()).get("version") == LIGHTHOUSE_VERSION):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("bench lighthouse needs npm (apt-get install -y npm)")
        TOOL_DIR.mkdir(parents=True, exist_ok=True)
        print(f"installing lighthouse@{LIGHTHOUSE_VERSION} into {TOOL_DIR}", flush=True)
        subprocess.run([npm, "install", "--prefix", str(TOOL_DIR), "--no-audit", "--no-fund", "--loglevel=error",
                        f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True)
    return cli


def run_once(cli: Path, url: str) -> dict:
    """One Lighthouse run (a fresh Chromium profile: a cold first visit); its JSON report."""
    with tempfile.TemporaryDirectory(prefix="palace-tutor-lh-") as tmp:
        out = Path(tmp) / "report.json"
        flags = " ".join([*B.CHROMIUM_ARGS, f"--user-data-dir={tmp}/profile"])
        env = {**os.environ, "CHROME_PATH": B.CHROMIUM}
        proc = subprocess.run(["node", str(cli), url, "--output=json", f"--output-path={out}", "--quiet",
                               f"--chrome-flags={flags}", "--only-categories=performance,accessibility",
                               "--max-wait-for-load=120000"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        if proc.returncode or not out.is_file():
            raise SystemExit(f"lighthouse failed ({proc.returncode}):\n{proc.stdout[-3000:]}")
        return json.loads(out.read_text())


def snapshot_live_app(url: str) -> dict:
    """Lighthouse's accessibility audits on the live app, once interactive (``lighthouse_snapshot.mjs``)."""
    with tempfile.TemporaryDirectory(prefix="palace-tutor-lh-") as tmp:
        out = Path(tmp) / "snapshot.json"
        args = [*B.CHROMIUM_ARGS, f"--user-data-dir={tmp}/profile"]
        proc = subprocess.run(["node", str(Path(__file__).with_name("lighthouse_snapshot.mjs")), str(TOOL_DIR), url,
                               B.CHROMIUM, json.dumps(args), B.INTERACTIVE_JS, str(out)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode or not out.is_file():
            raise SystemExit(f"lighthouse snapshot failed ({proc.returncode}):\n{proc.stdout[-3000:]}")
        report = json.loads(out.read_text())
    return {"accessibility": report["categories"]["accessibility"]["score"],
            "accessibility_failing": _failing(report)}


def _failing(report: dict) -> list[dict]:
    audits = report["audits"]
    failing = []
    for ref in report["categories"]["accessibility"]["auditRefs"]:
        audit = audits[ref["id"]]
        if ref.get("weight", 0) and audit.get("score") is not None and audit["score"] < 1:
            items = (audit.get("details") or {}).get("items") or []
            nodes = [(i.get("node") or {}).get("snippet", "")[:120] for i in items][:5]
            failing.append({"id": ref["id"], "title": audit["title"], "weight": ref["weight"], "nodes": nodes})
    return failing


def summarize(report: dict) -> dict:
    audits = report["audits"]
    out = {cat: report["categories"][cat]["score"] for cat in ("performance", "accessibility")}
    for audit, (name, _unit) in METRICS.items():
        out[name] = audits[audit].get("numericValue") if audit in audits else None
    out["accessibility_failing"] = _failing(report)
    out["runtime_error"] = (report.get("runtimeError") or {}).get("message")
    out["warnings"] = report.get("runWarnings", [])
    return out


def measure(runs: int, stock: bool) -> dict:
    cli = lighthouse_cli()
    chosen = {name: spec for name, spec in variants(False).items() if name == "ours" or (stock and name == "stock")}
    results: dict[str, list[dict]] = {}
    live: dict[str, dict] = {}
    for name, (app, options) in chosen.items():
        site = ensure_site(name, app, options)
        server, url = serve_process(site)
        try:
            live[name] = snapshot_live_app(url)
            print(f"{name}: accessibility of the live app {live[name]['accessibility']}", flush=True)
            for r in range(runs):
                summary = summarize(run_once(cli, url))
                results.setdefault(name, []).append(summary)
                print(f"run {r + 1}/{runs} {name}: performance {summary['performance']}, "
                      f"accessibility {summary['accessibility']}, FCP {summary['FCP'] / 1000:.1f} s, "
                      f"LCP {summary['LCP'] / 1000:.1f} s, TBT {summary['TBT']:.0f} ms, CLS {summary['CLS']:.3f}",
                      flush=True)
        finally:
            server.terminate()
            server.wait(10)
    medians = {}
    for name, runs_ in results.items():
        keys = ["performance", "accessibility", *(n for n, _ in METRICS.values())]
        medians[name] = {k: statistics.median(r[k] for r in runs_ if r[k] is not None) for k in keys}
    return {"bench": "lighthouse", "lighthouse": LIGHTHOUSE_VERSION, "profile": "mobile (default)", "runs": runs,
            "median": medians,
            # the navigation run audits the page when its load settles (the first screen, or the app)
            "accessibility_at_load_failing": results["ours"][-1]["accessibility_failing"],
            "accessibility_live_app": {n: v["accessibility"] for n, v in live.items()},
            "accessibility_failing": live["ours"]["accessibility_failing"],
            "warnings": results["ours"][-1]["warnings"], "goals": GOALS}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench lighthouse", description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="Lighthouse runs per site (default 3; medians)")
    ap.add_argument("--stock", action="store_true", help="also audit the stock trivial app")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    res = measure(a.runs, a.stock)
    for name, m in res["median"].items():
        print(f"\n{name}, median of {a.runs} (Lighthouse {LIGHTHOUSE_VERSION}, mobile):")
        print(f"  performance {m['performance']:.2f} (goal >= {GOALS['performance']}), accessibility "
              f"at load {m['accessibility']:.2f}, of the live app {res['accessibility_live_app'][name]:.2f} "
              f"(goal >= {GOALS['accessibility']})")
        for name_, unit in METRICS.values():
            value = m[name_]
            shown = f"{value / 1000:.2f} s" if unit == "ms" else f"{value / 1e6:.2f} MB" if unit == "B" else f"{value:.3f}"
            print(f"  {name_:<12} {shown}")
    print("\naccessibility audits that fail on the live app (ours):" if res["accessibility_failing"]
          else "\nno accessibility audit fails on the live app")
    for f in res["accessibility_failing"]:
        print(f"  {f['id']} (weight {f['weight']}): {f['title']}")
        for node in f["nodes"]:
            print(f"      {node}")
    if a.json:
        print(json.dumps(res))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
