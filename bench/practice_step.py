"""``python -m bench practice_step [--site DIR] [--rounds N] [--json]``: in the compiled app on a
phone-size page (390x844, touch), Practice's answer -> verdict shown and Next drill -> the next
drill shown, timed in the page (``performance.now()`` from the tap's dispatch to the frame
after the new text is in the page), over ``rounds`` drills; p50 and p95 of each.

The goal (issue 32): answer -> next drill shown within 300 ms. ``--site`` names a built site
(e.g. the browser tests' ``_site-test``, to build nothing more); without it the site is built
or reused as ``bench load`` does. With ``--json`` the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench._page import ROOT, pct

# times one tap: from the click to the first frame after `done()` is true (run in the page)
TIMED_TAP_JS = """
async ([selector, done]) => {
  const find = (sel) => {
    const walk = (root) => {
      const hit = root.querySelector(sel);
      if (hit) return hit;
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const r = walk(el.shadowRoot); if (r) return r; }
      return null;
    };
    return walk(document);
  };
  const ready = new Function('find', 'return (' + done + ')(find);');
  const t0 = performance.now();
  find(selector).click();
  while (!ready(find)) { await new Promise((r) => requestAnimationFrame(r)); }
  await new Promise((r) => requestAnimationFrame(r));
  return performance.now() - t0;
}"""
VERDICT = "(find) => find('.view-practice .practice-verdict') !== null"
NEXT = "(find) => find('.view-practice .practice-verdict') === null && find('.view-practice .practice-question') !== null"


def measure(url: str, rounds: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    from palace_tutor.site import browser as B

    answer, following = [], []
    with sync_playwright() as pw:
        browser, first = B.launch(pw)
        first.close()
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                      service_workers="block")
        page = context.new_page()
        B.open_until_interactive(page, url)
        page.locator('.job-card button[data-act="job"][data-value="practice"]').click()
        page.locator(".view-practice .practice-question").wait_for(timeout=120_000)
        while len(following) < rounds:
            if page.locator(".view-practice .practice-check").count():  # several answers: pick, check
                page.locator(".view-practice .practice-choice").first.click()
                answer.append(page.evaluate(TIMED_TAP_JS, [".view-practice .practice-check", VERDICT]))
            else:
                answer.append(page.evaluate(TIMED_TAP_JS, [".view-practice .practice-choice", VERDICT]))
            following.append(page.evaluate(TIMED_TAP_JS, [".view-practice .practice-next", NEXT]))
        context.close()
        browser.close()
    return {"answer_to_verdict_ms": answer, "next_to_drill_ms": following}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench practice_step")
    parser.add_argument("--site", type=Path, default=None, help="a built site (default: build or reuse one)")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from palace_tutor.site.serve import serve_process

    if args.site is None:
        from bench.load import ensure_site
        from palace_tutor.site.build import SiteOptions

        site = ensure_site("ours", ROOT / "app.py", SiteOptions())
    else:
        site = args.site
    server, url = serve_process(site)
    try:
        times = measure(url, args.rounds)
    finally:
        server.terminate()
        server.wait(10)
    out = {name: {"p50": round(pct(v, 0.5), 1), "p95": round(pct(v, 0.95), 1), "n": len(v)}
           for name, v in times.items()}
    for name, figures in out.items():
        print(f"{name}: p50 {figures['p50']} ms, p95 {figures['p95']} ms over {figures['n']}")
    if args.json:
        print(json.dumps(out, sort_keys=True))
    return 0
