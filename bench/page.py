"""``python -m bench page [--against DIR] [--rounds N] [--json]``: what one Next and one
computer move set off in the page's Python, under CPython.

The whole page (``tutor.views.app.build``) is built over the shipped games and lessons,
attached to a Bokeh document as the browser's is (so Panel syncs every change to its
models), with every part the page draws later shown. Then:

* **Next**: the longest lesson of each game is opened and Next pressed through it
  (``rounds`` times);
* **computer move**: a table of each game that has computer players is dealt (fixed
  shuffles), every seat given to the computer at ``standard``, and "their move" pressed
  until the deal ends.

Each press is timed (Python only: ``time.perf_counter`` around the press) and counted:
the param watchers called (ours: callbacks in ``tutor/``; Panel's: its syncs of a
component's parameters to the browser), the updates each browser component received (a
component updated twice in one press is redrawn twice), and the players' strip's redraws.

``--against DIR`` runs the same measurement on the tree in ``DIR`` (e.g. an export of
main before a change) side by side, alternating the two in fresh processes ``--runs``
times, and prints the ratios (ours / theirs; below 1 is fewer or faster).
With ``--json`` the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


class Tally:
    """Counts the watchers param calls while it is on (patched into param for the run)."""

    def __init__(self) -> None:
        from param.parameterized import Parameters

        self.on = False
        self.ours = 0
        self.panel = 0
        self.synced: Counter[int] = Counter()   # id(component) -> Panel syncs of its parameters
        self.names: Counter[str] = Counter()
        self.events = 0        # Bokeh document events: in the page's worker, one message each
        self.event_bytes = 0   # their JSON, as Panel's worker serializes each one
        execute = Parameters._execute_watcher
        tally = self

        def counting(params, watcher, events):  # noqa: ANN001 - param's own signature
            if tally.on:
                tally.count(watcher)
            return execute(params, watcher, events)

        Parameters._execute_watcher = counting

    def count(self, watcher) -> None:  # noqa: ANN001
        fn = watcher.fn
        depends = getattr(fn, "keywords", {}).get("function") if hasattr(fn, "keywords") else None
        if depends is not None:  # param.depends: the method it calls
            fn = depends
        owner = getattr(fn, "__self__", None)
        module = getattr(fn, "__module__", "") or ""
        name = getattr(fn, "__qualname__", type(fn).__name__)
        if module.startswith("bench"):
            return  # the bench's own counter of the strip's drawings
        if name.endswith("_param_change") and owner is not None:
            self.panel += 1
            self.synced[id(owner)] += 1
            self.names[f"panel sync {type(owner).__name__}"] += 1
            return
        if module.startswith(("tutor", "players", "rules", "lessons")):
            self.ours += 1
        else:
            self.panel += 1
        self.names[f"{module}.{name}" + (" (depends)" if depends is not None else "")] += 1

    def document_changed(self, doc, event) -> None:  # noqa: ANN001 - Bokeh's event
        """What Panel's worker does with each event (panel.io.pyodide._process_document_events):
        one message per event, its JSON serialized on its own, new models sent whole once."""
        if not self.on:
            return
        from bokeh.core.serialization import Serializer

        serializer = Serializer(references=doc.models.synced_references)
        encoded = serializer.encode([event])
        doc.models.flush_synced(lambda model: not serializer.has_ref(model))
        self.events += 1
        self.event_bytes += len(json.dumps(encoded, default=str))
        model = getattr(event, "model", None)
        self.names[f"message {type(model).__name__}.{getattr(event, 'attr', type(event).__name__)}"] += 1

    def start(self) -> None:
        self.ours = self.panel = self.events = self.event_bytes = 0
        self.synced.clear()
        self.on = True

    def stop(self) -> dict:
        self.on = False
        return {"ours": self.ours, "panel": self.panel, "components": len(self.synced),
                "events": self.events, "event_bytes": self.event_bytes,
                "most_to_one": max(self.synced.values(), default=0),
                "redrawn_twice": sum(1 for n in self.synced.values() if n > 1)}


def _page(tally: Tally | None = None):
    from bokeh.document import Document

    from tutor.views.app import build

    view = build()
    doc = Document()
    root = view.__panel__().get_root(doc)
    doc.add_root(root)
    from panel.io.state import state

    # the page is loaded, as in the browser: else Panel's hold() never lets go of the document
    # (panel.io.document.hold unholds only a loaded document) and no change leaves it
    state._loaded[doc] = True
    if tally is not None:
        doc.on_change(lambda event: tally.document_changed(doc, event))
    view.bridge._handle_msg({"kind": "start", "value": ""})
    for name in list(view.shell.pending):
        view.shell.press("show", name)
    return view, doc


def _longest_lessons(catalog) -> list:  # noqa: ANN001
    longest: dict = {}
    for lesson in catalog.lessons:
        if lesson.game not in longest or len(lesson.steps) > len(longest[lesson.game].steps):
            longest[lesson.game] = lesson
    return list(longest.values())


def _strip(view):  # noqa: ANN001
    return view.players.strip


def measure(rounds: int) -> dict:
    """One run in this process: per press, the watchers, the components updated, the time."""
    import tutor

    tally = Tally()
    view, _doc = _page(tally)
    app, shell = view.app, view.shell
    per: dict[str, list[dict]] = {"next": [], "computer": []}
    for lesson in _longest_lessons(app.catalog):
        shell.press("lesson", lesson.id)
        for _ in range(rounds):
            shell.press("start")
            while app.study.can_forward:
                tally.start()
                t0 = time.perf_counter()
                shell.press("next")
                ms = (time.perf_counter() - t0) * 1000
                per["next"].append({**tally.stop(), "ms": ms, "game": lesson.game})
    draws = []
    strip = _strip(view)
    strip.param.watch(lambda _e: draws.append(1), ["html"])
    for game in app.catalog.game_ids():
        for seed in range(1, rounds + 1):
            shell.press("job", "play")
            if not app.new_deal(game=game, seed=seed):
                continue
            names = view.versus.names()
            try:
                view.players._pressed("start", "", ["standard"] * len(names))
            except ValueError:
                continue
            presses = 0
            while view.versus.turn.kind == "computer" and presses < 400:
                draws.clear()
                tally.start()
                t0 = time.perf_counter()
                view.players._pressed("their-move", "", [])
                ms = (time.perf_counter() - t0) * 1000
                per["computer"].append({**tally.stop(), "ms": ms, "game": game, "strip_draws": len(draws)})
                presses += 1
            view.players._pressed("stop", "", [])
    out: dict = {"tree": str(Path(tutor.__file__).resolve().parents[1])}
    for kind, rows in per.items():
        if not rows:
            continue
        ms = [r["ms"] for r in rows]
        out[kind] = {
            "presses": len(rows),
            "ms_p50": round(statistics.median(ms), 2), "ms_p95": round(_pct(ms, 0.95), 2),
            "ms_mean": round(statistics.fmean(ms), 2),
            "watchers_ours_mean": round(statistics.fmean(r["ours"] for r in rows), 2),
            "watchers_ours_max": max(r["ours"] for r in rows),
            "watchers_panel_mean": round(statistics.fmean(r["panel"] for r in rows), 2),
            "components_updated_mean": round(statistics.fmean(r["components"] for r in rows), 2),
            "events_mean": round(statistics.fmean(r.get("events", 0) for r in rows), 2),
            "event_bytes_mean": round(statistics.fmean(r.get("event_bytes", 0) for r in rows)),
            "most_updates_to_one_component": max(r["most_to_one"] for r in rows),
            "presses_with_a_component_updated_twice": sum(1 for r in rows if r["redrawn_twice"]),
        }
        if kind == "computer":
            out[kind]["strip_draws_mean"] = round(statistics.fmean(r["strip_draws"] for r in rows), 2)
            out[kind]["strip_draws_max"] = max(r["strip_draws"] for r in rows)
    out["watchers_by_name"] = dict(tally.names.most_common())
    return out


def _worker(tree: Path, rounds: int) -> dict:
    """``measure`` in a fresh process importing the tree in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = (f"import sys, json; sys.path.insert(0, {str(tree)!r}); "
            f"import runpy; m = runpy.run_path({str(HERE)!r}, run_name='bench_page'); "
            f"print(json.dumps(m['measure']({rounds})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=str(tree), env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench page: the run in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


KEYS = ("ms_p50", "ms_mean", "watchers_ours_mean", "watchers_panel_mean", "components_updated_mean",
        "events_mean", "event_bytes_mean",
        "most_updates_to_one_component", "presses_with_a_component_updated_twice", "strip_draws_mean")


def _merge(runs: list[dict]) -> dict:
    """Several runs of one tree: counts are the same each run; times, the median of the runs."""
    out = dict(runs[0])
    for kind in ("next", "computer"):
        if kind in out:
            out[kind] = dict(out[kind])
            for key in ("ms_p50", "ms_p95", "ms_mean"):
                out[kind][key] = round(statistics.median(r[kind][key] for r in runs), 2)
    return out


def _print(label: str, res: dict) -> None:
    print(f"{label}: {res['tree']}")
    for kind, what in (("next", "per Next"), ("computer", "per computer move")):
        r = res.get(kind)
        if r is None:
            continue
        line = (f"  {what} ({r['presses']} presses): Python p50 {r['ms_p50']:.2f} ms, mean {r['ms_mean']:.2f} ms, "
                f"p95 {r['ms_p95']:.2f} ms; watchers: ours {r['watchers_ours_mean']:.1f} (max "
                f"{r['watchers_ours_max']}), Panel's {r['watchers_panel_mean']:.1f}; components updated "
                f"{r['components_updated_mean']:.1f}, at most {r['most_updates_to_one_component']} updates to one, "
                f"{r['presses_with_a_component_updated_twice']} presses updating one twice; "
                f"{r.get('events_mean', 0):.1f} messages to the page ({r.get('event_bytes_mean', 0)} bytes)")
        if kind == "computer":
            line += f"; strip drawn {r['strip_draws_mean']:.2f} times (max {r['strip_draws_max']})"
        print(line)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench page", description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2, help="times through each lesson, deals per game (default 2)")
    ap.add_argument("--against", metavar="DIR", help="another tree to measure side by side (ratios ours/theirs)")
    ap.add_argument("--runs", type=int, default=3, help="with --against: alternating runs of each (default 3)")
    ap.add_argument("--names", action="store_true", help="list the watchers called, by name")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    if not a.against:
        res = _worker(ROOT, a.rounds)
        _print("this tree", res)
        if a.names:
            for name, n in res["watchers_by_name"].items():
                print(f"    {n:6d}  {name}")
        if a.json:
            print(json.dumps({"bench": "page", **res}))
        return 0
    other = Path(a.against).resolve()
    ours_runs, theirs_runs = [], []
    for _ in range(a.runs):
        theirs_runs.append(_worker(other, a.rounds))
        ours_runs.append(_worker(ROOT, a.rounds))
    ours, theirs = _merge(ours_runs), _merge(theirs_runs)
    _print("ours  ", ours)
    _print("theirs", theirs)
    ratios: dict = {}
    for kind in ("next", "computer"):
        if kind in ours and kind in theirs:
            ratios[kind] = {k: round(ours[kind][k] / theirs[kind][k], 3) if theirs[kind].get(k) else None
                            for k in KEYS if k in ours[kind] and k in theirs[kind]}
            print(f"  {kind} ours/theirs: " + ", ".join(f"{k} {v}" for k, v in ratios[kind].items()))
    if a.names:
        for label, res in (("ours", ours), ("theirs", theirs)):
            print(f"  watchers called, {label}:")
            for name, n in res["watchers_by_name"].items():
                print(f"    {n:6d}  {name}")
    if a.json:
        print(json.dumps({"bench": "page", "runs": a.runs, "ours": ours, "theirs": theirs, "ratios": ratios}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
