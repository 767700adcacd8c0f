"""What a person meets: axe-core over the whole page, screenshots, and "is it on screen".

axe-core itself (the npm package, pinned, fetched into ``.cache/npm/`` by ``./dev
setup`` or on first use) comes from :mod:`.axe_support`, which also checks parts of
a page; here the whole page is checked, as a person meets it. Only serious and
critical violations fail a test; the others are printed.
"""

from __future__ import annotations

import json
from pathlib import Path

from .axe_support import SHOTS as SCREENSHOTS
from .axe_support import axe_source

FAILING = ("serious", "critical")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


_RUN_JS = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' >> ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))}));
}"""


def axe_violations(page) -> list[dict]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(_RUN_JS, AXE_TAGS)


def assert_axe_clean(page, where: str) -> list[dict]:
    """No serious or critical violation on the page as it is now; returns the minor ones."""
    found = axe_violations(page)
    bad = [v for v in found if v["impact"] in FAILING]
    rest = [v for v in found if v["impact"] not in FAILING]
    if rest:
        # where each is (the first element named), so a minor finding can be found and fixed
        print(f"[axe] {where}: " + "; ".join(f"{v['impact']} {v['id']} ({len(v['nodes'])}: {(v['nodes'] or [''])[0][:160]})"
                                             for v in rest))
    assert not bad, f"axe-core on {where}:\n" + json.dumps(bad, indent=1)[:6000]
    return rest


def shot(page, name: str) -> Path:
    """Save what the page shows now (the viewport) as ``test-results/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def in_view(page, locator) -> bool:
    """Whether the element is shown and wholly inside the viewport (what a person sees without scrolling)."""
    if not locator.is_visible():
        return False
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= -0.5 and box["y"] >= -0.5
            and box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5)


UNCLIPPED_JS = """(el) => {
  // the part of el a person sees: its box cut by every scrolling or clipping
  // box it sits in (across shadow roots) and by the viewport
  let r = el.getBoundingClientRect();
  let top = r.top, bottom = r.bottom, left = r.left, right = r.right;
  for (let n = el.parentElement || el.getRootNode().host; n; n = n.parentElement || (n.getRootNode().host || null)) {
    const s = getComputedStyle(n);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
      const c = n.getBoundingClientRect();
      top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
      left = Math.max(left, c.left); right = Math.min(right, c.right);
    }
  }
  top = Math.max(top, 0); bottom = Math.min(bottom, innerHeight);
  left = Math.max(left, 0); right = Math.min(right, innerWidth);
  return {height: right > left ? Math.max(0, bottom - top) : 0, own: r.height};
}"""


def seen_unscrolled(locator, min_height: float = 20) -> bool:
    """Whether ``min_height`` px of the element (all of a shorter one) show on screen as it is, with no
    scrolling: not hidden below the fold of a scrolling box it sits in (a bounding box
    inside the viewport can still be scrolled out of sight within its box)."""
    if not locator.is_visible():
        return False
    part = locator.evaluate(UNCLIPPED_JS)
    return part["height"] >= min(min_height, part["own"]) - 0.5


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, "the element is not rendered"
    return found


SEEN_JS = """(el, corners) => {
  // el as a person sees it: wholly inside the viewport, not cut by a box that scrolls or
  // clips it (across shadow roots), and on top at its centre (nothing drawn over it); with
  // corners, on top 3 px inside each of its corners too
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) { return 'not drawn'; }
  if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
    return `outside the viewport (${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight})`;
  }
  for (let n = el.parentElement || el.getRootNode().host; n; n = n.parentElement || (n.getRootNode().host || null)) {
    const s = getComputedStyle(n);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
      const c = n.getBoundingClientRect();
      if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) {
        return `scrolled out of its box (${Math.round(r.top)}..${Math.round(r.bottom)} in `
               + `${Math.round(c.top)}..${Math.round(c.bottom)})`;
      }
    }
  }
  const points = [[r.left + r.width / 2, r.top + r.height / 2]];
  if (corners) {
    for (const x of [r.left + 3, r.right - 3]) { for (const y of [r.top + 3, r.bottom - 3]) { points.push([x, y]); } }
  }
  for (const [x, y] of points) {
    let top = document.elementFromPoint(x, y);
    while (top && top.shadowRoot) {
      const inner = top.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === top) { break; }
      top = inner;
    }
    let mine = false;
    for (let n = top; n; n = n.parentElement || (n.getRootNode().host || null)) { if (n === el) { mine = true; break; } }
    if (!mine) {
      return `covered at (${Math.round(x)}, ${Math.round(y)}) by `
             + (top ? top.tagName.toLowerCase() + '.' + [...top.classList].join('.') : 'nothing');
    }
  }
  return '';
}"""


def seen_problem(locator) -> str:
    """'' when the element is wholly seen as the page is now (inside the viewport, not cut by a
    box that scrolls it, nothing drawn over its centre or its corners), else what is wrong, in words."""
    return locator.evaluate(SEEN_JS, True)
