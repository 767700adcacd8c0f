"""A seeded monkey for the compiled app: random taps, keys, typed text, files and
addresses, chosen from what is on the page at each moment (issue 18, point 8).

Nothing here names a widget of the app: at every step the page is searched
(through open shadow roots) for the controls a person could use right now
(rendered, enabled buttons, selects, text fields, checkboxes, file inputs,
links inside the page) and one is picked at random, optionally only inside a
region (an element with a given css class). So the monkey keeps working when
the page is rebuilt; only the short list of segments in ``test_monkey.py``
knows the page's words.

Every random choice comes from one ``random.Random(seed)``: a failing run is
replayed with ``PALACE_TUTOR_MONKEY_SEED=<seed>``. The page and the Python
worker must stay free of errors (the harness's console log) and every request
on the loopback (the guard); the test checks both.
"""

from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import dataclass, field

from playwright.sync_api import Error as PlaywrightError

# -- what the monkey types --------------------------------------------------------------------------
HOSTILE = [
    "<script>window.__pwned=1</script>", '<img src=x onerror="window.__pwned=1">', "javascript:alert(1)",
    "'; DROP TABLE studies; --", "$(touch pwned)", "`id`", "%", "%E0%A4%A", "%%%", "#pt1.abc%", "\\",
    "\u202eevil", "\u0000", "\x1b[31mred", "line\nbreak", "\t", "   ", "", "🂡🂢🂣", "Zoë", "١٢٣", "¹²³",
    "9" * 5000, "A" * 20_000, "null", "undefined", "NaN", "-1", "1e309", "0", "99999999999999999999",
    '{"seed": 1e400}', '{"players": []}', '{"seed": "x"}', "[", "{}", '{"__proto__": 1}',
]
BAD_CARDS = ["Zz", "11h", "1s", "Jk Jk Jk Jk Jk", "As As", "♠♠", "10", "T", "Qx", "Ah Kh Qh Jh Th 9h 8h 7h 6h",
             "| | |", "Ann: | |", ":", "|", "2c,3c;4c"]
NOTATION = ["Jd Js Jh 5d", "Qs | Qc Qd 8h | 8c", "Jd | Js Jh 5d | Jc", "Ann: Jh | Kh Kc 9d 8h", "2c 5d 7s 8s Ts",
            "4c 7h", "As Ks Qs Js Ts", "call", "fold", "check", "raise 2", "bet 3", "buy 1", "buy 2", "deal",
            "ante", "stay", "keep", "pick up", "play 7h", "reveal 1", "showdown", "ready", "6", "five"]
FRAGMENTS = [f"#{h}" for h in HOSTILE[:12]] + ["#pt1.abc%", "#%E0%A4%A", "#pt1." + "A" * 300_000, "#pt2.AAAA"]
NUMBERS = ["0", "1", "7", "-1", "3.5", "1e309", "99999999999999999999", "1e20", "-0", "00012", ""]
KEYS = ["ArrowRight", "ArrowLeft", "ArrowRight", "Tab", "Shift+Tab", "Enter", "Escape", "Space", "Home", "End"]


def hostile_files(rng: random.Random) -> dict:
    """A study file as a person might pick one: valid-looking, broken, binary or huge."""
    choice = rng.randrange(7)
    if choice == 0:
        body = b"format: 1\ngame: palace\nvariant: house\ncurrent: 0\n"
    elif choice == 1:
        body = "format: \u00b9\n".encode()
    elif choice == 2:
        body = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    elif choice == 3:
        body = b"format: 1\n" + b"1 (after 0): " + b"x" * 5000 + b"\n"
    elif choice == 4:
        body = "\ufeffformat: 1\n".encode("utf-16")
    elif choice == 5:
        body = b"format: 1\n" + b"".join(b"%d (after %d): call\n" % (i, i - 1) for i in range(1, 300))
    else:
        body = b""
    return {"name": rng.choice(["study.txt", "x.palace-tutor.txt", "<b>.txt", "a" * 200 + ".txt"]),
            "mimeType": "text/plain", "buffer": body}


# -- finding what a person could use ---------------------------------------------------------------
# Marks the chosen control with data-monkey=N (Playwright's CSS selectors pierce
# open shadow roots, so the test then drives it like a person would) and says
# what it is. ``r`` is a number in [0, 1) from the test's seeded generator.
PICK_JS = """([r, n, region]) => {
  const want = 'button, select, input, textarea, [role=button], [role=tab], a[href^="#"], summary';
  const all = [];
  let area = null;
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (region && !area && el.classList && el.classList.contains(region)) { area = el; }
      if (el.shadowRoot) { visit(el.shadowRoot); }
      if (el.matches(want)) { all.push(el); }
    }
  };
  visit(document);
  if (region && !area) { return null; }
  const inside = (el) => {
    if (!area) { return true; }
    // up through slots (a Panel child slotted into the page frame), parents and shadow hosts
    for (let node = el; node; node = node.assignedSlot || node.parentNode || node.host) { if (node === area) { return true; } }
    return false;
  };
  // on screen and not covered: the point a finger would touch hits this control
  const touchable = (el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) { return false; }
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) { break; }
      hit = inner;
    }
    if (!hit) { return false; }
    for (let node = hit; node; node = node.assignedSlot || node.parentNode || node.host) {
      if (node === el) { return true; }
    }
    return false;
  };
  const usable = all.filter((el) => {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.readOnly) { return false; }
    if (el.type === 'hidden') { return false; }
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) { return false; }
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none') { return false; }
    return inside(el) && (el.type === 'file' || touchable(el));
  });
  if (!usable.length) { return {count: 0}; }
  const el = usable[Math.floor(r * usable.length)];
  el.setAttribute('data-monkey', String(n));
  const kind = el.tagName === 'SELECT' ? 'select'
    : el.tagName === 'TEXTAREA' ? 'text'
    : el.tagName === 'INPUT' ? (['checkbox', 'radio'].includes(el.type) ? 'toggle'
                                : el.type === 'file' ? 'file' : el.type === 'number' ? 'number' : 'text')
    : 'tap';
  const options = el.tagName === 'SELECT' ? el.options.length : 0;
  return {count: usable.length, kind, options, label: (el.textContent || el.placeholder || el.ariaLabel || '')
          .trim().slice(0, 40), cls: String(el.className || '').slice(0, 60)};
}"""

# Settled: the Python worker has had nothing to do, and the page has not added or
# removed an element, for 50 ms. The worker says idle as soon as it has sent its
# changes; BokehJS builds the views of new parts after that, so the worker alone
# would let the monkey pick from a page still being drawn (and a seed would not
# replay the same run).
IDLE_JS = """() => {
  const w = typeof pyodideWorker === 'undefined' ? null : pyodideWorker;
  const mark = window.__monkeyMark;
  if (w && !w.__monkeyCounted) {  // count what the page sends to Python
    w.__monkeyCounted = true;
    window.__monkeySent = 0;
    const post = w.postMessage.bind(w);
    w.postMessage = (m) => { window.__monkeySent += 1; return post(m); };
  }
  // an action that sends a change may send it a little later (an event, a blur):
  // wait up to 150 ms for it before calling the page settled
  if (mark && window.__monkeySent === mark.sent && performance.now() - mark.t < 150) { return false; }
  let size = 0;
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) { size += 1; if (el.shadowRoot) { visit(el.shadowRoot); } }
  };
  visit(document);
  // a drawer sliding in moves what is on screen without adding an element
  const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect
    && a.effect.getComputedTiming().iterations !== Infinity);
  const busy = !w || w.busy || (w.queue && w.queue.length) || moving;
  if (busy || size !== window.__monkeySize) {
    window.__monkeySize = size;
    window.__monkeyIdle = null;
    return false;
  }
  window.__monkeyIdle = window.__monkeyIdle || performance.now();
  if (performance.now() - window.__monkeyIdle <= 50) { return false; }
  // settled: the next action's changes are counted from here
  window.__monkeyMark = {sent: window.__monkeySent || 0, t: performance.now()};
  return true;
}"""


@dataclass
class Monkey:
    """Drives one page. ``log`` keeps the last actions for a failure message."""

    page: object
    seed: int
    touch: bool = True
    rng: random.Random = field(init=False)
    log: deque = field(default_factory=lambda: deque(maxlen=40))
    history: list = field(default_factory=list)
    links: list = field(default_factory=list)  # study links seen in the address, to come back to
    done: int = 0       # actions performed
    missed: int = 0     # chosen controls that went away before the action (the page moved on)
    counts: dict = field(default_factory=dict)
    _mark: int = 0
    idle_streak: int = 0  # tries in a row that found nothing to touch
    seconds: dict = field(default_factory=lambda: {"pick": 0.0, "act": 0.0, "settle": 0.0})

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def text(self) -> str:
        pool = self.rng.choice((HOSTILE, BAD_CARDS, NOTATION, NOTATION))
        return self.rng.choice(pool)

    def wait_idle(self, timeout_s: float = 90) -> None:
        t0 = time.perf_counter()
        self.page.wait_for_function(IDLE_JS, timeout=timeout_s * 1000, polling=20)
        self.seconds["settle"] += time.perf_counter() - t0

    def step(self, region: str | None = None) -> str:
        """One random action; returns what it did (also kept in ``log``)."""
        t0 = time.perf_counter()
        try:
            return self._step(region)
        finally:
            self.seconds["act"] += time.perf_counter() - t0

    def _step(self, region: str | None) -> str:
        roll = self.rng.random()
        if roll < 0.08:
            key = self.rng.choice(KEYS)
            self.page.keyboard.press(key)
            return self._did("key", key)
        if roll < 0.20:
            # scroll what is under the middle of the screen (the page or a panel), as a thumb would
            size = self.page.viewport_size
            self.page.mouse.move(size["width"] * self.rng.uniform(0.2, 0.8), size["height"] * self.rng.uniform(0.3, 0.7))
            dy = self.rng.choice((-1, 1)) * self.rng.randrange(100, 700)
            self.page.mouse.wheel(0, dy)
            return self._did("scroll", str(dy))
        if roll < 0.22:
            pool = self.links if self.links and self.rng.random() < 0.5 else FRAGMENTS
            fragment = self.rng.choice(pool)
            self.page.evaluate("(h) => { window.location.hash = h; }", fragment)
            return self._did("address", fragment[:40])
        self._mark += 1
        t0 = time.perf_counter()
        picked = self.page.evaluate(PICK_JS, [self.rng.random(), self._mark, region])
        self.seconds["pick"] += time.perf_counter() - t0
        if not picked or not picked.get("count"):
            # nothing to touch on this part of the screen: scroll back up, as a person would
            self.page.mouse.wheel(0, -self.rng.randrange(200, 900))
            return self._did("nothing", f"no control on screen in {region or 'the page'}: scrolled up")
        target = self.page.locator(f"[data-monkey='{self._mark}']")
        kind = picked["kind"]
        what = f"{picked['label'] or picked['cls']} (1 of {picked['count']})"
        try:
            if kind == "tap":
                # the pick has checked that the control is on screen and not covered
                if self.touch and self.rng.random() < 0.5:
                    target.tap(timeout=3000, force=True)
                else:
                    target.click(timeout=3000, force=True)
            elif kind == "toggle":
                target.click(timeout=3000, force=True)
            elif kind == "select":
                if picked["options"]:
                    target.select_option(index=self.rng.randrange(picked["options"]), timeout=3000)
            elif kind == "file":
                target.set_input_files(hostile_files(self.rng), timeout=3000)
            else:
                typed = self.rng.choice(NUMBERS) if kind == "number" else self.text()
                target.fill(typed, timeout=3000)
                if self.rng.random() < 0.6:
                    target.press("Enter", timeout=3000)
                what += f" <- {typed[:30]!r}"
        except PlaywrightError as err:
            # the control was replaced, covered or carried off screen (a closing drawer)
            # between the pick and the action: the page is allowed to move on; its errors
            # are checked through the console
            first = str(err).splitlines()[0]
            if "Timeout" not in first and "detached" not in first and "not attached" not in first \
                    and "intercepts pointer" not in first and "not visible" not in first \
                    and "Element is not" not in first and "outside of the viewport" not in first:
                raise
            self.missed += 1
            return self._did(kind, f"{what} (went away)")
        return self._did(kind, what)

    def remember_link(self) -> None:
        """Keep the study link in the address (a good one to change the address back to)."""
        here = self.page.evaluate("() => window.location.hash")
        if here.startswith("#pt1.") and here not in self.links and len(self.links) < 30:
            self.links.append(here)

    @property
    def acted(self) -> int:
        """Actions that did something: every try but a control that went away or none on screen."""
        return self.done - self.missed - self.counts.get("nothing", 0)

    def _did(self, kind: str, what: str) -> str:
        self.idle_streak = self.idle_streak + 1 if kind == "nothing" else 0
        self.done += 1
        self.counts[kind] = self.counts.get(kind, 0) + 1
        line = f"{self.done:5d} {kind:7s} {what}"
        self.log.append(line)
        self.history.append(line)
        return line
