"""``python -m bench step [--lesson ID] [--rounds N] [--cpu-throttle RATE] [--slow-all SHARE] [--site DIR] [--json]``:
Next -> screen updated.

Opens the compiled app (the offline site of ``app.py``, built or reused like
``bench load`` does) in headless Chromium, offline, on a lesson, and presses
Next through the whole lesson, ``rounds`` times. Without ``--lesson`` it does
this for the longest shipped lesson of each game (Palace Poker, Palace,
King's Pot), each in a fresh page. Each press is timed inside the page, from
the click to the moment the screen shows the next step everywhere it appears:
the game table (its root names the position and step it draws), the narration
heading, the step list's highlight, the study tree's highlight and the share
link (whose exact expected values CPython computes with the same models
beforehand; a mismatch fails the bench). ``painted`` adds the next animation
frame. ``--cpu-throttle 4`` slows Chromium's CPU four times (DevTools
``Emulation.setCPUThrottlingRate``), as a mid-range phone. DevTools slows only
the page's thread: the worker, where the app's Python runs, keeps full speed
(Chromium refuses the call for a worker). So each press also records the
worker's share (from the click's change leaving for the worker to the first
update back), and the summary gives an estimate of a phone that is slow
everywhere: each press plus its worker share times (rate - 1).

``--slow-all 0.25`` measures that instead of estimating it: Chromium runs in a cgroup allowed
a quarter of one core (``bench/_slow_all.py``), page and worker alike. Each run also times a
fixed loop on the page's thread (``page_loop_ms``): its ratio to a run at full speed says how
much the page was slowed, the calibration of a quota against DevTools' rate.

Prints p50/p95/max per measure and lesson, and over all presses; with
``--json`` the last line is one JSON object. Goal (issue 8): p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from bench._page import FIND_FUNCTIONS_JS, ROOT, app_page, pct, show_timed_parts
from bench._slow_all import LOOP_JS
from bench.load import throttle
from palace_tutor.site import browser as B

# Finds the elements once (they persist across steps), then times one Next.
SETUP_JS = """() => {""" + FIND_FUNCTIONS_JS + """
  const h = {narration: deep(document, 'narration-pane'), steps: deep(document, 'step-list'),
             tree: deep(document, 'tree-list'), link: deep(document, 'link-box'),
             next: deep(document, 'nav-next'), start: deep(document, 'nav-start'),
             table: deep(document, 'game-table')};
  for (const k in h) if (!h[k]) return 'missing ' + k;
  h.nextButton = inner(h.next, 'button');
  h.startButton = inner(h.start, 'button');
  h.stepsBox = inner(h.steps, '.items');
  h.treeBox = inner(h.tree, '.items');
  h.linkField = inner(h.link, '.share-link');
  h.inner = inner;
  window.__bench = h;
  return 'ok';
}"""

STATE_JS = """() => {
  const h = window.__bench;
  const heading = h.inner(h.narration, '.heading');
  const step = h.stepsBox.querySelector('.item.current');
  const node = h.treeBox.querySelector('.item.current');
  const table = h.inner(h.table, '.table-root');
  return {heading: heading ? heading.textContent : null, step: step ? step.dataset.key : null,
          node: node ? node.dataset.key : null, link: h.linkField.value.split('#')[1] || '',
          table: table ? [table.dataset.node, table.dataset.step] : null};
}"""

NEXT_JS = """async (want) => {
  const h = window.__bench;
  const shows = () => {
    const heading = h.inner(h.narration, '.heading');
    const step = h.stepsBox.querySelector('.item.current');
    const node = h.treeBox.querySelector('.item.current');
    const table = h.inner(h.table, '.table-root');
    return table !== null && table.dataset.node === want.node && table.dataset.step === want.table_step
      && heading && heading.textContent === want.heading
      && (want.step === null ? step === null : (step !== null && step.dataset.key === want.step))
      && node !== null && node.dataset.key === want.node
      && h.linkField.value.endsWith('#' + want.link);
  };
  // Checked on every DOM mutation of the watched parts (precise) and on a 4 ms
  // timer (the link field's value is a property, not a mutation). A busy
  // MessageChannel loop would starve the worker's messages, so none is used.
  // The worker's share: from the click's change going to the worker to the first
  // update coming back (Python and the two message hops). DevTools throttles only
  // the page's thread, not the worker's ("only supported for pages, not workers").
  const w = pyodideWorker, post = w.postMessage, on = w.onmessage;
  let posted = null, answered = null;
  w.postMessage = function (m, ...rest) {
    if (posted === null && m && m.type === 'patch') { posted = performance.now(); }
    return post.call(this, m, ...rest);
  };
  w.onmessage = function (e) {
    if (answered === null && posted !== null && e.data && e.data.type === 'patch') { answered = performance.now(); }
    return on.call(this, e);
  };
  return await new Promise((resolve) => {
    const t0 = performance.now();
    let done = false, timer = null;
    const observer = new MutationObserver(() => check());
    const finish = (value) => {
      done = true; observer.disconnect(); clearTimeout(timer);
      w.postMessage = post; w.onmessage = on;
      resolve(value && value.concat([posted !== null && answered !== null ? answered - posted : null]));
    };
    const check = () => {
      if (done) return;
      if (shows()) {
        const dom = performance.now() - t0;
        requestAnimationFrame(() => finish([dom, performance.now() - t0]));
        done = true; observer.disconnect(); clearTimeout(timer);
      } else if (performance.now() - t0 > 15000) {
        finish(null);
      }
    };
    const poll = () => { check(); if (!done) timer = setTimeout(poll, 4); };
    for (const root of [h.narration.shadowRoot || h.narration, h.stepsBox, h.treeBox,
                        h.table.shadowRoot || h.table]) {
      observer.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
    }
    h.nextButton.click();
    poll();
  });
}"""


def default_lessons() -> list[str]:
    """The longest shipped lesson of each game."""
    from tutor.model.catalog import Catalog

    longest: dict[str, object] = {}
    for lesson in Catalog.load().lessons:
        if lesson.game not in longest or len(lesson.steps) > len(longest[lesson.game].steps):
            longest[lesson.game] = lesson
    if not longest:
        raise SystemExit("no lessons loaded: nothing to step through")
    return [lesson.id for lesson in longest.values()]


def expected_walk(lesson_id: str):
    """The lesson to walk and, for each Next, what the screen must show
    (computed by CPython with the same models the browser runs)."""
    from tutor.model.catalog import Catalog
    from tutor.model.share import encode_link
    from tutor.model.study import Study

    catalog = Catalog.load()
    lesson = catalog.lesson(lesson_id)
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    start_link = encode_link(study)
    walk = []
    while study.forward():
        item = study.step_item
        walk.append({"heading": study.narration().heading, "step": None if item is None else str(item),
                     "node": str(study.current), "link": encode_link(study),
                     "table_step": "" if study.step is None else str(study.step)})
    return lesson, start_link, walk


def measure(lesson_id: str, rounds: int, cpu: float = 1, slow_all: float | None = None,
            site: Path | None = None) -> dict:
    lesson, start_link, walk = expected_walk(lesson_id)
    dom: list[float] = []
    painted: list[float] = []
    worker: list[float] = []
    with app_page("step", site, slow_all) as (page, url, errors):
        console: list[str] = []
        page.on("console", lambda m: console.append(f"[page {m.type}] {m.text}"))
        page.on("worker", lambda w: w.on("console", lambda m: console.append(f"[worker {m.type}] {m.text}")))
        throttle(page, cpu)
        load = B.open_until_interactive(page, url + "index.html#" + start_link)
        t_open = time.perf_counter()
        B.wait_shadow_text(page, "narration-pane", f"t.startsWith({json.dumps(lesson.title)})", timeout_s=120)
        opened_s = load.interactive_s + (time.perf_counter() - t_open)
        B.wait_settled(page, timeout_s=120)
        show_timed_parts(page)
        B.wait_settled(page, timeout_s=120)
        loop_ms = page.evaluate(LOOP_JS)[0]  # how slow the page's thread is (the calibration)
        for round_no in range(rounds):
            if round_no:
                page.evaluate("() => window.__bench.startButton.click()")
                B.wait_shadow_text(page, "narration-pane", f"t.startsWith({json.dumps(lesson.title)})")
            for number, want in enumerate(walk, 1):
                # found afresh before each press (untimed): a view Panel
                # re-renders replaces its elements
                status = page.evaluate(SETUP_JS)
                if status != "ok":
                    raise SystemExit(f"bench step: page not as expected ({status})")
                got = page.evaluate(NEXT_JS, want)
                if got is None:
                    shown = page.evaluate(STATE_JS)
                    page.screenshot(path=str(ROOT / ".cache" / "bench-step-failure.png"), full_page=True)
                    raise SystemExit(f"bench step: after Next #{number} the screen shows {shown}, "
                                     f"expected {want}" + "".join(f"\npage error: {e}" for e in errors)
                                     + "\n" + "\n".join(console[-30:]))
                dom.append(got[0])
                painted.append(got[1])
                if got[2] is None:
                    raise SystemExit(f"bench step: Next #{number} showed without an update from the worker")
                worker.append(got[2])
    return {
        "bench": "step", "lesson": lesson.id, "steps": len(walk), "rounds": rounds, "samples": len(dom),
        "dom_p50_ms": round(statistics.median(dom), 1), "dom_p95_ms": round(pct(dom, 0.95), 1),
        "dom_max_ms": round(max(dom), 1),
        "painted_p50_ms": round(statistics.median(painted), 1), "painted_p95_ms": round(pct(painted, 0.95), 1),
        "painted_max_ms": round(max(painted), 1),
        "goal_p95_ms": 100, "page_to_lesson_s": round(opened_s, 2), "cpu_throttling": cpu,
        "slow_all_share": slow_all, "page_loop_ms": round(loop_ms),
        "dom_ms_by_press": [round(x) for x in dom], "painted_ms_by_press": [round(x) for x in painted],
        "worker_ms_by_press": [round(x) for x in worker],
        "worker_p50_ms": round(statistics.median(worker), 1), "worker_p95_ms": round(pct(worker, 0.95), 1),
        # a phone runs the worker as slowly as the page: each press with its worker share
        # slowed as much as the page's thread (an estimate; DevTools cannot slow a worker)
        "dom_all_slowed_ms_by_press": [round(d + (cpu - 1) * k) for d, k in zip(dom, worker)],
    }


def summary(results: list[dict]) -> dict:
    """One JSON object: each lesson's figures, and the percentiles over every press."""
    dom = [x for r in results for x in r["dom_ms_by_press"]]
    painted = [x for r in results for x in r["painted_ms_by_press"]]
    worker = [x for r in results for x in r["worker_ms_by_press"]]
    slowed = [x for r in results for x in r["dom_all_slowed_ms_by_press"]]
    return {"bench": "step", "lessons": results, "samples": len(dom), "cpu_throttling": results[0]["cpu_throttling"],
            "slow_all_share": results[0]["slow_all_share"],
            "page_loop_ms": statistics.median(r["page_loop_ms"] for r in results),
            "dom_p50_ms": statistics.median(dom), "dom_p95_ms": pct(dom, 0.95),
            "worker_p50_ms": statistics.median(worker), "worker_p95_ms": pct(worker, 0.95),
            "dom_all_slowed_p50_ms": statistics.median(slowed), "dom_all_slowed_p95_ms": pct(slowed, 0.95),
            "painted_p50_ms": statistics.median(painted), "painted_p95_ms": pct(painted, 0.95),
            "goal_p95_ms": 100, "goal_met": pct(painted, 0.95) <= 100}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench step", description=__doc__.splitlines()[0])
    ap.add_argument("--lesson", action="append",
                    help="lesson id, may be repeated (default: the longest shipped lesson of each game)")
    ap.add_argument("--rounds", type=int, default=2, help="times through the lesson (default 2)")
    ap.add_argument("--cpu-throttle", type=float, default=1, metavar="RATE",
                    help="slow Chromium's CPU RATE times, as a phone (DevTools CPU throttling; e.g. 4)")
    ap.add_argument("--slow-all", type=float, metavar="SHARE",
                    help="run Chromium in a cgroup allowed SHARE of one core (e.g. 0.25): page and worker "
                         "slowed alike, as on a phone (needs root; bench/_slow_all.py)")
    ap.add_argument("--site", type=Path, help="an already built site (default: build or reuse .cache/bench-sites/ours)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    results = []
    for lesson_id in a.lesson or default_lessons():
        res = measure(lesson_id, a.rounds, a.cpu_throttle, a.slow_all, a.site)
        results.append(res)
        print(f"Next -> screen updated, lesson {res['lesson']} ({res['steps']} steps x {res['rounds']} rounds, "
              f"{res['samples']} presses), compiled app in headless Chromium"
              + (f", CPU throttled {a.cpu_throttle:g}x" if a.cpu_throttle != 1 else "")
              + (f", the whole browser in a cgroup allowed {a.slow_all:g} of a core" if a.slow_all else "") + ":")
        print(f"  DOM updated : p50 {res['dom_p50_ms']:6.1f} ms   p95 {res['dom_p95_ms']:6.1f} ms   "
              f"max {res['dom_max_ms']:6.1f} ms")
        print(f"  + next frame: p50 {res['painted_p50_ms']:6.1f} ms   p95 {res['painted_p95_ms']:6.1f} ms   "
              f"max {res['painted_max_ms']:6.1f} ms")
        print(f"  the worker's share (Python and two message hops, "
              f"{'slowed with the page' if a.slow_all else 'never throttled'}): "
              f"p50 {res['worker_p50_ms']:5.1f} ms   p95 {res['worker_p95_ms']:5.1f} ms")
        print(f"  page -> lesson shown: {res['page_to_lesson_s']:.1f} s; a fixed loop on the page's thread "
              f"{res['page_loop_ms']} ms (the calibration: compare runs)", flush=True)
    total = summary(results)
    print(f"all {total['samples']} presses: DOM p50 {total['dom_p50_ms']:.0f} ms, p95 {total['dom_p95_ms']:.0f} ms; "
          f"+ next frame p50 {total['painted_p50_ms']:.0f} ms, p95 {total['painted_p95_ms']:.0f} ms "
          f"(goal p95 <= {total['goal_p95_ms']} ms: {'met' if total['goal_met'] else 'NOT met'})")
    if total["cpu_throttling"] != 1:
        print(f"  estimate with the worker slowed as much as the page: "
              f"DOM p50 {total['dom_all_slowed_p50_ms']:.0f} ms, p95 {total['dom_all_slowed_p95_ms']:.0f} ms (worker share p50 {total['worker_p50_ms']:.0f}, "
              f"p95 {total['worker_p95_ms']:.0f} ms unthrottled)")
    if a.json:
        print(json.dumps(total))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
