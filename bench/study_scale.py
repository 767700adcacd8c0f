"""``python -m bench study_scale [--moves N ...] [--presses N] [--cpu-throttle RATE] [--no-browser] [--json]``:
how a long study scales: its link, opening it, stepping through it.

The studies are one long game of Palace (the online game site's rules, four
players, seed 0) played by a stalling random player: it picks the pile up
whenever the rules let it (95%), else plays a random legal action. Plain random
players end a game within about 900 actions; this one keeps it going, so the
main line has exactly N moves. The study opens at its start.

Under CPython, for each N: the link's length, encoding it, opening it (every
action replayed through the engine's one check) and one Next on the model.
In the compiled app (headless Chromium, offline), for each N: the page already
interactive on a lesson, the study's link is put in the address (as following
a shared link in an open tab does) and timed until the table, narration and
link box show the study; then Next is pressed ``--presses`` times and each press
timed as ``bench step`` does (same page-side code, expected screens computed
by CPython). ``--cpu-throttle 4`` slows Chromium's CPU as a phone's.

Goal (issue 17): a 2,000-move study opens from its link in <= 2 s and steps
with Next p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from bench._page import ROOT, app_page, pct, show_timed_parts
from bench.step import NEXT_JS, SETUP_JS, STATE_JS
from palace_tutor.site import browser as B

NAMES = ["Ann", "Ben", "Cleo", "Dev"]


def long_study(moves: int, seed: int = 0):
    """A free study of one Palace game with ``moves`` actions on its main line, cursor at the start."""
    from rules.palace import FAMILY as PALACE, actions as A
    from tutor.model.catalog import Catalog
    from tutor.model.study import Study
    from tutor.model.tree import ROOT as START

    catalog = Catalog.load()
    family = catalog.family(PALACE.id)
    study = Study.from_setup(family, "bga", {family.players_key: NAMES, "seed": seed})
    rng = random.Random(seed)
    for _ in range(moves):
        actions = study.state.legal_actions()
        if not actions:
            raise SystemExit(f"bench study_scale: the game ended after {len(study.tree.nodes) - 1} moves")
        stall = [a for a in actions if isinstance(a, (A.Pickup, A.TakeUp))]
        study.play(stall[0] if stall and rng.random() < 0.95 else actions[int(rng.random() * len(actions))])
    study.goto(START)
    return catalog, study


def model_figures(moves: int) -> tuple[dict, object, object]:
    from tutor.model.share import decode_link, encode_link

    catalog, study = long_study(moves)
    t0 = time.perf_counter()
    link = encode_link(study)
    encode_s = time.perf_counter() - t0
    opens = []
    for _ in range(3):
        t0 = time.perf_counter()
        decode_link(link, catalog)
        opens.append(time.perf_counter() - t0)
    steps = []
    probe = decode_link(link, catalog).study()
    for _ in range(min(200, moves)):
        t0 = time.perf_counter()
        probe.forward()
        probe.narration()
        encode_link(probe)  # the link box and the address follow every step
        steps.append(time.perf_counter() - t0)
    return ({"moves": moves, "link_chars": len(link), "encode_ms": round(encode_s * 1000, 1),
             "open_ms_cpython": round(min(opens) * 1000, 1),
             "next_model_p95_ms_cpython": round(pct(steps, 0.95) * 1000, 2)}, study, link)


def expected_walk(study, presses: int) -> list[dict]:
    """What the screen must show after each Next (as bench step computes it)."""
    from tutor.model.share import encode_link

    walk = []
    while len(walk) < presses and study.forward():
        item = study.step_item
        walk.append({"heading": study.narration().heading, "step": None if item is None else str(item),
                     "node": str(study.current), "link": encode_link(study),
                     "table_step": "" if study.step is None else str(study.step)})
    return walk


# True once the table, narration and link box show the study at its start (finding the parts
# afresh: on the first screen there is no table yet).
SHOWN_JS = """([link, node]) => {
  if ((%s)() !== 'ok') return false;
  const s = (%s)();
  return s.table !== null && s.table[0] === node && s.link === link;
}""" % (SETUP_JS, STATE_JS)


def open_from_link(page, link: str) -> float | None:
    """Seconds from putting the link in the address of the open page until the study shows."""
    t0 = page.evaluate("(link) => { window.location.hash = link; return performance.now(); }", link)
    try:
        page.wait_for_function(SHOWN_JS, arg=[link, "0"], timeout=120_000, polling="raf")
    except Exception:  # noqa: BLE001 - reported by the caller with what the page shows
        return None
    return (page.evaluate("() => performance.now()") - t0) / 1000


def browser_figures(studies: list[tuple[int, object, str]], presses: int, cpu: float) -> dict[int, dict]:
    from bench.load import throttle

    out = {}
    with app_page("study_scale") as (page, url, errors):
        throttle(page, cpu)
        B.open_until_interactive(page, url)
        B.wait_settled(page, timeout_s=120)
        # a study's view, to draw its link box and tree before the first link is opened
        page.locator(".pt-top .job-learn").first.click()
        page.locator('.pt-app[data-job="learn"]').first.wait_for(timeout=60_000)
        show_timed_parts(page)
        B.wait_settled(page, timeout_s=120)
        for moves, study, link in studies:
            walk = expected_walk(study, presses)
            opened = open_from_link(page, link)
            if opened is None:
                raise SystemExit(f"bench study_scale: the {moves}-move study did not open: {page.evaluate(STATE_JS)}"
                                 + "".join(f"\npage error: {e}" for e in errors))
            B.wait_settled(page, timeout_s=120)
            painted = []
            for number, want in enumerate(walk, 1):
                if page.evaluate(SETUP_JS) != "ok":
                    raise SystemExit("bench study_scale: page not as expected")
                got = page.evaluate(NEXT_JS, want)
                if got is None:
                    raise SystemExit(f"bench study_scale: after Next #{number} the screen shows "
                                     f"{page.evaluate(STATE_JS)}, expected {want}")
                painted.append(got[1])
            out[moves] = {"open_from_link_s": round(opened, 2), "presses": len(painted),
                          "next_p50_ms": round(statistics.median(painted), 1),
                          "next_p95_ms": round(pct(painted, 0.95), 1)}
            print(f"  {moves:5d} moves: opened from its link in {opened:.2f} s; Next p50 "
                  f"{out[moves]['next_p50_ms']:.0f} ms, p95 {out[moves]['next_p95_ms']:.0f} ms", flush=True)
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench study_scale", description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, action="append", help="study sizes (default 250 500 1000 2000)")
    ap.add_argument("--presses", type=int, default=60, help="Next presses timed per study (default 60)")
    ap.add_argument("--cpu-throttle", type=float, default=1, metavar="RATE", help="slow Chromium's CPU RATE times")
    ap.add_argument("--no-browser", action="store_true", help="only the CPython figures")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    a = ap.parse_args(argv)
    sizes = a.moves or [250, 500, 1000, 2000]
    rows, studies = [], []
    print("under CPython:")
    for moves in sizes:
        row, study, link = model_figures(moves)
        rows.append(row)
        studies.append((moves, study, link))
        print(f"  {moves:5d} moves: link {row['link_chars']:6d} chars, encode {row['encode_ms']:6.1f} ms, "
              f"open {row['open_ms_cpython']:7.1f} ms, Next (model + link) p95 {row['next_model_p95_ms_cpython']:.2f} ms",
              flush=True)
    browser = {}
    if not a.no_browser:
        print("in the compiled app" + (f" (CPU throttled {a.cpu_throttle:g}x)" if a.cpu_throttle != 1 else "") + ":")
        browser = browser_figures(studies, a.presses, a.cpu_throttle)
    for row in rows:
        row.update(browser.get(row["moves"], {}))
    res = {"bench": "study_scale", "cpu_throttling": a.cpu_throttle, "studies": rows,
           "goal": {"open_from_link_s": 2, "next_p95_ms": 100}}
    if a.json:
        print(json.dumps(res))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
