"""``python -m bench tables [--browser] [--json]``: what the game tables cost on a step.

CPython (always): for every shipped lesson, every stop of its main line, in the
teaching view and in each seat's view, the time of the ``refresh()`` a Next
triggers (engine calls on a position not drawn before, HTML, the board's
parameter update), side by side with the shell's text table
(``DefaultRenderer``) on the same positions, as a ratio; each walk is repeated
and the fastest time per position kept (the machine is shared). Also: exact battle odds on request (``OddsCache.get`` on a new position)
against a cached lookup, and the first build of each chart.

``--browser``: the compiled app (the offline site of ``app.py``, built or reused
like ``bench step`` does) in headless Chromium, offline: for the longest lesson
of each game, Next is pressed through the lesson and timed inside the page
from the click to the table showing the new position (its root element names
the position: ``.table-root[data-node][data-step]``), p50/p95/max.

With ``--json`` the last line is one JSON object. Goal (issue 8): the whole step
p95 <= 100 ms, so the table's share must be small.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time

from bench._page import FIND_FUNCTIONS_JS, app_page, pct


def _summary(values: list[float]) -> dict:
    return {"n": len(values), "p50_ms": round(statistics.median(values) * 1000, 3),
            "p95_ms": round(pct(values, 0.95) * 1000, 3), "max_ms": round(max(values) * 1000, 3)}


def _positions(study):
    study.to_start()
    yield
    while study.forward():
        yield


def measure_cpython(repeat: int = 3) -> dict:
    from rules.palace_poker import FAMILY as PALACE_POKER
    from tutor.model.catalog import Catalog
    from tutor.model.study import Study
    from tutor.model.table_data import OddsCache, odds_seat
    from tutor.views.renderer import DefaultRenderer, renderer_for

    catalog = Catalog.load()
    games: dict[str, dict[str, list[float]]] = {}
    odds_new: list[float] = []
    odds_hit: list[float] = []
    for lesson in catalog.lessons:
        family = catalog.family(lesson.game)
        times = games.setdefault(lesson.game, {"ours": [], "default": [], "views": []})
        # Each walk starts from a fresh replay, so every position is drawn cold (the engines
        # cache legal actions on a state), exactly as on a real Next: the refresh is timed as
        # the study's watcher calls it. Side by side with the shell's text table in the
        # teaching view (it cannot map a Palace Poker seat number to a name).
        n_seats = len(renderer_for(lesson.game)(study=Study.from_lesson(lesson, family)).seat_names())
        for seat in (None, *range(n_seats)):
            tables = [("ours" if seat is None else "views", renderer_for(lesson.game))]
            if seat is None:
                tables.append(("default", DefaultRenderer))
            for key, cls in tables:
                walks = []
                for _ in range(repeat):
                    study = Study.from_lesson(lesson, family, seat=seat)
                    table = cls(study=study)
                    real = table.refresh
                    samples: list[float] = []

                    def timed(real=real, samples=samples) -> None:
                        gc.disable()  # time the code, not a collection that happens to land here
                        t0 = time.perf_counter()
                        real()
                        samples.append(time.perf_counter() - t0)
                        gc.enable()

                    table.refresh = timed
                    while study.forward():
                        pass
                    walks.append(samples)
                # the machine is shared: per position, the fastest of the walks
                times[key].extend(min(column) for column in zip(*walks))
        if family is PALACE_POKER:  # the battle odds are Palace Poker's
            study = Study.from_lesson(lesson, family)
            cache = OddsCache()
            for _ in _positions(study):
                state = study.state
                seat = odds_seat(state, None)
                if seat is None:
                    continue
                t0 = time.perf_counter()
                cache.get(state, seat)
                t1 = time.perf_counter()
                cache.get(state, seat)
                t2 = time.perf_counter()
                odds_new.append(t1 - t0)
                odds_hit.append(t2 - t1)
    out: dict = {"bench": "tables", "games": {}}
    for game, times in games.items():
        ours, default = _summary(times["ours"]), _summary(times["default"])
        out["games"][game] = {"ours": ours, "default_renderer": default, "ours_seat_views": _summary(times["views"]),
                              "ratio_p50": round(ours["p50_ms"] / default["p50_ms"], 2),
                              "ratio_p95": round(ours["p95_ms"] / default["p95_ms"], 2)}
    out["odds_on_request"] = _summary(odds_new)
    out["odds_cached"] = _summary(odds_hit)
    t0 = time.perf_counter()
    from tutor.views.charts import OddsChart, PotChart
    OddsChart()
    t1 = time.perf_counter()
    PotChart()
    t2 = time.perf_counter()
    out["first_odds_chart_ms"] = round((t1 - t0) * 1000, 1)
    out["first_pot_chart_ms"] = round((t2 - t1) * 1000, 1)
    return out


# -- the compiled app ------------------------------------------------------------------------------
FIND_JS = """() => {""" + FIND_FUNCTIONS_JS + """
  const table = deep(document, 'game-table');
  const next = deep(document, 'nav-next');
  if (!table || !next) return 'missing ' + (table ? 'nav-next' : 'game-table');
  window.__tables = {table: table, next: inner(next, 'button')};
  return 'ok';
}"""

NEXT_JS = """async (want) => {
  const h = window.__tables;
  const root = h.table.shadowRoot || h.table;
  const shows = () => {
    const el = root.querySelector('.table-root');
    return el && el.dataset.node === want.node && el.dataset.step === want.step;
  };
  return await new Promise((resolve) => {
    const t0 = performance.now();
    let done = false, timer = null;
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (done) return;
      if (shows()) {
        done = true; observer.disconnect(); clearTimeout(timer);
        const dom = performance.now() - t0;
        requestAnimationFrame(() => resolve([dom, performance.now() - t0]));
      } else if (performance.now() - t0 > 15000) {
        done = true; observer.disconnect(); resolve(null);
      }
    };
    const poll = () => { check(); if (!done) timer = setTimeout(poll, 4); };
    observer.observe(root, {subtree: true, childList: true, attributes: true});
    h.next.click();
    poll();
  });
}"""


def _walk(study) -> list[dict]:
    out = []
    while study.forward():
        out.append({"node": str(study.current), "step": "" if study.step is None else str(study.step)})
    return out


def measure_browser(rounds: int) -> dict:
    from palace_tutor.site import browser as B
    from tutor.model.catalog import Catalog
    from tutor.model.share import encode_link
    from tutor.model.study import Study

    catalog = Catalog.load()
    results: dict = {}
    with app_page("tables") as (page, url, errors):
        B.open_until_interactive(page, url + "index.html")
        B.wait_settled(page, timeout_s=120)
        for game in catalog.game_ids():
            lessons = [catalog.lesson(entry.id) for entry in catalog.lessons_for(game)]
            if not lessons:
                continue
            lesson = max(lessons, key=lambda item: len(item.steps))
            study = Study.from_lesson(lesson, catalog.family(game))
            start = encode_link(study)
            walk = _walk(study)
            dom: list[float] = []
            painted: list[float] = []
            for _ in range(rounds):
                page.evaluate("(h) => { window.location.hash = h; }", "")
                page.evaluate("(h) => { window.location.hash = h; }", start)
                page.locator(f'.table-{game} .table-root[data-node="0"]').first.wait_for(timeout=60_000)
                B.wait_settled(page)
                for want in walk:
                    status = page.evaluate(FIND_JS)
                    if status != "ok":
                        raise SystemExit(f"bench tables: page not as expected ({status})")
                    got = page.evaluate(NEXT_JS, want)
                    if got is None:
                        raise SystemExit(f"bench tables: {lesson.id}: the table never showed {want}"
                                         + "".join(f"\npage error: {e}" for e in errors))
                    dom.append(got[0] / 1000)
                    painted.append(got[1] / 1000)
            results[game] = {"lesson": lesson.id, "table_dom": _summary(dom), "table_painted": _summary(painted),
                             "dom_ms": [round(x * 1000, 1) for x in dom]}
    return results


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench tables", description=__doc__.splitlines()[0])
    ap.add_argument("--browser", action="store_true", help="also time Next -> table updated in the compiled app")
    ap.add_argument("--rounds", type=int, default=2, help="browser: times through each lesson (default 2)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="CPython: walks per lesson and view; the fastest time per position counts (default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    res = measure_cpython(a.repeat)
    print("Table refresh under CPython, every lesson stop; teaching view: ours vs the shell's text table "
          "(DefaultRenderer); then ours in every seat's view:")
    for game, g in res["games"].items():
        o, d, v = g["ours"], g["default_renderer"], g["ours_seat_views"]
        print(f"  {game:13s} n={o['n']:4d}  ours p50 {o['p50_ms']:6.2f} ms  p95 {o['p95_ms']:6.2f} ms  "
              f"max {o['max_ms']:6.2f} ms | text table p50 {d['p50_ms']:6.2f} p95 {d['p95_ms']:6.2f} | "
              f"ratio p50 {g['ratio_p50']:.2f}  p95 {g['ratio_p95']:.2f} | seat views n={v['n']} "
              f"p50 {v['p50_ms']:.2f} p95 {v['p95_ms']:.2f} ms")
    on, hit = res["odds_on_request"], res["odds_cached"]
    print(f"  battle odds on request: p50 {on['p50_ms']:.1f} ms  p95 {on['p95_ms']:.1f} ms  (n={on['n']}); "
          f"cached: p50 {hit['p50_ms']:.4f} ms")
    print(f"  first odds chart {res['first_odds_chart_ms']:.0f} ms, first pot chart {res['first_pot_chart_ms']:.0f} ms")
    if a.browser:
        res["browser"] = measure_browser(a.rounds)
        print("Next -> table shows the new position, compiled app in headless Chromium:")
        for game, b in res["browser"].items():
            t, p = b["table_dom"], b["table_painted"]
            print(f"  {game:13s} {b['lesson']:32s} n={t['n']:3d}  DOM p50 {t['p50_ms']:6.1f} ms  "
                  f"p95 {t['p95_ms']:6.1f} ms  max {t['max_ms']:6.1f} ms | +frame p95 {p['p95_ms']:6.1f} ms")
    if a.json:
        print(json.dumps(res))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
