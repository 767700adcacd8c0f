"""``python -m bench taps [--rounds N] [--repeat K] [--cpu-throttle RATE] [--slow-all SHARE] [--site DIR]
[--against DIR] [--json]``:
tap -> answer on screen for the heavier taps (issue 36).

Opens the compiled app (the offline site of ``app.py``, or ``--site DIR``) in headless
Chromium at phone size (390x844, touch), offline, ``rounds`` times, each in a fresh
context (empty cache: a first visit). Each tap is timed inside the page, from the click (or
the select's change, or the committed text box) to the moment the answer is on screen: the
new view drawn and its main text visible inside the viewport (``checkVisibility`` and the
element's box in the viewport), as a person waits for it; ``painted`` adds the next
animation frame. The taps:

* **open Learn / Play / Settle the first time** in a page (the first time matters: a
  view is built, and its modules imported, when it first shows). Learn is answered when its
  lesson's heading and the table are visible, Play when its table and the players' row
  are, Settle when the checker's first text box is. In each page the three are opened one
  after the other from the first screen, in an order that turns each round.
* **the first tap after the page looks ready**: the first of those three is tapped as soon
  as the live page has taken over from the first screen (the spinner gone, the page looks
  ready), without waiting for the worker to be idle. Issue 36: a score bought by making the
  first tap wait does not count, so it is reported beside the same tap made later.
* **open again**: the same job opened again later in the page (back to the first screen,
  then the job): the "later" tap the first ones are compared with.
* **switch lesson** (Learn's lesson list: ``repeat`` times, a lesson of each game in turn),
  **branch from a position** (a lesson's position, a legal move other than the lesson's
  tapped on the table: the heading says "Your line"), **Check a battle** (Settle, Palace
  Poker's banner battle: the defender's banner committed, the verdict's headline as CPython's
  model words it): repeated taps, where the first time does not matter.

Each tap also records the files the browser fetched while it waited (a first visit fills
the worker's files after the page has drawn, and its service worker precaches the site), the
worker's share (from the first message to the worker after the tap to the last message back
before the answer showed: the app's Python and the message hops) and the messages back (the
document changes Panel sends the page, with their bytes, and the worker's idle notices), so
that a slow tap says where it goes: the worker's Python or the page drawing.
``--cpu-throttle 4`` slows the page's thread four times (DevTools; the worker keeps full
speed, see ``bench step``); ``--against DIR`` measures another built site side by side (its
pages alternating with the first's) and prints the ratios; ``--slow-all 0.25`` runs the whole browser in a cgroup allowed a
quarter of one core (``bench/_slow_all.py``). Prints p50/p95 per tap; ``--json``: one JSON object, last line.
Goal (issue 36): each <= 500 ms at p95.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench._page import FIND_FUNCTIONS_JS, PHONE, ROOT, app_browser, pct
from bench.load import throttle
from palace_tutor.site import browser as B

GOAL_MS = 500
JOBS = ("learn", "play", "settle")

# The page's helpers, installed once per page: how to tap (acts) and when the answer is on
# screen (dones), then TAP_JS times one tap with them.
HELPERS_JS = """() => {""" + FIND_FUNCTIONS_JS + """
  const app = () => deep(document, 'pt-app');
  const one = (sel) => { const a = app(); return a ? a.querySelector(sel) : null; };
  function shown(el) {
    if (!el || !el.isConnected) return false;
    if (el.checkVisibility && !el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  }
  const words = (el) => (el ? el.textContent : '').replace(/\\s+/g, ' ').trim();
  const heading = () => { const n = one('.narration-pane'); return n ? n.querySelector('.heading') : null; };
  const tableRoot = () => { const t = deep(document, 'game-table'); return t ? inner(t, '.table-root') : null; };
  const job = (name) => { const a = app(); return a !== null && a.dataset.job === name; };
  function field(key) { const f = deep(document, 'field-' + key); return f ? f.querySelector('input') || inner(f, 'input') : null; }
  function commit(input, text) {
    input.value = text;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    input.dispatchEvent(new Event('change', {bubbles: true}));
  }
  window.__taps = {
    deep, inner, shown, words, heading, tableRoot, field, commit,
    acts: {
      job: (name) => one(name === 'home' ? '.pt-top .brand' : '.pt-top .job-' + name).click(),
      lesson: (want) => {
        const s = one('.lesson-select select');
        s.value = want.id;
        s.dispatchEvent(new Event('input', {bubbles: true}));
        s.dispatchEvent(new Event('change', {bubbles: true}));
      },
      // a move the table offers at this position other than the lesson's own (marked primary)
      branch: (want) => inner(deep(document, 'game-table'),
                              'button.act.legal:not(.primary)[data-key^="' + want.from + '|do|"]').click(),
      battle: (want) => commit(field(want.field), want.text),
    },
    dones: {
      // the step's words sit in the bar under the table; at a lesson's start its question may
      // fill the bar, the heading scrolled below it: the bar shown, the heading there in its text
      learn: () => job('learn') && words(heading()) !== '' && shown(one('.bar-scroll')) && shown(tableRoot()),
      play: () => job('play') && shown(tableRoot()) && shown(one('[data-child="players"] > *')),
      settle: () => job('settle') && shown(deep(document, 'checker-mode')) && shown(field('attacker-banner')),
      home: () => job('home') && [...app().querySelectorAll('.view-home h2')].some(shown),
      lesson: (want) => job('learn') && shown(one('.bar-scroll')) && words(heading()) === want.heading
        && tableRoot() !== null && tableRoot().dataset.node === want.node && shown(tableRoot()),
      branch: (want) => shown(heading()) && words(heading()) === want.heading && tableRoot() !== null
        && tableRoot().dataset.node !== want.from && shown(tableRoot()),
      battle: (want) => {
        const v = deep(document, 'checker-verdict');
        const h = v ? inner(v, '.headline') : null;
        return shown(h) && words(h) === want.headline;
      },
    },
  };
  return 'ok';
}"""

# One tap, timed inside the page: [to the answer in the DOM, + the next frame, the worker's
# share (null if no message went to the worker), messages back, their bytes], or null on time-out.
TAP_JS = """async ({act, done, arg, timeout}) => {
  const T = window.__taps;
  const w = pyodideWorker, post = w.postMessage, on = w.onmessage;
  let posted = null, last = null, back = 0, bytes = 0;
  w.postMessage = function (m, ...rest) {
    if (posted === null && m && m.type === 'patch') { posted = performance.now(); }
    return post.call(this, m, ...rest);
  };
  w.onmessage = function (e) {
    if (posted !== null && e.data) {
      last = performance.now(); back += 1;
      const p = e.data.patch;
      bytes += typeof p === 'string' ? p.length : (p ? JSON.stringify(p).length : 0);
    }
    return on.call(this, e);
  };
  return await new Promise((resolve) => {
    let finished = false, timer = null;
    const t0 = performance.now();
    const finish = (value) => {
      finished = true; clearTimeout(timer);
      w.postMessage = post; w.onmessage = on;
      resolve(value);
    };
    const check = () => {
      if (finished) return;
      if (T.dones[done](arg)) {
        const dom = performance.now() - t0;
        finished = true; clearTimeout(timer);
        const share = posted !== null && last !== null ? last - posted : null;
        requestAnimationFrame(() => { finished = false; finish([dom, performance.now() - t0, share, back, bytes]); });
      } else if (performance.now() - t0 > timeout) {
        finish(null);
      } else {
        timer = setTimeout(check, 4);
      }
    };
    T.acts[act](arg);
    check();
  });
}"""

# the live page has taken over from the first screen: it looks ready
LOOKS_READY_JS = """() => !document.getElementById('pt-first') && document.getElementById('pt-app') !== null
  && !document.getElementById('pt-app').classList.contains('pt-pending')"""


# what the page shows, said when an answer does not come
SHOWN_JS = """() => {
  const T = window.__taps, r = T.tableRoot(), a = T.deep(document, 'pt-app');
  return {job: a && a.dataset.job, heading: T.words(T.heading()), node: r && r.dataset.node,
          lesson: T.deep(document, 'lesson-select') && T.deep(document, 'lesson-select').querySelector('select').value,
          options: T.deep(document, 'lesson-select') && T.deep(document, 'lesson-select').querySelector('select').options.length};
}"""


class Tapper:
    """One page: installs the helpers, times taps, keeps every result by tap name."""

    def __init__(self, page, errors: list[str], console: list[str]) -> None:
        self.page, self.errors, self.console = page, errors, console
        self.rows: dict[str, list[dict]] = {}
        self.fetched: list[str] | None = None  # the site's files requested during the tap being timed
        page.context.on("request", self._requested)

    def _requested(self, request) -> None:  # noqa: ANN001 - Playwright's Request
        if self.fetched is not None:
            path = urlsplit(request.url).path
            self.fetched.append(path.rsplit("/", 1)[-1] or path)  # a file's name; a folder's path

    def install(self) -> None:
        status = self.page.evaluate(HELPERS_JS)
        if status != "ok":
            raise SystemExit(f"bench taps: page not as expected ({status})")

    def tap(self, name: str | None, act: str, done: str, arg: object = None, timeout_s: float = 60) -> dict:
        self.fetched = []
        try:
            got = self.page.evaluate(TAP_JS, {"act": act, "done": done, "arg": arg, "timeout": timeout_s * 1000})
        finally:
            fetched, self.fetched = self.fetched, None
        if got is None:
            shot = ROOT / ".cache" / "bench-taps-failure.png"
            self.page.screenshot(path=str(shot))
            shown = self.page.evaluate(SHOWN_JS)
            raise SystemExit(f"bench taps: no answer on screen {timeout_s:g} s after the tap {act}({arg!r}) "
                             f"(waiting for {done}; the page shows {shown}; screenshot {shot})"
                             + "".join(f"\npage error: {e}" for e in self.errors) + "\n" + "\n".join(self.console[-30:]))
        row = {"dom_ms": got[0], "painted_ms": got[1], "worker_ms": got[2], "messages": got[3], "bytes": got[4],
               "fetched": fetched}
        if name is not None:
            self.rows.setdefault(name, []).append(row)
        return row

    def settle(self) -> None:
        B.wait_settled(self.page, timeout_s=120)


def lesson_walk() -> tuple[list[dict], list[dict]]:
    """What the repeated Learn taps expect, from CPython with the same models: for each game's
    first lesson, the lesson list's answer (its heading and table position); and the branches:
    per lesson, the first step (after the introduction, with no question open) where a legal
    move other than the lesson's is offered (the page taps the first such button it shows)."""
    from tutor.model.catalog import Catalog
    from tutor.model.study import Study

    catalog = Catalog.load()
    firsts: dict[str, object] = {}
    for lesson in catalog.lessons:
        firsts.setdefault(lesson.game, lesson)
    switches, branches = [], []
    for lesson in firsts.values():
        study = Study.from_lesson(lesson, catalog.family(lesson.game))
        switches.append({"id": lesson.id, "heading": study.narration().heading, "node": str(study.current)})
        for index in range(1, len(lesson.steps)):
            study.jump(index)
            if not study.node.children or study.quiz_open:  # an open question hides the moves
                continue
            lesson_next = study.tree[study.node.children[0]].text
            if any(str(a) != lesson_next for a in study.state.legal_actions()):
                branches.append({"lesson": switches[-1], "step": index, "from": str(study.current),
                                 "heading": "Your line"})
                break
    return switches, branches


def battles() -> list[dict]:
    """Palace Poker's banner battle both ways (palace-poker.txt, Banner Suits; the pair of
    tests/browser/test_checker.py): the texts to type and the headline CPython's model gives."""
    from tutor.model.checker import Checker

    dave, frank = "Jd | Js Jh 5d | Jc", "Qs | Qc Qd 8h | 8c"
    out = []
    for attacker, defender in ((dave, frank), (frank, dave)):
        form = Checker(mode="battle").form
        form.set_text("attacker.banner", attacker)
        form.commit("attacker.banner")
        form.set_text("defender.banner", defender)
        form.commit("defender.banner")
        if not form.headline():
            raise SystemExit(f"bench taps: the checker gives no verdict for {attacker} against {defender}")
        out.append({"attacker": attacker, "text": defender, "field": "defender-banner",
                    "headline": " ".join(form.headline().split())})
    return out


def one_page(new_page, url: str, errors: list[str], order: tuple[str, ...], repeat: int, cpu: float,
             walk: tuple[list[dict], list[dict]], fights: list[dict]) -> dict[str, list[dict]]:
    """A fresh page: the first tap as soon as it looks ready, the other jobs the first time, each
    job again, then the repeated taps."""
    page = new_page(**PHONE)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"[page {m.type}] {m.text}"))
    throttle(page, cpu)
    page.goto(url + "index.html", wait_until="domcontentloaded", timeout=240_000)
    page.wait_for_function(LOOKS_READY_JS, timeout=240_000, polling="raf")
    B.wait_interactive(page)
    t = Tapper(page, errors, console)
    t.install()
    first, *others = order
    t.tap(f"first tap: open {first}", "job", first, first)
    t.rows[f"open {first}, the first time"] = list(t.rows[f"first tap: open {first}"])
    t.settle()
    for job in others:
        t.tap(None, "job", "home", "home")
        t.settle()
        t.tap(f"open {job}, the first time", "job", job, job)
        t.settle()
    for job in order:
        t.tap(None, "job", "home", "home")
        t.settle()
        t.tap(f"open {job} again", "job", job, job)
        t.settle()
    switches, branches = walk
    t.tap(None, "job", "learn", "learn")
    t.settle()
    for k in range(repeat):  # a lesson of each game in turn, never the one shown
        ahead = [switches[(k + j) % len(switches)] for j in range(1, len(switches) + 1)]
        target = next(s for s in ahead if s["id"] != _shown_lesson(t))
        t.tap("switch lesson", "lesson", "lesson", target)
        t.settle()
    for k in range(repeat):
        # each branch from the lesson's start, opened afresh: a move tapped again would only
        # go back to the line made before
        branch = branches[k % len(branches)]
        if _shown_lesson(t) == branch["lesson"]["id"]:
            t.tap(None, "lesson", "lesson", switches[(switches.index(branch["lesson"]) + 1) % len(switches)])
            t.settle()
        t.tap(None, "lesson", "lesson", branch["lesson"])
        t.settle()
        _to_step(t, branch["from"])
        t.tap("branch from a position", "branch", "branch", branch)
        t.settle()
    t.tap(None, "job", "settle", "settle")
    t.settle()
    for k in range(repeat):
        fight = fights[k % len(fights)]
        page.evaluate("(f) => window.__taps.commit(window.__taps.field('attacker-banner'), f.attacker)", fight)
        t.settle()
        t.tap("Check a battle", "battle", "battle", fight)
        t.settle()
    page.context.close()
    return t.rows


def _shown_lesson(t: Tapper) -> str:
    return t.page.evaluate("() => window.__taps.deep(document, 'lesson-select').querySelector('select').value")


def _to_step(t: Tapper, node: str) -> None:
    """Press Next until the table stands at ``node`` (untimed)."""
    for _ in range(60):
        if t.page.evaluate("() => { const r = window.__taps.tableRoot(); return r ? r.dataset.node : null; }") == node:
            return
        t.page.evaluate("() => window.__taps.inner(window.__taps.deep(document, 'nav-next'), 'button').click()")
        t.settle()
    raise SystemExit(f"bench taps: Next never reached the lesson's position {node}")


def summarize(rows: dict[str, list[dict]]) -> dict[str, dict]:
    out = {}
    for name, got in rows.items():
        dom = [r["dom_ms"] for r in got]
        painted = [r["painted_ms"] for r in got]
        worker = [r["worker_ms"] for r in got if r["worker_ms"] is not None]
        out[name] = {
            "taps": len(got),
            "painted_p50_ms": round(statistics.median(painted)), "painted_p95_ms": round(pct(painted, 0.95)),
            "dom_p50_ms": round(statistics.median(dom)), "dom_p95_ms": round(pct(dom, 0.95)),
            "worker_p50_ms": round(statistics.median(worker)) if worker else None,
            "worker_p95_ms": round(pct(worker, 0.95)) if worker else None,
            "messages_mean": round(statistics.fmean(r["messages"] for r in got), 1),
            "bytes_mean": round(statistics.fmean(r["bytes"] for r in got)),
            "painted_ms_by_tap": [round(x) for x in painted],
            # files requested while a tap waited (by the worker, or the service worker's precache)
            "fetched_during": sorted({f for r in got for f in r.get("fetched", [])}),
            "goal_met": pct(painted, 0.95) <= GOAL_MS,
        }
    return out


def measure(rounds: int, repeat: int, cpu: float = 1, site: Path | None = None,
            slow_all: float | None = None, against: Path | None = None) -> dict:
    """``rounds`` fresh pages of ``site``; with ``against``, as many of that site too, the pages
    alternating between the two (side by side in one run: the machine's load moves both)."""
    walk, fights = lesson_walk(), battles()
    sites = [site] if against is None else [site, against]
    rows: list[dict[str, list[dict]]] = [{} for _ in sites]
    started = time.perf_counter()
    with app_browser("taps", site, slow_all, also=tuple(sites[1:])) as (new_page, url, errors):
        for r in range(rounds):
            order = JOBS[r % 3:] + JOBS[:r % 3]
            pairs = list(zip([url, *new_page.also], rows))
            # the sites take turns at going first: the first page of a fresh browser is slower
            for site_url, into in (pairs if r % 2 == 0 else pairs[::-1]):
                for name, got in one_page(new_page, site_url, errors, order, repeat, cpu, walk, fights).items():
                    into.setdefault(name, []).extend(got)
    out = {"bench": "taps", "rounds": rounds, "repeat": repeat, "cpu_throttling": cpu, "slow_all_share": slow_all,
           "viewport": "390x844 touch", "site": str(site or "(bench site)"),
           "goal_p95_ms": GOAL_MS, "seconds": round(time.perf_counter() - started, 1), "taps": summarize(rows[0])}
    if against is not None:
        theirs = summarize(rows[1])
        out["against"] = {"site": str(against), "taps": theirs}
        out["ratios"] = {name: {k: round(theirs[name][k] / ours[k], 3) if ours[k] else None
                                for k in ("painted_p50_ms", "painted_p95_ms")}
                         for name, ours in out["taps"].items() if name in theirs}
    return out


def _print(label: str, taps: dict[str, dict]) -> None:
    print(label)
    for name in sorted(taps, key=lambda n: ORDER.index(n) if n in ORDER else len(ORDER)):
        r = taps[name]
        worker = "" if r["worker_p50_ms"] is None else f"; worker's share p50 {r['worker_p50_ms']}, p95 {r['worker_p95_ms']}"
        print(f"  {name:32s} ({r['taps']:2d}): p50 {r['painted_p50_ms']:5d} ms, p95 {r['painted_p95_ms']:5d} ms"
              f"{worker}; {r['messages_mean']:.0f} messages back ({r['bytes_mean']} bytes)"
              f"{'' if r['goal_met'] else '  (goal p95 <= 500: NOT met)'}"
              + _fetched_words(r["fetched_during"]))


ORDER = ["first tap: open learn", "first tap: open play", "first tap: open settle",
         "open learn, the first time", "open play, the first time", "open settle, the first time",
         "open learn again", "open play again", "open settle again",
         "switch lesson", "branch from a position", "Check a battle"]


def _fetched_words(names: list[str]) -> str:
    """The files fetched while taps waited, in a few words: how many, and the big ones by name."""
    if not names:
        return ""
    big = [n for n in names if n.endswith((".img", ".zip", ".bin", ".wasm"))]
    return f"; while it waited {len(names)} files were fetched" + (f" ({', '.join(big)} among them)" if big else "")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench taps", description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="fresh pages (default 3: each job tapped first once)")
    ap.add_argument("--repeat", type=int, default=4, help="repeated taps of each kind per page (default 4)")
    ap.add_argument("--cpu-throttle", type=float, default=1, metavar="RATE",
                    help="slow the page's thread RATE times (DevTools CPU throttling; the worker keeps full speed)")
    ap.add_argument("--slow-all", type=float, metavar="SHARE",
                    help="run Chromium in a cgroup allowed SHARE of one core: page and worker slowed alike (bench step)")
    ap.add_argument("--site", type=Path, help="an already built site (default: build or reuse .cache/bench-sites/ours)")
    ap.add_argument("--against", type=Path, metavar="DIR",
                    help="another built site, measured side by side (pages alternating; ratios against/ours)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    res = measure(a.rounds, a.repeat, a.cpu_throttle, a.site, a.slow_all, a.against)
    _print(f"tap -> answer on screen (+ next frame), phone 390x844, {a.rounds} fresh pages, {a.repeat} repeated "
           f"taps each" + (f", page CPU throttled {a.cpu_throttle:g}x" if a.cpu_throttle != 1 else "")
           + (f", the whole browser allowed {a.slow_all:g} of a core" if a.slow_all else "") + f"; {res['site']}:",
           res["taps"])
    if a.against:
        _print(f"the same, {a.against} (its pages alternating with those above):", res["against"]["taps"])
        print("  against / ours: " + "; ".join(f"{name} p50 {r['painted_p50_ms']}, p95 {r['painted_p95_ms']}"
                                               for name, r in res["ratios"].items()))
    if a.json:
        print(json.dumps(res))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
