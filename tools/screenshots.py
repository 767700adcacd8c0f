"""The README's screenshots, made from the built site: a lesson mid-way on a phone
(390x844, touch) and on a desktop (1280x900).

    .venv/bin/python tools/screenshots.py            # build the site (or reuse it) and shoot
    .venv/bin/python tools/screenshots.py --site DIR # an already built site

Writes ``docs/screenshots/phone-lesson.png`` and ``docs/screenshots/desktop-lesson.png``.
The lesson opens from its share link a step before (the same link a person
would send) and steps on with Next. Look at both before committing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
LESSON = "pp-four-jacks"   # a Palace Poker battle: six seats round the felt
STEP = 12                  # mid-way: Dave attacks Christine for her jack, the narration says why
SHOTS = (("phone-lesson.png", {"width": 390, "height": 844}, True),
         ("desktop-lesson.png", {"width": 1280, "height": 900}, False))


def lesson_link(lesson_id: str, step: int) -> tuple[str, str]:
    """The share link of the lesson at ``step`` (1-based), and the heading shown there."""
    from tutor.model.catalog import Catalog
    from tutor.model.share import encode_link
    from tutor.model.study import Study

    catalog = Catalog.load()
    lesson = catalog.lesson(lesson_id)
    study = Study.from_lesson(lesson, catalog.family(lesson.game))
    for _ in range(step):
        if not study.forward():
            raise SystemExit(f"{lesson_id} has fewer than {step} steps")
    return encode_link(study), study.narration().heading


def built_site() -> Path:
    from bench.load import ensure_site
    from palace_tutor.site.build import SiteOptions

    return ensure_site("ours", ROOT / "app.py", SiteOptions())


def shoot(site: Path, out: Path = OUT) -> list[Path]:
    from playwright.sync_api import sync_playwright

    from palace_tutor.site import browser as B
    from palace_tutor.site.serve import serve_process

    # opened a step before and stepped on with Next, as a person would (the
    # "opened the shared link" notice has gone by then)
    link, _ = lesson_link(LESSON, STEP - 1)
    _, heading = lesson_link(LESSON, STEP)
    out.mkdir(parents=True, exist_ok=True)
    server, url = serve_process(site)
    written = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=B.CHROMIUM, headless=True, args=B.CHROMIUM_ARGS)
            for name, viewport, touch in SHOTS:
                context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                                              service_workers="block")
                page = context.new_page()
                B.open_until_interactive(page, url + "index.html#" + link)
                B.wait_settled(page, timeout_s=120)
                page.locator(".nav-next button").click()
                B.wait_shadow_text(page, "narration-pane", f"t.includes({json.dumps(heading)})", timeout_s=120)
                B.wait_settled(page, timeout_s=120)
                page.screenshot(path=str(out / name))
                written.append(out / name)
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    return written


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build or reuse .cache/bench-sites/ours)")
    a = ap.parse_args(argv)
    for path in shoot(a.site or built_site()):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
