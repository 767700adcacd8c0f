"""Monkey test of the compiled app (issue 18, point 8): at least 2,000 random
actions per run (taps, clicks, keys, typed text with hostile strings and bad
cards, picked files, changed addresses) across the three games and the
checker, at a phone size with touch and at a desktop size. The page and the
Python worker must log no error, no request may leave the machine or fail,
no typed text may run as script, and at the end the study's share link must
open the same study in a fresh load.

The run is two shards, one test each, each with its own seed, each through the
five segments with half of every segment's actions (205 of 410: 2,050 in all, the
same as one long run): ``--dist loadscope`` gives each shard (a class) its own
worker, so the two end together instead of one worker running the whole monkey
alone. Each shard makes the same checks and ends with the same reopened link.

Each shard's seed is printed, and named in every failure with the shard: replay
it with ``PALACE_TUTOR_MONKEY_SEED=<seed>`` and that shard's test alone (the same
choices; a run on a much busier machine may still part ways where the page's
timing differs). ``PALACE_TUTOR_MONKEY_ACTIONS`` sets how many actions each of
the five segments gets over both shards (default 410: 2,050 in all).

The harness (``monkey.py``) picks from the controls on the page; only the
segment list below knows the page (the jobs of its header, tutor_page.go, the
game picker's words, the Settle view's class, what a reopened link says).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from palace_tutor.site import browser as B

from .conftest import DESKTOP, PHONE
from .monkey import Monkey
from .tutor_page import wait_settled

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"
ACTIONS = int(os.environ.get("PALACE_TUTOR_MONKEY_ACTIONS", "410"))  # per segment, both shards
SHARDS = 2
PER_SEGMENT = -(-ACTIONS // SHARDS)  # per segment in one shard (rounded up: never fewer in all)
CHECK_EVERY = 50  # actions between looks at the console and the guard

# -- the page's words (the only part that knows the app) ------------------------------------------
CHECKER_TITLE = "Check a disputed hand"
SETTLE_REGION = "view-settle"
OPENED = "Opened the shared link"

CHOOSE_JS = """(label) => {
  // the first <select> anywhere on the page with an option of this label
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'SELECT' && [...el.options].some((o) => o.text.trim() === label)) { return el; }
      if (el.shadowRoot) { const found = visit(el.shadowRoot); if (found) { return found; } }
    }
    return null;
  };
  const el = visit(document);
  if (!el) { return false; }
  el.setAttribute('data-monkey-choose', label);
  return true;
}"""


def go(page, job: str) -> None:
    """Open a job of the header even when the monkey left a drawer over it (an event sent to the
    button itself, not a tap at its place), and out of present mode, which hides the pickers a
    segment starts from (a monkey once ended a segment presenting)."""
    if page.locator(".pt-app.presenting").count():
        page.locator(".present-leave").first.dispatch_event("click")
        page.locator(".pt-app:not(.presenting)").wait_for(timeout=30_000)
    if not page.locator(f'.pt-app[data-job="{job}"]').count():
        page.locator(f".pt-top .job-{job}").dispatch_event("click")
        page.locator(f'.pt-app[data-job="{job}"]').wait_for(timeout=60_000)
    wait_settled(page)


def play(title: str):
    def enter(page) -> None:
        go(page, "play")
        assert page.evaluate(CHOOSE_JS, title), f"no picker offers {title!r}"
        page.locator(f"select[data-monkey-choose=\"{title}\"]").select_option(label=title)
    return enter


def settle(page) -> None:
    go(page, "settle")
    closed = page.get_by_text(CHECKER_TITLE, exact=True)
    if closed.count():  # the checker's section, when it starts folded
        closed.first.dispatch_event("click")


SEGMENTS = [  # (name, how to get there, device, region the monkey stays in)
    ("Learn", lambda page: go(page, "learn"), PHONE, None),
    ("Palace Poker", play("Palace Poker"), PHONE, None),
    ("Palace", play("Palace"), DESKTOP, None),
    ("King's Pot", play("King's Pot"), PHONE, None),
    ("Settle", settle, DESKTOP, SETTLE_REGION),
]


def _seed() -> int:
    given = os.environ.get("PALACE_TUTOR_MONKEY_SEED")
    return int(given) if given else random.SystemRandom().randrange(10**9)


class TestMonkeyShard1:
    """The first shard (a class: loadscope hands each class to a worker of its own)."""

    def test_monkey(self, open_app, site_url, report):
        run_monkey(open_app, report, "TestMonkeyShard1")


class TestMonkeyShard2:
    """The second shard: the same segments and checks, another seed."""

    def test_monkey(self, open_app, site_url, report):
        run_monkey(open_app, report, "TestMonkeyShard2")


def run_monkey(open_app, report, shard: str) -> None:
    """One shard: PER_SEGMENT actions in each segment, then the study's link reopened."""
    seed = _seed()
    replay = f"PALACE_TUTOR_MONKEY_SEED={seed} pytest 'tests/browser/test_monkey.py::{shard}'"
    report(f"monkey {shard} seed {seed} (replay: {replay}), {PER_SEGMENT} actions per segment")
    page = open_app("", device=PHONE)
    console, guard = page.palace_console, page.palace_guard
    monkey = Monkey(page, seed)
    B.wait_settled(page)  # the first study is open: from here on a seed replays the same run
    t0 = time.perf_counter()

    def keep_log() -> None:
        if os.environ.get("PALACE_TUTOR_MONKEY_LOG"):  # the whole run, to compare two runs of one seed
            # one file a shard: the two shards run at once and would overwrite each other's
            path = Path(os.environ["PALACE_TUTOR_MONKEY_LOG"])
            path.with_name(f"{path.stem}-{shard}{path.suffix}").write_text("\n".join(monkey.history) + "\n")

    def fail(why: str) -> None:
        keep_log()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"monkey-failed-{shard}-{seed}.png"))
        pytest.fail(f"monkey {shard} seed {seed} (replay: {replay}): {why}\n"
                    "last actions:\n" + "\n".join(monkey.log), pytrace=False)

    def look() -> None:
        problems = console.page_errors() + guard.problems()
        if problems:
            fail("the page reported:\n" + "\n".join(problems[:10]))
        if page.evaluate("() => window.__pwned") is not None:
            fail("typed text ran as script")

    try:
        for name, enter, device, region in SEGMENTS:
            viewport = device["viewport"]
            page.set_viewport_size(viewport)
            monkey.wait_idle()
            enter(page)
            monkey.wait_idle()
            monkey.log.append(f"----- segment {name} ({viewport['width']}x{viewport['height']})")
            goal = monkey.acted + PER_SEGMENT
            for i in range(3 * PER_SEGMENT):  # PER_SEGMENT actions that touched something
                if monkey.acted >= goal:
                    break
                monkey.step(region=region)
                monkey.wait_idle()
                if monkey.idle_streak >= 3:  # the monkey left the part this segment is about (a link
                    enter(page)              # opened a study, a key changed the view): go back to it
                    monkey.wait_idle()
                    monkey.log.append(f"----- back to {name}")
                if i % 25 == 0:
                    monkey.remember_link()
                if i % CHECK_EVERY == 0:
                    look()
            else:
                fail(f"segment {name}: only {PER_SEGMENT - (goal - monkey.acted)} of {PER_SEGMENT} actions "
                     "found a control to use")
            page.screenshot(path=str(SHOTS / f"monkey-{shard}-{name.replace(' ', '-').replace(chr(39), '')}.png"))
        look()
    except AssertionError:
        raise
    except Exception as err:  # a hang (the worker never idle again) or a harness error: say the seed
        fail(f"{type(err).__name__}: {str(err).splitlines()[0]}")
    elapsed = time.perf_counter() - t0
    keep_log()

    # -- the study left behind still opens, the same, from its link in a fresh load -----------------
    monkey.wait_idle()
    B.wait_settled(page)
    link = page.evaluate("() => window.location.href")
    if "#pt1." not in link:
        fail(f"the address holds no study link at the end: {link[:80]!r}")
    page.goto("about:blank")
    page.goto(link, wait_until="domcontentloaded")
    B.wait_interactive(page)
    page.get_by_text(OPENED).first.wait_for(timeout=60_000)
    B.wait_settled(page)
    reopened = page.evaluate("() => window.location.href")
    if reopened != link:
        fail(f"the link opened another study: {reopened[:100]!r} instead of {link[:100]!r}")
    page.screenshot(path=str(SHOTS / f"monkey-{shard}-reopened.png"))
    look()
    report(f"monkey {shard} seed {seed}: {monkey.acted} actions ({monkey.done} tries: {monkey.missed} controls went away, "
           f"kinds {dict(sorted(monkey.counts.items()))}) in {elapsed:.0f} s (per try: "
           + ", ".join(f"{k} {v / max(monkey.done, 1) * 1000:.0f} ms" for k, v in monkey.seconds.items())
           + "); the final link reopened the study")
    assert monkey.acted >= len(SEGMENTS) * PER_SEGMENT
